"""Record MindSpore 2.10's ``TextFileDataset`` and ``CSVDataset`` row orders under
``shuffle=Shuffle.FILES`` into ``tests/fixtures/ms/dataset/line_shuffle_files.json``;
``tests/dataset/test_line_shuffle_files.py`` checks deepsink.

Five files of different lengths (each line ``<file>-<line>``) read over three epochs under
``config.set_seed``, with one and two parallel workers, ``num_samples`` and two shards. The file
readers of text corpora share one reading scheme in MindSpore (its non-mappable leaf): the file
list reshuffled each epoch with ``std::shuffle`` and ``std::mt19937``, files dealt to the
workers in turn, each file's lines in order (``record_clue_shuffle_files.py`` records CLUE's).
The ``unshuffled`` cases read with ``shuffle=False``: the same reading without the file shuffle;
``Shuffle.INFILE`` and ``Shuffle.PARTIAL`` read so too.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_line_shuffle_files.py
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
    / "line_shuffle_files.json"
)
FILES = [3, 1, 4, 2, 5]  # the number of lines of each file
# kind, seed, num_parallel_workers, num_samples, num_shards, shard_id
CASES = [
    ["text", 1, 1, None, None, None],
    ["text", 7, 1, None, None, None],
    ["text", 1234, 2, None, None, None],
    ["text", 5, 2, 9, None, None],
    ["text", 3, 1, None, 2, 0],
    ["text", 3, 2, None, 2, 1],
    ["csv", 1, 1, None, None, None],
    ["csv", 1234, 2, None, None, None],
    ["csv", 5, 2, 9, None, None],
    ["csv", 3, 2, None, 2, 1],
    ["text unshuffled", 1, 2, None, None, None],
    ["text unshuffled", 1, 2, None, 2, 1],
    ["csv unshuffled", 1, 2, 7, 2, 0],
    ["text infile", 4, 2, None, None, None],
    ["csv partial", 4, 1, None, 2, 1],
]
EPOCHS = 3


def write_files(folder: str, kind: str) -> list[str]:
    paths = []
    for f, n in enumerate(FILES):
        path = os.path.join(folder, f"part{f}.{'txt' if kind == 'text' else 'csv'}")
        with open(path, "w", encoding="utf-8") as out:
            for line in range(n):
                out.write(f"{f}-{line}\n" if kind == "text" else f"{f}-{line},{line}\n")
        paths.append(path)
    return paths


def run(paths: list[str], kind, seed, workers, num_samples, num_shards, shard_id) -> list:
    """``[get_dataset_size(), the rows of each epoch]``."""
    ds.config.set_seed(seed)
    kw = {"num_parallel_workers": workers, "num_samples": num_samples}
    mode = kind.split()[-1]
    shuffle = {"unshuffled": False, "infile": ds.Shuffle.INFILE, "partial": ds.Shuffle.PARTIAL}
    shuffle = shuffle.get(mode, ds.Shuffle.FILES)
    kw.update(shuffle=shuffle, num_shards=num_shards, shard_id=shard_id)
    if kind.startswith("text"):
        data = ds.TextFileDataset(paths, **kw)
    else:
        data = ds.CSVDataset(paths, column_defaults=["", 0], column_names=["a", "b"], **kw)
    it = data.create_tuple_iterator(num_epochs=EPOCHS, output_numpy=True)
    return [data.get_dataset_size(), [[str(row[0]) for row in it] for _ in range(EPOCHS)]]


def main() -> None:
    cases = []
    with tempfile.TemporaryDirectory() as folder:
        paths = {kind: write_files(folder, kind) for kind in ("text", "csv")}
        cases = [[*case, run(paths[case[0].split()[0]], *case)] for case in CASES]
    OUT.write_text(json.dumps({"files": FILES, "epochs": EPOCHS, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
