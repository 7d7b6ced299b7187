"""The stages of bench/gpu_check.sh: each a command run under its own time box, its result files
written to one output folder, and a summary (summary.json, summary.md) with the device named.

usage: python bench/gpu_check.py --out DIR [--deadline EPOCH_S] [--quick] [--dry-run]
                                 [--stages NAME,...] [--install STATUS SECONDS NOTE]

Normally started by gpu_check.sh (which installs a fresh virtualenv on a GPU machine first).
Without a GPU visible to JAX every stage that needs one is skipped ("skipped: no GPU") and the
others run in quick mode; ``--quick`` forces quick mode on a GPU. Stages run in priority order,
each given ``min(its time box, time left before the deadline)``; a stage that would get less than
``MIN_STAGE_S`` is skipped for lack of time, and a stage that runs past its box is killed and
reported as such, so one slow stage cannot eat the others' time.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
MIN_STAGE_S = 20
# every stage imports this checkout's deepsink, whatever else the python has installed
ENV = dict(
    os.environ,
    PYTHONPATH=os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
)
RESERVE_S = 5  # kept back for the summary

DEVICE_PROBE = r"""
import json, platform, sys
info = {"python": platform.python_version(), "executable": sys.executable}
import jax
info.update(jax=jax.__version__, jax_backend=jax.default_backend(),
            jax_devices=[str(d) for d in jax.devices()],
            device_kinds=sorted({d.device_kind for d in jax.devices()}))
import deepsink
info["deepsink"] = getattr(deepsink, "__version__", None)
info["matmul_precision"] = jax.config.jax_default_matmul_precision
try:
    import torch
    info["torch"] = torch.__version__
    info["torch_cuda"] = torch.version.cuda
    info["torch_devices"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())]
except ImportError:
    info["torch"] = None
print(json.dumps(info))
"""


@dataclass
class Stage:
    """One step of the check: ``cmd`` (with ``{out}`` and ``{py}`` filled in), its time box, and
    whether it needs a GPU. ``quick`` replaces the command's arguments in quick mode."""

    name: str
    what: str
    cmd: list[str]
    box_s: int
    gpu_only: bool = False
    quick: list[str] | None = None
    result: str | None = None  # the JSON file it writes, under the output folder
    status: str = "planned"
    reason: str = ""
    seconds: float = 0.0
    numbers: dict = field(default_factory=dict)


