"""MindSpore's gradient rules beyond the recorded parity cases.

Expected numbers were printed by MindSpore 2.10 (CPU) running the same programs.
"""

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.common.parameter import ParameterTuple


class Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
        self.b = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="b", requires_grad=False)

    def construct(self, x):
        return x * self.w + self.b, x.sum()


X = np.array([1.0, 2.0], np.float32)


@pytest.fixture(params=[ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def mode(request):
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_tuple_output_ones_sensitivity(mode):
    net = Scale()
    np.testing.assert_allclose(ms.grad(net)(ms.Tensor(X)).asnumpy(), [3.0, 4.0])
    (w,) = ms.grad(net, None, net.trainable_params())(ms.Tensor(X))
    np.testing.assert_allclose(w.asnumpy(), [1.0, 2.0])


def test_value_and_grad_has_aux_differentiates_first_output_only(mode):
    (out, total), g = ms.value_and_grad(Scale(), 0, has_aux=True)(ms.Tensor(X))
    np.testing.assert_allclose(out.asnumpy(), [3.0, 7.0])
    assert float(total.asnumpy()) == 3.0
    np.testing.assert_allclose(g.asnumpy(), [2.0, 3.0])


def test_frozen_parameter_gets_zero_gradient():
    net = Scale()
    (gx,), (gb,) = ops.GradOperation(get_all=True, get_by_list=True)(net, [net.b])(ms.Tensor(X))
    np.testing.assert_allclose(gx.asnumpy(), [3.0, 4.0])
    np.testing.assert_allclose(gb.asnumpy(), [0.0])
    # get_by_list without weights: the Cell's trainable Parameters (w only)
    grads = ops.GradOperation(get_by_list=True)(net)(ms.Tensor(X))
    assert len(grads) == 1
    np.testing.assert_allclose(grads[0].asnumpy(), [1.0, 2.0])


def test_integer_inputs_are_differentiated():
    xi = ms.Tensor(np.array([1, 2], np.int32))
    g = ops.GradOperation()(lambda a: a * 3 + 1)(xi)
    assert g.dtype == ms.int32
    np.testing.assert_array_equal(g.asnumpy(), [3, 3])
    g = ms.grad(lambda a, b: a * b)(xi, ms.Tensor(X))
    np.testing.assert_array_equal(g.asnumpy(), [1, 2])


def test_return_ids():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, x, y):
            return (x * self.w * y).sum()

    net, x, y = Net(), ms.Tensor(X), ms.Tensor(np.array([3.0, 4.0], np.float32))
    (p0, p1), ((name, gw),) = ms.grad(net, (0, 1), net.trainable_params(), return_ids=True)(x, y)
    assert p0[0] == 0 and p1[0] == 1 and name == "w"
    np.testing.assert_allclose(p0[1].asnumpy(), [6.0, 12.0])
    np.testing.assert_allclose(p1[1].asnumpy(), [2.0, 6.0])
    np.testing.assert_allclose(gw.asnumpy(), [3.0, 8.0])
    ((pos, g),) = ms.grad(net, 1, None, return_ids=True)(x, y)
    assert pos == 1


def test_forward_value_and_grad():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, x, y):
            return (x * self.w * y).sum()

    net, x, y = Net(), ms.Tensor(X), ms.Tensor(np.array([3.0, 4.0], np.float32))
    fvg = nn.ForwardValueAndGrad(net, ParameterTuple(net.trainable_params()), True, True)
    loss, ((gx, gy), (gw,)) = fvg(x, y)
    assert float(loss.asnumpy()) == 30.0
    np.testing.assert_allclose(gx.asnumpy(), [6.0, 12.0])
    np.testing.assert_allclose(gw.asnumpy(), [3.0, 8.0])
    loss, gx = nn.ForwardValueAndGrad(net, sens_param=True)(x, y, ms.Tensor(2.0))
    np.testing.assert_allclose(gx.asnumpy(), [12.0, 24.0])
    with pytest.raises(TypeError, match="'weights' must be Parameters array"):
        nn.ForwardValueAndGrad(net, get_by_list=True)
    with pytest.raises(TypeError, match="'get_all' must be bool"):
        nn.ForwardValueAndGrad(net, get_all=1)


