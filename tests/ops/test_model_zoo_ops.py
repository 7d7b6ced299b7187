"""Primitives that MindSpore model-zoo networks build by their older names (values: MindSpore
2.10 returns the input unchanged for ``P.identity()``, UNet's TempLoss)."""

import numpy as np

import deepsink as ms
from deepsink.ops import operations as P


def test_lower_case_identity_returns_its_input():
    prim = P.identity()
    assert prim.name == "identity"
    x = np.array([[1.5, -2.0], [0.0, 3.0]], np.float32)
    out = prim(ms.Tensor(x))
    assert out.dtype == ms.float32
    np.testing.assert_array_equal(out.asnumpy(), x)
    grad = ms.grad(lambda t: (prim(t) * 2.0).sum())(ms.Tensor(x))
    np.testing.assert_array_equal(grad.asnumpy(), np.full_like(x, 2.0))