def stages(quick: bool) -> list[Stage]:
    """The check, most important first (when time runs out, the last ones are skipped)."""
    lenet_only = [
        "deepsink sink (graph)",
        "deepsink sink (pynative)",
        "deepsink non-sink (graph)",
        "pytorch eager",
        "torch.compile",
    ]
    return [
        Stage(
            "device",
            "nvidia-smi, jax.devices(), torch.cuda",
            ["{py}", "-c", DEVICE_PROBE],
            60,
            result="device.json",
        ),
        Stage(
            "tests",
            "pytest -m gpu (tests/gpu: placement, device_id, sink, queue, float32, ckpt)",
            [
                "{py}",
                "-m",
                "pytest",
                "tests/gpu",
                "-m",
                "gpu",
                "-q",
                "-p",
                "no:cacheprovider",
                "--junitxml",
                "{out}/pytest_gpu.xml",
            ],
            180,
            gpu_only=True,
            result="pytest_gpu.json",
        ),
        Stage(
            "main job",
            "examples/lenet_mnist_sink.py as the README runs it: accuracy and time",
            ["{py}", "bench/bench_main_job.py", "--out", "{out}/main_job.json"],
            150,
            quick=[
                "{py}",
                "bench/bench_main_job.py",
                "--out",
                "{out}/main_job.json",
                "--",
                "--epochs",
                "1",
                "--sink-size",
                "100",
            ],
            result="main_job.json",
        ),
        Stage(
            "host overhead",
            "loop-sink host overhead per step (goal on GPU <= 5 us)",
            [
                "{py}",
                "bench/bench_host_overhead.py",
                "--sink-size",
                "10000",
                "--sinks",
                "4",
                "--repeats",
                "3",
                "--out",
                "{out}/host_overhead.json",
            ],
            120,
            quick=[
                "{py}",
                "bench/bench_host_overhead.py",
                "--sink-size",
                "200",
                "--sinks",
                "2",
                "--repeats",
                "1",
                "--out",
                "{out}/host_overhead.json",
            ],
            result="host_overhead.json",
        ),
        Stage(
            "lenet",
            "the LeNet job: deepsink sink/non-sink vs PyTorch eager, torch.compile, "
            'mode="reduce-overhead"',
            [
                "{py}",
                "bench/bench_lenet.py",
                "--steps",
                "2000",
                "--repeats",
                "1",
                "--only",
                *lenet_only,
                "--out",
                "{out}/lenet.json",
            ],
            240,
            quick=[
                "{py}",
                "bench/bench_lenet.py",
                "--steps",
                "200",
                "--repeats",
                "1",
                "--only",
                "deepsink sink (graph)",
                "pytorch eager",
                "--out",
                "{out}/lenet.json",
            ],
            result="lenet.json",
        ),
        Stage(
            "jpeg pipeline",
            "JPEG ImageFolder pipeline feeding sunk ResNet-18, TimeBreakdown",
            [
                "{py}",
                "bench/bench_dataset.py",
                "--jpeg-sink",
                "--jpeg-images",
                "2048",
                "--jpeg-net",
                "resnet18",
                "--sink-size",
                "50",
                "--sinks",
                "4",
                "--workers",
                "8",
                "--out",
                "{out}/jpeg_sink.json",
            ],
            150,
            quick=[
                "{py}",
                "bench/bench_dataset.py",
                "--jpeg-sink",
                "--jpeg-images",
                "256",
                "--jpeg-net",
                "small",
                "--sink-size",
                "4",
                "--sinks",
                "2",
                "--workers",
                "2",
                "--out",
                "{out}/jpeg_sink.json",
            ],
            result="jpeg_sink.json",
        ),
        Stage(
            "resnet",
            "ResNet-18/CIFAR: deepsink sink vs PyTorch eager and torch.compile",
            [
                "{py}",
                "bench/bench_resnet.py",
                "--steps",
                "30",
                "--sink-size",
                "10",
                "--warmup",
                "5",
                "--repeats",
                "1",
                "--only",
                "deepsink sink",
                "pytorch eager",
                "torch.compile",
                "--skip",
                "reduce-overhead",
                "--out",
                "{out}/resnet.json",
            ],
            240,
            gpu_only=True,
            result="resnet.json",
        ),
    ]


def fill(arg: str, out: Path, py: str) -> str:
    """A command argument with ``{out}`` (the output folder) and ``{py}`` (the python) filled."""
    return arg.replace("{out}", str(out)).replace("{py}", py)


def shown(cmd: list[str]) -> str:
    """A command as a shell line, long arguments (the device probe's code) shortened."""
    return shlex.join(a if len(a) < 80 else a.strip().splitlines()[0] + " ..." for a in cmd)


def gpu_names() -> list[str]:
    """The GPUs nvidia-smi lists (none without a driver or a GPU)."""
    if not shutil.which("nvidia-smi"):
        return []
    p = subprocess.run(
        ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"], capture_output=True, text=True
    )
    return [n.strip() for n in p.stdout.splitlines() if n.strip()] if p.returncode == 0 else []


def jax_sees_gpu(py: str) -> bool:
    code = "import jax, sys; sys.exit(0 if jax.default_backend() == 'gpu' else 1)"
    env = dict(ENV, XLA_PYTHON_CLIENT_PREALLOCATE="false")
    try:
        return (
            subprocess.run([py, "-c", code], capture_output=True, env=env, timeout=120).returncode
            == 0
        )
    except subprocess.TimeoutExpired:
        return False


