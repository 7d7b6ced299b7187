"""The main job: the LeNet5 of MindSpore's "Sinking Mode" tutorial, on MNIST in sink mode
(10 epochs x sink_size 1000, batch 32), then accuracy on the MNIST test set. Same program as examples/seed000_sink_mode.py plus the eval.

usage: python examples/lenet_mnist_sink.py [--epochs 10] [--sink-size 1000] [--mode graph|pynative]

Expected output (the loss once per sink; the accuracy is 0.98 or more from run to run):

    ============== Starting Training ==============
    epoch: 1 step: 1000, loss is 2.30...
    ...
    epoch: 10 step: 1000, loss is 0.0...
    training took ... s
    ============== Accuracy:{'acc': 0.98...} ==============
"""

import argparse
import os
import time

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision
import deepsink.nn as nn
import deepsink.ops as ops
from deepsink.common.initializer import TruncatedNormal
from deepsink.dataset.vision import Inter

MNIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "mnist")


def create_dataset(data_path, batch_size=32, repeat_size=1, num_parallel_workers=1):
    """The tutorial's pipeline: resize 32x32 bilinear, rescale, normalise, HWC->CHW, shuffle, batch."""
    mnist_ds = ds.MnistDataset(data_path)
    resize_op = vision.Resize((32, 32), interpolation=Inter.LINEAR)
    rescale_nml_op = vision.Rescale(1 / 0.3081, -1 * 0.1307 / 0.3081)
    rescale_op = vision.Rescale(1.0 / 255.0, 0.0)
    hwc2chw_op = vision.HWC2CHW()
    type_cast_op = transforms.TypeCast(ms.int32)
    w = num_parallel_workers
    mnist_ds = mnist_ds.map(input_columns="label", operations=type_cast_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.map(input_columns="image", operations=resize_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.map(input_columns="image", operations=rescale_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.map(
        input_columns="image", operations=rescale_nml_op, num_parallel_workers=w
    )
    mnist_ds = mnist_ds.map(input_columns="image", operations=hwc2chw_op, num_parallel_workers=w)
    mnist_ds = mnist_ds.shuffle(buffer_size=10000)
    mnist_ds = mnist_ds.batch(batch_size, drop_remainder=True)
    return mnist_ds.repeat(repeat_size)


def conv(in_channels, out_channels, kernel_size):
    return nn.Conv2d(
        in_channels,
        out_channels,
        kernel_size=kernel_size,
        weight_init=TruncatedNormal(0.02),
        has_bias=False,
        pad_mode="valid",
    )


def fc_with_initialize(input_channels, out_channels):
    return nn.Dense(input_channels, out_channels, TruncatedNormal(0.02), TruncatedNormal(0.02))


class LeNet5(nn.Cell):
    def __init__(self, num_class=10):
        super().__init__()
        self.batch_size = 32
        self.conv1 = conv(1, 6, 5)
        self.conv2 = conv(6, 16, 5)
        self.fc1 = fc_with_initialize(16 * 5 * 5, 120)
        self.fc2 = fc_with_initialize(120, 84)
        self.fc3 = fc_with_initialize(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.reshape = ops.Reshape()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.reshape(x, (self.batch_size, -1))
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--sink-size", type=int, default=1000)
    parser.add_argument("--mode", choices=["graph", "pynative"], default="graph")
    parser.add_argument("--no-sink", action="store_true", help="train with dataset_sink_mode=False")
    args = parser.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE if args.mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(1)
    ds_train = create_dataset(os.path.join(MNIST, "train"), 32)
    network = LeNet5(10)
    net_loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    net_opt = nn.Momentum(network.trainable_params(), 0.01, 0.9)
    model = ms.Model(network, net_loss, net_opt, metrics={"acc"})
    print("============== Starting Training ==============")
    start = time.perf_counter()
    model.train(
        epoch=args.epochs,
        train_dataset=ds_train,
        callbacks=[ms.LossMonitor()],
        dataset_sink_mode=not args.no_sink,
        sink_size=args.sink_size,
    )
    print(f"training took {time.perf_counter() - start:.1f} s")
    ds_test = create_dataset(os.path.join(MNIST, "test"), 32)
    acc = model.eval(ds_test, dataset_sink_mode=not args.no_sink)
    print("============== Accuracy:{} ==============".format({k: float(v) for k, v in acc.items()}))


if __name__ == "__main__":
    main()
