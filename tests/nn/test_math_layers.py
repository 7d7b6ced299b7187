"""Math and small tensor layers (ReduceLogSumExp, Moments, MatMul, LGamma, DiGamma, MatInverse,
Norm, Unflatten, Tril, Triu, ChannelShuffle) against MindSpore 2.10 fixtures; Roll, Range,
MatInverse and MatDet (MindSpore's CPU build has no Roll kernel and fails its Cholesky-based
MatInverse/MatDet) against NumPy."""

import numpy as np
import pytest

from deepsink import Tensor, nn
from deepsink import float32 as ms_float32
from tests.support.layer_fixtures import case_names, replay

CASES = case_names(("math_",))


def test_cases_recorded():
    assert len(CASES) >= 10


@pytest.mark.parametrize("name", CASES)
def test_matches_mindspore(name):
    replay(name, rtol=1e-4, atol=1e-5)


def test_roll_and_range_match_numpy():
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    np.testing.assert_array_equal(nn.Roll(2, 1)(Tensor(x)).asnumpy(), np.roll(x, 2, 1))
    np.testing.assert_array_equal(nn.Range(5)().asnumpy(), np.arange(5))
    r = nn.Range(1.0, 2.0, 0.25)()
    np.testing.assert_allclose(r.asnumpy(), np.arange(1.0, 2.0, 0.25))
    with pytest.raises(ValueError, match="delta"):
        nn.Range(0, 5, 0)


def test_matinverse_matdet_match_numpy():
    b = np.random.RandomState(0).uniform(-1, 1, (2, 3, 3))
    a = (b @ b.transpose(0, 2, 1) + 3 * np.eye(3)).astype(np.float32)
    np.testing.assert_allclose(nn.MatInverse()(Tensor(a)).asnumpy(), np.linalg.inv(a), rtol=1e-5)
    np.testing.assert_allclose(nn.MatDet()(Tensor(a)).asnumpy(), np.linalg.det(a), rtol=1e-5)


def test_moments_and_norm_dtypes_follow_mindspore():
    # MindSpore 2.10: Moments refuses int input ("should be one of [float16, float32]");
    # Norm of an int32 input is float32.
    with pytest.raises(TypeError, match="Moments.*'x' must be a float16 or float32 Tensor"):
        nn.Moments()(Tensor(np.array([2, 3], np.int32)))
    out = nn.Norm(1)(Tensor(np.array([[2, 3]], np.int32)))
    assert out.dtype == ms_float32
    np.testing.assert_allclose(out.asnumpy(), [np.sqrt(13)], rtol=1e-6)
