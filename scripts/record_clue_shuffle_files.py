"""Record MindSpore 2.10's ``CLUEDataset(shuffle=Shuffle.FILES)`` row orders into
``tests/fixtures/ms/dataset/clue_shuffle_files.json``; ``tests/dataset/test_clue_shuffle_files.py``
checks deepsink.

Five AFQMC files of different lengths (``FILES``: each row is ``[file, line]`` as
``sentence1``) read over three epochs under ``config.set_seed``, with one and two parallel
workers, ``num_samples`` and two shards: MindSpore reshuffles the file list each epoch with
``std::shuffle`` and ``std::mt19937`` (the seed, or ``1, 2, ...`` per epoch when sharded), deals
the files to its workers in turn and keeps each file's lines in order.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_clue_shuffle_files.py
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import mindspore.dataset as ds

OUT = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "fixtures"
    / "ms"
    / "dataset"
    / "clue_shuffle_files.json"
)
FILES = [3, 1, 4, 2, 5]  # the number of lines of each file
# seed, num_parallel_workers, num_samples, num_shards, shard_id
CASES = [
    [1, 1, None, None, None],
    [7, 1, None, None, None],
    [1234, 2, None, None, None],
    [5, 2, 9, None, None],
    [3, 1, None, 2, 0],
    [3, 2, None, 2, 1],
]
EPOCHS = 3


def write_files(folder: str) -> list[str]:
    paths = []
    for f, n in enumerate(FILES):
        path = os.path.join(folder, f"part{f}.json")
        with open(path, "w", encoding="utf-8") as out:
            for line in range(n):
                row = {"sentence1": f"{f}-{line}", "sentence2": "s", "label": "0"}
                out.write(json.dumps(row) + "\n")
        paths.append(path)
    return paths


def run(paths: list[str], seed, workers, num_samples, num_shards, shard_id) -> list:
    """``[get_dataset_size(), the rows of each epoch]``."""
    ds.config.set_seed(seed)
    data = ds.CLUEDataset(
        paths,
        task="AFQMC",
        usage="train",
        shuffle=ds.Shuffle.FILES,
        num_parallel_workers=workers,
        num_samples=num_samples,
        num_shards=num_shards,
        shard_id=shard_id,
    )
    it = data.create_dict_iterator(num_epochs=EPOCHS, output_numpy=True)
    return [data.get_dataset_size(), [[str(row["sentence1"]) for row in it] for _ in range(EPOCHS)]]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = write_files(folder)
        cases = [[*case, run(paths, *case)] for case in CASES]
    OUT.write_text(json.dumps({"files": FILES, "epochs": EPOCHS, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
