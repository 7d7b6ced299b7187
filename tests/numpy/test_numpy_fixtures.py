"""``deepsink.numpy`` against MindSpore 2.10's ``mindspore.numpy`` on the recorded cases
(every one of its names; ``tests/support/numpy_mint_cases.py``)."""

from __future__ import annotations

import builtins

import numpy as np
import numpy_mint_cases as C
import pytest

NAMES = [n for n in C.CASES if n.startswith("np_")]
SCALAR_TYPEERROR = {  # 2.10 rejects a Python float/int second operand here (``expect Tensor``)
    # although its documentation takes array-like x2 and ``add``/``subtract`` accept it; deepsink
    # accepts it in every binary function (checked against NumPy).
    "np_multiply_scalar": lambda e: np.multiply(e["A"], 2.0),
    "np_float_power_scalar": lambda e: np.float_power(e["A"], 2.0).astype(np.float32),
    "np_arctan2_scalar": lambda e: np.arctan2(e["A"], 2.0),
    "np_logaddexp2_scalar": lambda e: np.logaddexp2(e["A"], 2.0),
    "np_not_equal_scalar": lambda e: np.not_equal(e["A"], 2.0),
    "np_less_equal_scalar": lambda e: np.less_equal(e["A"], 2.0),
    "np_multiply_int_scalar": lambda e: np.multiply(e["J"], 3),
}
DOCUMENTED = {  # 2.10's CPU results differ from its documentation; deepsink follows the docs
    # ``unique`` is documented as sorted; 2.10 returns the values in order of first appearance
    "np_unique": lambda e: np.unique(e["K"]),
    "np_unique_inv": lambda e: np.unique(e["K"], return_inverse=True),
    # ``var`` of an int array: 2.10 subtracts the mean truncated to an int (54.33 for 53.89)
    "np_var_int": lambda e: np.var(e["I"]),
}


@pytest.mark.parametrize(
    "name", [n for n in NAMES if "outputs" in C.CASES[n] and n not in DOCUMENTED]
)
def test_matches_mindspore(name: str) -> None:
    C.check(name, C.run(name), C.CASES[name]["outputs"])


@pytest.mark.parametrize("name", sorted(DOCUMENTED))
def test_documented_behaviour(name: str) -> None:
    got = C.outputs(C.run(name))
    want = DOCUMENTED[name](C.env())
    want = list(want) if isinstance(want, tuple) else [want]
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g.asnumpy(), w, rtol=1e-6)


@pytest.mark.parametrize("name", [n for n in NAMES if n.startswith("np_err_")])
def test_errors_as_mindspore(name: str) -> None:
    with pytest.raises(getattr(builtins, C.CASES[name]["error"])):
        C.run(name)


@pytest.mark.parametrize("name", sorted(SCALAR_TYPEERROR))
def test_python_scalar_operands(name: str) -> None:
    assert C.CASES[name]["error"] == "TypeError"  # recorded
    got = C.run(name).asnumpy()
    np.testing.assert_allclose(got, SCALAR_TYPEERROR[name](C.env()), rtol=1e-6)


def test_every_case_is_checked() -> None:
    unchecked = [
        n
        for n in NAMES
        if "outputs" not in C.CASES[n] and not n.startswith("np_err_") and n not in SCALAR_TYPEERROR
    ]
    assert not unchecked
