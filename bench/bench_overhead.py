"""Instrumentation cost with every diagnostic off: the LeNet job on two deepsink trees, same run.

usage: python bench/bench_overhead.py --before DIR [--after DIR] [--steps 1500] [--repeats 5]

``DIR`` is a deepsink source tree (e.g. ``git archive <commit> | tar -x -C DIR``); ``--after``
defaults to this checkout. Each variant of ``bench/lenet_deepsink.py`` (sink and non-sink,
GRAPH_MODE) runs in its own process with ``PYTHONPATH`` set to one tree, trees interleaved per
repeat so load drifts hit both alike; prints the medians and the after/before ratio and writes
``bench/results/diagnostics_off_<backend>_<date>.json``.
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
sys.path.insert(0, str(HERE))
from bench_lenet import machine  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", default=str(HERE.parent))
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--only", nargs="*", help="substrings of variant names to run")
    ap.add_argument("--name", default="diagnostics_off", help="result file name prefix")
    ap.add_argument("--out", default=str(HERE / "results"))
    args = ap.parse_args()
    trees = {"before": os.path.realpath(args.before), "after": os.path.realpath(args.after)}
    variants = {
        "sink (graph)": ["sink", "graph", str(args.steps), "500"],
        "non-sink (graph)": ["nosink", "graph", str(args.steps)],
    }
    if args.only:
        variants = {k: v for k, v in variants.items() if any(s in k for s in args.only)}
    runs: dict[str, list[float]] = {f"{v} {t}": [] for v in variants for t in trees}
    for r in range(args.repeats):
        for vname, vargs in variants.items():
            for tname, tree in trees.items():
                env = dict(os.environ, PYTHONPATH=tree)
                cmd = [sys.executable, str(HERE / "lenet_deepsink.py"), *vargs]
                p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=HERE)
                line = next((x for x in reversed(p.stdout.splitlines()) if x.startswith("{")), None)
                if p.returncode != 0 or line is None:
                    print(f"[{vname} {tname}] failed:\n{p.stderr[-2000:]}", file=sys.stderr)
                    continue
                ms = json.loads(line)["ms_per_step"]
                runs[f"{vname} {tname}"].append(ms)
                print(f"repeat {r + 1}: {vname:18s} {tname:6s} {ms:8.3f} ms/step", flush=True)
    calls = {}
    for tname, tree in trees.items():  # deterministic: Python calls per step, per tree
        env = dict(os.environ, PYTHONPATH=tree)
        p = subprocess.run(
            [sys.executable, str(HERE / "count_calls.py")],
            capture_output=True,
            text=True,
            env=env,
            cwd=HERE,
        )
        line = next((x for x in reversed(p.stdout.splitlines()) if x.startswith("{")), None)
        calls[tname] = json.loads(line) if line else {"failed": p.stderr[-500:]}
        print(f"python calls, {tname}: {calls[tname]}", flush=True)
    med = {k: statistics.median(v) for k, v in runs.items() if v}
    best = {k: min(v) for k, v in runs.items() if v}  # least disturbed by other load
    ratios = {}
    print(f"\n{'variant (median; min)':28s} {'before':>9s} {'after':>9s} {'after/before':>13s}")
    for v in variants:
        for stat, table in (("median", med), ("min", best)):
            b, a = table.get(f"{v} before"), table.get(f"{v} after")
            if b and a:
                ratios[f"{v} {stat}"] = a / b
                print(f"{v + ' ' + stat:28s} {b:9.3f} {a:9.3f} {a / b:13.3f}")
    device = machine()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    out = Path(args.out) / f"{args.name}_{device['jax_backend']}_{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "command": " ".join([Path(sys.executable).name, *sys.argv]),
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": device,
                "trees": trees,
                "steps": args.steps,
                "repeats": args.repeats,
                "ms_per_step": runs,
                "median_ms_per_step": med,
                "min_ms_per_step": best,
                "after_over_before": ratios,
                "load_average_at_end": os.getloadavg(),
                "python_calls": calls,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
