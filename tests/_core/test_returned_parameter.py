"""A compiled construct that writes a Parameter and returns it gives the value after the write
(MindSpore 2.10's GRAPH_MODE: ``P.Assign(self.y, self.x); return self.y`` returns x's value)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, nn
from deepsink.ops import operations as P


class _AssignThenReturn(nn.Cell):
    def __init__(self, x, y):
        super().__init__()
        self.x = Parameter(x, name="x")
        self.y = Parameter(y, name="y")
        self.assign = P.Assign()

    def construct(self):
        self.assign(self.y, self.x)
        return self.y, (self.x, self.y * 2)


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint64, np.float32])
def test_returned_parameter_holds_the_written_value(mode, dtype):
    ms.set_context(mode=mode)
    try:
        net = _AssignThenReturn(Tensor(np.ones(3, dtype)), Tensor(np.zeros(3, dtype)))
        y, (x, y2) = net()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(y.asnumpy(), np.ones(3, dtype))
    np.testing.assert_array_equal(x.asnumpy(), np.ones(3, dtype))
    np.testing.assert_array_equal(y2.asnumpy(), np.ones(3, dtype) * 2)
    np.testing.assert_array_equal(net.y.asnumpy(), np.ones(3, dtype))
