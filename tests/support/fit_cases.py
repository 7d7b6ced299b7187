"""A ``Model.fit`` program (training with a validation set every second epoch): what each callback
hook sees, ``scripts/record_fit_fixture.py`` records under MindSpore 2.10 and
``tests/train/test_fit_events.py`` replays on deepsink."""

from __future__ import annotations

import numpy as np

HOOKS = ["on_train_begin", "on_train_epoch_begin", "on_train_epoch_end", "on_train_end",
         "on_eval_begin", "on_eval_epoch_begin", "on_eval_step_end", "on_eval_epoch_end",
         "on_eval_end"]  # fmt: skip


def fit_events(ms, sink: bool) -> dict:
    """Each hook's (name, epoch, step, eval_results) and fit's return value."""
    nn = ms.nn
    ms.set_seed(1)
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    x = np.arange(16, dtype=np.float32).reshape(8, 2) / 10
    y = (np.arange(8) % 2).astype(np.int32)
    train = ms.dataset.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)
    valid = ms.dataset.NumpySlicesDataset({"x": x[:4], "y": y[:4]}, shuffle=False).batch(2)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    model = ms.Model(net, loss, opt, metrics={"acc", "loss"})
    events = []

    def hook(name):
        def record(self, run_context):
            p = run_context.original_args()
            results = p.get("eval_results") or {}
            events.append([name, p.get("cur_epoch_num"), p.get("cur_step_num"),
                           {k: round(float(results[k]), 5) for k in sorted(results)}])  # fmt: skip

        return record

    Recorder = type("Recorder", (ms.train.Callback,), {h: hook(h) for h in HOOKS})
    returned = model.fit(4, train, valid, valid_frequency=2, callbacks=[Recorder()],
                         dataset_sink_mode=sink, valid_dataset_sink_mode=sink)  # fmt: skip
    return {"returned": repr(returned), "events": events}
