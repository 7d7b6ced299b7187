"""Max pooling whose gradient XLA:CPU runs fast inside the sink loop.

The plain formulation is ``lax.reduce_window`` with ``lax.max``; JAX differentiates it into an XLA
select-and-scatter. XLA:CPU has no kernel for select-and-scatter: it expands it into a variadic
reduce-window over the value and one materialised iota plane per input axis (to find each window's
argmax), then a scatter. In the LeNet/MNIST sink job's step (batch 32, two 2x2 pools) those iotas, the
variadic reduce-windows and the scatters were about a quarter of the step.

On CPU :func:`max_pool` keeps the forward ``reduce_window`` (value only) and gives it a
``jax.custom_vjp`` gradient (the "scatter" lowering): each window's first maximum is found with a
few fused elementwise compares of strided views of the input against the pooled output (no iota
planes). Where the windows tile the input (stride = window, no dilation: LeNet's and most
networks' 2x2 pools) the gradient is one plane per in-window position, ``g`` where that position
is its window's first maximum, interleaved back into the input's shape; XLA fuses it, with the
ReLU mask before it and the layout change after it, into one elementwise loop. Overlapping or
dilated windows scatter the output gradient to the first maxima's flat indices instead (adding
where windows share an element). Routing to the FIRST maximum in row-major window order is
MindSpore's rule (its CPU kernel; checked against MindSpore 2.10) and what the select-and-scatter
does, so both lowerings give the same gradients, ties included. A NaN counts as its window's
maximum, as the forward max propagates it.

On the LeNet/MNIST sink job (``bench/bench_sink_lowerings.py pool=lax pool=auto``, one process, 2-core
build machine under load; ``bench/results/sink_lowerings_cpu_20261123_1713.json``) the scatter
gradient took the step's process CPU time from 5.21 to 4.63 ms (min over 8 chunks; median 5.67
to 4.86); the tiled form then saved a further 4% of the step over scattering (its pool-1 gradient
chain, 370 us of separate index, scatter and transpose loops, became one 230 us loop).
Other backends keep the plain ``lax.reduce_window``: XLA:GPU has a native select-and-scatter.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._core import lowering

LOWERINGS = ("auto", "lax", "scatter")

# "scatter" applies to floating inputs only (integers are not differentiated); others use "lax"
FORCED = lowering.Forced(LOWERINGS, "DEEPSINK_POOL_LOWERING")  # benchmarks set it at import
set_lowering = FORCED.set
_platform = lowering.platform


def lowest(dtype: np.dtype) -> np.ndarray:
    """The max-monoid's identity as a numpy scalar: -inf for floats, the smallest integer
    otherwise (a constant init keeps ``reduce_window`` differentiable under jit)."""
    if jnp.issubdtype(dtype, jnp.floating):
        return np.array(-np.inf, dtype)
    if dtype == jnp.bool_:
        return np.array(False)
    return np.array(jnp.iinfo(dtype).min, dtype)


def choose_lowering(dtype: np.dtype) -> str:
    """The lowering :func:`max_pool` uses for this dtype on the current backend."""
    if not jnp.issubdtype(dtype, jnp.floating):
        return "lax"
    if FORCED.name is not None:
        return FORCED.name
    return "scatter" if _platform() == "cpu" else "lax"


def max_pool(
    x: jax.Array,
    window: Sequence[int],
    strides: Sequence[int],
    padding: Sequence[tuple[int, int]],
    dilation: Sequence[int] | None = None,
) -> jax.Array:
    """``lax.reduce_window(x, lowest, lax.max, window, strides, padding, window_dilation=...)``.

    All arguments are full-rank (one entry per axis of ``x``), as ``lax.reduce_window`` takes
    them; ``padding`` is (low, high) per axis and pads with the dtype's lowest value. The
    gradient routes each window's output gradient to its first maximum (row-major window order).
    """
    window, strides = tuple(window), tuple(strides)
    padding = tuple((int(lo), int(hi)) for lo, hi in padding)
    dilation = tuple(dilation) if dilation is not None else (1,) * x.ndim
    if choose_lowering(x.dtype) == "lax":
        return lax.reduce_window(
            x, lowest(x.dtype), lax.max, window, strides, padding, window_dilation=dilation
        )
    return _max_pool_scatter(x, window, strides, padding, dilation)


@functools.partial(jax.jit, static_argnums=(1, 2, 3, 4))
def _max_pool_scatter(x, window, strides, padding, dilation):
    """One compiled call per configuration (one dispatch forward and one backward in PyNative;
    inlined when traced)."""
    if any(lo or hi for lo, hi in padding):
        # padding outside the custom gradient: its transpose drops the padded positions
        x = lax.pad(x, lowest(x.dtype), [(lo, hi, 0) for lo, hi in padding])
    return _scatter_pool(x, window, strides, dilation)


# scatter of single elements into a flat array: one index per update
_POINTS = lax.ScatterDimensionNumbers(
    update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
)


def _offsets(window: tuple) -> list[tuple[int, ...]]:
    """Every element position inside a window, in row-major order."""
    return list(itertools.product(*(range(k) for k in window)))


@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2, 3))
def _scatter_pool(x: jax.Array, window: tuple, strides: tuple, dilation: tuple) -> jax.Array:
    return lax.reduce_window(
        x, lowest(x.dtype), lax.max, window, strides, "VALID", window_dilation=dilation
    )


def _scatter_pool_fwd(x, window, strides, dilation):
    y = _scatter_pool(x, window, strides, dilation)
    return y, (x, y)


def _view(x: jax.Array, offset: tuple, y_shape: tuple, strides: tuple, dilation: tuple):
    """Each window's element at in-window position ``offset``: a strided view shaped like y."""
    start = tuple(o * d for o, d in zip(offset, dilation))
    limit = tuple(s + (n - 1) * st + 1 for s, n, st in zip(start, y_shape, strides))
    return lax.slice(x, start, limit, strides)


