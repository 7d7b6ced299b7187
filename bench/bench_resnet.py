"""ResNet-18 at CIFAR-10 shapes (batch 32, Momentum 0.01/0.9, synthetic seeded data): a job where
compute dominates, on deepsink and PyTorch side by side in one run.

usage: python bench/bench_resnet.py [--steps 20] [--sink-size 10] [--warmup 3] [--repeats 1]
                                    [--device auto|cpu|gpu] [--only NAME ...] [--skip NAME ...]
                                    [--out FILE.json | --out FOLDER]

Variants, each in its own process, interleaved per repeat: deepsink sink and non-sink in
GRAPH_MODE, deepsink non-sink Model.train in PYNATIVE_MODE (examples/resnet_cifar.py's network),
PyTorch eager and torch.compile (default mode; on a GPU also mode="reduce-overhead") with the same
network, initialisation scheme, optimizer and data (bench/peers/torch_resnet.py). deepsink runs on
jax's default backend, the torch peers on cuda when available (``--device cpu`` keeps both on the
CPU, ``--device gpu`` requires the GPU). ms/step is the median over windows
after warm-up (sink: each sink after the first; otherwise each step after ``--warmup``), then the
median over repeats; compilation is reported apart (``compile_s``), and so is each process's peak
RSS (``peak_rss_mb``). Writes JSON with machine info to ``--out`` (a ``.json`` path, or a folder
receiving resnet_<backend>_<date>.json; default bench/results/).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
from pathlib import Path

from bench_lenet import _importable, device_env, machine, run_variant, torch_cuda

HERE = Path(__file__).resolve().parent
PEERS = HERE / "peers"


def variants(
    steps: int, sink_size: int, warmup: int, device: str = "auto"
) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The commands to run per variant, and the variants skipped with the reason."""
    py, job = sys.executable, str(HERE / "resnet_deepsink.py")
    n, s, w = str(steps), str(sink_size), str(warmup)
    v = {
        "deepsink sink (graph)": [py, job, "sink", "graph", n, s, w],
        "deepsink non-sink (graph)": [py, job, "nosink", "graph", n, s, w],
        "deepsink non-sink (pynative)": [py, job, "nosink", "pynative", n, s, w],
    }
    skipped: dict[str, str] = {}
    peer = str(PEERS / "torch_resnet.py")
    names = {"pytorch eager": "eager", "torch.compile": "default"}
    if not _importable("torch"):
        skipped.update(dict.fromkeys(names, "torch is not installed (pip install '.[bench]')"))
        return v, skipped
    if device != "cpu" and torch_cuda():
        names['torch.compile mode="reduce-overhead"'] = "reduce-overhead"
    else:
        skipped['torch.compile mode="reduce-overhead"'] = "no cuda device (CUDA graphs only)"
    peer_device = {"auto": "auto", "cpu": "cpu", "gpu": "cuda"}[device]
    for name, mode in names.items():
        v[name] = [py, peer, mode, n, w, peer_device]
    return v, skipped


def table(med: dict[str, float], extra: dict[str, dict], skipped: dict[str, str]) -> str:
    base = med.get("pytorch eager")
    head = f"{'variant':38s} {'ms/step':>10s} {'vs pytorch eager':>17s} {'compile s':>10s} {'peak RSS MB':>12s}"
    lines = [head]
    for k, m in sorted(med.items(), key=lambda kv: kv[1]):
        ratio = f"{base / m:.2f}x faster" if base else "-"
        e = extra.get(k, {})
        lines.append(
            f"{k:38s} {m:10.1f} {ratio:>17s} {e.get('compile_s', float('nan')):10.1f} "
            f"{e.get('peak_rss_mb', float('nan')):12.0f}"
        )
    for k, why in skipped.items():
        lines.append(f"{k:38s} {'skipped':>10s}  {why}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20, help="timed steps per variant")
    ap.add_argument("--sink-size", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=3, help="untimed steps (non-sink, torch)")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--only", nargs="*", help="substrings of variant names to run")
    ap.add_argument("--skip", nargs="*", help="substrings of variant names not to run")
    ap.add_argument(
        "--device",
        choices=["auto", "cpu", "gpu"],
        default="auto",
        help="where deepsink and PyTorch run (default auto: the GPU when there is one)",
    )
    ap.add_argument("--out", default=str(HERE / "results"))
    args = ap.parse_args()
    if args.warmup < 1 or args.steps < 2 or args.sink_size < 1:
        ap.error("--warmup and --sink-size must be >= 1 and --steps >= 2")
    todo, skipped = variants(args.steps, args.sink_size, args.warmup, args.device)
    if args.only:
        keep = lambda k: any(s in k for s in args.only)
        todo = {k: v for k, v in todo.items() if keep(k)}
        skipped = {k: v for k, v in skipped.items() if keep(k)}
    if args.skip:
        drop = lambda k: any(s in k for s in args.skip)
        todo = {k: v for k, v in todo.items() if not drop(k)}
        skipped = {k: v for k, v in skipped.items() if not drop(k)}
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE.parent), str(PEERS)]))
    env = device_env(env, args.device)
    runs: dict[str, list[float]] = {k: [] for k in todo}
    extra: dict[str, dict] = {}
    for r in range(args.repeats):
        for name, cmd in todo.items():
            res = run_variant(name, cmd, env, skipped)
            if res is None:
                continue
            runs[name].append(res.pop("ms_per_step"))
            for key in ("compile_s", "peak_rss_mb"):
                extra.setdefault(name, {}).setdefault(key + "_runs", []).append(res[key])
            extra[name].update(res)
            print(
                f"repeat {r + 1}: {name:38s} {runs[name][-1]:9.1f} ms/step "
                f"(compile {res['compile_s']:.1f} s, peak RSS {res['peak_rss_mb']:.0f} MB)",
                flush=True,
            )
    med = {k: statistics.median(v) for k, v in runs.items() if v}
    skipped = {k: why for k, why in skipped.items() if k not in med}
    for k in med:
        extra[k]["compile_s"] = statistics.median(extra[k]["compile_s_runs"])
        extra[k]["peak_rss_mb"] = max(extra[k]["peak_rss_mb_runs"])
    base = med.get("pytorch eager")
    print("\n" + table(med, extra, skipped))
    device = machine(args.device)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    out = Path(args.out)
    if out.suffix != ".json":
        out = out / f"resnet_{device['jax_backend']}_{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "command": " ".join([Path(sys.executable).name, *sys.argv]),
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": device,
                "job": "ResNet-18 (CIFAR variant, 10 classes, 11,173,962 params), "
                "batch 32, 32x32x3 synthetic data, Momentum 0.01/0.9",
                "steps": args.steps,
                "sink_size": args.sink_size,
                "warmup": args.warmup,
                "repeats": args.repeats,
                "ms_per_step": runs,
                "median_ms_per_step": med,
                "ratio_vs_pytorch_eager": {k: base / m for k, m in med.items()} if base else None,
                "compile_s": {k: extra[k]["compile_s"] for k in med},
                "peak_rss_mb": {k: extra[k]["peak_rss_mb"] for k in med},
                "device": {k: extra[k].get("device") for k in med},
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
