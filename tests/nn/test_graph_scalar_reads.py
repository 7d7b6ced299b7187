"""``int()``, ``float()`` and ``bool()`` of an input Tensor in a GRAPH_MODE ``construct`` give the
value (the Cell runs op by op, as MindSpore 2.10's JIT Fallback runs them at run time), and a
Tensor of two elements raises 2.10's ValueError; recorded by ``scripts/record_graph_scalar_fixtures.py``."""

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from tests.support.graph_scalar_cases import cases

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_scalar_reads.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.fixture(scope="module")
def got():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        out = cases(ms)
    return out


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_scalar_read_matches_mindspore(got, name):
    assert got[name] == EXPECTED[name]


def test_graph_mode_cell_with_a_host_read_warns_once_and_keeps_training_state():
    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

        def construct(self, x, n):
            return self.dense(x) * int(n)

    ms.set_context(mode=ms.GRAPH_MODE)
    net = Scaled()
    x = ms.Tensor(np.ones((1, 2), np.float32))
    with pytest.warns(UserWarning, match=r"runs this Cell op by op: int\(\)"):
        assert net(x, ms.Tensor(3)).asnumpy().tolist() == [[6.0]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert net(x, ms.Tensor(4)).asnumpy().tolist() == [[8.0]]
