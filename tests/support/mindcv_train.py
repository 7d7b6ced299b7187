"""mindcv 0.3.0's training path on a small ImageFolder, the same program on deepsink (through
the ``mindspore`` alias) and on MindSpore 2.10 (``scripts/record_mindcv_train.py``).

The steps are those of mindcv's ``train.py``: ``create_dataset`` / ``create_transforms`` /
``create_loader``, ``create_model("resnet18")``, ``create_loss`` with label smoothing,
``create_scheduler``, ``create_optimizer`` and ``create_trainer`` with a fixed loss scale and EMA
(mindcv's ``TrainStep``, a ``TrainOneStepWithLossScaleCell``), then ``Model.train``.
"""

from __future__ import annotations

import os

import numpy as np

CLASSES = 3
PER_CLASS = 4
BATCH = 4
EPOCHS = 3
LOSS_SCALE = 128.0


def write_image_folder(root: str, size: int = 40, seed: int = 0) -> str:
    """``root/train/class_<k>/img_<i>.{png,jpg}``: noise with one colour channel raised per class."""
    from PIL import Image

    rng = np.random.default_rng(seed)
    for c in range(CLASSES):
        d = os.path.join(root, "train", f"class_{c}")
        os.makedirs(d, exist_ok=True)
        for i in range(PER_CLASS):
            arr = (rng.random((size, size, 3)) * 255).astype(np.uint8)
            arr[..., c % 3] = 200
            ext = "jpg" if i % 2 else "png"
            Image.fromarray(arr).save(os.path.join(d, f"img_{i}.{ext}"))
    return root


def train(root: str, sink: bool, lr: float = 0.002) -> dict:
    """Train resnet18 for ``EPOCHS`` epochs on ``root`` and return the losses the step callback
    saw, the EMA update count and the sums of the first EMA and network weights."""
    import mindspore as ms
    from mindcv.data import create_dataset, create_loader, create_transforms
    from mindcv.loss import create_loss
    from mindcv.models import create_model
    from mindcv.optim import create_optimizer
    from mindcv.scheduler import create_scheduler
    from mindcv.utils import create_trainer, get_metrics
    from mindspore.train.callback import Callback

    ms.set_seed(1)
    dataset = create_dataset(
        name="", root=root, split="train", shuffle=False, num_parallel_workers=1
    )
    # a full-image crop (scale and ratio 1) and no flips, so that the batches are the same
    transforms = create_transforms(
        dataset_name="", image_resize=32, is_training=True, hflip=0.0, vflip=0.0,
        color_jitter=None, re_prob=0.0, auto_augment=None, scale=(1.0, 1.0), ratio=(1.0, 1.0),
    )  # fmt: skip
    loader = create_loader(
        dataset, batch_size=BATCH, drop_remainder=True, is_training=True, transform=transforms,
        num_classes=CLASSES, num_parallel_workers=1,
    )  # fmt: skip
    steps = loader.get_dataset_size()
    net = create_model("resnet18", num_classes=CLASSES)
    loss = create_loss(name="CE", label_smoothing=0.1)
    schedule = create_scheduler(
        steps, scheduler="cosine_decay", lr=lr, min_lr=lr / 100, warmup_epochs=1,
        decay_epochs=EPOCHS - 1, num_epochs=EPOCHS,
    )  # fmt: skip
    opt = create_optimizer(
        net.trainable_params(), opt="momentum", lr=schedule, weight_decay=1e-4, momentum=0.9,
        loss_scale=LOSS_SCALE,
    )  # fmt: skip
    model = create_trainer(
        net, loss, opt, get_metrics(CLASSES), amp_level="O0", amp_cast_list=None,
        loss_scale_type="fixed", loss_scale=LOSS_SCALE, drop_overflow_update=False, ema=True,
        ema_decay=0.9,
    )  # fmt: skip
    losses: list[float] = []

    class Losses(Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    model.train(EPOCHS, loader, callbacks=[Losses()], dataset_sink_mode=sink)
    step = model.train_network
    return {
        "steps_per_epoch": steps,
        "losses": losses,
        "ema_updates": float(step.updates.asnumpy()),
        "ema_name": step.ema_weight[0].name,
        "ema_sum": float(step.ema_weight[0].asnumpy().astype(np.float64).sum()),
        "weight_sum": float(step.weights_all[0].asnumpy().astype(np.float64).sum()),
    }


def aliased_mindcv():
    """Generator for a pytest fixture: mindcv 0.3.0 imported with ``import mindspore`` resolving to
    deepsink (skips without mindcv, or with another version); the alias is undone afterwards."""
    from aliased_library import aliased_library

    yield from aliased_library("mindcv", "0.3.0")
