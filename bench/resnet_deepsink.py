"""One deepsink variant of the ResNet-18/CIFAR job of bench/bench_resnet.py, timed; prints one JSON
line.

usage: python resnet_deepsink.py sink|nosink graph|pynative STEPS [SINK_SIZE] [WARMUP]
Training runs through Model.train (examples/resnet_cifar.py's network and synthetic dataset,
Momentum 0.01/0.9, batch 32). ms/step is the median over windows after the first (sink: each sink
of SINK_SIZE steps, the first one compiles; non-sink: each step after WARMUP steps); compile_s is
the first window's time beyond its steps at the measured rate (compilation and warm-up).
"""

import json
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

import jax  # noqa: E402
import numpy as np  # noqa: E402
from resnet_cifar import create_dataset, resnet18  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402


class StepTimes(ms.Callback):
    """The time each step (sink: each sink) ends, once its loss is computed: non-sink steps are
    dispatched asynchronously, so reading the loss (as LossMonitor does) waits for the step."""

    def __init__(self):
        self.times = []

    def on_train_step_end(self, run_context):
        run_context.original_args().net_outputs.asnumpy()
        self.times.append(time.perf_counter())


def peak_device_mb() -> float | None:
    """The device allocator's peak (None on a CPU, whose allocator keeps no such count)."""
    stats = ms.context.device().memory_stats() or {}
    return stats["peak_bytes_in_use"] / 2**20 if "peak_bytes_in_use" in stats else None


def main(sink: str, mode: str, steps: int, sink_size: int, warmup: int) -> None:
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(1)
    data = create_dataset(1024, 32)
    net = resnet18()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss_fn, nn.Momentum(net.trainable_params(), 0.01, 0.9))
    cb = StepTimes()
    start = time.perf_counter()
    if sink == "sink":
        sinks = 1 + max(1, steps // sink_size)
        model.train(sinks, data, callbacks=[cb], dataset_sink_mode=True, sink_size=sink_size)
        window, first_steps = sink_size, sink_size
    else:
        window, first_steps = 1, warmup
        model.train(1, data.take(steps + warmup), callbacks=[cb], dataset_sink_mode=False)
        cb.times = cb.times[warmup - 1 :]
    ms_per_step = statistics.median(np.diff(cb.times)) / window * 1e3
    first_s = cb.times[0] - start
    batch = next(data.create_tuple_iterator())
    loss = float(model.train_network.network(*batch).asnumpy())
    print(
        json.dumps(
            {
                "ms_per_step": ms_per_step,
                "compile_s": max(0.0, first_s - first_steps * ms_per_step / 1e3),
                "loss": loss,
                "device": str(jax.devices()[0]),
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "peak_device_mb": peak_device_mb(),
            }
        )
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], a[1], int(a[2]), int(a[3]) if len(a) > 3 else 10, int(a[4]) if len(a) > 4 else 3)
