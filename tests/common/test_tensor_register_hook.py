"""``Tensor.register_hook``: PyNative gradient hooks on a Tensor (an input of the gradient
function or a value inside it), over the same mechanism as ``ops.HookBackward`` and the Cell
backward hooks. Expected values are MindSpore 2.10's for the same calls."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops


def _x():
    return ms.Tensor(np.array([1.0, 2.0], np.float32))


def _square_sum(a):
    return (a * a).sum()


def test_input_hook_replaces_gradient_and_remove():
    x = _x()
    seen = []
    handle = x.register_hook(lambda g: seen.append(g.asnumpy()) or g * 3)
    for _ in range(3):  # captured calls too (the second and later calls of a gradient)
        np.testing.assert_allclose(ms.grad(_square_sum)(x).asnumpy(), [6.0, 12.0])
    np.testing.assert_allclose(seen, [[2.0, 4.0]] * 3)
    handle.remove()
    np.testing.assert_allclose(ms.grad(_square_sum)(x).asnumpy(), [2.0, 4.0])
    assert len(seen) == 3


def test_hook_on_value_inside_function():
    def f(a):
        y = a * 2
        y.register_hook(lambda g: g * 10)
        return (y * y).sum()

    for _ in range(3):
        np.testing.assert_allclose(ms.grad(f)(_x()).asnumpy(), [80.0, 160.0])


def test_hook_returning_none_keeps_gradient():
    seen = []

    def f(a):
        y = a * 2
        y.register_hook(lambda g: seen.append(g.asnumpy()))
        return (y * y).sum()

    np.testing.assert_allclose(ms.grad(f)(_x()).asnumpy(), [8.0, 16.0])
    np.testing.assert_allclose(seen[0], [4.0, 8.0])


def test_hooks_chain_in_order_with_grad_operation():
    x = ms.Tensor(np.array([1.0], np.float32))
    seen = []
    x.register_hook(lambda g: seen.append(("A", float(g[0]))) or g + 1)
    x.register_hook(lambda g: seen.append(("B", float(g[0]))) or g * 2)
    out = ops.GradOperation()(lambda a: (a * 3).sum())(x)
    np.testing.assert_allclose(out.asnumpy(), [8.0])
    assert seen == [("A", 3.0), ("B", 4.0)]


@pytest.mark.parametrize("bad", [1, None])
def test_not_callable(bad):
    with pytest.raises(
        TypeError, match=f"Expected a callable hook function, but got {type(bad).__name__}"
    ):
        _x().register_hook(bad)


def test_integer_tensor_accepts_hook():
    # MindSpore 2.10 (same calls): the hook is registered on an int64 Tensor, which gets no
    # gradient, so the hook never runs and the float input's gradient is the ints' values
    t = ms.Tensor([1, 2])
    seen = []
    handle = t.register_hook(lambda g: seen.append(g) or g * 100)
    assert t.dtype == ms.int64 and t.asnumpy().tolist() == [1, 2]

    def f(a, b):
        return (a * b).sum()

    np.testing.assert_array_equal(ms.grad(f, grad_position=0)(_x(), t).asnumpy(), [1.0, 2.0])
    handle.remove()
    np.testing.assert_array_equal(ms.grad(f, grad_position=0)(_x(), t).asnumpy(), [1.0, 2.0])
    assert seen == []
