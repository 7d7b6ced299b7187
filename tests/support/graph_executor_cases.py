"""``mindspore.common.api._cell_graph_executor`` as MindSpore's test programs use it: compiling a
Cell for some inputs, running it, and the Parameter-name check compiling does.
``scripts/record_graph_executor_fixtures.py`` records the cases under MindSpore 2.10 and
``tests/common/test_graph_executor.py`` replays them on deepsink."""

from __future__ import annotations

import importlib

import numpy as np


def _error(fn) -> dict:
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        return {"error": type(e).__name__, "message": str(e).strip().split("\n")[0]}
    return {"error": None}


def cases(ms) -> dict:
    """Name -> the outcome (JSON-able) of one use of the executor."""
    executor = importlib.import_module(ms.__name__ + ".common.api")._cell_graph_executor
    nn, Parameter, Tensor = ms.nn, ms.Parameter, ms.Tensor

    class SameNames(nn.Cell):
        def __init__(self, t):
            super().__init__()
            self.w2 = Parameter(t, name="weight")
            self.w1 = Parameter(t, name="weight")

        def construct(self, x):
            return x + self.w1

    x = Tensor(np.ones((2, 3), np.float32))
    out: dict = {}
    ms.set_context(mode=ms.PYNATIVE_MODE)
    out["same_names_executor_compile"] = _error(lambda: executor.compile(SameNames(x), x))
    out["same_names_cell_compile_pynative"] = _error(lambda: SameNames(x).compile(x))
    out["same_names_call_pynative"] = _error(lambda: SameNames(x)(x))

    dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    phase, first = executor.compile(dense, x)
    again, second = executor.compile(dense, x)
    out["compile_twice"] = {
        "phase_prefix": phase.split(".")[0],
        "same_phase": phase == again,
        "compiled_now": [first, second],
        "has_compiled": executor.has_compiled(phase),
    }
    out["run"] = executor(dense, x).asnumpy().tolist()
    out["run_by_full_phase"] = _error(lambda: executor(dense, x, phase=phase))
    out["weights_unchanged_by_compile"] = dense.weight.asnumpy().tolist()
    out["run_not_compiled"] = _error(lambda: executor(nn.Dense(3, 2), x))
    out["no_construct"] = _error(lambda: executor.compile(object(), x))
    return out
