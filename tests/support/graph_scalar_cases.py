"""``int()``, ``float()`` and ``bool()`` of an input Tensor inside a GRAPH_MODE ``construct``
(MindSpore 2.10 runs them at run time: JIT Fallback) and of a Tensor of two elements (a
ValueError, worded by the graph compiler or by PyNative). ``scripts/record_graph_scalar_fixtures.py``
records the cases under MindSpore 2.10 and ``tests/nn/test_graph_scalar_reads.py`` replays them."""

from __future__ import annotations

import numpy as np


def _outcome(fn) -> dict:
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        return {"error": type(e).__name__, "message": str(e).strip().split("\n")[0]}
    if hasattr(r, "asnumpy"):
        return {"type": "Tensor", "value": r.asnumpy().astype(np.float64).round(5).tolist()}
    return {"type": type(r).__name__, "value": r}


def cases(ms) -> dict:
    """Name -> outcome; runs GRAPH_MODE cases, then PyNative ones, and leaves PYNATIVE_MODE set."""
    nn, Tensor = ms.nn, ms.Tensor

    class ToInt(nn.Cell):
        def construct(self, x):
            return int(x)

    class ToFloat(nn.Cell):
        def construct(self, x):
            return float(x)

    class ToBool(nn.Cell):
        def construct(self, x):
            return bool(x)

    class ScaleByInt(nn.Cell):
        def construct(self, x):
            return x * int(x)

    class BranchOnBool(nn.Cell):
        def construct(self, x):
            if bool(x):
                return x + 1
            return x - 1

    inputs = {
        "f32_scalar": lambda: Tensor(2.7, ms.float32),
        "i32_one": lambda: Tensor(np.array([3], np.int32)),
        "i32_zero": lambda: Tensor(0, ms.int32),
        "f32_two": lambda: Tensor(np.array([1.5, 2.0], np.float32)),
    }
    out: dict = {}
    ms.set_context(mode=ms.GRAPH_MODE)
    for cls in (ToInt, ToFloat, ToBool, ScaleByInt, BranchOnBool):
        for name, make in inputs.items():
            out[f"graph_{cls.__name__}_{name}"] = _outcome(lambda c=cls, m=make: c()(m()))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    for fn in (int, float, bool):
        out[f"pynative_{fn.__name__}_f32_two"] = _outcome(lambda f=fn: f(inputs["f32_two"]()))
    return out