class MemorySampler:
    """nvidia-smi's used memory every half second, tagged with the running stage. It includes
    what XLA reserves up front (most of the GPU unless XLA_PYTHON_CLIENT_PREALLOCATE=false); each
    process's own peak is in the stage's results (``peak_device_mb``)."""

    def __init__(self) -> None:
        self.stage = ""
        self.peaks: dict[str, int] = {}
        self.total_mb: int | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        query = [
            "nvidia-smi",
            "--query-gpu=memory.used,memory.total",
            "--format=csv,noheader,nounits",
        ]
        while not self._stop.wait(0.5):
            p = subprocess.run(query, capture_output=True, text=True)
            if p.returncode != 0 or not p.stdout.strip():
                continue
            used, total = (int(v) for v in p.stdout.splitlines()[0].split(","))
            self.total_mb = total
            if self.stage:
                self.peaks[self.stage] = max(self.peaks.get(self.stage, 0), used)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


def run_stage(
    stage: Stage, py: str, out: Path, deadline: float, quick: bool, min_s: int = MIN_STAGE_S
) -> None:
    """Run one stage in its own process group, killed at its time box; its output to a log."""
    left = deadline - time.time() - RESERVE_S
    box = int(min(stage.box_s, left))
    if box < min_s:
        stage.status, stage.reason = "skipped", f"out of time ({left:.0f} s left of the budget)"
        return
    cmd = [fill(a, out, py) for a in (stage.quick if quick and stage.quick else stage.cmd)]
    log = out / "logs" / f"{stage.name.replace(' ', '_')}.log"
    print(f"\n== {stage.name}: {stage.what} (time box {box} s)\n   $ {shown(cmd)}", flush=True)
    t0 = time.time()
    with open(log, "w") as f:
        f.write("$ " + shown(cmd) + "\n")
        f.flush()
        proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT, env=ENV, start_new_session=True
        )
        try:
            rc = proc.wait(timeout=box)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            rc = None
    stage.seconds = time.time() - t0
    if rc is None:
        stage.status, stage.reason = "timeout", f"killed after its {box} s time box"
    elif rc != 0:
        stage.status, stage.reason = "failed", f"exit status {rc} (see logs/{log.name})"
    else:
        stage.status = "ok"
    tail = log.read_text(errors="replace").splitlines()[-15:]
    print("\n".join("   | " + line for line in tail), flush=True)


def collect(stage: Stage, out: Path) -> None:
    """The stage's headline numbers, from the files it wrote."""
    if stage.name == "device" and stage.status == "ok":
        lines = (out / "logs" / "device.log").read_text().splitlines()
        info = json.loads(next(ln for ln in reversed(lines) if ln.startswith("{")))
        info["nvidia_smi"] = gpu_names()
        (out / "device.json").write_text(json.dumps(info, indent=1) + "\n")
        stage.numbers = {"backend": info["jax_backend"], "devices": info["jax_devices"]}
        return
    if stage.name == "tests":
        xml = out / "pytest_gpu.xml"
        if xml.exists():
            suite = ET.parse(xml).getroot()
            suite = suite.find("testsuite") if suite.tag == "testsuites" else suite
            n = {k: int(suite.get(k, 0)) for k in ("tests", "failures", "errors", "skipped")}
            fails = [
                c.get("name")
                for c in suite.iter("testcase")
                if c.find("failure") is not None or c.find("error") is not None
            ]
            stage.numbers = {**n, "failed": fails}
            (out / "pytest_gpu.json").write_text(json.dumps(stage.numbers, indent=1) + "\n")
        return
    path = out / stage.result if stage.result else None
    if path is None or not path.exists():
        return
    r = json.loads(path.read_text())
    if stage.name == "main job":
        stage.numbers = {
            k: round(r[k], 4) for k in ("accuracy", "training_s", "wall_s") if r.get(k)
        }
    elif stage.name == "host overhead":
        stage.numbers = {k: round(v, 2) for k, v in r["median_us_per_step"].items()}
    elif stage.name in ("lenet", "resnet"):
        stage.numbers = {k: round(v, 4) for k, v in r["median_ms_per_step"].items()}
        if stage.name == "lenet" and "deepsink sink (graph)" in r["median_ms_per_step"]:
            stage.numbers["sink steps/s"] = round(
                1e3 / r["median_ms_per_step"]["deepsink sink (graph)"]
            )
        stage.numbers["skipped"] = r.get("skipped", {})
    elif stage.name == "jpeg pipeline":
        stage.numbers = {
            "steps/s": round(r["steps_per_s"]) if r.get("steps_per_s") else None,
            "verdict": r.get("verdict"),
        }


