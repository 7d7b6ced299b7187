"""The checkpoints deepsink commits for the byte-identity interchange check, built the same way
by deepsink (which writes them) and by MindSpore (which reads them).

``build(module)`` takes ``deepsink`` or ``mindspore``: the API is the same, so one function makes
MindSpore's and deepsink's copy of a Momentum training network (Dense 6-8, ReLU, Dense 8-3) with
fixed weights and optimizer state. ``FILES`` are the save options of each committed file.
``scripts/record_deepsink_ckpt_fixtures.py`` writes the files with deepsink and has MindSpore 2.10
read them (its readings go to ``mindspore_read.json``);
``tests/train/test_ckpt_bytes_read_by_mindspore.py`` checks that deepsink still writes exactly
those bytes.
"""

from __future__ import annotations

import numpy as np

FILES = {
    "mlp.ckpt": {},
    "mlp_crc.ckpt": {"crc_check": True},
    "mlp.safetensors": {"format": "safetensors"},
    "mlp_append.ckpt": {"append_dict": {"epoch_num": 3, "step_num": 12}},
}
GLOBAL_STEP = 4


def inputs() -> np.ndarray:
    return np.random.RandomState(5).randn(16, 6).astype(np.float32)


def build(ms):
    """(train_net, net) of ``ms`` with the fixed values; ``ms`` is deepsink or mindspore."""
    nn = ms.nn

    class MLP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(6, 8)
            self.relu = nn.ReLU()
            self.fc2 = nn.Dense(8, 3)

        def construct(self, x):
            return self.fc2(self.relu(self.fc1(x)))

    net = MLP()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    rs = np.random.RandomState(27)
    for p in sorted(train.get_parameters(), key=lambda p: p.name):
        if p.name.startswith(("fc", "moments.")):
            p.set_data(ms.Tensor(rs.randn(*p.shape).astype(np.float32) * 0.5))
        elif p.name == "global_step":
            p.set_data(ms.Tensor(np.array([GLOBAL_STEP], np.int32)))
    return train, net
