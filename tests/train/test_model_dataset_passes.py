"""How often ``Model.train`` and ``get_dataset_size`` run the user's pipeline: as often as
MindSpore 2.10 does (recorded with 2.10 on this program: a generator of 4 rows, a map with a
dataset callback, batch 2, ``Model.train(2, ...)``: 3 reads of the source (one to size it, one per
epoch), 2 ``ds_epoch_begin``, 8 ``ds_step_begin``, in both sink modes; ``get_dataset_size`` alone
reads the source once and runs neither the map's function nor its callbacks)."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink import dataset as ds
from deepsink import nn
from deepsink.dataset import DSCallback


class _Counting(DSCallback):
    def __init__(self):
        super().__init__()
        self.epochs = self.steps = 0

    def ds_epoch_begin(self, ds_run_context):
        self.epochs += 1

    def ds_step_begin(self, ds_run_context):
        self.steps += 1


def _pipeline():
    seen = {"reads": 0, "maps": 0}

    def gen():
        seen["reads"] += 1
        for i in range(4):
            yield np.full(3, i, np.float32), np.float32(i)

    def ident(x):
        seen["maps"] += 1
        return x

    cb = _Counting()
    data = ds.GeneratorDataset(gen, ["x", "y"], shuffle=False)
    data = data.map(ident, input_columns=["x"], callbacks=cb).batch(2)
    return data, seen, cb


def test_dataset_size_runs_the_source_only():
    data, seen, cb = _pipeline()
    assert data.get_dataset_size() == 2
    assert (seen["reads"], seen["maps"], cb.epochs) == (1, 0, 0)  # as 2.10


@pytest.mark.parametrize("sink", [False, True])
def test_model_train_reads_each_epoch_once(sink):
    data, seen, cb = _pipeline()
    net = nn.Dense(3, 1)
    model = ms.Model(
        nn.WithLossCell(net, nn.MSELoss()), optimizer=nn.SGD(net.trainable_params(), 0.01)
    )
    model.train(2, data, dataset_sink_mode=sink)
    assert (seen["reads"], cb.epochs, cb.steps) == (3, 2, 8)  # as 2.10
    assert seen["maps"] == 8
