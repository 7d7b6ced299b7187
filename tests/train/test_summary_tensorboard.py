"""SummaryRecord and SummaryCollector also write TensorBoard event files (tensorboardX), read
back here with TensorBoard's own reader (EventAccumulator): scalars, images, histograms, the graph
of the compiled step and the hyper-parameters; MindSpore's file is unchanged by them."""

import numpy as np
import pytest
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorboard.plugins.hparams import plugin_data_pb2

import deepsink as ms
from deepsink.train.summary import SummaryRecord, _events

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


def _read(directory):
    acc = EventAccumulator(str(directory), size_guidance={"images": 0, "histograms": 0,
                                                           "scalars": 0, "tensors": 0})  # fmt: skip
    acc.Reload()
    return acc


def _record_some(record):
    record.add_value("scalar", "loss", ms.Tensor(np.float32(0.5)))
    record.add_value("image", "img", ms.Tensor(np.linspace(0, 1, 2 * 3 * 4 * 5, dtype=np.float32)
                                               .reshape(2, 3, 4, 5)))  # fmt: skip
    record.add_value("histogram", "w", ms.Tensor(np.arange(10, dtype=np.float32)))
    record.add_value("tensor", "t", ms.Tensor(np.ones((2, 2), np.float32)))
    assert record.record(3)
    record.add_value("scalar", "loss", ms.Tensor(np.float32(0.25)))
    assert record.record(4)


def test_summary_record_writes_values_tensorboard_reads(tmp_path):
    with SummaryRecord(str(tmp_path)) as record:
        _record_some(record)
        tb_file = record.tensorboard_file
    assert tb_file.startswith(str(tmp_path)) and ".out.tfevents." in tb_file
    acc = _read(tmp_path)
    tags = acc.Tags()
    assert tags["scalars"] == ["loss"]
    assert [(e.step, e.value) for e in acc.Scalars("loss")] == [(3, 0.5), (4, 0.25)]
    (image,) = acc.Images("img")
    assert (image.step, image.width, image.height) == (3, 10, 4)  # 2 images side by side
    (hist,) = acc.Histograms("w")
    assert hist.step == 3
    assert (hist.histogram_value.min, hist.histogram_value.max) == (0.0, 9.0)
    assert hist.histogram_value.num == 10
    assert acc.Histograms("t")[0].histogram_value.num == 4  # a tensor, as its histogram


def test_mindspore_file_is_the_same_with_and_without_tensorboard(tmp_path, monkeypatch):
    monkeypatch.setattr(_events.time, "time", lambda: 1700000000.0)
    files = {}
    for fmt in ("both", "mindspore"):
        with SummaryRecord(str(tmp_path / fmt), summary_format=fmt) as record:
            _record_some(record)
            files[fmt] = record.log_dir
    assert ".out.events.summary." in files["both"]
    with open(files["both"], "rb") as a, open(files["mindspore"], "rb") as b:
        assert a.read() == b.read()
    assert sorted(p.name for p in (tmp_path / "mindspore").iterdir()) == [
        files["mindspore"].rsplit("/", 1)[1]
    ]


def test_tensorboard_only(tmp_path):
    with SummaryRecord(str(tmp_path), summary_format="tensorboard") as record:
        _record_some(record)
        assert record.log_dir == record.tensorboard_file
    assert [p.name for p in tmp_path.iterdir()] == [record.log_dir.rsplit("/", 1)[1]]
    assert _read(tmp_path).Tags()["scalars"] == ["loss"]


def test_summary_format_and_hparams_errors(tmp_path):
    with pytest.raises(ValueError, match=r"'summary_format' must be one of \['both', "
                                         r"'mindspore', 'tensorboard'\], but got 'tb'"):  # fmt: skip
        SummaryRecord(str(tmp_path), summary_format="tb")
    with SummaryRecord(str(tmp_path)) as record:
        with pytest.raises(TypeError, match=r"the value of 'lr' must be str, bool, int or float"):
            record.add_hparams({"lr": [0.1]})
    with SummaryRecord(str(tmp_path / "m"), summary_format="mindspore") as record:
        assert not record.add_hparams({"lr": 0.1})


