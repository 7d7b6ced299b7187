"""mindocr 0.5.0's DBNet (ResNet-18) and CRNN (VGG-7), a forward and training steps, the same
program on deepsink (through the ``mindspore`` alias) and on MindSpore 2.10
(``scripts/record_mindocr_train.py``).

Each network is built by ``mindocr.models.build_model`` from the ``model`` section of the
repository's ``configs/det/dbnet/db_r18_icdar15.yaml`` and ``configs/rec/crnn/crnn_vgg7.yaml``
(below, without pretrained weights) and loaded with weights drawn here from NumPy, so that both
frameworks start from the same weights. The steps are mindocr's own, as its ``tools/train.py``
builds them in GRAPH_MODE: the config's loss (``build_loss``: ``DBLoss``, ``CTCLoss``) in
``NetWithLossWrapper``, the config's optimizer (``create_optimizer``: SGD with momentum, AdamW
with ``filter_bias_and_bn``) and ``TrainOneStepWrapper`` with a static loss scale.

The inputs are what mindocr's data pipelines give these losses: for DBNet the shrunk text map,
its mask, the threshold map and its mask of one box per image; for CRNN labels of a few
characters padded to ``max_text_len`` with the blank index (``RecCTCLabelEncode`` with
``blank_at_last``), the last of the 37 classes.
"""

from __future__ import annotations

import numpy as np
import yaml
from mindyolo_train import same_weights  # the same NumPy weights by parameter name

CONFIGS = {
    "dbnet_r18": """
model:
  type: det
  transform: null
  backbone:
    name: det_resnet18
    pretrained: False
  neck:
    name: DBFPN
    out_channels: 256
    bias: False
  head:
    name: DBHead
    k: 50
    bias: False
    adaptive: True
loss:
  name: DBLoss
  eps: 1.0e-6
  l1_scale: 10
  bce_scale: 5
  bce_replace: bceloss
optimizer:
  opt: SGD
  filter_bias_and_bn: false
  momentum: 0.9
  weight_decay: 1.0e-4
  lr: 0.007
""",
    "crnn_vgg7": """
model:
  type: rec
  transform: null
  backbone:
    name: rec_vgg7
    pretrained: False
  neck:
    name: RNNEncoder
    hidden_size: 256
  head:
    name: CTCHead
    weight_init: crnn_customised
    bias_init: crnn_customised
    out_channels: 37
loss:
  name: CTCLoss
  pred_seq_len: 24
  max_label_len: 23
  batch_size: 2
optimizer:
  opt: adamw
  filter_bias_and_bn: True
  momentum: 0.95
  weight_decay: 0.0001
  nesterov: False
  lr: 0.0005
""",
}
BATCH = 2
STEPS = 3
DET_SIZE = 64  # DBNet's input side (a multiple of 32)
REC_SHAPE = (32, 100)  # CRNN's input: 24 time steps out of VGG-7
NUM_CLASSES, BLANK, MAX_TEXT_LEN = 37, 36, 23


