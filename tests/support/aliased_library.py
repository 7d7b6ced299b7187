"""A library written for MindSpore imported on deepsink, for the end-to-end tests' fixtures."""

from __future__ import annotations

import os
import sys


def aliased_library(name: str, version: str):
    """Generator for a pytest fixture: library ``name`` at ``version`` imported with ``import
    mindspore`` resolving to deepsink (skips without the library, or with another version); the
    alias is undone afterwards."""
    import pytest

    from deepsink._core.alias import install_alias

    saved = dict(os.environ)
    install_alias()
    try:
        lib = pytest.importorskip(name)
        if lib.__version__ != version:
            pytest.skip(f"{name} {lib.__version__} is installed; the fixtures are of {version}")
        yield lib
    finally:
        os.environ.clear()
        os.environ.update(saved)
        for mod in [n for n in sys.modules if n == "mindspore" or n.startswith("mindspore.")]:
            del sys.modules[mod]
