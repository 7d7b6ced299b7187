"""Assigning to a Cell attribute that holds a Parameter, as MindSpore 2.10's ``Cell.__setattr__``
does (checked by running 2.10): a Tensor loads into the existing Parameter, which keeps its name,
dtype and place in the network, and anything else but a Parameter or None is refused."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, nn
from deepsink.common.initializer import One, initializer


def test_a_tensor_loads_into_the_existing_parameter():
    m = nn.Dense(2, 3)
    p = m.weight
    m.weight = Tensor(np.ones((3, 2), np.float32))
    assert m.weight is p and p.name == "weight"
    assert [q.name for q in m.get_parameters()] == ["weight", "bias"]
    np.testing.assert_array_equal(p.asnumpy(), np.ones((3, 2), np.float32))


def test_the_parameter_keeps_its_dtype_and_takes_a_new_shape():
    m = nn.Dense(2, 3)
    m.weight = Tensor(np.ones((3, 2), np.float16))
    assert m.weight.dtype == ms.float32 and m.weight.asnumpy().sum() == 6.0
    m.weight = Tensor(np.ones((4, 2), np.float32))  # 2.10 does not check the shape either
    assert m.weight.shape == (4, 2) and isinstance(m.weight, Parameter)


def test_an_initializer_loads_its_values():
    # the pattern of mindcv's xcit and cait weight init: m.weight = initializer(...)
    m = nn.Dense(2, 3)
    p = m.weight
    m.weight = initializer(One(), (3, 2), ms.float32)
    assert m.weight is p and m.weight.asnumpy().sum() == 6.0


@pytest.mark.parametrize("value", [np.ones((3, 2), np.float32), 3])
def test_other_values_are_refused(value):
    m = nn.Dense(2, 3)
    with pytest.raises(TypeError, match="Parameter 'weight' already exists in network, can not"):
        m.weight = value


def test_none_empties_the_slot_and_a_tensor_cannot_refill_it():
    m = nn.Dense(2, 3)
    m.weight = None
    assert m.weight is None and [q.name for q in m.get_parameters()] == ["bias"]
    with pytest.raises(AttributeError, match="'weight' was set to None"):
        m.weight = Tensor(np.ones((3, 2), np.float32))


class _Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.n = Parameter(Tensor(0.0, ms.float32), name="n")

    def construct(self, x):
        self.n += 1  # mindcv's TrainStep counts its EMA updates so
        return x * 2


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_augmented_assignment_in_construct_updates_the_parameter(mode):
    ms.set_context(mode=mode)
    try:
        c = _Counter()
        p = c.n
        c(Tensor(1.0))
        c(Tensor(1.0))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert c.n is p and float(c.n.asnumpy()) == 2.0 and c.n.name == "n"
