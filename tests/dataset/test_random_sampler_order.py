"""RandomSampler (and a source's ``shuffle=True``) gives MindSpore 2.10's orders for a set seed:
libstdc++'s ``std::shuffle`` with ``std::mt19937(seed)``, reshuffled with ``seed + pass`` each
pass. The orders were read off MindSpore 2.10 (``ds.config.set_seed(1234)``)."""

import numpy as np
import pytest

import deepsink.dataset as ds


@pytest.fixture
def seed_1234():
    ds.config.set_seed(1234)  # the dataset conftest restores the config after each test


def ids(data, epochs=1):
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [[int(r[0]) for r in it] for _ in range(epochs)]


def test_source_shuffle_is_mindspores_permutation(seed_1234):
    assert ids(ds.NumpySlicesDataset(list(range(10)), column_names=["c"])) == [
        [5, 3, 0, 8, 2, 7, 1, 6, 4, 9]
    ]
    first = ids(ds.NumpySlicesDataset(list(range(1000)), column_names=["c"]))[0][:20]
    assert first == [
        169,
        525,
        960,
        294,
        678,
        881,
        903,
        477,
        819,
        698,
        884,
        943,
        424,
        16,
        875,
        226,
        625,
        167,
        733,
        277,
    ]
    gen = ds.GeneratorDataset([np.array(i) for i in range(6)], column_names=["c"])
    assert ids(gen) == [[5, 3, 0, 4, 2, 1]]
    d1 = ds.NumpySlicesDataset([1, 2, 3], column_names=["c"])
    d2 = ds.NumpySlicesDataset([4, 5, 6], column_names=["c"])
    assert ids(d1.concat(d2)) == [[2, 3, 1, 5, 6, 4]]


def test_each_epoch_reshuffles_and_each_iterator_restarts(seed_1234):
    data = ds.NumpySlicesDataset(list(range(5)), column_names=["c"])
    assert ids(data, 3) == [[1, 3, 0, 2, 4], [1, 4, 0, 2, 3], [3, 0, 2, 1, 4]]
    assert ids(data) == [[1, 3, 0, 2, 4]]
    assert ids(data.repeat(2)) == [[1, 3, 0, 2, 4, 1, 4, 0, 2, 3]]


def test_random_sampler_num_samples_and_replacement(seed_1234):
    sampler = ds.RandomSampler(num_samples=4)
    data = ds.NumpySlicesDataset(list(range(10)), column_names=["c"], sampler=sampler)
    assert ids(data, 3) == [[5, 3, 0, 8], [5, 3, 8, 9], [0, 7, 1, 5]]
    sampler = ds.RandomSampler(replacement=True, num_samples=8)
    data = ds.NumpySlicesDataset(list(range(10)), column_names=["c"], sampler=sampler)
    assert ids(data, 3) == [
        [1, 4, 6, 8, 4, 6, 7, 7],
        [9, 8, 9, 7, 4, 8, 9, 2],
        [2, 5, 4, 2, 7, 9, 9, 2],
    ]


def test_large_source_uses_one_draw_per_swap():
    ds.config.set_seed(7)
    data = ds.NumpySlicesDataset(list(range(100000)), column_names=["c"])
    it = data.create_tuple_iterator(num_epochs=1, output_numpy=True)
    first = [int(next(it)[0]) for _ in range(10)]
    assert first == [68737, 37819, 55518, 77757, 46481, 88424, 97910, 55475, 55206, 32058]


def test_split_of_a_random_access_source_slices_mindspores_permutation(seed_1234):
    data = ds.NumpySlicesDataset(list(range(10)), column_names=["c"], shuffle=False)
    train, test = data.split([0.7, 0.3])
    assert ids(train) == [[5, 3, 0, 8, 2, 7, 1]] and ids(test) == [[6, 4, 9]]
    data = ds.NumpySlicesDataset(list(range(7)), column_names=["c"], shuffle=False)
    a, b = data.split([3, 4])
    assert ids(a) == [[1, 3, 0]] and ids(b) == [[5, 4, 6, 2]]
