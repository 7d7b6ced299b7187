"""Cell hooks (register_forward_pre_hook / forward / backward_pre / backward): the values are
MindSpore 2.10's for the same program (PyNative, Dense(2, 2) of ones then ReLU)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.relu = nn.ReLU()
        self.dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.relu(self.dense(x))


X = Tensor(np.array([[1.0, -2.0]], np.float32))


def test_forward_pre_and_forward_hooks_replace_inputs_and_outputs_then_remove():
    net = Net()
    seen = []
    h1 = net.dense.register_forward_pre_hook(lambda cell, args: (args[0] * 2,))
    h2 = net.dense.register_forward_hook(
        lambda cell, args, out: seen.append(args[0].asnumpy()) or out + 5
    )
    np.testing.assert_allclose(net(X).asnumpy(), [[3.0, 3.0]])  # relu(-2 + 5)
    np.testing.assert_allclose(seen[0], [[2.0, -4.0]])
    h1.remove()
    h2.remove()
    h2.remove()  # a second remove does nothing
    np.testing.assert_allclose(net(X).asnumpy(), [[0.0, 0.0]])


def test_backward_hook_sees_grad_input_and_grad_output():
    net = Net()
    got = []
    net.relu.register_backward_hook(lambda cell, gi, go: got.append((gi, go)))
    g = ms.grad(net)(X)
    np.testing.assert_allclose(g.asnumpy(), [[0.0, 0.0]])
    (gi, go) = got[0]
    assert isinstance(gi, tuple) and isinstance(go, tuple)
    np.testing.assert_allclose(gi[0].asnumpy(), [[0.0, 0.0]])
    np.testing.assert_allclose(go[0].asnumpy(), [[1.0, 1.0]])


def test_backward_pre_hook_and_backward_hook_replace_gradients():
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    net.register_backward_pre_hook(lambda cell, go: (go[0] * 3,))
    g = ms.grad(net)(X)
    np.testing.assert_allclose(g.asnumpy(), [[3.0, 3.0]])
    net.register_backward_hook(lambda cell, gi, go: (gi[0] + 1,))
    np.testing.assert_allclose(ms.grad(net)(X).asnumpy(), [[4.0, 4.0]])


def test_a_hook_registered_or_removed_after_a_compiled_gradient_takes_effect():
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    grad_fn = ms.grad(net)
    for _ in range(2):  # compiled, and the program reused
        np.testing.assert_allclose(grad_fn(X).asnumpy(), [[1.0, 1.0]])
    handle = net.register_backward_pre_hook(lambda cell, go: (go[0] * 3,))
    np.testing.assert_allclose(grad_fn(X).asnumpy(), [[3.0, 3.0]])
    fwd = net.register_forward_hook(lambda cell, args, out: out * 2)
    np.testing.assert_allclose(grad_fn(X).asnumpy(), [[6.0, 6.0]])
    handle.remove()
    fwd.remove()
    np.testing.assert_allclose(grad_fn(X).asnumpy(), [[1.0, 1.0]])


def test_forward_pre_hook_with_kwargs_and_prepend_order():
    net = nn.ReLU()
    order = []
    net.register_forward_pre_hook(lambda c, a: order.append("first"))
    net.register_forward_pre_hook(lambda c, a: order.append("second"), prepend=True)
    net(X)
    assert order == ["second", "first"]
    net2 = nn.ReLU()
    net2.register_forward_pre_hook(lambda c, a, k: ((a[0] * -1,), k), with_kwargs=True)
    np.testing.assert_allclose(net2(X).asnumpy(), [[0.0, 2.0]])


def test_hook_must_be_callable():
    with pytest.raises(TypeError, match="Expected a callable hook function, but got int"):
        nn.ReLU().register_forward_hook(3)
