"""2-D convolution for Conv1d/Conv2d, lowered so that XLA runs it fast inside the sink loop.

XLA:CPU hands a convolution to Eigen only when it is "canonical" (input NHWC, kernel HWIO, output
NHWC), and its ``ConvCanonicalization`` pass rewrites convolutions into that form only in the entry
computation. Inside a ``lax.scan`` body (the sink loop) an NCHW convolution, and both of the
gradient convolutions JAX's autodiff derives from it, fall back to a naive loop emitter that is
about 1.7x slower for a LeNet step (measured with ``bench/bench_conv.py``).

So on CPU :func:`conv2d` uses one of two formulations that stay fast in any computation:

- ``"canonical"``: a ``jax.custom_vjp`` convolution whose forward, input gradient and weight
  gradient are each a canonical NHWC/HWIO convolution, with transposes from/to NCHW at the edge
  (an unpadded 1x1 layer's weight gradient is a matmul; the input gradient flips the activations
  instead of the kernel where the kernel is the larger; stride-1 3x3 layers of 256 channels and
  more run their forward and input gradient as Winograd F(2x2, 3x3) batched matmuls).
- ``"im2col"``: static strided slices gathered into one patch matrix and a single matmul; it
  produces no HLO convolution at all. Patches are built channel-major: ``x`` goes to
  ``[C, N, H, W]`` and each row of the ``[KH*KW*C, N*Ho*Wo]`` matrix is one strided plane, so the
  gather copies contiguous runs and the forward matmul ``W[O, KH*KW*C] @ cols`` comes out as
  ``[O, N, Ho, Wo]``, a plane-wise transpose away from NCHW. Its ``jax.custom_vjp`` gradient is
  two matmuls (weight: ``g @ cols.T``, or ``(cols @ g.T).T`` for layers with fewer output
  channels than patch rows; patches: ``W.T @ g``) and a col2im that adds each tap's
  patch gradient into its shifted window of the padded input: a kernel row's taps summed at
  full width, then one in-place slice update per kernel row. Autodiff of the same gather would
  add KH*KW zero-padded copies of the whole input per element, which XLA:CPU fuses into one loop
  with a bounds test per tap (12% of the LeNet sink step).

On GPU (and for any other backend) it is the plain NCHW ``lax.conv_general_dilated``: XLA/cuDNN
choose the layout themselves. ``bench/bench_conv.py`` measures the lowerings; on the 2-core build
machine a LeNet-5 training step (batch 32) took, in ms/step for a ``lax.scan`` of 100 steps vs a
per-step jit: lax 7.3 vs 4.7, canonical 4.5 vs 4.8, and the earlier channel-minor NHWC im2col 3.2
vs 3.5. Against that NHWC im2col, the channel-major one cut the LeNet/MNIST sink job's process CPU time
by 10% and its wall time by 3% (``bench/bench_sink_lowerings.py``, one process). Which lowering
wins depends on the XLA:CPU kernels behind them: the thresholds below were measured with the
compile options of ``_core/graphs.py`` (YNNPACK off), under which Eigen's convolution is within
10% of PyTorch's oneDNN for ResNet's 3x3 layers.

Grouped convolutions use "canonical" (im2col is for ``groups == 1``): their weight gradient is one
canonical convolution per group, or for many groups (depthwise) a matmul batched over groups.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink._core import lowering

Pair = tuple[int, int]
Padding = tuple[Pair, Pair]

LOWERINGS = ("auto", "lax", "canonical", "im2col")
_NHWC = ("NHWC", "HWIO", "NHWC")
_NCHW = ("NCHW", "OIHW", "NCHW")

# im2col is chosen on CPU for ungrouped stride-1 convolutions with a kernel larger than 1x1 and at
# most IM2COL_MAX_DEPTH multiply-adds per output pixel and channel (C_in * KH * KW), while the
# patch matrix stays under IM2COL_MAX_BYTES; the rest use Eigen's canonical convolution, which
# packs patches on the fly. Measured with ``bench/bench_conv.py layers`` (forward and both
# gradients in a scan, batch 32, 2-vCPU Xeon, ms/iteration canonical vs im2col): depth 25 2.75 vs
# 0.67, 27 5.2 vs 2.2, 150 1.08 vs 0.78; stride 2 at depth 144 3.2 vs 4.9; depth 288 3.0 vs 6.0,
# 576 8.1 vs 17.7, 1152 3.9 vs 8.1. 1x1 layers measured alone favour im2col (ResNet's stride-2
# one: 13.4 vs 8.7), but between canonical layers im2col's channel-major patches cost a transpose
# of the activation and of its gradient each way: a whole ResNet-18 sink step was 7% faster with
# canonical 1x1 layers (interleaved A/B in one process, 2-vCPU Xeon). The same holds for layers
# with more output channels than depth: im2col's output and its gradient are [O, N*Ho*Wo] planes,
# against the depth*N*Ho*Wo patch gather it saves. A CIFAR stem (3 channels to 64) in Eigen made
# the ResNet-18 step 3.7% faster; LeNet's layers (6 and 16 outputs, depth 25 and 150) stay im2col.
IM2COL_MAX_DEPTH = 150
IM2COL_MAX_BYTES = 64 << 20
# Weight gradients of grouped convolutions are written as one canonical convolution per group up to
# this many groups; beyond it (depthwise layers) it is one matmul batched over the groups.
MAX_UNROLLED_GROUPS = 8

FORCED = lowering.Forced(LOWERINGS, "DEEPSINK_CONV_LOWERING")  # benchmarks set it at import
set_lowering = FORCED.set
lowering_scope = FORCED.scope
_platform = lowering.platform


def choose_lowering(
    x_shape: Sequence[int],
    w_shape: Sequence[int],
    groups: int,
    out_hw: Sequence[int] | None = None,
    stride: Sequence[int] = (1, 1),
) -> str:
    """The lowering :func:`conv2d` uses for these shapes on the current backend.

    ``out_hw`` (the output's spatial size, default the input's) sizes im2col's patch matrix.
    """
    if FORCED.name is not None:
        return FORCED.name
    if _platform() != "cpu":
        return "lax"
    o, cin_g, kh, kw = w_shape
    ho, wo = out_hw if out_hw is not None else x_shape[2:4]
    depth = cin_g * kh * kw
    patches = x_shape[0] * ho * wo * depth * 4
    small = depth <= IM2COL_MAX_DEPTH and tuple(stride) == (1, 1) and 1 < kh * kw
    if groups == 1 and patches <= IM2COL_MAX_BYTES and small and o <= depth:
        return "im2col"
    return "canonical"


def carried_layout(shape: Sequence[int]) -> tuple[int, ...] | None:
    """The axis order in which a loop over training steps should carry a state array of this
    shape (``None``: as it is), chosen for the convolution weights :func:`choose_lowering` sends to
    Eigen whatever the input (on CPU: 1x1 kernels, depth above ``IM2COL_MAX_DEPTH``, more output
    channels than depth).

    Their weight gradient comes out of Eigen as [I, KH, KW, O]; the optimizer's update of an OIHW
    weight (and of its OIHW moments) then read it through a transpose, element by element:
    60 ms of a 650 ms ResNet-18 step. Carried as [I, KH, KW, O], parameter, moments and gradient
    share one layout (the update is a plain loop) and the forward's HWIO kernel is a copy of
    contiguous O-runs. The sink loop transposes in and out once per sink (``train/sink/loop.py``).
    Any rank-4 state of such a shape gets this order; it changes what XLA runs, never a value.
    """
    if len(shape) != 4 or FORCED.name not in (None, "canonical") or _platform() != "cpu":
        return None
    o, cin, kh, kw = shape
    if kh * kw == 1 or cin * kh * kw > IM2COL_MAX_DEPTH or o > cin * kh * kw:
        return (1, 2, 3, 0)
    return None


def same_padding(size: int, kernel: int, stride: int, dilation: int) -> Pair:
    """MindSpore's 'same' padding: output ceil(size / stride); the odd pixel goes after."""
    out = -(-size // stride)
    total = max((out - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
    return total // 2, total - total // 2


def out_size(size: int, kernel: int, stride: int, dilation: int, pad: Pair) -> int:
    return (size + pad[0] + pad[1] - (kernel - 1) * dilation - 1) // stride + 1


def conv2d(
    x: jax.Array,
    w: jax.Array,
    stride: Pair = (1, 1),
    padding: Padding = ((0, 0), (0, 0)),
    dilation: Pair = (1, 1),
    groups: int = 1,
    lowering: str | None = None,
) -> jax.Array:
    """NCHW input, OIHW weight -> NCHW output; ``padding`` is explicit ((top, bottom), (left, right)).

    ``lowering`` overrides :func:`choose_lowering` ("lax", "canonical" or "im2col").
    """
    stride, dilation = tuple(stride), tuple(dilation)
    padding = (tuple(padding[0]), tuple(padding[1]))
    out_hw = [
        out_size(n, k, s, d, p)
        for n, k, s, d, p in zip(x.shape[2:], w.shape[2:], stride, dilation, padding)
    ]
    how = lowering or choose_lowering(x.shape, w.shape, groups, out_hw, stride)
    if how not in LOWERINGS[1:]:
        raise ValueError(
            f"For 'conv2d', 'lowering' must be one of {list(LOWERINGS[1:])}, but got {how!r}"
        )
    if how == "im2col" and groups != 1:
        how = "canonical"
    from deepsink import context

    with context.conv_precision_scope():  # gpu_config's conv_allow_tf32; part of jit's cache key
        return _conv2d(x, w, stride, padding, dilation, groups, how)


def conv_nd(
    x: jax.Array,
    w: jax.Array,
    stride: Sequence[int],
    padding: Any,
    dilation: Sequence[int],
    groups: int = 1,
) -> jax.Array:
    """(N, C, *spatial) input, (O, I, *kernel) weight, any spatial rank; ``padding`` explicit
    (before, after) pairs or 'SAME'/'VALID' (MindSpore's rule: the odd pixel after). 2-D runs
    :func:`conv2d`'s tuned lowering; other ranks XLA's convolution."""
    if isinstance(padding, str):
        if padding == "VALID":
            padding = [(0, 0)] * (x.ndim - 2)
        else:
            args = zip(x.shape[2:], w.shape[2:], stride, dilation)
            padding = [same_padding(n, k, s, d) for n, k, s, d in args]
    if x.ndim == 4:
        return conv2d(x, w, stride, padding, dilation, groups)
    from deepsink import context

    spatial = "DHW"[5 - x.ndim :]  # 1-D: W, 3-D: DHW
    with context.conv_precision_scope():  # gpu_config's conv_allow_tf32
        return lax.conv_general_dilated(
            x,
            w,
            tuple(stride),
            [tuple(p) for p in padding],
            rhs_dilation=tuple(dilation),
            feature_group_count=groups,
            dimension_numbers=("NC" + spatial, "OI" + spatial, "NC" + spatial),
        )


@functools.partial(jax.jit, static_argnums=(2, 3, 4, 5, 6))
def _conv2d(x, w, stride, padding, dilation, groups, how):
    """One compiled call per configuration (one dispatch in PyNative; inlined when traced)."""
    if how == "lax":
        return lax.conv_general_dilated(
            x,
            w,
            stride,
            padding,
            rhs_dilation=dilation,
            feature_group_count=groups,
            dimension_numbers=_NCHW,
        )
    if how == "im2col":
        return _im2col(x, w, stride, padding, dilation)
    xh = jnp.transpose(x, (0, 2, 3, 1))
    wh = jnp.transpose(w, (2, 3, 1, 0))
    yh = _canonical(xh, wh, stride, padding, dilation, groups)
    return jnp.transpose(yh, (0, 3, 1, 2))


# --- strided views --------------------------------------------------------------------------------
def _views(
    x: jax.Array, padding: Padding, kh: int, kw: int, ho: int, wo: int, stride: Pair, dilation: Pair
) -> list[jax.Array]:
    """The KH*KW strided [N, Ho, Wo, C] views of the padded NHWC ``x`` that kernel taps see.

    ``padding`` may be negative (crops), as the weight gradient needs.
    """
    n, c = x.shape[0], x.shape[3]
    (sh, sw), (dh, dw) = stride, dilation
    xp = lax.pad(
        x, jnp.zeros((), x.dtype), ((0, 0, 0), (*padding[0], 0), (*padding[1], 0), (0, 0, 0))
    )
    return [
        lax.slice(
            xp,
            (0, i * dh, j * dw, 0),
            (n, i * dh + (ho - 1) * sh + 1, j * dw + (wo - 1) * sw + 1, c),
            (1, sh, sw, 1),
        )
        for i in range(kh)
        for j in range(kw)
    ]


# --- im2col ------------------------------------------------------------------------------------
def _cols(x, kh, kw, ho, wo, stride, padding, dilation):
    """The ``[KH*KW*C, N*Ho*Wo]`` patches of NCHW ``x``: row (tap, channel) is one strided plane."""
    n, c = x.shape[0], x.shape[1]
    (sh, sw), (dh, dw) = stride, dilation
    xp = lax.pad(
        jnp.transpose(x, (1, 0, 2, 3)),
        jnp.zeros((), x.dtype),
        ((0, 0, 0), (0, 0, 0), (*padding[0], 0), (*padding[1], 0)),
    )

    def view(i, j):
        return lax.slice(
            xp,
            (0, 0, i * dh, j * dw),
            (c, n, i * dh + (ho - 1) * sh + 1, j * dw + (wo - 1) * sw + 1),
            (1, 1, sh, sw),
        )

    # stacked per kernel row, then the rows: XLA:CPU fuses a concatenate of at most 8 operands
    # with the slices feeding it, so a 5x5 kernel's patches are written in one pass; a flat stack
    # of 25 views would materialize every view and then copy them all again (LeNet: 2.3x slower)
    rows = [jnp.stack([view(i, j) for j in range(kw)]) for i in range(kh)]
    return jnp.stack(rows).reshape(kh * kw * c, n * ho * wo)


@functools.partial(jax.custom_vjp, nondiff_argnums=(2, 3, 4))
def _im2col(x, w, stride, padding, dilation):
    """NCHW x OIHW -> NCHW as one matmul over channel-major patches (see the module docstring)."""
    return _im2col_fwd(x, w, stride, padding, dilation)[0]


def _im2col_fwd(x, w, stride, padding, dilation):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    ho = out_size(h, kh, stride[0], dilation[0], padding[0])
    wo = out_size(wd, kw, stride[1], dilation[1], padding[1])
    cols = _cols(x, kh, kw, ho, wo, stride, padding, dilation)
    wm = jnp.transpose(w, (0, 2, 3, 1)).reshape(o, kh * kw * c)  # columns ordered (tap, channel)
    y = (wm @ cols).reshape(o, n, ho, wo)
    return jnp.transpose(y, (1, 0, 2, 3)), (cols, wm, x.shape, w.shape)


def _im2col_bwd(stride, padding, dilation, res, g):
    cols, wm, (n, c, h, wd), (o, _, kh, kw) = res
    ho, wo = g.shape[2:]
    (sh, sw), (dh, dw) = stride, dilation
    gm = jnp.transpose(g, (1, 0, 2, 3)).reshape(o, n * ho * wo)
    if o < kh * kw * c:
        # Few output channels: [O, KH*KW*C] = g @ cols.T is a matmul with a handful of rows over a
        # long contraction, where Eigen runs at a third of its speed (LeNet: 2-3x slower per dot).
        # Computed as cols @ g.T instead, with g laid out [N*Ho*Wo, O] (a transpose XLA fuses into
        # g's producer); the barrier keeps XLA's simplifier from folding the final transpose back
        # into the dot, which would restore the slow form. LeNet's sink step: -14%.
        gt = jnp.transpose(g, (0, 2, 3, 1)).reshape(n * ho * wo, o)
        dw_ = lax.optimization_barrier(cols @ gt).T
    else:
        dw_ = lax.dot_general(gm, cols, (((1,), (1,)), ((), ())))
    dw_ = jnp.transpose(dw_.reshape(o, kh, kw, c), (0, 3, 1, 2))  # [O, (tap, channel)] -> OIHW
    dcols = lax.dot_general(wm, gm, (((0,), (0,)), ((), ())))  # [KH*KW*C, N*Ho*Wo]
    dcols = dcols.reshape(kh * kw, c, n, ho, wo)
    # col2im: each tap's patch gradient is added into its (strided) window of the padded input.
    # A kernel row's taps are first summed at full width (one fused loop), then each row is one
    # in-place slice add: KH updates instead of KH*KW (each a separate XLA:CPU kernel launch)
    zero = jnp.zeros((), g.dtype)
    hp, wp = h + sum(padding[0]), wd + sum(padding[1])
    acc = jnp.zeros((c, n, hp, wp), g.dtype)
    for i in range(kh):
        row = None
        for j in range(kw):
            u = dcols[i * kw + j]
            if sh > 1 or sw > 1:  # spread the window's rows/columns out to the stride
                u = lax.pad(u, zero, ((0, 0, 0), (0, 0, 0), (0, 0, sh - 1), (0, 0, sw - 1)))
            u = lax.pad(u, zero, ((0, 0, 0),) * 3 + ((j * dw, wp - j * dw - u.shape[3], 0),))
            row = u if row is None else row + u
        at = (0, 0, i * dh, 0)
        acc = lax.dynamic_update_slice(acc, lax.dynamic_slice(acc, at, row.shape) + row, at)
    dx = acc[:, :, padding[0][0] : padding[0][0] + h, padding[1][0] : padding[1][0] + wd]
    return jnp.transpose(dx, (1, 0, 2, 3)), dw_


_im2col.defvjp(_im2col_fwd, _im2col_bwd)


# --- canonical custom-vjp convolution ------------------------------------------------------------
def _conv(x, w, stride, padding, lhs_dilation=(1, 1), rhs_dilation=(1, 1), groups=1):
    return lax.conv_general_dilated(
        x,
        w,
        stride,
        padding,
        lhs_dilation=lhs_dilation,
        rhs_dilation=rhs_dilation,
        feature_group_count=groups,
        dimension_numbers=_NHWC,
    )


# --- Winograd F(2x2, 3x3) ---------------------------------------------------------------------
# Stride-1 3x3 layers with at least this many input and output channels run their forward and
# input-gradient convolutions as Winograd F(2x2, 3x3): each 4x4 input tile is transformed
# (B^T d B), multiplied per tile position by the transformed kernel (G k G^T, [16, C, O]) in one
# batched matmul, and transformed back (A^T m A) to a 2x2 output tile: 16 multiply-adds per 2x2
# outputs and channel pair where the direct form has 36. The transforms are elementwise passes over
# 4x the activations, so they pay where the matmul dominates: many channels over few pixels.
# Measured per forward convolution (batch 32, ``graphs.jit``, 2-vCPU EPYC, ms, Eigen vs Winograd):
# 512->512 at 4x4 13.4 vs 10; 256->256 at 8x8 12.4 vs 7.7; 128->128 at 16x16 12.9 vs 21.1; 64->64 at
# 32x32 14.5 vs 37.9. Float32 only: its rounding error (~1e-6 relative here) stays near the direct
# form's; in half precision the transforms' sums would cost digits.
WINOGRAD_MIN_CHANNELS = 256


def _winograd_applies(x_dtype, w_shape, stride, dilation, groups) -> bool:
    kh, kw, cin, o = w_shape
    return (
        (kh, kw) == (3, 3)
        and tuple(stride) == (1, 1)
        and tuple(dilation) == (1, 1)
        and groups == 1
        and min(cin, o) >= WINOGRAD_MIN_CHANNELS
        and x_dtype == jnp.float32
    )


def _winograd_kernel(w: jax.Array) -> jax.Array:
    """HWIO [3, 3, C, O] -> [16, C, O]: G k G^T per channel pair, G = [[1, 0, 0], [1/2, 1/2, 1/2],
    [1/2, -1/2, 1/2], [0, 0, 1]] (written out: as an einsum, XLA ran it 4x slower)."""

    def g(a, axis):
        k0, k1, k2 = (lax.index_in_dim(a, i, axis, keepdims=False) for i in range(3))
        return jnp.stack([k0, (k0 + k1 + k2) * 0.5, (k0 - k1 + k2) * 0.5, k2], axis=axis)

    return g(g(w, 0), 1).reshape(16, *w.shape[2:])


def _winograd_data(r0, r1, r2, r3):
    """B^T d over four rows (or columns) of input tiles."""
    return r0 - r2, r1 + r2, r2 - r1, r1 - r3


def _winograd(x: jax.Array, u: jax.Array, padding: Padding, swap: bool = False) -> jax.Array:
    """A stride-1 3x3 NHWC convolution of ``x`` (padded by ``padding``) with the kernel whose
    :func:`_winograd_kernel` is ``u`` [16, C, O]; ``swap``: with that kernel's input and output
    channels swapped (``u`` read as [16, O, C], as the input gradient needs)."""
    n, h, wd, c = x.shape
    (pt, pb), (pl, pr) = padding
    ho, wo = h + pt + pb - 2, wd + pl + pr - 2
    th, tw = -(-ho // 2), -(-wo // 2)  # 2x2 output tiles; a ragged edge is computed and cropped
    edges = ((0, 0, 0), (pt, 2 * th + 2 - h - pt, 0), (pl, 2 * tw + 2 - wd - pl, 0), (0, 0, 0))
    xp = lax.pad(x, jnp.zeros((), x.dtype), edges)
    rows = _winograd_data(*(xp[:, i : i + 2 * th - 1 : 2] for i in range(4)))
    # stacked 4 by 4: XLA:CPU fuses a concatenate of at most 8 operands with its producers
    tiles = [_winograd_data(*(r[:, :, j : j + 2 * tw - 1 : 2] for j in range(4))) for r in rows]
    v = jnp.stack([jnp.stack(t) for t in tiles]).reshape(16, n * th * tw, c)
    contract = 2 if swap else 1
    m = lax.dot_general(v, u, (((2,), (contract,)), ((0,), (0,))))
    m = m.reshape(4, 4, n, th, tw, m.shape[-1])
    # A^T m A, A^T = [[1, 1, 1, 0], [0, 1, -1, -1]]: over tile rows, then columns
    half = (m[0] + m[1] + m[2], m[1] - m[2] - m[3])
    cols = [jnp.stack((a[0] + a[1] + a[2], a[1] - a[2] - a[3]), axis=3) for a in half]
    y = jnp.stack(cols, axis=2)  # [N, th, 2, tw, 2, O]
    return y.reshape(n, 2 * th, 2 * tw, y.shape[-1])[:, :ho, :wo]


def _forward(x, w, stride, padding, dilation, groups):
    """The forward convolution, and the Winograd kernel where that form applies (else None)."""
    if _winograd_applies(x.dtype, w.shape, stride, dilation, groups):
        u = _winograd_kernel(w)
        return _winograd(x, u, padding), u
    return _conv(x, w, stride, padding, rhs_dilation=dilation, groups=groups), None


@functools.partial(jax.custom_vjp, nondiff_argnums=(2, 3, 4, 5))
def _canonical(x, w, stride, padding, dilation, groups):
    return _forward(x, w, stride, padding, dilation, groups)[0]


def _materialized(x: jax.Array) -> jax.Array:
    """``x``, written so that XLA:CPU materializes it once instead of recomputing it inside each of
    its consumers: ``where(x == x, x, nan)`` (other values kept bit for bit; a NaN stays a NaN).

    A convolution's input and its gradient's cotangent are each read twice: by an Eigen
    convolution, and by the weight gradient's transpose to [C, H, W, N] / [H, W, N, O]. XLA's
    fusion heuristic duplicates elementwise producers into every consumer that can fuse them, so
    the transpose recomputed the BatchNorm/ReLU/residual chain behind ``x`` (in ResNet up to three
    blocks of it) in transposed order: ~10 ns per element against ~0.1 for a transpose of a
    materialized array, the slowest part of a ResNet-18 step (150 of 650 ms). A select with two
    full-size operands is not "effectively unary", so XLA does not duplicate it into the transpose
    once a user that cannot fuse it (the convolution) needs it materialized anyway. (``x * (x ==
    x)`` would do too, but XLA rewrites it into a select that turns NaN into 0.)
    """
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        return x
    return jnp.where(x == x, x, jnp.asarray(jnp.nan, x.dtype))


def _canonical_fwd(x, w, stride, padding, dilation, groups):
    x = _materialized(x)
    y, u = _forward(x, w, stride, padding, dilation, groups)
    return y, (x, w, u)


def _canonical_bwd(stride, padding, dilation, groups, res, g):
    x, w, u = res
    g = _materialized(g)
    return _input_grad(g, w, x.shape, stride, padding, dilation, groups, u), _weight_grad(
        x, g, w.shape, stride, padding, dilation, groups
    )


_canonical.defvjp(_canonical_fwd, _canonical_bwd)


def _input_grad(g, w, x_shape, stride, padding, dilation, groups, u=None):
    """dx: a stride-1 convolution of g dilated by ``stride`` with the flipped, I/O-swapped kernel
    (``u``: the forward's Winograd kernel, where the forward was Winograd)."""
    kh, kw, cin_g, o = w.shape
    pads = []
    for size, k, s, d, (lo, _), out in zip(
        x_shape[1:3], (kh, kw), stride, dilation, padding, g.shape[1:3]
    ):
        pads.append(((k - 1) * d - lo, size - (out - 1) * s - 1 + lo))
    # corr(g, flip(k)) = flip(corr(flip(g), k)) with the padding mirrored: the flip can move from
    # the kernel to the activations, where XLA fuses it into g's producer and dx's consumers.
    # Taken by a Winograd layer (its transformed kernel, read with I and O swapped) and by a kernel
    # larger than the activations (ResNet's 256->512 stride-2 layer: 1.2M weights against 0.3M +
    # 0.5M activations), which is then only transposed: its flip and transpose fused in one loop
    # read it element by element (a 512x512 3x3 kernel: 5.7 ms a step against 2.2 for the
    # transpose alone, 2-vCPU EPYC).
    if u is not None or (groups == 1 and w.size > g.size + math.prod(x_shape)):
        gf, mirrored = g[:, ::-1, ::-1], [(hi, lo) for lo, hi in pads]
        if u is not None:
            dx = _winograd(gf, u, mirrored, swap=True)
        else:
            wt = jnp.transpose(w, (0, 1, 3, 2))
            dx = _conv(gf, wt, (1, 1), mirrored, lhs_dilation=stride, rhs_dilation=dilation)
        return dx[:, ::-1, ::-1]
    if groups == 1:
        wt = jnp.transpose(w[::-1, ::-1], (0, 1, 3, 2))
    else:  # [KH, KW, I/g, g*O/g] -> [KH, KW, O/g, g*I/g]
        wt = w[::-1, ::-1].reshape(kh, kw, cin_g, groups, o // groups)
        wt = jnp.transpose(wt, (0, 1, 4, 3, 2)).reshape(kh, kw, o // groups, groups * cin_g)
    return _conv(g, wt, (1, 1), pads, lhs_dilation=stride, rhs_dilation=dilation, groups=groups)


def _weight_grad(x, g, w_shape, stride, padding, dilation, groups):
    """dw: x as [C, H, W, N] convolved with g as an [Ho, Wo, N, O] kernel dilated by ``stride``."""
    kh, kw, cin_g, o = w_shape
    pads = []
    for size, k, s, d, (lo, _), out in zip(
        x.shape[1:3], (kh, kw), stride, dilation, padding, g.shape[1:3]
    ):
        extent = (out - 1) * s + (k - 1) * d + 1
        pads.append((lo, extent - size - lo))
    if groups == 1 and kh * kw == 1 and all(lo == 0 and hi <= 0 for lo, hi in pads):
        return _pointwise_weight_grad(x, g, stride)
    xt = jnp.transpose(x, (3, 1, 2, 0))
    gt = jnp.transpose(g, (1, 2, 0, 3))
    if groups == 1:
        dw = _conv(xt, gt, dilation, pads, rhs_dilation=stride)
    elif groups <= MAX_UNROLLED_GROUPS:
        og = o // groups
        dw = jnp.concatenate(
            [
                _conv(
                    xt[j * cin_g : (j + 1) * cin_g],
                    gt[..., j * og : (j + 1) * og],
                    dilation,
                    pads,
                    rhs_dilation=stride,
                )
                for j in range(groups)
            ],
            axis=-1,
        )
    else:  # many groups (depthwise): a batched matmul over the strided views, no convolution
        return _grouped_weight_grad(x, g, w_shape, stride, pads, dilation, groups)
    return jnp.transpose(dw, (1, 2, 0, 3))


def _pointwise_weight_grad(x, g, stride):
    """dw of an unpadded 1x1 convolution: the input pixels the kernel saw, as [N*Ho*Wo, C], against
    g as [N*Ho*Wo, O], one matmul over NHWC data as it lies. Eigen's convolution kernel for the
    same sum (x as [C, H, W, N] after a transpose, g as a window the size of the image) took 7.5
    ms for ResNet's 64->128 stride-2 layer at batch 32, the matmul 1.1 ms (2-vCPU EPYC)."""
    n, ho, wo, o = g.shape
    xs = x[:, : (ho - 1) * stride[0] + 1 : stride[0], : (wo - 1) * stride[1] + 1 : stride[1]]
    dw = lax.dot_general(
        xs.reshape(n * ho * wo, x.shape[3]), g.reshape(n * ho * wo, o), (((0,), (0,)), ((), ()))
    )
    return dw.reshape(1, 1, x.shape[3], o)


def _grouped_weight_grad(x, g, w_shape, stride, pads, dilation, groups):
    """dw of a convolution with many groups as one dot batched over groups (im2col of x)."""
    kh, kw, cin_g, o = w_shape
    n, ho, wo, _ = g.shape
    views = _views(x, pads, kh, kw, ho, wo, stride, dilation)
    cols = jnp.stack(views, axis=3).reshape(n * ho * wo, kh * kw, groups, cin_g)
    dwk = jnp.einsum("pkgi,pgo->kigo", cols, g.reshape(n * ho * wo, groups, o // groups))
    return dwk.reshape(kh, kw, cin_g, o)
