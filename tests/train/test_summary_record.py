"""SummaryRecord writes MindSpore's summary event files: every value's bytes equal what
MindSpore 2.10 writes for the same data (recorded), the framing carries valid masked CRC32Cs,
and the writer's options (file name, max_file_size, export, plugin_filter, close) behave as
MindSpore's."""

import importlib.util
import json
import os
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink.train.summary import SummaryRecord, _events

ROOT = Path(__file__).resolve().parents[2]
FIX = json.loads((ROOT / "tests/fixtures/ms/summary/values.json").read_text())


def _cases():
    spec = importlib.util.spec_from_file_location(
        "rec", ROOT / "scripts/record_summary_fixtures.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.cases()


def _events_of(path):
    return [_events.parse(data) for data in _events.read_records(path)]


def test_values_are_byte_identical_to_mindspores(tmp_path):
    with SummaryRecord(str(tmp_path)) as record:
        for plugin, tag, data in _cases():
            record.add_value(plugin, tag, ms.Tensor(data))
        assert record.record(FIX["step"])
        path = record.log_dir
    events = _events_of(path)
    assert events[0].version == FIX["version"]
    assert events[1].step == FIX["step"]
    got = {v.tag: v.SerializeToString().hex() for v in events[1].summary.value}
    assert sorted(got) == sorted(FIX["values"])
    for tag, want in FIX["values"].items():
        assert got[tag] == want, tag


def test_file_name_records_and_filter(tmp_path):
    record = SummaryRecord(str(tmp_path), file_prefix="xx_", file_suffix="_yy")
    name = os.path.basename(record.log_dir)
    assert name.startswith("xx_.out.events.summary.") and name.endswith("_yy")
    record.add_value("scalar", "loss", ms.Tensor(1.5))
    record.add_value("histogram", "w", ms.Tensor(np.arange(4.0)))
    record.record(1, plugin_filter=lambda plugin: plugin == "scalar")
    record.add_value("scalar", "loss", ms.Tensor(1.0))
    record.add_value("scalar", "loss", ms.Tensor(0.75))  # the newest of a duplicate wins
    record.record(2)
    record.close()
    assert not record.record(3)
    events = _events_of(record.log_dir)
    assert [e.step for e in events[1:]] == [1, 2]
    assert [v.tag for v in events[1].summary.value] == ["loss"]
    assert [v.scalar_value for v in events[2].summary.value] == [0.75]


def test_max_file_size_and_export(tmp_path):
    record = SummaryRecord(str(tmp_path / "a"), max_file_size=120, raise_exception=True,
                           export_options={"tensor_format": "npy"})  # fmt: skip
    record.add_value("tensor", "t/x", ms.Tensor(np.ones((2, 2), np.float32)))
    assert record.record(1)
    exported = list((tmp_path / "a").glob("export_*/tensor/t%2Fx_1.npy"))
    assert len(exported) == 1 and np.load(exported[0]).shape == (2, 2)
    record.add_value("tensor", "big", ms.Tensor(np.ones((64,), np.float32)))
    with pytest.raises(RuntimeWarning, match="max_file_size"):
        record.record(2)
    record.close()


def test_errors(tmp_path):
    with SummaryRecord(str(tmp_path)) as record:
        with pytest.raises(ValueError, match="plugin"):
            record.add_value("audio", "x", ms.Tensor(1.0))
        with pytest.raises(TypeError, match="Tensor"):
            record.add_value("scalar", "x", 1.0)
        with pytest.raises(ValueError, match="name"):
            record.add_value("scalar", "", ms.Tensor(1.0))
        with pytest.raises(ValueError, match="NCHW"):
            record.add_value("image", "x", ms.Tensor(np.ones((2, 2), np.float32)))
        with pytest.raises(NotImplementedError, match="graph IR"):
            record.add_value("graph", "g", ms.Tensor(1.0))
        with pytest.raises(TypeError, match="step"):
            record.record(1.5)
        with pytest.raises(ValueError, match="mode"):
            record.set_mode("test")
    with pytest.raises(ValueError, match="file_prefix"):
        SummaryRecord(str(tmp_path), file_prefix="a/b")
    with pytest.raises(ValueError, match="tensor_format"):
        SummaryRecord(str(tmp_path), export_options={"tensor_format": "csv"})


def test_exports():
    assert ms.SummaryRecord is SummaryRecord and ms.train.SummaryRecord is SummaryRecord
