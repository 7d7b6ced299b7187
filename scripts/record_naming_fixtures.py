"""Record MindSpore's Parameter names of nested cells and train wrappers (``naming``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_naming_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import numpy as np
from fixture_recording import F32, record, run_groups
from mindspore import Parameter, Tensor, nn


class Inner(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 4)
        self.bn = nn.BatchNorm1d(4)

    def construct(self, x):
        return self.bn(self.fc(x))


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.scale = Parameter(Tensor(np.ones(4, F32)), name="scale")
        self.offset = Parameter(Tensor(np.zeros(4, F32)), name="my_offset")
        self.frozen = Parameter(Tensor(np.zeros(4, F32)), name="frozen", requires_grad=False)
        self.block = Inner()
        self.head = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU()])

    def construct(self, x):
        return self.head(self.block(x) * self.scale + self.offset + self.frozen)


NAMING_DESC = (
    "Outer(nn.Cell): scale=Parameter(ones(4), name='scale'); offset=Parameter(zeros(4), "
    "name='my_offset'); frozen=Parameter(zeros(4), name='frozen', requires_grad=False); "
    "block=Inner(fc=nn.Dense(4,4), bn=nn.BatchNorm1d(4)); "
    "head=nn.SequentialCell([nn.Dense(4,3), nn.ReLU()])"
)


def naming_cases():
    G = "naming"

    def N(name, get, notes):
        def fn():
            names = get()
            return {"api": "naming", "net": NAMING_DESC, "notes": notes}, {
                "names": np.array(names, dtype=np.str_)
            }

        record(G, name, fn)

    N("outer_trainable_params", lambda: [p.name for p in Outer().trainable_params()], "p.name")
    N("outer_get_parameters", lambda: [p.name for p in Outer().get_parameters()], "p.name")
    N(
        "outer_parameters_and_names",
        lambda: [n for n, _ in Outer().parameters_and_names()],
        "keys of parameters_and_names()",
    )
    N(
        "outer_parameters_dict",
        lambda: list(Outer().parameters_dict().keys()),
        "keys of parameters_dict()",
    )
    N(
        "inner_standalone_get_parameters",
        lambda: [p.name for p in Inner().get_parameters()],
        "Inner() alone",
    )
    N(
        "batchnorm_standalone_get_parameters",
        lambda: [p.name for p in nn.BatchNorm2d(3).get_parameters()],
        "nn.BatchNorm2d(3) alone: Parameter.name vs attribute",
    )
    N(
        "batchnorm_standalone_parameters_and_names",
        lambda: [n for n, _ in nn.BatchNorm2d(3).parameters_and_names()],
        "nn.BatchNorm2d(3) alone",
    )
    N(
        "cells_and_names",
        lambda: [n for n, _ in Outer().cells_and_names()],
        "keys of cells_and_names()",
    )

    def train_net():
        net = Outer()
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        return nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)

    N(
        "train_net_trainable_params",
        lambda: [p.name for p in train_net().trainable_params()],
        "TrainOneStepCell(WithLossCell(Outer(), SCE), Momentum(...)).trainable_params()",
    )
    N(
        "train_net_get_parameters",
        lambda: [p.name for p in train_net().get_parameters()],
        "TrainOneStepCell(...).get_parameters() incl. optimizer state",
    )
    N(
        "train_net_parameters_and_names",
        lambda: [n for n, _ in train_net().parameters_and_names()],
        "TrainOneStepCell(...).parameters_and_names() keys",
    )
    N(
        "with_loss_get_parameters",
        lambda: [
            p.name
            for p in nn.WithLossCell(Outer(), nn.SoftmaxCrossEntropyWithLogits()).get_parameters()
        ],
        "WithLossCell(Outer(), SCE).get_parameters()",
    )


GROUPS = {"naming": naming_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
