"""How error messages name deepsink's classes: by the import path the running program uses.

A MindSpore program run unchanged on deepsink imports ``mindspore`` and gets deepsink's modules
under that name (``sys.modules['mindspore']`` reads through to ``deepsink``). For such a program the Tensor class *is*
``mindspore.common.tensor.Tensor``: that path imports it. Messages that print a value's type
(``got <class '...'>``) therefore use the top-level name the program imported deepsink as, so
they read as the program's own names (and as MindSpore's messages do); a program that imports
``deepsink`` sees ``deepsink...``.
"""

from __future__ import annotations

import sys
from enum import EnumMeta
from typing import Any

_PACKAGE = __name__.split(".", 1)[0]


def _package_alias() -> str:
    """The top-level name the program imported deepsink as (``deepsink`` when not aliased)."""
    ours = sys.modules.get(_PACKAGE)
    if ours is None:
        return _PACKAGE
    for name, module in list(sys.modules.items()):
        # only a top-level name can be the alias: the name test first, as most modules are
        # submodules (this runs for every missing attribute Python or a tool probes)
        if "." in name or name == _PACKAGE:
            continue
        # the alias module holds deepsink in its own __dict__ (no module __getattr__ runs)
        if module is ours or getattr(module, "__dict__", {}).get("deepsink_package") is ours:
            return name
    return _PACKAGE


def type_repr(value: Any) -> str:
    """``repr(type(value))``, with deepsink's classes named under the program's import name."""
    cls = type(value)
    module = cls.__module__ or ""
    if isinstance(cls, EnumMeta):  # "<enum 'Name'>": no module to rename
        return repr(cls)
    if module != _PACKAGE and not module.startswith(_PACKAGE + "."):
        return repr(cls)
    return f"<class '{_package_alias()}{module[len(_PACKAGE) :]}.{cls.__qualname__}'>"
