"""Argument checks of ``ops`` that MindSpore 2.10 makes: integer dtypes for ``randint``/
``randint_like``, ``masked_select``'s broadcast check, ``ctc_loss``'s length checks (its
CPU kernel's) and ``logsumexp``'s keywords (``dim``/``keepdim``; ``axis`` is refused) and ``pad``'s ``padding`` (a flat
tuple or list of ints). ``scripts/record_ops_argument_error_fixtures.py`` records them under 2.10 and
``tests/ops/test_ops_argument_errors.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np


def cases(ms) -> dict:
    """Name -> callable of no argument returning a Tensor (or raising)."""
    ops, nn = ms.ops, ms.nn

    def t(a, dtype=np.float32):
        return ms.Tensor(np.array(a, dtype))

    def msel(xs, ms_):
        return lambda: ops.masked_select(
            ms.Tensor(np.zeros(xs, np.float32)), ms.Tensor(np.ones(ms_, np.bool_))
        )

    lp = np.log(np.full((5, 2, 4), 0.25, np.float32))

    def ctc(in_len, tg_len, reduction="mean", zero_infinity=False):
        def run():
            loss = nn.CTCLoss(blank=0, reduction=reduction, zero_infinity=zero_infinity)
            return loss(
                ms.Tensor(lp),
                t([[1, 2], [3, 1]], np.int32),
                t(in_len, np.int32),
                t(tg_len, np.int32),
            )

        return run

    return {
        "randint_int8": lambda: ops.randint(0, 5, (2,), dtype=ms.int8),
        "randint_float32": lambda: ops.randint(0, 5, (2,), dtype=ms.float32),
        "randint_bool": lambda: ops.randint(0, 5, (2,), dtype=ms.bool_),
        "randint_uint8": lambda: ops.randint(0, 5, (2,), dtype=ms.uint8),
        "randint_like_float_input": lambda: ops.randint_like(t([0.0, 0.0]), 0, 5),
        "randint_like_float_dtype": lambda: ops.randint_like(
            t([0, 0], np.int32), 0, 5, dtype=ms.float32
        ),
        "randint_like_int16": lambda: ops.randint_like(t([0, 0], np.int16), 0, 5),
        "masked_select_broadcasts": msel((2, 3), (1, 3)),
        "masked_select_1d": msel((3,), (2,)),
        "masked_select_first_axis": msel((2, 3), (4, 3)),
        "masked_select_last_axis": msel((2, 3), (2, 4)),
        "masked_select_longer_input": msel((5, 2, 3), (4, 3)),
        "masked_select_longer_mask": msel((3,), (4, 2)),
        "ctc_lengths_ok": ctc([5, 4], [2, 1]),
        "ctc_input_shorter_than_target": ctc([1, 4], [2, 1], zero_infinity=True),
        "ctc_input_longer_than_steps": ctc([6, 4], [2, 1]),
        "ctc_negative_input_length": ctc([5, -1], [2, 0], reduction="sum"),
        "ctc_target_length_past_targets": ctc([5, 4], [3, 1], reduction="none"),
        "logsumexp_dim_keepdim": lambda: ops.logsumexp(t(lp), dim=1, keepdim=True),
        "logsumexp_axis_keyword": lambda: ops.logsumexp(t(lp), axis=1),
        "tensor_logsumexp_dim_keepdim": lambda: t(lp).logsumexp(dim=(0, 2), keepdim=True),
        # mindcv's volo passes NumPy-style (before, after) pairs; 2.10 takes a flat tuple
        "pad_flat": lambda: ops.pad(t(np.ones((1, 2, 2, 2))), (1, 1, 0, 2)),
        "pad_pairs": lambda: ops.pad(t(np.ones((1, 2, 2, 2))), ((0, 0), (0, 0), (1, 1), (1, 1))),
        "pad_list_of_lists": lambda: ops.pad(t(np.ones((2, 2))), [[1, 1], [1, 1]]),
        "pad_float_entry": lambda: ops.pad(t(np.ones((2, 2))), (1, 1.0)),
        "pad_odd_length": lambda: ops.pad(t(np.ones((2, 2))), (1, 1, 1)),
    }


def outcome(fn) -> dict:
    """The result's dtype and shape (random values are not compared), or the exception type and
    first message line."""
    try:
        r = fn()
        r.asnumpy()  # MindSpore launches asynchronously: a kernel's failure surfaces here
        return {"dtype": str(r.dtype), "shape": list(r.shape)}
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        return {"error": type(e).__name__, "message": str(e).strip().split("\n")[0]}
