"""The LeNet/MNIST sink job under several conv/pool lowerings, side by side in one process.

usage: python bench/bench_sink_lowerings.py [--rounds R] [--chunk S] [--profile] [--out DIR] SPEC...

A SPEC names lowerings, e.g. ``pool=lax`` or ``pool=scatter,conv=im2col`` (``auto`` or nothing:
deepsink's own choice); ``xla=jax`` compiles that variant with JAX's default XLA options instead
of deepsink's (``_core/graphs.py``: on CPU, YNNPACK fusions off). Every SPEC gets its own model,
compiled once; then the sink chunks of S steps run round-robin R times, so load drifts on a
shared machine hit every variant alike. Each chunk reports wall ms/step and the process's CPU
ms/step (user + system): on a loaded machine the CPU time stays far steadier than the wall clock.
``--profile`` adds, per variant, the XLA:CPU per-thunk times of one chunk (jax.profiler trace),
the table that says where a step goes.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import glob
import gzip
import json
import os
import platform
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "examples"))

import jax  # noqa: E402
from lenet_mnist_sink import MNIST, LeNet5, create_dataset  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink._core import conv, graphs, pool  # noqa: E402

_THUNK = re.compile(r"[A-Za-z_][\w.\-]*")


def _cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _model(spec: dict[str, str]) -> ms.Model:
    pool.set_lowering(spec.get("pool"))
    conv.set_lowering(spec.get("conv"))
    ms.set_seed(1)
    net = LeNet5()
    return ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )


def thunk_profile(run, steps: int, top: int) -> tuple[list[tuple[str, float]], float]:
    """(the ``top`` XLA:CPU thunks by us/step, the sum over all thunks) for one call of ``run``."""
    with tempfile.TemporaryDirectory() as d:
        jax.profiler.start_trace(d, create_perfetto_trace=True)
        run()
        jax.profiler.stop_trace()
        (trace,) = glob.glob(os.path.join(d, "**", "*.trace.json.gz"), recursive=True)
        with gzip.open(trace) as f:
            events = json.load(f)
    events = events["traceEvents"] if isinstance(events, dict) else events
    total: collections.Counter = collections.Counter()
    for e in events:
        name = e.get("name", "")
        # HLO thunks are named after their instruction; skip Python frames and executor spans
        if e.get("ph") == "X" and _THUNK.fullmatch(name) and "Thunk" not in name:
            if not name.startswith(("while", "np.", "Slinky", "PjitFunction")):
                total[name] += e.get("dur", 0)
    rows = [(k, round(v / steps, 1)) for k, v in total.most_common(top)]
    return rows, round(sum(total.values()) / steps, 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", nargs="+")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--chunk", type=int, default=100)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--out", type=Path, help="directory for a JSON record of the run")
    args = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    models = {}
    for spec in args.specs:
        kv = dict(p.split("=", 1) for p in spec.split(",") if "=" in p)
        models[spec] = _model(kv)

        def sink(model=models[spec]):
            return model.train(1, data, dataset_sink_mode=True, sink_size=args.chunk)

        saved = graphs._CPU_OPTIONS
        if kv.get("xla") == "jax":
            graphs._CPU_OPTIONS = {}
        try:
            sink()  # compile (with this variant's XLA options) and warm up
        finally:
            graphs._CPU_OPTIONS = saved
    pool.set_lowering(None)
    conv.set_lowering(None)
    if args.profile:  # the first trace of a process pays the profiler's start-up: not counted
        thunk_profile(sink, args.chunk, 1)
    wall: dict[str, list[float]] = {s: [] for s in models}
    cpu: dict[str, list[float]] = {s: [] for s in models}
    for _ in range(args.rounds):
        for spec, model in models.items():
            c0, t0 = _cpu_seconds(), time.perf_counter()
            model.train(1, data, dataset_sink_mode=True, sink_size=args.chunk)
            wall[spec].append((time.perf_counter() - t0) / args.chunk * 1e3)
            cpu[spec].append((_cpu_seconds() - c0) / args.chunk * 1e3)
    result = {"command": " ".join(["python", *sys.argv]), "variants": {}}
    for spec, model in models.items():
        row = {
            "wall_ms_per_step_min": round(min(wall[spec]), 3),
            "wall_ms_per_step_median": round(statistics.median(wall[spec]), 3),
            "cpu_ms_per_step_min": round(min(cpu[spec]), 3),
            "cpu_ms_per_step_median": round(statistics.median(cpu[spec]), 3),
        }
        print(f"{spec:32s} " + "  ".join(f"{k} {v}" for k, v in row.items()))
        if args.profile:
            rows, total = thunk_profile(
                lambda m=model: m.train(1, data, dataset_sink_mode=True, sink_size=args.chunk),
                args.chunk,
                args.top,
            )
            row["thunk_us_per_step_sum"], row["thunk_us_per_step_top"] = total, dict(rows)
            print(f"  per-thunk us/step (sum {total}):")
            for name, us in rows:
                print(f"  {us:9.1f}  {name}")
        result["variants"][spec] = row
    result["loadavg"] = os.getloadavg()
    if args.out:
        now = datetime.datetime.now(datetime.UTC)
        result["date"] = now.isoformat(timespec="seconds")
        result["machine"] = {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "jax": jax.__version__,
        }
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"sink_lowerings_cpu_{now:%Y%m%d_%H%M}.json"
        path.write_text(json.dumps(result, indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
