"""One deepsink variant of the LeNet5/MNIST job of MindSpore's "Sinking Mode" tutorial, timed;
prints one JSON line.

usage: python lenet_deepsink.py sink|nosink graph|pynative STEPS [SINK_SIZE]
Training runs through Model.train with the tutorial's pipeline. ms/step is the median over windows
(sink: each sink of SINK_SIZE steps; non-sink: each 100 steps), after the first window
(compilation and warm-up), so a transient load spike on a shared machine skews one window only.
"""

import json
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

import numpy as np  # noqa: E402
from lenet_mnist_sink import MNIST, LeNet5, create_dataset  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402


class StepTimes(ms.Callback):
    """Step (sink: sink) end times; every ``sync``-th waits for the loss first: non-sink steps are
    dispatched asynchronously, and a GPU may run far behind the host."""

    def __init__(self, sync=1):
        self.times, self.sync = [], sync

    def on_train_step_end(self, run_context):
        if (len(self.times) + 1) % self.sync == 0:
            run_context.original_args().net_outputs.asnumpy()
        self.times.append(time.perf_counter())


def peak_device_mb() -> float | None:
    """The device allocator's peak (None on a CPU, whose allocator keeps no such count)."""
    stats = ms.context.device().memory_stats() or {}
    return stats["peak_bytes_in_use"] / 2**20 if "peak_bytes_in_use" in stats else None


def main(sink: str, mode: str, steps: int, sink_size: int) -> None:
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(1)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    cb = StepTimes(sync=1 if sink == "sink" else 100)
    if sink == "sink":
        sinks = 1 + max(1, steps // sink_size)
        model.train(sinks, data, callbacks=[cb], dataset_sink_mode=True, sink_size=sink_size)
        window = sink_size
    else:
        window = 100
        model.train(1, data.take(steps + window), callbacks=[cb], dataset_sink_mode=False)
        cb.times = cb.times[window - 1 :: window]
    ms_per_step = statistics.median(np.diff(cb.times)) / window * 1e3
    loss = float(model.train_network.network(*next(data.create_tuple_iterator())).asnumpy())
    rss = (
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    )  # peak, in MB (ru_maxrss is KiB on Linux)
    print(
        json.dumps(
            {
                "ms_per_step": ms_per_step,
                "loss": loss,
                "peak_rss_mb": rss,
                "peak_device_mb": peak_device_mb(),
                "device": str(ms.context.device()),
            }
        )
    )


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], a[1], int(a[2]), int(a[3]) if len(a) > 3 else 500)
