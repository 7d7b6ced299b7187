"""nn.CellDict (children by key, Parameter names ``<key>.weight``), Cell.init_parameters_data
and ops.ApplyMomentum (values recorded from MindSpore 2.10)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, nn, ops


def test_cell_dict():
    d = nn.CellDict({"conv": nn.Conv2d(1, 2, 3), "act": nn.ReLU()})
    assert list(d) == ["conv", "act"] and len(d) == 2 and "act" in d

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = d

        def construct(self, x):
            return self.layers["act"](self.layers["conv"](x))

    net = Net()
    assert [n for n, _ in net.parameters_and_names()] == ["layers.conv.weight"]
    assert net(Tensor(np.ones((1, 1, 4, 4), np.float32))).shape == (1, 2, 4, 4)
    d["dense"] = nn.Dense(2, 2)
    assert d.keys() == ["conv", "act", "dense"]
    assert isinstance(d.pop("act"), nn.ReLU) and "act" not in d
    d.update([("act2", nn.Tanh())])
    assert [k for k, _ in d.items()] == ["conv", "dense", "act2"]
    d.clear()
    assert len(d) == 0
    with pytest.raises(TypeError):
        d["x"] = 3
    with pytest.raises(NotImplementedError):
        d(Tensor(1.0))


def test_init_parameters_data():
    net = nn.Dense(3, 2)
    replaced = net.init_parameters_data()
    assert set(replaced) == {net.weight, net.bias} and all(k is v for k, v in replaced.items())


def test_apply_momentum_matches_mindspore():
    v = Parameter(Tensor(np.array([1.0, -0.5], np.float32)), name="v")
    a = Parameter(Tensor(np.array([0.3, 0.1], np.float32)), name="a")
    op = ops.ApplyMomentum()
    for g in ([1.0, 2.0], [-0.5, 0.25]):
        op(v, a, Tensor(0.1, ms.float32), Tensor(np.array(g, np.float32)), Tensor(0.9, ms.float32))
    # MindSpore 2.10: v = [0.8087, -0.9221], accumulation = [0.643, 2.131]
    np.testing.assert_allclose(v.asnumpy(), [0.8087000250816345, -0.9221000075340271], rtol=1e-6)
    np.testing.assert_allclose(a.asnumpy(), [0.6430000066757202, 2.13100004196167], rtol=1e-6)
