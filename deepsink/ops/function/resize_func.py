"""Separable image resizing with TensorFlow's and PyTorch's coordinate rules, behind MindSpore's
resize primitives (``ResizeBilinearV2``, ``ResizeNearestNeighbor``/``V2``, ``ResizeBicubic``,
``ResizeLinear1D``, ``UpsampleNearest3D``, ``UpsampleTrilinear3D``): each output index maps to a
source coordinate (``align_corners``, ``half_pixel`` or plain scaling) and the input is read by
nearest, linear or Keys-cubic interpolation along one axis at a time (bicubic as MindSpore's
CPU kernel computes it, weight table and summation order included).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np


def source(out_size: int, in_size: int, rule: str, scale: float | None = None) -> np.ndarray:
    """The source coordinate of every output index.

    ``rule``: ``'align_corners'`` (corners map to corners), ``'half_pixel'`` (pixel centres,
    TensorFlow's half_pixel_centers and PyTorch's align_corners=False), ``'asymmetric'``
    (``dst * in / out``). ``scale`` (output/input) replaces ``out / in`` where given.
    """
    dst = np.arange(out_size, dtype=np.float64)
    if rule == "align_corners":
        return dst * ((in_size - 1) / (out_size - 1) if out_size > 1 else 0.0)
    ratio = 1.0 / scale if scale else in_size / out_size
    if rule == "half_pixel":
        return (dst + 0.5) * ratio - 0.5
    return dst * ratio


def _take(a, idx: np.ndarray, axis: int):
    return jnp.take(a, jnp.asarray(np.clip(idx, 0, a.shape[axis] - 1)), axis=axis)


def nearest(
    a, axis: int, out_size: int, rule: str, rounding: str = "floor", scale: float | None = None
):
    """Nearest-neighbour along ``axis``: the source coordinate rounded (``'floor'`` or
    ``'round'``, half away from zero), clamped to the input."""
    src = source(out_size, a.shape[axis], rule, scale)
    if rule == "half_pixel":
        src = src + 0.5  # TensorFlow's nearest reads floor((dst + 0.5) * ratio)
    idx = np.floor(src + 0.5) if rounding == "round" else np.floor(src)
    return _take(a, idx.astype(np.int64), axis)


def linear(
    a, axis: int, out_size: int, rule: str, clamp_negative: bool = False, scale: float | None = None
):
    """Linear interpolation along ``axis`` between the two neighbours of the source coordinate
    (clamped to the input; ``clamp_negative`` first raises negative coordinates to 0, as
    PyTorch's kernels do)."""
    src = source(out_size, a.shape[axis], rule, scale)
    if clamp_negative:
        src = np.maximum(src, 0.0)
    lo = np.floor(src)
    frac = (src - lo).astype(np.float32)
    shape = [1] * a.ndim
    shape[axis] = out_size
    w = jnp.asarray(frac, a.dtype).reshape(shape)
    lo = lo.astype(np.int64)
    return _take(a, lo, axis) * (1 - w) + _take(a, lo + 1, axis) * w


_TABLE = 1024


def _cubic_table(coeff: float) -> np.ndarray:
    """MindSpore's (TensorFlow's) cubic weight table: for ``x = i / 1024`` (float32), row ``i`` holds
    the weight of the near tap, ``k(x)``, and of the far one, ``k(x + 1)``, computed in double and
    stored as float32."""
    x = (np.arange(_TABLE + 1, dtype=np.float32) * np.float32(1.0 / _TABLE)).astype(np.float64)
    near = ((coeff + 2) * x - (coeff + 3)) * x * x + 1
    x1 = (x.astype(np.float32) + np.float32(1.0)).astype(np.float64)
    far = ((coeff * x1 - 5 * coeff) * x1 + 8 * coeff) * x1 - 4 * coeff
    return np.stack([near, far], axis=1).astype(np.float32)


def bicubic_taps(
    out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The 4 input indices and float32 weights of every output index along one axis, as
    MindSpore's CPU ``ResizeBicubic`` kernel computes them.

    * The scale is ``(in - 1) / (out - 1)`` with ``align_corners`` (and ``out > 1``), else
      ``in / out``, in float32; the source coordinate is ``(x + 0.5) * scale - 0.5``
      (``half_pixel_centers``) or ``x * scale``, in float32.
    * The fraction is rounded to a 1/1024 grid (``lrintf``) and the weights read from
      :func:`_cubic_table`.
    * With ``half_pixel_centers``: Keys' coefficient -0.5; taps outside the input get weight 0
      and the rest are multiplied by ``1 / sum`` (float32). Otherwise -0.75 and the taps are
      clamped to the edge (the edge pixel repeats).
    """
    f32 = np.float32
    scale = (
        f32(in_size - 1) / f32(out_size - 1)
        if align_corners and out_size > 1
        else f32(in_size) / f32(out_size)
    )
    x = np.arange(out_size).astype(f32)
    src = (x + f32(0.5)) * scale - f32(0.5) if half_pixel_centers else x * scale
    lo = np.floor(src)
    offset = np.rint((src - lo) * f32(_TABLE)).astype(np.int64)
    table = _cubic_table(-0.5 if half_pixel_centers else -0.75)
    w = np.stack(
        [
            table[offset, 1],
            table[offset, 0],
            table[_TABLE - offset, 0],
            table[_TABLE - offset, 1],
        ],
        axis=1,
    )
    taps = lo.astype(np.int64)[:, None] + np.arange(-1, 3)[None]
    clamped = np.clip(taps, 0, in_size - 1)
    if half_pixel_centers:
        w = np.where(clamped == taps, w, f32(0))
        total = ((w[:, 0] + w[:, 1]) + w[:, 2]) + w[:, 3]
        big = np.abs(total) >= f32(1000) * np.finfo(f32).tiny
        inv = f32(1) / np.where(big, total, f32(1))
        w = np.where(big[:, None], w * inv[:, None], w)
    return clamped, w.astype(f32)


def _weighted_taps(a, axis: int, taps: np.ndarray, w: np.ndarray):
    """``sum_k a[taps[:, k]] * w[:, k]`` along ``axis``, added in tap order from 0 (float32)."""
    shape = [1] * a.ndim
    shape[axis] = taps.shape[0]
    out = None
    for k in range(4):
        term = jnp.take(a, jnp.asarray(taps[:, k]), axis=axis) * jnp.asarray(w[:, k]).reshape(shape)
        out = term if out is None else out + term
    return out


def bicubic_2d(a, out_h: int, out_w: int, align_corners: bool, half_pixel_centers: bool):
    """MindSpore's CPU ``ResizeBicubic`` on (N, C, H, W), to float32 rounding: each output row is
    first interpolated down the columns (taps of the height axis), then along the row; sums run in
    tap order in float32 whatever the input's float type (float16 and float64 inputs are computed
    in float32 and cast back). An unchanged size copies the input."""
    in_h, in_w = a.shape[2], a.shape[3]
    if (out_h, out_w) == (in_h, in_w):
        return a
    x = a.astype(jnp.float32)
    taps_h, w_h = bicubic_taps(out_h, in_h, align_corners, half_pixel_centers)
    taps_w, w_w = bicubic_taps(out_w, in_w, align_corners, half_pixel_centers)
    x = _weighted_taps(x, 2, taps_h, w_h)
    return _weighted_taps(x, 3, taps_w, w_w).astype(a.dtype)


def area_weights(out_size: int, in_size: int, align_corners: bool) -> np.ndarray:
    """TensorFlow's area resampling along one axis: output pixel ``i`` averages the input span
    ``[i * scale, (i + 1) * scale)`` by covered fraction (indices past the edge clamp to it)."""
    scale = (in_size - 1) / (out_size - 1) if align_corners and out_size > 1 else in_size / out_size
    w = np.zeros((out_size, in_size), np.float64)
    for i in range(out_size):
        lo, hi = i * scale, (i + 1) * scale
        for j in range(int(np.floor(lo)), int(np.ceil(hi))):
            cover = min(j + 1, hi) - max(j, lo)
            w[i, min(max(j, 0), in_size - 1)] += cover
    return w / scale
