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
    record = SummaryRecord(
        str(tmp_path / "a"),
        max_file_size=120,
        raise_exception=True,
        export_options={"tensor_format": "npy"},
    )
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


def _train_with(collector, epochs=2, sink=False):
    import deepsink.dataset as ds
    from deepsink import nn
    from deepsink.train import Model

    ms.set_seed(5)
    net = nn.Dense(2, 1)
    x = np.arange(16, dtype=np.float32).reshape(8, 2) / 10
    data = ds.NumpySlicesDataset({"x": x, "y": x.sum(1, keepdims=True)}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(epochs, data, callbacks=[collector], dataset_sink_mode=sink)
    return net


def test_summary_collector_records_loss_and_histograms(tmp_path):
    from deepsink.train import SummaryCollector

    with pytest.warns(UserWarning, match="does not write"):
        collector = SummaryCollector(
            str(tmp_path), collect_freq=3, collect_specified_data={"histogram_regular": "^weight"}
        )
    net = _train_with(collector)
    assert collector.recorded_steps == [1, 3, 6]  # the first step, then every 3rd of 8
    (path,) = list(tmp_path.glob("*.out.events.summary.*"))
    events = _events_of(str(path))
    assert [e.step for e in events[1:]] == [1, 3, 6]
    tags = [{v.tag for v in e.summary.value} for e in events[1:]]
    assert tags == [{"loss/auto", "weight/auto"}] * 3
    last = {v.tag: v for v in events[-1].summary.value}
    assert np.isfinite(last["loss/auto"].scalar_value)
    assert last["weight/auto"].histogram.count == net.weight.size


def test_summary_collector_options(tmp_path):
    from deepsink.train import SummaryCollector

    quiet = {
        "collect_graph": False,
        "collect_train_lineage": False,
        "collect_eval_lineage": False,
        "collect_dataset_graph": False,
    }
    collector = SummaryCollector(
        str(tmp_path),
        collect_freq=1,
        keep_default_action=False,
        collect_specified_data={"collect_metric": True, **quiet},
    )
    _train_with(collector, epochs=1, sink=True)
    assert collector.recorded_steps == [4]  # sink mode: once per epoch (4 steps a sink)
    with pytest.raises(ValueError, match="collect_freq"):
        SummaryCollector(str(tmp_path), collect_freq=0)
    with pytest.raises(ValueError, match="unsupported"):
        SummaryCollector(str(tmp_path), collect_specified_data={"collect_audio": True})
    with pytest.raises(ValueError, match="regular expression"):
        SummaryCollector(str(tmp_path), collect_specified_data={"histogram_regular": "("})
    with pytest.raises(NotImplementedError, match="SummaryLandscape"):
        SummaryCollector(str(tmp_path), collect_specified_data={"collect_landscape": {"a": 1}})
    assert ms.SummaryCollector is SummaryCollector
