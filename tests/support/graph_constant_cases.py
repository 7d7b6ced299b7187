"""``int()``/``float()``/``bool()`` of a Tensor built from constants inside a GRAPH_MODE
``construct`` (MindSpore's JIT Fallback computes them while compiling):
``scripts/record_graph_constant_fixtures.py`` records the results under MindSpore 2.10 and
``tests/_core/test_graph_constants.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def describe(v) -> object:
    if isinstance(v, list | tuple):
        return [describe(x) for x in v]
    if isinstance(v, bool | int | float):
        return {type(v).__name__: v}
    return {"Tensor": [str(v.dtype), v.asnumpy().tolist()]}


def graph_constants(ms) -> object:
    nn = ms.nn

    class Constants(nn.Cell):
        def construct(self, x):
            n = int(ms.tensor([10]))
            f = float(ms.Tensor(np.array([2.5], np.float32)))
            b = bool(ms.tensor([1]))
            m = int(ms.Tensor(7, ms.int32))
            steps = [x * i for i in range(int(ms.tensor(3)))]
            return x * n + f, b, n, m, f, len(steps), steps[-1]

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        return describe(Constants()(ms.Tensor(np.array([1.0, 2.0], np.float32))))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
