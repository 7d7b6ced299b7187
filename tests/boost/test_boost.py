"""``mindspore.boost`` on deepsink against MindSpore 2.10's results
(``tests/fixtures/ms/boost/boost_cases.json``, recorded by ``scripts/record_boost_fixtures.py``
from the cases of ``tests/support/boost_cases.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import boost_cases
import pytest

import deepsink as ms
from deepsink import boost, nn

RECORDED = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "boost" / "boost_cases.json").read_text()
)
# MindSpore 2.10's CPU build cannot run its loss-scale boost cell (it checks overflow with an
# Ascend kernel, NPUGetFloatStatusV2); deepsink checks the gradients as MindSpore does on GPU
CPU_REFUSED = {"loss_scale_training"}


@pytest.fixture(autouse=True)
def _fresh_mode():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)
    boost.AutoBoost._instance = None


def _close(got, want, path="") -> None:
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for k in want:
            _close(got[k], want[k], f"{path}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list | tuple) and len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{path}[{i}]")
    elif isinstance(want, float):
        assert abs(got - want) <= 2e-5 + 1e-5 * abs(want), (path, got, want)
    else:
        assert got == want, path


@pytest.mark.parametrize("name", sorted(set(boost_cases.CASES) - CPU_REFUSED))
def test_case_matches_mindspore(name):
    assert "error" not in RECORDED[name], RECORDED[name]
    _close(boost_cases.CASES[name](ms), RECORDED[name], name)


def test_loss_scale_step_skips_an_overflowing_update():
    assert "NPUGetFloatStatusV2" in RECORDED["loss_scale_training"]["error"]
    got = boost_cases.loss_scale_training(ms)
    assert not got["1024.0"]["overflow"] and got["1024.0"]["scale"] == 1024.0
    assert got["3e+38"]["overflow"]
    # the overflowing step leaves the weights as they were; the finite one is the plain SGD step
    start = boost_cases._weights(boost_cases._net(ms))
    _close(got["3e+38"]["weights"], start)
    net = boost_cases._net(ms)
    plain = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1)
    )
    plain(*boost_cases._data(ms))
    _close(got["1024.0"]["weights"], boost_cases._weights(net))


def test_gradient_accumulation_in_graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    _close(boost_cases.gradient_accumulation(ms), RECORDED["gradient_accumulation"])


def test_refusals_name_their_reason():
    net = nn.Dense(2, 1)
    with pytest.raises(RuntimeError, match="init"):
        boost.AdaSum(0, 8, 2, ms.ParameterTuple(net.trainable_params()))
    with pytest.raises(RuntimeError, match="DimReduce"):
        boost.DimReduce(
            net, nn.SGD(net.trainable_params()), None, None, 2, 0.5, 0.9, 0.1, 0.4, 0, 1
        )
    manager = boost.GroupLossScaleManager(1024.0, [[net.weight], [net.bias]])
    assert manager.get_loss_scale() == 1024.0
    with pytest.raises(RuntimeError, match="_DynamicLossScale"):
        manager.set_loss_scale_status(2, 1024.0)
    with pytest.raises(AttributeError, match="mindspore.boost.NoSuchThing"):
        boost.NoSuchThing  # noqa: B018


def test_bad_arguments():
    net = nn.Dense(2, 1)
    with pytest.raises(TypeError, match="max_accumulation_step"):
        boost.GradientAccumulation(2.0, nn.SGD(net.trainable_params()))
    with pytest.raises(ValueError, match="max_accumulation_step"):
        boost.GradientAccumulation(0, nn.SGD(net.trainable_params()))
    with pytest.raises(TypeError, match="Optimizer instance"):
        boost.FreezeOpt(net)
    with pytest.raises(ValueError, match="train_parameter_groups"):
        boost.FreezeOpt(nn.SGD(net.trainable_params()), None, [0, 1])
    with pytest.raises(ValueError, match="Unsupported freezing"):
        boost.GradientFreeze(2, 0, 0.5, 4).generate_freeze_index_sequence(2, 5, 0.5, 4)


def test_optimizers_record_their_arguments():
    net = nn.Dense(2, 1)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    assert opt.init_args == {"momentum": 0.9, "weight_decay": 0.0, "loss_scale": 1.0,
                             "use_nesterov": False}  # fmt: skip
    assert opt.init_learning_rate == 0.1
    assert [p.name for p in opt.init_params["params"]] == ["weight", "bias"]
