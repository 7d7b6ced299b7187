"""One engine's side of bench/bench_mindcv_train.py: mindcv 0.3.0's resnet18 trained through its
own factories (``create_model``, ``create_loss`` with label smoothing, ``create_optimizer``,
``create_trainer`` with a fixed loss scale and EMA) under ``Model.train``, on seeded synthetic
images; prints one JSON line with the wall time between step-end callbacks.

    python bench/mindcv_train_job.py deepsink|mindspore STEPS BATCH SIZE SINK_SIZE

``deepsink`` puts the ``mindspore`` alias in place first; ``mindspore`` imports the real one.
deepsink trains with ``dataset_sink_mode=True`` (a callback per sink of SINK_SIZE steps); MindSpore
2.10's CPU build trains step by step whatever the sink flag says (a callback per step).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np


def main() -> int:
    engine, steps, batch, size, sink_size = sys.argv[1], *map(int, sys.argv[2:6])
    if engine == "deepsink":
        from deepsink._core.alias import install_alias

        install_alias()
    import mindspore as ms
    from mindcv.loss import create_loss
    from mindcv.models import create_model
    from mindcv.optim import create_optimizer
    from mindcv.utils import create_trainer, get_metrics
    from mindspore.train.callback import Callback

    classes = 10
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    images = rng.standard_normal((batch * 4, 3, size, size)).astype(np.float32)
    labels = rng.integers(0, classes, batch * 4).astype(np.int32)
    data = ms.dataset.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
    data = data.batch(batch, drop_remainder=True).repeat(steps // 4 + 1).take(steps)
    net = create_model("resnet18", num_classes=classes)
    loss = create_loss(name="CE", label_smoothing=0.1)
    opt = create_optimizer(
        net.trainable_params(), opt="momentum", lr=0.01, weight_decay=1e-4, momentum=0.9,
        loss_scale=128.0,
    )  # fmt: skip
    model = create_trainer(
        net, loss, opt, get_metrics(classes), amp_level="O0", amp_cast_list=None,
        loss_scale_type="fixed", loss_scale=128.0, drop_overflow_update=False, ema=True,
    )  # fmt: skip
    stamps: list[float] = []
    losses: list[float] = []

    class Clock(Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))
            stamps.append(time.perf_counter())

    sink = engine == "deepsink"
    epochs = steps // sink_size if sink else 1
    start = time.perf_counter()
    model.train(
        epochs, data, callbacks=[Clock()], dataset_sink_mode=sink,
        sink_size=sink_size if sink else -1,
    )  # fmt: skip
    steps_per_stamp = sink_size if sink else 1
    print(json.dumps({
        "engine": engine, "version": ms.__version__, "steps_per_interval": steps_per_stamp,
        "intervals_s": np.diff([start, *stamps]).tolist(), "losses": losses,
    }))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
