"""``map`` with Python functions in worker processes (``python_multiprocessing=True``): how rows
cross between the pipeline and its workers.

Two cases, each with the big arrays sent through shared memory (``/dev/shm``, the default) and
through the pipe (pickled in band, as before), interleaved per round:

- ``big rows``: a ``GeneratorDataset`` of ``--big-rows`` rows whose map returns a float64 array of
  ``--row-mb`` MB per row (MindSpore's test_map.py returns rows of 1 GB): seconds to the first row
  and for the whole epoch;
- ``small rows``: 791 rows of two 128x128 int32 arrays mapped to (3, 65, 65) and (3, 60, 60)
  float64 arrays (test_map.py's ``FakeData``): seconds per epoch.

Also ``output_shapes()`` on the big-row pipeline (it runs the map for the first row only).

    python3 bench/bench_map_processes.py [--rounds 3] [--row-mb 256] [--big-rows 8] [--out PATH]

Results (medians over the rounds) go to ``--out`` (default
``bench/results/map_processes_cpu_<date>.json``) with the machine's CPU count and load.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import time
from pathlib import Path

import numpy as np

import deepsink.dataset as ds
from deepsink.dataset.engine import parallel


class _Small:
    def __init__(self) -> None:
        self.a = np.ones((128, 128), np.int32)

    def __getitem__(self, index: int):
        return self.a, self.a

    def __len__(self) -> int:
        return 791


def _small_op(a, b):
    return np.ones((3, 65, 65)), np.ones((3, 60, 60))


def _big_pipeline(rows: int, row_mb: int):
    n = row_mb * (1 << 20) // 8

    def big(x):
        return np.full(n, float(x))

    source = ds.NumpySlicesDataset({"x": np.arange(rows)}, shuffle=False)
    return source.map(big, input_columns=["x"], python_multiprocessing=True, num_parallel_workers=2)


def _time_big(rows: int, row_mb: int) -> dict:
    data = _big_pipeline(rows, row_mb)
    t0 = time.perf_counter()
    data.output_shapes()
    shapes_s = time.perf_counter() - t0
    data = _big_pipeline(rows, row_mb)
    t0 = time.perf_counter()
    it = data.create_tuple_iterator(output_numpy=True, num_epochs=1)
    next(it)
    first = time.perf_counter() - t0
    count = 1 + sum(1 for _ in it)
    assert count == rows
    return {"output_shapes_s": shapes_s, "first_row_s": first, "epoch_s": time.perf_counter() - t0}


def _time_small() -> float:
    data = ds.GeneratorDataset(_Small(), ["a", "b"]).map(
        _small_op, input_columns=["a", "b"], python_multiprocessing=True, num_parallel_workers=2
    )
    t0 = time.perf_counter()
    assert sum(1 for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1)) == 791
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--row-mb", type=int, default=256)
    ap.add_argument("--big-rows", type=int, default=8)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    modes = {"shared memory": parallel.SHM_MIN_BYTES, "pipe": 1 << 62}
    runs: dict[str, list] = {m: [] for m in modes}
    for r in range(args.rounds):
        for mode, threshold in modes.items():
            parallel.SHM_MIN_BYTES = threshold
            big = _time_big(args.big_rows, args.row_mb)
            big["small_epoch_s"] = _time_small()
            runs[mode].append(big)
            print(f"round {r} {mode}: " + ", ".join(f"{k} {v:.2f}" for k, v in big.items()))
    summary = {
        mode: {k: statistics.median(x[k] for x in rs) for k in rs[0]} for mode, rs in runs.items()
    }
    for mode, s in summary.items():
        print(f"{mode:>14}: " + ", ".join(f"{k} {v:.2f}" for k, v in s.items()))
    date = datetime.date.today().strftime("%Y%m%d")
    out = Path(args.out or Path(__file__).parent / "results" / f"map_processes_cpu_{date}.json")
    result = {
        "command": "python3 bench/bench_map_processes.py "
        f"--rounds {args.rounds} --row-mb {args.row_mb} --big-rows {args.big_rows}",
        "date": date,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "median": summary,
        "runs": runs,
    }
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
