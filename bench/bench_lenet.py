"""The LeNet5/MNIST job of MindSpore's "Sinking Mode" tutorial on deepsink and its peers, side by
side in one run.

usage: python bench/bench_lenet.py [--steps 2000] [--repeats 3] [--mindspore-python PATH]
                                   [--device auto|cpu|gpu] [--only NAME ...] [--skip NAME ...]
                                   [--out FILE.json | --out FOLDER]

Every variant runs in its own process, the variants interleaved per repeat so load drifts hit them
alike. The PyTorch peer runs eager, under ``torch.compile`` and, on a GPU, under
``torch.compile(mode="reduce-overhead")`` (CUDA graphs). ``--device``: ``auto`` runs deepsink on
JAX's default backend and PyTorch on cuda when it has it; ``cpu`` keeps every variant on the CPU
(``JAX_PLATFORMS=cpu``); ``gpu`` requires the GPU (a variant without one fails). Prints ms/step
medians and ratios to PyTorch eager (a peer that cannot run is listed as
skipped, with the reason), and writes JSON with machine info to ``--out``: a path ending in
``.json`` is the file itself, anything else a folder that receives lenet_<backend>_<date>.json
(default bench/results/).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEERS = HERE / "peers"


def variants(
    steps: int, ms_python: str | None, device: str = "auto"
) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The commands to run per variant, and the variants skipped with the reason."""
    py = sys.executable
    skipped: dict[str, str] = {}
    v = {
        "deepsink sink (graph)": [py, str(HERE / "lenet_deepsink.py"), "sink", "graph", str(steps)],
        "deepsink sink (pynative)": [py, str(HERE / "lenet_deepsink.py"), "sink", "pynative", str(steps)],
        "deepsink non-sink (graph)": [py, str(HERE / "lenet_deepsink.py"), "nosink", "graph", str(steps)],
        "deepsink non-sink (pynative)": [py, str(HERE / "lenet_deepsink.py"), "nosink", "pynative", str(steps)],
        "deepsink custom loop (pynative)": [py, str(HERE / "lenet_custom_loop.py"), "pynative", str(steps)],
        "deepsink custom loop (ms.jit)": [py, str(HERE / "lenet_custom_loop.py"), "jit", str(steps)],
    }  # fmt: skip
    torch_modes = {
        "pytorch eager": "eager",
        "torch.compile": "default",
        'torch.compile mode="reduce-overhead"': "reduce-overhead",
    }
    if _importable("torch"):
        cuda = device != "cpu" and torch_cuda()
        for name, mode in torch_modes.items():
            if mode == "reduce-overhead" and not cuda:
                skipped[name] = "no cuda device (CUDA graphs only)"
                continue
            peer_device = {"auto": "auto", "cpu": "cpu", "gpu": "cuda"}[device]
            v[name] = [py, str(PEERS / "torch_lenet.py"), str(steps), mode, peer_device]
    else:
        skipped.update(
            dict.fromkeys(torch_modes, "torch is not installed (pip install '.[bench]')")
        )
    keras_names = ["keras-jax steps_per_execution=1", "keras-jax steps_per_execution=100"]
    if not _importable("keras"):
        skipped.update(
            dict.fromkeys(keras_names, "keras is not installed (pip install '.[bench]')")
        )
    else:
        v["keras-jax steps_per_execution=1"] = [py, str(PEERS / "keras_lenet.py"), "1", str(steps)]
        v["keras-jax steps_per_execution=100"] = [
            py,
            str(PEERS / "keras_lenet.py"),
            "100",
            str(steps),
        ]
    ms_name = "mindspore graph non-sink"
    if not ms_python:
        skipped[ms_name] = "no --mindspore-python (or DEEPSINK_MINDSPORE_PYTHON) given"
    elif not Path(ms_python).exists():
        skipped[ms_name] = f"--mindspore-python {ms_python} does not exist"
    else:
        v[ms_name] = [
            ms_python,
            str(PEERS / "mindspore_lenet.py"),
            _raw_mnist(),
            "nosink",
            str(min(steps, 500)),
        ]
    return v, skipped


