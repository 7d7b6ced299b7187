"""Seed 003, first program: a custom training network (ReLU, ReduceMean, Dense) trained one step
with SoftmaxCrossEntropyWithLogits, Momentum over a filter() of the parameters, WithLossCell and
TrainOneStepCell, in PYNATIVE and GRAPH mode.

The printed line is MindSpore 2.10's (``[-0. -0. ...]``: all-zero labels give a loss of -0.),
read from the recording. The updated weights are compared with what MindSpore 2.10 computed (fixtures/ms/seed):
with all-zero labels the loss is 0 but the gradient is softmax(logits), so the weights move.
"""

from pathlib import Path

import numpy as np
import pytest

from deepsink import context, ops
from deepsink.common.tensor import Tensor
from deepsink.nn import (
    Cell,
    Dense,
    Momentum,
    SoftmaxCrossEntropyWithLogits,
    TrainOneStepCell,
    WithLossCell,
)

FIXTURES = Path(__file__).parent / "fixtures" / "ms" / "seed"


class ReLUReduceMeanDense(Cell):
    def __init__(self, kernel, bias, in_channel, num_class):
        super().__init__()
        self.relu = ops.ReLU()
        self.mean = ops.ReduceMean(keep_dims=False)
        self.dense = Dense(in_channel, num_class, kernel, bias)

    def construct(self, x):
        x = self.relu(x)
        x = self.mean(x, (2, 3))
        x = self.dense(x)
        return x


def _program(input_np):
    weight_np = np.ones((1000, 2048)).astype(np.float32)
    weight = Tensor(weight_np.copy())
    bias_np = np.ones((1000,)).astype(np.float32)
    bias = Tensor(bias_np.copy())
    net = ReLUReduceMeanDense(weight, bias, 2048, 1000)
    criterion = SoftmaxCrossEntropyWithLogits(sparse=False)
    optimizer = Momentum(
        learning_rate=0.1,
        momentum=0.1,
        params=filter(lambda x: x.requires_grad, net.get_parameters()),
    )
    net_with_criterion = WithLossCell(net, criterion)
    train_network = TrainOneStepCell(net_with_criterion, optimizer)
    train_network.set_train()
    input = Tensor(input_np.copy())
    label_np_onehot = np.zeros(shape=(32, 1000)).astype(np.float32)
    label = Tensor(label_np_onehot.copy())
    for _ in range(1):
        loss = train_network(input, label)
        print("-------loss------", loss)
    return net


@pytest.mark.parametrize(
    "mode,case",
    [(context.PYNATIVE_MODE, "program1_pynative"), (context.GRAPH_MODE, "program1_graph")],
)
def test_seed003_program1(mode, case, capsys):
    context.set_context(mode=mode)
    input_np = np.random.RandomState(3).randn(32, 2048, 7, 7).astype(np.float32)
    net = _program(input_np)
    ref = np.load(FIXTURES / f"{case}.npz")
    assert capsys.readouterr().out == str(ref["printed"])
    weight = net.dense.weight.asnumpy()
    np.testing.assert_allclose(weight[0], ref["after_weight_row0"], rtol=1e-5)
    np.testing.assert_allclose(
        weight.sum(0, dtype=np.float64), ref["after_weight_col_sums"], rtol=1e-5
    )
    np.testing.assert_allclose(weight.sum(dtype=np.float64), ref["after_weight_sum"], rtol=1e-6)
    np.testing.assert_allclose(net.dense.bias.asnumpy(), ref["after_bias"], rtol=1e-5, atol=1e-6)
