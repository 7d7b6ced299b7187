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
