"""The README's main job (examples/lenet_mnist_sink.py) run as the README says, in a child process:
its wall time, accuracy and peak RSS.

usage: python bench/bench_main_job.py [--out FILE.json | --out FOLDER] [-- EXTRA ARGS FOR THE JOB]

Peak RSS is the child's ``ru_maxrss`` (``resource.getrusage(RUSAGE_CHILDREN)`` after it exits: the
largest resident set of any waited-for child, here the job alone), in MB. Writes
main_job_<backend>_<date>.json to ``--out`` (default bench/results/).
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench_lenet import machine

HERE = Path(__file__).resolve().parent
JOB = HERE.parent / "examples" / "lenet_mnist_sink.py"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(HERE / "results"))
    ap.add_argument("job_args", nargs="*", help="arguments for lenet_mnist_sink.py (after --)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, str(JOB), *args.job_args], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"the job failed (exit status {p.returncode}):\n{p.stderr[-3000:]}")
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    acc = re.search(r"'acc': ([0-9.]+)", p.stdout)
    train = re.search(r"training took ([0-9.]+) s", p.stdout)
    result = {
        "wall_s": wall,
        "training_s": float(train.group(1)) if train else None,
        "accuracy": float(acc.group(1)) if acc else None,
        "peak_rss_mb": rss,
    }
    print(json.dumps(result))
    device = machine()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    out = Path(args.out)
    if out.suffix != ".json":
        out = out / f"main_job_{device['jax_backend']}_{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "command": " ".join([Path(sys.executable).name, *sys.argv]),
                "job": " ".join(["python3", "examples/lenet_mnist_sink.py", *args.job_args]),
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": device,
                **result,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
