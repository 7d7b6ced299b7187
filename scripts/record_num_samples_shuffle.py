"""Record MindSpore 2.10's rows of a shuffled source read with ``num_samples`` into
``tests/fixtures/ms/dataset/num_samples_shuffle.json``; ``tests/dataset/test_num_samples_shuffle.py``
checks deepsink.

A mappable source given ``num_samples`` with shuffling on (``shuffle=True`` or left to its default)
and no shards samples *with replacement* on 2.10 (``select_sampler`` builds
``RandomSampler(replacement=True)``): the rows may repeat. ``MindDataset`` draws its own way
(MindRecord's ``ShardShuffle``: one ``std::mt19937`` per row). Each case: the source kind, the
seed, ``num_samples``, ``shuffle``, shards, then ``get_dataset_size()`` and the rows of three epochs
of one iterator.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_num_samples_shuffle.py
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import mindspore.dataset as ds
import numpy as np
from mindspore.mindrecord import FileWriter

OUT = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "fixtures"
    / "ms"
    / "dataset"
    / "num_samples_shuffle.json"
)
ROWS = 10
EPOCHS = 3
# kind, seed, num_samples, shuffle, num_shards, shard_id
CASES = [
    ["slices", 5, 8, True, None, None],
    ["slices", 5, 8, None, None, None],
    ["slices", 11, 4, True, None, None],
    ["slices", 11, 25, True, None, None],
    ["slices", 5, 8, False, None, None],
    ["slices", 5, None, True, None, None],
    ["slices", 5, 4, True, 2, 0],
    ["slices", 7, 3, None, 2, 1],
    ["generator", 5, 8, True, None, None],
    ["generator", 3, 6, None, None, None],
    ["mindrecord", 5, 8, True, None, None],
    ["mindrecord", 9, 14, None, None, None],
    ["mindrecord", 5, None, True, None, None],
]


class Source:
    """A random-access source of ``ROWS`` rows."""

    def __getitem__(self, i):
        return (np.array(i, np.int64),)

    def __len__(self):
        return ROWS


def write_mindrecord(folder: str) -> str:
    path = os.path.join(folder, "rows.mindrecord")
    writer = FileWriter(path, 1)
    writer.add_schema({"x": {"type": "int64"}})
    writer.write_raw_data([{"x": i} for i in range(ROWS)])
    writer.commit()
    return path


def build(kind: str, mindrecord: str, num_samples, shuffle, num_shards, shard_id):
    kw = {"num_samples": num_samples, "shuffle": shuffle}
    kw.update(num_shards=num_shards, shard_id=shard_id)
    if kind == "slices":
        return ds.NumpySlicesDataset(list(range(ROWS)), column_names=["x"], **kw)
    if kind == "generator":
        return ds.GeneratorDataset(Source(), ["x"], **kw)
    return ds.MindDataset(mindrecord, **kw)


def run(mindrecord: str, kind, seed, num_samples, shuffle, num_shards, shard_id) -> list:
    """``[get_dataset_size(), the rows of each epoch]``."""
    ds.config.set_seed(seed)
    data = build(kind, mindrecord, num_samples, shuffle, num_shards, shard_id)
    it = data.create_tuple_iterator(num_epochs=EPOCHS, output_numpy=True)
    return [data.get_dataset_size(), [[int(row[0]) for row in it] for _ in range(EPOCHS)]]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        mindrecord = write_mindrecord(folder)
        cases = [[*case, run(mindrecord, *case)] for case in CASES]
    payload = {"rows": ROWS, "epochs": EPOCHS, "cases": cases}
    OUT.write_text(json.dumps(payload, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
