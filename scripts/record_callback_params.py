"""Record what MindSpore's ``Model.train`` puts in ``cb_params`` into
``tests/fixtures/ms/callback_params.json``.

Run with a Python that has MindSpore 2.10 installed (not run by CI), from outside the repository
(MindSpore writes scratch files into the working directory)::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_callback_params.py

A tiny ``Model(Dense, MSELoss, Momentum)`` trains 2 epochs of 3 batches with a callback that
describes every field of ``run_context.original_args()`` at each hook, with and without
``dataset_sink_mode`` (and with ``sink_size=2``). ``describe`` is shared with
``tests/train/test_callback_params.py``, which runs deepsink the same way and compares.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "callback_params.json"

HOOKS = [
    "on_train_begin",
    "on_train_epoch_begin",
    "on_train_step_begin",
    "on_train_step_end",
    "on_train_epoch_end",
    "on_train_end",
]

RUNS = {
    "no_sink": {"dataset_sink_mode": False},
    "sink": {"dataset_sink_mode": True},
    "sink_size_2": {"dataset_sink_mode": True, "sink_size": 2},
}


def describe(v, ms) -> object:
    """A JSON description of one cb_params value: plain values as they are, Tensors by shape,
    dtype and sum, containers element-wise, anything else by its class name."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, ms.Tensor):
        return {
            "Tensor": [list(v.shape), str(v.dtype), float(v.asnumpy().astype(np.float64).sum())]
        }
    if isinstance(v, (list, tuple)):
        return {type(v).__name__: [describe(x, ms) for x in v]}
    if isinstance(v, dict):
        return {"dict": {str(k): describe(x, ms) for k, x in v.items()}}
    return {"object": type(v).__name__}


def run(ms, kwargs: dict) -> list:
    from mindspore import nn
    from mindspore.train import Callback, Model

    ms.set_seed(1)
    events = []

    class Dump(Callback):
        pass

    def hook(name):
        def f(self, run_context):
            cb = run_context.original_args()
            events.append(
                {"hook": name, "fields": {k: describe(cb[k], ms) for k in sorted(cb.keys())}}
            )

        return f

    for h in HOOKS:
        setattr(Dump, h, hook(h))
    rs = np.random.RandomState(0)
    data = {"x": rs.randn(6, 3).astype(np.float32), "y": rs.randn(6, 2).astype(np.float32)}
    ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(2)
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    model = Model(net, nn.MSELoss(), opt)
    model.train(2, ds, callbacks=[Dump()], **kwargs)
    return events


def main() -> None:
    os.chdir(tempfile.mkdtemp(prefix="ms-record-"))
    import mindspore as ms

    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
    runs = {}
    for name, kwargs in RUNS.items():
        try:
            runs[name] = {"kwargs": kwargs, "events": run(ms, kwargs)}
        except Exception as e:  # noqa: BLE001 - record what MindSpore raises
            runs[name] = {"kwargs": kwargs, "error": f"{type(e).__name__}: {e}"}
        print(name, len(runs[name].get("events", [])), "events", runs[name].get("error", ""))
    data = {"mindspore_version": ms.__version__, "mode": "GRAPH", "runs": runs}
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
