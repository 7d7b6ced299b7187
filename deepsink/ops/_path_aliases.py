"""The module ``__getattr__`` of MindSpore's ``mindspore.ops`` submodule paths (``ops.function.*``,
``ops.operations.*``, ``ops.auto_generate.*``, ``ops.composite``, ``ops.functional``...): the names
MindSpore 2.10 keeps there that are the very objects of another public path (``ops.function.
math_func.addmm`` is ``ops.addmm``), looked up on use in the deepsink module that defines them.

The table, ``_path_alias_table.TABLE``, is written by ``scripts/gen_ops_path_aliases.py`` from the
names recorded on MindSpore 2.10 (``tests/fixtures/ms/ops_module_names.json``). Looking the object
up on use keeps one implementation, and lets an implementation module (``ops.function.array_func``)
offer names whose home imports it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_ENTRIES: dict[str, dict[str, tuple[str, str]]] = {}  # per module, read from the table on first use


def _entries(module_name: str) -> dict[str, tuple[str, str]]:
    if module_name in _ENTRIES:
        return _ENTRIES[module_name]
    from deepsink.ops._path_alias_table import TABLE

    found = _ENTRIES[module_name] = {}
    for home, names in TABLE.get(module_name, {}).items():
        for entry in names.split():
            name, _, home_name = entry.partition("=")
            found[name] = (home, home_name or name)
    return found


def alias_names(module_name: str) -> list[str]:
    """The names ``module_name`` offers through its aliases (for its ``__all__``)."""
    return sorted(_entries(module_name))


def path_aliases(module_name: str, fallback: Callable[[str], Any] | None = None):
    """A module ``__getattr__`` for ``module_name``: an alias of the table, else ``fallback`` (the
    module's previous ``__getattr__``), else deepsink's missing-name AttributeError."""
    if fallback is None:
        from deepsink._core.public import missing_names

        fallback = missing_names(module_name)

    def __getattr__(name: str) -> Any:
        entries = _entries(module_name)
        if name in entries:
            home, home_name = entries[name]
            return getattr(importlib.import_module(home), home_name)
        return fallback(name)

    return __getattr__
