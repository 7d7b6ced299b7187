"""The scatters that update a Parameter in place (``ops.scatter_add``, ``ops.scatter_update``,
``ops.inplace_index_add``, ...), as MindSpore's ``Scatter*`` kernels do; a plain Tensor input
is accepted too, and then only the result carries the update.

The new value is written to ``parameter._data`` (as ``ops.assign`` does, so the write is
captured eagerly, in GRAPH_MODE and inside the sink loop); the new value is returned.
``indices`` index the first axis of ``input_x``; ``updates`` has shape
``indices.shape + input_x.shape[1:]``. Repeated indices accumulate for add/sub/mul/div/max/min.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = [
    "scatter_add", "scatter_mul", "scatter_div", "scatter_max", "scatter_min",
    "scatter_update", "inplace_index_add",
]  # fmt: skip


def _store(x: Any, new: Any) -> Tensor:
    """Write ``new`` into ``x`` when it is a Parameter (a plain Tensor input, which MindSpore
    also accepts, is left unchanged); return it as a Tensor."""
    if isinstance(x, Parameter):
        x._data = new
    return Tensor._from(new)


def _index(indices: Any, api: str, size: int) -> Any:
    idx = U.array(indices, api, "indices")
    if idx.dtype.kind not in "iu":
        U.fail(
            api, f"'indices' must be an Int32 or Int64 Tensor, but got dtype {idx.dtype}", TypeError
        )
    vals = np.asarray(idx)
    if vals.size and (vals.min() < 0 or vals.max() >= size):
        U.fail(api, f"'indices' must be in [0, {size}), but got {vals.tolist()}", IndexError)
    return idx


def _scatter(name: str, method: str) -> Callable:
    def op(input_x: Any, indices: Any, updates: Any) -> Tensor:
        old = U.array(input_x, name, "input_x")
        idx = _index(indices, name, old.shape[0])
        upd = U.array(updates, name, "updates")
        want = tuple(idx.shape) + tuple(old.shape[1:])
        if tuple(upd.shape) != want:
            U.fail(
                name,
                f"'updates' must have shape {list(want)} (indices.shape + "
                f"input_x.shape[1:]), but got {list(upd.shape)}",
            )
        return _store(input_x, getattr(old.at[idx], method)(upd.astype(old.dtype)))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (
        f"Update the Parameter ``input_x`` in place: rows ``indices`` {method}-combined "
        "with ``updates``; returns its new value."
    )
    return op


scatter_add = _scatter("scatter_add", "add")
scatter_sub = _scatter("scatter_sub", "subtract")
scatter_mul = _scatter("scatter_mul", "multiply")
scatter_div = _scatter("scatter_div", "divide")
scatter_max = _scatter("scatter_max", "max")
scatter_min = _scatter("scatter_min", "min")
scatter_update = _scatter("scatter_update", "set")


def inplace_index_add(var: Any, indices: Any, updates: Any, axis: int) -> Tensor:
    """Add the slices of ``updates`` to the Parameter ``var`` at ``indices`` along ``axis``."""
    old = U.array(var, "inplace_index_add", "var")
    ax = U.axis(axis, old.ndim, "inplace_index_add")
    idx = _index(indices, "inplace_index_add", old.shape[ax])
    upd = U.array(updates, "inplace_index_add", "updates").astype(old.dtype)
    sel = (np.s_[:],) * ax + (idx,)
    return _store(var, old.at[sel].add(upd))
