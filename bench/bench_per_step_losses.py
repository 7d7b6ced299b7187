"""The cost of every step's loss from a sink: the LeNet5/MNIST job (batch 32, Momentum 0.01/0.9,
the tutorial's pipeline), ``Model.train(dataset_sink_mode=True, sink_size=100)`` with a callback
that reads each sink's loss (off: ``LossMonitor``'s default access, one loss per sink) against
one that opts into every step's loss (on: ``History(per_step=True)``, one device-to-host copy of
the sink's 100 losses).

usage: python bench/bench_per_step_losses.py [--sink-size 100] [--sinks 8] [--rounds 7]

One process, one Model, so both variants run the same compiled sink program: each round trains
``--sinks`` sinks with one variant then with the other (the order alternates per round, so load
drifts on a shared machine hit both alike). ms/step is the median sink time over all rounds after
each call's first sink, by the wall clock and by this process's CPU time (on a shared machine the
wall clock also counts waiting for a core); the on/off ratio (the median over rounds of each
round's ratio of medians) is the issue's measure (goal: within 2%). The sink program is the same
either way, so the difference is host work: that is also timed alone (``host_cost``), the share
of a step that stays meaningful when the machine's load swamps the ratio. Writes
``bench/results/per_step_losses_<backend>_<date>.json``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "examples"))
sys.path.insert(0, str(HERE.parent))  # this checkout's deepsink

import numpy as np  # noqa: E402
from bench_lenet import machine  # noqa: E402
from lenet_mnist_sink import MNIST, LeNet5, create_dataset  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402
from deepsink.train.callback._history import History  # noqa: E402


class SinkTimes(ms.Callback):
    """Each sink's end, wall clock and this process's CPU time; reads the sink's loss as a
    monitoring callback does."""

    def __init__(self):
        self.times = []

    def on_train_step_end(self, run_context):
        run_context.original_args().net_outputs.asnumpy()
        self.times.append((time.perf_counter(), time.process_time()))


def run(model, data, sink_size: int, sinks: int, per_step: bool) -> dict[str, list[float]]:
    """ms/step of each sink after the call's first (wall and CPU time)."""
    timer = SinkTimes()
    callbacks = [timer] + ([History(per_step=True)] if per_step else [])
    model.train(sinks, data, callbacks=callbacks, dataset_sink_mode=True, sink_size=sink_size)
    pairs = list(zip(timer.times, timer.times[1:]))
    return {
        "wall": [(b[0] - a[0]) / sink_size * 1e3 for a, b in pairs],
        "cpu": [(b[1] - a[1]) / sink_size * 1e3 for a, b in pairs],
    }


def host_cost(sink_size: int, repeats: int = 200) -> dict[str, float]:
    """The host work that the opt-in adds to a sink, timed alone (steady under load, unlike the
    whole step): reading the sink's stacked losses and handing them out (``SinkSession._read``
    with ``collect="all"`` and ``Model``'s ``_sink_outputs``, then ``History(per_step=True)``)
    against reading and handing out the last step's; ms per sink, medians."""
    import jax
    import jax.numpy as jnp

    from deepsink.train.callback._callback import CallbackParam, RunContext
    from deepsink.train.model import _sink_outputs
    from deepsink.train.sink.session import SinkSession

    session = SinkSession.__new__(SinkSession)  # only _read's fields
    session.host_syncs, session._checks_at = 0, None
    params = CallbackParam(cur_step_num=sink_size)
    history, context = History(per_step=True), RunContext(params)

    def on():
        pieces = [(jnp.arange(sink_size, dtype=jnp.float32), sink_size)]
        jax.block_until_ready(pieces)
        start = time.perf_counter()
        _sink_outputs(params, session._read((), pieces, "all"), None, True)
        history.on_train_step_end(context)
        return time.perf_counter() - start

    def off():
        pieces = [(jnp.arange(sink_size, dtype=jnp.float32), sink_size)]
        jax.block_until_ready(pieces)
        start = time.perf_counter()
        _sink_outputs(params, session._read((), pieces, "last"), None, False)
        return time.perf_counter() - start

    times = {"on": [], "off": []}
    for _ in range(repeats):
        times["on"].append(on())
        times["off"].append(off())
    return {k: statistics.median(v) * 1e3 for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sink-size", type=int, default=100)
    ap.add_argument("--sinks", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--out", default=str(HERE / "results"))
    args = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    net = LeNet5()
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.Momentum(net.trainable_params(), 0.01, 0.9))  # fmt: skip
    run(model, data, args.sink_size, 2, False)  # compile
    clocks = ("wall", "cpu")
    times = {c: {"off": [], "on": []} for c in clocks}
    round_ratios = {c: [] for c in clocks}  # on/off of each round's medians: paired in time
    for r in range(args.rounds):
        order = [False, True] if r % 2 == 0 else [True, False]
        got = {}
        for per_step in order:
            got["on" if per_step else "off"] = run(
                model, data, args.sink_size, args.sinks, per_step
            )
        for c in clocks:
            for k in ("off", "on"):
                times[c][k] += got[k][c]
            ratio = statistics.median(got["on"][c]) / statistics.median(got["off"][c])
            round_ratios[c].append(ratio)
            print(f"round {r + 1}: {c} on/off {ratio:.4f}", flush=True)
    host = host_cost(args.sink_size)
    result = {
        "command": "python bench/bench_per_step_losses.py " + " ".join(sys.argv[1:]),
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "device": str(ms.context.device()),
        "sink_size": args.sink_size,
        "sinks_per_call": args.sinks,
        "rounds": args.rounds,
        "ms_per_step_median": {
            c: {k: statistics.median(v) for k, v in times[c].items()} for c in clocks
        },
        "ms_per_step_iqr": {
            c: {k: [float(np.percentile(v, q)) for q in (25, 75)] for k, v in times[c].items()}
            for c in clocks
        },
        "on_over_off_median_of_rounds": {c: statistics.median(round_ratios[c]) for c in clocks},
        "on_over_off_rounds": round_ratios,
        "sinks_timed": {k: len(v) for k, v in times["wall"].items()},
        "host_ms_per_sink": host,
        "host_added_ms_per_step": (host["on"] - host["off"]) / args.sink_size,
        "host_added_share_of_cpu_step": (host["on"] - host["off"])
        / args.sink_size
        / statistics.median(times["cpu"]["off"]),
    }
    print(json.dumps(result, indent=1))
    backend = ms.context.device().platform
    out = Path(args.out) / f"per_step_losses_{backend}_{datetime.date.today():%Y%m%d}.json"
    out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
