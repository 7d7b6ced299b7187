"""mint layers and optimizers training: ``value_and_grad`` loops (eager and ``jit``),
GRAPH_MODE, ``Model`` with a ``TrainOneStepCell`` in the sunk loop, BatchNorm's running
statistics, learning-rate changes, PyTorch's parameter names and mint's error types."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import Tensor, mint, nn
from deepsink.mint import nn as mnn

RNG = np.random.default_rng(0)
X = RNG.normal(size=(64, 4)).astype(np.float32)
Y = (X @ np.array([1.0, -2.0, 0.5, 3.0], np.float32) > 0).astype(np.int64)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = mnn.Linear(4, 16)
        self.bn = mnn.BatchNorm1d(16)
        self.act = mnn.GELU()
        self.fc2 = mnn.Linear(16, 2)

    def construct(self, x):
        return self.fc2(self.act(self.bn(self.fc1(x))))


def _loop(opt_factory, steps=30, compiled=True):
    ms.set_seed(1)
    net = Net()
    net.set_train(True)
    opt = opt_factory(net.trainable_params())

    def forward(x, y):
        return mint.nn.functional.cross_entropy(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    step = ms.jit(step) if compiled else step
    x, y = Tensor(X), Tensor(Y)
    first = float(step(x, y).asnumpy())
    for _ in range(steps):
        last = float(step(x, y).asnumpy())
    return first, last, net


@pytest.mark.parametrize(
    "factory",
    [
        lambda p: mint.optim.AdamW(p, lr=0.02),
        lambda p: mint.optim.Adam(p, lr=0.02, amsgrad=True),
        lambda p: mint.optim.SGD(p, lr=0.1, momentum=0.9, nesterov=True),
        lambda p: mint.optim.FusedAdamW(p, lr=0.02),
    ],
    ids=["AdamW", "Adam", "SGD", "FusedAdamW"],
)
def test_value_and_grad_loop_learns(factory):
    first, last, _ = _loop(factory)
    assert last < first * 0.6


def test_eager_and_compiled_steps_agree():
    a = _loop(lambda p: mint.optim.AdamW(p, lr=0.02), steps=3, compiled=False)
    b = _loop(lambda p: mint.optim.AdamW(p, lr=0.02), steps=3, compiled=True)
    np.testing.assert_allclose(a[1], b[1], rtol=1e-4)


def test_batchnorm_running_stats_update_under_jit():
    _, _, net = _loop(lambda p: mint.optim.SGD(p, lr=0.01), steps=2)
    assert not np.allclose(net.bn.running_mean.asnumpy(), 0)
    assert int(net.bn.num_batches_tracked.asnumpy()) == 3


def test_pytorch_parameter_names():
    assert sorted(Net().parameters_dict()) == [
        "bn.bias",
        "bn.num_batches_tracked",
        "bn.running_mean",
        "bn.running_var",
        "bn.weight",
        "fc1.bias",
        "fc1.weight",
        "fc2.bias",
        "fc2.weight",
    ]
    w = ms.Parameter(Tensor(np.ones(2, np.float32)), name="w")
    assert sorted(mint.optim.AdamW([w]).parameters_dict()) == [
        "exp_avg.w",
        "exp_avg_sq.w",
        "state_step",
        "w",
    ]


def test_changing_the_learning_rate_between_steps():
    w = ms.Parameter(Tensor(np.ones(2, np.float32)), name="w")
    opt = mint.optim.SGD([w], lr=0.1)
    opt((Tensor(np.ones(2, np.float32)),))
    opt.param_groups[0]["lr"] = 0.5
    opt((Tensor(np.ones(2, np.float32)),))
    np.testing.assert_allclose(w.asnumpy(), [0.4, 0.4], rtol=1e-6)


def test_graph_mode_forward_matches_pynative():
    net = Net()
    net.set_train(False)
    x = Tensor(X[:8])
    eager = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = net(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(graph, eager, rtol=1e-5, atol=1e-6)


def test_model_with_a_mint_optimizer_in_the_sunk_loop():
    ms.set_seed(0)
    net = Net()
    data = ds.NumpySlicesDataset(
        (X, Y.astype(np.int32)), column_names=["x", "y"], shuffle=False
    ).batch(16)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = mint.optim.AdamW(net.trainable_params(), lr=0.02)
    model = ms.Model(nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt))
    net.set_train(False)
    before = float(loss_fn(net(Tensor(X)), Tensor(Y.astype(np.int32))).asnumpy())
    model.train(10, data, dataset_sink_mode=True)
    net.set_train(False)
    after = float(loss_fn(net(Tensor(X)), Tensor(Y.astype(np.int32))).asnumpy())
    assert after < before * 0.7


def test_model_optimizer_argument_takes_nn_optimizers_only():
    net = Net()
    with pytest.raises(TypeError, match="Optimizer"):
        ms.Model(net, nn.MSELoss(), mint.optim.SGD(net.trainable_params(), lr=0.1))


def test_optimizer_argument_errors():
    w = ms.Parameter(Tensor(np.ones(2, np.float32)), name="w")
    with pytest.raises(ValueError, match="Invalid learning rate: -1.0"):
        mint.optim.SGD([w], lr=-1.0)
    with pytest.raises(ValueError, match="Invalid weight_decay value: -0.5"):
        mint.optim.SGD([w], lr=0.1, weight_decay=-0.5)
    with pytest.raises(TypeError, match="'dampening' should be in \\[int, float\\]"):
        mint.optim.SGD([w], lr=0.1, dampening="0")
    with pytest.raises(ValueError, match="betas"):
        mint.optim.Adam([w], betas=(1.5, 0.9))
    with pytest.raises(ValueError, match="gradients"):
        mint.optim.Adam([w])((Tensor(np.ones(2, np.float32)),) * 2)
