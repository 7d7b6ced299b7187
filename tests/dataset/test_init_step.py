"""Dataset.set_init_step: new iterators start N batches in, with the rows (shuffles, augmentation
draws) an uninterrupted iterator gives there; skipped epochs are not read."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds


def _gen():
    for i in range(20):
        yield (np.array(i),)


def _rows(d, n):
    it = d.create_tuple_iterator(num_epochs=-1, output_numpy=True)
    try:
        return [b[0].tolist() for _, b in zip(range(n), it.across_epochs())]
    finally:
        it.close()


@pytest.mark.parametrize("source", ["random_access", "stream"])
@pytest.mark.parametrize("repeat", [1, 2])
def test_iterators_continue_exactly_where_the_step_is(source, repeat):
    ms.set_seed(3)
    base = (
        ds.NumpySlicesDataset({"x": np.arange(20)}, shuffle=True)
        if source == "random_access"
        else ds.GeneratorDataset(_gen, ["x"], shuffle=False)
    )
    d = base.map(lambda x: x * 10, input_columns="x").shuffle(5).batch(3).repeat(repeat)
    ref = _rows(d, 30)
    for init in (4, 6, 7, 13):
        d.set_init_step(init)
        assert d.get_init_step() == init
        assert _rows(d, 30 - init) == ref[init:], init


def test_skipped_epochs_are_not_read():
    ms.set_seed(1)
    seen = []

    def record(x):
        seen.append(int(x))
        return x

    d = ds.NumpySlicesDataset({"x": np.arange(8)}, shuffle=True).map(record, input_columns="x")
    d = d.batch(2)
    ref = _rows(d, 12)
    seen.clear()
    d.set_init_step(8)  # two whole epochs of 4 batches
    it = d.create_tuple_iterator(num_epochs=3, output_numpy=True)  # the third is the last
    assert [b[0].tolist() for b in it] == ref[8:]
    it.close()
    assert len(seen) == 8  # only the third epoch's rows went through the map


def test_set_init_step_rejects_bad_values():
    d = ds.NumpySlicesDataset({"x": np.arange(4)}).batch(2)
    with pytest.raises(TypeError, match="'init_step' must be a non-negative int"):
        d.set_init_step(-1)
    with pytest.raises(TypeError, match="'init_step'"):
        d.set_init_step(1.5)
    assert ds.NumpySlicesDataset({"x": np.arange(4)}).get_init_step() == 0
