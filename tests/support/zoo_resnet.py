"""The model zoo's ResNet (mindspore-ai/models ``official/cv/ResNet``: ``src/resnet.py`` and
``src/CrossEntropySmooth.py``), restated for the ResNet training-parity test and its recorder.

The structure follows the zoo's file: ``ResidualBlock`` (bottleneck, expansion 4, as in ResNet-50)
and ``ResidualBlockBase`` (basic block with ``res_base``, as in ResNet-18), ``_bn`` with the zoo's
two BatchNorm settings (``eps=1e-4, momentum=0.9`` and, for ``res_base``, ``eps=1e-5,
momentum=0.1``), ``_bn_last`` (``gamma_init=0``), the ``nn.Pad`` + valid max-pool stem of
``res_base``, stages built by ``_make_layer`` as ``SequentialCell`` lists, a ``ReduceMean`` head and
the label-smoothing loss. Weights come from a checkpoint, so the zoo's initializers are left out;
the channel widths are parameters so that a test can train a narrow network in seconds.

``zoo_classes(ms)`` builds the classes against a given framework module (``mindspore`` for the
recorder, ``deepsink`` for the test), so both run the same program text.
"""

from __future__ import annotations


def zoo_classes(ms):
    """Return ``(ResNet, ResidualBlock, ResidualBlockBase, CrossEntropySmooth)`` built on ``ms``."""
    nn, ops = ms.nn, ms.ops
    mstype = ms

    def _conv(in_channel, out_channel, kernel, stride=1, res_base=False):
        if res_base:
            return nn.Conv2d(in_channel, out_channel, kernel_size=kernel, stride=stride,
                             padding=kernel // 2, pad_mode="pad")  # fmt: skip
        return nn.Conv2d(in_channel, out_channel, kernel_size=kernel, stride=stride, padding=0,
                         pad_mode="same")  # fmt: skip

    def _bn(channel, res_base=False):
        if res_base:
            return nn.BatchNorm2d(channel, eps=1e-5, momentum=0.1, gamma_init=1, beta_init=0,
                                  moving_mean_init=0, moving_var_init=1)  # fmt: skip
        return nn.BatchNorm2d(channel, eps=1e-4, momentum=0.9, gamma_init=1, beta_init=0,
                              moving_mean_init=0, moving_var_init=1)  # fmt: skip

    def _bn_last(channel):
        return nn.BatchNorm2d(channel, eps=1e-4, momentum=0.9, gamma_init=0, beta_init=0,
                              moving_mean_init=0, moving_var_init=1)  # fmt: skip

    class ResidualBlock(nn.Cell):
        """Bottleneck block (1x1, 3x3, 1x1), expansion 4; ``bn_last`` selects ``_bn_last``."""

        expansion = 4

        def __init__(self, in_channel, out_channel, stride=1, bn_last=False):
            super().__init__()
            channel = out_channel // self.expansion
            self.conv1 = _conv(in_channel, channel, 1)
            self.bn1 = _bn(channel)
            self.conv2 = _conv(channel, channel, 3, stride=stride)
            self.bn2 = _bn(channel)
            self.conv3 = _conv(channel, out_channel, 1)
            self.bn3 = _bn_last(out_channel) if bn_last else _bn(out_channel)
            self.relu = nn.ReLU()
            self.down_sample = stride != 1 or in_channel != out_channel
            self.down_sample_layer = None
            if self.down_sample:
                self.down_sample_layer = nn.SequentialCell(
                    [_conv(in_channel, out_channel, 1, stride=stride), _bn(out_channel)]
                )

        def construct(self, x):
            identity = x
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.relu(self.bn2(self.conv2(out)))
            out = self.bn3(self.conv3(out))
            if self.down_sample:
                identity = self.down_sample_layer(identity)
            out = out + identity
            return self.relu(out)

    class ResidualBlockBase(nn.Cell):
        """Basic block (3x3, 3x3) of ResNet-18/34; ``res_base`` picks the padded convolutions and
        the ``res_base`` BatchNorm of the shortcut, as the zoo's file does."""

        def __init__(self, in_channel, out_channel, stride=1, bn_last=False, res_base=True):
            super().__init__()
            del bn_last  # the zoo's basic block has no _bn_last variant
            self.res_base = res_base
            self.conv1 = _conv(in_channel, out_channel, 3, stride=stride, res_base=res_base)
            self.bn1d = _bn(out_channel)
            self.conv2 = _conv(out_channel, out_channel, 3, res_base=res_base)
            self.bn2d = _bn(out_channel)
            self.relu = nn.ReLU()
            self.down_sample = stride != 1 or in_channel != out_channel
            self.down_sample_layer = None
            if self.down_sample:
                self.down_sample_layer = nn.SequentialCell(
                    [
                        _conv(in_channel, out_channel, 1, stride=stride, res_base=res_base),
                        _bn(out_channel, res_base),
                    ]  # fmt: skip
                )

        def construct(self, x):
            identity = x
            out = self.relu(self.bn1d(self.conv1(x)))
            out = self.bn2d(self.conv2(out))
            if self.down_sample:
                identity = self.down_sample_layer(identity)
            out = out + identity
            return self.relu(out)

    class ResNet(nn.Cell):
        """The zoo's ResNet: a 7x7 stem to 64 channels, max-pool, four ``_make_layer`` stages, mean
        over H and W, ``Flatten`` and a ``Dense`` end point."""

        def __init__(self, block, layer_nums, in_channels, out_channels, strides, num_classes,
                     res_base=False, bn_last=False):  # fmt: skip
            super().__init__()
            self.res_base = res_base
            self.conv1 = _conv(3, 64, 7, stride=2, res_base=res_base)
            self.bn1 = _bn(64, res_base)
            self.relu = ops.ReLU()
            if res_base:
                self.pad = nn.Pad(paddings=((0, 0), (0, 0), (1, 1), (1, 1)))
                self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="valid")
            else:
                self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
            layers = [
                self._make_layer(block, n, i, o, s, bn_last)
                for n, i, o, s in zip(layer_nums, in_channels, out_channels, strides)
            ]
            self.layer1, self.layer2, self.layer3, self.layer4 = layers
            self.mean = ops.ReduceMean(keep_dims=True)
            self.flatten = nn.Flatten()
            self.end_point = nn.Dense(out_channels[3], num_classes, has_bias=True, bias_init=0)

        def _make_layer(self, block, layer_num, in_channel, out_channel, stride, bn_last):
            layers = [block(in_channel, out_channel, stride=stride, bn_last=bn_last)]
            for _ in range(1, layer_num):
                layers.append(block(out_channel, out_channel, stride=1, bn_last=bn_last))
            return nn.SequentialCell(layers)

        def construct(self, x):
            x = self.relu(self.bn1(self.conv1(x)))
            if self.res_base:
                x = self.pad(x)
            c1 = self.maxpool(x)
            c5 = self.layer4(self.layer3(self.layer2(self.layer1(c1))))
            out = self.mean(c5, (2, 3))
            out = self.flatten(out)
            return self.end_point(out)

    class CrossEntropySmooth(nn.LossBase):
        """The zoo's label-smoothing loss: one-hot with ``1 - smooth`` / ``smooth / (n - 1)``,
        then ``SoftmaxCrossEntropyWithLogits``."""

        def __init__(self, sparse=True, reduction="mean", smooth_factor=0.0, num_classes=1000):
            super().__init__()
            self.onehot = ops.OneHot()
            self.sparse = sparse
            self.on_value = ms.Tensor(1.0 - smooth_factor, mstype.float32)
            self.off_value = ms.Tensor(1.0 * smooth_factor / (num_classes - 1), mstype.float32)
            self.ce = nn.SoftmaxCrossEntropyWithLogits(reduction=reduction)

        def construct(self, logit, label):
            if self.sparse:
                label = self.onehot(label, ops.shape(logit)[1], self.on_value, self.off_value)
            return self.ce(logit, label)

    return ResNet, ResidualBlock, ResidualBlockBase, CrossEntropySmooth


