"""mindyolo 0.5.0's YOLOv5n and YOLOv8n, one forward and one training step, the same program on
deepsink (through the ``mindspore`` alias) and on MindSpore 2.10
(``scripts/record_mindyolo_train.py``).

The networks are built by ``mindyolo.models.create_model`` from the repository's
``configs/yolov5/yolov5n.yaml`` and ``configs/yolov8/yolov8n.yaml`` (their ``network`` and ``loss``
sections, below), loaded with weights drawn here from NumPy, so that both frameworks start from the
same weights. The step is mindyolo's own: ``create_loss``, ``create_optimizer`` (momentum with
weight decay) and ``create_train_step_fn`` with a static loss scale, compiled (GRAPH_MODE and
``ms_jit``) as its ``train.py`` builds it. The optimizer is built without Nesterov (mindyolo's
default): MindSpore 2.10's CPU kernel ignores ``use_nesterov``, deepsink applies it as documented
(docs/limitations.md), so a Nesterov step cannot be compared with a CPU recording.
"""

from __future__ import annotations

import numpy as np
import yaml

CONFIGS = {
    "yolov5n": """
network:
  model_name: yolov5
  depth_multiple: 0.33
  width_multiple: 0.25
  stride: [8, 16, 32]
  anchors:
    - [10,13, 16,30, 33,23]
    - [30,61, 62,45, 59,119]
    - [116,90, 156,198, 373,326]
  backbone:
    [[-1, 1, ConvNormAct, [64, 6, 2, 2]],
     [-1, 1, ConvNormAct, [128, 3, 2]],
     [-1, 3, C3, [128]],
     [-1, 1, ConvNormAct, [256, 3, 2]],
     [-1, 6, C3, [256]],
     [-1, 1, ConvNormAct, [512, 3, 2]],
     [-1, 9, C3, [512]],
     [-1, 1, ConvNormAct, [1024, 3, 2]],
     [-1, 3, C3, [1024]],
     [-1, 1, SPPF, [1024, 5]]]
  head:
    [[-1, 1, ConvNormAct, [512, 1, 1]],
     [-1, 1, Upsample, [None, 2, 'nearest']],
     [[-1, 6], 1, Concat, [1]],
     [-1, 3, C3, [512, False]],
     [-1, 1, ConvNormAct, [256, 1, 1]],
     [-1, 1, Upsample, [None, 2, 'nearest']],
     [[-1, 4], 1, Concat, [1]],
     [-1, 3, C3, [256, False]],
     [-1, 1, ConvNormAct, [256, 3, 2]],
     [[-1, 14], 1, Concat, [1]],
     [-1, 3, C3, [512, False]],
     [-1, 1, ConvNormAct, [512, 3, 2]],
     [[-1, 10], 1, Concat, [1]],
     [-1, 3, C3, [1024, False]],
     [[17, 20, 23], 1, YOLOv5Head, [nc, anchors, stride]]]
loss:
  name: YOLOv5Loss
  box: 0.05
  cls: 0.5
  cls_pw: 1.0
  obj: 1.0
  obj_pw: 1.0
  anchor_t: 4.0
  fl_gamma: 0.0
  label_smoothing: 0.0
""",
    "yolov8n": """
network:
  model_name: yolov8
  depth_multiple: 0.33
  width_multiple: 0.25
  max_channels: 1024
  reg_max: 16
  stride: [8, 16, 32]
  backbone:
    - [-1, 1, ConvNormAct, [64, 3, 2]]
    - [-1, 1, ConvNormAct, [128, 3, 2]]
    - [-1, 3, C2f, [128, True]]
    - [-1, 1, ConvNormAct, [256, 3, 2]]
    - [-1, 6, C2f, [256, True]]
    - [-1, 1, ConvNormAct, [512, 3, 2]]
    - [-1, 6, C2f, [512, True]]
    - [-1, 1, ConvNormAct, [1024, 3, 2]]
    - [-1, 3, C2f, [1024, True]]
    - [-1, 1, SPPF, [1024, 5]]
  head:
    - [-1, 1, Upsample, [None, 2, 'nearest']]
    - [[-1, 6], 1, Concat, [1]]
    - [-1, 3, C2f, [512]]
    - [-1, 1, Upsample, [None, 2, 'nearest']]
    - [[-1, 4], 1, Concat, [1]]
    - [-1, 3, C2f, [256]]
    - [-1, 1, ConvNormAct, [256, 3, 2]]
    - [[-1, 12], 1, Concat, [1]]
    - [-1, 3, C2f, [512]]
    - [-1, 1, ConvNormAct, [512, 3, 2]]
    - [[-1, 9], 1, Concat, [1]]
    - [-1, 3, C2f, [1024]]
    - [[15, 18, 21], 1, YOLOv8Head, [nc, reg_max, stride]]
loss:
  name: YOLOv8Loss
  box: 7.5
  cls: 0.5
  dfl: 1.5
  reg_max: 16
""",
}
NUM_CLASSES = 4
SIZE = 64
BATCH = 2
BOXES = 3


