"""Augmented assignment on Tensors with a Python list on the right, augmented assignment through
an index (``t[[1], ...] -= [4, 3, 2, 1]``, out-of-range indices) and assignment through a boolean
mask of another shape than the axes it indexes: one list for the recorder
(``scripts/record_index_assign_fixtures.py``, run on MindSpore 2.10) and the test
(``tests/common/test_index_assign.py``, run on deepsink)."""

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


# a lone mask is broadcast to the Tensor's shape (trailing axes added): (data shape, mask shape,
# value)
MASKS = {
    "mask3_scalar": ((2, 4), (3,), "1"),
    "mask23_scalar": ((2, 4), (2, 3), "1"),
    "mask14_scalar": ((2, 4), (1, 4), "5"),
    "mask4_scalar": ((2, 4), (4,), "1"),
    "mask3_tensor": ((2, 4), (3,), "ms.Tensor(np.ones(4, np.float32))"),
    "mask5_3d": ((2, 3, 4), (5,), "1.0"),
    "mask22_3d": ((2, 3, 4), (2, 2), "0"),
    "mask3_iadd": ((2, 4), (3,), None),
}


def _outcome(code: str, t, ms=None) -> str:
    try:
        exec(code, {"ms": ms, "np": np}, {"t": t})  # noqa: S102 - the recorded programs are the fixed strings above
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
    for name, (shape, mshape, value) in MASKS.items():
        t = ms.Tensor(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape))
        mask = f"ms.Tensor(np.ones({mshape}, np.bool_))"
        code = f"t[{mask}] += 1" if value is None else f"t[{mask}] = {value}"
        out[name] = _outcome(code, t, ms)
    return out