def test_sens_as_keyword_and_function_kwargs():
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    g1 = ops.GradOperation(sens_param=True)(ops.gelu)(
        x, sens=ms.Tensor(np.ones(3, np.float32)), approximate="tanh"
    )
    g2 = ops.GradOperation()(ops.gelu)(x, approximate="tanh")
    np.testing.assert_allclose(g1.asnumpy(), g2.asnumpy(), rtol=1e-6)


def test_dict_and_constant_outputs():
    x = ms.Tensor(np.array([[0.8, 0.6], [1.8, 1.3]], np.float32))

    class DictNet(nn.Cell):
        @ms.jit
        def construct(self, a):
            return {"a": ops.relu(a), "b": 2}, "tag"

    g = ops.GradOperation()(DictNet())(x)
    np.testing.assert_allclose(g.asnumpy(), np.ones((2, 2)))
    out = DictNet()(x)
    g = ops.GradOperation(sens_param=True)(DictNet())(x, out)
    np.testing.assert_allclose(g.asnumpy(), x.asnumpy())


def test_dict_input_gets_tuple_of_gradients():
    g = ops.GradOperation()(lambda d: 2 * d["a"] + d["b"])(
        {"a": ms.Tensor(2.0), "b": ms.Tensor(1.0)}
    )
    assert isinstance(g, tuple)
    np.testing.assert_allclose([t.asnumpy() for t in g], [2.0, 1.0])


class AutoReduce(nn.Cell):
    def construct(self, x, y):
        return x + y

    def bprop(self, x, y, out, dout):
        g = ms.Tensor(np.array([[1, 1, 1], [1, 1, 1], [2, 2, 2]], np.int32))
        return g, g


def test_custom_bprop_reduces_and_casts(mode):
    x = ms.Tensor(np.array([3, 3, 3], np.float32))
    y = ms.Tensor(np.ones((3, 3), np.float32))
    gx, gy = ops.GradOperation(get_all=True)(AutoReduce())(x, y)
    assert gx.dtype == ms.float32 and gy.dtype == ms.float32
    np.testing.assert_allclose(gx.asnumpy(), [4.0, 4.0, 4.0])
    np.testing.assert_allclose(gy.asnumpy(), [[1, 1, 1], [1, 1, 1], [2, 2, 2]])


def test_custom_bprop_bad_shape_raises():
    class Bad(AutoReduce):
        def bprop(self, x, y, out, dout):
            return ms.Tensor(np.ones((3, 4), np.float32)), ms.Tensor(np.ones((3, 3), np.float32))

    x = ms.Tensor(np.array([3, 3, 3], np.float32))
    y = ms.Tensor(np.ones((3, 3), np.float32))
    with pytest.raises(RuntimeError, match="grad tensor should be broadcast to"):
        ops.GradOperation(get_all=True)(Bad())(x, y)


def test_jit_method_and_generator_output():
    class Net(nn.Cell):
        @ms.jit
        def construct(self, x):
            return (i * i for i in range(4) if i > 1)

    assert Net()(ms.Tensor(X)) == [4, 9]


def test_grad_option_types():
    with pytest.raises(TypeError, match="'get_all' should be bool"):
        ops.GradOperation(get_all=1)
    with pytest.raises(ValueError, match="cannot both be None"):
        ms.grad(Scale(), None, None)


def test_complex_gradients_use_mindspores_conjugate_convention():
    """MindSpore 2.10 printed these for Dense()(x, w, b) with sens 1+1j: grad = sens * conj(J)."""
    x = ms.Tensor(np.array([[1 + 2j, 3 - 1j]], np.complex64))
    w = ms.Tensor(np.array([[0.5 - 1j, 2 + 0.5j]], np.complex64))
    b = ms.Tensor(np.array([0.5j], np.complex64))
    s = ms.Tensor(np.array([[1 + 1j]], np.complex64))
    dense = ops.operations.nn_ops.Dense()
    gx, gw, gb = ops.GradOperation(get_all=True, sens_param=True)(dense)(x, w, b, s)
    np.testing.assert_allclose(gx.asnumpy(), [[-0.5 + 1.5j, 2.5 + 1.5j]], rtol=1e-6)
    np.testing.assert_allclose(gw.asnumpy(), [[3 - 1j, 2 + 4j]], rtol=1e-6)
    np.testing.assert_allclose(gb.asnumpy(), [1 + 1j], rtol=1e-6)
