"""Indexing errors: out-of-range indices under augmented assignment and boolean masks of another
shape. ``scripts/record_index_error_fixtures.py`` records the cases under MindSpore 2.10 and
``tests/common/test_index_errors.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def cases(ms) -> dict:
    """Name -> callable of no argument that indexes a (3, 4) Tensor and returns the result."""

    def t():
        return ms.Tensor(np.arange(12).reshape(3, 4).astype(np.float32))

    def iadd(index):
        def run():
            x = t()
            x[index] += 1
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
    }


def outcome(fn) -> dict:
    """The values, or the exception type and first message line (MindSpore's ``error_code``
    suffix dropped)."""
    try:
        return {"values": fn().asnumpy().tolist()}
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        message = str(e).strip().split("\n")[0].split(", error_code[")[0]
        return {"error": type(e).__name__, "message": message}
