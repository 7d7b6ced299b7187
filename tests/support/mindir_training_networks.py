"""Networks whose MindIR export ``scripts/record_mindir_training_exports.py`` runs on MindSpore
2.10 and ``tests/train/test_mindir_training_export.py`` runs on deepsink: training steps (the
gradients of strided/padded convolutions, pooling and a sparse cross-entropy, with Momentum,
Adam after a global-norm clip, a dynamic loss scale), a dynamic-shape input and a ``mutable``
list input. ``ms`` is the deepsink module (the recorder and the test both export with deepsink).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

X_SHAPE = (2, 3, 12, 12)
LABELS = np.array([1, 3], np.int32)
BATCHES = (1, 3, 5)  # the batch sizes a dynamic-shape file is run at
TRAIN = ("momentum", "adam_clip", "loss_scale")


def _classifier(ms: Any) -> Any:
    nn, ops = ms.nn, ms.ops

    class Block(nn.Cell):
        """A residual block: a strided padded conv, a "same" conv, BatchNorm, a 1x1 shortcut."""

        def __init__(self) -> None:
            super().__init__()
            self.c1 = nn.Conv2d(4, 6, 3, stride=2, pad_mode="pad", padding=1, has_bias=False)
            self.b1 = nn.BatchNorm2d(6)
            self.c2 = nn.Conv2d(6, 6, 3, pad_mode="same", has_bias=False)
            self.down = nn.Conv2d(4, 6, 1, stride=2, has_bias=False)
            self.relu = nn.ReLU()

        def construct(self, x: Any) -> Any:
            out = self.c2(self.relu(self.b1(self.c1(x))))
            out += self.down(x)
            return self.relu(out)

    class Net(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.stem = nn.Conv2d(3, 4, 3, pad_mode="pad", padding=1)
            self.pool = nn.MaxPool2d(3, 2, pad_mode="same")
            self.block = Block()
            self.avg = nn.AvgPool2d(2, 2)
            self.fc = nn.Dense(6, 5)

        def construct(self, x: Any) -> Any:
            x = self.block(self.pool(self.stem(x)))
            return self.fc(ops.mean(self.avg(x), (2, 3)))

    return Net


def train_step(ms: Any, kind: str) -> Any:
    """The training step ``kind``: ``momentum``, ``adam_clip`` or ``loss_scale``."""
    nn, ops = ms.nn, ms.ops

    class ClipStep(nn.TrainOneStepCell):
        """Gradients clipped to global norm 1 before the optimizer."""

        def construct(self, *inputs: Any) -> Any:
            loss = self.network(*inputs)
            grads = self.grad(self.network, self.weights)(*inputs, ops.ones_like(loss))
            self.optimizer(ops.clip_by_global_norm(grads, 1.0))
            return loss

    ms.set_seed(1)
    net = _classifier(ms)()
    loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    params = net.trainable_params()
    if kind == "momentum":
        step = nn.TrainOneStepCell(loss, nn.Momentum(params, 0.01, 0.9, weight_decay=1e-4))
    elif kind == "adam_clip":
        step = ClipStep(loss, nn.Adam(params, 0.001))
    else:
        scale = nn.DynamicLossScaleUpdateCell(
            loss_scale_value=2**12, scale_factor=2, scale_window=2
        )
        step = nn.TrainOneStepWithLossScaleCell(loss, nn.Momentum(params, 0.01, 0.9), scale)
    step.set_train()
    return step


def train_input() -> np.ndarray:
    return np.random.default_rng(7).standard_normal(X_SHAPE).astype(np.float32)


def dynamic_dense(ms: Any) -> Any:
    """A Dense network on a (batch, 2, 3) input, reshaped by the batch it gets."""
    nn, ops = ms.nn, ms.ops

    class Net(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.fc = nn.Dense(3, 4)
            self.relu = nn.ReLU()

        def construct(self, x: Any) -> Any:
            return ops.reshape(self.relu(self.fc(x)), (-1, 8)).sum(1) * 2

    ms.set_seed(1)
    return Net()


def shape_plus_one(ms: Any) -> Any:
    """MindSpore's dynamic-shape test network: its input's shape with a 1 appended."""

    class Net(ms.nn.Cell):
        def construct(self, x: Any) -> Any:
            return x.shape + (1,)

    return Net()


def list_sum(ms: Any) -> Any:
    """A network of one ``mutable`` list input."""

    class Net(ms.nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.relu = ms.nn.ReLU()

        def construct(self, xs: Any) -> Any:
            return self.relu(xs[0] * 2 - xs[1])

    return Net()


def batch_input(batch: int) -> np.ndarray:
    return np.linspace(-3, 3, batch * 6, dtype=np.float32).reshape(batch, 2, 3)


def list_inputs() -> list[np.ndarray]:
    rng = np.random.default_rng(3)
    return [rng.standard_normal((2, 3)).astype(np.float32) for _ in range(2)]


def export_all(ms: Any, folder: Path) -> dict:
    """Export every network into ``folder``; the calls MindSpore makes on each file (lists of
    ``.npy`` paths; a list inside a call is a ``mutable`` list input)."""
    x, y = train_input(), LABELS
    np.save(folder / "x.npy", x)
    np.save(folder / "y.npy", y)
    calls = {}
    for kind in TRAIN:
        ms.export(train_step(ms, kind), ms.Tensor(x), ms.Tensor(y),
                  file_name=str(folder / kind), file_format="MINDIR")  # fmt: skip
        calls[kind] = [[str(folder / "x.npy"), str(folder / "y.npy")]] * 2
    placeholder = ms.Tensor(shape=[None, 2, 3], dtype=ms.float32)
    for b in BATCHES:
        np.save(folder / f"b{b}.npy", batch_input(b))
    for name, build in (("dynamic_dense", dynamic_dense), ("shape_plus_one", shape_plus_one)):
        ms.export(build(ms), placeholder, file_name=str(folder / name), file_format="MINDIR")
        calls[name] = [[str(folder / f"b{b}.npy")] for b in BATCHES]
    items = list_inputs()
    for i, a in enumerate(items):
        np.save(folder / f"item{i}.npy", a)
    ms.export(list_sum(ms), ms.mutable([ms.Tensor(a) for a in items]),
              file_name=str(folder / "list_sum"), file_format="MINDIR")  # fmt: skip
    calls["list_sum"] = [[[str(folder / f"item{i}.npy") for i in range(len(items))]]]
    return calls