def goals(out: Path) -> list[dict]:
    """The issue's goals on a GPU, against this run's results (those it has)."""

    def load(name: str) -> dict:
        path = out / name
        return json.loads(path.read_text()) if path.exists() else {}

    found = []

    def goal(text: str, value: float | None, met: bool | None, unit: str) -> None:
        if value is not None:
            found.append({"goal": text, "value": round(value, 3), "unit": unit, "met": met})

    lenet = load("lenet.json").get("median_ms_per_step", {})
    sink = lenet.get("deepsink sink (graph)")
    if sink:
        goal("LeNet sink >= 10,000 steps/s", 1e3 / sink, 1e3 / sink >= 10_000, "steps/s")
        for peer, times in (("pytorch eager", 10), ('torch.compile mode="reduce-overhead"', 2)):
            if lenet.get(peer):
                ratio = lenet[peer] / sink
                goal(f"LeNet sink >= {times}x {peer}", ratio, ratio >= times, "x")
    host = load("host_overhead.json").get("median_us_per_step", {}).get("overhead_us")
    goal("loop-sink host overhead <= 5 us/step", host, host is not None and host <= 5, "us/step")
    resnet = load("resnet.json").get("median_ms_per_step", {})
    if resnet.get("deepsink sink (graph)") and resnet.get("torch.compile"):
        ratio = resnet["torch.compile"] / resnet["deepsink sink (graph)"]
        goal("ResNet-18 sink at least as fast as torch.compile", ratio, ratio >= 1.0, "x")
    return found


