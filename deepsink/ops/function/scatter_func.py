"""Index-driven reads and writes: ``gather_nd``, ``scatter_nd``, ``tensor_scatter_*``,
``unsorted_segment_*``, and the data-dependent ``nonzero``/``argwhere``/``masked_select``.

Writes are functional (``x.at[idx].set``): a new Tensor comes back, the input is unchanged.
Data-dependent output shapes need concrete values, so those ops run eagerly only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import ValueDependentShapeError
from deepsink.common import dtype as mstype
from deepsink.common import indexing
from deepsink.common.concrete import concrete
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _indices(x: Any, api: str, arg: str = "indices") -> jax.Array:
    idx = U.array(x, api, arg)
    if idx.dtype.kind not in "iu":
        U.fail(
            api,
            f"'{arg}' must be an Int32 or Int64 Tensor, but got dtype {mstype.from_np(idx.dtype)}",
            TypeError,
        )
    return idx


def _nd_index(idx: jax.Array) -> tuple:
    """``indices[..., k]`` rows as an index tuple into the first k axes."""
    return tuple(jnp.moveaxis(idx, -1, 0))


_PRIMITIVES = {"tensor_scatter_update": "TensorScatterUpdate", "tensor_scatter_add": "TensorScatterAdd",
               "tensor_scatter_sub": "TensorScatterSub", "tensor_scatter_mul": "TensorScatterMul",
               "tensor_scatter_div": "TensorScatterDiv", "tensor_scatter_max": "TensorScatterMax",
               "tensor_scatter_min": "TensorScatterMin"}  # fmt: skip


def _check_scatter(idx: jax.Array, shape: tuple[int, ...], name: str) -> None:
    """MindSpore's scatter kernels: each ``indices[..., k]`` in ``[0, shape[k])`` (negatives are
    refused too), checked at once or when the compiled program runs (``common/indexing``); JAX
    would drop the update."""
    if idx.shape[-1] > len(shape):
        U.fail(
            name,
            f"the last dimension of 'indices' ({idx.shape[-1]}) must not exceed the rank "
            f"of the output ({len(shape)})",
        )
    for k in range(idx.shape[-1]):
        column = idx[..., k]
        if name == "scatter_nd":
            indexing.check_range(
                column,
                None,
                "For 'ScatterNd', each element in 'indice' must be greater than or equal to 0, "
                "but got {}",
                RuntimeError,
                negative=False,
            )
            message = (
                "For 'ScatterNd', each element in 'indices' should be smaller than the "
                f"value of shape, but got {{}} and got the value of shape {shape[k]}"
            )
            error: type[Exception] = RuntimeError
            # a negative index is the message above alone: in a compiled program both checks
            # run, and which of two failing callbacks reports first is not defined
            column = jnp.maximum(column, 0)
        elif name == "tensor_scatter_update":
            message = (
                "For 'TensorScatterUpdate', indices out of range for input_x. Please check "
                "the indices which is [{}]"
            )
            error = ValueError
        else:
            message = (
                f"For '{_PRIMITIVES[name]}', the {k}-th value of 'indices'[{{}}] is out of "
                f"range[{shape[k]}]."
            )
            error = RuntimeError
        indexing.check_range(column, shape[k], message, error, negative=False)


def gather_nd(input_x: Any, indices: Any) -> Tensor:
    """``out[i...] = input_x[indices[i..., :]]``: the last axis of ``indices`` indexes the first
    axes of ``input_x``."""
    a = U.array(input_x, "gather_nd", "input_x")
    idx = _indices(indices, "gather_nd")
    if idx.shape[-1] > a.ndim:
        U.fail(
            "gather_nd",
            f"the last dimension of 'indices' ({idx.shape[-1]}) must not exceed "
            f"the rank of 'input_x' ({a.ndim})",
        )
    for k in range(idx.shape[-1]):
        indexing.check_range(
            idx[..., k],
            a.shape[k],
            f"For 'GatherNd', an index {{}} on axis {k} does not index into input_shape: "
            f"{list(a.shape)}",
            RuntimeError,
        )
    return Tensor._from(a[_nd_index(idx)])


def scatter_nd(indices: Any, updates: Any, shape: Any) -> Tensor:
    """A zero Tensor of ``shape`` with ``updates`` added at ``indices`` (duplicates sum)."""
    idx = _indices(indices, "scatter_nd")
    upd = U.array(updates, "scatter_nd", "updates")
    shp = U.shape(shape, "scatter_nd")
    _check_scatter(idx, tuple(shp), "scatter_nd")
    return Tensor._from(jnp.zeros(shp, upd.dtype).at[_nd_index(idx)].add(upd))


def _tensor_scatter(name: str, method: str) -> Callable:
    def op(input_x: Any, indices: Any, updates: Any) -> Tensor:
        a = U.array(input_x, name, "input_x")
        idx = _indices(indices, name)
        upd = U.array(updates, name, "updates").astype(a.dtype)
        _check_scatter(idx, a.shape, name)
        return Tensor._from(getattr(a.at[_nd_index(idx)], method)(upd))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (
        f"MindSpore's ``ops.{name}(input_x, indices, updates)``: a copy of ``input_x`` "
        f"with ``updates`` applied ({method}) at the n-D ``indices``."
    )
    return op


tensor_scatter_update = _tensor_scatter("tensor_scatter_update", "set")
tensor_scatter_add = _tensor_scatter("tensor_scatter_add", "add")
tensor_scatter_sub = _tensor_scatter("tensor_scatter_sub", "subtract")
tensor_scatter_mul = _tensor_scatter("tensor_scatter_mul", "multiply")
tensor_scatter_div = _tensor_scatter("tensor_scatter_div", "divide")
tensor_scatter_max = _tensor_scatter("tensor_scatter_max", "max")
tensor_scatter_min = _tensor_scatter("tensor_scatter_min", "min")
scatter_nd_update = tensor_scatter_update
scatter_nd_add = tensor_scatter_add
scatter_nd_sub = tensor_scatter_sub
scatter_nd_mul = tensor_scatter_mul
scatter_nd_div = tensor_scatter_div
scatter_nd_max = tensor_scatter_max
scatter_nd_min = tensor_scatter_min


def tensor_scatter_elements(
    input_x: Any, indices: Any, updates: Any, axis: int = 0, reduction: str = "none"
) -> Tensor:
    """``out[..., indices[i, j], ...] = updates[i, j]`` along ``axis`` (``reduction="add"``
    accumulates)."""
    a = U.array(input_x, "tensor_scatter_elements", "input_x")
    idx = _indices(indices, "tensor_scatter_elements")
    upd = U.array(updates, "tensor_scatter_elements", "updates").astype(a.dtype)
    ax = U.axis(axis, a.ndim, "tensor_scatter_elements")
    grid = list(jnp.meshgrid(*(jnp.arange(n) for n in idx.shape), indexing="ij"))
    grid[ax] = jnp.where(idx < 0, idx + a.shape[ax], idx)
    if reduction not in ("none", "add"):
        U.fail(
            "tensor_scatter_elements",
            f"'reduction' must be 'none' or 'add', but got {reduction!r}",
        )
    return Tensor._from(_scattered(a.at[tuple(grid)], upd, reduction))


def _scattered(at: Any, upd: jax.Array, reduction: str) -> jax.Array:
    return {"none": at.set, "add": at.add, "multiply": at.multiply}[reduction](upd)


def scatter_elements(
    input: Any, dim: int, index: Any, src: Any, reduce: str | None = None, api: str = "scatter_"
) -> Tensor:
    """``Tensor.scatter_``'s computation: ``src`` (a Tensor, or a number for every index)
    written at ``index`` along ``dim``, or with ``reduce`` ``'add'``/``'multiply'`` combined
    with what is there."""
    if reduce not in (None, "add", "multiply"):
        U.fail(api, f"'reduce' must be None, 'add' or 'multiply', but got {reduce!r}")
    a = U.array(input, api)
    idx = _indices(index, api, "index")
    if isinstance(src, bool | int | float):
        upd = jnp.full(idx.shape, src, a.dtype)
    else:
        upd = U.array(src, api, "src").astype(a.dtype)
        if upd.ndim != idx.ndim or any(u < i for u, i in zip(upd.shape, idx.shape, strict=True)):
            U.fail(
                api,
                f"'src' must have the rank of 'index' and no smaller axis, but got shapes "
                f"{list(upd.shape)} and {list(idx.shape)}",
            )
        upd = upd[tuple(slice(0, n) for n in idx.shape)]
    ax = U.axis(dim, a.ndim, api, "dim")
    grid = list(jnp.meshgrid(*(jnp.arange(n) for n in idx.shape), indexing="ij"))
    grid[ax] = jnp.where(idx < 0, idx + a.shape[ax], idx)
    return Tensor._from(_scattered(a.at[tuple(grid)], upd, reduce or "none"))


def scatter(input: Any, axis: int, index: Any, src: Any) -> Tensor:
    """MindSpore's ``ops.scatter(input, axis, index, src)``: ``src`` written at ``index`` along
    ``axis`` (``tensor_scatter_elements`` with its arguments in this order)."""
    return tensor_scatter_elements(input, index, src, axis)


def _segment(name: str, fn: Callable) -> Callable:
    def op(input_x: Any, segment_ids: Any, num_segments: int) -> Tensor:
        a = U.array(input_x, name, "input_x")
        ids = _indices(segment_ids, name, "segment_ids")
        if isinstance(num_segments, Tensor):
            num_segments = int(np.asarray(num_segments._data))
        lead = ids.ndim
        flat, ids = a.reshape((-1,) + a.shape[lead:]), ids.reshape(-1)
        out = fn(flat, ids, num_segments=int(num_segments))
        if fn in (jax.ops.segment_max, jax.ops.segment_min) and a.dtype.kind == "f":
            # an empty segment holds the dtype's lowest (max) / highest (min) finite value, as
            # MindSpore's kernels give, not -inf/+inf
            count = jax.ops.segment_sum(jnp.ones(ids.shape, jnp.int32), ids, int(num_segments))
            info = jnp.finfo(a.dtype)
            fill = info.min if fn is jax.ops.segment_max else info.max
            empty = (count == 0).reshape((-1,) + (1,) * (out.ndim - 1))
            out = jnp.where(empty, jnp.asarray(fill, a.dtype), out)
        return Tensor._from(out)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (
        f"MindSpore's ``ops.{name}(input_x, segment_ids, num_segments)``: reduce the "
        "slices of ``input_x`` that share a segment id (ids outside [0, num_segments) "
        "are dropped; an empty segment holds 0 for sum, 1 for prod, the lowest/highest "
        "finite value for max/min)."
    )
    return op


unsorted_segment_sum = _segment("unsorted_segment_sum", jax.ops.segment_sum)
unsorted_segment_max = _segment("unsorted_segment_max", jax.ops.segment_max)
unsorted_segment_min = _segment("unsorted_segment_min", jax.ops.segment_min)
unsorted_segment_prod = _segment("unsorted_segment_prod", jax.ops.segment_prod)


def _concrete(a: jax.Array, api: str) -> np.ndarray:
    if isinstance(a, jax.core.Tracer):
        U.fail(
            api,
            "the output shape depends on the input's values, so it cannot run inside a "
            "compiled (GRAPH_MODE / jit) function; call it in PyNative mode",
            ValueDependentShapeError,
        )
    return np.asarray(a)


def nonzero(input: Any, *, as_tuple: bool = False) -> Any:
    """The coordinates of the non-zero elements: an (N, ndim) Int64 Tensor, or with ``as_tuple``
    one 1-D Tensor per axis."""
    x = _concrete(U.array(input, "nonzero"), "nonzero")
    coords = np.nonzero(x)
    if as_tuple:
        return tuple(Tensor._from(jnp.asarray(c, jnp.int64)) for c in coords)
    return Tensor._from(jnp.asarray(np.stack(coords, -1), jnp.int64))


argwhere = nonzero


def masked_select(input: Any, mask: Any) -> Tensor:
    """The elements of ``input`` where ``mask`` (broadcast together) is True, as a 1-D Tensor."""
    x = U.array(input, "masked_select")
    m = U.array(mask, "masked_select", "mask")
    if m.dtype != jnp.bool_:
        U.fail("masked_select", f"'mask' must be a Bool Tensor, but got dtype {m.dtype}", TypeError)
    U.check_broadcast("MaskedSelect", x.shape, m.shape, "input", "mask")
    shape = jnp.broadcast_shapes(x.shape, m.shape)
    # only the mask sets the output's length: its values are read on the host (the concrete
    # primal inside an eager gradient), ``input`` is gathered on the device, so the gradient
    # flows back to it (a scatter-add over the broadcast, MindSpore's MaskedSelectGrad)
    keep = np.broadcast_to(_concrete(concrete(m), "masked_select"), shape)
    return Tensor._from(jnp.broadcast_to(x, shape).reshape(-1)[np.flatnonzero(keep)])
