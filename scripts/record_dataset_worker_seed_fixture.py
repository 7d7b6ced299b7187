"""Record which rows MindSpore 2.10's seeded dataset worker processes produce, into
``tests/fixtures/ms/dataset_worker_seed.json``.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_dataset_worker_seed_fixture.py

A random-access GeneratorDataset source and a ``python_multiprocessing`` map, both with workers
that draw from Python's ``random``, under ``config.set_seed``: MindSpore seeds worker ``i`` with
``seed + i`` and deals rows to the workers in turn, so the values identify the row-to-worker
assignment over several epochs.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import mindspore.dataset as ds
import numpy as np

OUT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "fixtures"
    / "ms"
    / "dataset_worker_seed.json"
)


class Draws:
    def __init__(self, n: int) -> None:
        self.n = n

    def __getitem__(self, index):
        return np.array(random.randint(1, 1000)), np.array(index)

    def __len__(self) -> int:
        return self.n


def add_draw(data):
    return data, np.array(random.randint(1000, 2000))


def run(seed: int, rows: int, workers: int, epochs: int) -> dict:
    ds.config.set_seed(seed)
    d = ds.GeneratorDataset(
        Draws(rows), ["data", "index"], num_parallel_workers=workers, shuffle=False
    )
    d = d.map(
        add_draw,
        input_columns=["data"],
        output_columns=["data", "data2"],
        num_parallel_workers=workers,
        python_multiprocessing=True,
    )
    it = d.create_dict_iterator(num_epochs=epochs, output_numpy=True)
    out = {"data": [], "data2": [], "index": []}
    for _ in range(epochs):
        for row in it:
            for k in out:
                out[k].append(int(row[k]))
    return {"seed": seed, "rows": rows, "workers": workers, "epochs": epochs, **out}


def main() -> None:
    cases = [run(1234, 10, 2, 3), run(77, 7, 2, 3)]  # 2 workers: the CPUs of the recording machine
    OUT.write_text(
        json.dumps(
            {
                "mindspore_version": ds.__name__ and __import__("mindspore").__version__,
                "cases": cases,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
