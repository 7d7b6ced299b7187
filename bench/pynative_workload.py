"""A PyNative workload whose cost is XLA compilation, as in an op-by-op test suite: a few hundred
mixed op calls on varied small shapes, and small Cells' forward passes and input gradients, each
shape new to the process. Prints one JSON line: XLA compiles, their seconds, CPU seconds, and the
compiled programs by name (``bench/bench_pynative_compiles.py`` runs it per checkout)."""

from __future__ import annotations

import collections
import json
import sys
import time

import jax
from jax._src import monitoring

jax.config.update("jax_compilation_cache_dir", "")  # every compile is a real one

STATS: collections.Counter = collections.Counter()


def _on_duration(event: str, seconds: float, **_: object) -> None:
    if event.endswith("backend_compile_duration"):
        STATS["compiles"] += 1
        STATS["compile_s"] += seconds
    elif event.endswith("jaxpr_to_mlir_module_duration"):
        STATS["lower_s"] += seconds


monitoring.register_event_duration_secs_listener(_on_duration)

import numpy as np  # noqa: E402

import deepsink as ms  # noqa: E402
from deepsink import Tensor, nn, ops  # noqa: E402


def mixed_ops(rng: np.random.RandomState, n: int) -> None:
    """``ops`` functions on the shapes (n, n + 3) and (2, 3, n, n)."""
    x = Tensor(rng.uniform(-1, 1, (n, n + 3)).astype(np.float32))
    y = Tensor(rng.uniform(0.5, 2, (n, n + 3)).astype(np.float32))
    img = Tensor(rng.uniform(-1, 1, (2, 3, n, n)).astype(np.float32))
    outs = [
        ops.relu(x),
        ops.sigmoid(x),
        ops.tanh(x),
        ops.gelu(x),
        ops.softmax(x, axis=-1),
        ops.log_softmax(x, axis=-1),
        ops.clamp(x, -0.5, 0.5),
        ops.where(x > 0, x, y),
        ops.pow(y, 2.5),
        ops.sqrt(y),
        ops.exp(x) / y,
        ops.matmul(x, ops.transpose(y, (1, 0))),
        ops.mean(x, axis=1, keep_dims=True),
        ops.sum(y, dim=0),
        ops.max(x, axis=1)[0],
        ops.argmax(x, dim=1),
        ops.cumsum(x, axis=1),
        ops.concat((x, y), axis=0),
        ops.stack((x, y)),
        ops.reshape(x, (-1,)),
        ops.square(x - y),
        ops.norm(x),
        ops.layer_norm(x, (n + 3,)),
        ops.max_pool2d(img, 2, 2),
        ops.avg_pool2d(img, 2, 2),
        ops.pad(img, (1, 1, 1, 1)),
        ops.interpolate(img, size=(n + 2, n + 2), mode="bilinear"),
        ops.flatten(img),
        ops.cross_entropy(x, ops.argmax(y, dim=1)),
        ops.mse_loss(x, y),
    ]
    for o in outs:
        o.asnumpy()


class Small(nn.Cell):
    def __init__(self, c: int) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, c, 3, pad_mode="pad", padding=1)
        self.bn = nn.BatchNorm2d(c)
        self.act = nn.ReLU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(c * 4 * 4, 5)

    def construct(self, x: Tensor) -> Tensor:
        return self.fc(self.flat(self.pool(self.act(self.bn(self.conv(x))))))


def cells(rng: np.random.RandomState, c: int) -> None:
    """A small network's forward pass (eval) and a gradient taken once (train)."""
    net = Small(c)
    x = Tensor(rng.uniform(-1, 1, (2, 3, 8, 8)).astype(np.float32))
    net.set_train(False)
    net(x).asnumpy()
    net.set_train(True)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    label = Tensor(np.array([1, 3], np.int32))

    def f(inp: Tensor) -> Tensor:
        return loss(net(inp), label)

    g = ms.grad(f)(x)
    g.asnumpy()
    w = ms.value_and_grad(f, None, net.trainable_params())(x)
    w[0].asnumpy()


def main() -> None:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    rng = np.random.RandomState(0)
    sizes = [int(a) for a in sys.argv[1:]] or [4, 5, 6, 7]
    cpu, wall = time.process_time(), time.perf_counter()
    for n in sizes:
        mixed_ops(rng, n)
    STATS["ops_cpu_s"] = time.process_time() - cpu
    ops_compiles = STATS["compiles"]
    cpu2 = time.process_time()
    for c in sizes:
        cells(rng, c)
    STATS["cells_cpu_s"] = time.process_time() - cpu2
    STATS["cells_compiles"] = STATS["compiles"] - ops_compiles
    STATS["ops_compiles"] = ops_compiles
    STATS["cpu_s"] = time.process_time() - cpu
    STATS["wall_s"] = time.perf_counter() - wall
    print(json.dumps({k: round(v, 3) for k, v in STATS.items()}))


if __name__ == "__main__":
    main()