def _train(collector, sink):
    import deepsink.dataset as ds
    from deepsink import nn
    from deepsink.train import Model

    ms.set_seed(5)
    net = nn.Dense(2, 1)
    x = np.arange(16, dtype=np.float32).reshape(8, 2) / 10
    data = ds.NumpySlicesDataset({"x": x, "y": x.sum(1, keepdims=True)}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(2, data, callbacks=[collector], dataset_sink_mode=sink)


def _hparams(acc):
    content = acc.summary_metadata["_hparams_/session_start_info"].plugin_data.content
    data = plugin_data_pb2.HParamsPluginData.FromString(content)
    out = {}
    for key, value in data.session_start_info.hparams.items():
        kind = value.WhichOneof("kind")
        out[key] = getattr(value, kind)
    return out


@pytest.mark.parametrize("sink", [False, True])
def test_summary_collector_writes_graph_and_hparams(tmp_path, sink):
    from deepsink.train import SummaryCollector

    with pytest.warns(UserWarning, match=r"does not write \['collect_eval_lineage', "
                                         r"'collect_dataset_graph'\]"):  # fmt: skip
        collector = SummaryCollector(str(tmp_path), collect_freq=1,
                                     custom_lineage_data={"note": "baseline", "width": 2})  # fmt: skip
    _train(collector, sink)
    acc = _read(tmp_path)
    steps = [4, 8] if sink else list(range(1, 9))
    assert [e.step for e in acc.Scalars("loss/auto")] == steps
    assert "weight/auto" in acc.Tags()["histograms"]
    graph = acc.Graph()
    ops = {n.op for n in graph.node}
    assert {"Placeholder", "dot_general", "Identity"} <= ops
    inputs = {n.name for n in graph.node if n.op == "Placeholder"}
    assert {"weight", "bias", "input/0", "input/1"} <= inputs
    hparams = _hparams(acc)
    assert hparams["optimizer"] == "SGD" and hparams["loss_function"] == "MSELoss"
    assert hparams["learning_rate"] == pytest.approx(0.01)
    assert (hparams["batch_size"], hparams["train_dataset_size"], hparams["epoch"]) == (2, 4, 2)
    assert hparams["dataset_sink_mode"] is sink
    assert (hparams["note"], hparams["width"]) == ("baseline", 2)
    assert "_hparams_/session_end_info" in acc.summary_metadata


def test_summary_collector_mindspore_only_writes_no_tensorboard_file(tmp_path):
    from deepsink.train import SummaryCollector

    with pytest.warns(UserWarning, match="collect_graph"):
        collector = SummaryCollector(str(tmp_path), collect_freq=4, summary_format="mindspore")
    _train(collector, False)
    names = [p.name for p in tmp_path.iterdir()]
    assert len(names) == 1 and ".out.events.summary." in names[0]
    with pytest.raises(ValueError, match="'summary_format' must be one of"):
        SummaryCollector(str(tmp_path), summary_format="TensorBoard")


def test_a_step_that_cannot_be_traced_is_logged_and_training_goes_on(tmp_path, caplog):
    import deepsink.dataset as ds
    from deepsink import nn
    from deepsink.train import Model, SummaryCollector

    class HostRead(nn.Cell):  # runs eagerly in PyNative mode; a trace cannot read the value
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 1)

        def construct(self, x):
            return self.dense(x) * (2.0 if float(x.sum().asnumpy()) > 0 else 1.0)

    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = HostRead()
    x = np.ones((4, 2), np.float32)
    data = ds.NumpySlicesDataset({"x": x, "y": x[:, :1]}, shuffle=False).batch(2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    with pytest.warns(UserWarning):
        collector = SummaryCollector(str(tmp_path), collect_freq=1)
    with caplog.at_level("WARNING", logger="deepsink.summary"):
        model.train(1, data, callbacks=[collector], dataset_sink_mode=False)
    assert "the graph of the training step was not written" in caplog.text
    acc = _read(tmp_path)
    assert [e.step for e in acc.Scalars("loss/auto")] == [1, 2]
    assert not acc.Tags()["graph"]
