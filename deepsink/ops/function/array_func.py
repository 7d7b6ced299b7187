"""Array ops (``ops.reshape``, ``ops.concat``, ``ops.gather``, ``ops.one_hot``, ``ops.zeros``, ...).

Creation ops infer MindSpore's dtypes (``deepsink.common.dtype_rules``): Python float -> Float32,
int -> Int64, bool -> Bool.
"""

from __future__ import annotations

import builtins
import functools
import math
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._core.validate import ValueDependentShapeError
from deepsink.common import dtype as mstype
from deepsink.common import indexing
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function import topk_order

# --- shape ops ---------------------------------------------------------------------------------


def reshape(input: Any, shape: Any) -> Tensor:
    """MindSpore's ``ops.reshape(input, shape)``; one entry of ``shape`` may be -1."""
    a = U.array(input, "reshape")
    shape = U.shape(shape, "reshape", allow_int=False)
    return Tensor._from(a.reshape(_resolve_shape(shape, a.size, "reshape")))


def _resolve_shape(shape: tuple[int, ...], size: int, api: str) -> tuple[int, ...]:
    unknown = [i for i, s in enumerate(shape) if s == -1]
    if len(unknown) > 1 or builtins.any(s < -1 for s in shape):
        U.fail(api, f"'shape' may hold at most one -1 and no other negative entry, but got {shape}")
    known = math.prod(s for s in shape if s != -1)
    if unknown:
        if known == 0 or size % known:
            U.fail(api, f"the 'shape' {shape} is invalid for an input of size {size}")
        return tuple(size // known if s == -1 else s for s in shape)
    if known != size:
        U.fail(api, f"the 'shape' {shape} is invalid for an input of size {size}")
    return shape


def transpose(input: Any, dims: Any) -> Tensor:
    """MindSpore's ``ops.transpose(input, dims)``: ``dims`` is a permutation of the axes."""
    a = U.array(input, "transpose")
    perm = U.shape(dims, "transpose", "dims", allow_int=False)
    if (
        sorted(p % builtins.max(a.ndim, 1) for p in perm) != list(range(a.ndim))
        or len(perm) != a.ndim
    ):
        U.fail(
            "transpose",
            f"'dims' must be a permutation of the {a.ndim} axes of the input "
            f"{list(a.shape)}, but got {perm}",
        )
    return Tensor._from(jnp.transpose(a, perm))


def permute(input: Any, axis: Any) -> Tensor:
    return transpose(input, axis)


def swapaxes(input: Any, axis0: int, axis1: int) -> Tensor:
    a = U.array(input, "swapaxes")
    return Tensor._from(
        jnp.swapaxes(
            a,
            U.axis(axis0, a.ndim, "swapaxes", "axis0"),
            U.axis(axis1, a.ndim, "swapaxes", "axis1"),
        )
    )


def squeeze(input: Any, axis: Any = None) -> Tensor:
    """Remove size-1 axes: all of them, or those of size 1 in ``axis`` (an axis of another size
    is kept, as MindSpore 2.10's ``squeeze`` in both modes, ``Squeeze`` and ``Tensor.squeeze``
    do: mindocr's DBNet loss squeezes its maps so)."""
    a = U.array(input, "squeeze")
    axes = U.axes(axis, a.ndim, "squeeze")
    if axes is None:
        return Tensor._from(jnp.squeeze(a))
    return Tensor._from(jnp.squeeze(a, tuple(ax for ax in axes if a.shape[ax] == 1)))


def expand_dims(input_x: Any, axis: int) -> Tensor:
    """Insert a size-1 axis at ``axis`` in [-ndim-1, ndim]."""
    a = U.array(input_x, "expand_dims", "input_x")
    return Tensor._from(jnp.expand_dims(a, U.axis(axis, a.ndim + 1, "expand_dims")))


def unsqueeze(input: Any, dim: int) -> Tensor:
    return expand_dims(input, dim)


def flatten(input: Any, order: str = "C", *, start_dim: int = 1, end_dim: int = -1) -> Tensor:
    """MindSpore 2.x ``ops.flatten``: merge axes start_dim..end_dim (by default all but the first)."""
    if order not in ("C", "F"):
        U.fail("flatten", f"'order' must be 'C' or 'F', but got {order!r}")
    a = U.array(input, "flatten")
    if order == "F":
        a = a.T
    if a.ndim <= 1:
        return Tensor._from(a.reshape(-1) if a.ndim == 0 else a)
    s = U.axis(start_dim, a.ndim, "flatten", "start_dim")
    e = U.axis(end_dim, a.ndim, "flatten", "end_dim")
    if s > e:
        U.fail("flatten", f"'start_dim' ({start_dim}) must not come after 'end_dim' ({end_dim})")
    return Tensor._from(a.reshape(a.shape[:s] + (-1,) + a.shape[e + 1 :]))


def broadcast_to(input: Any, shape: Any) -> Tensor:
    """Broadcast to ``shape``; -1 keeps the input's size on that axis."""
    a = U.array(input, "broadcast_to")
    shape = U.shape(shape, "broadcast_to", allow_int=False)
    offset = len(shape) - a.ndim
    if offset < 0:
        U.fail("broadcast_to", f"'shape' {shape} has fewer axes than the input {list(a.shape)}")
    for i, s in enumerate(shape):
        if s < -1 or (s == -1 and i < offset):
            U.fail(
                "broadcast_to",
                f"'shape' {shape} may hold -1 only on an axis the input has "
                f"(input shape {list(a.shape)}), and no other negative size",
            )
    target = tuple(
        a.shape[i - offset] if s == -1 and i >= offset else s for i, s in enumerate(shape)
    )
    try:
        return Tensor._from(jnp.broadcast_to(a, target))
    except ValueError:
        U.fail("broadcast_to", f"the input of shape {list(a.shape)} cannot be broadcast to {shape}")


def tile(input: Any, dims: Any) -> Tensor:
    a = U.array(input, "tile")
    reps = U.shape(dims, "tile", "dims", allow_int=False)
    if len(reps) > a.ndim:
        a = a.reshape((1,) * (len(reps) - a.ndim) + a.shape)
    return Tensor._from(jnp.tile(a, reps))


def _tensors(tensors: Any, api: str) -> list[jax.Array]:
    if not isinstance(tensors, tuple | list) or not tensors:
        U.fail(
            api,
            f"'tensors' must be a non-empty tuple or list of Tensors, but got {tensors!r}",
            TypeError,
        )
    arrs = [U.array(t, api, f"tensors[{i}]") for i, t in enumerate(tensors)]
    dt = U.promote(*(a.dtype for a in arrs))
    return [a if a.dtype == dt else a.astype(dt) for a in arrs]


@amp_rule("Concat")
def concat(tensors: Any, axis: int = 0) -> Tensor:
    """Join tensors along an existing ``axis``; the other dimensions must match."""
    arrs = _tensors(tensors, "concat")
    ndim = arrs[0].ndim
    ax = U.axis(axis, ndim, "concat")
    shapes = [list(a.shape) for a in arrs]
    if builtins.any(
        a.ndim != ndim
        or a.shape[:ax] + a.shape[ax + 1 :] != arrs[0].shape[:ax] + arrs[0].shape[ax + 1 :]
        for a in arrs
    ):
        U.fail(
            "concat",
            f"all inputs must have the same shape except on 'axis' {axis}, but got shapes {shapes}",
        )
    return Tensor._from(jnp.concatenate(arrs, axis=ax))


cat = concat


def stack(tensors: Any, axis: int = 0) -> Tensor:
    """Join same-shaped tensors along a new ``axis``."""
    arrs = _tensors(tensors, "stack")
    if builtins.any(a.shape != arrs[0].shape for a in arrs):
        U.fail(
            "stack",
            f"all inputs must have the same shape, but got shapes {[list(a.shape) for a in arrs]}",
        )
    return Tensor._from(jnp.stack(arrs, axis=U.axis(axis, arrs[0].ndim + 1, "stack")))


def unstack(input_x: Any, axis: int = 0) -> tuple[Tensor, ...]:
    a = U.array(input_x, "unstack", "input_x")
    ax = U.axis(axis, a.ndim, "unstack")
    return tuple(Tensor._from(jnp.take(a, i, axis=ax)) for i in range(a.shape[ax]))


unbind = unstack


def split(tensor: Any, split_size_or_sections: Any, axis: int = 0) -> tuple[Tensor, ...]:
    """Split into chunks of ``split_size`` (int, the last may be smaller) or of the given sizes."""
    a = U.array(tensor, "split", "tensor")
    ax = U.axis(axis, a.ndim, "split")
    n = a.shape[ax]
    s = split_size_or_sections
    if isinstance(s, int) and not isinstance(s, bool):
        if s <= 0:
            U.fail("split", f"'split_size_or_sections' must be a positive int, but got {s}")
        sizes = [s] * (n // s) + ([n % s] if n % s else [])
    else:
        sizes = list(U.shape(s, "split", "split_size_or_sections", allow_int=False))
        if builtins.sum(sizes) != n:
            U.fail(
                "split",
                f"the sum of 'split_size_or_sections' {tuple(sizes)} must equal the "
                f"size {n} of axis {axis}",
            )
    cuts = np.cumsum(sizes)[:-1].tolist()
    return tuple(Tensor._from(p) for p in jnp.split(a, cuts, axis=ax))


def chunk(input: Any, chunks: int, axis: int = 0) -> tuple[Tensor, ...]:
    a = U.array(input, "chunk")
    n = a.shape[U.axis(axis, a.ndim, "chunk")]
    return split(a, builtins.max(1, -(-n // chunks)), axis)


def narrow(input: Any, axis: int, start: int, length: int) -> Tensor:
    a = U.array(input, "narrow")
    ax = U.axis(axis, a.ndim, "narrow")
    return Tensor._from(lax.slice_in_dim(a, start, start + length, axis=ax))


def flip(input: Any, dims: Any) -> Tensor:
    a = U.array(input, "flip")
    return Tensor._from(jnp.flip(a, U.axes(dims, a.ndim, "flip", "dims")))


# --- indexing ----------------------------------------------------------------------------------


def _indices(x: Any, api: str, arg: str) -> jax.Array:
    idx = U.array(x, api, arg)
    if not jnp.issubdtype(idx.dtype, jnp.integer):
        U.fail(
            api,
            f"'{arg}' must be an integer Tensor, but got dtype {mstype.from_np(idx.dtype)}",
            TypeError,
        )
    return idx


def gather(input_params: Any, input_indices: Any, axis: int, batch_dims: int = 0) -> Tensor:
    """Take slices of ``input_params`` along ``axis`` at ``input_indices`` (any shape)."""
    a = U.array(input_params, "gather", "input_params")
    idx = _indices(input_indices, "gather", "input_indices")
    ax = U.axis(axis, a.ndim, "gather")
    indexing.check_gather(idx, a.shape[ax])
    idx = jnp.where(idx < 0, idx + a.shape[ax], idx)  # MindSpore counts negatives from the end
    if batch_dims:
        take = lambda p, i: jnp.take(p, i, axis=ax - batch_dims, mode="clip")
        for _ in range(batch_dims):
            take = jax.vmap(take)
        return Tensor._from(take(a, idx))
    return Tensor._from(jnp.take(a, idx, axis=ax, mode="clip"))


def index_select(input: Any, axis: int, index: Any) -> Tensor:
    return gather(input, index, axis)


def gather_elements(input: Any, dim: int, index: Any) -> Tensor:
    """``out[i][j] = input[index[i][j]][j]`` along ``dim`` (``index`` has the output's shape)."""
    a = U.array(input, "gather_elements")
    idx = _indices(index, "gather_elements", "index")
    if idx.ndim != a.ndim:
        U.fail(
            "gather_elements",
            f"'index' must have as many axes as 'input' ({a.ndim}), but got "
            f"shape {list(idx.shape)}",
        )
    return Tensor._from(
        jnp.take_along_axis(a, idx, axis=U.axis(dim, a.ndim, "gather_elements", "dim"))
    )


def one_hot(
    indices: Any, depth: int, on_value: Any = 1, off_value: Any = 0, axis: int = -1
) -> Tensor:
    """One-hot encode ``indices`` with ``depth`` classes on a new ``axis``; the dtype is that of
    ``on_value`` (Int64 for the default ints)."""
    idx = _indices(indices, "one_hot", "indices")
    if isinstance(depth, bool) or not isinstance(depth, int | np.integer) or depth < 0:
        U.fail("one_hot", f"'depth' must be a non-negative int, but got {depth!r}")
    on = U.array(on_value, "one_hot", "on_value")
    off = U.array(off_value, "one_hot", "off_value").astype(on.dtype)
    ax = axis if axis != -1 else idx.ndim
    if not -1 <= axis <= idx.ndim:
        U.fail("one_hot", f"'axis' must be in [-1, {idx.ndim}], but got {axis}")
    hot = jnp.expand_dims(idx, ax) == lax.broadcasted_iota(
        idx.dtype, idx.shape[:ax] + (int(depth),) + idx.shape[ax:], ax
    )
    return Tensor._from(jnp.where(hot, on, off))


def where(condition: Any, input: Any, other: Any) -> Tensor:
    """``input`` where ``condition`` is True, else ``other`` (all three broadcast)."""
    c = U.array(condition, "where", "condition").astype(jnp.bool_)
    a, b = U.binary(input, other, "where")
    shape = jnp.broadcast_shapes(c.shape, a.shape, b.shape)
    bc = lambda v: jnp.broadcast_to(v, shape)
    return Tensor._from(jnp.where(bc(c), bc(a), bc(b)))


select = where


def masked_fill(input_x: Any, mask: Any, value: Any) -> Tensor:
    """``value`` where ``mask`` is True; keeps the dtype of ``input_x``."""
    a = U.array(input_x, "masked_fill", "input_x")
    m = U.array(mask, "masked_fill", "mask")
    if m.dtype != jnp.bool_:
        U.fail(
            "masked_fill",
            f"'mask' must be a Bool Tensor, but got dtype {mstype.from_np(m.dtype)}",
            TypeError,
        )
    v = U.array(value, "masked_fill", "value").astype(a.dtype)
    shape = jnp.broadcast_shapes(a.shape, m.shape)
    return Tensor._from(jnp.where(jnp.broadcast_to(m, shape), v, jnp.broadcast_to(a, shape)))


def _kernel_topk_indices(rows: jax.Array, k: int, sorted_: bool) -> jax.Array:
    """The Int32 indices of MindSpore 2.10's CPU TopK kernel for each row (last axis) of
    ``rows``, computed on the host (``topk_order`` replays the kernel's selection)."""

    def host(v: np.ndarray) -> np.ndarray:
        flat = np.asarray(v).reshape(-1, v.shape[-1])
        return topk_order.topk_indices(flat, k, sorted_).reshape(*v.shape[:-1], k)

    spec = jax.ShapeDtypeStruct((*rows.shape[:-1], k), jnp.int32)
    # the indices carry no gradient: the values' gradient flows through the gather that uses them
    return jax.pure_callback(host, spec, lax.stop_gradient(rows), vmap_method="expand_dims")


@functools.partial(jax.jit, static_argnums=(1, 2, 3, 4))
def _topk_last(
    a: jax.Array, k: int, largest: bool, sorted_: bool, kernel_order: bool
) -> tuple[jax.Array, jax.Array]:
    """``topk`` along the last axis of ``a`` (one compiled program per shape and arguments);
    ``kernel_order``: equal values as MindSpore's CPU kernel orders them."""
    src = a if largest else -a
    n = a.shape[-1]
    vals, idx = lax.top_k(src, k)  # by value, equal values in index order
    if kernel_order and k and not (sorted_ and k > n // 2):
        # the kernel's selection decides which of equal values win and in what order; sorted
        # results without ties at the top are the same either way
        def kernel(operand):
            kidx = _kernel_topk_indices(operand, k, sorted_)
            return jnp.take_along_axis(operand, kidx, axis=-1), kidx

        if sorted_:
            top = lax.top_k(src, builtins.min(k + 1, n))[0]
            ties = jnp.any(top[..., 1:] == top[..., :-1])
            vals, idx = lax.cond(ties, kernel, lambda operand: (vals, idx), src)
        else:
            vals, idx = kernel(src)
    return (vals if largest else -vals), idx


def topk(
    input: Any, k: int, dim: int | None = None, largest: bool = True, sorted: bool = True
) -> tuple[Tensor, Tensor]:
    """The ``k`` largest (or smallest) entries along ``dim`` (default last) and their Int32 indices;
    ``k`` is an int in ``(0, n]`` (2.10's ``TopK``).

    Entries come in the order of MindSpore 2.10's CPU kernel: with ``sorted=False`` the order its
    selection (``std::nth_element``) leaves them in; with ``sorted=True`` by value, equal values in
    that selection's order (in index order when ``k`` is more than half the axis).
    """
    return topk_core(input, k, dim, largest, sorted, "TopK")


def topk_core(
    input: Any, k: Any, dim: int | None, largest: bool, sorted: bool, primitive: str
) -> tuple[Tensor, Tensor]:
    """:func:`topk` as ``primitive`` checks ``k``: ``TopK`` wants ``0 < k <= n``, ``TopkExt``
    (``mint.topk``) ``0 <= k <= n``; both raise 2.10's errors in its words."""
    a = U.array(input, "topk")
    if a.ndim == 0:
        raise RuntimeError(
            "For 'TopK', the dimension of input must be greater than 0, but got empty input."
        )
    ax = -1 if dim is None else dim
    if isinstance(ax, bool) or not isinstance(ax, int):
        U.fail("topk", f"'dim' must be an int, but got {ax!r}", TypeError)
    if not -a.ndim <= ax < a.ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{a.ndim}, {a.ndim}), but got {ax}.")
    ax %= a.ndim
    n = a.shape[ax]
    if isinstance(k, Tensor) and k.size == 1 and k.dtype in mstype.int_type:
        k = int(U.shape_value(k, "topk", "k").reshape(-1)[0])  # MindSpore takes an int Tensor k
    if isinstance(k, Tensor):  # 2.10 names the Tensor's dtype
        raise TypeError(
            f"For primitive[{primitive}], the input argument[k] must be a type of "
            f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{k.dtype}]."
        )
    if isinstance(k, bool | np.bool_) or not isinstance(k, int | np.integer):
        got = "Bool" if isinstance(k, bool | np.bool_) else "Float32"
        if not isinstance(k, bool | np.bool_ | float | np.floating):
            got = type(k).__name__
        raise TypeError(
            f"For primitive[{primitive}], the input argument[k] must be a type of "
            f"{{Int32, Int64}}, but got {got}."
        )
    k = int(k)
    low = 1 if primitive == "TopK" else 0
    if not low <= k <= n:
        interval = f"{'(' if low else '['}0,{n}]"
        raise ValueError(f"For primitive[{primitive}], the k must be in {interval}, but got {k}.")
    kernel_order = topk_order.LOWERING.name != "xla"
    vals, idx = _topk_last(jnp.moveaxis(a, ax, -1), k, largest, sorted, kernel_order)
    return (
        Tensor._from(jnp.moveaxis(vals, -1, ax)),
        Tensor._from(jnp.moveaxis(idx, -1, ax).astype(jnp.int32)),
    )


def sort(input_x: Any, axis: int = -1, descending: bool = False) -> tuple[Tensor, Tensor]:
    """Sorted values along ``axis`` and the Int32 indices that sort them (stable)."""
    a = U.array(input_x, "sort", "input_x")
    ax = U.axis(axis, a.ndim, "sort")
    idx = jnp.argsort(a, axis=ax, stable=True, descending=descending)
    return Tensor._from(jnp.take_along_axis(a, idx, axis=ax)), Tensor._from(idx.astype(jnp.int32))


def argsort(input: Any, axis: int = -1, descending: bool = False) -> Tensor:
    return sort(input, axis, descending)[1]


# --- creation ----------------------------------------------------------------------------------


def _creation_dtype(dtype: Any, api: str, default: Any = mstype.float32) -> np.dtype:
    return U.dtype(default if dtype is None else dtype, api)


def zeros(size: Any, dtype: Any = None) -> Tensor:
    """MindSpore's ``ops.zeros(size, dtype=None)``: Float32 unless ``dtype`` is given."""
    return Tensor._from(jnp.zeros(U.shape(size, "zeros", "size"), _creation_dtype(dtype, "zeros")))


def ones(shape: Any, dtype: Any = None) -> Tensor:
    return Tensor._from(jnp.ones(U.shape(shape, "ones"), _creation_dtype(dtype, "ones")))


def fill(type: Any, shape: Any, value: Any) -> Tensor:
    """MindSpore's ``ops.fill(type, shape, value)``: a ``type`` tensor of ``shape`` holding ``value``."""
    dt = U.dtype(type, "fill", "type")
    v = U.array(value, "fill", "value")
    return Tensor._from(jnp.full(U.shape(shape, "fill"), v, dt))


def full(size: Any, fill_value: Any, *, dtype: Any = None) -> Tensor:
    """A tensor of ``size`` holding ``fill_value``; the dtype follows ``fill_value`` unless given.

    (MindSpore 2.10 makes it Int64 whatever the value, truncating 3.5 to 3; deepsink keeps the
    value's own type.)
    """
    v = U.array(fill_value, "full", "fill_value")
    dt = v.dtype if dtype is None else U.dtype(dtype, "full")
    return Tensor._from(jnp.full(U.shape(size, "full", "size"), v, dt))


def full_like(input: Any, fill_value: Any, *, dtype: Any = None) -> Tensor:
    a = U.array(input, "full_like")
    dt = a.dtype if dtype is None else U.dtype(dtype, "full_like")
    return Tensor._from(jnp.full(a.shape, U.array(fill_value, "full_like", "fill_value"), dt))


def zeros_like(input: Any, *, dtype: Any = None) -> Tensor:
    a = U.array(input, "zeros_like")
    return Tensor._from(
        jnp.zeros(a.shape, a.dtype if dtype is None else U.dtype(dtype, "zeros_like"))
    )


def ones_like(input: Any, *, dtype: Any = None) -> Tensor:
    a = U.array(input, "ones_like")
    return Tensor._from(
        jnp.ones(a.shape, a.dtype if dtype is None else U.dtype(dtype, "ones_like"))
    )


def arange(start: Any = 0, end: Any = None, step: Any = 1, *, dtype: Any = None) -> Tensor:
    """``[start, end)`` by ``step``: Int64 for int arguments, else Float32 (MindSpore 2.10)."""
    if end is None:
        start, end = 0, start
    vals = [
        v.item() if isinstance(v, Tensor | np.ndarray | np.generic) else v
        for v in (start, end, step)
    ]
    for name, v in zip(("start", "end", "step"), vals):
        if isinstance(v, bool) or not isinstance(v, int | float):
            U.fail("arange", f"'{name}' must be an int or float, but got {v!r}", TypeError)
    if vals[2] == 0:
        U.fail("arange", "'step' must not be 0")
    if (vals[1] - vals[0]) * vals[2] < 0:  # MindSpore's Range refuses a step away from 'end'
        U.fail_arg(
            "arange",
            "step",
            f"{'positive' if vals[1] > vals[0] else 'negative'} to go from start={vals[0]!r} "
            f"to end={vals[1]!r}",
            vals[2],
        )
    is_int = builtins.all(isinstance(v, int) for v in vals)
    dt = (
        U.dtype(dtype, "arange")
        if dtype is not None
        else np.dtype(np.int64 if is_int else np.float32)
    )
    return Tensor._from(jnp.asarray(np.arange(*vals), dtype=dt))


def linspace(start: Any, end: Any, steps: int) -> Tensor:
    """``steps`` evenly spaced Float32 values from ``start`` to ``end`` inclusive."""
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        U.fail("linspace", f"'steps' must be a positive int, but got {steps!r}")
    s = U.array(start, "linspace", "start").astype(jnp.float32)
    e = U.array(end, "linspace", "end").astype(jnp.float32)
    return Tensor._from(jnp.linspace(s, e, steps, dtype=jnp.float32))


def eye(n: int, m: int | None = None, dtype: Any = None) -> Tensor:
    return Tensor._from(jnp.eye(n, m, dtype=_creation_dtype(dtype, "eye")))


# --- type and metadata -------------------------------------------------------------------------


def cast(input: Any, dtype: Any) -> Tensor:
    """Convert to ``dtype`` (a deepsink dtype; Int64/Float64 become 32-bit without x64)."""
    dt = U.dtype(dtype, "cast")
    a = U.array(input, "cast")
    return Tensor._from(a if a.dtype == dt else a.astype(dt))


def shape(input_x: Any) -> tuple[int, ...]:
    """The static shape as a Python tuple."""
    return tuple(U.array(input_x, "shape", "input_x").shape)


def dtype(x: Any) -> mstype.Type:
    if getattr(type(x), "_sparse_operand", False):  # a sparse tensor: its values' dtype
        return x.dtype
    return mstype.from_np(U.array(x, "dtype", "x").dtype)


def rank(input_x: Any) -> int:
    return U.array(input_x, "rank", "input_x").ndim


def size(input_x: Any) -> int:
    return int(U.array(input_x, "size", "input_x").size)


def numel(input: Any) -> int:
    return size(input)


def is_tensor(obj: Any) -> bool:
    return isinstance(obj, Tensor)


def is_floating_point(input: Any) -> bool:
    return bool(jnp.issubdtype(U.array(input, "is_floating_point").dtype, jnp.floating))


# --- data-dependent and strided slicing ----------------------------------------------------------


def unique(input: Any) -> tuple[Tensor, Tensor]:
    """MindSpore's ``ops.unique``/``Unique``: the distinct values of a 1-D Tensor in order of
    first appearance, and for every input element the index of its value in that list.

    The output length depends on the values, so this runs on concrete data (PyNative, or outside
    a compiled function); inside a compiled function it raises a TypeError saying so.
    """
    a = U.array(input, "unique")
    if isinstance(a, jax.core.Tracer):
        U.fail(
            "unique",
            "the output shape depends on the input's values, so it cannot run "
            "inside a compiled (GRAPH_MODE / jit) function; call it in PyNative mode",
            ValueDependentShapeError,
        )
    x = np.asarray(a)
    if x.ndim != 1:
        U.fail("unique", f"'input' must be 1-D, but got shape {list(x.shape)}", RuntimeError)
    _, first, inverse = np.unique(x, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # sorted-unique position -> appearance order
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    values = x[np.sort(first)]
    idx_dtype = np.int64 if x.dtype == np.int64 else np.int32
    return (
        Tensor._from(jnp.asarray(values)),
        Tensor._from(jnp.asarray(rank[inverse.reshape(-1)].astype(idx_dtype))),
    )


def _mask_bits(value: Any, api: str, arg: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
        U.fail(api, f"'{arg}' must be a non-negative int, but got {value!r}", TypeError)
    return int(value)


def strided_slice(
    input_x: Any,
    begin: Any,
    end: Any,
    strides: Any,
    begin_mask: int = 0,
    end_mask: int = 0,
    ellipsis_mask: int = 0,
    new_axis_mask: int = 0,
    shrink_axis_mask: int = 0,
) -> Tensor:
    """MindSpore's ``ops.strided_slice`` (TensorFlow's semantics): ``begin``/``end``/``strides``
    name one slice per position; bit ``i`` of a mask changes position ``i``:

    - ``begin_mask``/``end_mask``: ignore ``begin[i]``/``end[i]`` (slice from/to the edge);
    - ``ellipsis_mask``: position ``i`` is ``...`` (at most one bit);
    - ``new_axis_mask``: insert a new axis of length 1 at position ``i``;
    - ``shrink_axis_mask``: take index ``begin[i]`` and drop the axis.

    Positions past the given ones take whole axes. Out-of-range bounds are clamped, as in Python
    slicing. (MindSpore 2.10's CPU kernel mixes up some combinations of ``new_axis_mask`` with
    ``shrink_axis_mask`` and of negative strides with ``begin_mask``; deepsink follows the
    documented TensorFlow semantics there.)
    """
    api = "StridedSlice"
    a = U.array(input_x, api, "input_x")
    begin = U.shape(begin, api, "begin", allow_int=False)
    end = U.shape(end, api, "end", allow_int=False)
    strides = U.shape(strides, api, "strides", allow_int=False)
    if not len(begin) == len(end) == len(strides):
        U.fail(
            api,
            "'begin', 'end' and 'strides' must have the same length, but got length of "
            f"'begin': {len(begin)}, 'end': {len(end)}, 'strides': {len(strides)}",
        )
    if 0 in strides:
        U.fail(api, f"input 'strides' can not contain 0, but got {strides}")
    bm, em, elm, nam, sam = (
        _mask_bits(v, api, n)
        for v, n in zip(
            (begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask),
            ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"),
        )
    )
    if bin(elm).count("1") > 1:
        U.fail(api, f"at most one bit of 'ellipsis_mask' may be set, but got {elm}")
    n_real = sum(1 for i in range(len(begin)) if not (nam >> i & 1 or elm >> i & 1))
    if n_real > a.ndim:
        U.fail(api, f"'begin' slices {n_real} axes, but the input has only {a.ndim}")
    index: list[Any] = []
    dim = 0  # the input axis position i refers to
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        if elm >> i & 1:
            index.append(Ellipsis)
            later = sum(1 for j in range(i + 1, len(begin)) if not nam >> j & 1)
            dim = a.ndim - later
        elif nam >> i & 1:
            index.append(None)
        elif sam >> i & 1:
            size = a.shape[dim]
            if s < 0 or not -size <= b < size:
                U.fail(
                    api,
                    f"the 'strides[{i}]' cannot be negative number and 'begin[{i}]' must "
                    f"be in [-{size}, {size}) when 'shrink_axis_mask' is greater than 0, but "
                    f"got 'shrink_axis_mask': {sam}, 'strides[{i}]': {s}, 'begin[{i}]': {b}",
                    IndexError,
                )
            index.append(b)
            dim += 1
        else:
            index.append(slice(None if bm >> i & 1 else b, None if em >> i & 1 else e, s))
            dim += 1
    return Tensor._from(a[tuple(index)])


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
