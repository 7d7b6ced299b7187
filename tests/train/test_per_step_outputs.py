"""Every step's outputs from a sink: ``Callback.needs_per_step_outputs``,
``cb_params.net_outputs_per_step``, ``LossMonitor(per_step=True)`` and ``History(per_step=True)``
against the same training run without sinking."""

import re

import numpy as np
import pytest
from cellkit import Linear

import deepsink as ms
import deepsink.dataset as ds
from deepsink import context, nn
from deepsink.train.callback._callback import CallbackParam, RunContext
from deepsink.train.callback._history import History

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


def _data(n=40, batch=4):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(n, 3)).astype(np.float32)
    y = (x @ np.array([[1.0, -2.0], [0.5, 0.0], [0.0, 3.0]], np.float32)).astype(np.float32)
    return ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(4)


def _model():
    ms.set_seed(5)
    net = Linear(3, 2)
    return ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))


class PerStep(ms.Callback):
    needs_per_step_outputs = True

    def __init__(self):
        self.calls = []  # (cur_step_num, [loss of each step handed at this hook])

    def on_train_step_end(self, run_context):
        p = run_context.original_args()
        losses = [float(np.asarray(o.asnumpy() if hasattr(o, "asnumpy") else o))
                  for o in p.net_outputs_per_step]  # fmt: skip
        assert losses[-1] == float(p.net_outputs.asnumpy())
        self.calls.append((p.cur_step_num, losses))


def _reference_losses(epochs):
    cb = PerStep()
    _model().train(epochs, _data(), callbacks=[cb], dataset_sink_mode=False)
    assert all(len(losses) == 1 for _, losses in cb.calls)
    return [losses[0] for _, losses in cb.calls]


@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_sink_hands_every_step_loss_equal_to_the_run_without_sink(strategy):
    context.set_context(sink_strategy=strategy)
    ref = _reference_losses(3)  # 30 steps over a 10-batch dataset
    cb = PerStep()
    _model().train(5, _data(), callbacks=[cb], dataset_sink_mode=True, sink_size=6)
    assert [step for step, _ in cb.calls] == [6, 12, 18, 24, 30]
    assert all(len(losses) == 6 for _, losses in cb.calls)
    got = [loss for _, losses in cb.calls for loss in losses]
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("strategy", ["scan", "steps"])
def test_per_step_outputs_cost_one_host_copy_per_sink(monkeypatch, strategy):
    from deepsink.train.sink import session as session_mod

    context.set_context(sink_strategy=strategy)
    gets = []
    real_get = session_mod.jax.device_get
    monkeypatch.setattr(session_mod.jax, "device_get", lambda x: gets.append(1) or real_get(x))
    cb = PerStep()
    _model().train(4, _data(), callbacks=[cb], dataset_sink_mode=True, sink_size=5)
    assert len(gets) == 4
    assert [len(losses) for _, losses in cb.calls] == [5, 5, 5, 5]


def test_without_an_opt_in_the_field_is_absent_and_one_loss_per_sink():
    seen = []

    class Plain(ms.Callback):
        def on_train_step_end(self, run_context):
            p = run_context.original_args()
            seen.append(("net_outputs_per_step" in p, p.net_outputs_per_step))

    _model().train(2, _data(), callbacks=[Plain()], dataset_sink_mode=True, sink_size=5)
    assert seen == [(False, None), (False, None)]


def test_an_opt_in_inside_a_callback_manager_counts():
    cb = PerStep()
    _model().train(1, _data(), callbacks=[ms.train.CallbackManager([cb])],
                   dataset_sink_mode=True, sink_size=4)  # fmt: skip
    assert [len(losses) for _, losses in cb.calls] == [4]