def torch_cuda() -> bool:
    """Whether this python's torch sees a cuda device (asked in a child: importing torch here
    would cost every variant's process nothing, but this one's memory)."""
    code = "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)"
    return subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def device_env(env: dict, device: str) -> dict:
    """The variants' environment for ``--device``: ``cpu`` hides the GPU from JAX, ``gpu`` makes
    JAX fail rather than fall back to the CPU."""
    if device == "cpu":
        return dict(env, JAX_PLATFORMS="cpu")
    if device == "gpu":
        return dict(env, JAX_PLATFORMS="cuda")
    return env


def out_path(out: str, backend: str, stamp: str) -> Path:
    """``--out``: a ``.json`` path is the result file; anything else is a folder for it."""
    path = Path(out)
    return path if path.suffix == ".json" else path / f"lenet_{backend}_{stamp}.json"


def table(
    med: dict[str, float], skipped: dict[str, str], rss: dict[str, float] | None = None
) -> str:
    """The printed summary: measured variants fastest first (with each process's peak RSS), then
    the skipped ones with why."""
    base, rss = med.get("pytorch eager"), rss or {}
    lines = [
        f"{'variant':38s} {'median ms/step':>14s} {'vs pytorch eager':>17s} {'peak RSS MB':>12s}"
    ]
    for k, m in sorted(med.items(), key=lambda kv: kv[1]):
        ratio = f"{base / m:.2f}x faster" if base else "-"
        mb = f"{rss[k]:12.0f}" if rss.get(k) is not None else f"{'-':>12s}"
        lines.append(f"{k:38s} {m:14.3f} {ratio:>17s} {mb}")
    for k, why in skipped.items():
        lines.append(f"{k:38s} {'skipped':>14s}  {why}")
    return "\n".join(lines)


def run_variant(name: str, cmd: list[str], env: dict, skipped: dict[str, str]) -> dict | None:
    """Run one variant's process; its JSON result line, or None (the reason put in ``skipped``,
    its stderr printed) when it failed."""
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=PEERS)
    line = next((ln for ln in reversed(p.stdout.splitlines()) if ln.startswith("{")), None)
    if p.returncode != 0 or line is None:
        print(f"[{name}] failed (rc={p.returncode}):\n{p.stderr[-2000:]}", file=sys.stderr)
        skipped[name] = f"failed (exit status {p.returncode}; its stderr is printed above)"
        return None
    return json.loads(line)


def _importable(name: str) -> bool:
    env = dict(os.environ, KERAS_BACKEND="jax")
    return (
        subprocess.run(
            [sys.executable, "-c", f"import {name}"], capture_output=True, env=env
        ).returncode
        == 0
    )


def _raw_mnist() -> str:
    """MindSpore reads uncompressed IDX files from train/: unpack the shipped ones once."""
    import gzip

    root = Path(tempfile.gettempdir()) / "deepsink_mnist_raw"
    (root / "train").mkdir(parents=True, exist_ok=True)
    src = HERE.parent / "data" / "mnist" / "train"
    for gz in src.glob("*.gz"):
        dst = root / "train" / gz.name[:-3]
        if not dst.exists():
            with gzip.open(gz) as f, open(dst, "wb") as out:
                shutil.copyfileobj(f, out)
    return str(root)


