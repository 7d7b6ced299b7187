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


class _Lookup(nn.Cell):
    """Wide&Deep's use: integer ids into an EmbeddingLookup, weights times the looked-up rows."""

    def __init__(self):
        super().__init__()
        self.e = nn.EmbeddingLookup(4, 2, param_init="ones")

    def construct(self, ids, w):
        return (self.e(ids).sum(-1) * w).sum()


_IDS = Tensor(np.array([[1, 2, 1]], np.int32))
_W = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))


def test_get_by_list_alone_leaves_integer_ids_integers():
    net = _Lookup()
    grad = ops.GradOperation(get_by_list=True, sens_param=True)
    (g,) = grad(net, ParameterTuple(net.trainable_params()))(_IDS, _W, Tensor(2.0, ms.float32))
    # row 1 is read with weights 1 and 3, row 2 with 2; sens 2. MindSpore 2.10 on CPU returns its
    # sparse gradient's rows here ([[2, 2], [4, 4], [6, 6]], one per lookup); the dense gradient
    # is their sum into the table's rows
    np.testing.assert_allclose(g.asnumpy(), [[0, 0], [8, 8], [4, 4], [0, 0]])


def test_index_input_of_a_lookup_gets_zero_gradient():
    # jax's gather refuses float indices with a ValueError: the ids are passed as integers
    g = ms.grad(_Lookup(), grad_position=(0, 1))(_IDS, _W)
    np.testing.assert_array_equal(g[0].asnumpy(), np.zeros((1, 3), np.int32))
    np.testing.assert_allclose(g[1].asnumpy(), [[2.0, 2.0, 2.0]])
