"""mindcv 0.3.0's resnet18 training throughput on deepsink and on MindSpore 2.10, in one run.

Both engines run the same job (bench/mindcv_train_job.py: mindcv's own ``create_model`` /
``create_loss`` / ``create_optimizer`` / ``create_trainer`` with a fixed loss scale and EMA, under
``Model.train``, on seeded synthetic images), each in its own process, alternately for
``--rounds`` rounds. images/s is the median over the timed intervals after ``--warmup`` intervals
(deepsink: one interval per sink of ``--sink-size`` steps; MindSpore 2.10's CPU build trains step
by step, one interval per step), then the median over rounds.

    python3 bench/bench_mindcv_train.py [--steps 30] [--batch 16] [--size 64] [--sink-size 5]
        [--warmup 1] [--rounds 1] [--mindspore-python PATH] [--out PATH]

MindSpore runs under ``--mindspore-python`` (default ``$DEEPSINK_MINDSPORE_PYTHON``) from a
temporary folder, with the folder this Python imports mindcv from on its ``PYTHONPATH`` (mindcv
does not depend on the ``mindspore`` wheel).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
JOB = HERE / "mindcv_train_job.py"


def run_job(python: str, engine: str, args: argparse.Namespace, folder: str) -> dict:
    spec = importlib.util.find_spec("mindcv")  # found, not imported (it imports mindspore)
    if spec is None or spec.origin is None:
        raise SystemExit("mindcv is not importable here (pip install --no-deps mindcv==0.3.0)")
    paths = [str(Path(spec.origin).resolve().parent.parent)]
    if engine == "deepsink":
        paths.insert(0, str(HERE.parent))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    cmd = [python, str(JOB), engine, *map(str, [args.steps, args.batch, args.size, args.sink_size])]
    p = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True, check=False)
    line = next((ln for ln in reversed(p.stdout.splitlines()) if ln.startswith("{")), None)
    if p.returncode != 0 or line is None:
        raise SystemExit(f"{engine} job failed (exit status {p.returncode}):\n{p.stderr[-3000:]}")
    result = json.loads(line)
    timed = result["intervals_s"][args.warmup :]
    if not timed:
        raise SystemExit(f"{engine}: no interval left after --warmup {args.warmup}")
    result["images_per_s"] = args.batch * result["steps_per_interval"] / statistics.median(timed)
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--size", type=int, default=64, help="image height and width")
    ap.add_argument("--sink-size", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1, help="intervals not timed (compilation)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--mindspore-python", default=os.environ.get("DEEPSINK_MINDSPORE_PYTHON"))
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    if args.steps % args.sink_size:
        ap.error(f"--steps ({args.steps}) must be a multiple of --sink-size ({args.sink_size})")

    folder = tempfile.mkdtemp(prefix="bench-mindcv-")
    runs: dict[str, list[dict]] = {"deepsink": [], "mindspore": []}
    for r in range(args.rounds):
        runs["deepsink"].append(run_job(sys.executable, "deepsink", args, folder))
        line = f"round {r}: deepsink {runs['deepsink'][-1]['images_per_s']:.1f} images/s"
        if args.mindspore_python:
            runs["mindspore"].append(run_job(args.mindspore_python, "mindspore", args, folder))
            line += f", MindSpore {runs['mindspore'][-1]['images_per_s']:.1f} images/s"
        print(line, flush=True)
    rate = {k: statistics.median(x["images_per_s"] for x in v) for k, v in runs.items() if v}
    result = {
        "benchmark": f"mindcv 0.3.0 resnet18 training (TrainStep: fixed loss scale 128, EMA; "
        f"momentum; label-smoothed CE), batch {args.batch}, {args.size}x{args.size}, "
        f"{args.steps} steps",
        "command": "python3 bench/bench_mindcv_train.py "
        f"--steps {args.steps} --batch {args.batch} --size {args.size} --sink-size "
        f"{args.sink_size} --warmup {args.warmup} --rounds {args.rounds}"
        + (" --mindspore-python <MindSpore 2.10's python>" if args.mindspore_python else ""),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {"cores": os.cpu_count(), "load_average_after": os.getloadavg()},
        "deepsink_images_per_s": rate["deepsink"],
        "runs": runs,
    }
    print(f"deepsink: {rate['deepsink']:.1f} images/s")
    if "mindspore" in rate:
        result.update(
            mindspore=runs["mindspore"][0]["version"],
            mindspore_images_per_s=rate["mindspore"],
            speedup=rate["deepsink"] / rate["mindspore"],
        )
        print(
            f"MindSpore: {rate['mindspore']:.1f} images/s; deepsink/MindSpore {result['speedup']:.2f}x"
        )
    date = datetime.date.today().strftime("%Y%m%d")
    out = Path(args.out or HERE / "results" / f"mindcv_train_cpu_{date}.json")
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
