"""ops.cast as MindSpore exports it: forward, gradient (a dtype argument is a constant) and vmap,
in PyNative and in a compiled Cell wrapping a functools.wraps-decorated function."""

import numpy as np
import pytest
from cast_cell_helper import in_cell

import deepsink as ms
from deepsink import ops
from deepsink.ops import cast


def _forward(x, dtype):
    return cast(x, dtype)


@in_cell
def _wrapped_forward(x, dtype):
    return cast(x, dtype)


@in_cell
def _wrapped_backward(x, dtype):
    return ms.grad(_wrapped_forward, (0, 1))(x, dtype)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_cast_forward_grad_vmap(mode):
    ms.set_context(mode=mode)
    try:
        x = ms.Tensor(np.array([[1.5, -2.0], [3.0, 0.25]], np.float32))
        out = _wrapped_forward(x, ms.float16)
        assert out.dtype == ms.float16
        np.testing.assert_array_equal(out.asnumpy(), x.asnumpy().astype(np.float16))
        # MindSpore 2.10: the dtype argument gets no gradient, so (0, 1) gives one Tensor
        g = _wrapped_backward(x, ms.float16)
        assert isinstance(g, ms.Tensor) and g.dtype == ms.float32
        np.testing.assert_array_equal(g.asnumpy(), np.ones((2, 2), np.float32))
        v = ops.vmap(_forward, in_axes=(0, None), out_axes=0)(x, ms.int32)
        np.testing.assert_array_equal(v.asnumpy(), np.array([[1, -2], [3, 0]], np.int32))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_grad_number_argument_leaves_single_tensor():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    g = ms.grad(lambda a, b: a * b, (0, 1))(x, 3.0)
    assert isinstance(g, ms.Tensor)
    np.testing.assert_array_equal(g.asnumpy(), [3.0, 3.0])
    assert ms.grad(lambda a, d: a.sum(), (1,))(x, ms.float16) == ()
