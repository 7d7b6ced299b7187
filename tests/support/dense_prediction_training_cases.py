"""``TrainOneStepCell`` on networks whose loss takes 4-D (per-pixel) logits: a 1x1 convolution
trained for three SGD steps with ``SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')``
on channels-last logits, ``CrossEntropyLoss`` and ``NLLLoss`` on (N, C, H, W) logits, and the
losses that refuse such logits. ``scripts/record_dense_prediction_training_fixtures.py`` records
them under MindSpore 2.10; ``tests/nn/test_dense_prediction_training.py`` replays them."""

from __future__ import annotations

import numpy as np


def cases(ms) -> dict:
    """Name -> callable of no argument returning ``{"losses": [...], "weight": [...]}``."""
    nn, ops = ms.nn, ms.ops
    rng = np.random.RandomState(7)
    x = rng.randn(2, 2, 4, 4).astype(np.float32)
    y = (np.arange(32).reshape(2, 4, 4) % 3).astype(np.int32)
    w0 = (rng.randn(3, 2, 1, 1) * 0.5).astype(np.float32)

    class Seg(nn.Cell):
        def __init__(self, channels_last):
            super().__init__()
            self.conv = nn.Conv2d(
                2, 3, 1, weight_init=ms.Tensor(w0), has_bias=True, bias_init="zeros"
            )
            self.channels_last = channels_last

        def construct(self, a):
            out = self.conv(a)
            return ops.transpose(out, (0, 2, 3, 1)) if self.channels_last else out

    def train(loss, channels_last=False, steps=3):
        def run():
            net = Seg(channels_last)
            step = nn.TrainOneStepCell(
                nn.WithLossCell(net, loss()), nn.SGD(net.trainable_params(), 0.5)
            )
            losses = [float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy()) for _ in range(steps)]
            weight = net.conv.weight.asnumpy().ravel().tolist() + net.conv.bias.asnumpy().tolist()
            return {"losses": losses, "weight": weight}

        return run

    return {
        "sparse_softmax_mean_channels_last": train(
            lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), True
        ),
        "sparse_softmax_sum_channels_last": train(
            lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="sum"), True, 1
        ),
        "dense_softmax_mean_channels_last": lambda: train(
            lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean"), True, 1
        )(),
        "cross_entropy_nchw": train(lambda: nn.CrossEntropyLoss()),
        "cross_entropy_nchw_sum": train(lambda: nn.CrossEntropyLoss(reduction="sum")),
        "nll_nchw": train(lambda: nn.NLLLoss()),
    }


def outcome(fn) -> dict:
    """The losses and trained weights, or the exception type."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception
        return {"error": type(e).__name__}
