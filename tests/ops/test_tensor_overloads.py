"""MindSpore 2.10's overloaded Tensor methods (two signatures picked by the arguments) and
``ops.scatter``'s argument order; expected values recorded from MindSpore 2.10's CPU build."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn, ops

X = np.array([[-0.1, 0.3, 3.6], [0.4, 0.5, -3.2]], np.float32)


class _GatherDim(nn.Cell):
    def construct(self, x, dim, index):
        return x.gather(dim=dim, index=index)


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_gather_dim_form_and_indices_form(mode):
    ms.set_context(mode=mode)
    try:
        x = Tensor(X)
        i = Tensor(np.array([[0, 0], [1, 1]], np.int32))
        want = np.array([[-0.1, -0.1], [0.5, 0.5]], np.float32)
        np.testing.assert_allclose(x.gather(1, i).asnumpy(), want)
        np.testing.assert_allclose(_GatherDim()(x, 1, i).asnumpy(), want)
        got = x.gather(Tensor(np.array([1, 0], np.int32)), 1).asnumpy()
        np.testing.assert_allclose(got, [[0.3, -0.1], [0.5, 0.4]])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_scatter_method_and_ops_scatter():
    z = Tensor(np.zeros((2, 3), np.float32))
    idx = Tensor(np.array([[2], [0]], np.int64))
    src = Tensor(np.array([[5.0], [7.0]], np.float32))
    want = [[0.0, 0.0, 5.0], [7.0, 0.0, 0.0]]
    assert z.scatter(1, idx, src).asnumpy().tolist() == want
    assert z.scatter(axis=1, index=idx, src=src).asnumpy().tolist() == want
    assert z.scatter(1, idx, src, reduce="add").asnumpy().tolist() == want
    assert z.scatter(1, idx, 3.0).asnumpy().tolist() == [[0.0, 0.0, 3.0], [3.0, 0.0, 0.0]]
    assert ops.scatter(z, 1, idx, src).asnumpy().tolist() == want
    with pytest.raises(TypeError, match="unexpected argument 'value'"):
        z.scatter(dim=1, index=idx, value=3.0)
    with pytest.raises(ValueError, match="'reduce'"):
        z.scatter(1, idx, src, reduce="max")


def test_index_add_both_signatures():
    p = Tensor(np.ones((3, 3), np.float32))
    j = Tensor(np.array([0, 2], np.int32))
    s = Tensor(np.arange(6).reshape(3, 2).astype(np.float32))
    got = p.index_add(1, j, s, alpha=2).asnumpy().tolist()
    assert got == [[1.0, 1.0, 3.0], [5.0, 1.0, 7.0], [9.0, 1.0, 11.0]]
    # the older signature (indices, y, axis); MindSpore's result on the tensor above
    got = Tensor(np.array(got, np.float32)).index_add(j, s, 1).asnumpy().tolist()
    assert got == [[1.0, 1.0, 4.0], [7.0, 1.0, 10.0], [13.0, 1.0, 16.0]]
    with pytest.raises(TypeError, match="'alpha'"):
        p.index_add(1, j, s, alpha="2")


def test_index_add_run_time_index_out_of_range_raises_when_run():
    @ms.jit
    def f(x, i, y):
        return ops.index_add(x, i, y, 0)

    x = Tensor(np.zeros((3, 2), np.float32))
    y = Tensor(np.ones((1, 2), np.float32))
    np.testing.assert_array_equal(f(x, Tensor(np.array([1], np.int32)), y).asnumpy()[1], [1, 1])
    with pytest.raises(Exception, match=r"'indices' must be in \[0, 3\), but got 5"):
        f(x, Tensor(np.array([5], np.int32)), y).asnumpy()
