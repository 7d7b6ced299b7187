"""Seeded worker processes draw as MindSpore's (worker ``i`` seeded with ``seed + i``, rows dealt in
turn, the map's turn moving on one per epoch; sequences in ``dataset_worker_seed.json``), and
the iterators' ``do_copy``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds

FIX = json.loads(
    (
        Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "dataset_worker_seed.json"
    ).read_text()
)

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


class Draws:
    def __init__(self, n: int) -> None:
        self.n = n

    def __getitem__(self, index):
        return np.array(random.randint(1, 1000)), np.array(index)

    def __len__(self) -> int:
        return self.n


def add_draw(data):
    return data, np.array(random.randint(1000, 2000))


@pytest.fixture
def seed_restored():
    saved = ds.config.get_seed()
    yield
    ds.config.set_seed(saved)


@pytest.mark.parametrize("case", FIX["cases"], ids=lambda c: f"rows{c['rows']}")
def test_seeded_workers_give_mindspores_rows_every_epoch(case, seed_restored):
    ds.config.set_seed(case["seed"])
    d = ds.GeneratorDataset(
        Draws(case["rows"]), ["data", "index"], shuffle=False, num_parallel_workers=case["workers"]
    )
    d = d.map(
        add_draw,
        input_columns=["data"],
        output_columns=["data", "data2"],
        num_parallel_workers=case["workers"],
        python_multiprocessing=True,
    )
    it = d.create_dict_iterator(num_epochs=case["epochs"], output_numpy=True)
    got = {"data": [], "data2": [], "index": []}
    for _ in range(case["epochs"]):
        for row in it:
            for k in got:
                got[k].append(int(row[k]))
    assert got == {k: case[k] for k in got}


def test_do_copy_false_gives_the_same_tensors():
    d = ds.NumpySlicesDataset(
        {"x": np.arange(12, dtype=np.float64).reshape(4, 3), "s": np.array(list("abcd"))},
        shuffle=False,
    )
    a = list(d.create_dict_iterator(num_epochs=1, do_copy=True))
    b = list(d.create_dict_iterator(num_epochs=1, do_copy=False))
    for ra, rb in zip(a, b, strict=True):
        assert isinstance(rb["x"], ms.Tensor) and rb["x"].dtype == ms.float64
        np.testing.assert_array_equal(ra["x"].asnumpy(), rb["x"].asnumpy())
        assert rb["s"] == ra["s"]  # text stays numpy


def test_do_copy_must_be_a_bool():
    d = ds.NumpySlicesDataset([1, 2], ["a"])
    with pytest.raises(TypeError, match="do_copy"):
        d.create_tuple_iterator(do_copy=1)
