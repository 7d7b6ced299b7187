"""``nn.OneHot`` (values from ``kernel_rounding.npz``, recorded from MindSpore 2.10) and
``Cell.compile``: builds the GRAPH_MODE program without running it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from compilekit import counting_compiles

import deepsink as ms
from deepsink import Parameter, Tensor, context, nn, ops

FIX = np.load(Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "kernel_rounding.npz")


@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_one_hot_on_each_axis_as_mindspore(axis):
    out = nn.OneHot(axis, 6, 2.0, 3.0)(Tensor(FIX["onehot_idx"]))
    assert out.dtype == ms.float32
    np.testing.assert_array_equal(out.asnumpy(), FIX[f"onehot_axis{axis}"])


def test_one_hot_out_of_range_indices_are_all_off_and_dtype_is_kept():
    out = nn.OneHot(depth=3, dtype=ms.int64)(Tensor(FIX["onehot_idx"]))
    assert out.dtype == ms.int64
    np.testing.assert_array_equal(out.asnumpy(), FIX["onehot_int64"])


def test_one_hot_inside_a_compiled_cell():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.hot = nn.OneHot(depth=4)

        def construct(self, x):
            return self.hot(x) * 2

    context.set_context(mode=ms.GRAPH_MODE)
    out = Net()(Tensor(np.array([3, 0], np.int32)))
    np.testing.assert_array_equal(out.asnumpy(), [[0, 0, 0, 2], [2, 0, 0, 0]])


@pytest.mark.parametrize(
    ("kwargs", "indices", "exc", "words"),
    [
        ({"depth": -1}, np.array([0], np.int32), ValueError, "'depth'"),
        ({"depth": 3.0}, np.array([0], np.int32), TypeError, "'depth'"),
        ({"axis": 2, "depth": 3}, np.array([0], np.int32), ValueError, "'axis'"),
        ({"depth": 3, "dtype": ms.float64}, np.array([0], np.int32), TypeError, "'dtype'"),
        ({"depth": 3, "on_value": "a"}, np.array([0], np.int32), TypeError, "'on_value'"),
        ({"depth": 3}, np.array([0.0], np.float32), TypeError, "indices"),
    ],
)
def test_one_hot_bad_arguments_raise_mindspores_exception_types(kwargs, indices, exc, words):
    with pytest.raises(exc, match=words):
        nn.OneHot(**kwargs)(Tensor(indices))


class _Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.full((3, 2), 0.5, np.float32)), name="w")
        self.calls = 0

    def construct(self, x):
        self.calls += 1  # runs only while tracing in GRAPH_MODE
        out = ops.matmul(x, self.w)
        ops.assign_add(self.w, ops.ones_like(self.w))
        return out


def _compiles(fn):
    with counting_compiles() as seen:
        fn()
    return len(seen)


def test_compile_builds_the_program_without_running_it():
    context.set_context(mode=ms.GRAPH_MODE)
    net, x = _Affine(), Tensor(np.ones((2, 3), np.float32))
    assert _compiles(lambda: net.compile(x)) >= 1
    # not run: the in-place update did not happen
    np.testing.assert_array_equal(net.w.asnumpy(), np.full((3, 2), 0.5, np.float32))
    box = {}
    assert _compiles(lambda: box.setdefault("out", net(x))) == 0  # the compiled program is reused
    np.testing.assert_array_equal(box["out"].asnumpy(), np.full((2, 2), 1.5, np.float32))
    np.testing.assert_array_equal(net.w.asnumpy(), np.full((3, 2), 1.5, np.float32))


def test_compile_in_pynative_mode_changes_nothing():
    net, x = _Affine(), Tensor(np.ones((2, 3), np.float32))
    net.compile(x)
    assert net.calls == 0
    np.testing.assert_array_equal(net.w.asnumpy(), np.full((3, 2), 0.5, np.float32))
