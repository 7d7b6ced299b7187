"""``Optimizer.get_lr`` moves ``global_step`` on when the learning rate (or weight decay) is a
schedule, as in MindSpore, so that a custom optimizer's ``construct`` walks its schedule; and the
private names a subclass's own ``get_lr`` uses (mindcv's ``AdamW``: ``_is_dynamic_lr_or_weight_decay``,
``assignadd``, ``global_step_increase_tensor``) are there. The expected values are what MindSpore
2.10 gives in PyNative mode for the same script (weight ``1 - lr0 - lr1 - lr2`` times the gradient)."""

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


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("cls", [PlainSGD, OwnGetLr])
@pytest.mark.parametrize(
    "lr, weight, step",
    [([0.1, 0.01, 0.001], [0.889, 0.778], 3), (0.1, [0.7, 0.4], 0)],
    ids=["schedule", "fixed"],
)
def test_get_lr_steps_a_schedule(mode, cls, lr, weight, step):
    ms.set_context(mode=mode)
    try:
        net = nn.Dense(2, 1, weight_init="ones", has_bias=False)
        opt = cls(lr, net.trainable_params())
        for _ in range(3):
            opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(net.weight.asnumpy(), [weight], rtol=1e-6)
    assert opt.global_step.asnumpy().tolist() == [step]
