"""OpenCV's 8-bit full-range HSV conversions as MindSpore 2.10's bundled OpenCV (4.11) computes them.

MindSpore's AdjustHue (and RandomColorAdjust's hue) runs ``cv::cvtColor(RGB2HSV_FULL)``, shifts
the hue and converts back with ``HSV2RGB_FULL``. Released OpenCV wheels since 4.12 round the
back conversion where 4.11 truncates most pixels, so calling the installed ``cv2`` would give
other pixels depending on its version. Here both directions are computed as 4.11 does:

- RGB to HSV (hue range 256): integer arithmetic with the reciprocal tables
  ``round((255 << 12) / v)`` and ``round((256 << 12) / (6 * diff))``, rounded by ``+ 2**11 >> 12``.
- HSV to RGB (hue range 255 on the way back): float32 with ``hscale = 6/255``, the sector's
  ``v * (1 - s)``, ``v * (1 - s*f)``, ``v * (1 - s*(1 - f))`` (the inner ``1 - s*x`` fused into
  one rounding, as the AVX2 build's compiler contracts it), times 255. The vector loop handles
  each row in blocks of 32 pixels (8 float lanes, 4 vectors) and *truncates*; the pixels after
  the last whole block of a row go through the scalar loop, which *rounds* to nearest.
"""

from __future__ import annotations

import numpy as np

_SHIFT = 12
_BLOCK = 32  # pixels per step of the vector loop (AVX2: 8 float32 lanes x 4)
_SECTORS = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def _tables() -> tuple[np.ndarray, np.ndarray]:
    i = np.arange(256, dtype=np.float64)
    safe = np.where(i == 0, 1.0, i)
    sdiv = np.where(i == 0, 0, np.rint((255 << _SHIFT) / safe)).astype(np.int64)
    hdiv = np.where(i == 0, 0, np.rint((256 << _SHIFT) / (6.0 * safe))).astype(np.int64)
    return sdiv, hdiv


_SDIV, _HDIV = _tables()


def rgb_to_hsv_full(x: np.ndarray) -> np.ndarray:
    """uint8 RGB <..., 3> to OpenCV's full-range HSV (hue in [0, 255])."""
    r, g, b = (x[..., k].astype(np.int64) for k in range(3))
    v = np.maximum(np.maximum(b, g), r)
    diff = v - np.minimum(np.minimum(b, g), r)
    vr = np.where(v == r, -1, 0)
    vg = np.where(v == g, -1, 0)
    half = 1 << (_SHIFT - 1)
    s = (diff * _SDIV[v] + half) >> _SHIFT
    h = (vr & (g - b)) + (~vr & ((vg & (b - r + 2 * diff)) + (~vg & (r - g + 4 * diff))))
    h = (h * _HDIV[diff] + half) >> _SHIFT
    h = np.where(h < 0, h + 256, h)
    return np.stack([np.clip(h, 0, 255), s, v], -1).astype(np.uint8)


def hsv_full_to_rgb(hsv: np.ndarray) -> np.ndarray:
    """OpenCV's full-range HSV <H, W, 3> (uint8) back to uint8 RGB."""
    f32 = np.float32
    one = f32(1)
    h = hsv[..., 0].astype(f32) * f32(6.0 / 255.0)
    s = hsv[..., 1].astype(f32) * f32(1.0 / 255.0)
    v = hsv[..., 2].astype(f32) * f32(1.0 / 255.0)
    sector = np.trunc(h)
    frac = h - sector
    # 1 - s*x with one rounding (a fused multiply-add), in float64 where s*x is exact
    tab2 = (1.0 - s.astype(np.float64) * frac.astype(np.float64)).astype(f32)
    tab3 = (1.0 - s.astype(np.float64) * (one - frac).astype(np.float64)).astype(f32)
    tab = np.stack([v, v * (one - s), v * tab2, v * tab3], -1)
    bgr = np.take_along_axis(tab, _SECTORS[sector.astype(np.int64) % 6], -1)
    rgb = bgr[..., ::-1] * f32(255)
    width = hsv.shape[1]
    vector = (np.arange(width) < width // _BLOCK * _BLOCK)[:, None]
    out = np.where(vector, np.trunc(rgb), np.rint(rgb))
    return np.clip(out, 0, 255).astype(np.uint8)