def machine(device: str = "auto") -> dict:
    """This machine, and the JAX backend and devices the variants see under ``--device``."""
    info = {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    if "jax" in sys.modules and device == "auto":  # this process runs the job: ask its jax
        jax = sys.modules["jax"]
        info["jax"], info["jax_backend"] = jax.__version__, jax.default_backend()
        info["devices"] = [str(d) for d in jax.devices()]
        return _gpus(info)
    code = "import jax, json; print(json.dumps([jax.__version__, jax.default_backend(), [str(d) for d in jax.devices()]]))"
    # a child asks (XLA would otherwise claim most of the GPU's memory for the question)
    env = dict(device_env(dict(os.environ), device), XLA_PYTHON_CLIENT_PREALLOCATE="false")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if p.returncode == 0:
        info["jax"], info["jax_backend"], info["devices"] = json.loads(p.stdout.splitlines()[-1])
    else:
        info["jax_backend"] = "unavailable"
        info["jax_error"] = p.stderr[-500:]
    return _gpus(info)


def _gpus(info: dict) -> dict:
    """``info`` with nvidia-smi's name, driver and memory of each GPU, where there is one."""
    if shutil.which("nvidia-smi"):
        query = [
            "nvidia-smi",
            "--query-gpu=name,driver_version,memory.total",
            "--format=csv,noheader",
        ]
        gpu = subprocess.run(query, capture_output=True, text=True)
        if gpu.returncode == 0:
            info["gpus"] = [line.strip() for line in gpu.stdout.splitlines() if line.strip()]
    return info


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--mindspore-python",
        default=os.environ.get("DEEPSINK_MINDSPORE_PYTHON"),
        help="python of a virtualenv with MindSpore installed (default: $DEEPSINK_MINDSPORE_PYTHON)",
    )
    ap.add_argument("--only", nargs="*", help="substrings of variant names to run")
    ap.add_argument("--skip", nargs="*", help="substrings of variant names not to run")
    ap.add_argument(
        "--device",
        choices=["auto", "cpu", "gpu"],
        default="auto",
        help="where deepsink and PyTorch run (default auto: the GPU when there is one)",
    )
    ap.add_argument(
        "--out",
        default=str(HERE / "results"),
        help="a .json file to write, or a folder for lenet_<backend>_<date>.json "
        "(default bench/results)",
    )
    args = ap.parse_args()
    todo, skipped = variants(args.steps, args.mindspore_python, args.device)
    if args.only:
        keep = lambda k: any(s in k for s in args.only)
        todo = {k: v for k, v in todo.items() if keep(k)}
        skipped = {k: v for k, v in skipped.items() if keep(k)}
    if args.skip:
        drop = lambda k: any(s in k for s in args.skip)
        todo = {k: v for k, v in todo.items() if not drop(k)}
        skipped = {k: v for k, v in skipped.items() if not drop(k)}
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(PEERS), str(HERE.parent)])
    )  # this checkout
    env = device_env(env, args.device)
    runs: dict[str, list[float]] = {k: [] for k in todo}
    extra: dict[str, dict] = {}
    rss: dict[str, float] = {}
    for r in range(args.repeats):
        for name, cmd in todo.items():
            res = run_variant(name, cmd, env, skipped)
            if res is None:
                continue
            runs[name].append(res.pop("ms_per_step"))
            extra[name] = res
            if res.get("peak_rss_mb") is not None:  # the largest over repeats
                rss[name] = max(rss.get(name, 0.0), res["peak_rss_mb"])
            print(f"repeat {r + 1}: {name:36s} {runs[name][-1]:8.3f} ms/step", flush=True)
    med = {k: statistics.median(v) for k, v in runs.items() if v}
    skipped = {k: why for k, why in skipped.items() if k not in med}
    base = med.get("pytorch eager")
    print("\n" + table(med, skipped, rss))
    device = machine(args.device)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    out = out_path(args.out, device["jax_backend"], stamp)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "command": " ".join([Path(sys.executable).name, *sys.argv]),
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": device,
                "device": args.device,
                "steps": args.steps,
                "repeats": args.repeats,
                "ms_per_step": runs,
                "median_ms_per_step": med,
                "ratio_vs_pytorch_eager": {k: base / m for k, m in med.items()} if base else None,
                "peak_rss_mb": {k: rss[k] for k in med if k in rss},
                "peak_device_mb": {k: extra[k].get("peak_device_mb") for k in med},
                "skipped": skipped,
                "details": extra,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
