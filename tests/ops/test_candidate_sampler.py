"""ops.uniform_candidate_sampler / log_uniform_candidate_sampler and their primitives. Draws are
random, so the tests check what MindSpore 2.10 fixes: shapes, dtypes, ranges, uniqueness, the
expected counts without repeated draws (recorded from MindSpore, scripts/record_wider_fixtures.py)
and TensorFlow's count formula after repeated draws."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, ops

FIX = np.load(
    Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "wider" / "wider_api.npz"
)


def test_expected_counts_without_repeats_match_mindspore():
    cls = Tensor(FIX["cs_classes"])
    _, t, _ = ops.log_uniform_candidate_sampler(cls, 2, 4, False, 5, seed=3)
    np.testing.assert_allclose(t.asnumpy(), FIX["log_uniform_true_count"], rtol=1e-6)
    _, t, sc = ops.UniformCandidateSampler(2, 4, False, 6, seed=3)(cls)
    np.testing.assert_allclose(t.asnumpy(), FIX["uniform_true_count"], rtol=1e-6)
    np.testing.assert_allclose(sc.asnumpy(), FIX["uniform_sampled_count"], rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_unique_draws_are_distinct_in_range_and_keep_the_dtype(dtype):
    cls = Tensor(np.array([[1], [3], [4]], dtype))
    s, t, sc = ops.uniform_candidate_sampler(cls, 1, 6, True, 6, seed=5)
    got = s.asnumpy()
    assert got.dtype == dtype and sorted(got.tolist()) == list(range(6))
    assert t.shape == (3, 1) and sc.shape == (6,) and t.dtype == ms.float32
    s, _, _ = ops.log_uniform_candidate_sampler(cls, 1, 5, True, 5, seed=5)
    assert sorted(s.asnumpy().tolist()) == list(range(5))


def test_expected_count_after_repeated_draws_is_one_minus_miss_probability():
    # drawing all 5 classes takes more than 5 draws whenever one repeats; then every class's
    # count is 1 - (1 - p)^tries with the same tries
    s, t, sc = ops.log_uniform_candidate_sampler(Tensor(FIX["cs_classes"]), 2, 5, True, 5, seed=1)
    c = s.asnumpy().astype(np.float64)
    p = (np.log(c + 2) - np.log(c + 1)) / np.log(6)
    tries = np.log1p(-sc.asnumpy().astype(np.float64)) / np.log1p(-p)
    assert not np.allclose(sc.asnumpy(), p * 5, rtol=1e-3)  # this seed repeats some draws
    assert tries[0] > 5
    np.testing.assert_allclose(tries, np.round(tries[0]), rtol=1e-3)
    assert np.all(t.asnumpy() > 0) and np.all(t.asnumpy() < 1)


def test_remove_accidental_hits_never_draws_a_true_class():
    cls = Tensor(np.array([[1], [3]], np.int32))
    for seed in range(1, 6):
        s, _, _ = ops.uniform_candidate_sampler(
            cls, 1, 4, True, 6, seed=seed, remove_accidental_hits=True
        )
        assert not {1, 3} & set(s.asnumpy().tolist())


def test_a_seed_repeats_its_draws():
    cls = Tensor(np.array([[1], [3]], np.int32))
    a = ops.UniformCandidateSampler(1, 3, False, 10, seed=7)(cls)[0].asnumpy()
    b = ops.UniformCandidateSampler(1, 3, False, 10, seed=7)(cls)[0].asnumpy()
    np.testing.assert_array_equal(a, b)


def test_in_a_graph_mode_cell():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.sampler = ops.UniformCandidateSampler(1, 3, True, 4, seed=2)

        def construct(self, x):
            return self.sampler(x)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        s, t, sc = Net()(Tensor(np.array([[1], [3], [4], [6], [3]], np.int32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert s.shape == (3,) and t.shape == (5, 1) and sc.shape == (3,)
    assert len(set(s.asnumpy().tolist())) == 3


@pytest.mark.parametrize(
    "args, exc",
    [
        ((np.array([[1]], np.float32), 1, 3, True, 4), TypeError),
        ((np.array([[1]], np.int32), 2, 3, True, 4), ValueError),
        ((np.array([[1]], np.int32), 1, 5, True, 4), ValueError),
        ((np.array([[1]], np.int32), 1, 0, True, 4), ValueError),
        ((np.array([[1]], np.int32), 1, 3, 1, 4), TypeError),
    ],
)
def test_bad_arguments(args, exc):
    with pytest.raises(exc, match="uniform_candidate_sampler"):
        ops.uniform_candidate_sampler(Tensor(args[0]), *args[1:])
