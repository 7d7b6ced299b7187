"""Out-of-range indexing raises as MindSpore 2.10 does (fixtures recorded from MindSpore), never a
clamped value: at once in PyNative, at trace time for a static index in compiled code, and when
the program runs for a run-time Tensor index."""

import builtins
import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn, ops

CASES = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures/ms/nn_breadth/indexing.json").read_text()
)


def _env() -> dict:
    def setitem(x, index):
        x = x.copy()
        x[index] = 1
        return x

    return {
        "t": Tensor(np.arange(3.0).astype(np.float32)),
        "m": Tensor(np.arange(6.0).astype(np.float32).reshape(2, 3)),
        "z": Tensor(np.zeros(3, np.float32)),
        "setitem": setitem, "Tensor": Tensor, "ops": ops, "np": np,
    }  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_indexing_matches_mindspore(name):
    case = CASES[name]
    if "error" in case:
        with pytest.raises(getattr(builtins, case["error"])):
            eval(case["expr"], _env())
    else:
        got = eval(case["expr"], _env())
        np.testing.assert_array_equal(got.asnumpy(), np.asarray(case["value"], np.float32))


def test_error_names_the_index_and_size():
    with pytest.raises(IndexError, match="index 3 is out of bounds for dimension with size 3"):
        Tensor(np.arange(3.0))[3]
    with pytest.raises(RuntimeError, match=r"range \[0, 3\), but got 10"):
        ops.gather(Tensor(np.arange(3.0)), Tensor([0, 10]), 0)


class _Static(nn.Cell):
    def construct(self, x):
        return x[3]


class _Dynamic(nn.Cell):
    def construct(self, x, i):
        return x[i]


class _StaticSet(nn.Cell):
    def construct(self, x):
        x[5] = 1
        return x


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_graph_static_index_fails_while_compiling(graph_mode):
    t = Tensor(np.arange(3.0).astype(np.float32))
    with pytest.raises(IndexError, match="index 3"):
        _Static()(t)
    with pytest.raises(IndexError, match="Index 5"):
        _StaticSet()(Tensor(np.zeros(3, np.float32)))


def test_graph_runtime_index_checked_when_run(graph_mode):
    t = Tensor(np.arange(3.0).astype(np.float32))
    net = _Dynamic()
    assert float(net(t, Tensor(1))) == 1.0
    assert float(net(t, Tensor(-1))) == 2.0
    with pytest.raises(RuntimeError, match=r"'input_indices' should be in the range \[0, 3\)"):
        np.asarray(net(t, Tensor(7)).asnumpy())


def test_jit_gather_runtime_index_and_gradient():
    x = Tensor(np.arange(3.0).astype(np.float32))

    @ms.jit
    def f(a, i):
        return ops.gather(a, i, 0).sum()

    assert float(f(x, Tensor([0, 2]))) == 2.0
    with pytest.raises(RuntimeError, match="but got 5"):
        np.asarray(f(x, Tensor([0, 5])).asnumpy())
    g = ms.grad(lambda a, i: a[i].sum())(x, Tensor([0, 0, 2]))
    np.testing.assert_array_equal(g.asnumpy(), [2.0, 0.0, 1.0])