STEPS = 10
BATCH = 4
IMAGE = 64


def zoo_resnet18(ms):
    """The zoo's ResNet-18 layout (basic blocks, ``res_base``) with narrow stages."""
    ResNet, _, ResidualBlockBase, _ = zoo_classes(ms)
    return ResNet(ResidualBlockBase, [2, 1, 1, 1], [64, 16, 16, 32], [16, 16, 32, 32],
                  [1, 2, 2, 2], 10, res_base=True)  # fmt: skip


def zoo_network(ms):
    """The narrow ResNet-18 (``ResidualBlockBase``, ``res_base=True``) the parity test trains, its
    weights drawn from a fixed NumPy stream (He-normal scale) and its BatchNorms at their
    initial values."""
    net = zoo_resnet18(ms)
    import numpy as np

    rng = np.random.default_rng(0)
    for p in net.get_parameters():
        if "moving" in p.name or "gamma" in p.name or "beta" in p.name:
            continue
        scale = np.float32(np.sqrt(2.0 / max(1, int(np.prod(p.shape[1:])))))
        p.set_data(ms.Tensor(rng.standard_normal(p.shape).astype(np.float32) * scale))
    return net


IMAGES_PER_CLASS = 2  # the train pipeline's JPEGs: 4 classes, 2 batches an epoch
CLASSES = 4
PIPELINE_SEED = 7
PIPELINE_WORKERS = 2
# the pipeline's training steps: at 0.002, float rounding (losses equal to 2e-6 after one step)
# grows about tenfold a step on these images and passes 1e-4 by the fourth step
PIPELINE_LR = 0.0001


