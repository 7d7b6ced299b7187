"""More array ops of ``mindspore.ops``: views and slices (``expand``, ``slice``, ``reverse``),
functional scatters (``slice_scatter``, ``index_add``, ``index_fill``, ``inplace_update``),
sorted search (``searchsorted``, ``bucketize``), combinatorics (``cartesian_prod``,
``combinations``, ``block_diag``, ``vander``) and the rearrangements of images
(``pixel_shuffle``, ``channel_shuffle``, ``space_to_batch_nd``, ``unfold``/``fold``).

Writes are functional: a new Tensor comes back and the input is unchanged. Ops whose output
shape depends on values (``unique_consecutive``) need concrete inputs.
"""

from __future__ import annotations

import builtins
import itertools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common import indexing
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import array_func as A
from deepsink.ops.function.sampling_func import fold as fold  # one implementation
from deepsink.ops.function.sampling_func import pixel_shuffle as pixel_shuffle  # one implementation
from deepsink.ops.function.sampling_func import (
    pixel_unshuffle as pixel_unshuffle,  # one implementation
)
from deepsink.ops.function.sampling_func import unfold as unfold  # one implementation

_builtin_range = builtins.range

__all__ = [
    "expand", "expand_as", "type_as", "view_as", "slice", "reverse", "select_scatter",
    "slice_scatter", "diagonal_scatter", "index_add", "index_fill", "inplace_add", "inplace_sub",
    "inplace_update", "searchsorted", "bucketize", "unique_consecutive", "cartesian_prod",
    "combinations", "block_diag", "vander", "matrix_band_part", "sequence_mask", "fills",
    "top_k", "reduce_max", "reduce_min", "reverse_sequence", "channel_shuffle", "pixel_shuffle",
    "pixel_unshuffle", "space_to_batch_nd", "batch_to_space_nd", "unfold", "fold", "msort",
    "scalar_to_tensor", "eps", "take", "shape_", "tensor_slice", "range",
]  # fmt: skip


_int = U.integer


# --- views, slices ------------------------------------------------------------------------------
def expand(input_x: Any, size: Any) -> Tensor:
    """Broadcast ``input_x`` to ``size`` (a Tensor or tuple; -1 keeps a dimension)."""
    return A.broadcast_to(input_x, tuple(U.shape(size, "expand", "size")))


def expand_as(input: Any, other: Any) -> Tensor:
    """Broadcast ``input`` to the shape of ``other``."""
    return A.broadcast_to(input, U.array(other, "expand_as", "other").shape)


def type_as(input: Any, other: Any) -> Tensor:
    """``input`` cast to the dtype of ``other``."""
    return Tensor._from(U.array(input, "type_as").astype(U.array(other, "type_as", "other").dtype))


def view_as(input: Any, other: Any) -> Tensor:
    """``input`` reshaped to the shape of ``other``."""
    return A.reshape(input, U.array(other, "view_as", "other").shape)


def slice(input_x: Any, begin: Any, size: Any) -> Tensor:
    """``input_x[begin[i] : begin[i] + size[i]]`` on every axis; a size of -1 takes the rest."""
    a = U.array(input_x, "slice", "input_x")
    b, s = U.shape(begin, "slice", "begin"), U.shape(size, "slice", "size")
    if len(b) != a.ndim or len(s) != a.ndim:
        U.fail(
            "slice",
            f"'begin' and 'size' must have {a.ndim} elements (the rank of 'input_x'), "
            f"but got {list(b)} and {list(s)}",
        )
    sizes = tuple(d - o if n == -1 else n for d, o, n in zip(a.shape, b, s))
    for d, o, n in zip(a.shape, b, sizes):
        if o < 0 or n < 0 or o + n > d:
            U.fail(
                "slice",
                f"'begin' {list(b)} + 'size' {list(s)} must lie inside the shape "
                f"{list(a.shape)} of 'input_x'",
            )
    return Tensor._from(jax.lax.slice(a, b, tuple(o + n for o, n in zip(b, sizes))))


tensor_slice = slice


def reverse(x: Any, axis: Any) -> Tensor:
    """``x`` reversed along each axis in ``axis``."""
    return A.flip(x, axis)


def take(input: Any, index: Any) -> Tensor:
    """The elements of the flattened ``input`` at ``index`` (output shaped as ``index``); an
    index past either end reads the nearest end."""
    return _take(input, index, "clip")


