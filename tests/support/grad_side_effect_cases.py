"""Python side effects inside a function whose gradient is taken: a Tensor the function computes
appended to a global list or written into a global dict, run the same way on MindSpore 2.10
(``scripts/record_grad_side_effect_fixtures.py``) and on deepsink
(``tests/_core/test_grad_side_effects.py``).

MindSpore 2.10 compiles a gradient function made or called in GRAPH_MODE: the function is parsed,
not run, and the graph it becomes works on its own copies of a global list and (written alone) a
global dict, so after the calls both are as they were. In PYNATIVE_MODE the function runs as
Python on every call and the containers receive the Tensors.
"""

from __future__ import annotations

import numpy as np

GRAPH, PYNATIVE = 0, 1
ROWS: list = []
TABLE: dict = {}


def appends(x):
    ROWS.append(x.sum())
    return (x * x).sum()


def writes(x):
    TABLE["doubled"] = x * 2
    return (x * x).sum()


def appends_and_writes(x):
    ROWS.append(x * 3)
    TABLE["y"] = x + 1
    return (x * x * x).sum()


def outcomes(ms) -> dict:
    """``{mode: {case: {"grad": gradient, "rows": the list after two calls, "table": the dict}}}``
    for ``grad`` and ``value_and_grad``."""
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    result = {}
    for mode, tag in ((GRAPH, "graph"), (PYNATIVE, "pynative")):
        ms.set_context(mode=mode)
        for fn in (appends, writes, appends_and_writes):
            for how, make in (("grad", ms.grad), ("value_and_grad", ms.value_and_grad)):
                ROWS.clear()
                TABLE.clear()
                g = make(fn)
                for _ in range(2):
                    out = g(x)
                grad = out[1] if isinstance(out, tuple) else out
                result[f"{tag}/{fn.__name__}/{how}"] = {
                    "grad": grad.asnumpy().tolist(),
                    "rows": [np.asarray(r.asnumpy()).tolist() for r in ROWS],
                    "table": {
                        k: np.asarray(v.asnumpy()).tolist() for k, v in sorted(TABLE.items())
                    },
                }
    ms.set_context(mode=PYNATIVE)
    return result
