"""ResNet-18 for CIFAR-10 shapes (32x32x3), written as a MindSpore user writes it, and a synthetic
CIFAR-shaped dataset to train it on without any download.

The CIFAR variant of ResNet-18: a 3x3 stride-1 stem and no stem max-pool (a 7x7/2 stem and a pool
would shrink 32x32 images to 8x8 before the first stage), then four stages of two basic blocks
(64, 128, 256, 512 channels; stride 2 at the first block of stages 2-4, with a 1x1 convolution and
BatchNorm on the shortcut where the shape changes), global average pooling and a Dense classifier.
With 10 classes it has 11,173,962 trainable parameters, as PyTorch's equivalent
(bench/peers/torch_resnet.py) does.

Initialisation: convolutions He-normal over fan_out for ReLU, BatchNorm gamma 1 / beta 0 (moving
mean 0 / variance 1), Dense with its defaults (weight and bias uniform in +-1/sqrt(in)); the torch
peer uses the same scheme, so both start from the same distribution.

usage: python examples/resnet_cifar.py [--steps 20] [--sink-size 10]   (a short sink-mode run)

Expected output: one loss line per sink, then the time. The run measures the step time: 20 steps
leave the loss near chance on 10 classes (2.30), e.g. 2.25 and 2.28 with the defaults:

    epoch: 1 step: 10, loss is 2.2...
    epoch: 2 step: 10, loss is 2.2...
    training took ... s
"""

import argparse
import time

import numpy as np

import deepsink as ms
import deepsink.dataset as ds
import deepsink.nn as nn
import deepsink.ops as ops
from deepsink.common.initializer import HeNormal

NUM_CLASSES = 10
IMAGE_SHAPE = (3, 32, 32)


def conv3x3(in_channels, out_channels, stride=1):
    return nn.Conv2d(
        in_channels,
        out_channels,
        3,
        stride=stride,
        pad_mode="pad",
        padding=1,
        has_bias=False,
        weight_init=HeNormal(mode="fan_out", nonlinearity="relu"),
    )


def conv1x1(in_channels, out_channels, stride=1):
    return nn.Conv2d(
        in_channels,
        out_channels,
        1,
        stride=stride,
        pad_mode="valid",
        has_bias=False,
        weight_init=HeNormal(mode="fan_out", nonlinearity="relu"),
    )


class BasicBlock(nn.Cell):
    """Two 3x3 convolutions with BatchNorm, added to the input (or to its 1x1 projection when the
    stride or the channel count changes), then ReLU."""

    expansion = 1

    def __init__(self, in_channels, out_channels, stride=1):
        super().__init__()
        self.conv1 = conv3x3(in_channels, out_channels, stride)
        self.bn1 = nn.BatchNorm2d(out_channels, momentum=0.9)
        self.conv2 = conv3x3(out_channels, out_channels)
        self.bn2 = nn.BatchNorm2d(out_channels, momentum=0.9)
        self.relu = nn.ReLU()
        self.down_sample = None
        if stride != 1 or in_channels != out_channels:
            self.down_sample = nn.SequentialCell(
                [conv1x1(in_channels, out_channels, stride), nn.BatchNorm2d(out_channels)]
            )

    def construct(self, x):
        identity = x if self.down_sample is None else self.down_sample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class ResNet(nn.Cell):
    """A CIFAR-style ResNet of ``block``s: ``layer_nums`` blocks per stage."""

    def __init__(self, block, layer_nums, num_classes=NUM_CLASSES):
        super().__init__()
        self.in_channels = 64
        self.conv1 = conv3x3(3, 64)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU()
        self.layer1 = self._make_layer(block, 64, layer_nums[0], stride=1)
        self.layer2 = self._make_layer(block, 128, layer_nums[1], stride=2)
        self.layer3 = self._make_layer(block, 256, layer_nums[2], stride=2)
        self.layer4 = self._make_layer(block, 512, layer_nums[3], stride=2)
        self.mean = ops.ReduceMean(keep_dims=False)
        self.fc = nn.Dense(512 * block.expansion, num_classes)

    def _make_layer(self, block, channels, blocks, stride):
        layers = [block(self.in_channels, channels, stride)]
        self.in_channels = channels * block.expansion
        layers += [block(self.in_channels, channels) for _ in range(1, blocks)]
        return nn.SequentialCell(layers)

    def construct(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(self.mean(x, (2, 3)))


def resnet18(num_classes=NUM_CLASSES):
    return ResNet(BasicBlock, [2, 2, 2, 2], num_classes)


def synthetic_cifar(num_samples, seed=0):
    """CIFAR-shaped float32 images (normalised scale) and int32 labels from a seeded numpy RNG:
    each class is a fixed random prototype image plus noise, so the task is learnable."""
    rng = np.random.default_rng(seed)
    prototypes = rng.standard_normal((NUM_CLASSES, *IMAGE_SHAPE), dtype=np.float32)
    labels = rng.integers(0, NUM_CLASSES, num_samples).astype(np.int32)
    noise = rng.standard_normal((num_samples, *IMAGE_SHAPE), dtype=np.float32)
    images = 0.5 * prototypes[labels] + noise
    return images, labels


def create_dataset(num_samples=1024, batch_size=32, seed=0):
    """The synthetic images through a deepsink dataset, as a user feeds in-memory arrays."""
    images, labels = synthetic_cifar(num_samples, seed)
    data = ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
    return data.batch(batch_size, drop_remainder=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--sink-size", type=int, default=10)
    args = parser.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(1)
    net = resnet18()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    model = ms.Model(net, loss, opt)
    start = time.perf_counter()
    model.train(
        max(1, args.steps // args.sink_size),
        create_dataset(),
        callbacks=[ms.LossMonitor()],
        dataset_sink_mode=True,
        sink_size=args.sink_size,
    )
    print(f"training took {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
