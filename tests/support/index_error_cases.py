"""Indexing errors: out-of-range indices under augmented assignment, boolean masks of another
shape, a tuple or list on the right of ``+=``/``*=``/``/=`` and NumPy-array indices out of range. ``scripts/record_index_error_fixtures.py`` records the cases under MindSpore 2.10 and
``tests/common/test_index_errors.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def cases(ms) -> dict:
    """Name -> callable of no argument that indexes a (3, 4) Tensor and returns the result.

    MindSpore 2.10 refuses every NumPy-array index (IndexError: only integers, slices, ...), in
    range or not; ``numpy_index_cases.py`` records the whole family."""

    def t():
        return ms.Tensor(np.arange(12).reshape(3, 4).astype(np.float32))

    def iadd(index, value=1):
        def run():
            x = t()
            x[index] += value
            return x

        return run

    def augmented(op, value):
        def run():
            x = t()
            if op == "+":
                x[0] += value
            elif op == "-":
                x[0] -= value
            elif op == "*":
                x[0] *= value
            else:
                x[0] /= value
            return x

        return run

    def setitem(index, value):
        def run():
            x = t()
            x[index] = value
            return x

        return run

    return {
        "iadd_list_out_of_range": iadd([5]),
        "iadd_list_one_out_of_range": iadd([0, 5]),
        "iadd_tensor_out_of_range": lambda: iadd(ms.Tensor([5]))(),
        "iadd_second_axis_out_of_range": iadd((1, 7)),
        "iadd_negative_out_of_range": iadd(-4),
        "iadd_in_range": iadd((1, -1)),
        "mask_shorter": lambda: t()[ms.Tensor(np.array([True, False]))],
        "mask_wider": lambda: t()[ms.Tensor(np.ones((3, 5), bool))],
        "mask_matching": lambda: t()[ms.Tensor(np.array([True, False, True]))],
        "iadd_tuple_row": iadd(0, (1, 2, 3, 4)),
        "iadd_short_tuple_row": iadd(0, (1, 2)),
        "iadd_list_row": iadd(0, [1, 2, 3, 4]),
        "iadd_float_tuple_row": iadd(0, (1.0, 2.5, 3.0, 4.0)),
        "iadd_nested_tuple_rows": iadd(slice(0, 1), ((1, 2, 3, 4),)),
        "iadd_tensor_in_tuple_row": lambda: iadd(0, (ms.Tensor(1.0), 2))(),
        "isub_tuple_row": augmented("-", (1, 2, 3, 4)),
        "imul_tuple_row": augmented("*", (1, 2, 3, 4)),
        "idiv_tuple_row": augmented("/", (1, 2, 3, 4)),
        "add_tuple_row": lambda: t()[0] + (1, 2, 3, 4),
        "set_tuple_row": setitem(0, (1, 2, 3, 4)),
        "numpy_index_out_of_range": lambda: t()[np.array([5])],
        "numpy_index_one_out_of_range": lambda: t()[np.array([0, 3])],
        "numpy_index_negative_out_of_range": lambda: t()[np.array([-4])],
        "numpy_index_set_out_of_range": setitem(np.array([5]), 1.0),
    }


def outcome(fn) -> dict:
    """The values, or the exception type and first message line (MindSpore's ``error_code``
    suffix dropped)."""
    try:
        return {"values": fn().asnumpy().tolist()}
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        message = str(e).strip().split("\n")[0].split(", error_code[")[0]
        return {"error": type(e).__name__, "message": message}
