"""Loop-sink host overhead: what a sunk step costs beyond its device compute, on an empty-ish
network (one Dense(4, 4) trained with MSE and Momentum, batch 8).

usage: python bench/bench_host_overhead.py [--sink-size 10000] [--sinks 4] [--repeats 3]
                                           [--out FILE.json | --out FOLDER]

Wall: ``Model.train(1 + sinks, ds, dataset_sink_mode=True, sink_size)`` timed per sink by a
callback (the first sink, which compiles, is left out), divided by ``sink_size``. Device compute:
the very same pure step function deepsink compiles (``make_step`` of the train network) run as one
jitted ``lax.scan`` over ``sink_size`` device-resident batches, with no dataset, queue or callback.
Host overhead per step = wall - compute (the issue's GPU goal: <= 5 us/step). The data come from an
in-memory NumpySlicesDataset of whole batches (one row = one batch of 8), so the pipeline's
per-batch cost is part of the overhead measured, as it is in any sunk job.
Runs on jax's default backend; the JSON records the device (default folder bench/results/,
host_overhead_<backend>_<date>.json).
"""

from __future__ import annotations

import argparse
import datetime
import json
import resource
import statistics
import sys
import time
from pathlib import Path

import jax
import numpy as np
from jax import lax

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink._compile import jit as _jit  # noqa: E402
from deepsink.train.sink.loop import make_step  # noqa: E402

BATCH = 8


class SinkTimes(ms.Callback):
    def __init__(self):
        self.times = [time.perf_counter()]

    def on_train_step_end(self, run_context):  # once per sink in sink mode
        self.times.append(time.perf_counter())


def dataset(sink_size: int) -> ms.dataset.NumpySlicesDataset:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((sink_size, BATCH, 4), dtype=np.float32)
    y = rng.standard_normal((sink_size, BATCH, 4), dtype=np.float32)
    return ms.dataset.NumpySlicesDataset({"x": x, "y": y}, shuffle=False)


def one_run(sink_size: int, sinks: int) -> dict:
    ms.set_seed(1)
    net = nn.Dense(4, 4)
    loss_fn = nn.MSELoss()
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    model = ms.Model(net, loss_fn, opt)
    data = dataset(sink_size)
    cb = SinkTimes()
    model.train(1 + sinks, data, callbacks=[cb], dataset_sink_mode=True, sink_size=sink_size)
    per_sink = np.diff(cb.times[1:]) / sink_size
    print("  wall us/step per sink:", np.round(per_sink * 1e6, 2).tolist(), flush=True)
    wall = statistics.median(per_sink)

    # the same compiled step, alone on the device: one scan over device-resident batches
    train = model.train_network
    boxes = _jit.state_of(train)
    step = make_step(train, boxes)
    scan = jax.jit(lambda state, stack: lax.scan(step, state, stack), donate_argnums=(0,))
    rng = np.random.default_rng(1)
    stack = jax.device_put(
        tuple(rng.standard_normal((sink_size, BATCH, 4), dtype=np.float32) for _ in range(2))
    )
    state = jax.device_put(tuple(np.asarray(b._data) for b in boxes))
    times = []
    for _ in range(1 + sinks):
        t0 = time.perf_counter()
        state, outs = scan(state, stack)
        jax.block_until_ready((state, outs))
        times.append(time.perf_counter() - t0)
    compute = statistics.median(times[1:]) / sink_size
    return {
        "wall_us": wall * 1e6,
        "compute_us": compute * 1e6,
        "overhead_us": (wall - compute) * 1e6,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sink-size", type=int, default=10000)
    ap.add_argument("--sinks", type=int, default=4, help="timed sinks per run (after the first)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", default=str(HERE / "results"))
    args = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    runs = []
    for r in range(args.repeats):
        runs.append(one_run(args.sink_size, args.sinks))
        print(
            f"repeat {r + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in runs[-1].items()), flush=True
        )
    med = {k: statistics.median(run[k] for run in runs) for k in runs[0]}
    print(
        f"\nper step (median of {args.repeats}): wall {med['wall_us']:.2f} us, device compute "
        f"{med['compute_us']:.2f} us, host overhead {med['overhead_us']:.2f} us (goal on GPU <= 5)"
    )
    from bench_lenet import machine

    device = machine()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    out = Path(args.out)
    if out.suffix != ".json":
        out = out / f"host_overhead_{device['jax_backend']}_{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "command": " ".join([Path(sys.executable).name, *sys.argv]),
                "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                "machine": device,
                "job": f"Dense(4, 4), MSELoss, Momentum 0.01/0.9, batch {BATCH}, sunk",
                "sink_size": args.sink_size,
                "sinks": args.sinks,
                "repeats": args.repeats,
                "median_us_per_step": med,
                "runs": runs,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
