"""``Model.predict`` with 2.10's keyword arguments (``backend``, ``config``) and input/output
checks. ``scripts/record_model_predict_fixtures.py`` records the outcomes under MindSpore 2.10
and ``tests/train/test_model_predict.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def cases(ms) -> dict:
    """Name -> callable of no argument returning ``Model.predict``'s result."""
    nn = ms.nn

    class Two(nn.Cell):
        def construct(self, x, y=None):
            return x if y is None else x + y

    class Nothing(nn.Cell):
        def construct(self, x):
            return None

    class Pair(nn.Cell):
        def construct(self, x):
            return (x, x * 2)

    def x():
        return ms.Tensor(np.array([[1.0, 2.0]], np.float32))

    def predict(*args, net=Two, **kw):
        return lambda: ms.Model(net()).predict(*args, **kw)

    return {
        "plain": lambda: predict(x())(),
        "backend_lite_falls_back": lambda: predict(x(), backend="lite")(),
        "backend_lite_with_config": lambda: predict(x(), backend="lite", config={"a": 1})(),
        "backend_none": lambda: predict(x(), backend=None)(),
        "backend_unknown": lambda: predict(x(), backend="ge")(),
        "config_alone": lambda: predict(x(), config={"configPath": "none.ini"})(),
        "none_input": lambda: predict(x(), None)(),
        "int_input": lambda: predict(x(), 3)(),
        "float_input": lambda: predict(x(), 0.5)(),
        "numpy_input": predict(np.ones((1, 2), np.float32)),
        "list_input": lambda: predict([x()])(),
        "empty_tensor": lambda: predict(ms.Tensor(np.zeros((0, 2), np.float32)))(),
        "none_output": lambda: predict(x(), net=Nothing)(),
        "tuple_output": lambda: predict(x(), net=Pair)(),
    }


def outcome(fn) -> dict:
    """The output's values (a tuple's as a list of them), or the exception type and first message
    line."""
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        return {"error": type(e).__name__, "message": str(e).strip().split("\n")[0]}
    if isinstance(r, tuple):
        return {"tuple": [v.asnumpy().tolist() for v in r]}
    return {"values": r.asnumpy().tolist()}
