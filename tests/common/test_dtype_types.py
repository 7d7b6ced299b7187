"""The extra dtype names (float8_e4m3fn, float8_e5m2, number, list_, tuple_, type_none,
tensor_type, TensorType, Int, QuantDtype, hifloat8) and dtype_to_pytype /
get_py_obj_dtype against MindSpore 2.10 (recorded); float8 rounding against ml_dtypes, the
library JAX's float8 types come from (MindSpore's CPU build cannot cast to float8)."""

import json
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import deepsink as ms

FIX = json.loads((Path(__file__).resolve().parents[1] / "fixtures/ms/dtype/types.json").read_text())


def test_names_print_as_mindspore():
    for name, want in FIX["str"].items():
        assert str(getattr(ms, name)) == want, name
    for name, want in FIX["repr"].items():
        assert repr(getattr(ms, name)) == want, name
    assert str(ms.TensorType(ms.float32)) == FIX["tensor_type_float32"]
    assert ms.common.dtype.number is ms.number


def test_conversions_match_mindspore():
    for name, want in FIX["dtype_to_pytype"].items():
        assert ms.dtype_to_pytype(getattr(ms, name)).__name__ == want, name
    for expr, want in FIX["get_py_obj_dtype"].items():
        assert str(ms.get_py_obj_dtype(eval(expr))) == want, expr  # noqa: S307
    with pytest.raises(KeyError):
        ms.dtype_to_pytype(ms.number)


def test_int_family_and_quant_dtype():
    for bits, want in FIX["Int"].items():
        assert str(ms.Int(int(bits))) == want
    assert [ms.Int(b) == getattr(ms, f"int{b}") for b in (8, 16, 32, 64)] == FIX["int_equal"]
    assert isinstance(ms.int16, ms.Int) and not isinstance(ms.uint16, ms.Int)
    with pytest.raises(ValueError, match="nbits"):
        ms.Int(4)
    assert {q.name: q.value() for q in ms.QuantDtype} == FIX["quant"]
    assert str(ms.QuantDtype.INT4) == FIX["quant_str"]


def test_float8_tensors_round_as_ml_dtypes():
    x = np.array([1.5, 300.0, 0.3, -7.1], np.float32)
    for dt, ref in (
        (ms.float8_e4m3fn, ml_dtypes.float8_e4m3fn),
        (ms.float8_e5m2, ml_dtypes.float8_e5m2),
    ):
        t = ms.Tensor(x).astype(dt)
        assert t.dtype == dt
        np.testing.assert_array_equal(
            t.astype(ms.float32).asnumpy(), x.astype(ref).astype(np.float32)
        )


def test_ascend_only_types_are_refused():
    with pytest.raises(NotImplementedError, match="Ascend"):
        ms.hifloat8()
