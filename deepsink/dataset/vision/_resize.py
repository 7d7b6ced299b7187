"""OpenCV's ``cv::resize`` as MindSpore's ``Resize`` runs it, batched over NHWC arrays.

One implementation serves numpy (the host pipeline) and ``jax.numpy`` (the device tail): the
functions take the array module ``xp``. Coefficient tables are computed once per (sizes,
interpolation) with OpenCV's own float arithmetic, so integer outputs match MindSpore bit for bit:

- LINEAR (uint8): 11-bit fixed-point weights; horizontal weights clamped at the borders, vertical
  ones not (rows are clipped instead); the vertical pass rounds as OpenCV's SIMD kernel does,
  ``((S0 >> 4) * b0 >> 16) + ((S1 >> 4) * b1 >> 16) + 2 >> 2``.
- CUBIC: A = -0.75, taps clipped at the borders, the vertical pass in float32 (``v_round``).
- NEAREST: ``floor(dx * src / dst)``.
- AREA: box average for integer factors, OpenCV's area tables otherwise, and a bilinear variant when
  either side grows.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import numpy as np

LINEAR, NEAREST, CUBIC, AREA = "linear", "nearest", "cubic", "area"
_COEF_SCALE = 2048  # INTER_RESIZE_COEF_SCALE


class Taps(NamedTuple):
    """Per output index along one axis: source indices ``idx[d, k]`` and weights ``w[d, k]``."""

    idx: np.ndarray
    w: np.ndarray  # float32
    iw: np.ndarray  # int32, weights in 11-bit fixed point


class Plan(NamedTuple):
    kind: str  # "taps" (separable), "nearest", "area_fast"
    x: Taps | None
    y: Taps | None
    fast: tuple[int, int] = (0, 0)  # integer factors for "area_fast"


def _fixed(w: np.ndarray) -> np.ndarray:
    return np.rint(w.astype(np.float32) * np.float32(_COEF_SCALE)).astype(np.int32)


def _taps(idx: np.ndarray, w: np.ndarray) -> Taps:
    w = w.astype(np.float32)
    return Taps(idx.astype(np.int32), w, _fixed(w))


def _linear(ssize: int, dsize: int, area_mode: bool, clamp: bool) -> Taps:
    inv = dsize / ssize
    scale = 1.0 / inv
    d = np.arange(dsize, dtype=np.float64)
    if area_mode:
        sx = np.floor(d * scale).astype(np.int64)
        fx = ((d + 1) - (sx + 1) * inv).astype(np.float32)
        fx = np.where(fx <= 0, np.float32(0), fx - np.floor(fx)).astype(np.float32)
    else:
        fx = ((d + 0.5) * scale - 0.5).astype(np.float32)
        sx = np.floor(fx).astype(np.int64)
        fx = (fx - sx.astype(np.float32)).astype(np.float32)
    if clamp:  # OpenCV zeroes the weight at the borders of the horizontal pass only
        out = (sx < 0) | (sx >= ssize - 1)
        fx = np.where(out, np.float32(0), fx)
        sx = np.clip(sx, 0, ssize - 1)
    idx = np.clip(np.stack([sx, sx + 1], 1), 0, ssize - 1)
    return _taps(idx, np.stack([np.float32(1) - fx, fx], 1))


def _cubic_weights(x: np.ndarray) -> np.ndarray:
    a = np.float32(-0.75)
    one = np.float32(1)
    x1 = x + one
    c0 = ((a * x1 - 5 * a) * x1 + 8 * a) * x1 - 4 * a
    c1 = ((a + 2) * x - (a + 3)) * x * x + one
    c2 = ((a + 2) * (one - x) - (a + 3)) * (one - x) * (one - x) + one
    c3 = one - c0 - c1 - c2
    return np.stack([c0, c1, c2, c3], 1).astype(np.float32)


def _cubic(ssize: int, dsize: int) -> Taps:
    scale = 1.0 / (dsize / ssize)
    fx = ((np.arange(dsize) + 0.5) * scale - 0.5).astype(np.float32)
    sx = np.floor(fx).astype(np.int64)
    fx = (fx - sx.astype(np.float32)).astype(np.float32)
    idx = np.clip(sx[:, None] + np.arange(-1, 3)[None, :], 0, ssize - 1)
    return _taps(idx, _cubic_weights(fx))


def _nearest(ssize: int, dsize: int) -> np.ndarray:
    scale = 1.0 / (dsize / ssize)
    return np.minimum(np.floor(np.arange(dsize) * scale).astype(np.int64), ssize - 1).astype(
        np.int32
    )


def _area(ssize: int, dsize: int) -> Taps:
    """OpenCV's ``computeResizeAreaTab``, padded to a fixed tap count with zero weights."""
    scale = 1.0 / (dsize / ssize)
    rows: list[list[tuple[int, float]]] = []
    for dx in range(dsize):
        f1 = dx * scale
        f2 = f1 + scale
        cell = min(scale, ssize - f1)
        s2 = min(math.floor(f2), ssize - 1)
        s1 = min(math.ceil(f1), s2)
        taps = []
        if s1 - f1 > 1e-3:
            taps.append((s1 - 1, (s1 - f1) / cell))
        taps += [(s, 1.0 / cell) for s in range(s1, s2)]
        if f2 - s2 > 1e-3:
            taps.append((s2, min(min(f2 - s2, 1.0), cell) / cell))
        rows.append(taps)
    k = max(len(t) for t in rows)
    idx = np.zeros((dsize, k), np.int64)
    w = np.zeros((dsize, k), np.float32)
    for d, taps in enumerate(rows):
        for j, (s, a) in enumerate(taps):
            idx[d, j], w[d, j] = s, np.float32(a)
    return _taps(idx, w)