def _take(input: Any, index: Any, mode: str) -> Tensor:
    """``take`` with jnp's out-of-range ``mode``: ``"clip"`` for ``ops.take``, ``"fill"`` for
    ``mint.take`` (PyTorch's negative indices count from the end)."""
    a = U.array(input, "take")
    idx = U.array(index, "take", "index")
    if idx.dtype.kind not in "iu":
        U.fail("take", f"'index' must be an integer Tensor, but got dtype {idx.dtype}", TypeError)
    return Tensor._from(jnp.take(a.reshape(-1), idx, mode=mode))


def take_along(input: Any, indices: Any, axis: Any = None, mode: str = "clip") -> Tensor:
    """The slices of ``input`` (flattened when ``axis`` is None) at ``indices`` along ``axis``
    (MindSpore's ``Tensor.take(indices, axis=None, mode='clip')``): ``'clip'`` keeps an index in
    ``[-n, n)`` (a negative one counts from the end) and reads the nearest end past it, ``'wrap'``
    takes it modulo ``n``; ``'raise'`` is not implemented, as in MindSpore."""
    if mode not in ("raise", "wrap", "clip"):
        U.fail("take", f"'mode' must be one of 'raise', 'wrap' or 'clip', but got {mode!r}")
    if mode == "raise":
        raise NotImplementedError("For 'take', the 'raise' mode is not implemented")
    a = U.array(input, "take")
    idx = U.array(indices, "take", "indices")
    if idx.dtype.kind not in "iu":
        U.fail("take", f"'indices' must be an integer Tensor, but got dtype {idx.dtype}", TypeError)
    if axis is None:
        a, ax = a.reshape(-1), 0
    else:
        ax = U.axis(axis, a.ndim, "take")
    n = a.shape[ax]
    if mode == "wrap":
        idx = jnp.mod(idx, n)
    else:
        idx = jnp.where(idx < -n, 0, jnp.where(idx > n - 1, n - 1, idx))
        idx = jnp.where(idx < 0, idx + n, idx)
    return Tensor._from(jnp.take(a, idx, axis=ax))


# --- functional scatters ------------------------------------------------------------------------
def select_scatter(input: Any, src: Any, axis: int, index: int) -> Tensor:
    """``input`` with the slice at ``index`` along ``axis`` replaced by ``src``."""
    a, s = U.array(input, "select_scatter"), U.array(src, "select_scatter", "src")
    ax = U.axis(axis, a.ndim, "select_scatter")
    i = _int(index, "select_scatter", "index")
    if not -a.shape[ax] <= i < a.shape[ax]:
        U.fail("select_scatter", f"'index' must be in [{-a.shape[ax]}, {a.shape[ax]}), but got {i}")
    sel = (np.s_[:],) * ax + (i,)
    return Tensor._from(a.at[sel].set(s.astype(a.dtype)))


def slice_scatter(
    input: Any, src: Any, axis: int = 0, start: Any = None, end: Any = None, step: int = 1
) -> Tensor:
    """``input`` with ``input[start:end:step]`` along ``axis`` replaced by ``src``."""
    a, s = U.array(input, "slice_scatter"), U.array(src, "slice_scatter", "src")
    ax = U.axis(axis, a.ndim, "slice_scatter")
    sel = (np.s_[:],) * ax + (np.s_[start:end:step],)
    want = np.empty(a.shape, bool)[sel].shape
    if tuple(s.shape) != want:
        U.fail("slice_scatter", f"'src' must have shape {list(want)}, but got {list(s.shape)}")
    return Tensor._from(a.at[sel].set(s.astype(a.dtype)))


