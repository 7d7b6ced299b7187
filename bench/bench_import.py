"""What ``import deepsink`` costs a fresh interpreter: every program a user runs and every Python
process the test suite starts pays it.

usage: python bench/bench_import.py [--repeats 7] [--out FILE.json]

Each repeat starts fresh interpreters for ``import deepsink`` and, for reference, for the libraries
alone (``import jax, jax.numpy, numpy, optax``) and an empty one, alternating so that load drifts
hit all alike, and reads each one's CPU time (user + system, from ``wait4``) and wall time. Python's
bytecode is written and read back (as ``.ci/run`` has it); a first, untimed import writes it. CPU
time does not grow when other programs share the machine; wall time does. Reports the minimum and
the median of each; writes import_cpu_<date>.json to ``--out`` (default bench/results/).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_lenet import machine

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROGRAMS = {
    "deepsink": "import deepsink",
    "libraries": "import jax, jax.numpy, numpy, optax",
    "empty": "pass",
}


def _run(code: str, env: dict[str, str]) -> tuple[float, float]:
    """One fresh interpreter running ``code``: its (CPU, wall) seconds."""
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{code!r} failed")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--out", type=Path, default=HERE / "results")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    _run("import deepsink", env)  # writes the bytecode
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in PROGRAMS}
    load_before = os.getloadavg()[0]
    for _ in range(args.repeats):
        for name, code in PROGRAMS.items():
            samples[name].append(_run(code, env))
    result = {
        "command": " ".join(["python", "bench/bench_import.py", *sys.argv[1:]]),
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "repeats": args.repeats,
        "load_1min_before_after": [load_before, os.getloadavg()[0]],
        "programs": PROGRAMS,
    }
    for name, runs in samples.items():
        cpu, wall = [r[0] for r in runs], [r[1] for r in runs]
        result[name] = {
            "cpu_s_min": round(min(cpu), 3),
            "cpu_s_median": round(statistics.median(cpu), 3),
            "wall_s_min": round(min(wall), 3),
            "wall_s_median": round(statistics.median(wall), 3),
        }
    own = result["deepsink"]["cpu_s_median"] - result["libraries"]["cpu_s_median"]
    result["deepsink_own_cpu_s_median"] = round(own, 3)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"import_cpu_{datetime.date.today():%Y%m%d}.json"
    path.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    print(f"written to {path}")


if __name__ == "__main__":
    main()
