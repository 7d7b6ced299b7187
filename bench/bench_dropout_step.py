"""A/B timing of a Dropout-heavy compiled training step between two checkouts.

usage: python bench/bench_dropout_step.py A_DIR B_DIR [--steps N] [--repeats R]
                                           [--width W] [--batch B]

The step: an MLP of four Dense(W)+ReLU+Dropout(p=0.3) blocks over a batch of B, softmax
cross-entropy, Momentum, ``TrainOneStepCell`` in GRAPH_MODE; four Dropout masks of B x W per
step (a narrow, tall MLP makes the masks a large share of the step). Each checkout runs in its own process with that checkout first on PYTHONPATH, alternating
A and B per repeat so load drifts on a shared machine hit both alike; reports the medians of
ms/step (after a warm-up) and the B/A ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_STEP = r"""
import json, sys, time
import numpy as np
import deepsink as ms
from deepsink import nn, ops, Tensor
ms.set_seed(1)
ms.set_context(mode=ms.GRAPH_MODE)
blocks = []
width, batch = int(sys.argv[2]), int(sys.argv[3])
for i in range(4):
    blocks += [nn.Dense(width, width), nn.ReLU(), nn.Dropout(p=0.3)]
net = nn.SequentialCell(*blocks, nn.Dense(width, 10))
loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
step.set_train()
x = Tensor(np.random.RandomState(0).randn(batch, width).astype(np.float32))
y = Tensor(np.random.RandomState(1).randint(0, 10, batch).astype(np.int32))
for _ in range(5):
    step(x, y).asnumpy()
n = int(sys.argv[1])
t = time.perf_counter()
for _ in range(n):
    out = step(x, y)
out.asnumpy()
print(json.dumps({"ms_per_step": (time.perf_counter() - t) / n * 1000}))
"""


def _run(tree: str, steps: int, width: int, batch: int) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    cmd = [sys.executable, "-c", _STEP, str(steps), str(width), str(batch)]
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["ms_per_step"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--width", type=int, default=64)
    ap.add_argument("--batch", type=int, default=4096)
    args = ap.parse_args()
    times: dict[str, list[float]] = {"a": [], "b": []}
    for _ in range(args.repeats):
        for side in ("a", "b"):
            times[side].append(_run(getattr(args, side), args.steps, args.width, args.batch))
    med = {k: statistics.median(v) for k, v in times.items()}
    print(json.dumps({"ms_per_step": times, "median": med, "b_over_a": med["b"] / med["a"]}))


if __name__ == "__main__":
    main()
