"""MindRecord converters: the rows deepsink writes are the rows MindSpore 2.10 writes for the same
inputs (read back by MindSpore's FileReader, recorded in tests/fixtures/ms/)."""

from __future__ import annotations

import hashlib
import json
import math
import os
from pathlib import Path

import pytest
from mindrecord_inputs import make_inputs

from deepsink import mindrecord as mr

REC = json.loads((Path(__file__).parents[1] / "fixtures/ms/mindrecord_converters.json").read_text())


def _rows(path, relative_to=None):
    reader = mr.FileReader(path)
    rows = []
    for row in reader.get_next():
        out = {}
        for k, v in sorted(row.items()):
            if isinstance(v, bytes):
                v = "sha256:" + hashlib.sha256(v).hexdigest()
            elif hasattr(v, "item"):
                v = v.item()
            elif k == "file_name" and relative_to:
                v = os.path.relpath(v, relative_to)
            out[k] = v
        rows.append(out)
    return {"schema": reader.schema(), "rows": rows}


def _same(got, key, ordered=True):
    want = REC[key]
    assert got["schema"] == want["schema"]
    if ordered:
        assert got["rows"] == want["rows"]
    else:  # MindSpore concatenates the batches in os.listdir order; deepsink sorts them by name

        def strip(rows):
            return sorted(
                json.dumps({k: v for k, v in r.items() if k != "id"}, sort_keys=True) for r in rows
            )

        assert strip(got["rows"]) == strip(want["rows"])
        assert [r["id"] for r in got["rows"]] == list(range(len(want["rows"])))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    return make_inputs(str(tmp_path_factory.mktemp("in")))


def test_cifar_converters_write_mindsporess_rows(inputs, tmp_path):
    dest = str(tmp_path / "c10.mindrecord")
    mr.Cifar10ToMR(inputs["cifar10"], dest).transform(["label"])
    _same(_rows(dest), "cifar10", ordered=False)
    _same(_rows(dest + "_test"), "cifar10_test")
    dest = str(tmp_path / "c100.mindrecord")
    assert mr.Cifar100ToMR(inputs["cifar100"], dest).run() == mr.SUCCESS == 0
    _same(_rows(dest), "cifar100")
    _same(_rows(dest + "_test"), "cifar100_test")


def test_mnist_and_imagenet_converters_write_mindsporess_rows(inputs, tmp_path):
    mr.MnistToMR(inputs["mnist"], str(tmp_path / "mnist")).transform()
    _same(_rows(str(tmp_path / "mnist_train.mindrecord")), "mnist_train")
    _same(_rows(str(tmp_path / "mnist_test.mindrecord")), "mnist_test")
    dest = str(tmp_path / "inet.mindrecord")
    mr.ImageNetToMR(inputs["map_file"], inputs["imagenet"], dest).transform()
    got = _rows(dest, inputs["imagenet"])
    got["rows"].sort(key=lambda r: r["file_name"])
    _same(got, "imagenet")


def test_csv_converter_types_columns_as_pandas_infers_them(inputs, tmp_path):
    dest = str(tmp_path / "csv.mindrecord")
    mr.CsvToMR(inputs["csv"], dest).transform()
    reader = mr.FileReader(dest)
    assert reader.schema() == {
        "id": {"type": "int64"}, "score": {"type": "float64"}, "flag": {"type": "int32"},
        "name": {"type": "string"}, "part": {"type": "string"},
    }  # fmt: skip
    rows = list(reader.get_next())
    assert [r["id"] for r in rows] == [1, 2, 3] and [r["flag"] for r in rows] == [1, 0, 1]
    assert rows[0]["score"] == 0.5 and math.isnan(rows[1]["score"]) and rows[1]["part"] == "x"
    kept = str(tmp_path / "kept.mindrecord")
    mr.CsvToMR(inputs["csv"], kept, columns_list=["name"]).transform()
    assert [r["name"] for r in mr.FileReader(kept).get_next()] == ["ab", "cd", "ef"]


def test_converters_refuse_bad_arguments(inputs, tmp_path):
    with pytest.raises(ValueError, match="data_batch_"):
        mr.Cifar10ToMR(inputs["cifar100"], str(tmp_path / "x"))
    with pytest.raises(ValueError, match="partition_number must be int"):
        mr.MnistToMR(inputs["mnist"], str(tmp_path / "m"), partition_number="1")
    with pytest.raises(ValueError, match="columns_list must be list of str"):
        mr.CsvToMR(inputs["csv"], str(tmp_path / "c"), columns_list=[1])
    with pytest.raises(RuntimeError, match="column nope does not exist"):
        mr.CsvToMR(inputs["csv"], str(tmp_path / "c2"), columns_list=["nope"]).transform()
    with pytest.raises(ValueError, match="fields should be None or list"):
        mr.Cifar10ToMR(inputs["cifar10"], str(tmp_path / "c3")).transform("label")
    with pytest.raises(NotImplementedError, match="TensorFlow"):
        mr.TFRecordToMR("a", "b", {})
