"""The ResNet-50 application tutorial's shape, small: a value_and_grad loop trains a network whose
fully connected layer was replaced for fine-tuning, and Model.eval with nn.Accuracy runs each
epoch. Model.eval must report what the network predicts (checked against a manual argmax count,
as the tutorial's own evaluate() does), in PyNative and GRAPH_MODE."""

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn, ops
from deepsink.train import Model


class _Net(nn.Cell):
    def __init__(self, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, stride=2)
        self.norm = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.max_pool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
        self.avg_pool = nn.AvgPool2d(kernel_size=4)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(8, num_classes)

    def construct(self, x):
        x = self.max_pool(self.relu(self.norm(self.conv1(x))))
        return self.fc(self.flatten(self.avg_pool(x)))


def _data():
    rng = np.random.RandomState(0)
    y = (np.arange(16) % 4).astype(np.int32)
    x = rng.randn(16, 3, 16, 16).astype(np.float32) * 0.1
    for i, c in enumerate(y):  # each class lights one quarter of the image
        x[i, :, (c // 2) * 8 : (c // 2) * 8 + 8, (c % 2) * 8 : (c % 2) * 8 + 8] += 1.0
    return ds.NumpySlicesDataset({"image": x, "label": y}, shuffle=False).batch(4)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_model_eval_after_value_and_grad_loop_with_replaced_head(mode):
    ms.set_context(mode=mode)
    try:
        ms.set_seed(1)
        network = _Net(1000)
        network.fc = nn.Dense(in_channels=network.fc.in_channels, out_channels=4)
        opt = nn.Momentum(network.trainable_params(), learning_rate=0.05, momentum=0.9)
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        grad_fn = ms.value_and_grad(lambda x, y: loss_fn(network(x), y), None, opt.parameters)
        model = Model(network, loss_fn, metrics={"Accuracy": nn.Accuracy()})
        train, val = _data(), _data()
        accuracies = []
        for _ in range(12):
            network.set_train(True)
            for x, y in train.create_tuple_iterator(num_epochs=1):
                _, grads = grad_fn(x, y)
                opt(grads)
            got = model.eval(val)["Accuracy"]
            network.set_train(False)
            correct = total = 0
            for x, y in val.create_tuple_iterator(num_epochs=1):
                correct += int(ops.equal(network(x).argmax(axis=1), y).sum().asnumpy())
                total += y.shape[0]
            assert got == pytest.approx(correct / total)
            accuracies.append(got)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    # the classes are separable: MindSpore 2.10 reaches 1.0 from its 7th epoch on this data
    assert max(accuracies[-3:]) == 1.0 and accuracies[0] < 1.0
