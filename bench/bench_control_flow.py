"""A Tensor ``if`` and a bounded ``for``/``break`` in ``construct``, converted from Python source,
against the same network written with ``jax.lax.cond`` by hand, each sunk with
``Model.train(..., dataset_sink_mode=True, sink_size=S)``.

usage: python bench/bench_control_flow.py [--rounds R] [--steps S] [--out FILE]

Both models are compiled first; then their sink chunks run round-robin R times so load drift on a
shared machine hits both alike. Reported: median wall ms/step and process CPU ms/step per variant,
and the number of sink programs each compiled (one each: the converted control flow is part of
the sunk program).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import sys
import time

import jax
import numpy as np
from jax import lax

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn
from deepsink.common.tensor import Tensor

BATCH, FEATURES, HIDDEN = 64, 32, 64


class Converted(nn.Cell):
    """Python control flow on Tensors, as a MindSpore network writes it."""

    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(FEATURES, HIDDEN)
        self.fc2 = nn.Dense(HIDDEN, 1)

    def construct(self, x):
        h = self.fc1(x)
        if h.mean() > 0:
            h = ms.ops.relu(h) * 2
        else:
            h = ms.ops.tanh(h)
        for _ in range(3):
            if h.sum() < 1000:
                break
            h = h * 0.5
        return self.fc2(h)


class HandWritten(Converted):
    """The same computation with lax.cond written by hand (what the conversion should cost)."""

    def construct(self, x):
        h = self.fc1(x)._data
        h = lax.cond(h.mean() > 0, lambda v: jax.nn.relu(v) * 2, jax.numpy.tanh, h)

        def halve(_, carry):
            v, done = carry
            done = done | (v.sum() < 1000)
            return lax.cond(done, lambda: v, lambda: v * 0.5), done

        h, _ = lax.fori_loop(0, 3, halve, (h, jax.numpy.array(False)))
        return self.fc2(Tensor._from(h))


class MSE(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net

    def construct(self, x, t):
        d = self.net(x) - t
        return (d * d).mean()


def dataset(n):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(n * BATCH, FEATURES)).astype(np.float32)
    t = rng.normal(size=(n * BATCH, 1)).astype(np.float32)
    return ds.NumpySlicesDataset((x, t), column_names=["x", "t"], shuffle=False).batch(BATCH)


def cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    data = dataset(args.steps)
    models = {}
    for name, cls in (("converted", Converted), ("hand_lax", HandWritten)):
        ms.set_seed(0)
        net = cls()
        step = nn.TrainOneStepCell(MSE(net), nn.SGD(net.trainable_params(), 0.01))
        models[name] = ms.Model(step)
        models[name].train(1, data, dataset_sink_mode=True, sink_size=args.steps)  # compile
    a, b = ([p.asnumpy() for p in m.train_network.trainable_params()] for m in models.values())
    same = max(float(np.abs(x - y).max()) for x, y in zip(a, b, strict=True))
    wall = {k: [] for k in models}
    cpu = {k: [] for k in models}
    for _ in range(args.rounds):
        for name, model in models.items():
            t0, c0 = time.perf_counter(), cpu_seconds()
            model.train(1, data, dataset_sink_mode=True, sink_size=args.steps)
            wall[name].append((time.perf_counter() - t0) * 1e3 / args.steps)
            cpu[name].append((cpu_seconds() - c0) * 1e3 / args.steps)
    result = {
        "command": "python " + " ".join(sys.argv),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs",
        "jax": jax.__version__,
        "device": str(jax.devices()[0]),
        "steps_per_sink": args.steps,
        "rounds": args.rounds,
        "max_weight_difference_after_first_sink": same,
        "ms_per_step_wall_median": {k: round(statistics.median(v), 4) for k, v in wall.items()},
        "ms_per_step_cpu_median": {k: round(statistics.median(v), 4) for k, v in cpu.items()},
    }
    print(json.dumps(result, indent=1))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