def diagonal_scatter(input: Any, src: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """``input`` with its diagonal (``offset``, between ``dim1`` and ``dim2``) set to ``src``."""
    a, s = U.array(input, "diagonal_scatter"), U.array(src, "diagonal_scatter", "src")
    d1, d2 = (
        U.axis(dim1, a.ndim, "diagonal_scatter", "dim1"),
        U.axis(dim2, a.ndim, "diagonal_scatter", "dim2"),
    )
    moved = jnp.moveaxis(a, (d1, d2), (-2, -1))
    n, m = moved.shape[-2:]
    rows = np.arange(max(0, -offset), min(n, m - offset))
    if s.shape[-1:] != (rows.size,):
        U.fail(
            "diagonal_scatter",
            f"'src' must end in {rows.size} (the diagonal's length), but got shape {list(s.shape)}",
        )
    moved = moved.at[..., rows, rows + offset].set(s.astype(a.dtype))
    return Tensor._from(jnp.moveaxis(moved, (-2, -1), (d1, d2)))


def index_add(
    x: Any, indices: Any, y: Any, axis: int, use_lock: bool = True, check_index_bound: bool = True
) -> Tensor:
    """``x`` with the rows of ``y`` added at ``indices`` along ``axis`` (repeats accumulate).

    ``use_lock`` and ``check_index_bound`` concern MindSpore's in-place kernel; indices are
    always checked here (an IndexError for one out of range)."""
    a, v = U.array(x, "index_add", "x"), U.array(y, "index_add", "y")
    idx = U.array(indices, "index_add", "indices")
    ax = U.axis(axis, a.ndim, "index_add")
    indexing.check_range(
        idx,
        a.shape[ax],
        f"For 'index_add', 'indices' must be in [0, {a.shape[ax]}), but got {{}}",
        IndexError,
        negative=False,
    )
    sel = (np.s_[:],) * ax + (idx,)
    return Tensor._from(a.at[sel].add(jnp.moveaxis(v, ax, ax).astype(a.dtype)))


def index_fill(x: Any, axis: Any, index: Any, value: Any) -> Tensor:
    """``x`` with the entries at ``index`` along ``axis`` set to ``value``."""
    a = U.array(x, "index_fill", "x")
    ax = U.axis(int(np.asarray(U.static_number(axis, "index_fill", "axis"))), a.ndim, "index_fill")
    idx = U.array(index, "index_fill", "index")
    if idx.dtype.kind not in "iu":
        U.fail(
            "index_fill", f"'index' must be an Int32 Tensor, but got dtype {idx.dtype}", TypeError
        )
    v = U.array(value, "index_fill", "value").astype(a.dtype)
    sel = (np.s_[:],) * ax + (idx.reshape(-1),)
    return Tensor._from(a.at[sel].set(v))


def _inplace(name: str, op: str) -> Any:
    def fn(x: Any, v: Any, indices: Any) -> Tensor:
        a, b = U.array(x, name, "x"), U.array(v, name, "v")
        idx = jnp.asarray(np.atleast_1d(np.asarray(indices)))
        b = b.reshape((idx.size,) + a.shape[1:]).astype(a.dtype)
        return Tensor._from(getattr(a.at[idx], op)(b))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"``x`` with the rows ``indices`` (axis 0) {op}-combined with ``v``."
    return fn


inplace_add = _inplace("inplace_add", "add")
inplace_sub = _inplace("inplace_sub", "subtract")
inplace_update = _inplace("inplace_update", "set")


# --- sorted search ------------------------------------------------------------------------------
def searchsorted(
    sorted_sequence: Any,
    values: Any,
    *,
    out_int32: bool = False,
    right: bool = False,
    side: str | None = None,
    sorter: Any = None,
) -> Tensor:
    """For each value, the index where it would go into the last axis of ``sorted_sequence``
    (``right``/``side='right'``: after equal entries). Int64 result, Int32 with ``out_int32``."""
    s = U.array(sorted_sequence, "searchsorted", "sorted_sequence")
    v = U.array(values, "searchsorted", "values")
    if side is not None:
        if side not in ("left", "right"):
            U.fail("searchsorted", f"'side' must be 'left' or 'right', but got {side!r}")
        if right and side == "left":
            U.fail("searchsorted", "'right' is True but 'side' is 'left'")
        right = side == "right"
    if sorter is not None:
        s = jnp.take_along_axis(s, U.array(sorter, "searchsorted", "sorter"), axis=-1)
    how = "right" if right else "left"
    if s.ndim == 1:
        out = jnp.searchsorted(s, v, side=how)
    else:
        if s.shape[:-1] != v.shape[:-1]:
            U.fail(
                "searchsorted",
                f"the leading dimensions of 'sorted_sequence' {list(s.shape)} "
                f"and 'values' {list(v.shape)} must match",
            )
        flat = jax.vmap(lambda a, b: jnp.searchsorted(a, b, side=how))
        out = flat(s.reshape(-1, s.shape[-1]), v.reshape(-1, v.shape[-1])).reshape(v.shape)
    return Tensor._from(out.astype(jnp.int32 if out_int32 else jnp.int64))


def bucketize(input: Any, boundaries: Any, *, right: bool = False) -> Tensor:
    """The bucket of each element given the sorted ``boundaries`` (a list of numbers); Int32."""
    a = U.array(input, "bucketize")
    if not isinstance(boundaries, list | tuple):
        U.fail(
            "bucketize",
            f"'boundaries' must be a list of numbers, but got {boundaries!r}",
            TypeError,
        )
    b = jnp.asarray(boundaries, dtype=jnp.float32)
    return Tensor._from(jnp.searchsorted(b, a, side="right" if right else "left").astype(jnp.int32))


def unique_consecutive(
    input: Any, return_inverse: bool = False, return_counts: bool = False, dim: int | None = None
) -> Any:
    """Collapse runs of equal elements (or equal slices along ``axis``): the values, and when
    asked the index of each input element's run and each run's length (Int64)."""
    a = np.asarray(U.array(input, "unique_consecutive"))
    if dim is None:
        flat = a.reshape(-1)
        keep = np.concatenate([[True], flat[1:] != flat[:-1]]) if flat.size else np.zeros(0, bool)
        vals = flat[keep]
        inv = np.cumsum(keep) - 1
        inv = inv.reshape(a.shape)
    else:
        ax = U.axis(dim, a.ndim, "unique_consecutive", "dim")
        m = np.moveaxis(a, ax, 0).reshape(a.shape[ax], -1)
        keep = np.concatenate([[True], np.any(m[1:] != m[:-1], axis=1)])
        vals = np.compress(keep, a, axis=ax)
        inv = np.cumsum(keep) - 1
    counts = np.diff(np.append(np.flatnonzero(keep), keep.size))
    outs = [Tensor._from(jnp.asarray(vals))]
    if return_inverse:
        outs.append(Tensor._from(jnp.asarray(inv, jnp.int64)))
    if return_counts:
        outs.append(Tensor._from(jnp.asarray(counts, jnp.int64)))
    return outs[0] if len(outs) == 1 else tuple(outs)


# --- combinatorics ------------------------------------------------------------------------------
def cartesian_prod(*inputs: Any) -> Tensor:
    """The Cartesian product of 1-D Tensors: one row per combination."""
    arrs = [U.array(t, "cartesian_prod", "inputs") for t in inputs]
    grids = jnp.meshgrid(*arrs, indexing="ij")
    return Tensor._from(jnp.stack([g.reshape(-1) for g in grids], axis=-1))


def combinations(input: Any, r: int = 2, with_replacement: bool = False) -> Tensor:
    """The length-``r`` combinations of the elements of a 1-D Tensor, one per row."""
    a = U.array(input, "combinations")
    if a.ndim != 1:
        U.fail("combinations", f"'input' must be 1-D, but got shape {list(a.shape)}")
    r = _int(r, "combinations", "r")
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.array(list(pick(_builtin_range(a.shape[0]), r)), np.int64).reshape(-1, r)
    return Tensor._from(a[jnp.asarray(idx)])


def block_diag(*inputs: Any) -> Tensor:
    """The block-diagonal matrix of the (0-, 1- or 2-D) inputs."""
    arrs = [jnp.atleast_2d(U.array(t, "block_diag", "inputs")) for t in inputs]
    return Tensor._from(jax.scipy.linalg.block_diag(*arrs))


def vander(x: Any, N: int | None = None) -> Tensor:
    """The Vandermonde matrix of 1-D ``x`` with decreasing powers: ``x[i] ** (N - 1 - j)``."""
    a = U.array(x, "vander", "x")
    if a.ndim != 1:
        U.fail("vander", f"'x' must be 1-D, but got shape {list(a.shape)}")
    return Tensor._from(jnp.vander(a, N))


def matrix_band_part(x: Any, lower: Any, upper: Any) -> Tensor:
    """Keep ``lower`` sub- and ``upper`` super-diagonals of the last two axes (-1: all)."""
    a = U.array(x, "matrix_band_part", "x")
    lo, hi = int(np.asarray(lower)), int(np.asarray(upper))
    n, m = a.shape[-2:]
    i, j = np.arange(n)[:, None], np.arange(m)[None, :]
    keep = ((lo < 0) | (i - j <= lo)) & ((hi < 0) | (j - i <= hi))
    return Tensor._from(jnp.where(jnp.asarray(keep), a, jnp.zeros((), a.dtype)))


def sequence_mask(lengths: Any, maxlen: int | None = None) -> Tensor:
    """``out[..., j] = j < lengths[...]`` (Bool); ``maxlen`` defaults to the largest length."""
    n = U.array(lengths, "sequence_mask", "lengths")
    if maxlen is None:
        maxlen = int(np.max(np.asarray(n)))
    return Tensor._from(jnp.arange(_int(maxlen, "sequence_mask", "maxlen")) < n[..., None])


def fills(x: Any, value: Any) -> Tensor:
    """A Tensor like ``x`` filled with ``value``."""
    a = U.array(x, "fills", "x")
    return Tensor._from(jnp.full(a.shape, U.static_number(value, "fills", "value"), a.dtype))


def top_k(input_x: Any, k: int, sorted: bool = True) -> tuple[Tensor, Tensor]:
    """The ``k`` largest elements of the last axis and their (Int32) indices."""
    return A.topk(input_x, k, dim=-1, largest=True, sorted=sorted)


def reduce_max(x: Any, axis: Any = ()) -> Tensor:
    """The maximum over ``axis`` (all axes when empty)."""
    a = U.array(x, "reduce_max", "x")
    return Tensor._from(jnp.max(a, axis=U.axes(axis, a.ndim, "reduce_max")))


def reduce_min(x: Any, axis: Any = ()) -> Tensor:
    """The minimum over ``axis`` (all axes when empty)."""
    a = U.array(x, "reduce_min", "x")
    return Tensor._from(jnp.min(a, axis=U.axes(axis, a.ndim, "reduce_min")))


def msort(input: Any) -> Tensor:
    """``input`` sorted ascending along axis 0."""
    return Tensor._from(jnp.sort(U.array(input, "msort"), axis=0))


def reverse_sequence(x: Any, seq_lengths: Any, seq_dim: int, batch_dim: int = 0) -> Tensor:
    """Reverse the first ``seq_lengths[b]`` entries along ``seq_dim`` of each batch entry ``b``."""
    a = U.array(x, "reverse_sequence", "x")
    n = U.array(seq_lengths, "reverse_sequence", "seq_lengths")
    sd, bd = (
        U.axis(seq_dim, a.ndim, "reverse_sequence", "seq_dim"),
        U.axis(batch_dim, a.ndim, "reverse_sequence", "batch_dim"),
    )
    t = a.shape[sd]
    pos = jnp.arange(t)
    src = jnp.where(pos[None, :] < n[:, None], n[:, None] - 1 - pos[None, :], pos[None, :])
    shape = [1] * a.ndim
    shape[bd], shape[sd] = a.shape[bd], t
    idx = jnp.broadcast_to(src.reshape(shape) if bd < sd else src.T.reshape(shape), a.shape)
    return Tensor._from(jnp.take_along_axis(a, idx.astype(jnp.int32), axis=sd))


# --- image rearrangements -----------------------------------------------------------------------
def channel_shuffle(x: Any, groups: int) -> Tensor:
    """Interleave the channels (axis 1) of ``groups`` groups: ``(g, c/g)`` to ``(c/g, g)``."""
    a = U.array(x, "channel_shuffle", "x")
    g = _int(groups, "channel_shuffle", "groups")
    if g <= 0 or a.shape[1] % g:
        U.fail(
            "channel_shuffle",
            f"'groups' must be positive and divide the {a.shape[1]} channels, but got {g}",
        )
    n, c = a.shape[:2]
    rest = a.shape[2:]
    return Tensor._from(a.reshape(n, g, c // g, *rest).swapaxes(1, 2).reshape(a.shape))


def space_to_batch_nd(input_x: Any, block_size: Any, paddings: Any) -> Tensor:
    """Pad the spatial axes, then move ``block_size`` blocks of them into the batch axis."""
    a = U.array(input_x, "space_to_batch_nd", "input_x")
    m = len(a.shape) - 2
    bs = (block_size,) * m if isinstance(block_size, int) else tuple(block_size)
    pads = [tuple(p) for p in paddings]
    y = jnp.pad(a, [(0, 0), (0, 0), *pads])
    n, c = a.shape[:2]
    sp = y.shape[2:]
    shape = [n, c]
    for d, b in zip(sp, bs):
        if d % b:
            U.fail(
                "space_to_batch_nd",
                f"the padded spatial size {d} must be divisible by the block size {b}",
            )
        shape += [d // b, b]
    y = y.reshape(shape)
    perm = [3 + 2 * i for i in _builtin_range(m)] + [0, 1] + [2 + 2 * i for i in _builtin_range(m)]
    y = jnp.transpose(y, perm)
    return Tensor._from(y.reshape(n * int(np.prod(bs)), c, *[d // b for d, b in zip(sp, bs)]))


def batch_to_space_nd(input_x: Any, block_shape: Any, crops: Any) -> Tensor:
    """The inverse of ``space_to_batch_nd``: batch blocks back into space, then crop."""
    a = U.array(input_x, "batch_to_space_nd", "input_x")
    m = len(a.shape) - 2
    bs = (block_shape,) * m if isinstance(block_shape, int) else tuple(block_shape)
    nb, c = a.shape[:2]
    sp = a.shape[2:]
    prod = int(np.prod(bs))
    if nb % prod:
        U.fail("batch_to_space_nd", f"the batch {nb} must be divisible by the block volume {prod}")
    n = nb // prod
    y = a.reshape(*bs, n, c, *sp)
    perm = [m, m + 1]
    for i in _builtin_range(m):
        perm += [m + 2 + i, i]
    y = jnp.transpose(y, perm).reshape(n, c, *[d * b for d, b in zip(sp, bs)])
    sel = (np.s_[:], np.s_[:]) + tuple(
        np.s_[lo : y.shape[2 + i] - hi] for i, (lo, hi) in enumerate(crops)
    )
    return Tensor._from(y[sel])


def _pair(v: Any, api: str, arg: str) -> tuple[int, int]:
    if isinstance(v, int) and not isinstance(v, bool):
        return (v, v)
    if isinstance(v, tuple | list) and len(v) in (1, 2):
        return (int(v[0]), int(v[-1]))
    U.fail(api, f"'{arg}' must be an int or a tuple of two ints, but got {v!r}", TypeError)


# --- scalars and constants ----------------------------------------------------------------------
def scalar_to_tensor(input_x: Any, dtype: Any = mstype.float32) -> Tensor:
    """A 0-d Tensor holding the Python number ``input_x`` in ``dtype``."""
    if isinstance(input_x, bool) or not isinstance(input_x, int | float):
        U.fail(
            "scalar_to_tensor", f"'input_x' must be an int or float, but got {input_x!r}", TypeError
        )
    return Tensor._from(jnp.asarray(input_x, U.dtype(dtype, "scalar_to_tensor")))


def eps(x: Any) -> Tensor:
    """A Tensor like ``x`` filled with the smallest positive normal number of its float dtype."""
    a = U.array(x, "eps", "x")
    if a.dtype.kind != "f":
        U.fail("eps", f"'x' must be a float Tensor, but got dtype {a.dtype}", TypeError)
    return Tensor._from(jnp.full(a.shape, jnp.finfo(a.dtype).tiny, a.dtype))


def shape_(x: Any) -> tuple[int, ...]:
    """The shape of ``x`` as a tuple (MindSpore's ``Shape`` primitive)."""
    return tuple(U.array(x, "shape_", "x").shape)


def range(start: Any, end: Any, step: Any, maxlen: int = 1000000) -> Tensor:
    """``start, start + step, ...`` up to (excluding) ``end``, at most ``maxlen`` elements: Int64
    for integer inputs, else the inputs' float dtype."""
    vals = [
        np.asarray(U.array(v, "range", n))
        for v, n in ((start, "start"), (end, "end"), (step, "step"))
    ]
    s, e, st = (v.item() for v in vals)
    if st == 0:
        U.fail("range", "'step' must not be 0")
    if (e - s) * st < 0:
        U.fail("range", f"'step' {st} goes away from 'end' {e} starting at {s}")
    n = int(np.ceil((e - s) / st))
    if n > maxlen:
        U.fail("range", f"the output has {n} elements, more than 'maxlen' {maxlen}")
    dt = U.promote(*(v.dtype for v in vals))
    dt = np.int64 if dt.kind in "iu" else dt  # integer ranges come back as Int64
    return Tensor._from(jnp.asarray(s + st * np.arange(n), dt))
