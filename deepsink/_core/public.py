"""``__all__`` for deepsink's public packages: the names a package defines or re-exports from
deepsink, so ``help(deepsink.nn)`` and ``from deepsink.nn import *`` list the API and not the
libraries a module happens to import (numpy, jax, typing).

Each public ``__init__`` ends with ``__all__ = public_names(globals())``; names added by later
imports are missed, which ``tests/test_public_api.py`` catches.
"""

from __future__ import annotations

import types
from typing import Any

# deepsink.common.dtype's helpers, which ``from deepsink.common.dtype import *`` brings along with
# the dtype names; not part of MindSpore's API (``bool`` would shadow the builtin on star-import;
# ``function`` and ``type_type`` are mindspore.common.dtype's, not mindspore's or mindspore.common's)
INTERNAL = frozenset(
    {
        "bool",
        "from_np",
        "has_np",
        "all_types",
        "to_np",
        "is_float",
        "float_type",
        "int_type",
        "uint_type",
        "number_type",
        "function",
        "type_type",
    }
)


def _ours(value: Any) -> bool:
    if isinstance(value, types.ModuleType):
        return False  # submodules are listed by help() as package contents
    if isinstance(value, type) or callable(value):
        return (getattr(value, "__module__", None) or "").startswith("deepsink")
    return True  # constants and dtype instances (GRAPH_MODE, float32)


def public_names(namespace: dict[str, Any], also: tuple[str, ...] = ()) -> list[str]:
    """The sorted public names of a module namespace that belong to deepsink's API, plus ``also``
    (names MindSpore exports that deepsink takes from elsewhere, e.g. ``functools.partial``)."""
    ours = {
        n
        for n, v in namespace.items()
        if not n.startswith("_") and n not in INTERNAL and _ours(v) and n != "annotations"
    }
    return sorted(ours | {n for n in also if n in namespace})


def _is_submodule(dotted: str) -> bool:
    """Whether ``dotted`` names a module of the package that exists on disk."""
    import importlib.util

    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


COVERAGE = "docs/api_coverage.md"  # the list of MindSpore 2.10 names deepsink has, module by module


def missing_names(module_name: str):
    """A module ``__getattr__`` for the names deepsink lacks: an AttributeError (so ``hasattr``
    and ``getattr(m, name, default)`` work as usual) that says deepsink does not implement
    MindSpore's name yet and where the coverage list is, naming the module as the program
    imported it (``mindspore.nn`` under ``deepsink run``)."""
    from deepsink._core.names import _package_alias
    from deepsink._core.tracebacks import api_boundary

    def message(name: str) -> str:
        shown = _package_alias() + module_name[len("deepsink") :]
        if name.startswith("__") and name.endswith("__"):  # Python's probes (__path__, __file__...)
            return f"module {shown!r} has no attribute {name!r}"
        if _is_submodule(f"{module_name}.{name}"):  # there, but not imported yet (as in 2.10)
            return (
                f"module {shown!r} has no attribute {name!r}: it is a submodule not imported yet "
                f"('import {shown}.{name}' loads it)"
            )
        mindspore = "mindspore" + module_name[len("deepsink") :]
        return (
            f"module {shown!r} has no attribute {name!r}: deepsink does not implement "
            f"MindSpore's '{mindspore}.{name}' yet (the MindSpore 2.10 names it implements, module "
            f"by module: {COVERAGE} in deepsink's repository)"
        )

    @api_boundary  # the user's line only, as for every other user error
    def __getattr__(name: str) -> Any:
        raise AttributeError(message(name))

    return __getattr__
