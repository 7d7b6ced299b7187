"""The ResNet-50 application tutorial's program, small: bottleneck blocks (expansion 4) built by a
``make_layer`` with ``Normal`` initializers and a ``gamma_init`` down-sample BatchNorm, ``out +=
identity``, a ``MaxPool2d(pad_mode="same")`` stem, a PyNative ``value_and_grad`` + ``opt(grads)``
loop over ``create_tuple_iterator`` with a cosine-decay Momentum, and ``Model.eval`` with
``nn.Accuracy`` every epoch. On a few images it memorises, eval accuracy must reach 1.0 and each
epoch's reported accuracy must be what the network predicts (an eval that saw one class only would
report something else)."""

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn, ops
from deepsink.common.initializer import Normal

WEIGHT_INIT = Normal(mean=0, sigma=0.02)
GAMMA_INIT = Normal(mean=1, sigma=0.02)


class Bottleneck(nn.Cell):
    expansion = 4

    def __init__(self, in_channel, channel, stride=1, down_sample=None):
        super().__init__()
        wide = channel * self.expansion
        self.conv1 = nn.Conv2d(in_channel, channel, kernel_size=1, weight_init=WEIGHT_INIT)
        self.norm1 = nn.BatchNorm2d(channel)
        self.conv2 = nn.Conv2d(channel, channel, 3, stride=stride, weight_init=WEIGHT_INIT)
        self.norm2 = nn.BatchNorm2d(channel)
        self.conv3 = nn.Conv2d(channel, wide, kernel_size=1, weight_init=WEIGHT_INIT)
        self.norm3 = nn.BatchNorm2d(wide)
        self.relu = nn.ReLU()
        self.down_sample = down_sample

    def construct(self, x):
        identity = x
        out = self.relu(self.norm1(self.conv1(x)))
        out = self.relu(self.norm2(self.conv2(out)))
        out = self.norm3(self.conv3(out))
        if self.down_sample is not None:
            identity = self.down_sample(x)
        out += identity
        return self.relu(out)


def make_layer(last_out_channel, channel, block_nums, stride=1):
    wide = channel * Bottleneck.expansion
    down_sample = None
    if stride != 1 or last_out_channel != wide:
        down_sample = nn.SequentialCell(
            [
                nn.Conv2d(last_out_channel, wide, 1, stride=stride, weight_init=WEIGHT_INIT),
                nn.BatchNorm2d(wide, gamma_init=GAMMA_INIT),
            ]
        )
    layers = [Bottleneck(last_out_channel, channel, stride=stride, down_sample=down_sample)]
    layers += [Bottleneck(wide, channel) for _ in range(1, block_nums)]
    return nn.SequentialCell(layers)


class SmallResNet(nn.Cell):
    def __init__(self, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, kernel_size=7, stride=2, weight_init=WEIGHT_INIT)
        self.norm = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.max_pool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
        self.layer1 = make_layer(8, 4, 2)
        self.layer2 = make_layer(16, 8, 1, stride=2)
        self.layer3 = make_layer(32, 16, 1, stride=2)
        self.avg_pool = nn.AvgPool2d()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(in_channels=64, out_channels=num_classes)

    def construct(self, x):
        x = self.max_pool(self.relu(self.norm(self.conv1(x))))
        x = self.layer3(self.layer2(self.layer1(x)))
        return self.fc(self.flatten(self.avg_pool(x)))


def _images():
    rng = np.random.RandomState(5)
    labels = (np.arange(8) % 4).astype(np.int32)
    images = rng.randn(8, 3, 16, 16).astype(np.float32) * 0.2
    for i, c in enumerate(labels):  # each class brightens one quarter of the image
        images[i, :, (c // 2) * 8 : (c // 2) * 8 + 8, (c % 2) * 8 : (c % 2) * 8 + 8] += 1.0
    return images, labels


def _dataset():
    images, labels = _images()
    return ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False).batch(4)


@pytest.mark.slow
def test_tutorial_loop_memorises_and_model_eval_reports_it():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    network = SmallResNet(num_classes=4)
    # the tutorial replaces the pretrained head before fine-tuning
    network.fc = nn.Dense(in_channels=network.fc.in_channels, out_channels=4)
    num_epochs, step_size_train = 12, 2
    lr = nn.cosine_decay_lr(
        min_lr=0.001,
        max_lr=0.05,
        total_step=step_size_train * num_epochs,
        step_per_epoch=step_size_train,
        decay_epoch=num_epochs,
    )
    opt = nn.Momentum(params=network.trainable_params(), learning_rate=lr, momentum=0.9)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def forward_fn(inputs, targets):
        return loss_fn(network(inputs), targets)

    grad_fn = ops.value_and_grad(forward_fn, None, opt.parameters)

    def train_step(inputs, targets):
        loss, grads = grad_fn(inputs, targets)
        opt(grads)
        return loss

    model = ms.Model(network, loss_fn, opt, metrics={"Accuracy": nn.Accuracy()})
    dataset_train, dataset_val = _dataset(), _dataset()
    loader = dataset_train.create_tuple_iterator(num_epochs=num_epochs)
    images, labels = _images()
    accuracies, losses = [], []
    for _ in range(num_epochs):
        network.set_train()
        losses.append([float(train_step(x, y).asnumpy()) for x, y in loader])
        acc = model.eval(dataset_val)["Accuracy"]
        network.set_train(False)
        predicted = network(ms.Tensor(images)).asnumpy().argmax(axis=1)
        assert acc == float(np.mean(predicted == labels))
        accuracies.append(acc)
    assert accuracies[-1] == 1.0, (accuracies, losses)
    assert np.mean(losses[-1]) < np.mean(losses[0])
