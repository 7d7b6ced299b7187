"""The test suite's time, in one process and spread over pytest-xdist workers, as a fresh clone
sees it: each run gets an empty JAX compilation cache folder.

usage: python bench/bench_test_suite.py [PATHS ...] [--workers 2] [--together] [--out FILE.json]

For each mode (``serial``: ``python -m pytest PATHS``; ``xdist``: the same with
``-n WORKERS --dist loadfile``) it records the wall time, the CPU time of the pytest process and
every process it waited for (user + system: the workers and the programs the tests start), the
summary line pytest printed and the 1-minute load average before and after. CPU time does not grow
when other programs share the machine; wall time does, so a figure taken at a load above the
number of CPUs says little on its own. ``--together`` starts both modes at the same time, so they
see the same load. Writes test_suite_<date>.json to ``--out`` (default bench/results/).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_lenet import machine

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# the measuring process: waits for pytest and reads its CPU time from wait4's resource usage (which
# counts the processes pytest waited for), then writes wall, CPU and exit status to argv[1]
TIMED = """
import os, subprocess, sys, time
t0 = time.perf_counter()
p = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(p.pid, 0)
with open(sys.argv[1], "w") as f:
    print(time.perf_counter() - t0, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status), file=f)
"""


def command(paths: list[str], mode: str, workers: int) -> list[str]:
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *paths]
    if mode == "xdist":
        cmd += ["-n", str(workers), "--dist", "loadfile"]
    return cmd


def start(paths: list[str], mode: str, workers: int, log: Path, cache: Path):
    env = dict(os.environ, JAX_COMPILATION_CACHE_DIR=str(cache))
    with open(log, "w") as f:
        proc = subprocess.Popen(
            [sys.executable, "-c", TIMED, str(log) + ".times", *command(paths, mode, workers)],
            cwd=ROOT,
            env=env,
            stdout=f,
            stderr=subprocess.STDOUT,
        )
    return proc, os.getloadavg()[0]


def finish(proc, load_before: float, log: Path, paths, mode, workers) -> dict:
    proc.wait()
    wall, cpu, rc = Path(str(log) + ".times").read_text().split()
    text = log.read_text()
    summary = [ln.strip("= ") for ln in text.splitlines() if re.search(r" in [0-9.]+s", ln)]
    return {
        "mode": mode,
        "pytest": " ".join(["python3", *command(paths, mode, workers)[1:]]),
        "wall_s": round(float(wall), 1),
        "cpu_s": round(float(cpu), 1),
        "exit_status": int(rc),
        "summary": summary[-1] if summary else None,
        "load_1min_before": load_before,
        "load_1min_after": os.getloadavg()[0],
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=["tests"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--modes", default="serial,xdist")
    ap.add_argument("--together", action="store_true", help="run the modes at the same time")
    ap.add_argument("--out", default=str(HERE / "results"))
    args = ap.parse_args()
    modes = args.modes.split(",")
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        pending = []
        for mode in modes:
            log, cache = Path(tmp) / f"{mode}.log", Path(tmp) / f"cache_{mode}"
            cache.mkdir()
            proc, load = start(args.paths, mode, args.workers, log, cache)
            pending.append((proc, load, log, mode))
            if not args.together:
                runs.append(finish(proc, load, log, args.paths, mode, args.workers))
                pending.clear()
        for proc, load, log, mode in pending:
            runs.append(finish(proc, load, log, args.paths, mode, args.workers))
    for run in runs:
        print(json.dumps(run))
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    out = Path(args.out)
    if out.suffix != ".json":
        out = out / f"test_suite_{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    record = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "paths": args.paths,
        "together": args.together,
        "runs": runs,
    }
    out.write_text(json.dumps(record, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
