"""``deepsink.numpy``'s reductions run on ``ops``' reductions, so they share its axis rule:
``axis=()`` reduces every axis, as MindSpore 2.10's ``mindspore.numpy`` does (NumPy itself would
reduce none). The expected values were recorded from MindSpore 2.10 on ``arange(6).reshape(2, 3)``
in Float32."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink.numpy as mnp
from deepsink import Tensor

RECORDED_2_10 = {
    "mean": 2.5,
    "var": 2.9166667,
    "std": 1.7078252,
    "sum": 15.0,
    "amax": 5.0,
    "nansum": 15.0,
    "nanmean": 2.5,
    "count_nonzero": 5,
}


@pytest.mark.parametrize("name", sorted(RECORDED_2_10))
def test_an_empty_axis_tuple_reduces_every_axis(name):
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    got = getattr(mnp, name)(x, axis=())
    assert got.shape == ()
    np.testing.assert_allclose(got.asnumpy(), RECORDED_2_10[name], rtol=1e-6)


def test_fabs_keeps_bool_and_int_dtypes_as_mindspore():
    # MindSpore 2.10: mindspore.numpy.fabs of a Bool Tensor is Bool, of Int32 is Int32.
    out = mnp.fabs(Tensor(np.array([True, False])))
    assert str(out.dtype) == "Bool"
    np.testing.assert_array_equal(out.asnumpy(), [True, False])
    out = mnp.fabs(Tensor(np.array([-2, 3], np.int32)))
    assert str(out.dtype) == "Int32"
    np.testing.assert_array_equal(out.asnumpy(), [2, 3])
