"""Ops whose output shape comes from a Tensor argument (``topk``'s ``k``, ``pad``'s ``padding``):
the Tensor's value is read in PyNative; in GRAPH_MODE a ``mutable`` one is known only when the
program runs, so the Cell runs op by op (as MindSpore runs it with dynamic shapes). Expected values
from NumPy (sort / np.pad), which MindSpore 2.10's own tests compare against."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, mutable, nn, ops

X = np.array(
    [
        [0.5368, 0.2447, 0.4302, 0.9673],
        [0.4388, 0.6525, 0.4685, 0.1868],
        [0.3563, 0.5152, 0.9675, 0.8230],
    ],
    np.float32,
)


class _TopK(nn.Cell):
    def construct(self, x, k):
        return ops.topk(x, k, dim=1)


class _Pad(nn.Cell):
    def construct(self, x, padding):
        return ops.pad(x, padding)


@pytest.fixture(params=[ms.GRAPH_MODE, ms.PYNATIVE_MODE], ids=["graph", "pynative"])
def mode(request):
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("k", [Tensor(2, ms.int32), Tensor([2], ms.int32)], ids=["0d", "1d"])
def test_topk_takes_an_int_tensor_k(mode, k):
    values, indices = _TopK()(Tensor(X), mutable(k))
    want = np.argsort(-X, axis=1, kind="stable")[:, :2]
    np.testing.assert_array_equal(indices.asnumpy(), want)
    np.testing.assert_allclose(values.asnumpy(), np.take_along_axis(X, want, 1))


def test_topk_rejects_a_float_tensor_k():
    # MindSpore 2.10's words
    msg = r"argument\[k\] must be a type of \{Tensor\[Int32\], Tensor\[Int64\]\}, but got Tensor\[Float32\]"
    with pytest.raises(TypeError, match=msg):
        ops.topk(Tensor(X), Tensor(2.0, ms.float32))


def test_pad_takes_a_tensor_padding(mode):
    x = np.arange(6, dtype=np.float32).reshape(1, 2, 3)
    got = _Pad()(Tensor(x), mutable(Tensor(np.array([1, 0, 0, 1]))))
    np.testing.assert_array_equal(got.asnumpy(), np.pad(x, ((0, 0), (0, 1), (1, 0))))


def test_clip_by_value_takes_a_list_of_tensors():
    # MindSpore 2.10: a tuple of the clipped Tensors
    a = Tensor(np.array([-1.0, 0.5, 2.0], np.float32))
    b = Tensor(np.array([3.0, -2.0], np.float32))
    out = ops.clip_by_value([a, b], -0.3, 0.4)
    assert isinstance(out, tuple)
    np.testing.assert_allclose(out[0].asnumpy(), [-0.3, 0.4, 0.4])
    np.testing.assert_allclose(out[1].asnumpy(), [0.4, -0.3])
