"""``mindspore.ops.functional`` exports the functional transforms too (``from
mindspore.ops.functional import vjp, jvp`` in MindSpore's tutorials): the same functions as
``mindspore.ops``. Values: d sin = cos, MindSpore 2.10 prints 0.5403023 for cos(1)."""

import numpy as np

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import functional as F


def test_functional_has_the_grad_transforms_of_ops():
    for name in ("vjp", "jvp", "jacfwd", "jacrev", "derivative", "jet", "linearize", "get_grad"):
        assert getattr(F, name) is getattr(ops, name), name


def test_functional_vjp_and_jvp_values():
    x = Tensor([1.0], ms.float32)
    out, pull = F.vjp(ops.sin, x)
    np.testing.assert_allclose(pull(Tensor([1.0], ms.float32))[0].asnumpy(), [np.cos(1.0)], 1e-6)
    out, tangent = F.jvp(ops.sin, x, Tensor([1.0], ms.float32))
    np.testing.assert_allclose(out.asnumpy(), [np.sin(1.0)], 1e-6)
    np.testing.assert_allclose(tangent.asnumpy(), [np.cos(1.0)], 1e-6)
