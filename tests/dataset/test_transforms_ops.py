"""``mindspore.dataset.transforms`` tensor ops and random compositions.

Expected values are MindSpore 2.10's outputs for the same calls (run once against it); the
random compositions are checked by their frequencies.
"""

from __future__ import annotations

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.transforms as T
import deepsink.dataset.vision as V
from deepsink.common import dtype as mstype
from deepsink.dataset import config

X = np.array([1, 2, 3, 2, 5], np.int32)


def test_fill_casts_like_a_c_cast():
    assert T.Fill(7)(X).tolist() == [7] * 5 and T.Fill(7)(X).dtype == np.int32
    assert T.Fill(2.5)(X).tolist() == [2] * 5
    assert T.Fill(7)(np.array([1.5])).tolist() == [7.0]
    assert T.Fill(300)(np.array([1], np.uint8)).tolist() == [44]
    assert T.Fill(-1)(np.array([1], np.uint8)).tolist() == [255]
    assert T.Fill("q")(np.array(["a", "b"])).tolist() == ["q", "q"]
    with pytest.raises(RuntimeError, match="strings"):
        T.Fill("q")(X)


def test_mask():
    assert T.Mask(T.Relational.GT, 2)(X).tolist() == [False, False, True, False, True]
    got = T.Mask(T.Relational.EQ, 2, mstype.int32)(X)
    assert got.tolist() == [0, 1, 0, 1, 0] and got.dtype == np.int32
    assert T.Mask(T.Relational.GT, 2.5)(X).tolist() == [False, False, True, False, True]


def test_pad_end():
    assert T.PadEnd([7], 9)(X).tolist() == [1, 2, 3, 2, 5, 9, 9]
    assert T.PadEnd([3])(X).tolist() == [1, 2, 3]
    m = np.arange(12).reshape(3, 4)
    got = T.PadEnd([4, 5], -1)(m)
    assert got.tolist() == [[0, 1, 2, 3, -1], [4, 5, 6, 7, -1], [8, 9, 10, 11, -1], [-1] * 5]
    assert T.PadEnd([4], "z")(np.array(["a", "b"])).tolist() == ["a", "b", "z", "z"]
    with pytest.raises(RuntimeError, match="rank"):
        T.PadEnd([4])(m)


def test_slice():
    assert T.Slice(slice(1, 3))(X).tolist() == [2, 3]
    assert T.Slice([0, 2])(X).tolist() == [1, 3]
    assert T.Slice(1)(X).tolist() == [2]
    assert T.Slice(None)(X).tolist() == X.tolist()
    assert T.Slice(Ellipsis)(X).tolist() == X.tolist()
    m = np.arange(12).reshape(3, 4)
    assert T.Slice(slice(0, 2), [1, 3])(m).tolist() == [[1, 3], [5, 7]]
    with pytest.raises(TypeError, match="slice option"):
        T.Slice("a")


def test_concatenate_duplicate_unique():
    got = T.Concatenate(0, np.array([9], np.int32), np.array([8, 8], np.int32))(X)
    assert got.tolist() == [9, 1, 2, 3, 2, 5, 8, 8]
    a, b = T.Duplicate()(X)
    assert a.tolist() == b.tolist() == X.tolist() and a is not b
    u, i, c = T.Unique()(np.array([[1, 1], [2, 1]]))
    assert u.tolist() == [1, 2] and i.tolist() == [0, 0, 1, 0] and c.tolist() == [3, 1]
    assert i.dtype == np.int32 and c.dtype == np.int32
    with pytest.raises(RuntimeError, match="at least 2-D"):
        T.Unique()(X)


def test_duplicate_in_a_pipeline():
    d = ds.NumpySlicesDataset({"a": [[1, 2, 3], [4, 5, 6]]}, shuffle=False)
    d = d.map(T.Duplicate(), ["a"], ["a", "b"])
    rows = [(r["a"].tolist(), r["b"].tolist()) for r in d.create_dict_iterator(output_numpy=True)]
    assert rows == [([1, 2, 3], [1, 2, 3]), ([4, 5, 6], [4, 5, 6])]


def test_plugin_raises_not_implemented():
    with pytest.raises(NotImplementedError, match="plugin"):
        T.Plugin("libx.so", "f")


def test_random_apply_choice_order_frequencies():
    img = np.arange(2 * 3 * 3, dtype=np.uint8).reshape(2, 3, 3)
    config.set_seed(0)
    op = T.RandomApply([V.HorizontalFlip()], prob=0.25)
    flipped = np.mean([np.array_equal(op(img), img[:, ::-1]) for _ in range(800)])
    assert abs(flipped - 0.25) < 0.05
    choice = T.RandomChoice([V.HorizontalFlip(), V.VerticalFlip()])
    outs = [choice(img) for _ in range(800)]
    h = np.mean([np.array_equal(o, img[:, ::-1]) for o in outs])
    assert abs(h - 0.5) < 0.06
    order = T.RandomOrder([lambda x: x + 1, lambda x: x * 2])
    vals = [int(order(np.array([1]))[0]) for _ in range(800)]  # (1+1)*2=4 or 1*2+1=3
    assert set(vals) == {3, 4} and abs(np.mean(np.array(vals) == 4) - 0.5) < 0.06


def test_random_compositions_in_a_pipeline_repeat_with_the_seed():
    imgs = np.arange(6 * 4 * 5 * 3, dtype=np.uint8).reshape(6, 4, 5, 3)

    def run():
        config.set_seed(9)
        op = T.RandomChoice([V.HorizontalFlip(), V.VerticalFlip(), V.Rotate(90)])
        d = ds.NumpySlicesDataset({"image": imgs}, shuffle=False).map(op, ["image"])
        return [r["image"] for r in d.create_dict_iterator(output_numpy=True)]

    a, b = run(), run()
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_slice_and_fill_errors_as_mindspore():
    assert T.Slice(True)(X).tolist() == X.tolist()  # True: the whole axis
    with pytest.raises(RuntimeError, match="Index 5 is out of bounds"):
        T.Slice([5])(X)
    with pytest.raises(RuntimeError, match="can not be empty"):
        T.Slice([])(X)
    with pytest.raises(TypeError, match=r"slice_option\[0\]"):
        T.Slice([[0, 1]])
    with pytest.raises(RuntimeError, match="same data type"):
        T.Fill("words")(X)


def test_transforms_module_holds_mindspores_names():
    """``mindspore.dataset.transforms.transforms`` holds RandomApply, PadEnd, ... (2.10's module
    path, which MindSpore's own tests import)."""
    import deepsink.dataset.transforms as transforms_package
    from deepsink.dataset.transforms import transforms as module

    for name in ("RandomApply", "RandomChoice", "RandomOrder", "PadEnd", "Fill", "Slice", "Mask"):
        assert getattr(module, name) is getattr(transforms_package, name)
    with pytest.raises(AttributeError):
        module.NoSuchTransform  # noqa: B018
