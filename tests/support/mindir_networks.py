"""The networks of the MindIR interchange fixtures, written once for both sides: ``networks(ms)``
defines them with ``ms`` (real MindSpore in scripts/record_mindir_fixtures.py, deepsink in
scripts/record_mindir_exports.py and the tests), so both export the same layers.

Their ``construct`` uses only ``self`` and Tensor methods (MindSpore compiles it from source).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def networks(ms: Any) -> dict[str, tuple[type, tuple[int, ...]]]:
    """name -> (the network class, its input shape), built on the framework module ``ms``."""
    nn = ms.nn

    class LeNet5(nn.Cell):
        def __init__(self, num_class=10, num_channel=1):
            super().__init__()
            self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
            self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
            self.fc1 = nn.Dense(16 * 5 * 5, 120)
            self.fc2 = nn.Dense(120, 84)
            self.fc3 = nn.Dense(84, num_class)
            self.relu = nn.ReLU()
            self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
            self.flatten = nn.Flatten()

        def construct(self, x):
            x = self.max_pool2d(self.relu(self.conv1(x)))
            x = self.max_pool2d(self.relu(self.conv2(x)))
            x = self.flatten(x)
            x = self.relu(self.fc1(x))
            x = self.relu(self.fc2(x))
            return self.fc3(x)

    class MLP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(12, 16, activation="tanh")
            self.fc2 = nn.Dense(16, 16, activation="sigmoid")
            self.fc3 = nn.Dense(16, 5)
            self.softmax = nn.Softmax()

        def construct(self, x):
            return self.softmax(self.fc3(self.fc2(self.fc1(x))))

    class LSTMClassifier(nn.Cell):
        def __init__(self):
            super().__init__()
            self.lstm = nn.LSTM(6, 8, batch_first=True)
            self.fc = nn.Dense(8, 3)

        def construct(self, x):
            out, _ = self.lstm(x)
            return self.fc(out[:, -1])

    class Residual(nn.Cell):
        """A ResNet basic block (conv-BN-ReLU twice, identity shortcut)."""

        def __init__(self, c):
            super().__init__()
            self.conv1 = nn.Conv2d(c, c, 3, pad_mode="same", has_bias=False)
            self.bn1 = nn.BatchNorm2d(c)
            self.conv2 = nn.Conv2d(c, c, 3, pad_mode="same", has_bias=False)
            self.bn2 = nn.BatchNorm2d(c)
            self.relu = nn.ReLU()

        def construct(self, x):
            y = self.relu(self.bn1(self.conv1(x)))
            return self.relu(self.bn2(self.conv2(y)) + x)

    class TinyResNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stem = nn.Conv2d(3, 8, 3, stride=2, pad_mode="pad", padding=1, has_bias=False)
            self.bn = nn.BatchNorm2d(8)
            self.relu = nn.ReLU()
            self.pool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
            self.block = Residual(8)
            self.head = nn.Dense(8, 4)
            self.mean = ms.ops.ReduceMean()

        def construct(self, x):
            x = self.pool(self.relu(self.bn(self.stem(x))))
            x = self.block(x)
            return self.head(self.mean(x, (2, 3)))

    class InvertedResidual(nn.Cell):
        """MobileNetV2's block: 1x1 expand, 3x3 depthwise, 1x1 project, identity shortcut."""

        def __init__(self, c, expand):
            super().__init__()
            h = c * expand
            self.expand = nn.SequentialCell(
                nn.Conv2d(c, h, 1, has_bias=False), nn.BatchNorm2d(h), nn.ReLU6()
            )
            self.depthwise = nn.SequentialCell(
                nn.Conv2d(h, h, 3, pad_mode="same", group=h, has_bias=False),
                nn.BatchNorm2d(h),
                nn.ReLU6(),
            )
            self.project = nn.SequentialCell(nn.Conv2d(h, c, 1, has_bias=False), nn.BatchNorm2d(c))

        def construct(self, x):
            return x + self.project(self.depthwise(self.expand(x)))

    class TinyMobileNetV2(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stem = nn.SequentialCell(
                nn.Conv2d(3, 8, 3, stride=2, pad_mode="same", has_bias=False),
                nn.BatchNorm2d(8),
                nn.ReLU6(),
            )
            self.block = InvertedResidual(8, 2)
            self.pool = nn.AdaptiveAvgPool2d(1)
            self.flatten = nn.Flatten()
            self.head = nn.Dense(8, 4)

        def construct(self, x):
            return self.head(self.flatten(self.pool(self.block(self.stem(x)))))

    class TransformerClassifier(nn.Cell):
        def __init__(self):
            super().__init__()
            self.encoder = nn.TransformerEncoderLayer(
                8, 2, dim_feedforward=16, dropout=0.0, batch_first=True
            )
            self.fc = nn.Dense(8, 3)

        def construct(self, x):
            return self.fc(self.encoder(x).mean(1))

    class ConvActivations(nn.Cell):
        """Average pooling, ELU, GELU and SiLU between a convolution and two dense layers."""

        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 4, 3, pad_mode="same")
            self.elu = nn.ELU()
            self.pool = nn.AvgPool2d(2, 2)
            self.flatten = nn.Flatten()
            self.fc1 = nn.Dense(64, 8)
            self.gelu = nn.GELU()
            self.silu = nn.SiLU()
            self.fc2 = nn.Dense(8, 3)

        def construct(self, x):
            x = self.flatten(self.pool(self.elu(self.conv(x))))
            return self.fc2(self.silu(self.gelu(self.fc1(x))))

    class GatherCumSum(nn.Cell):
        """Indexing an axis with a Tensor of indices (Gather) and running sums (CumSum)."""

        def __init__(self):
            super().__init__()
            self.idx = ms.Tensor(np.array([[2, 0], [1, 1]], np.int32))
            self.exclusive = ms.ops.CumSum(exclusive=True)

        def construct(self, x):
            return x.gather(self.idx, 1).cumsum(2) + self.exclusive(x, 0).gather(self.idx, 1)

    class LoopEarlyReturn(nn.Cell):
        """A ``return`` inside a ``while`` (MindSpore writes a branch that leaves the loop)."""

        def __init__(self):
            super().__init__()
            self.limit = ms.Parameter(ms.Tensor(np.array([5.0], np.float32)), name="limit")

        def construct(self, x):
            y = x.sum()
            while y < 10:
                if y > self.limit:
                    return y * 2
                y = y + 1.5
            return y

    class Bottleneck(nn.Cell):
        """ResNet-50's block: 1x1 reduce, 3x3 (the stride), 1x1 expand (x4), projected shortcut
        where the shape changes."""

        def __init__(self, cin, width, stride):
            super().__init__()
            cout = width * 4
            self.conv1 = nn.Conv2d(cin, width, 1, has_bias=False)
            self.bn1 = nn.BatchNorm2d(width)
            self.conv2 = nn.Conv2d(
                width, width, 3, stride=stride, pad_mode="pad", padding=1, has_bias=False
            )
            self.bn2 = nn.BatchNorm2d(width)
            self.conv3 = nn.Conv2d(width, cout, 1, has_bias=False)
            self.bn3 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.project = stride != 1 or cin != cout
            if self.project:
                self.shortcut = nn.SequentialCell(
                    nn.Conv2d(cin, cout, 1, stride=stride, has_bias=False), nn.BatchNorm2d(cout)
                )

        def construct(self, x):
            y = self.relu(self.bn1(self.conv1(x)))
            y = self.relu(self.bn2(self.conv2(y)))
            y = self.bn3(self.conv3(y))
            if self.project:
                x = self.shortcut(x)
            return self.relu(y + x)

    class ResNet50(nn.Cell):
        """The full-size ResNet-50 (stages of 3, 4, 6, 3 bottlenecks, 2048 features)."""

        def __init__(self, num_classes=10):
            super().__init__()
            self.stem = nn.Conv2d(3, 64, 7, stride=2, pad_mode="pad", padding=3, has_bias=False)
            self.bn = nn.BatchNorm2d(64)
            self.relu = nn.ReLU()
            self.pool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
            blocks, cin = [], 64
            for width, count, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
                for i in range(count):
                    blocks.append(Bottleneck(cin, width, stride if i == 0 else 1))
                    cin = width * 4
            self.layers = nn.SequentialCell(blocks)
            self.mean = ms.ops.ReduceMean()
            self.head = nn.Dense(2048, num_classes)

        def construct(self, x):
            x = self.pool(self.relu(self.bn(self.stem(x))))
            return self.head(self.mean(self.layers(x), (2, 3)))

    class InvertedResidualV2(nn.Cell):
        """MobileNetV2's block (expansion t, stride s); the shortcut where shapes agree."""

        def __init__(self, cin, cout, stride, t):
            super().__init__()
            h = cin * t
            layers = []
            if t != 1:
                layers += [nn.Conv2d(cin, h, 1, has_bias=False), nn.BatchNorm2d(h), nn.ReLU6()]
            layers += [
                nn.Conv2d(h, h, 3, stride=stride, pad_mode="pad", padding=1, group=h,
                          has_bias=False),
                nn.BatchNorm2d(h),
                nn.ReLU6(),
                nn.Conv2d(h, cout, 1, has_bias=False),
                nn.BatchNorm2d(cout),
            ]  # fmt: skip
            self.body = nn.SequentialCell(layers)
            self.residual = stride == 1 and cin == cout

        def construct(self, x):
            if self.residual:
                return x + self.body(x)
            return self.body(x)

    class MobileNetV2(nn.Cell):
        """The full-size MobileNetV2 (width 1.0: 17 inverted residual blocks, 1280 features)."""

        def __init__(self, num_classes=10):
            super().__init__()
            layers = [
                nn.Conv2d(3, 32, 3, stride=2, pad_mode="pad", padding=1, has_bias=False),
                nn.BatchNorm2d(32),
                nn.ReLU6(),
            ]
            cin = 32
            for t, c, n, stride in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                                    (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)):  # fmt: skip
                for i in range(n):
                    layers.append(InvertedResidualV2(cin, c, stride if i == 0 else 1, t))
                    cin = c
            layers += [nn.Conv2d(cin, 1280, 1, has_bias=False), nn.BatchNorm2d(1280), nn.ReLU6()]
            self.features = nn.SequentialCell(layers)
            self.pool = nn.AdaptiveAvgPool2d(1)
            self.flatten = nn.Flatten()
            self.head = nn.Dense(1280, num_classes)

        def construct(self, x):
            return self.head(self.flatten(self.pool(self.features(x))))

    class WhileLoop(nn.Cell):
        """A ``while`` on a Tensor condition (its trip count depends on the input)."""

        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 4)

        def construct(self, x):
            y = self.fc(x)
            while y.abs().sum() < 40:
                y = y * 1.5 + 0.25
            return y

    class IfBranch(nn.Cell):
        """An ``if`` on a Tensor condition, each branch a different computation."""

        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 3)

        def construct(self, x):
            y = self.fc(x)
            if y.sum() > 0:
                y = y.tanh() * 3.0
            else:
                y = y * y - 1.0
            return y

    class LoopWithIf(nn.Cell):
        """An ``if`` inside a ``while``: nested control flow."""

        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 4)

        def construct(self, x):
            y = self.fc(x)
            while y.abs().sum() < 30:
                if y.sum() > 0:
                    y = y + 0.5
                else:
                    y = y - 0.5
            return y

    return {
        "activations": (ConvActivations, (2, 3, 8, 8)),
        "gather_cumsum": (GatherCumSum, (2, 3, 4)),
        "lenet": (LeNet5, (1, 1, 32, 32)),
        "mlp": (MLP, (3, 12)),
        "lstm": (LSTMClassifier, (2, 5, 6)),
        "resnet": (TinyResNet, (1, 3, 16, 16)),
        "mobilenetv2": (TinyMobileNetV2, (1, 3, 16, 16)),
        "transformer": (TransformerClassifier, (2, 4, 8)),
        "while_loop": (WhileLoop, (2, 4)),
        "if_branch": (IfBranch, (2, 4)),
        "loop_with_if": (LoopWithIf, (2, 4)),
        "loop_early_return": (LoopEarlyReturn, (2,)),
        "resnet50": (ResNet50, (1, 3, 32, 32)),
        "mobilenetv2_full": (MobileNetV2, (1, 3, 32, 32)),
    }


# the full-size networks: their MindIR fixtures keep the graph without the Parameters' bytes
# (regenerated from the seed when the test runs, as set_seed makes both frameworks draw them)
FULL_SIZE = ("resnet50", "mobilenetv2_full")


def randomize_bn(ms: Any, net: Any, rng: np.random.Generator) -> None:
    """Give BatchNorm layers non-trivial moving statistics and affine weights."""
    for name, p in net.parameters_and_names():
        if "moving_variance" in name or name.endswith("gamma"):
            p.set_data(ms.Tensor(rng.uniform(0.5, 1.5, p.shape).astype(np.float32)))
        elif "moving_mean" in name or name.endswith("beta"):
            p.set_data(ms.Tensor(rng.uniform(-0.5, 0.5, p.shape).astype(np.float32)))


def param_update_network(ms: Any) -> type:
    """A network whose ``construct`` updates its Parameter (``self.weight += 1.0``), built on the
    framework module ``ms`` (``param_update.mindir``, scripts/record_mindir_param_update.py)."""

    class ParamUpdate(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(np.arange(6).reshape(2, 3).astype(np.float32), name="weight")

        def construct(self, x, y):
            ret = x * y * self.weight
            self.weight += 1.0
            return ret

    return ParamUpdate
