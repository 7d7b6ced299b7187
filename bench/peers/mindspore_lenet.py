"""The LeNet5/MNIST job of MindSpore's "Sinking Mode" tutorial on real MindSpore (run with a
MindSpore virtualenv's python).

usage: python mindspore_lenet.py MNIST_RAW_DIR sink|nosink STEPS -> one JSON line
MNIST_RAW_DIR holds train/ with the uncompressed idx files (MindSpore cannot read .gz).
"""

import json
import os
import resource
import sys
import time

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
import mindspore.nn as nn
import mindspore.ops as ops
import numpy as np
from mindspore.common.initializer import TruncatedNormal
from mindspore.dataset.vision import Inter


def create_dataset(path, batch_size=32):
    d = ds.MnistDataset(path)
    d = d.map(input_columns="label", operations=transforms.TypeCast(ms.int32))
    d = d.map(input_columns="image", operations=vision.Resize((32, 32), interpolation=Inter.LINEAR))
    d = d.map(input_columns="image", operations=vision.Rescale(1.0 / 255.0, 0.0))
    d = d.map(input_columns="image", operations=vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081))
    d = d.map(input_columns="image", operations=vision.HWC2CHW())
    return d.shuffle(buffer_size=10000).batch(batch_size, drop_remainder=True)


class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        tn = TruncatedNormal(0.02)
        self.conv1 = nn.Conv2d(1, 6, 5, weight_init=tn, has_bias=False, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, weight_init=tn, has_bias=False, pad_mode="valid")
        self.fc1, self.fc2, self.fc3 = (
            nn.Dense(400, 120, tn, tn),
            nn.Dense(120, 84, tn, tn),
            nn.Dense(84, 10, tn, tn),
        )
        self.relu, self.pool, self.reshape = (
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2, stride=2),
            ops.Reshape(),
        )

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.reshape(x, (32, -1))
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


class StepTimes(ms.Callback):
    def __init__(self):
        self.times = []

    def on_train_step_end(self, run_context):
        self.times.append(time.perf_counter())


def main(root, sink, steps):
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
    data = create_dataset(os.path.join(root, "train"))
    net = LeNet5()
    model = ms.Model(
        net,
        nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
    )
    cb = StepTimes()
    window = 100
    model.train(1, data.take(steps + window), callbacks=[cb], dataset_sink_mode=sink == "sink")
    t = np.array(cb.times[window - 1 :: window])
    print(
        json.dumps(
            {
                "ms_per_step": float(np.median(np.diff(t))) / window * 1e3,
                "mindspore": ms.__version__,
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
