"""First-call and steady-call cost of multi-op operators and layers run op by op (PyNative), A/B
between two checkouts: fractional max pooling, grid sampling, adaptive max pooling, STFT, SSIM/
MSSSIM and multi-head attention (one program each when ``graphs.composite`` runs them).

usage: python bench/bench_composite_ops.py A_DIR B_DIR [--repeats R] [--out FILE]
                                           [--labels A_LABEL B_LABEL]

Each repeat runs the workload (this file with ``--worker``) in a fresh process per checkout, that
checkout first on PYTHONPATH and JAX's persistent cache off, so every compile is a real one. Per
case: the XLA compiles and wall seconds of the first call (a new signature), and the median wall
milliseconds of 5 later calls. Reports the medians over repeats, and B/A ratios of the totals.
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

HERE = Path(__file__).resolve().parent


def _cases() -> dict:
    import numpy as np

    import deepsink as ms
    from deepsink import nn, ops

    rng = np.random.default_rng(0)

    def t(*shape, lo=0.0, hi=1.0):
        return ms.Tensor(rng.uniform(lo, hi, shape).astype(np.float32))

    x4, u2, x5, u3 = t(2, 3, 9, 10), t(2, 3, 2), t(1, 2, 6, 7, 8), t(1, 2, 3)
    ssim, msssim = nn.SSIM(), nn.MSSSIM(power_factors=(0.3, 0.7), filter_size=3)
    a, b, a2, b2 = t(1, 3, 24, 24), t(1, 3, 24, 24), t(1, 1, 32, 32), t(1, 1, 32, 32)
    mha, q = nn.MultiheadAttention(8, 2, batch_first=True), t(2, 5, 8)
    enc = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=True)
    enc.set_train(False)
    size3 = ms.Tensor(np.array([2, 3, 3], np.int32))
    return {
        "fractional_max_pool2d": lambda: ops.fractional_max_pool2d(
            x4, 2, output_size=(5, 6), return_indices=True, _random_samples=u2
        ),
        "fractional_max_pool3d": lambda: ops.fractional_max_pool3d(
            x5, 2, output_size=(3, 4, 5), return_indices=True, _random_samples=u3
        ),
        "grid_sample_2d": lambda: ops.grid_sample(x4, t(2, 4, 5, 2, lo=-1.1, hi=1.1)),
        "GridSampler3D": lambda: ops.GridSampler3D()(x5, t(1, 3, 3, 2, 3, lo=-1, hi=1)),
        "AdaptiveMaxPool3D": lambda: ops.AdaptiveMaxPool3D()(x5, size3),
        "stft": lambda: ops.stft(t(2, 64), 16, return_complex=True),
        "nn.SSIM": lambda: ssim(a, b),
        "nn.MSSSIM": lambda: msssim(a2, b2),
        "nn.MultiheadAttention": lambda: mha(q, q, q),
        "nn.TransformerEncoderLayer": lambda: enc(q),
    }


def _sync(out) -> None:
    for o in out if isinstance(out, tuple) else (out,):
        if hasattr(o, "asnumpy"):
            o.asnumpy()


def worker() -> None:
    import jax

    seen: list[str] = []
    jax.monitoring.register_event_duration_secs_listener(
        lambda event, secs, **kw: (
            seen.append(event) if event == "/jax/core/compile/backend_compile_duration" else None
        )
    )
    result = {}
    for name, call in _cases().items():
        seen.clear()
        t0 = time.perf_counter()
        _sync(call())
        first_s, compiles = time.perf_counter() - t0, len(seen)
        steady = []
        for _ in range(5):
            t0 = time.perf_counter()
            _sync(call())
            steady.append((time.perf_counter() - t0) * 1e3)
        result[name] = {
            "compiles": compiles,
            "first_s": round(first_s, 3),
            "steady_ms": round(statistics.median(steady), 3),
        }
    print(json.dumps(result))


def run(src: str) -> dict:
    env = dict(
        os.environ,
        PYTHONPATH=os.path.abspath(src),
        JAX_COMPILATION_CACHE_DIR="",
        JAX_ENABLE_COMPILATION_CACHE="0",
    )
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=src)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", nargs="?")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--out")
    ap.add_argument("--labels", nargs=2, default=["A", "B"], help="what A and B are (the JSON)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker()
    runs: dict[str, list[dict]] = {"A": [], "B": []}
    for _ in range(args.repeats):
        for tag, src in (("A", args.a), ("B", args.b)):
            runs[tag].append(run(src))
            print(tag, json.dumps(runs[tag][-1]), flush=True)
    names = list(runs["A"][0])
    med = {
        tag: {n: {k: statistics.median(r[n][k] for r in rs) for k in rs[0][n]} for n in names}
        for tag, rs in runs.items()
    }
    totals = {
        tag: {k: round(sum(m[n][k] for n in names), 3) for k in m[names[0]]}
        for tag, m in med.items()
    }
    ratio = {k: round(totals["B"][k] / totals["A"][k], 3) for k in totals["A"] if totals["A"][k]}
    print(f"{'':28}{'compiles A/B':>14}{'first s A/B':>16}{'steady ms A/B':>18}")
    for n in names:
        a, b = med["A"][n], med["B"][n]
        print(
            f"{n:28}{a['compiles']:>6.0f}/{b['compiles']:<7.0f}{a['first_s']:>7.2f}/"
            f"{b['first_s']:<8.2f}{a['steady_ms']:>8.2f}/{b['steady_ms']:<8.2f}"
        )
    print("totals", totals, "B/A", ratio)
    if args.out:
        result = {
            "command": "python bench/bench_composite_ops.py A_DIR B_DIR "
            + " ".join(a for a in sys.argv[3:] if a not in (args.a, args.b)),
            "a": args.labels[0],
            "b": args.labels[1],
            "date": datetime.date.today().isoformat(),
            "machine": f"{os.cpu_count()} CPUs, shared",
            "median": med,
            "totals": totals,
            "ratio_b_over_a": ratio,
            "runs": runs,
        }
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
