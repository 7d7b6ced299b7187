"""Shuffle orders equal to MindSpore 2.10's for the same seed: ``Dataset.shuffle`` (random-access
and streamed input, epochs, new iterators) and TFRecord's ``Shuffle.GLOBAL``. The expected orders
were printed by MindSpore 2.10 (CPU build) for these exact pipelines."""

import glob
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
from deepsink.dataset.engine.shuffle import mt19937_64, shuffle_order, shuffle_rows

FILES = sorted(
    glob.glob(
        str(
            Path(__file__).resolve().parent.parent
            / "fixtures"
            / "dataset"
            / "tfrecord"
            / "*.tfrecord"
        )
    )
)


@pytest.fixture
def seed():
    old = ds.config.get_seed()
    yield ds.config.set_seed
    ds.config.set_seed(old)


def _epochs(d, n, key=0):
    it = d.create_tuple_iterator(num_epochs=n, output_numpy=True)
    return [[int(np.ravel(r[key])[0]) for r in it] for _ in range(n)]


def test_mt19937_64_matches_the_cpp_standard():
    # C++11 requires the 10000th draw of a default-constructed std::mt19937_64 (seed 5489)
    assert int(mt19937_64(5489).random_raw(10000)[-1]) == 9981545732273789042


def test_shuffle_buffer_matches_mindspore(seed):
    seed(0)
    d = ds.NumpySlicesDataset(list(range(12)), shuffle=False).shuffle(5)
    first = [4, 2, 3, 6, 1, 7, 9, 11, 5, 10, 8, 0]
    assert _epochs(d, 1) == [first] and _epochs(d, 1) == [first]  # each iterator from the seed
    assert _epochs(d, 2) == [first, [2, 0, 5, 7, 4, 3, 6, 11, 9, 10, 8, 1]]


def test_streamed_shuffle_matches_mindspore(seed):
    seed(3)
    d = ds.GeneratorDataset(lambda: ((i,) for i in range(11)), ["x"]).shuffle(4)
    assert _epochs(d, 2) == [[3, 4, 5, 1, 6, 0, 9, 8, 7, 2, 10], [2, 0, 3, 4, 7, 1, 6, 8, 5, 10, 9]]


def test_stream_and_index_forms_agree():
    for n, k in ((0, 3), (5, 9), (40, 7), (7, 7)):
        a = list(shuffle_rows(range(n), k, mt19937_64(11)))
        assert shuffle_order(n, k, mt19937_64(11)).tolist() == a and sorted(a) == list(range(n))


def test_tfrecord_global_shuffle_matches_mindspore(seed):
    seed(7)
    want = [[[0, 2, 1], [0, 1, 2]], [[3, 5, 7, 6, 4], [6, 4, 7, 5, 3]], [[9, 8], [8, 9]]]
    for f, w in zip(FILES, want):
        d = ds.TFRecordDataset([f], shuffle=ds.Shuffle.GLOBAL)
        assert _epochs(d, 2, d.get_col_names().index("id")) == w
    d = ds.TFRecordDataset([FILES[1]], shuffle=ds.Shuffle.GLOBAL, num_samples=4)
    assert _epochs(d, 1, d.get_col_names().index("id")) == [[6, 3, 5, 4]]
