"""MindSpore 2.10's dtype rules, checked against what 2.10 itself returned.

The fixture ``tests/fixtures/ms/dtype/rules.json`` is written by
``scripts/record_dtype_fixtures.py`` with real MindSpore: creation from Python scalars, lists,
numpy scalars and arrays; ``ops.cast``; tensor-tensor and tensor-scalar promotion; the result
dtypes of common ops. Cases where MindSpore's CPU build has no kernel (BFloat16 comparisons,
``exp`` of ints) are recorded as errors and not compared: deepsink computes them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jax
import numpy as np
import pytest
from faultkit import HANG_S

import deepsink as ms
from deepsink import Tensor, ops

RULES = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "dtype" / "rules.json").read_text()
)
DTYPES = {
    "bool_": np.bool_, "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64,
    "float16": np.float16, "float32": np.float32, "float64": np.float64,
    "complex64": np.complex64, "complex128": np.complex128,
}  # fmt: skip
PY = {
    "int": 1, "float": 1.5, "bool": True, "big_int": 2**40, "neg_int": -3,
    "list_int": [1, 2], "list_float": [1.0, 2.5], "list_mixed": [1, 2.5],
    "list_bool": [True, False], "list_bool_int": [True, 2], "tuple_int": (1, 2),
    "nested_int": [[1, 2], [3, 4]], "nested_float": [[1.0], [2.0]],
    "float_precise": 0.1, "list_big_int": [2**40, 1],
}  # fmt: skip


def _sample(dt: str) -> Tensor:
    return Tensor(np.array([1, 0] if dt == "bool_" else [3, 2]), getattr(ms, dt))


def _check(got: Tensor, want: dict, what: str) -> None:
    assert str(got.dtype) == want["dtype"], what
    assert list(got.shape) == want["shape"], what
    if "value" in want:
        np.testing.assert_array_equal(got.asnumpy(), np.array(want["value"]), err_msg=what)


def _creation(case: str) -> Tensor:
    if case in PY:
        return Tensor(PY[case])
    if case == "np_array_float64_precise":
        return Tensor(np.array([1 / 3, 2**-40], np.float64))
    if case == "np_array_int64_big":
        return Tensor(np.array([2**40], np.int64))
    if case == "np_float64_as_float32":
        return Tensor(np.array([0.1], np.float64), ms.float32)
    kind, _, dt = case.partition("_as_")
    if dt:
        data = {"int": 2, "float": 2.5, "list": [1, 0]}[kind]
        return Tensor(data, getattr(ms, dt))
    for prefix in ("np_array_", "np_scalar_"):
        if case.startswith(prefix):
            nd = DTYPES[case[len(prefix) :]]
            return Tensor(np.array([1, 0], nd) if prefix == "np_array_" else nd(1))
    raise AssertionError(f"unknown creation case {case}")


@pytest.mark.parametrize("want", RULES["creation"], ids=lambda r: r["case"])
def test_creation(want: dict) -> None:
    """``Tensor(data)``: Python float -> Float32, int -> Int64, numpy keeps its dtype."""
    _check(_creation(want["case"]), want, want["case"])


def _cast(case: str) -> Tensor:
    if case == "float64_precise_roundtrip":
        return ops.cast(ops.cast(Tensor(np.array([1 / 3])), ms.float64), ms.float64)
    if case == "int64_big_from_float64":
        return ops.cast(Tensor(np.array([2.0**40])), ms.int64)
    if case == "astype_float64":
        return Tensor([1.0]).astype(ms.float64)
    src, _, dst = case.partition("_to_")
    if src == "float32":
        return ops.cast(Tensor([1.5, 0.0], ms.float32), getattr(ms, dst))
    return ops.cast(_sample(src), getattr(ms, dst))


def test_cast_cases() -> None:
    """``ops.cast`` to every dtype, Float64 values that need 64 bits included."""
    seen = {}
    for want in RULES["cast"]:
        seen.setdefault(want["case"], []).append(want)
    for case, wants in seen.items():
        got = _cast(case)
        # "float32_to_float64" was recorded twice (cast of [1.5, 0] and of the [3, 2] sample)
        assert any(
            str(got.dtype) == w["dtype"]
            and np.array_equal(got.asnumpy(), np.array(w["value"]) if "value" in w else got)
            for w in wants
        ), (case, got, wants)


@pytest.mark.parametrize("op", ["add", "ops.mul"])
def test_tensor_tensor_promotion(op: str) -> None:
    """Every pair of dtypes: bool < ints < floats, uint8 with int8 -> Int16, BFloat16 with
    Float16 -> Float32 (MindSpore's table)."""
    for want in RULES["tensor_tensor"]:
        if want["case"] != op or "error" in want:
            continue
        a, b = _sample(want["a"]), _sample(want["b"])
        got = a + b if op == "add" else ops.mul(a, b)
        _check(got, want, f"{want['a']} {op} {want['b']}")


SCALAR_OPS = {
    "t+1": lambda t: t + 1, "t+1.5": lambda t: t + 1.5, "t+True": lambda t: t + True,
    "2*t": lambda t: 2 * t, "2.5*t": lambda t: 2.5 * t, "t/2": lambda t: t / 2,
    "t-2**40": lambda t: t - 2**40, "ops.add(t,1)": lambda t: ops.add(t, 1),
    "ops.add(t,1.5)": lambda t: ops.add(t, 1.5), "t>1": lambda t: t > 1,
    "t**2": lambda t: t**2, "t//2": lambda t: t // 2,
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(SCALAR_OPS))
def test_tensor_scalar_promotion(case: str) -> None:
    """A Python scalar adopts the tensor's dtype, except float with ints (Float32) and int with
    Bool (Int64); true division of ints gives Float32."""
    for want in RULES["tensor_scalar"]:
        if want["case"] != case or "error" in want:
            continue
        got = SCALAR_OPS[case](_sample(want["a"]))
        assert str(got.dtype) == want["dtype"], f"{want['a']} {case}"
        if "value" in want and want["a"] != "float16":
            np.testing.assert_array_equal(got.asnumpy(), np.array(want["value"]), err_msg=case)


F32 = Tensor(np.array([[1, 4], [3, 2]], np.float32))
I32 = Tensor(np.array([[1, 4], [3, 2]], np.int32))
I64 = Tensor(np.array([[1, 4], [3, 2]], np.int64))
OP_CASES = {
    "argmax_f32": lambda: ops.argmax(F32, 1), "argmin_f32": lambda: ops.argmin(F32, 1),
    "tensor_argmax": lambda: F32.argmax(1), "tensor_argmax_all": lambda: F32.argmax(),
    "max_indices": lambda: ops.max(F32, 1)[1], "topk_indices": lambda: ops.topk(F32, 1)[1],
    "sort_indices": lambda: ops.sort(F32)[1], "argsort": lambda: ops.argsort(F32),
    "mean_i32": lambda: ops.mean(I32), "sum_i32": lambda: ops.sum(I32),
    "sum_bool": lambda: ops.sum(Tensor([True, True])),
    "tensor_sum_bool": lambda: Tensor([True, True]).sum(),
    "div_i32": lambda: ops.div(I32, I32), "truediv_i32": lambda: I32 / I32,
    "div_i64": lambda: I64 / I64, "sqrt_i64": lambda: ops.sqrt(I64),
    "zeros": lambda: ops.zeros((2,)), "ones": lambda: ops.ones((2,)),
    "arange_int": lambda: ops.arange(3), "arange_float": lambda: ops.arange(0.0, 1.0, 0.5),
    "full_int": lambda: ops.full((2,), 1), "fill_int": lambda: ops.fill(ms.int32, (2,), 1),
    "one_hot_i64": lambda: ops.one_hot(Tensor([0, 1]), 3, Tensor(1.0), Tensor(0.0)),
    "cumsum_i32": lambda: ops.cumsum(I32, 0), "tensor_mean_i64": lambda: I64.mean(),
    "linspace": lambda: ops.linspace(0.0, 1.0, 3), "eye": lambda: ops.eye(2),
    "mean_f64": lambda: ops.mean(Tensor(np.ones(2))),
    "norm_f64": lambda: ops.norm(Tensor(np.ones(2))),
    "softmax_f64": lambda: ops.softmax(Tensor(np.ones(2))),
}  # fmt: skip


@pytest.mark.parametrize(
    "want", [r for r in RULES["ops"] if r["case"] in OP_CASES], ids=lambda r: r["case"]
)
def test_op_result_dtypes(want: dict) -> None:
    """Index outputs (argmax Int64, argmin/topk/sort Int32), sums of ints (Int64), means of
    ints (kept), true division of ints (Float32), Float64 kept through reductions."""
    _check(OP_CASES[want["case"]](), want, want["case"])


def test_x64_is_on_and_float32_stays_the_default() -> None:
    assert jax.config.jax_enable_x64
    assert ops.zeros((1,)).dtype == ms.float32 and Tensor(0.5).dtype == ms.float32
    assert ms.Parameter(Tensor(np.zeros(2, np.float32))).dtype == ms.float32


def test_x64_is_on_for_any_entry_point() -> None:
    """Importing only ``deepsink.common`` already enables 64-bit types (no 32-bit arrays created
    before the switch)."""
    code = (
        "import deepsink.common.tensor as t, jax, numpy as np;"
        "assert jax.config.jax_enable_x64;"
        "assert str(t.Tensor(np.array([2**40])).dtype) == 'Int64'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=HANG_S)


def test_pytype_to_dtype_as_mindspore_2_10() -> None:
    """MindSpore 2.10 maps the Python types bool, int and float to Bool, Int64 and Float64."""
    assert [str(ms.pytype_to_dtype(t)) for t in (bool, int, float)] == ["Bool", "Int64", "Float64"]