def det_batch(seed: int = 1) -> list[np.ndarray]:
    """Images ``(B, 3, S, S)``, then DBLoss's ``gt``, ``gt_mask``, ``thresh_map`` and
    ``thresh_mask`` (``(B, S, S)``): one axis-aligned text box per image, its shrunk region
    positive, a threshold band around it."""
    rng = np.random.default_rng(seed)
    s = DET_SIZE
    images = rng.random((BATCH, 3, s, s)).astype(np.float32)
    gt = np.zeros((BATCH, s, s), np.float32)
    gt_mask = np.ones((BATCH, s, s), np.float32)
    thresh_map = np.full((BATCH, s, s), 0.3, np.float32)
    thresh_mask = np.zeros((BATCH, s, s), np.float32)
    for i in range(BATCH):
        y0, x0 = rng.integers(4, s // 2, 2)
        h, w = rng.integers(8, s // 3, 2)
        gt[i, y0 + 2 : y0 + h - 2, x0 + 2 : x0 + w - 2] = 1.0
        thresh_mask[i, y0 - 3 : y0 + h + 3, x0 - 3 : x0 + w + 3] = 1.0
        band = rng.uniform(0.3, 0.7, (h + 6, w + 6)).astype(np.float32)
        thresh_map[i, y0 - 3 : y0 + h + 3, x0 - 3 : x0 + w + 3] = band
    return [images, gt, gt_mask, thresh_map, thresh_mask]


def rec_batch(seed: int = 2) -> list[np.ndarray]:
    """Images ``(B, 3, 32, 100)`` and labels ``(B, 23)``: 4 to 8 characters (no two alike in a
    row) padded with the blank index."""
    rng = np.random.default_rng(seed)
    images = rng.random((BATCH, 3, *REC_SHAPE)).astype(np.float32)
    labels = np.full((BATCH, MAX_TEXT_LEN), BLANK, np.int32)
    for i in range(BATCH):
        n = int(rng.integers(4, 9))
        chars = [int(rng.integers(0, BLANK))]
        while len(chars) < n:
            c = int(rng.integers(0, BLANK))
            if c != chars[-1]:
                chars.append(c)
        labels[i, :n] = chars
    return [images, labels]


def _summary(values) -> list[float]:
    a = np.asarray(values, np.float64)
    return [float(a.sum()), float(np.abs(a).sum()), float((a * a).sum())]


def _outputs(out) -> list:
    if isinstance(out, dict):
        out = [out[k] for k in sorted(out)]
    if not isinstance(out, tuple | list):
        out = [out]
    return [[list(o.shape), _summary(o.asnumpy())] for o in out]


def run(name: str) -> dict:
    """Build ``name``, load the same weights, run a forward in eval and in train mode and the
    loss, then ``STEPS`` training steps; return the parameter names/shapes, output summaries,
    the losses and the trained weights' summary."""
    import mindspore as ms
    from mindocr.losses import build_loss
    from mindocr.models import build_model
    from mindocr.optim import create_optimizer
    from mindocr.utils.model_wrapper import NetWithLossWrapper
    from mindocr.utils.train_step_wrapper import TrainOneStepWrapper

    cfg = yaml.safe_load(CONFIGS[name])
    ms.set_context(mode=ms.GRAPH_MODE)  # as the configs' system.mode 0
    ms.set_seed(42)
    net = build_model(cfg["model"])
    params = [[n, list(p.shape)] for n, p in net.parameters_and_names()]
    loaded = same_weights(net)
    data = [ms.Tensor(a) for a in (det_batch() if name.startswith("db") else rec_batch())]

    net.set_train(False)
    infer = _outputs(net(data[0]))
    net.set_train(True)
    train_out = _outputs(net(data[0]))
    loss_cfg = dict(cfg["loss"])
    loss_fn = build_loss(loss_cfg.pop("name"), **loss_cfg)
    net_with_loss = NetWithLossWrapper(net, loss_fn)
    loss = float(net_with_loss(*data).asnumpy())
    opt_cfg = dict(cfg["optimizer"])
    optimizer = create_optimizer(net.trainable_params(), **opt_cfg)
    step = TrainOneStepWrapper(
        net_with_loss, optimizer, scale_sense=ms.Tensor(1024.0), drop_overflow_update=False
    )
    step.set_train(True)
    losses = []
    for _ in range(STEPS):
        out = step(*data)
        losses.append(float((out[0] if isinstance(out, tuple | list) else out).asnumpy()))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    weights = np.concatenate(
        [p.asnumpy().ravel().astype(np.float64) for p in net.trainable_params()]
    )
    return {
        "params": params,
        "not_loaded": loaded["not_loaded"],
        "infer": infer,
        "train_outputs": train_out,
        "loss": loss,
        "step_losses": losses,
        "weights_after": _summary(weights),
    }
