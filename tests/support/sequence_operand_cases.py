"""Tensor ``+``/``-`` with list and tuple operands: the cases ``scripts/record_tensor_sequence_operand_fixtures.py``
records under MindSpore 2.10 and ``tests/common/test_tensor_sequence_operands.py`` replays on deepsink.
Each case maps the framework module to a result Tensor; ``describe`` keeps its dtype and values, or the
exception type."""

from __future__ import annotations

import numpy as np


def _f32(ms):
    return ms.Tensor(np.arange(4).astype(np.float32))


def _setitem_isub(ms):
    t = ms.Tensor(np.arange(12).reshape(3, 4).astype(np.float32))
    t[[1], ...] -= [4, 3, 2, 1]
    return t


CASES = {
    "sub_list": lambda ms: _f32(ms) - [4, 3, 2, 1],
    "add_tuple": lambda ms: _f32(ms) + (1, 2, 3, 4),
    "rsub_list": lambda ms: [4, 3, 2, 1] - _f32(ms),
    "radd_nested_list": lambda ms: [[1], [2]] + _f32(ms),
    "sub_float_list_from_int_tensor": lambda ms: ms.Tensor(np.arange(4)) - [0.5, 1, 1, 1],
    "mul_list": lambda ms: _f32(ms) * [1, 2, 3, 4],
    "setitem_isub_list": _setitem_isub,
}


def describe(ms, fn) -> dict:
    try:
        r = fn(ms)
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception type
        return {"error": type(e).__name__}
    return {"dtype": str(r.dtype), "values": r.asnumpy().tolist()}
