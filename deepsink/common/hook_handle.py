"""``mindspore.common.hook_handle.HookHandle``: what ``Cell.register_*_hook`` returns; its
``remove()`` takes the hook out of the Cell's (ordered) table of hooks again."""

from __future__ import annotations

import itertools
import weakref
from typing import Any

_ids = itertools.count()

# handle id -> the hook table of the Tensor its hook was registered on (``Tensor.remove_hook``)
TENSOR_HOOK_TABLES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()

# a Cell's tables of hooks (attributes, ordered by handle id): nn/_cell_hooks.py fills them, a
# compiled PyNative call is guarded by their contents (_compile/capture.py)
CELL_HOOK_TABLES = ("_forward_pre_hook", "_forward_hook", "_backward_pre_hook", "_backward_hook")


def cell_hook_ids(cell: Any) -> tuple:
    """The handle ids of the hooks registered on ``cell``, per table."""
    d = cell.__dict__
    return tuple(tuple(d.get(name) or ()) for name in CELL_HOOK_TABLES)


class HookHandle:
    r"""
    The handle of a hook registered on a Cell: ``remove()`` unregisters it.

    Args:
        hook_dict (dict, optional): The table of hooks the hook is registered in. Default: ``None``.
        extra_dict (Union[dict, list, tuple], optional): Further tables keyed by the same id (e.g.
            the hooks that take keyword arguments). Default: ``None``.

    Raises:
        TypeError: Never; a handle without a table removes nothing.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.ReLU()
        >>> handle = net.register_forward_hook(lambda cell, args, out: out + 1)
        >>> print(net(ms.Tensor([-1.0, 2.0])))
        [1. 3.]
        >>> handle.remove()
        >>> print(net(ms.Tensor([-1.0, 2.0])))
        [0. 2.]
    """

    def __init__(self, hook_dict: dict | None = None, *, extra_dict: Any = None) -> None:
        self.hook_dict_ref = None
        self.extra_dict_ref: tuple = ()
        self.handle_id = next(_ids)
        if hook_dict is not None:
            self.hook_dict_ref = weakref.ref(hook_dict)
            if isinstance(extra_dict, dict):
                self.extra_dict_ref = (weakref.ref(extra_dict),)
            elif isinstance(extra_dict, list | tuple):
                self.extra_dict_ref = tuple(weakref.ref(d) for d in extra_dict)

    def remove(self) -> None:
        """Unregisters the hook (a second call does nothing)."""
        for ref in (self.hook_dict_ref, *self.extra_dict_ref):
            table = ref() if ref is not None else None
            if table is not None:
                table.pop(self.handle_id, None)

    def __enter__(self) -> HookHandle:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.remove()
