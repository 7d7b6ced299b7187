"""An in-place Tensor op on an input of a compiled function (``ms.jit``, a GRAPH_MODE Cell) changes
the caller's Tensor, as MindSpore 2.10's graph mode does; an item assignment (``x[0] = v``) does
not. The expected values are what MindSpore 2.10 gives for the same calls."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops


def _x():
    return ms.Tensor(np.array([1.0, 2.0], np.float32))


Y = ms.Tensor(np.array([10.0, 20.0], np.float32))


@ms.jit
def _add(x, y):
    x.add_(y)
    return x * 1


@ms.jit
def _mul_copy(x, y):
    x.mul_(2)
    x.copy_(y)
    return x + 0


@ms.jit
def _assign(x, y):
    ops.assign(x, y)
    return x + 0


@ms.jit
def _twice(x, y):
    x.add_(y)
    x.add_(y)
    return y + 0


@ms.jit
def _setitem(x, y):
    x[0] = 7.0
    return x + 0


@pytest.mark.parametrize(
    "fn, out, after",
    [
        (_add, [11.0, 22.0], [11.0, 22.0]),
        (_mul_copy, [10.0, 20.0], [10.0, 20.0]),
        (_assign, [10.0, 20.0], [10.0, 20.0]),
        (_twice, [10.0, 20.0], [21.0, 42.0]),
        (_setitem, [7.0, 2.0], [1.0, 2.0]),
    ],
)
def test_jit_input_after_call(fn, out, after):
    for _ in range(2):  # the first call compiles, the second reuses the program
        x = _x()
        np.testing.assert_array_equal(fn(x, Y).asnumpy(), out)
        np.testing.assert_array_equal(x.asnumpy(), after)


def test_jit_repeated_calls_accumulate():
    x = _x()
    _twice(x, Y)
    _twice(x, Y)
    np.testing.assert_array_equal(x.asnumpy(), [41.0, 82.0])


def test_jit_numpy_and_parameter_inputs():
    p = ms.Parameter(_x(), name="p")
    np.testing.assert_array_equal(_add(p, Y).asnumpy(), [11.0, 22.0])
    np.testing.assert_array_equal(p.asnumpy(), [11.0, 22.0])


class _AddNet(nn.Cell):
    def construct(self, x, y):
        x.add_(y)
        return x * 1


def test_graph_mode_cell_input_after_call():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = _AddNet()
        for _ in range(2):
            x = _x()
            np.testing.assert_array_equal(net(x, Y).asnumpy(), [11.0, 22.0])
            np.testing.assert_array_equal(x.asnumpy(), [11.0, 22.0])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
