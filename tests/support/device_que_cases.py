"""``Dataset.device_que`` cases whose outcomes MindSpore 2.10 (CPU) fixes: the TransferDataset's
metadata, what it refuses before and after ``send``, its argument errors and its JSON.
``scripts/record_device_que_fixtures.py`` records 2.10's outcomes
(``tests/fixtures/ms/device_que.json``); ``tests/dataset/test_device_que.py`` replays them."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

TFRECORD = (
    Path(__file__).resolve().parent.parent / "fixtures" / "dataset" / "tfrecord" / "part-0.tfrecord"
)

QUERIES = ("get_data_info", "get_mbuf_queue_size", "get_send_info")
REFUSED = (
    "create_dict_iterator",
    "create_tuple_iterator",
    "__iter__",
    "output_shapes",
    "output_types",
)


def _outcome(fn) -> object:
    """``fn()`` as JSON, or ``{"error": type, "message": first line}``."""
    try:
        v = fn()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return {"error": type(e).__name__, "message": str(e).strip().splitlines()[0]}
    if isinstance(v, tuple):
        v = list(v)
    return v


def _source(ds):
    data = {"x": np.arange(6, dtype=np.int32), "y": np.arange(6, dtype=np.float32)}
    return ds.NumpySlicesDataset(data, shuffle=False).batch(2)


def outcomes(ds) -> dict:
    out: dict = {}
    t = _source(ds).device_que()
    out["meta"] = [type(t).__name__, t.get_col_names(), t.get_dataset_size(), t.get_batch_size()]
    for name in REFUSED:
        out[f"refused/{name}"] = _outcome(lambda name=name: getattr(t, name)())
    for name in QUERIES:
        out[f"before_send/{name}"] = _outcome(lambda name=name: getattr(t, name)())
    t.send(1)
    time.sleep(0.2)
    for name in ("get_mbuf_queue_size", "get_send_info"):
        out[f"sent/{name}"] = _outcome(lambda name=name: getattr(t, name)())
    t.stop_send()
    t.continue_send()
    t.release()
    for kwargs in ({"send_epoch_end": 1}, {"create_data_info_queue": "a"}, {"queue_name": 3}):
        key = "args/" + ",".join(kwargs)
        out[key] = _outcome(lambda kwargs=kwargs: _source(ds).device_que(**kwargs) and None)
    for epochs in (-2, "a", 1.5):
        out[f"send/{epochs}"] = _outcome(lambda e=epochs: _source(ds).device_que().send(e))
    tree = ds.serialize(_source(ds).device_que())
    out["json_default"] = {k: v for k, v in tree.items() if k not in ("children", "queue_name")}
    named = _source(ds).device_que(False, True, "queue_0")
    out["json_named"] = {k: v for k, v in ds.serialize(named).items() if k != "children"}
    # a source 2.10 rebuilds from JSON: the rebuilt pipeline writes the same JSON
    tf = ds.TFRecordDataset(str(TFRECORD), shuffle=False).batch(2).device_que(queue_name="q")
    tree = ds.serialize(tf)
    out["rebuilt_same"] = ds.serialize(ds.deserialize(input_dict=tree)) == tree
    return out