def same_weights(net, seed: int = 0) -> dict:
    """Weights drawn from NumPy by parameter name (uniform in +-1/sqrt(fan_in); norm scales one,
    shifts zero; integer buffers kept): the same on every framework, whatever its initializers
    draw."""
    import mindspore as ms

    rng = np.random.default_rng(seed)
    weights = {}
    for name, p in sorted(net.parameters_and_names()):
        shape = tuple(p.shape)
        own = p.asnumpy()
        if not np.issubdtype(own.dtype, np.floating):  # strides, anchors' indices: the net's own
            value = own
        elif name.endswith(("gamma", "moving_variance")):
            value = np.ones(shape, np.float32)
        elif name.endswith(("beta", "moving_mean")):
            value = np.zeros(shape, np.float32)
        else:
            fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
            bound = 1.0 / np.sqrt(max(fan_in, 1))
            value = rng.uniform(-bound, bound, shape).astype(np.float32)
        weights[name] = ms.Parameter(ms.Tensor(value), name=name)
    not_loaded = ms.load_param_into_net(net, weights, strict_load=True)
    return {
        "not_loaded": list(not_loaded[0]) if isinstance(not_loaded, tuple) else list(not_loaded)
    }


def batch(seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Images ``(BATCH, 3, SIZE, SIZE)`` and labels ``(BATCH, BOXES, 6)`` rows of
    ``[image index, class, cx, cy, w, h]`` (normalised), as mindyolo's loader gives them."""
    rng = np.random.default_rng(seed)
    images = rng.random((BATCH, 3, SIZE, SIZE)).astype(np.float32)
    labels = np.zeros((BATCH, BOXES, 6), np.float32)
    for i in range(BATCH):
        labels[i, :, 0] = i
        labels[i, :, 1] = rng.integers(0, NUM_CLASSES, BOXES)
        labels[i, :, 2:4] = rng.uniform(0.25, 0.75, (BOXES, 2))
        labels[i, :, 4:6] = rng.uniform(0.5, 0.9, (BOXES, 2))  # every level has a match
    return images, labels


def _summary(values) -> list[float]:
    a = np.asarray(values, np.float64)
    return [float(a.sum()), float(np.abs(a).sum()), float((a * a).sum())]


def run(name: str) -> dict:
    """Build ``name``, load the same weights, run a forward in eval and in train mode, then one
    training step; return the parameter names/shapes, output summaries, losses and weight sums."""
    import mindspore as ms
    from mindspore import ops
    from mindspore.amp import StaticLossScaler
    from mindyolo.models import create_loss, create_model
    from mindyolo.optim import create_optimizer
    from mindyolo.utils.config import Config
    from mindyolo.utils.train_step_factory import create_train_step_fn

    ms.set_context(mode=ms.GRAPH_MODE)  # as mindyolo's train.py runs (ms_mode 0, ms_jit)
    ms.set_seed(1)
    cfg = Config(yaml.safe_load(CONFIGS[name]))
    net = create_model(model_name=cfg.network.model_name, model_cfg=cfg.network,
                       num_classes=NUM_CLASSES)  # fmt: skip
    params = [(n, list(p.shape)) for n, p in net.parameters_and_names()]
    loaded = same_weights(net)
    images, labels = batch()
    x, y = ms.Tensor(images), ms.Tensor(labels)

    net.set_train(False)
    out = net(x)
    infer = out[0] if isinstance(out, (tuple, list)) else out
    net.set_train(True)
    train_out = net(x)
    loss_fn = create_loss(**cfg.loss, anchors=cfg.network.get("anchors", 1),
                          stride=cfg.network.stride, nc=NUM_CLASSES)  # fmt: skip
    loss, items = loss_fn(train_out, y, x)
    optimizer = create_optimizer(params=net.trainable_params(), lr=0.01, optimizer="momentum",
                                 weight_decay=5e-4, momentum=0.9, nesterov=False)  # fmt: skip
    step = create_train_step_fn(task="detect", network=net, loss_fn=loss_fn, optimizer=optimizer,
                                loss_ratio=BATCH, scaler=StaticLossScaler(1024.0),
                                reducer=ops.functional.identity, overflow_still_update=False,
                                ms_jit=True)  # fmt: skip
    step_loss, step_items, _, finite = step(x, y)
    after, after_items = loss_fn(net(x), y, x)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {
        "params": params,
        "not_loaded": loaded["not_loaded"],
        "infer_shape": list(infer.shape),
        "infer": _summary(infer.asnumpy()),
        "train_outputs": [_summary(o.asnumpy()) for o in train_out],
        "loss": float(loss.asnumpy()),
        "loss_items": [float(v) for v in items.asnumpy()],
        "step_loss": float(step_loss.asnumpy()),
        "step_items": [float(v) for v in step_items.asnumpy()],
        "finite": bool(finite.asnumpy()) if hasattr(finite, "asnumpy") else bool(finite),
        "after_loss": float(after.asnumpy()),
        "after_items": [float(v) for v in after_items.asnumpy()],
        "weights_after": _summary(np.concatenate(
            [p.asnumpy().ravel().astype(np.float64) for p in net.trainable_params()])),
    }  # fmt: skip