@lru_cache(maxsize=512)
def plan(h: int, w: int, oh: int, ow: int, interp: str) -> Plan:
    """The coefficient tables for resizing ``h x w`` to ``oh x ow``."""
    if interp == NEAREST:
        return Plan(
            "nearest",
            Taps(_nearest(w, ow)[:, None], None, None),
            Taps(_nearest(h, oh)[:, None], None, None),
        )
    if interp == CUBIC:
        return Plan("taps", _cubic(w, ow), _cubic(h, oh))
    sx, sy = 1.0 / (ow / w), 1.0 / (oh / h)
    isx, isy = round(sx), round(sy)
    fast = abs(sx - isx) < np.finfo(float).eps and abs(sy - isy) < np.finfo(float).eps
    if interp == LINEAR and fast and isx == 2 and isy == 2:
        interp = AREA  # OpenCV: a 2x linear shrink is the fast area average
    if interp == AREA and sx >= 1 and sy >= 1:
        if fast:
            return Plan("area_fast", None, None, (isy, isx))
        return Plan("area", _area(w, ow), _area(h, oh))
    area_mode = interp == AREA
    return Plan("taps", _linear(w, ow, area_mode, True), _linear(h, oh, area_mode, False))


def _along(w: np.ndarray, axis: int) -> np.ndarray:
    """A per-index weight vector shaped to broadcast along ``axis`` of an NHWC array (full rank)."""
    shape = [1, 1, 1, 1]
    shape[axis] = -1
    return w.reshape(shape)


def _pass(xp, s, taps: Taps, weights, axis: int = 2):
    """Sum of ``s`` taken at ``taps.idx[:, k]`` along ``axis`` (2: width, 1: height) times
    ``weights[:, k]`` over the taps, in tap order (OpenCV's order)."""
    acc = None
    for k in range(taps.idx.shape[1]):
        term = xp.take(s, taps.idx[:, k], axis=axis) * _along(weights[:, k], axis)
        acc = term if acc is None else acc + term
    return acc


def _round_to(xp, v, dtype):
    """OpenCV's ``saturate_cast`` from float: round half to even, then clip to the type's range."""
    if np.issubdtype(dtype, np.floating):
        return v.astype(dtype)
    info = np.iinfo(dtype)
    return xp.clip(xp.rint(v), info.min, info.max).astype(dtype)


