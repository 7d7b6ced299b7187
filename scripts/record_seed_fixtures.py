"""Record MindSpore's the ReLU/ReduceMean/Dense program in PyNative and Graph mode (``seed``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_seed_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import contextlib
import io

import mindspore as ms
import numpy as np
from fixture_recording import F32, record, run_groups
from mindspore import Tensor, nn, ops


class ReLUReduceMeanDense(nn.Cell):
    def __init__(self, kernel, bias, in_channel, num_class):
        super().__init__()
        self.relu = ops.ReLU()
        self.mean = ops.ReduceMean(keep_dims=False)
        self.dense = nn.Dense(in_channel, num_class, kernel, bias)

    def construct(self, x):
        x = self.relu(x)
        x = self.mean(x, (2, 3))
        x = self.dense(x)
        return x


def seed003_cases():
    for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):

        def fn(mode_name=mode_name, mode=mode):
            ms.set_context(mode=mode)
            weight = Tensor(np.ones((1000, 2048), F32))
            bias = Tensor(np.ones((1000,), F32))
            net = ReLUReduceMeanDense(weight, bias, 2048, 1000)
            criterion = nn.SoftmaxCrossEntropyWithLogits(sparse=False)
            optimizer = nn.Momentum(
                learning_rate=0.1,
                momentum=0.1,
                params=filter(lambda x: x.requires_grad, net.get_parameters()),
            )
            net_with_criterion = nn.WithLossCell(net, criterion)
            train_network = nn.TrainOneStepCell(net_with_criterion, optimizer)
            train_network.set_train()
            input_np = np.random.RandomState(3).randn(32, 2048, 7, 7).astype(F32)
            label = Tensor(np.zeros((32, 1000), F32))
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                loss = train_network(Tensor(input_np), label)
                print("-------loss------", loss)
            w = net.dense.weight.asnumpy()
            spec = {
                "api": "seed003",
                "mode": mode_name.upper(),
                "train": True,
                "input": "np.random.RandomState(3).randn(32, 2048, 7, 7).astype(np.float32)",
                "notes": 'program 1 of the "Training" guide (examples/seed003_*.py; weights ones(1000,2048), bias ones(1000), labels '
                "zeros(32,1000), Momentum(lr=0.1, momentum=0.1), one TrainOneStepCell step). "
                "The input is not stored (13 MB): regenerate it from 'input'.",
            }
            arrays = {
                "loss": loss.asnumpy(),
                "printed": buf.getvalue(),
                "after_weight_sum": np.array(w.astype(np.float64).sum()),
                "after_weight_row0": w[0].copy(),
                "after_weight_col_sums": w.astype(np.float64).sum(0),
                "after_bias": net.dense.bias.asnumpy().copy(),
                "input_mean_features": np.maximum(input_np, 0).mean(axis=(2, 3)),
            }
            return spec, arrays

        record("seed", f"program1_{mode_name}", fn)


GROUPS = {"seed": seed003_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
