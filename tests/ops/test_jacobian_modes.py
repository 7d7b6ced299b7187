"""Forward and reverse Jacobians of one function agree as MindSpore 2.10's do: the functional-
transforms tutorial's ``forecast`` (``tanh(dense(x))``) on 2.10's recorded inputs
(``tests/fixtures/ms/jacobian_modes.npz``, ``scripts/record_jacobian_fixtures.py``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import deepsink as ms
from deepsink import jacfwd, jacrev, ops

FIXTURE = np.load(Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "jacobian_modes.npz")


def forecast(weight, bias, x):
    return ops.dense(x, weight, bias).tanh()


def _inputs(*keys: str) -> list:
    return [ms.Tensor(FIXTURE[k]) for k in keys]


def test_jacfwd_equals_jacrev_bit_for_bit_as_mindspore() -> None:
    """2.10's jacfwd and jacrev of ``forecast`` are identical; deepsink's too (JAX's own tanh
    rule gave differences of 1.5e-7, and ``np.allclose`` printed False)."""
    assert np.array_equal(FIXTURE["jacfwd"], FIXTURE["jacrev"])
    w, b, x = _inputs("w", "b", "x")
    fwd = jacfwd(forecast, grad_position=2)(w, b, x).asnumpy()
    rev = jacrev(forecast, grad_position=2)(w, b, x).asnumpy()
    np.testing.assert_array_equal(fwd, rev)
    np.testing.assert_allclose(fwd, FIXTURE["jacfwd"], rtol=0, atol=2e-4)  # 2.10's CPU tanh is
    # 2e-5 off true tanh near saturation, deepsink's (XLA's) 1e-7


def test_hessians_of_every_mode_pair_agree_as_mindspore() -> None:
    """The tutorial's four Hessians: 2.10's are equal where the inner transform is the same and
    ``np.allclose`` across; deepsink's the same way."""
    w, b, x = _inputs("hw", "hb", "hx")
    got = {}
    for name, (outer, inner) in {
        "ff": (jacfwd, jacfwd),
        "fr": (jacfwd, jacrev),
        "rf": (jacrev, jacfwd),
        "rr": (jacrev, jacrev),
    }.items():
        got[name] = outer(inner(forecast, grad_position=2), grad_position=2)(w, b, x).asnumpy()
    for a, b_ in (("ff", "fr"), ("rf", "rr")):
        assert np.array_equal(FIXTURE[f"hess_{a}"], FIXTURE[f"hess_{b_}"])
        np.testing.assert_array_equal(got[a], got[b_])
    assert np.allclose(FIXTURE["hess_fr"], FIXTURE["hess_rf"])
    assert np.allclose(got["fr"], got["rf"])
    assert np.allclose(got["ff"], got["rr"])


def test_tanh_derivative_is_mindspores_tanh_grad() -> None:
    """The derivative coefficient is ``1 - y*y`` of the output (MindSpore's TanhGrad): op by op
    bit for bit; a compiled gradient (PyNative capture) may contract ``1 - y*y`` into one fused
    multiply-add, which differs from the rounded product where ``y*y`` is near 1."""
    x = ms.Tensor(np.array([-3.0, -0.5, 0.0, 0.7, 2.5], np.float32))
    y = ops.tanh(x).asnumpy()
    want = (np.float32(1) - y * y).astype(np.float32)
    ms.set_context(pynative_synchronize=True)  # op by op, as MindSpore's PyNative kernels
    g = ms.grad(lambda t: ops.tanh(t).sum())(x).asnumpy()
    ms.set_context(pynative_synchronize=False)
    np.testing.assert_array_equal(g, want)
    compiled = ms.grad(lambda t: ops.tanh(t).sum())
    np.testing.assert_allclose(compiled(x).asnumpy(), want, rtol=4e-6, atol=0)
    assert compiled.captured.traces == 1
