"""``cb_params`` of ``Model.train`` field by field against MindSpore 2.10
(``tests/fixtures/ms/callback_params.json``, ``scripts/record_callback_params.py``): the same tiny
Model and dataset, a callback that describes every field at every hook."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink.train import Callback, Model

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "callback_params.json").read_text()
)
HOOKS = [
    "on_train_begin",
    "on_train_epoch_begin",
    "on_train_step_begin",
    "on_train_step_end",
    "on_train_epoch_end",
    "on_train_end",
]


def describe(v):
    """The recorder's description of a value (plain values, Tensors by shape/dtype/sum,
    containers element-wise, other objects by class name)."""
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, ms.Tensor):
        return {
            "Tensor": [list(v.shape), str(v.dtype), float(v.asnumpy().astype(np.float64).sum())]
        }
    if isinstance(v, list | tuple):
        return {type(v).__name__: [describe(x) for x in v]}
    if isinstance(v, dict):
        return {"dict": {str(k): describe(x) for k, x in v.items()}}
    return {"object": type(v).__name__}


def run(kwargs: dict) -> list:
    events = []

    class Dump(Callback):
        pass

    def hook(name):
        def f(self, run_context):
            cb = run_context.original_args()
            events.append({"hook": name, "fields": {k: describe(cb[k]) for k in sorted(cb.keys())}})

        return f

    for h in HOOKS:
        setattr(Dump, h, hook(h))
    rs = np.random.RandomState(0)
    data = {"x": rs.randn(6, 3).astype(np.float32), "y": rs.randn(6, 2).astype(np.float32)}
    ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(2)
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    model.train(2, ds, callbacks=[Dump()], **kwargs)
    return events


def _mindspore_fields(fields: dict) -> dict:
    """2.10's fields without its private framework callbacks (``_FrameworkProfilerCallback``)
    in ``list_callback``."""
    out = dict(fields)
    cbs = out.get("list_callback")
    if cbs is not None:
        out["list_callback"] = {"list": [c for c in cbs["list"] if not c["object"].startswith("_")]}
    return out


def _assert_same(got, want, where: str) -> None:
    if isinstance(want, float) and isinstance(got, float):
        assert got == pytest.approx(want, rel=1e-5), where
    elif isinstance(want, dict) and isinstance(got, dict):
        assert sorted(got) == sorted(want), f"{where}: keys {sorted(got)} != {sorted(want)}"
        for k in want:
            _assert_same(got[k], want[k], f"{where}.{k}")
    elif isinstance(want, list) and isinstance(got, list):
        assert len(got) == len(want), f"{where}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            _assert_same(g, w, f"{where}[{i}]")
    else:
        assert got == want, f"{where}: {got!r} != {want!r}"


def test_host_loop_cb_params_match_mindspore() -> None:
    """Without sinking, every field at every hook as 2.10: the keys (fields 2.10 sets to None
    included), the networks, datasets, counters, the batch in ``train_dataset_element`` from
    ``on_train_step_begin`` on, the loss in ``net_outputs``."""
    want = RECORD["runs"]["no_sink"]["events"]
    got = run(RECORD["runs"]["no_sink"]["kwargs"])
    assert [e["hook"] for e in got] == [e["hook"] for e in want]
    for i, (g, w) in enumerate(zip(got, want)):
        _assert_same(g["fields"], _mindspore_fields(w["fields"]), f"{i}:{w['hook']}")


@pytest.mark.parametrize("run_name", ["sink", "sink_size_2"])
def test_sink_cb_params_match_mindspore(run_name: str) -> None:
    """With ``dataset_sink_mode=True`` 2.10's CPU build falls back to the host loop (what was
    recorded); deepsink sinks, and fills cb_params as 2.10's sinking loop does (its
    ``_train_dataset_sink_process``): ``dataset_sink_mode=True`` and ``sink_size`` from
    ``on_train_begin``, ``cur_step_num`` advanced by the sink's steps, the sink iterator's empty
    tuple in ``train_dataset_element``. Every other field is as recorded."""
    kwargs = RECORD["runs"][run_name]["kwargs"]
    want = RECORD["runs"][run_name]["events"]
    got = run(kwargs)
    sink_size = kwargs.get("sink_size", -1)
    steps = 3 if sink_size == -1 else sink_size
    sink_only = {
        "dataset_sink_mode",
        "sink_size",
        "cur_step_num",
        "train_dataset_element",
        "net_outputs",
        "cur_epoch_num",
    }
    for hook in ("on_train_begin", "on_train_end"):
        g = next(e for e in got if e["hook"] == hook)["fields"]
        w = next(e for e in want if e["hook"] == hook)["fields"]
        w = {k: v for k, v in _mindspore_fields(w).items() if k not in sink_only}
        _assert_same({k: v for k, v in g.items() if k not in sink_only}, w, hook)
        assert g["dataset_sink_mode"] is True and g["sink_size"] == sink_size
    step_ends = [e["fields"] for e in got if e["hook"] == "on_train_step_end"]
    assert [f["cur_step_num"] for f in step_ends] == [steps * (i + 1) for i in range(2)]
    assert all(f["train_dataset_element"] == {"tuple": []} for f in step_ends)
    assert all(f["cur_epoch_num"] == i + 1 for i, f in enumerate(step_ends))


def test_cb_params_dict_protocol_counts_fields_set_to_none() -> None:
    """A field assigned None is a key (2.10's dict), one never set is not."""
    params = ms.train.callback.CallbackParam(mode="train")
    assert "train_dataset_element" not in params and "mode" in params
    params.train_dataset_element = None
    assert "train_dataset_element" in params and params["train_dataset_element"] is None
    assert params.pop("train_dataset_element") is None
    assert "train_dataset_element" not in params
