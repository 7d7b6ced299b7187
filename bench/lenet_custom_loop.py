"""The LeNet5/MNIST job of MindSpore's "Sinking Mode" tutorial written as MindSpore 2.x's quickstart
custom loop, timed; prints one JSON line.

usage: python lenet_custom_loop.py pynative|jit STEPS

``pynative``: PYNATIVE_MODE, ``grad_fn = ms.value_and_grad(forward_fn, None,
optimizer.parameters, has_aux=True)``, then ``(loss, _), grads = grad_fn(data, label);
optimizer(grads)`` per batch of ``dataset.create_tuple_iterator()``, no ``jit``.
``jit``: the same step as one ``@ms.jit`` function ``train_step(data, label)`` (GRAPH_MODE).
ms/step is the median over 100-step windows after the first window (compilation and warm-up).
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


def main(mode: str, steps: int) -> None:
    ms.set_context(mode=ms.GRAPH_MODE if mode == "jit" else ms.PYNATIVE_MODE)
    ms.set_seed(1)
    window = 100
    data = create_dataset(os.path.join(MNIST, "train"), 32).take(steps + window)
    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), 0.01, 0.9)

    def forward_fn(data, label):
        logits = net(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    step = ms.jit(train_step) if mode == "jit" else train_step
    net.set_train()
    times = []
    loss = None
    for data_, label in data.create_tuple_iterator():
        loss = step(data_, label)
        times.append(time.perf_counter())
    float(loss.asnumpy())  # the last step is done
    times.append(time.perf_counter())
    marks = times[window - 1 :: window]
    ms_per_step = statistics.median(np.diff(marks)) / window * 1e3
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # peak MB (KiB on Linux)
    print(
        json.dumps({"ms_per_step": ms_per_step, "loss": float(loss.asnumpy()), "peak_rss_mb": rss})
    )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
