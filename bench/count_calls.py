"""Python calls per training step (load-independent): the LeNet job in GRAPH_MODE, non-sink and sunk.

usage: PYTHONPATH=<deepsink tree> python bench/count_calls.py    (prints one JSON line)

Counts every Python and C call on the main thread (``sys.setprofile``) while training 50 and 150
steps; the difference over 100 steps is the per-step cost. Sunk, the count per run must not grow
with sink_size: a sink is one host interaction whatever its length.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

from lenet_mnist_sink import MNIST, LeNet5, create_dataset  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import nn  # noqa: E402


def count(fn) -> int:
    n = [0]

    def prof(frame, event, arg):
        if event in ("call", "c_call"):
            n[0] += 1

    sys.setprofile(prof)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return n[0]


def main() -> None:
    ms.set_context(mode=ms.GRAPH_MODE)
    data = create_dataset(os.path.join(MNIST, "train"), 32)
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    model.train(1, data.take(20), dataset_sink_mode=False)  # compile
    a = count(lambda: model.train(1, data.take(50), dataset_sink_mode=False))
    b = count(lambda: model.train(1, data.take(150), dataset_sink_mode=False))
    model.train(1, data, dataset_sink_mode=True, sink_size=50)  # compile both sink lengths
    model.train(1, data, dataset_sink_mode=True, sink_size=150)
    c = count(lambda: model.train(2, data, dataset_sink_mode=True, sink_size=50))
    d = count(lambda: model.train(2, data, dataset_sink_mode=True, sink_size=150))
    print(
        json.dumps(
            {
                "nonsink_calls_per_step": (b - a) / 100,
                "sink_calls_per_run_sink_size_50": c,
                "sink_calls_per_run_sink_size_150": d,
            }
        )
    )


if __name__ == "__main__":
    main()