def table(rows: list[Stage]) -> str:
    lines = ["| stage | status | s | result |", "|---|---|---|---|"]
    for s in rows:
        status = s.status if not s.reason else f"{s.status}: {s.reason}"
        nums = ", ".join(f"{k} {v}" for k, v in s.numbers.items() if k != "skipped" and v != [])
        nums += "".join(f"; {k} skipped: {why}" for k, why in s.numbers.get("skipped", {}).items())
        lines.append(f"| {s.name} | {status} | {s.seconds:.0f} | {nums} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True, help="the output folder")
    ap.add_argument("--deadline", type=float, help="unix time by which to be done (default +480 s)")
    ap.add_argument("--quick", action="store_true", help="the short runs even on a GPU")
    ap.add_argument("--dry-run", action="store_true", help="print and record the plan only")
    ap.add_argument("--stages", help="comma-separated stage names to run (default: all)")
    ap.add_argument(
        "--install",
        nargs=3,
        metavar=("STATUS", "SECONDS", "NOTE"),
        help="how gpu_check.sh's install went",
    )
    args = ap.parse_args(argv)
    started = time.time()
    deadline = args.deadline or started + 480
    py = sys.executable
    gpus = gpu_names()
    has_gpu = bool(gpus) and jax_sees_gpu(py)
    quick = args.quick or not has_gpu
    out = args.out.resolve()
    (out / "logs").mkdir(parents=True, exist_ok=True)
    plan = stages(quick)
    if args.install:
        status, seconds, note = args.install
        inst = Stage("install", "fresh venv: pip install -e '.[cuda,test]' torch", [], 0)
        inst.status, inst.reason, inst.seconds = status, note, float(seconds)
        plan.insert(0, inst)
    why = "no GPU" if not gpus else "no GPU visible to JAX (the CUDA plugin did not load)"
    names = [s.name for s in plan]
    chosen = [n.strip() for n in args.stages.split(",")] if args.stages else names
    unknown = [n for n in chosen if n not in names]
    if unknown:
        ap.error(f"--stages: unknown {unknown}; the stages are {names}")
    for s in plan:
        if s.gpu_only and not has_gpu:
            s.status, s.reason = "skipped", why
        elif s.name not in chosen and s.name != "install":
            s.status, s.reason = "skipped", "not in --stages"
    print(
        f"gpu_check: {', '.join(gpus) if gpus else 'no GPU'}; JAX on GPU: {has_gpu}; "
        f"{'quick' if quick else 'full'} mode; {deadline - started:.0f} s left; results in {out}"
    )
    if gpus and not args.dry_run:  # the device, as the driver sees it
        smi = subprocess.run(["nvidia-smi"], capture_output=True, text=True).stdout
        (out / "logs" / "nvidia_smi.txt").write_text(smi)
        print(smi, flush=True)
    sampler = MemorySampler() if has_gpu and not args.dry_run else None
    for s in plan:
        if s.status != "planned":
            print(f"\n== {s.name}: {s.status}: {s.reason}", flush=True)
            continue
        if args.dry_run:
            cmd = s.quick if quick and s.quick else s.cmd
            print(f"\n== {s.name} (time box {s.box_s} s): {shown([fill(a, out, py) for a in cmd])}")
            continue
        if sampler:
            sampler.stage = s.name
        run_stage(s, py, out, deadline, quick)
        collect(s, out)
    memory = Stage("peak GPU memory", "nvidia-smi used memory, per stage", [], 0)
    if sampler:
        sampler.stop()
        memory.status = "ok"
        memory.numbers = {
            **{k: f"{v} MiB" for k, v in sampler.peaks.items()},
            "of": f"{sampler.total_mb} MiB",
        }
        (out / "gpu_memory.json").write_text(
            json.dumps(
                {
                    "peak_used_mib_per_stage": sampler.peaks,
                    "total_mib": sampler.total_mb,
                    "note": MemorySampler.__doc__.replace("\n    ", " "),
                },
                indent=1,
            )
            + "\n"
        )
    else:
        memory.status, memory.reason = (
            ("planned", "")
            if args.dry_run and has_gpu
            else ("skipped", why if not has_gpu else "dry run")
        )
    plan.append(memory)
    if memory.status == "skipped":
        print(f"\n== {memory.name}: skipped: {memory.reason}", flush=True)
    summary = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "device": gpus[0] if gpus else "CPU only",
        "gpus": gpus,
        "jax_on_gpu": has_gpu,
        "mode": "quick" if quick else "full",
        "dry_run": args.dry_run,
        "python": py,
        "git": subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        or None,
        "seconds": round(time.time() - started, 1),
        "stages": [
            {
                "name": s.name,
                "status": s.status,
                "reason": s.reason,
                "seconds": round(s.seconds, 1),
                "result": s.result if s.status == "ok" else None,
                "numbers": s.numbers,
            }
            for s in plan
        ],
    }
    summary["goals"] = goals(out)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    text = f"# gpu_check on {summary['device']} ({summary['mode']} mode, {summary['date']})\n\n"
    text += table(plan) + "\n"
    if summary["goals"]:
        text += "\n| goal (on a GPU) | this run | met |\n|---|---|---|\n"
        text += "".join(
            f"| {g['goal']} | {g['value']} {g['unit']} | {'yes' if g['met'] else 'no'} |\n"
            for g in summary["goals"]
        )
    (out / "summary.md").write_text(text)
    print("\n" + text, flush=True)
    bad = [s.name for s in plan if s.status in ("failed", "timeout")]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
