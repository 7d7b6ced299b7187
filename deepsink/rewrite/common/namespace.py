"""``mindspore.rewrite.common.namespace``: which Cells rewrite opens as sub-trees and which
functions are MindSpore's own. deepsink's own layers play MindSpore's: a user-written Cell is a
sub-tree, ``nn``'s layers (and containers, Primitives) are not, unless ``_ms_cells_to_subtree``
is set."""

from __future__ import annotations

import inspect
from typing import Any

_ms_cells_to_subtree = False


def _library_module(obj: Any) -> bool:
    return (getattr(obj, "__module__", None) or "").split(".")[0] == "deepsink"


def is_subtree(cls_inst: Any) -> bool:
    """Whether rewrite opens the Cell ``cls_inst`` as a sub-tree."""
    from deepsink.nn.layer.container import CellList, SequentialCell
    from deepsink.ops.primitive import Primitive

    if isinstance(cls_inst, CellList | SequentialCell | Primitive):
        return False
    if _library_module(type(cls_inst)):
        return bool(_ms_cells_to_subtree)
    return True


def is_ms_function(func_obj: Any) -> bool:
    """Whether ``func_obj`` is defined in deepsink (MindSpore's own functions)."""
    if inspect.isbuiltin(func_obj):
        return False
    return _library_module(func_obj)


def is_functional(func_name: str) -> bool:
    """Whether ``func_name`` names a function of ``ops.functional``."""
    return get_functional(func_name) is not None


def get_functional(func_name: str) -> Any:
    """The function ``func_name`` of ``ops.functional``, or None."""
    from deepsink.ops import functional

    return getattr(functional, func_name, None)
