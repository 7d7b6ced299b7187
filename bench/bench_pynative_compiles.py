"""XLA compilations of a PyNative workload, A/B between two checkouts in one run.

usage: python bench/bench_pynative_compiles.py A_DIR B_DIR [--repeats R] [--sizes N ...]
                                              [--out FILE]

Runs ``bench/pynative_workload.py`` (of this checkout) with each checkout first on PYTHONPATH, in
a fresh process per run (JAX's persistent cache off, so each compile is a real one), alternating A
and B in every repeat. The workload calls ~30 ``ops`` functions per size and, per size, a small
Conv/BN/ReLU/pool/Dense network's forward pass and two gradients taken once (``ms.grad`` of the
input, ``ms.value_and_grad`` of the weights), every shape new to the process: what an op-by-op
test suite pays. Reports the medians of XLA compiles and CPU seconds, and B/A ratios.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
KEYS = ("compiles", "ops_compiles", "cells_compiles", "cpu_s", "ops_cpu_s", "cells_cpu_s")


def run(src: str, sizes: list[int]) -> dict:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(src), JAX_COMPILATION_CACHE_DIR="")
    cmd = [sys.executable, str(HERE / "pynative_workload.py"), *map(str, sizes)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=src)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--sizes", type=int, nargs="+", default=[4, 5, 6])
    ap.add_argument("--out")
    ap.add_argument("--labels", nargs=2, default=["A", "B"], help="what A and B are (the JSON)")
    args = ap.parse_args()
    runs: dict[str, list[dict]] = {"A": [], "B": []}
    for _ in range(args.repeats):
        for tag, src in (("A", args.a), ("B", args.b)):
            runs[tag].append(run(src, args.sizes))
            print(tag, json.dumps(runs[tag][-1]), flush=True)
    med = {t: {k: statistics.median(r[k] for r in rs) for k in KEYS} for t, rs in runs.items()}
    ratio = {k: round(med["B"][k] / med["A"][k], 3) for k in KEYS if med["A"][k]}
    print(f"{'':16}{'A':>10}{'B':>10}{'B/A':>8}")
    for k in KEYS:
        print(f"{k:16}{med['A'][k]:10.2f}{med['B'][k]:10.2f}{ratio.get(k, 0):8.3f}")
    if args.out:
        result = {
            "command": "python bench/bench_pynative_compiles.py A_DIR B_DIR "
            + " ".join(a for a in sys.argv[3:] if a not in (args.a, args.b)),
            "a": args.labels[0],
            "b": args.labels[1],
            "date": datetime.date.today().isoformat(),
            "machine": f"{os.cpu_count()} CPUs, shared",
            "sizes": args.sizes,
            "median": med,
            "ratio_b_over_a": ratio,
            "runs": runs,
        }
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
