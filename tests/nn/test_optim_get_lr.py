"""A custom optimizer on ``nn.Optimizer``: ``get_lr`` does not move ``global_step`` (MindSpore's
built-in optimizers step it, a custom ``construct`` that calls ``get_lr`` stays at step 0), and
a subclass's own ``get_lr`` that steps it with the Optimizer's names (mindcv's ``AdamW``:
``_is_dynamic_lr_or_weight_decay``, ``assignadd``, ``global_step_increase_tensor``) walks its
schedule. The expected values are what MindSpore 2.10 gives in PyNative mode for these classes."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn


class PlainSGD(nn.Optimizer):
    def construct(self, gradients):
        lr = self.get_lr()
        for p, g in zip(self.parameters, gradients):
            p.set_data(p - lr * g)
        return True


class OwnGetLr(PlainSGD):
    # mindcv's AdamW.get_lr, on the Optimizer's private names
    def get_lr(self):
        lr = self.learning_rate
        if self.dynamic_lr:
            lr = self.learning_rate(self.global_step).reshape(())
        if self._is_dynamic_lr_or_weight_decay():
            self.assignadd(self.global_step, self.global_step_increase_tensor)
        return lr


@pytest.mark.parametrize(
    "cls, lr, weight, step",
    [
        (PlainSGD, [0.1, 0.01, 0.001], [0.7, 0.4], 0),
        (PlainSGD, 0.1, [0.7, 0.4], 0),
        (OwnGetLr, [0.1, 0.01, 0.001], [0.889, 0.778], 3),
        (OwnGetLr, 0.1, [0.7, 0.4], 0),
    ],
    ids=["get_lr-schedule", "get_lr-fixed", "own_get_lr-schedule", "own_get_lr-fixed"],
)
def test_custom_optimizer_global_step(cls, lr, weight, step):
    net = nn.Dense(2, 1, weight_init="ones", has_bias=False)
    opt = cls(lr, net.trainable_params())
    for _ in range(3):
        opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
    np.testing.assert_allclose(net.weight.asnumpy(), [weight], rtol=1e-6)
    assert opt.global_step.asnumpy().tolist() == [step]