def _holds_max(v: jax.Array, y: jax.Array) -> jax.Array:
    """Where the view holds its window's maximum (a NaN is the maximum: the forward max
    propagates it)."""
    return (v == y) | jnp.isnan(v)


def _tiled_bwd(window: tuple, x: jax.Array, y: jax.Array, g: jax.Array) -> jax.Array:
    """The first-max gradient where windows tile ``x`` (stride = window, no dilation).

    Each in-window position gets a plane shaped like ``y``: ``g`` where that position holds the
    window's first maximum, else 0. Interleaved back (stacks and reshapes) they are the
    gradient, with no scatter: XLA fuses the whole of it (with the consumer's ReLU mask and
    layout change) into one elementwise loop.
    """
    zero = jnp.zeros((), g.dtype)
    planes, seen = {}, None
    for off in _offsets(window):  # row-major: earlier positions win ties
        hit = _holds_max(_view(x, off, y.shape, window, (1,) * x.ndim), y)
        planes[off] = jnp.where(hit if seen is None else hit & ~seen, g, zero)
        seen = hit if seen is None else seen | hit
    # interleave, innermost axis first: the planes at positions 0..k-1 along axis a are stacked
    # right after a and merged into it ([.., Wo] x kw -> [.., Wo, kw] -> [.., W]); no transpose,
    # so each step stays one cheap fused concatenate
    for a in reversed(range(x.ndim)):
        groups: dict[tuple, list] = {}
        for off, plane in planes.items():  # in row-major order: position along a ascending
            groups.setdefault(off[:a], []).append(plane)
        planes = {key: _interleave(parts, a) for key, parts in groups.items()}
    dx = planes[()]
    rest = [(0, n - m, 0) for n, m in zip(x.shape, dx.shape)]  # rows no window covers
    return lax.pad(dx, zero, rest) if any(r[1] for r in rest) else dx


def _interleave(parts: list, axis: int) -> jax.Array:
    """``parts[i]`` at positions ``i, i + k, i + 2k, ...`` of ``axis`` (k = len(parts))."""
    if len(parts) == 1:
        return parts[0]
    shape = list(parts[0].shape)
    shape[axis] *= len(parts)
    return jnp.stack(parts, axis=axis + 1).reshape(shape)


def _scatter_pool_bwd(window, strides, dilation, res, g):
    x, y = res
    if strides == window and all(d == 1 for d in dilation):
        return (_tiled_bwd(window, x, y, g),)
    offsets = _offsets(window)
    # flat index in x of each window's first maximum: the in-window offset of the first position
    # holding the maximum (compares of strided views against y, latest position first, each a
    # select between constants) plus the window's origin
    itype = jnp.int32 if x.size < 2**31 else jnp.int64
    elem = np.cumprod((1,) + x.shape[:0:-1])[::-1]  # element strides of x (row-major)
    table = [sum(o * d * e for o, d, e in zip(off, dilation, elem)) for off in offsets]
    idx = jnp.full(y.shape, table[-1], itype)
    for p in range(len(offsets) - 2, -1, -1):
        hit = _holds_max(_view(x, offsets[p], y.shape, strides, dilation), y)
        idx = jnp.where(hit, itype(table[p]), idx)
    for a, (st, e) in enumerate(zip(strides, elem)):
        idx = idx + lax.broadcasted_iota(itype, y.shape, a) * itype(st * e)
    # an element can be the first maximum of several overlapping windows: add their shares
    overlapping = any(st < (k - 1) * d + 1 for st, k, d in zip(strides, window, dilation))
    # lax's scatter, not ``.at[]``: the indices are in bounds and non-negative by construction,
    # which spares the per-element wrap of negative indices that ``.at[]`` adds
    flat = (lax.scatter_add if overlapping else lax.scatter)(
        jnp.zeros((x.size,), g.dtype),
        idx.reshape(-1, 1),
        g.reshape(-1),
        _POINTS,
        unique_indices=not overlapping,
        mode=lax.GatherScatterMode.PROMISE_IN_BOUNDS,
    )
    return (flat.reshape(x.shape),)


_scatter_pool.defvjp(_scatter_pool_fwd, _scatter_pool_bwd)
