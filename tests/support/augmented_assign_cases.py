"""Augmented assignment on Tensors with a Python list on the right, and augmented assignment
through an index (``t[[1], ...] -= [4, 3, 2, 1]``, out-of-range indices): one list for the recorder
(``scripts/record_augmented_assign_fixtures.py``, run on MindSpore 2.10) and the test
(``tests/common/test_augmented_assign.py``, run on deepsink)."""

from __future__ import annotations

import numpy as np

OPS = ("+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>=", "@=")

INDEXED = {
    "sub_list_through_list_index": "t[[1], ...] -= [4, 3, 2, 1]",
    "add_list_through_int_index": "t[0] += [1, 2, 3, 4]",
    "mul_list_through_column": "t[:, 1] *= [2, 3]",
    "floordiv_nested_list": "t[..., [1]] //= [[2], [3]]",
    "add_out_of_range_int": "t[5] += 1",
    "add_out_of_range_list": "t[[0, 3]] += 1",
    "sub_out_of_range_second_axis": "t[1, 7] -= 2",
}


def _outcome(code: str, t) -> str:
    try:
        exec(code, {}, {"t": t})  # noqa: S102 - the recorded programs are the fixed strings above
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        return f"{type(e).__name__}: {(str(e).splitlines() or [''])[0]}"
    return f"ok {t.dtype} {np.asarray(t.asnumpy()).ravel().tolist()}"


def outcomes(ms) -> dict:
    out = {}
    for dt in (np.float32, np.int32):
        for op in OPS:
            rhs = "[[1], [2], [3], [4]]" if op == "@=" else "[1, 2, 3, 4]"
            t = ms.Tensor(np.arange(1, 9, dtype=dt).reshape(2, 4))
            out[f"{np.dtype(dt).name} {op}"] = _outcome(f"t {op} {rhs}", t)
    for name, code in INDEXED.items():
        out[name] = _outcome(code, ms.Tensor(np.arange(8, dtype=np.float32).reshape(2, 4)))
    return out
