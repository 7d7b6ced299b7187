"""Tensor construction from NumPy arrays and Tensor.reshape raise as MindSpore 2.10 does (messages
recorded from MindSpore 2.10's CPU build)."""

import numpy as np
import pytest

from deepsink import Tensor


def test_structured_array_is_refused_with_mindspore_message():
    a = np.array([("x", 1), ("y", 2)], dtype=[("name", "<U10"), ("value", "<i4")])
    with pytest.raises(TypeError) as e:
        Tensor(a)
    assert str(e.value).startswith(
        "initializing tensor by numpy array failed, because the element type "
        "'<class 'numpy.void'>' of array is not supported.\nThe element index in array: (0,)"
    )


def test_object_array_is_refused_with_mindspore_message():
    a = np.array([[1, 2, 3], [4, Tensor(5), 6], [7, 8, 9]], dtype=object)
    with pytest.raises(TypeError, match="initializing tensor by numpy array failed, numpy array:"):
        Tensor(a)


@pytest.mark.parametrize("data", [[[3], [[4]]], [[[3]], [4]], [[1, 2], [3]]])
def test_ragged_lists_are_refused_with_mindspore_message(data):
    with pytest.raises(TypeError) as e:
        Tensor(data)
    assert f"For Tensor, the input_data is {data} that contain unsupported element." in str(e.value)


def test_reshape_checks_shape_as_mindspore():
    t = Tensor(np.ones((2, 3), np.float32))
    assert t.reshape(3, -1).shape == (3, 2)
    assert t.reshape((Tensor(6),)).shape == (6,)
    with pytest.raises(ValueError, match=r"the shape \[1, 2, 4\] is invalid"):
        t.reshape(1, 2, 4)  # MindSpore 2.10: ValueError
    with pytest.raises(ValueError):
        t.reshape(-1, -1)
    with pytest.raises(TypeError, match="must be an int"):
        t.reshape((1, 2, 3.5))  # MindSpore 2.10: TypeError


def test_itemset_returns_a_copy_as_mindspore():
    x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32))
    # MindSpore 2.10's docstring example
    assert x.itemset((0, 1), 4).asnumpy().tolist() == [[1, 4, 3], [4, 5, 6]]
    assert x.asnumpy().tolist() == [[1, 2, 3], [4, 5, 6]]
    assert x.itemset(4, 9.5).asnumpy().tolist() == [[1, 2, 3], [4, 9.5, 6]]
    assert Tensor(np.array([1], np.int32)).itemset(2.0).asnumpy().tolist() == [2]
    with pytest.raises(IndexError):
        x.itemset(6, 1)
    with pytest.raises(IndexError, match="Tuple index len"):
        x.itemset((0,), 1)
    with pytest.raises(IndexError, match=r"shape is \(1,\)"):
        x.itemset(1)
    with pytest.raises(TypeError):
        x.itemset(2.0, 1)
    with pytest.raises(ValueError):
        x.itemset()


def test_flatten_order_as_mindspore():
    x = Tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    # MindSpore 2.10: [0, 3, 1, 4, 2, 5]; with start_dim=1 the reversed axes stay (3, 2)
    assert x.flatten(order="F").asnumpy().tolist() == [0, 3, 1, 4, 2, 5]
    assert x.flatten(order="F", start_dim=1).asnumpy().tolist() == [[0, 3], [1, 4], [2, 5]]
    assert x.flatten().asnumpy().tolist() == [0, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="must be 'C' or 'F', but got 'A'"):
        x.flatten(order="A")
