"""The Tensor methods bound by ``deepsink.numpy`` (``choose``, ``searchsorted``, ``resize``),
against NumPy's ndarray methods; and ``import deepsink`` bringing ``numpy``/``mint`` along, as
``import mindspore`` does."""

import numpy as np

import deepsink as ms
from deepsink import Tensor


def test_choose():
    idx = np.array([[0, 2, 1], [1, 0, 2]], np.int32)
    choices = [np.full((2, 3), v, np.int32) for v in (10, 20, 30)]
    got = Tensor(idx).choose([Tensor(c) for c in choices]).asnumpy()
    np.testing.assert_array_equal(got, idx.choose(choices))
    got = Tensor(idx + 2).choose([Tensor(c) for c in choices], mode="wrap").asnumpy()
    np.testing.assert_array_equal(got, (idx + 2).choose(choices, mode="wrap"))


def test_searchsorted():
    a = np.arange(-5, 5).astype(np.float32)
    v = np.array([[-7.0, 0.5], [3.0, 9.0]], np.float32)
    for side in ("left", "right"):
        got = Tensor(a).searchsorted(Tensor(v), side=side).asnumpy()
        np.testing.assert_array_equal(got, a.searchsorted(v, side=side))


def test_resize_truncates_or_pads_with_zeros():
    x = np.arange(15, dtype=np.float32).reshape(3, 5)
    for shape in [(2, 4), (7, 4), (3, 1)]:
        want = x.copy()
        want.resize(shape, refcheck=False)
        np.testing.assert_array_equal(Tensor(x).resize(*shape).asnumpy(), want)


def test_import_deepsink_brings_numpy_and_mint():
    assert ms.numpy.add(1, 2).dtype == ms.int32
    assert ms.mint.cat([Tensor([1.0]), Tensor([2.0])]).shape == (2,)
