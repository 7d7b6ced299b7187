"""What checkpoints cost, and whether a killed run resumes exactly, on the seeds' LeNet5 job.

usage: python bench/bench_checkpoint.py [--epochs 5] [--repeats 3] [--resume] [--out DIR]

Overhead: the job (sink mode, sink_size 1000, batch 32, Momentum) runs without checkpoints and with
ModelCheckpoint saving every 1000 steps (one save per sink, keep_checkpoint_max=5), each in its own
process, interleaved per repeat. Reported: the time spent in the saves as a share of the training
time of the same run (the target: < 2%), and the median time of a sink (1000 steps, plus its save)
with and without checkpoints (noisier: two processes on a shared machine). --resume: the job with checkpoints is SIGKILLed after epoch 2 and
restarted from its epoch-2 checkpoint with initial_epoch=2; the losses of the later epochs and the
final parameters are compared bit for bit with an uninterrupted run. Writes
bench/results/checkpoint_<backend>_<date>.json with the command, date and machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_lenet import machine  # noqa: E402

JOB = HERE / "checkpoint_job.py"


def run(job: str, out: Path, epochs: int, expect_kill: bool = False) -> dict | None:
    p = subprocess.run(
        [sys.executable, str(JOB), job, str(out), str(epochs)],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if expect_kill:
        assert p.returncode == -signal.SIGKILL, p.stderr[-2000:]
        return None
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--out", default=str(HERE / "results"))
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench_ckpt_"))
    runs: dict[str, list[dict]] = {"plain": [], "ckpt": []}
    try:
        for r in range(args.repeats):
            for job in ("plain", "ckpt"):
                out = work / f"{job}{r}"
                out.mkdir()
                runs[job].append(run(job, out, args.epochs))
                print(job, r, runs[job][-1], flush=True)
        plain = statistics.median(x["sink_s_median"] for x in runs["plain"])
        ckpt = statistics.median(x["sink_s_median"] for x in runs["ckpt"])
        share = statistics.median(x["save_s"] / x["timed_s"] for x in runs["ckpt"])
        per_save = statistics.median(x["save_s"] / x["saves"] for x in runs["ckpt"])
        result = {
            "command": "python bench/bench_checkpoint.py " + " ".join(sys.argv[1:]),
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "machine": machine(),
            "job": f"LeNet5/MNIST, sink mode, sink_size 1000, {args.epochs} sinks; "
            "ModelCheckpoint(save_checkpoint_steps=1000, keep_checkpoint_max=5)",
            "checkpoint_bytes": runs["ckpt"][0]["ckpt_bytes"],
            "sink_s_without": plain,
            "sink_s_with": ckpt,
            "save_ms_per_checkpoint": per_save * 1e3,
            "save_share_of_training": share,
            "end_to_end_overhead": ckpt / plain - 1,
            "runs": runs,
        }
        print(
            f"save: {per_save * 1e3:.1f} ms per checkpoint, {share:.2%} of training time; "
            f"per sink of 1000 steps {ckpt:.2f} s vs {plain:.2f} s ({ckpt / plain - 1:+.2%})"
        )
        if args.resume:
            out = work / "resume"
            out.mkdir()
            run("crash", out, args.epochs, expect_kill=True)
            resumed = run("resume", out, args.epochs)
            full_out = work / "ckpt0"
            full = runs["ckpt"][0]
            ref = np.load(full_out / "params-ckpt.npz")
            got = np.load(out / "params-resume.npz")
            same_params = sorted(ref) == sorted(got) and all(
                np.array_equal(ref[k], got[k]) for k in ref
            )
            later = {k: v for k, v in full["losses"].items() if int(k) > 2}
            result["resume"] = {
                "killed_after_epoch": 2,
                "losses_uninterrupted": later,
                "losses_resumed": resumed["losses"],
                "losses_bit_identical": resumed["losses"] == later,
                "final_parameters_bit_identical": same_params,
            }
            print("resume:", result["resume"])
        Path(args.out).mkdir(parents=True, exist_ok=True)
        name = f"checkpoint_{result['machine']['jax_backend']}_{datetime.date.today():%Y%m%d}.json"
        (Path(args.out) / name).write_text(json.dumps(result, indent=2) + "\n")
        print("wrote", Path(args.out) / name)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
