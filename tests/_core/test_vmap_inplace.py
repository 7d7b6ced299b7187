"""vmap over a function that updates a mapped Parameter in place: the Parameter gets the batched
new value (MindSpore's vmap of ApplyFtrl, Assign, ... does); numbers from numpy."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, ops


def _add(p, x):
    return ops.ApplyGradientDescent()(p, -1.0, x)  # p -= -1 * x


@pytest.mark.parametrize("axis", [0, 1])
def test_mapped_parameter_gets_the_batched_update(axis):
    base = np.arange(6, dtype=np.float32).reshape(2, 3)
    p = Parameter(Tensor(base), name="p")
    x = np.ones((2, 3), np.float32) * np.array([[1.0], [2.0]], np.float32)
    ms.vmap(_add, in_axes=(axis, axis))(p, Tensor(x))
    np.testing.assert_array_equal(p.asnumpy(), base + x)


def test_nested_vmap_updates_reach_the_parameter():
    base = np.zeros((2, 2, 3), np.float32)
    p = Parameter(Tensor(base), name="p")
    x = np.arange(12, dtype=np.float32).reshape(2, 2, 3)
    ms.vmap(ms.vmap(_add, in_axes=(0, 0)), in_axes=(0, 0))(p, Tensor(x))
    np.testing.assert_array_equal(p.asnumpy(), x)


def test_apply_ftrl_under_vmap_updates_var():
    var = Parameter(Tensor(np.array([[0.6, 0.4], [0.1, 0.5]], np.float32)), name="var")
    accum = Parameter(Tensor(np.array([[0.6, 0.5], [0.2, 0.6]], np.float32)), name="accum")
    linear = Parameter(Tensor(np.array([[0.9, 0.1], [0.7, 0.8]], np.float32)), name="linear")
    grad = np.array([[0.3, 0.7], [0.1, 0.8]], np.float32)
    v0, a0, l0 = var.asnumpy(), accum.asnumpy(), linear.asnumpy()

    def step(v, a, li, g):
        return ops.ApplyFtrl()(v, a, li, g, 0.001, 0.0, 0.0, -0.5)

    ms.vmap(step, in_axes=(0, 0, 0, 0))(var, accum, linear, Tensor(grad))
    a1 = a0 + grad * grad  # the FTRL-proximal update with l1 = l2 = 0, lr_power = -0.5
    l1 = l0 + grad - (np.sqrt(a1) - np.sqrt(a0)) / 0.001 * v0
    want = -l1 / (np.sqrt(a1) / 0.001)
    np.testing.assert_allclose(var.asnumpy(), want, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(accum.asnumpy(), a1, rtol=1e-6)


def test_function_without_updates_is_unchanged():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    out = ms.vmap(lambda a: a.sum(), in_axes=0)(x)
    np.testing.assert_array_equal(out.asnumpy(), [3.0, 12.0])


# --- writes to what vmap does not map (MindSpore 2.10: written once when the value is not mapped
# either, a ValueError when it is) ------------------------------------------------------------

_MAPPED_WRITE = "The source axis of `variable` is None, but the source axis of `value` is not None"


def _ones():
    return Tensor(np.ones((4, 3), np.float32))


@pytest.mark.parametrize("write", ["assign", "assign_add", "add_"])
def test_closure_parameter_written_with_unmapped_value(write):
    r = Parameter(Tensor(np.zeros(3, np.float32)), name="r")
    c = Tensor(np.full(3, 5.0, np.float32))

    def f(x):
        if write == "add_":
            r.add_(c)
        else:
            getattr(ops, write)(r, c)
        return x * 2

    out = ms.vmap(f)(_ones())
    np.testing.assert_array_equal(out.asnumpy(), np.full((4, 3), 2.0))
    np.testing.assert_array_equal(r.asnumpy(), [5.0, 5.0, 5.0])  # once, not once per element


@pytest.mark.parametrize("write", ["assign", "assign_add", "add_"])
def test_closure_parameter_written_with_mapped_value(write):
    r = Parameter(Tensor(np.zeros(3, np.float32)), name="r")

    def f(x):
        if write == "add_":
            r.add_(x)
        else:
            getattr(ops, write)(r, x)
        return x * 2

    with pytest.raises(ValueError, match=_MAPPED_WRITE):
        ms.vmap(f)(_ones())
    np.testing.assert_array_equal(r.asnumpy(), np.zeros(3))


@pytest.mark.parametrize("kind", ["parameter", "tensor"])
def test_unmapped_argument_written(kind):
    def make():
        t = Tensor(np.zeros(3, np.float32))
        return Parameter(t, name="w") if kind == "parameter" else t

    c = Tensor(np.full(3, 5.0, np.float32))
    w = make()
    ms.vmap(lambda v, x: ops.depend(x, ops.assign(v, c)), in_axes=(None, 0))(w, _ones())
    np.testing.assert_array_equal(w.asnumpy(), [5.0, 5.0, 5.0])
    w = make()
    with pytest.raises(ValueError, match=_MAPPED_WRITE):
        ms.vmap(lambda v, x: ops.depend(x, ops.assign(v, x)), in_axes=(None, 0))(w, _ones())
    np.testing.assert_array_equal(w.asnumpy(), np.zeros(3))


def test_mapped_parameter_argument_assigned():
    q = Parameter(Tensor(np.zeros((4, 3), np.float32)), name="q")
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    ms.vmap(lambda w, v: ops.depend(v, ops.assign(w, v)), in_axes=(0, 0))(q, Tensor(x))
    np.testing.assert_array_equal(q.asnumpy(), x)
