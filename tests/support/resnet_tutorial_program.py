"""The ResNet-50 application tutorial's program, small, for MindSpore 2.10 and deepsink alike:
bottleneck blocks (expansion 4) built by ``make_layer`` with ``Normal`` initializers and a
``gamma_init`` down-sample BatchNorm, ``out += identity``, a ``MaxPool2d(pad_mode="same")`` stem,
a PyNative ``value_and_grad`` + ``opt(grads)`` loop over ``create_tuple_iterator`` with a
cosine-decay Momentum, and ``Model.eval`` with ``nn.Accuracy`` after every epoch, on 8 images of
4 classes that it memorises. ``scripts/record_resnet_tutorial_fixture.py`` records 2.10's run;
``tests/train/test_resnet_tutorial_eval.py`` replays it on deepsink."""

from __future__ import annotations

import importlib

import numpy as np

EPOCHS = 20


def images() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.RandomState(5)
    labels = (np.arange(8) % 4).astype(np.int32)
    x = rng.randn(8, 3, 16, 16).astype(np.float32) * 0.2
    for i, c in enumerate(labels):  # each class brightens one quarter of the image
        x[i, :, (c // 2) * 8 : (c // 2) * 8 + 8, (c % 2) * 8 : (c % 2) * 8 + 8] += 1.0
    return x, labels


def build(ms):
    """The network class (``SmallResNet(num_classes)``) made of ``ms``'s layers."""
    nn = ms.nn
    normal = importlib.import_module(ms.__name__ + ".common.initializer").Normal
    weight_init = normal(mean=0, sigma=0.02)
    gamma_init = normal(mean=1, sigma=0.02)

    class Bottleneck(nn.Cell):
        expansion = 4

        def __init__(self, in_channel, channel, stride=1, down_sample=None):
            super().__init__()
            wide = channel * self.expansion
            self.conv1 = nn.Conv2d(in_channel, channel, kernel_size=1, weight_init=weight_init)
            self.norm1 = nn.BatchNorm2d(channel)
            self.conv2 = nn.Conv2d(channel, channel, 3, stride=stride, weight_init=weight_init)
            self.norm2 = nn.BatchNorm2d(channel)
            self.conv3 = nn.Conv2d(channel, wide, kernel_size=1, weight_init=weight_init)
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
                    nn.Conv2d(last_out_channel, wide, 1, stride=stride, weight_init=weight_init),
                    nn.BatchNorm2d(wide, gamma_init=gamma_init),
                ]
            )
        layers = [Bottleneck(last_out_channel, channel, stride=stride, down_sample=down_sample)]
        layers += [Bottleneck(wide, channel) for _ in range(1, block_nums)]
        return nn.SequentialCell(layers)

    class SmallResNet(nn.Cell):
        def __init__(self, num_classes):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 8, kernel_size=7, stride=2, weight_init=weight_init)
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

    return SmallResNet


def run(ms, num_epochs: int = EPOCHS) -> dict:
    """Train and evaluate as the tutorial does; per epoch: Model.eval's accuracy, the accuracy of
    the network's own eval-mode predictions, and the step losses."""
    nn, ops, ds = ms.nn, ms.ops, importlib.import_module(ms.__name__ + ".dataset")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    network = build(ms)(num_classes=4)
    # the tutorial replaces the pretrained head before fine-tuning
    network.fc = nn.Dense(in_channels=network.fc.in_channels, out_channels=4)
    step_size_train = 2
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

    def dataset():
        x, y = images()
        return ds.NumpySlicesDataset({"image": x, "label": y}, shuffle=False).batch(4)

    model = ms.Model(network, loss_fn, opt, metrics={"Accuracy": nn.Accuracy()})
    dataset_train, dataset_val = dataset(), dataset()
    loader = dataset_train.create_tuple_iterator(num_epochs=num_epochs)
    x, y = images()
    out: dict = {"accuracy": [], "predicted_accuracy": [], "losses": []}
    for _ in range(num_epochs):
        network.set_train()
        out["losses"].append([float(train_step(a, b).asnumpy()) for a, b in loader])
        out["accuracy"].append(float(model.eval(dataset_val)["Accuracy"]))
        network.set_train(False)
        predicted = network(ms.Tensor(x)).asnumpy().argmax(axis=1)
        out["predicted_accuracy"].append(float(np.mean(predicted == y)))
    return out
