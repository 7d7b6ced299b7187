"""A shuffled source read with ``num_samples`` gives 2.10's rows: a mappable source without shards
samples with replacement (``RandomSampler(replacement=True)``, rows may repeat), ``MindDataset``
with MindRecord's own per-row draws, each epoch resampling the previous one (recorded by
``scripts/record_num_samples_shuffle.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
from deepsink.mindrecord import FileWriter

ROOT = Path(__file__).resolve().parents[2]
RECORDED = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "dataset" / "num_samples_shuffle.json").read_text()
)
ROWS = RECORDED["rows"]


class Source:
    def __getitem__(self, i):
        return (np.array(i, np.int64),)

    def __len__(self):
        return ROWS


@pytest.fixture(scope="module")
def mindrecord(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("mindrecord") / "rows.mindrecord")
    writer = FileWriter(path, 1)
    writer.add_schema({"x": {"type": "int64"}})
    writer.write_raw_data([{"x": i} for i in range(ROWS)])
    writer.commit()
    return path


@pytest.fixture
def restore_seed():
    seed = ds.config.get_seed()
    yield
    ds.config.set_seed(seed)


def build(kind, mindrecord, num_samples, shuffle, num_shards, shard_id):
    kw = {"num_samples": num_samples, "shuffle": shuffle}
    kw.update(num_shards=num_shards, shard_id=shard_id)
    if kind == "slices":
        return ds.NumpySlicesDataset(list(range(ROWS)), column_names=["x"], **kw)
    if kind == "generator":
        return ds.GeneratorDataset(Source(), ["x"], **kw)
    return ds.MindDataset(mindrecord, **kw)


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: "-".join(map(str, c[:6])))
def test_rows_as_mindspore_samples_them(mindrecord, case, restore_seed):
    kind, seed, num_samples, shuffle, num_shards, shard_id, (size, epochs) = case
    ds.config.set_seed(seed)
    data = build(kind, mindrecord, num_samples, shuffle, num_shards, shard_id)
    assert data.get_dataset_size() == size
    it = data.create_tuple_iterator(num_epochs=RECORDED["epochs"], output_numpy=True)
    assert [[int(row[0]) for row in it] for _ in range(RECORDED["epochs"])] == epochs
