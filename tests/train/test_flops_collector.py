"""FlopsUtilizationCollector: the step's FLOPs from XLA's cost analysis against the analytic count
of a matmul-dominated network (forward 2·B·I·O, backward twice that), and MindSpore's printed
lines and MFU/HFU arithmetic."""

import re

import numpy as np
import pytest

import deepsink.dataset as ds
from deepsink import nn
from deepsink.train import FlopsUtilizationCollector, Model
from deepsink.train.callback._flops_collector import step_flops


def test_step_flops_match_the_analytic_count():
    b, i, o = 64, 256, 256
    dense = nn.Dense(i, o, has_bias=False)
    net = nn.TrainOneStepCell(
        nn.WithLossCell(dense, nn.MSELoss()), nn.SGD(dense.trainable_params(), 0.1)
    )
    model, hardware = step_flops(net, [[b, i], [b, o]], [np.float32, np.float32])
    # the forward matmul and the weight gradient's (the input needs no gradient)
    analytic = 2 * 2 * b * i * o
    assert analytic <= model <= 1.05 * analytic
    assert hardware > 0


def test_prints_flops_then_step_lines(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("MA_LOG_DIR", str(tmp_path))
    data = {"x": np.ones((16, 10), np.float32), "y": np.zeros((16,), np.int32)}
    dataset = ds.NumpySlicesDataset(data=data, shuffle=False).batch(4)
    net = nn.Dense(10, 5)
    crit = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    cb = FlopsUtilizationCollector(3, computility=1e6, enable_ma_collector=True)
    Model(net, crit, nn.Momentum(net.trainable_params(), 0.01, 0.9)).train(
        1, dataset, callbacks=[cb], dataset_sink_mode=False
    )
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(
        r"Full model flops is [\d.]+, Full hardware flops is [\d.]+, Shard model "
        r"flops is [\d.]+, Shard hardware flops is [\d.]+\.",
        lines[0],
    )
    steps = [ln for ln in lines[1:] if ln.startswith("Train per step time")]
    assert len(steps) == 3  # steps 1, 2, 4 (step 3 is a multiple of data_size)
    m = re.fullmatch(r"Train per step time: +([\d.]+) ms mfu:([\d.]+)% hfu:([\d.]+)%", steps[0])
    ms_, mfu = float(m.group(1)), float(m.group(2))
    assert mfu == pytest.approx(100 * 1000 * cb.full_model_flops / 1e6 / ms_, rel=0.02, abs=0.02)
    assert (tmp_path / "flops_rank_0.txt").read_text().startswith('flops{type="model_flops"')
    assert "per_step_time" in (tmp_path / "time_step_rank_0.txt").read_text()
    with pytest.raises(TypeError, match="data_size"):
        FlopsUtilizationCollector(0)
    with pytest.raises(TypeError, match="full_flops"):
        FlopsUtilizationCollector(1, full_flops=1)


@pytest.mark.parametrize("name", ["TrainFaultTolerance", "SummaryLandscape"])
def test_refused_callbacks_say_why(name):
    import deepsink as ms

    cls = getattr(ms.train, name)
    assert getattr(ms, name) is cls
    with pytest.raises(NotImplementedError, match="not supported by deepsink: .{30,}"):
        cls("./summary")
