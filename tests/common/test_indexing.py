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
        "setitem": setitem,
        "Tensor": Tensor,
        "ops": ops,
        "np": np,
    }


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


# --- the bounds rule at its edges: [-size, size) (scatter kernels: [0, size)) -------------------
# Each checked index path, at once (PyNative) and when the compiled program runs: index == size
# is the first value outside, -size the last inside (negatives count from the end).


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_gather_index_equal_to_size_is_out_of_range(compiled):
    x = Tensor(np.arange(3.0).astype(np.float32))

    def take(a, i):
        return ops.gather(a, i, 0)

    f = ms.jit(take) if compiled else take
    np.testing.assert_array_equal(f(x, Tensor([2, -3])).asnumpy(), [2.0, 0.0])
    for bad in (3, -4):
        with pytest.raises(RuntimeError, match=rf"range \[0, 3\), but got {bad}"):
            np.asarray(f(x, Tensor([0, bad])).asnumpy())


def test_graph_runtime_index_at_the_edges(graph_mode):
    t = Tensor(np.arange(3.0).astype(np.float32))
    net = _Dynamic()
    assert float(net(t, Tensor(2))) == 2.0
    assert float(net(t, Tensor(-3))) == 0.0
    for bad in (3, -4):
        with pytest.raises(RuntimeError, match=f"but got {bad}"):
            np.asarray(net(t, Tensor(bad)).asnumpy())


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_gather_nd_index_equal_to_size_is_out_of_range(compiled):
    m = Tensor(np.arange(6.0).astype(np.float32).reshape(2, 3))

    def pick(a, i, j):
        return a[i, j]

    f = ms.jit(pick) if compiled else pick
    np.testing.assert_array_equal(f(m, Tensor([1, -2]), Tensor([2, -3])).asnumpy(), [5.0, 0.0])
    for i, j in ((2, 0), (0, 3)):
        with pytest.raises(RuntimeError, match="GatherNd"):
            np.asarray(f(m, Tensor([i]), Tensor([j])).asnumpy())


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_setitem_index_equal_to_size_is_out_of_range(compiled):
    def put(a, i):
        a = a.copy()
        a[i] = 1.0
        return a

    f = ms.jit(put) if compiled else put
    z = Tensor(np.zeros(3, np.float32))
    np.testing.assert_array_equal(f(z, Tensor([2])).asnumpy(), [0.0, 0.0, 1.0])
    np.testing.assert_array_equal(f(z, Tensor([-3])).asnumpy(), [1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="TensorScatterUpdate"):
        np.asarray(f(z, Tensor([3])).asnumpy())


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_scatter_index_in_zero_to_size(compiled):
    # scatter kernels refuse negatives: [0, size)
    def add(a, i):
        return ops.index_add(a, i, Tensor(np.ones((1,), np.float32)), 0)

    f = ms.jit(add) if compiled else add
    z = Tensor(np.zeros(3, np.float32))
    np.testing.assert_array_equal(f(z, Tensor([2], ms.int32)).asnumpy(), [0.0, 0.0, 1.0])
    for bad in (3, -1):
        with pytest.raises(IndexError, match=f"but got {bad}"):
            np.asarray(f(z, Tensor([bad], ms.int32)).asnumpy())
