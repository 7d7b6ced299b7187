"""Gradients of integer inputs and Parameters: differentiated as floats and returned in their
integer dtype, except an integer the function needs as an integer (an index), which gets zeros as
MindSpore's bprop gives an index. Expected values: MindSpore 2.10's IndexAdd gradient test (the
gradient of x is the sensitivity, of y the sensitivity's entries at the index)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, ParameterTuple, Tensor, nn, ops


class _IndexAdd(nn.Cell):
    def __init__(self, x):
        super().__init__()
        self.x = Parameter(Tensor(x), name="x")
        self.index_add = ops.IndexAdd(1)

    def construct(self, idx, y):
        return self.index_add(self.x, idx, y)


class _Grad(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.grad = ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
        self.net = net
        self.params = ParameterTuple(net.trainable_params())

    def construct(self, idx, y, dout):
        return self.grad(self.net, self.params)(idx, y, dout)


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
@pytest.mark.parametrize("dtype", [np.float32, np.int8, np.int32])
def test_index_input_gets_zeros_and_integer_values_get_gradients(mode, dtype):
    ms.set_context(mode=mode)
    try:
        x = np.arange(15).reshape(5, 3).astype(dtype)
        dout = (np.arange(15).reshape(5, 3) + 63).astype(dtype)
        (g_idx, g_y), (g_x,) = _Grad(_IndexAdd(x))(
            Tensor(np.array([1], np.int32)),
            Tensor(np.arange(5).reshape(5, 1).astype(dtype)),
            Tensor(dout),
        )
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert g_idx.asnumpy().tolist() == [0] and g_idx.dtype == ms.int32
    np.testing.assert_array_equal(g_y.asnumpy(), dout[:, 1:2])
    assert g_y.asnumpy().dtype == dtype
    np.testing.assert_array_equal(g_x.asnumpy(), dout)
    assert g_x.asnumpy().dtype == dtype


def test_a_real_type_error_still_raises():
    def f(x, i):
        return x * "a" + i

    with pytest.raises(TypeError):
        ms.grad(f, grad_position=(0, 1))(
            Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.int32))
        )
