"""Bicubic resizing through each public entry (``ops.interpolate``, ``nn.Upsample``,
``ops.ResizeBicubic``): sizes up and down, both ``align_corners`` settings, recomputed scale
factors and float16/float64 inputs. ``scripts/record_bicubic_fixtures.py`` records the outputs
under MindSpore 2.10 and ``tests/ops/test_bicubic_kernel.py`` compares them bit for bit."""

from __future__ import annotations

import numpy as np


def _input(shape, dtype=np.float32):
    rng = np.random.RandomState(sum(shape) * 7 + len(shape))
    return (rng.randn(*shape) * 3).astype(dtype)


def cases(ms) -> dict:
    """Name -> callable of no argument returning the resized Tensor."""

    def interp(shape, dtype=np.float32, **kw):
        return lambda: ms.ops.interpolate(ms.Tensor(_input(shape, dtype)), mode="bicubic", **kw)

    def upsample(shape, **kw):
        return lambda: ms.nn.Upsample(mode="bicubic", **kw)(ms.Tensor(_input(shape)))

    def prim(shape, size, **kw):
        return lambda: ms.ops.ResizeBicubic(**kw)(
            ms.Tensor(_input(shape)), ms.Tensor(np.array(size, np.int32))
        )

    out = {}
    for ac in (False, True):
        tag = "corners" if ac else "half_pixel"
        out[f"up_{tag}"] = interp((1, 2, 5, 7), size=(9, 13), align_corners=ac)
        out[f"down_{tag}"] = interp((2, 1, 11, 9), size=(4, 3), align_corners=ac)
        out[f"mixed_{tag}"] = interp((1, 3, 6, 8), size=(10, 5), align_corners=ac)
        out[f"odd_ratio_{tag}"] = interp((1, 1, 7, 3), size=(17, 23), align_corners=ac)
        out[f"to_one_{tag}"] = interp((1, 1, 5, 4), size=(1, 6), align_corners=ac)
        out[f"from_one_{tag}"] = interp((1, 1, 1, 4), size=(3, 6), align_corners=ac)
        out[f"scale_{tag}"] = interp(
            (1, 2, 6, 5), scale_factor=1.7, recompute_scale_factor=True, align_corners=ac
        )
        out[f"scale_down_{tag}"] = interp(
            (1, 1, 9, 10), scale_factor=(0.45, 0.6), recompute_scale_factor=True, align_corners=ac
        )
        out[f"upsample_{tag}"] = upsample((1, 2, 4, 6), size=(7, 11), align_corners=ac)
        out[f"float16_{tag}"] = interp((1, 1, 5, 6), np.float16, size=(8, 4), align_corners=ac)
        out[f"float64_{tag}"] = interp((1, 1, 5, 6), np.float64, size=(8, 4), align_corners=ac)
    out["same_size_float64"] = interp((1, 1, 4, 5), np.float64, size=(4, 5))
    out["prim_legacy"] = prim((1, 2, 5, 6), (9, 4))
    out["prim_half_pixel"] = prim((1, 2, 5, 6), (9, 4), half_pixel_centers=True)
    out["prim_corners"] = prim((1, 2, 5, 6), (9, 4), align_corners=True)
    return out


def outcome(fn) -> dict:
    """The output's dtype, shape and values (exactly, as Python floats)."""
    r = fn()
    a = r.asnumpy()
    return {"dtype": str(a.dtype), "shape": list(a.shape), "values": a.ravel().tolist()}
