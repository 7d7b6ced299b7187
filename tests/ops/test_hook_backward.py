"""``ops.HookBackward``: what its hook may return, checked as MindSpore 2.10 checks it (types and
messages recorded from MindSpore 2.10)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops

X = np.array([1.0, 2.0], np.float32)
Y = np.array([3.0, 4.0], np.float32)


def _grad_one(hook_fn):
    h = ops.HookBackward(hook_fn)
    return ms.grad(lambda a: h(a * 2) * 3)(ms.Tensor(X))


def _grad_two(hook_fn):
    h = ops.HookBackward(hook_fn)
    return ms.grad(lambda a, b: ops.mul(*h(a, b)), grad_position=(0, 1))(ms.Tensor(X), ms.Tensor(Y))


@pytest.mark.parametrize(
    "hook_fn, expected",
    [
        (lambda g: g[0], [6.0, 6.0]),
        (lambda g: (g[0] * 2,), [12.0, 12.0]),
        (lambda g: None, [6.0, 6.0]),
    ],
)
def test_one_input_accepted(hook_fn, expected):
    np.testing.assert_allclose(_grad_one(hook_fn).asnumpy(), expected)


@pytest.mark.parametrize(
    "hook_fn, got",
    [
        (lambda g: (g[0], g[0]), "tuple"),
        (lambda g: (), "tuple"),
        (lambda g: 5, "int"),
        (lambda g: [g[0]], "list"),
    ],
)
def test_one_input_wrong_result_is_type_error(hook_fn, got):
    msg = f"The output type of function: <lambda> should be a tensor but got {got}."
    with pytest.raises(TypeError, match=msg):
        _grad_one(hook_fn)


@pytest.mark.parametrize("hook_fn", [lambda g: (g[0],), lambda g: g[0]])
def test_two_inputs_not_a_tuple(hook_fn):
    with pytest.raises(TypeError, match="The output gradient should be a tuple!"):
        _grad_two(hook_fn)


def test_two_inputs_wrong_count():
    with pytest.raises(
        ValueError, match="The tuple size of output gradient should be 2, but it is 3"
    ):
        _grad_two(lambda g: (g[0], g[1], g[0]))


def test_two_inputs_replaced():
    ga, gb = _grad_two(lambda g: (g[0] * 2, g[1] * 3))
    np.testing.assert_allclose(ga.asnumpy(), Y * 2)
    np.testing.assert_allclose(gb.asnumpy(), X * 3)