def zoo_jpegs():
    """``{(class, name): JPEG bytes}``: small images of smooth patterns (8 images, 60-100 px),
    written with Pillow by the recorder and kept in the fixture. Their chroma is not subsampled
    (4:4:4): MindSpore decodes only a crop's blocks, and with subsampled chroma libjpeg's
    upsampling starts afresh at the crop's left edge, which moves those columns by a few levels
    (``docs/datasets.md``)."""
    import io

    import numpy as np
    from PIL import Image

    out = {}
    for c in range(CLASSES):
        for k in range(IMAGES_PER_CLASS):
            h, w = 60 + 13 * c + 7 * k, 100 - 9 * c + 5 * k
            y, x = np.mgrid[0:h, 0:w].astype(np.float64)
            img = np.stack(
                [
                    128 + 100 * np.sin(x / (5 + c) + k),
                    128 + 100 * np.cos(y / (4 + k) + c),
                    255 * (x + y) / (h + w),
                ],
                -1,
            )
            buf = io.BytesIO()
            Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(
                buf, "JPEG", quality=90, subsampling=0
            )
            out[(f"class{c}", f"img{k}.jpg")] = buf.getvalue()
    return out


def zoo_train_dataset(ms, path, image_size=IMAGE, batch_size=BATCH):
    """The zoo's ImageNet train pipeline (``create_dataset2`` in ``src/dataset.py``, train mode),
    restated: a shuffled ``ImageFolderDataset``, ``RandomCropDecodeResize`` + ``RandomHorizontalFlip``
    + ``Normalize`` (ImageNet mean/std times 255) + ``HWC2CHW`` on the images, the labels cast to
    int32, batches with ``drop_remainder``. Seeded with ``PIPELINE_SEED``; two workers each (the
    CPU count MindSpore allows on the recording machine)."""
    ds = ms.dataset
    ds.config.set_seed(PIPELINE_SEED)
    data = ds.ImageFolderDataset(str(path), num_parallel_workers=PIPELINE_WORKERS, shuffle=True)
    mean = [0.485 * 255, 0.456 * 255, 0.406 * 255]
    std = [0.229 * 255, 0.224 * 255, 0.225 * 255]
    trans = [
        ds.vision.RandomCropDecodeResize(image_size, scale=(0.08, 1.0), ratio=(0.75, 1.333)),
        ds.vision.RandomHorizontalFlip(prob=0.5),
        ds.vision.Normalize(mean=mean, std=std),
        ds.vision.HWC2CHW(),
    ]
    data = data.map(operations=trans, input_columns="image", num_parallel_workers=PIPELINE_WORKERS)
    cast = ds.transforms.TypeCast(ms.int32)
    data = data.map(operations=cast, input_columns="label", num_parallel_workers=PIPELINE_WORKERS)
    return data.batch(batch_size, drop_remainder=True)


def train_setup(ms, net, dataset=None, lr_start=0.002):
    """``(model, dataset, losses, callback)`` as the zoo's ``train.py`` builds them on a device:
    grouped weight decay, ``Momentum(loss_scale=1024)`` with a dynamic learning rate, a
    ``FixedLossScaleManager``, the label-smoothing loss; ``callback`` appends each step's loss to
    ``losses``. Without ``dataset``, fixed random batches. The learning rate falls linearly from
    ``lr_start`` to half of it."""
    import numpy as np

    if dataset is None:
        rng = np.random.default_rng(1)
        images = rng.standard_normal((STEPS * BATCH, 3, IMAGE, IMAGE)).astype(np.float32)
        labels = rng.integers(0, 10, STEPS * BATCH).astype(np.int32)
        dataset = ms.dataset.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
        dataset = dataset.batch(BATCH)

    def decayed(p):
        return "beta" not in p.name and "gamma" not in p.name and "bias" not in p.name

    params = net.trainable_params()
    groups = [{"params": [p for p in params if decayed(p)], "weight_decay": 1e-4},
              {"params": [p for p in params if not decayed(p)]},
              {"order_params": params}]  # fmt: skip
    lr = ms.Tensor(np.linspace(lr_start, lr_start / 2, 2 * STEPS).astype(np.float32))
    opt = ms.nn.Momentum(groups, lr, 0.9, loss_scale=1024.0)
    _, _, _, CrossEntropySmooth = zoo_classes(ms)
    loss = CrossEntropySmooth(sparse=True, reduction="mean", smooth_factor=0.1, num_classes=10)
    manager = ms.FixedLossScaleManager(1024.0, drop_overflow_update=False)
    model = ms.Model(net, loss_fn=loss, optimizer=opt, loss_scale_manager=manager, metrics={"acc"})
    losses = []

    class StepLoss(ms.train.Callback):
        def on_train_step_end(self, run_context):
            out = run_context.original_args().net_outputs
            out = out[0] if isinstance(out, (tuple, list)) else out
            losses.append(float(out.asnumpy()))

    return model, dataset, losses, StepLoss()
