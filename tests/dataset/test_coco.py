"""CocoDataset reads every task as MindSpore 2.10 does: rows, columns, dtypes and values recorded
from MindSpore on the tiny set in ``tests/fixtures/ms/coco`` (``scripts/record_coco_fixtures.py``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import deepsink.dataset as ds

COCO = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "coco"
EXPECTED = json.loads((COCO / "expected.json").read_text())
FILES = {
    "Detection": "detection",
    "Stuff": "detection",
    "Keypoint": "keypoint",
    "Panoptic": "panoptic",
    "Captioning": "captioning",
}


def _coco(task, **kw):
    return ds.CocoDataset(str(COCO / "images"), str(COCO / f"{FILES[task]}.json"), task=task, **kw)


@pytest.mark.parametrize("task", list(FILES))
def test_each_task_reads_as_mindspore(task):
    want = EXPECTED[task]
    d = _coco(task, shuffle=False, decode=True, extra_metadata=True)
    assert d.get_col_names() == want["columns"]
    assert d.get_dataset_size() == want["size"]
    if "class_indexing" in want:
        assert d.get_class_indexing() == want["class_indexing"]
    rows = list(d.rename("_meta-filename", "filename").create_dict_iterator(output_numpy=True))
    assert len(rows) == len(want["rows"])
    for got, exp in zip(rows, want["rows"], strict=True):
        assert list(got["image"].shape) == exp.pop("image_shape")
        exp_name = exp["filename"]["value"]
        np.testing.assert_array_equal(
            got["image"], np.asarray(Image.open(COCO / "images" / f"{exp_name}.jpg").convert("RGB"))
        )
        for col, e in exp.items():
            v = got[col]
            assert list(v.shape) == e["shape"] and str(v.dtype) == e["dtype"], col
            assert v.tolist() == e["value"], col


def test_metadata_is_left_out_unless_renamed_and_undecoded_images_are_bytes():
    row = next(
        iter(
            _coco("Detection", shuffle=False, extra_metadata=True).create_dict_iterator(
                output_numpy=True
            )
        )
    )
    assert sorted(row) == ["bbox", "category_id", "image", "iscrowd"]
    assert row["image"].dtype == np.uint8 and row["image"].ndim == 1
    assert row["image"].tobytes() == (COCO / "images" / "a.jpg").read_bytes()


def test_bad_arguments_raise_mindspores_types(tmp_path):
    with pytest.raises(ValueError, match="Invalid task type: Foo"):
        ds.CocoDataset(str(COCO / "images"), str(COCO / "detection.json"), task="Foo")
    with pytest.raises(ValueError, match="does not exist"):
        ds.CocoDataset(str(COCO / "images"), str(tmp_path / "none.json"))
    with pytest.raises(TypeError, match="decode"):
        _coco("Detection", decode=1)
    with pytest.raises(NotImplementedError, match="Detection' and 'Panoptic"):
        _coco("Stuff").get_class_indexing()


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda doc: doc.pop("images"), "'images' is missing"),
        (lambda doc: doc["annotations"][0].update(category_id=9), "'category_id': 9 is missing"),
    ],
)
def test_malformed_annotations_fail_when_read(tmp_path, edit, words):
    doc = json.loads((COCO / "detection.json").read_text())
    edit(doc)
    ann = tmp_path / "bad.json"
    ann.write_text(json.dumps(doc))
    shutil.copytree(COCO / "images", tmp_path / "images")
    d = ds.CocoDataset(str(tmp_path / "images"), str(ann))
    with pytest.raises(RuntimeError, match=words):
        list(d.create_dict_iterator(num_epochs=1))
