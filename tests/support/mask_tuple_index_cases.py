"""Boolean masks inside a tuple index (``t[mask, 0]``, ``t[0, mask]``, ``t[..., mask]``), read,
written and augmented, with masks of the indexed axes' length, shorter and longer.
``scripts/record_mask_tuple_index_fixtures.py`` records them under MindSpore 2.10 and
``tests/common/test_mask_tuple_index.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np

from tests.support.index_error_cases import outcome

__all__ = ["cases", "outcome"]

T, F = True, False


def cases(ms) -> dict:
    """Name -> callable of no argument that indexes a (2, 3, 4) Tensor and returns the result."""

    def x():
        return ms.Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))

    def m(*rows):
        return ms.Tensor(np.array(rows if len(rows) > 1 else rows[0], np.bool_))

    def get(*index):
        return lambda: x()[index]

    def put(value, *index):
        def run():
            y = x()
            y[index] = value
            return y

        return run

    def iadd(value, *index):
        def run():
            y = x()
            y[index] += value
            return y

        return run

    return {
        "get_mask_int": lambda: get(m([T, F]), 0)(),
        "get_int_mask": lambda: get(0, m([T, F, T]))(),
        "get_ellipsis_mask": lambda: get(Ellipsis, m([T, F, T, T]))(),
        "get_list_mask_int": get([T, F], 0),
        "get_mask2d_int": lambda: get(m([T, F, T], [F, F, T]), 1)(),
        "get_mask_slice": lambda: get(m([T, T]), slice(1, None))(),
        "get_mask_mask": lambda: get(m([T, T]), m([T, F, T]))(),
        "get_mask_int_mask": lambda: get(m([T, F]), 1, m([T, F, T, F]))(),
        "get_mask_none": lambda: get(m([T, F]), None)(),
        "get_all_false": lambda: get(0, m([F, F, F]))(),
        "get_short_int_mask": lambda: get(0, m([T, F]))(),
        "get_short_mask_int": lambda: get(m([T]), 0)(),
        "get_short_ellipsis_mask": lambda: get(Ellipsis, m([F, T]))(),
        "get_short_mask2d_int": lambda: get(m([T, F], [F, T]), 1)(),
        "get_long_false_tail": lambda: get(0, m([T, F, T, F, F]))(),
        "get_long_int_mask": lambda: get(0, m([T, F, T, T, F]))(),
        "get_long_mask_int": lambda: get(m([T, F, T]), 0)(),
        "get_long_mask_slice": lambda: get(m([T, F, T]), slice(1, None))(),
        "get_long_mask2d_int": lambda: get(m([T, F, F, T], [F, F, F, F]), 1)(),
        "set_mask_int": lambda: put(-1.0, m([T, F]), 0)(),
        "set_int_mask": lambda: put(-1.0, 0, m([T, F, T]))(),
        "set_ellipsis_mask": lambda: put(-1.0, Ellipsis, m([T, F, T, T]))(),
        "set_list_mask_int": put(-1.0, [T, F], 0),
        "set_mask_int_row": lambda: put(
            ms.Tensor(np.array([9, 8, 7, 6], np.float32)), m([T, F]), 0
        )(),
        "set_int_mask_row": lambda: put(
            ms.Tensor(np.array([[9, 8, 7, 6]], np.float32)), 0, m([T, F, T])
        )(),
        "set_short_int_mask": lambda: put(-1.0, 0, m([T, F]))(),
        "set_short_mask_int": lambda: put(-1.0, m([T]), 1)(),
        "set_long_false_tail": lambda: put(-1.0, 0, m([T, F, T, F, F]))(),
        "set_long_int_mask": lambda: put(-1.0, 0, m([T, F, T, T, F]))(),
        "set_long_past_the_end": lambda: put(-1.0, 1, m([F, F, F, F, T]))(),
        "set_long_mask_int": lambda: put(-1.0, m([T, F, T]), 0)(),
        "iadd_int_mask": lambda: iadd(100.0, 0, m([T, F, T]))(),
        "iadd_short_int_mask": lambda: iadd(100.0, 0, m([T, F]))(),
        "iadd_ellipsis_mask": lambda: iadd(100.0, Ellipsis, m([T, F, T, T]))(),
    }
