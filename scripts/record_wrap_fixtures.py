"""Record MindSpore's training wrappers (``wrap``) into ``tests/fixtures/ms/``: what
TrainOneStepCell and WithEvalCell return and how one step moves the parameters.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_wrap_fixtures.py

Every case is ``nn.Dense(4, 3)`` with ``param:weight``/``param:bias`` from the case's seed, inputs
``x`` (8, 4) and one-hot labels ``y`` (8, 3); ``out:*`` are the outputs, ``after:*`` the
parameters after the call.
"""

from __future__ import annotations

import numpy as np
from fixture_recording import randn, record, run_groups, seed_of
from mindspore import Tensor, nn


def wrap_cases():
    G = "wrap"

    def case(name, build, notes):
        def fn():
            rs = np.random.RandomState(seed_of(G, name))
            net = nn.Dense(4, 3)
            w, b = randn(rs, 3, 4, scale=0.5), randn(rs, 3, scale=0.5)
            net.weight.set_data(Tensor(w))
            net.bias.set_data(Tensor(b))
            x = randn(rs, 8, 4)
            y = np.eye(3, dtype=np.float32)[rs.randint(0, 3, size=8)]
            cell = build(net)
            out = cell(Tensor(x), Tensor(y))
            outs = out if isinstance(out, tuple) else (out,)
            arrays = {"param:weight": w, "param:bias": b, "x": x, "y": y}
            for i, o in enumerate(outs):
                arrays[f"out:{i}"] = o.asnumpy()
            arrays["after:weight"] = net.weight.asnumpy()
            arrays["after:bias"] = net.bias.asnumpy()
            return {"api": type(cell).__name__, "notes": notes}, arrays

        record(G, name, fn)

    case(
        "train_nonscalar_loss",
        lambda net: nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits()),
            nn.SGD(net.trainable_params(), 0.1),
        ),
        "SoftmaxCrossEntropyWithLogits(reduction='none'): per-sample loss, sens = ones; SGD(0.1)",
    )
    case(
        "train_sens_2",
        lambda net: nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.MSELoss()),
            nn.Momentum(net.trainable_params(), 0.1, 0.9),
            sens=2.0,
        ),
        "TrainOneStepCell(sens=2.0): gradients scaled by 2; MSELoss, Momentum(0.1, 0.9)",
    )
    case(
        "eval_cell",
        lambda net: nn.WithEvalCell(net, nn.MSELoss()),
        "WithEvalCell(net, MSELoss()): (loss, outputs, label)",
    )


GROUPS = {"wrap": wrap_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
