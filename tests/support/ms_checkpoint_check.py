"""Run by real MindSpore ($DEEPSINK_MINDSPORE_PYTHON): load checkpoints deepsink wrote, evaluate.

usage: ms_checkpoint_check.py FOLDER   (FOLDER holds m.ckpt, m.safetensors, e.ckpt, x.npy, y.npy)

Builds MindSpore's MLP (Dense 6-8, ReLU, Dense 8-3) with Momentum, loads each file with
load_checkpoint + load_param_into_net into the training network, and prints one JSON line:
{file: {param_not_load, ckpt_not_load, global_step, logits, accuracy}}.
"""

import json
import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import nn

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(6, 8)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def main():
    folder = Path(sys.argv[1])
    x = np.load(folder / "x.npy")
    y = np.load(folder / "y.npy")
    out = {}
    for name, kw in (
        ("m.ckpt", {}),
        ("m.safetensors", {"format": "safetensors"}),
        ("e.ckpt", {"dec_key": b"z" * 16}),
    ):
        net = MLP()
        opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
        params = ms.load_checkpoint(str(folder / name), **kw)
        not_loaded, ckpt_rest = ms.load_param_into_net(train, params)
        logits = net(ms.Tensor(x)).asnumpy()
        out[name] = {
            "param_not_load": list(not_loaded),
            "ckpt_not_load": list(ckpt_rest),
            "global_step": int(opt.global_step.asnumpy()[0]),
            "logits": logits.tolist(),
            "accuracy": float(np.mean(logits.argmax(1) == y)),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
