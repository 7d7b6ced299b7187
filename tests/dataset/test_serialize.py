"""serialize / deserialize / show / compare against MindSpore 2.10's JSON form of the same
pipelines (``tests/fixtures/ms/sources/serialize.json``, recorded by
``scripts/record_serialize_fixture.py``): deepsink writes MindSpore's JSON, reads MindSpore's
files, and the rebuilt pipeline yields MindSpore's rows."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.transforms as T
import deepsink.dataset.vision as vision
from deepsink.dataset.vision import Inter

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sources" / "serialize.json"


def _mnist(folder: Path) -> str:
    images = (np.arange(6 * 784) % 251).astype(np.uint8)
    (folder / "train-images-idx3-ubyte").write_bytes(
        struct.pack(">IIII", 2051, 6, 28, 28) + images.tobytes()
    )
    (folder / "train-labels-idx1-ubyte").write_bytes(
        struct.pack(">II", 2049, 6) + bytes([3, 1, 4, 1, 5, 9])
    )
    return str(folder)


def _pipelines(d: str) -> dict:
    a = ds.MnistDataset(d, usage="train", num_samples=4, shuffle=False)
    a = a.map(
        [vision.Resize((8, 8)), vision.Rescale(1 / 255, 0), vision.HWC2CHW()], input_columns="image"
    )
    a = a.map(T.TypeCast(np.int32), input_columns="label")
    a = a.batch(2, drop_remainder=True).repeat(2)
    b = ds.MnistDataset(d, usage="train", shuffle=False)
    b = b.map(
        [
            vision.Resize(10, Inter.NEAREST),
            vision.CenterCrop(8),
            vision.RandomHorizontalFlip(0.5),
            vision.Normalize([1.0], [2.0]),
        ],
        input_columns="image",
    )
    b = b.map(T.OneHot(10), input_columns="label")
    b = b.project(["label", "image"]).rename(["image"], ["img"]).take(5).skip(1)
    return {"resize_batch_repeat": a, "crop_flip_project": b}


def _canon(tree):
    """Numbers as float32 (MindSpore writes its float32 parameters), workers left out (they
    follow the machine)."""
    if isinstance(tree, dict):
        return {k: _canon(v) for k, v in tree.items() if k != "num_parallel_workers"}
    if isinstance(tree, list):
        return [_canon(v) for v in tree]
    if isinstance(tree, float):
        return float(np.float32(tree))
    return tree


@pytest.mark.parametrize("name", ["resize_batch_repeat", "crop_flip_project"])
def test_json_equals_mindspores(name, tmp_path):
    want = json.loads(FIXTURE.read_text())[name]
    d = _mnist(tmp_path)
    got = json.loads(json.dumps(ds.serialize(_pipelines(d)[name])).replace(d, "@DIR@"))
    assert _canon(got) == _canon(want["json"])


def test_mindspore_json_rebuilds_the_pipeline(tmp_path):
    want = json.loads(FIXTURE.read_text())["resize_batch_repeat"]
    d = _mnist(tmp_path)
    tree = json.loads(json.dumps(want["json"]).replace("@DIR@", d))
    (tmp_path / "p.json").write_text(json.dumps(tree))
    rebuilt = ds.deserialize(json_filepath=str(tmp_path / "p.json"))
    rows = [
        [r.tolist() for r in row]
        for row in rebuilt.create_tuple_iterator(output_numpy=True, num_epochs=1)
    ]
    assert len(rows) == len(want["rows"])
    for got_row, want_row in zip(rows, want["rows"]):
        np.testing.assert_allclose(np.array(got_row[0]), np.array(want_row[0]), rtol=1e-6)
        assert got_row[1] == want_row[1]
    # the same pipeline, up to the float32 rounding of Rescale's factor in MindSpore's file
    assert _canon(ds.serialize(rebuilt)) == _canon(
        ds.serialize(_pipelines(d)["resize_batch_repeat"])
    )


def test_round_trip_show_and_refusals(tmp_path, monkeypatch):
    d = _mnist(tmp_path)
    p = _pipelines(d)["crop_flip_project"]
    again = ds.deserialize(input_dict=ds.serialize(p, str(tmp_path / "out.json")))
    assert ds.compare(p, again) and json.loads((tmp_path / "out.json").read_text()) == ds.serialize(
        p
    )
    assert not ds.compare(p, again.repeat(2))
    logged = []
    monkeypatch.setattr("deepsink.log.info", logged.append)
    ds.show(p.take(1), indentation=None)  # to the log at INFO, as 2.10
    assert '"op_type": "Take"' in logged[0]
    gen = ds.serialize(ds.GeneratorDataset([1, 2], ["x"]))  # written, not rebuilt (2.10)
    with pytest.raises(RuntimeError, match="unsupported operation type: GeneratorDataset"):
        ds.deserialize(input_dict=gen)
    with pytest.raises(RuntimeError, match="unsupported operation: Solarize"):
        ds.deserialize(
            input_dict={
                "op_type": "Map",
                "children": [ds.serialize(ds.MnistDataset(d))],
                "operations": [{"tensor_op_name": "Solarize", "tensor_op_params": {}}],
            }
        )
    assert ds.deserialize() is None


def double(x):
    return x * 2


def test_user_functions_are_written_by_name_and_not_rebuilt(tmp_path):
    d = _mnist(tmp_path)
    p = ds.MnistDataset(d, usage="train", shuffle=False).map(double, input_columns="label")
    tree = ds.serialize(p)
    assert tree["operations"] == [
        {
            "python_module": "mindspore.dataset.transforms.py_transforms_util",
            "tensor_op_name": "double",
        }
    ]
    rebuilt = ds.deserialize(input_dict=tree)  # 2.10 fails only when the pipeline is used
    with pytest.raises(RuntimeError, match="Failed to find key 'tensor_op_params'"):
        ds.serialize(rebuilt)
    with pytest.raises(Exception, match="Failed to find key 'tensor_op_params'"):
        next(rebuilt.create_tuple_iterator(output_numpy=True))
