"""Samplers as MindSpore 2.10 runs them: given as lists, ints or any iterable, chained with
``add_child``, user samplers copied per iterator. Expected values were printed by MindSpore 2.10."""

import numpy as np
import pytest

import deepsink.dataset as ds

DATA = list(range(10))


def _rows(d, num_epochs=1):
    return [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=num_epochs)]


def test_list_sampler_takes_num_samples():
    d = ds.NumpySlicesDataset(DATA, sampler=[0, 9, 3, 2], num_samples=2)
    assert d.get_dataset_size() == 2 and _rows(d) == [0, 9]
    assert _rows(ds.NumpySlicesDataset(DATA, sampler=ds.SubsetSampler(7))) == [7]  # one index


def test_bad_samplers_raise_mindspores_errors():
    with pytest.raises(TypeError, match=r"got list\[0\]: 1.5, type: <class 'float'>"):
        ds.NumpySlicesDataset(DATA, sampler=[1.5, 7])
    with pytest.raises(TypeError, match=r"Unsupported sampler object of type \(<class 'str'>\)"):
        ds.NumpySlicesDataset(DATA, sampler="a")
    with pytest.raises(TypeError, match="either iterable or from mindspore.dataset.samplers"):
        ds.NumpySlicesDataset(DATA, sampler=3)
    with pytest.raises(RuntimeError, match=r"Sample ID \(20\) is out of bound, expected range"):
        _rows(ds.NumpySlicesDataset(DATA, sampler=[20]))
    with pytest.raises(ValueError, match="num_samples exceeds the boundary"):
        ds.SubsetSampler([1], -1)
    with pytest.raises(RuntimeError, match=r"offset must be no more than num_shards\(2\)"):
        ds.DistributedSampler(2, 0, offset=3).parse()


def test_getitem_sampler_is_iterated_in_order():
    class Picks:
        def __getitem__(self, i):
            return [4, 1, 8][i]

        def __len__(self):
            return 3

    assert _rows(ds.NumpySlicesDataset(DATA, sampler=Picks())) == [4, 1, 8]


def test_child_sampler_feeds_its_parent():
    s = ds.SequentialSampler(start_index=2, num_samples=6)
    s.add_child(ds.SubsetSampler([9, 8, 7, 6, 5, 4, 3, 2, 1]))
    assert s.get_num_samples() == 6 and s.parse() is not None
    d = ds.NumpySlicesDataset(DATA, sampler=s)
    assert d.get_dataset_size() == 6 and _rows(d) == [7, 6, 5, 4, 3, 2]
    with pytest.raises(RuntimeError, match="already has a child"):
        s.add_child(ds.SequentialSampler())


def test_user_sampler_state_is_copied_per_iterator():
    class Shuffled(ds.Sampler):
        def __init__(self):
            super().__init__()
            self.g = np.random.default_rng(0)

        def __iter__(self):
            return iter(self.g.permutation(5).tolist())

    d = ds.NumpySlicesDataset(DATA, sampler=Shuffled())
    assert d.get_dataset_size() == 5  # counted on a copy: the sampler's state is untouched
    g = np.random.default_rng(0)
    want = [g.permutation(5).tolist(), g.permutation(5).tolist()]
    for _ in range(2):  # each iterator replays from the state the dataset was built with
        it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
        assert [[int(r[0]) for r in it] for _ in range(2)] == want


def test_user_sampler_length_must_match_what_it_yields():
    class Ten:
        def __iter__(self):
            yield from range(10)

        def __len__(self):
            return 15

    class Source:
        def __getitem__(self, i):
            return (np.array(i),)

        def __len__(self):
            return 20

    d = ds.GeneratorDataset(Source(), ["data"], sampler=Ten())
    assert d.get_dataset_size() == 15
    with pytest.raises(
        RuntimeError, match="read from generator 10 is different from generator.len 15"
    ):
        _rows(d)


def test_iterator_stop_ends_it():
    it = ds.NumpySlicesDataset(DATA, shuffle=False).create_tuple_iterator(output_numpy=True)
    assert int(next(it)[0]) == 0
    it.stop()  # the iterator lets go of its pipeline, as MindSpore 2.10's does
    with pytest.raises(
        AttributeError, match="'TupleIterator' object has no attribute '_runtime_context'"
    ):
        next(it)


def test_one_shot_generator_sampler_is_refused():
    d = ds.NumpySlicesDataset(DATA, sampler=(i for i in [3, 1, 2]))
    with pytest.raises(RuntimeError, match="Init Python sampler failed"):
        d.get_dataset_size()  # MindSpore 2.10: "cannot pickle 'generator' object"


class _SameRow(ds.Sampler):
    """Yields one row index num_samples times; reset() moves to the next row."""

    def __init__(self, num_samples=None):
        super().__init__(num_samples)
        self.cnt = 0

    def __iter__(self):
        return iter([self.cnt] * self.num_samples)

    def reset(self):
        self.cnt = (self.cnt + 1) % self.dataset_size


def test_user_sampler_reset_runs_before_each_later_pass():
    d = ds.NumpySlicesDataset([10, 11, 12], sampler=_SameRow(2)).repeat(4)
    assert _rows(d) == [10, 10, 11, 11, 12, 12, 10, 10]
    it = ds.NumpySlicesDataset([10, 11, 12], sampler=_SameRow(2)).create_tuple_iterator(
        output_numpy=True, num_epochs=3
    )
    assert [[int(r[0]) for r in it] for _ in range(3)] == [[10, 10], [11, 11], [12, 12]]


def test_use_sampler_replaces_the_sources_sampler():
    d = ds.NumpySlicesDataset([5, 6, 7, 8], shuffle=False)
    assert d.get_dataset_size() == 4
    d.use_sampler(ds.SequentialSampler(start_index=2))
    assert d.get_dataset_size() == 2 and _rows(d) == [7, 8]
    for bad in (1, "sampler"):
        with pytest.raises(TypeError, match="not an instance of a sampler"):
            d.use_sampler(bad)


def test_file_sources_refuse_a_sampler_beside_other_options(tmp_path):
    # MindSpore 2.10 checks this before building the sampler, for file and image sources only
    (tmp_path / "a").mkdir()
    from PIL import Image

    Image.new("RGB", (2, 2)).save(tmp_path / "a" / "x.png")
    for kwargs, what in (
        ({"num_samples": 2}, "num_samples"),
        ({"shuffle": False}, "shuffle"),
        ({"num_shards": 2, "shard_id": 0}, "sharding"),
    ):
        with pytest.raises(RuntimeError, match=f"sampler and {what} cannot be specified"):
            ds.ImageFolderDataset(str(tmp_path), sampler=ds.SequentialSampler(), **kwargs)
