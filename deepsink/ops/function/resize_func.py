"""Separable image resizing with TensorFlow's and PyTorch's coordinate rules, behind MindSpore's
resize primitives (``ResizeBilinearV2``, ``ResizeNearestNeighbor``/``V2``, ``ResizeBicubic``,
``ResizeLinear1D``, ``UpsampleNearest3D``, ``UpsampleTrilinear3D``): each output index maps to a
source coordinate (``align_corners``, ``half_pixel`` or plain scaling) and the input is read by
nearest, linear or Keys-cubic interpolation along one axis at a time.
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


def cubic(
    a, axis: int, out_size: int, rule: str, coeff: float, drop_outside: bool, table: int = 1024
):
    """Keys cubic convolution (coefficient ``coeff``) along ``axis`` over the 4 taps around the
    source coordinate: taps outside the input are clamped to the edge, or (``drop_outside``)
    dropped and the remaining weights renormalized. The fractional offset is rounded to a
    ``table``-step grid, as TensorFlow's (and MindSpore's) precomputed weight table does."""
    in_size = a.shape[axis]
    src = source(out_size, in_size, rule)
    lo = np.floor(src)
    t = np.rint((src - lo) * table) / table if table else src - lo
    taps = lo[:, None].astype(np.int64) + np.arange(-1, 3)[None]
    d = np.abs(t[:, None] - np.arange(-1, 3)[None])
    w = np.where(
        d <= 1,
        ((coeff + 2) * d - (coeff + 3)) * d * d + 1,
        np.where(d < 2, ((coeff * d - 5 * coeff) * d + 8 * coeff) * d - 4 * coeff, 0),
    )
    if drop_outside:
        inside = (taps >= 0) & (taps < in_size)
        w = np.where(inside, w, 0.0)
        w = w / w.sum(axis=1, keepdims=True)
    out = 0
    for j in range(4):
        shape = [1] * a.ndim
        shape[axis] = out_size
        out = out + _take(a, taps[:, j], axis) * jnp.asarray(w[:, j], a.dtype).reshape(shape)
    return out


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