def _linear_u8(xp, x, p: Plan):
    s = x.astype(np.int32)
    h = _pass(xp, s, p.x, p.x.iw)
    q = xp.right_shift(h, 4)
    b = p.y.iw
    t0 = xp.right_shift(xp.take(q, p.y.idx[:, 0], axis=1) * _along(b[:, 0], 1), 16)
    t1 = xp.right_shift(xp.take(q, p.y.idx[:, 1], axis=1) * _along(b[:, 1], 1), 16)
    out = xp.right_shift(t0 + t1 + 2, 2)
    return xp.clip(out, 0, 255).astype(np.uint8)


def _linear_u8_numpy(x: np.ndarray, p: Plan) -> np.ndarray:
    """``_linear_u8`` for numpy, the host pipeline's hot path.

    Works batch-last (<H, W, C, N>) so every gather copies whole contiguous rows, and in place.
    """
    s = np.moveaxis(x, 0, -1).astype(np.int32, order="C")
    a = p.x.iw
    h = np.take(s, p.x.idx[:, 0], axis=1)
    h *= a[:, 0][:, None, None]
    h1 = np.take(s, p.x.idx[:, 1], axis=1)
    h1 *= a[:, 1][:, None, None]
    h += h1
    h >>= 4
    b = p.y.iw
    out = np.take(h, p.y.idx[:, 0], axis=0)
    out *= b[:, 0][:, None, None, None]
    out >>= 16
    t1 = np.take(h, p.y.idx[:, 1], axis=0)
    t1 *= b[:, 1][:, None, None, None]
    t1 >>= 16
    out += t1
    out += 2
    out >>= 2
    np.clip(out, 0, 255, out=out)
    return np.moveaxis(out.astype(np.uint8), -1, 0)  # a view; the next copy makes it contiguous


def _cubic_u8(xp, x, p: Plan):
    h = _pass(xp, x.astype(np.int32), p.x, p.x.iw).astype(np.float32)
    b = p.y.iw.astype(np.float32) * np.float32(1.0 / (_COEF_SCALE * _COEF_SCALE))
    rows = [xp.take(h, p.y.idx[:, k], axis=1) * _along(b[:, k], 1) for k in range(4)]
    v = rows[0] + (rows[1] + (rows[2] + rows[3]))
    return xp.clip(xp.rint(v), 0, 255).astype(np.uint8)


def _area_fast(xp, x, p: Plan, oh: int, ow: int):
    fy, fx = p.fast
    n, _, _, c = x.shape
    work = np.int32 if x.dtype == np.uint8 else np.float32
    blocks = x[:, : oh * fy, : ow * fx].astype(work).reshape(n, oh, fy, ow, fx, c)
    total = blocks.sum(axis=(2, 4))
    if x.dtype == np.uint8 and fx == 2 and fy == 2:
        return xp.right_shift(total + 2, 2).astype(np.uint8)
    return _round_to(xp, total.astype(np.float32) * np.float32(1.0 / (fx * fy)), x.dtype)


def resize(xp, x, oh: int, ow: int, interp: str):
    """Resize a batch ``x`` [N, H, W, C] to [N, oh, ow, C] exactly as OpenCV does per image."""
    p = plan(int(x.shape[1]), int(x.shape[2]), oh, ow, interp)
    if p.kind == "nearest":
        return xp.take(xp.take(x, p.y.idx[:, 0], axis=1), p.x.idx[:, 0], axis=2)
    if p.kind == "area_fast":
        return _area_fast(xp, x, p, oh, ow)
    if x.dtype == np.uint8 and p.kind == "taps":
        if interp == CUBIC:
            return _cubic_u8(xp, x, p)
        return _linear_u8_numpy(x, p) if xp is np else _linear_u8(xp, x, p)
    work = np.float64 if x.dtype == np.float64 else np.float32
    s = x.astype(work)
    v = _pass(xp, _pass(xp, s, p.x, p.x.w.astype(work)), p.y, p.y.w.astype(work), axis=1)
    return _round_to(xp, v, x.dtype)