def test_loss_monitor_per_step_prints_every_step_as_without_sink(capsys):
    _model().train(1, _data().take(6), callbacks=[ms.LossMonitor()], dataset_sink_mode=False)
    want = capsys.readouterr().out.splitlines()
    _model().train(2, _data(), callbacks=[ms.LossMonitor(per_step=True)],
                   dataset_sink_mode=True, sink_size=3)  # fmt: skip
    got = capsys.readouterr().out.splitlines()
    assert len(got) == 6
    # sink epochs are sink_size steps: steps 4..6 of the plain run are epoch 2, steps 1..3
    renumbered = [
        re.sub(r"epoch: 1 step: (\d)", lambda m: f"epoch: 2 step: {int(m[1]) - 3}", line)
        if int(re.search(r"step: (\d+)", line)[1]) > 3 else line
        for line in want
    ]  # fmt: skip
    assert [line.split(", loss is ")[0] for line in got] == [
        line.split(", loss is ")[0] for line in renumbered
    ]
    np.testing.assert_allclose(
        [float(line.split("loss is ")[1]) for line in got],
        [float(line.split("loss is ")[1]) for line in want],
        rtol=1e-5,
    )


def test_loss_monitor_default_in_sink_mode_prints_once_per_sink(capsys):
    _model().train(2, _data(), callbacks=[ms.LossMonitor()], dataset_sink_mode=True, sink_size=3)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == ["epoch: 1 step: 3", "epoch: 2 step: 3"]


def test_loss_monitor_per_step_respects_per_print_times(capsys):
    _model().train(1, _data(), callbacks=[ms.LossMonitor(4, per_step=True)],
                   dataset_sink_mode=True, sink_size=10)  # fmt: skip
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        "epoch: 1 step: 4", "epoch: 1 step: 8",
    ]  # fmt: skip


def test_loss_monitor_per_step_stops_at_the_first_nan_step():
    cb = ms.LossMonitor(0, per_step=True)
    params = CallbackParam(
        cur_epoch_num=1, cur_step_num=6, batch_num=6, dataset_sink_mode=True,
        net_outputs_per_step=[np.array(v, np.float32) for v in [1, 2, np.nan, 4, 5, 6]],
        net_outputs=ms.Tensor(np.float32(6)),
    )  # fmt: skip
    with pytest.raises(ValueError, match=r"In epoch: 1 step: 3, loss is NAN or INF"):
        cb.step_end(RunContext(params))


def test_history_per_step_holds_every_step():
    ref = _reference_losses(2)
    history = History(per_step=True)
    _model().train(4, _data(), callbacks=[history], dataset_sink_mode=True, sink_size=5)
    assert history.steps["step"] == list(range(1, 21))
    np.testing.assert_allclose(history.steps["net_output"], ref, rtol=1e-5, atol=1e-7)
    assert len(history.history["net_output"]) == 4  # one per epoch, as without per_step
    np.testing.assert_allclose(history.history["net_output"], ref[4::5], rtol=1e-5, atol=1e-7)


def test_history_default_has_no_step_record():
    assert History().steps is None


@pytest.mark.parametrize("cls", [ms.LossMonitor, History])
def test_per_step_must_be_a_bool(cls):
    with pytest.raises(
        TypeError, match=rf"For '{cls.__name__}', 'per_step' must be a bool, but got 1"
    ):
        cls(per_step=1)


def test_per_step_losses_with_the_timed_sink_loop(capsys):
    # TimeBreakdown times the sink's phases (Model._traced_sink): the same per-step hand-over
    ref = _reference_losses(1)
    cb = PerStep()
    _model().train(2, _data(), callbacks=[cb, ms.TimeBreakdown()], dataset_sink_mode=True,
                   sink_size=5)  # fmt: skip
    capsys.readouterr()
    np.testing.assert_allclose([x for _, losses in cb.calls for x in losses], ref, rtol=1e-5)


def test_per_step_outputs_in_fit_with_a_sunk_evaluation():
    ms.set_seed(5)
    net = Linear(3, 2)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9),
                     metrics={"loss"})  # fmt: skip
    history = History(per_step=True)
    model.fit(2, _data(), _data(), callbacks=[history], dataset_sink_mode=True,
              valid_dataset_sink_mode=True, sink_size=5)  # fmt: skip
    assert history.steps["step"] == list(range(1, 11))
    assert len(history.history["loss"]) == 2
