"""export(net, dataset, file_format="MINDIR"): the dataset's map operations kept in the file as
MindSpore 2.10 keeps them (``tests/fixtures/ms/mindir/preprocessing.json``, recorded by
scripts/record_mindir_preprocessing.py from the same pipeline)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn
from deepsink.dataset import transforms, vision

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
RECORD = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "mindir" / "preprocessing.json").read_text()
)

import record_mindir_preprocessing as recorder  # noqa: E402


def _preprocessor(model) -> list[dict]:
    return [
        {"input_columns": op.input_columns, "output_columns": op.output_columns,
         "op_type": op.op_type, "operations": op.operations, "offload": op.offload}
        for op in model.preprocessor.op
    ]  # fmt: skip


def test_dataset_export_keeps_the_map_operations_as_mindspore(tmp_path):
    net = nn.Conv2d(3, 2, 3)
    ms.export(net, recorder.pipeline(ds, vision, transforms), file_name=str(tmp_path / "n"),
              file_format="MINDIR")  # fmt: skip
    model = ms.load_mindir(str(tmp_path / "n.mindir"))
    assert _preprocessor(model) == RECORD["preprocessor"]
    assert [[list(t.dims) for t in i.tensor] for i in model.graph.input] == RECORD["inputs"]
    # the network itself is there and runs on the image column's shape
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 3, 8, 8)).astype(np.float32))
    back = nn.GraphCell(ms.load(str(tmp_path / "n.mindir")))(x)
    np.testing.assert_allclose(back.asnumpy(), net(x).asnumpy(), rtol=1e-5, atol=1e-6)


def test_dataset_keyword_with_tensor_inputs_and_the_errors(tmp_path):
    net = nn.Conv2d(3, 2, 3)
    x = ms.Tensor(np.ones((2, 3, 8, 8), np.float32))
    data = recorder.pipeline(ds, vision, transforms)
    ms.export(net, x, file_name=str(tmp_path / "k"), file_format="MINDIR", dataset=data)
    assert _preprocessor(ms.load_mindir(str(tmp_path / "k.mindir"))) == RECORD["preprocessor"]
    ms.export(net, x, file_name=str(tmp_path / "none"), file_format="MINDIR", dataset=None)
    assert not ms.load_mindir(str(tmp_path / "none.mindir")).preprocessor.op
    with pytest.raises(TypeError, match="must be in the Union\\(Dataset, .*but got type str"):
        ms.export(net, x, file_name=str(tmp_path / "s"), file_format="MINDIR", dataset="data")
    with pytest.raises(RuntimeError, match="You can only serialize one dataset into MindIR, got 2"):
        ms.export(net, data, data, file_name=str(tmp_path / "two"), file_format="MINDIR")
    labels = ds.NumpySlicesDataset({"label": np.arange(4, dtype=np.int32)}, shuffle=False)
    with pytest.raises(
        RuntimeError, match=r'Only supports parse "image" column .*columns: \[\'label\'\]'
    ):
        ms.export(net, labels, file_name=str(tmp_path / "l"), file_format="MINDIR")
    with pytest.raises(NotImplementedError, match="ONNX file has no place for the dataset"):
        ms.export(net, data, file_name=str(tmp_path / "o"), file_format="ONNX")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.mindir", "none.mindir"]
