"""A step skipped for a loss-scale overflow leaves BatchNorm's moving statistics as they were
(issue 23, item 5): MindSpore (CPU, GPU) writes them in the forward pass and keeps a NaN batch's
NaN there, so every later evaluation outputs NaN; deepsink discards them with the step."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn
from deepsink.train.loss_scale_manager import DynamicLossScaleManager


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.bn = nn.BatchNorm1d(4)
        self.out = nn.Dense(4, 2)

    def construct(self, x):
        return self.out(self.bn(self.dense(x)))


def _stats(net):
    return net.bn.moving_mean.asnumpy().copy(), net.bn.moving_variance.asnumpy().copy()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_a_nan_batch_skipped_for_overflow_leaves_batchnorm_statistics(mode):
    ms.set_context(mode=mode)
    net = Net()
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    manager = DynamicLossScaleManager(init_loss_scale=2.0**10, scale_factor=2, scale_window=50)
    step = ms.amp.build_train_network(
        net, opt, nn.MSELoss(), level="O2", loss_scale_manager=manager
    )
    rng = np.random.default_rng(0)
    x = Tensor(rng.standard_normal((8, 4)).astype(np.float32))
    y = Tensor(np.zeros((8, 2), np.float32))
    step(x, y)
    mean, var = _stats(net)
    weights = net.dense.weight.asnumpy().copy()
    bad = Tensor(np.full((8, 4), np.nan, np.float32))
    _, overflow, _ = step(bad, y)
    assert bool(overflow.asnumpy())
    got_mean, got_var = _stats(net)
    np.testing.assert_array_equal(got_mean, mean)  # the skipped step's statistics are discarded
    np.testing.assert_array_equal(got_var, var)
    np.testing.assert_array_equal(net.dense.weight.asnumpy(), weights)
    step(x, y)  # training goes on, statistics move again
    assert not np.array_equal(_stats(net)[0], mean)
    net.set_train(False)
    assert np.isfinite(net(x).asnumpy()).all()  # evaluation after the skipped step
