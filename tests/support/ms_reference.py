"""Where the tests find a real MindSpore 2.10, for the checks that run it.

One environment variable names that interpreter: ``DEEPSINK_MINDSPORE_PYTHON`` (a Python with
``mindspore==2.10.0`` installed, e.g. ``python3 -m venv msenv && msenv/bin/pip install
mindspore==2.10.0 "numpy<2"``). Unset, or naming no file, the checks that need it are skipped.
The job that runs them, where MindSpore is installed::

    DEEPSINK_MINDSPORE_PYTHON=/path/to/msenv/bin/python python3 -m pytest -m mindspore
"""

import os
from pathlib import Path

import pytest

ENV_VAR = "DEEPSINK_MINDSPORE_PYTHON"


def mindspore_python() -> Path | None:
    """The interpreter with MindSpore 2.10, or None when none is configured."""
    value = os.environ.get(ENV_VAR, "").strip()
    if not value:
        return None
    path = Path(value)
    return path if path.exists() else None


def needs_mindspore(test):
    """Marks a check that runs MindSpore now (``pytest -m mindspore`` selects them all; CI runs
    their recorded counterparts) and skips it where no MindSpore interpreter is configured."""
    skip = pytest.mark.skipif(
        mindspore_python() is None,
        reason=f"needs a MindSpore 2.10 interpreter named by ${ENV_VAR}",
    )
    return pytest.mark.mindspore(skip(test))
