"""Primitives that MindSpore model-zoo networks build by their older names (values: MindSpore
2.10 returns the input unchanged for ``P.identity()``, UNet's TempLoss)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops
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


def test_ops_identity_is_callable_as_a_function():
    # MindSpore's ops.identity is a Prim[identity] instance (Transformer calls it as a function)
    np.testing.assert_array_equal(ops.identity(ms.Tensor([1.0, 2.0])).asnumpy(), [1.0, 2.0])


def test_float_status_flags_nan_and_inf():
    # MindSpore 2.10's docstring example: [log(-1), 1, log(0)] -> [1.]
    status = ops.FloatStatus()
    bad = ms.Tensor(np.array([np.nan, 1.0, -np.inf]), ms.float32)
    out = status(bad)
    assert out.shape == (1,) and out.dtype == ms.float32
    np.testing.assert_array_equal(out.asnumpy(), [1.0])
    np.testing.assert_array_equal(status(ms.Tensor(np.ones((2, 3), np.float16))).asnumpy(), [0.0])
    with pytest.raises(TypeError, match="FloatStatus"):
        status(ms.Tensor(np.array([1, 2], np.int32)))


def test_composite_add_flags_and_functional_names():
    from deepsink.ops import composite as C

    @C.add_flags(has_effect=True)
    def step(x):
        return x

    assert step._func_graph_flags == {"has_effect": True}
    cell = C.add_flags(ms.nn.Dense(2, 1), predit=True)
    assert cell._func_graph_flags == {"predit": True}
    # Bert clips with C.clip_by_global_norm; the names are deepsink.ops' functions
    assert C.clip_by_global_norm is ops.clip_by_global_norm and C.ones_like is ops.ones_like
    with pytest.raises(AttributeError, match="no_such_name"):
        C.no_such_name  # noqa: B018


def test_multitype_func_graph_dispatches_bools_as_mindspore_does():
    # MindSpore 2.10: a 'Bool' registration takes True (and a number), a 'Number' one takes True
    f = ops.MultitypeFuncGraph("f")

    @f.register("Number")
    def _num(x):
        return "num"

    @f.register("Bool")
    def _bool(x):
        return "bool"

    assert f(True) == "bool" and f(1) == "num"
    g = ops.MultitypeFuncGraph("g")

    @g.register("Number")
    def _g_num(x):
        return "num"

    assert g(True) == "num"
    h = ops.MultitypeFuncGraph("h")

    @h.register("Bool")
    def _h_bool(x):
        return "bool"

    assert h(1) == "bool"


def test_optimizer_weight_decay_is_a_float32_tensor():
    # Bert's AdamWeightDecayForBert dispatches a MultitypeFuncGraph registered for 'Tensor' on it
    opt = ms.nn.Momentum(ms.nn.Dense(2, 1).trainable_params(), 0.1, 0.9, weight_decay=0.01)
    assert isinstance(opt.weight_decay, ms.Tensor) and opt.weight_decay.dtype == ms.float32
    np.testing.assert_allclose(float(opt.weight_decay), 0.01, rtol=1e-6)


def test_identity_returns_any_argument_itself():
    # 2.10's ops.identity (ops.functional.identity) is the deprecated identity primitive: it
    # returns what it is given, e.g. the tuple of gradients a training step hands its reducer
    grads = (ms.Tensor([1.0]), ms.Tensor([[2.0]]))
    assert ops.identity(grads) is grads
    assert ops.functional.identity(grads) is grads
    assert P.identity()(grads) is grads
    step = ms.jit(lambda g: ops.functional.identity(g))
    out = step(grads)
    assert isinstance(out, tuple) and len(out) == 2
    np.testing.assert_array_equal(out[1].asnumpy(), [[2.0]])
    np.testing.assert_array_equal(ops.Identity()(ms.Tensor([3.0])).asnumpy(), [3.0])
