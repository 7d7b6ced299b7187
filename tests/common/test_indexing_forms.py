"""Index forms JAX reads differently from MindSpore: Python True/False inside a tuple index, a list
holding Tensors (one axis per element, as a tuple), nested tuples, and boolean mask Tensors inside
GRAPH_MODE Cells (dynamic result shape: op by op; writes: kept as one program)."""

import warnings

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn

# NumPy's rules, which MindSpore 2.10 follows for these forms (its own setitem tests compare to NumPy)
FORMS = [
    (Ellipsis, 2, False, 1),
    (0, True, 0, None, True),
    (Ellipsis, 0, None, 1, True, True, None),
    (None, True, [1, 0], (False, True, True), [2]),
    ([[[0]]], True),
    ([1], Ellipsis, [[[[2]]]]),
    (Ellipsis, (0, 1, 2), None, slice(None), True, None),
    (True,),
    ([1, 0], True),
]


@pytest.mark.parametrize("index", FORMS, ids=[str(i) for i in range(len(FORMS))])
def test_scalar_bools_and_nested_sequences_follow_numpy(index):
    n = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    x = Tensor(n)
    got = x[index].asnumpy()
    assert got.shape == n[index].shape
    np.testing.assert_array_equal(got, n[index])
    n[index] = -7
    x[index] = -7
    np.testing.assert_array_equal(x.asnumpy(), n)


def test_list_holding_a_tensor_is_a_tuple_index():
    # MindSpore 2.10: x[[Tensor([True, False]), 0]] -> [0.]; x[[Tensor([1, 0]), 0]] -> [3., 0.];
    # x[[Tensor(1), 2]] -> 5.0; x[[1, 0]] (ints only) is still one array index
    x = Tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(x[[Tensor(np.array([True, False])), 0]].asnumpy(), [0.0])
    np.testing.assert_array_equal(x[[Tensor(np.array([1, 0])), 0]].asnumpy(), [3.0, 0.0])
    assert float(x[[Tensor(1), 2]].asnumpy()) == 5.0
    np.testing.assert_array_equal(x[[1, 0]].asnumpy(), [[3, 4, 5], [0, 1, 2]])


class _Get(nn.Cell):
    def construct(self, x, index):
        return x[index]


class _Set(nn.Cell):
    def construct(self, x, index, value):
        x[index] = value
        return x


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_graph_mode_mask_read_runs_op_by_op(graph_mode):
    x0 = np.arange(10.0, dtype=np.float32).reshape(5, 2)
    mask = np.array([True, False, True, False, True])
    with pytest.warns(UserWarning, match="op by op"):
        got = _Get()(Tensor(x0), Tensor(mask))
    np.testing.assert_array_equal(got.asnumpy(), x0[mask])


def test_graph_mode_mask_write_with_a_broadcast_value_stays_compiled(graph_mode):
    x0 = np.ones((3, 3), np.float32)
    mask = np.array([True, False, True])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no fall back to op by op
        got = _Set()(Tensor(x0), Tensor(mask), -1.0)
        got2 = _Set()(Tensor(x0), [Tensor(np.array([True, False, True])), 0], Tensor([5.0]))
    x0[mask] = -1
    np.testing.assert_array_equal(got.asnumpy(), x0)
    want = np.ones((3, 3), np.float32)
    want[[0, 2], 0] = 5
    np.testing.assert_array_equal(got2.asnumpy(), want)


def test_graph_mode_mask_write_of_one_value_per_element_runs_op_by_op(graph_mode):
    x0 = np.zeros(4, np.float32)
    mask = np.array([True, False, True, False])
    with pytest.warns(UserWarning, match="op by op"):
        got = _Set()(Tensor(x0), Tensor(mask), Tensor(np.array([1.0, 2.0], np.float32)))
    np.testing.assert_array_equal(got.asnumpy(), [1.0, 0.0, 2.0, 0.0])
