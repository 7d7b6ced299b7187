"""NumPy values as a Tensor's index (arrays alone, in a tuple or list index, NumPy scalars, bool
arrays), read and assigned: ``scripts/record_numpy_index_fixtures.py`` records MindSpore 2.10's
outcome (it refuses them all in PyNative; a GRAPH_MODE Cell has rules of its own) and ``tests/common/test_numpy_index.py`` replays them."""

from __future__ import annotations

import numpy as np

GET = {
    "array_alone": lambda: np.array([0, 1]),
    "array_in_tuple": lambda: (np.array([0, 1]), 1),
    "array_in_tuple_second": lambda: (0, np.array([0, 2])),
    "array_after_slice": lambda: (slice(None), np.array([0, 2])),
    "array_after_ellipsis": lambda: (Ellipsis, np.array([0, 1])),
    "array_2d": lambda: np.array([[0], [1]]),
    "array_0d": lambda: np.array(1),
    "array_0d_in_tuple": lambda: (np.array(1), 0),
    "array_in_list": lambda: [np.array(0), 1],
    "int64_scalar": lambda: np.int64(1),
    "int32_scalar_in_tuple": lambda: (np.int32(1), 0),
    "ints_in_list": lambda: [np.int64(0), np.int64(1)],
    "bool_array": lambda: np.array([True, False]),
    "bool_array_in_tuple": lambda: (0, np.array([True, False, True])),
    "bool_scalar": lambda: np.bool_(True),
    "float_scalar": lambda: np.float32(1),
    "float_array": lambda: np.array([0.0, 1.0]),
}

SET = ("array_alone", "array_in_tuple", "int64_scalar", "bool_array", "array_in_list")


def _outcome(fn) -> str:
    try:
        return f"ok {list(fn().shape)}"
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        # NumPy 2 names the bool scalar class numpy.bool (NumPy 1: numpy.bool_)
        return f"{type(e).__name__}: {(str(e).splitlines() or [''])[0]}".replace(
            "numpy.bool_'", "numpy.bool'"
        )


def outcomes(ms) -> dict:
    def tensor():
        return ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))

    def assign(index):
        t = tensor()
        t[index] = 1.0
        return t

    out = {f"get_{k}": _outcome(lambda k=k: tensor()[GET[k]()]) for k in GET}
    out.update({f"set_{k}": _outcome(lambda k=k: assign(GET[k]())) for k in SET})
    out.update(graph_outcomes(ms, tensor))
    return out


def graph_outcomes(ms, tensor) -> dict:
    """The same indices held by a GRAPH_MODE Cell: the graph compiler's rules."""

    class Get(ms.nn.Cell):
        def __init__(self, index):
            super().__init__()
            self.index = index

        def construct(self, x):
            return x[self.index]

    class Set(ms.nn.Cell):
        def __init__(self, index):
            super().__init__()
            self.index = index

        def construct(self, x):
            x[self.index] = 1.0
            return x

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = {f"graph_get_{k}": _outcome(lambda k=k: Get(GET[k]())(tensor())) for k in GET}
        out.update({f"graph_set_{k}": _outcome(lambda k=k: Set(GET[k]())(tensor())) for k in SET})
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out
