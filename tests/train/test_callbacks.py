"""Callbacks driven by a fake training loop that calls the hooks the way the Model does.

Expected LossMonitor / History / EarlyStopping outputs were produced by running MindSpore 2.10's
own callbacks (a MindSpore 2.10 CPU install) through the same fake loop (losses given as a tuple ``(loss, flag)``
so that MindSpore prints the float32 value, as MindSpore's tutorials show).
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.train.callback import (
    Callback,
    CallbackManager,
    CallbackParam,
    EarlyStopping,
    History,
    LambdaCallback,
    LossMonitor,
    ProgressBar,
    ReduceLROnPlateau,
    RunContext,
    TimeMonitor,
    _time_monitor,
)
from deepsink.train.callback._callback import callbacks_for_eval_in_fit, check_custom_callbacks


def loss_at(step: int) -> np.float32:
    """Deterministic loss of the step numbered ``step`` (also used for the MindSpore reference)."""
    return np.float32(1.0 / (step + 1) + 0.01 * (step % 3))


class Net(Cell):
    def __init__(self) -> None:
        super().__init__()
        self.w = Parameter(Tensor(np.zeros(2, np.float32)), name="w")


def run(
    callbacks, epochs, dataset_size, sink_size=None, eval_results=None, outputs=None, network=None
):
    """Mimic Model.train: one step hook per step, or per sink (cur_step_num += sink steps)."""
    sink = sink_size is not None
    per_epoch = sink_size if sink and sink_size > 0 else dataset_size
    params = CallbackParam(
        mode="train",
        epoch_num=epochs,
        batch_num=per_epoch,
        dataset_sink_mode=sink,
        sink_size=sink_size,
        train_network=network,
    )
    rc = RunContext(params)
    outputs = outputs or (lambda step: (Tensor(loss_at(step)), Tensor(False)))
    with CallbackManager(callbacks) as cbs:
        cbs.on_train_begin(rc)
        for ep in range(epochs):
            params.cur_epoch_num = ep + 1
            cbs.on_train_epoch_begin(rc)
            for n in [per_epoch] if sink else [1] * per_epoch:
                params.cur_step_num += n
                cbs.on_train_step_begin(rc)
                params.net_outputs = outputs(params.cur_step_num)
                cbs.on_train_step_end(rc)
                if rc.get_stop_requested():
                    break
            if eval_results is not None:
                params.eval_results = {"eval_loss": eval_results[ep]}
            cbs.on_train_epoch_end(rc)
            params.pop("eval_results", None)
            if rc.get_stop_requested():
                break
        cbs.on_train_end(rc)
    return params, rc


def lines(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


# --- LossMonitor -----------------------------------------------------------------------------
def test_loss_monitor_every_step(capsys):
    run([LossMonitor()], 2, 3)
    assert lines(capsys) == [
        "epoch: 1 step: 1, loss is 0.51",
        "epoch: 1 step: 2, loss is 0.35333332",
        "epoch: 1 step: 3, loss is 0.25",
        "epoch: 2 step: 1, loss is 0.21",
        "epoch: 2 step: 2, loss is 0.18666667",
        "epoch: 2 step: 3, loss is 0.14285715",
    ]


def test_loss_monitor_per_print_times(capsys):
    run([LossMonitor(4)], 2, 5)
    assert lines(capsys) == [
        "epoch: 1 step: 4, loss is 0.21",
        "epoch: 2 step: 3, loss is 0.13111112",
    ]


def test_loss_monitor_sink_prints_once_per_epoch(capsys):
    # the LeNet/MNIST sink job: 1875 batches, sink_size=1000 -> batch_num=1000, every epoch "step: 1000"
    run([LossMonitor()], 3, 1875, sink_size=1000)
    assert lines(capsys) == [
        "epoch: 1 step: 1000, loss is 0.010999001",
        "epoch: 2 step: 1000, loss is 0.020499751",
        "epoch: 3 step: 1000, loss is 0.00033322227",
    ]


def test_loss_monitor_sink_per_print_times_nearest_sink(capsys):
    run([LossMonitor(1500)], 4, 1875, sink_size=1000)
    assert lines(capsys) == [
        "epoch: 2 step: 1000, loss is 0.020499751",
        "epoch: 4 step: 1000, loss is 0.010249938",
    ]


def test_loss_monitor_scalar_tensor_and_stacked_outputs(capsys):
    # MindSpore 2.10: a lone Tensor loss prints as float(np.mean(...)), float64 digits; the
    # first Tensor of a tuple keeps its float32 print
    run([LossMonitor()], 1, 1, outputs=lambda s: Tensor(np.float32(0.110185064)))
    run([LossMonitor()], 1, 1, outputs=lambda s: Tensor(np.array([1.0, 2.0], np.float32)))
    run([LossMonitor()], 1, 1, outputs=lambda s: (Tensor(np.float32(0.110185064)),))
    assert lines(capsys) == [
        "epoch: 1 step: 1, loss is 0.11018506437540054",
        "epoch: 1 step: 1, loss is 1.5",
        "epoch: 1 step: 1, loss is 0.110185064",
    ]


def test_loss_monitor_zero_never_prints(capsys):
    run([LossMonitor(0)], 2, 3)
    assert lines(capsys) == []


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_loss_monitor_invalid_loss_raises(bad):
    def outputs(step):
        return (Tensor(np.float32(bad if step == 2 else 0.5)),)

    with pytest.raises(ValueError, match=r"In epoch: 1 step: 2, loss is NAN or INF"):
        run([LossMonitor()], 1, 3, outputs=outputs)


def test_loss_monitor_argument_checks():
    with pytest.raises(ValueError, match="'per_print_times' must be a non-negative int"):
        LossMonitor(-1)
    with pytest.raises(TypeError, match="'per_print_times' must be a non-negative int"):
        LossMonitor(1.5)


def test_loss_monitor_prints_fit_metrics(capsys):
    lm = LossMonitor(0)
    params = CallbackParam(cur_epoch_num=3, metrics={"acc": np.float64(0.5), "loss": 0.25})
    lm.on_train_epoch_end(RunContext(params))
    assert lines(capsys) == ["Eval result: epoch 3, metrics: {'acc': 0.5, 'loss': 0.25}"]


# --- TimeMonitor -----------------------------------------------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_time_monitor_format_and_per_step(capsys, monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr(_time_monitor.time, "time", clock)
    tm = TimeMonitor()
    params = CallbackParam(mode="train", batch_num=1000, dataset_sink_mode=True, cur_epoch_num=1)
    rc = RunContext(params)
    tm.on_train_epoch_begin(rc)
    clock.now += 1.5
    tm.on_train_epoch_end(rc)
    params.mode = "eval"
    params.batch_num = 3
    tm.on_eval_epoch_begin(rc)
    clock.now += 0.003
    tm.on_eval_epoch_end(rc)
    out = lines(capsys)
    assert out[0] == "Train epoch time: 1500.000 ms, per step time: 1.500 ms"
    assert re.fullmatch(r"Eval epoch time: 3\.\d{3} ms, per step time: 1\.\d{3} ms", out[1])


def test_time_monitor_real_clock_format(capsys):
    run([TimeMonitor()], 2, 4)
    out = lines(capsys)
    assert len(out) == 2
    for line in out:
        assert re.fullmatch(r"Train epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms", line)


def test_time_monitor_data_time(capsys, monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr(_time_monitor.time, "time", clock)
    tm = TimeMonitor(data_time=True)
    params = CallbackParam(mode="train", batch_num=2, cur_epoch_num=1)
    rc = RunContext(params)
    tm.on_train_epoch_begin(rc)
    for _ in range(2):
        clock.now += 0.002  # fetching data
        tm.on_train_step_begin(rc)
        clock.now += 0.010  # the step
        tm.on_train_step_end(rc)
    tm.on_train_epoch_end(rc)
    line = lines(capsys)[0]
    assert line.startswith("Train epoch time: 24.000 ms, per step time: 12.000 ms (data time: 2.0")


def test_time_monitor_data_size_fallback_and_checks(capsys):
    tm = TimeMonitor(data_size=4)
    rc = RunContext(CallbackParam(mode="train"))
    tm.on_train_epoch_begin(rc)
    tm.on_train_epoch_end(rc)
    assert "per step time" in lines(capsys)[0]
    with pytest.raises(ValueError, match="'data_size' must be a positive int"):
        TimeMonitor().on_train_epoch_end(rc)
    with pytest.raises(TypeError, match="'data_time' must be a bool"):
        TimeMonitor(data_time=1)


# --- History, LambdaCallback ---------------------------------------------------------------------
def test_history_records_last_output_per_epoch():
    h = History()
    run([h], 3, 4)
    assert h.epoch == {"epoch": [1, 2, 3]}
    # MindSpore 2.10: {'net_output': [0.21, 0.13111112, 0.07692308]} (numpy float32)
    assert [str(v) for v in h.history["net_output"]] == ["0.21", "0.13111112", "0.07692308"]
    assert all(isinstance(v, np.float32) for v in h.history["net_output"])


def test_history_records_metrics():
    h = History()
    params = CallbackParam(
        cur_epoch_num=1, net_outputs=Tensor(np.float32(2.0)), metrics={"acc": 0.5}
    )
    rc = RunContext(params)
    h.on_train_begin(rc)
    h.on_train_epoch_end(rc)
    assert h.history == {"net_output": [np.float32(2.0)], "acc": [0.5]}


def test_lambda_callback():
    seen = []
    cb = LambdaCallback(
        on_train_begin=lambda rc: seen.append("begin"),
        on_train_step_end=lambda rc: seen.append(rc.original_args().cur_step_num),
        on_train_end=lambda rc: seen.append("end"),
    )
    run([cb], 2, 2)
    assert seen == ["begin", 1, 2, 3, 4, "end"]
    with pytest.raises(TypeError, match="'on_train_end' must be None or callable"):
        LambdaCallback(on_train_end=3)


# --- the protocol -------------------------------------------------------------------------------
class OldStyle(Callback):
    def __init__(self) -> None:
        self.calls = []

    def begin(self, rc):
        self.calls.append("begin")

    def epoch_begin(self, rc):
        self.calls.append("epoch_begin")

    def step_begin(self, rc):
        self.calls.append("step_begin")

    def step_end(self, rc):
        self.calls.append(f"step_end:{rc.original_args().cur_step_num}")

    def epoch_end(self, rc):
        self.calls.append("epoch_end")

    def end(self, rc):
        self.calls.append("end")


class NewStyle(Callback):
    def __init__(self) -> None:
        self.calls = []
        self.entered = self.exited = False

    def __enter__(self):
        self.entered = True
        return self

    def __exit__(self, *err):
        self.exited = True

    def on_train_begin(self, rc):
        self.calls.append("train_begin")

    def on_train_step_end(self, rc):
        self.calls.append(f"train_step_end:{rc.original_args().cur_step_num}")

    def on_train_end(self, rc):
        self.calls.append("train_end")

    def on_eval_step_end(self, rc):
        self.calls.append("eval_step_end")


def test_old_and_new_style_callbacks_both_fire():
    old, new = OldStyle(), NewStyle()
    run([old, new], 1, 2)
    assert old.calls == [
        "begin",
        "epoch_begin",
        "step_begin",
        "step_end:1",
        "step_begin",
        "step_end:2",
        "epoch_end",
        "end",
    ]
    assert new.calls == ["train_begin", "train_step_end:1", "train_step_end:2", "train_end"]
    assert new.entered and new.exited


def test_sink_step_hooks_fire_once_per_sink():
    old = OldStyle()
    run([old], 2, 1875, sink_size=1000)
    assert [c for c in old.calls if c.startswith("step_end")] == ["step_end:1000", "step_end:2000"]


def test_eval_hooks_map_to_old_names():
    old = OldStyle()
    rc = RunContext(CallbackParam(mode="eval", cur_step_num=7))
    cbs = CallbackManager(old)
    cbs.on_eval_begin(rc)
    cbs.on_eval_epoch_begin(rc)
    cbs.on_eval_step_begin(rc)
    cbs.on_eval_step_end(rc)
    cbs.on_eval_epoch_end(rc)
    cbs.on_eval_end(rc)
    assert old.calls == ["begin", "epoch_begin", "step_begin", "step_end:7", "epoch_end", "end"]


def test_request_stop_ends_training():
    class StopAt(Callback):
        def on_train_step_end(self, rc):
            if rc.original_args().cur_step_num == 3:
                rc.request_stop()

    params, rc = run([StopAt()], 5, 4)
    assert rc.get_stop_requested()
    assert params.cur_step_num == 3 and params.cur_epoch_num == 1


def test_callback_manager_rejects_non_callbacks():
    with pytest.raises(
        TypeError, match=r"every element of 'callbacks' must be a Callback, but got int at index 1"
    ):  # noqa: E501
        CallbackManager([LossMonitor(), 3])
    with pytest.raises(TypeError, match="'callbacks' must be None, a Callback or a list"):
        CallbackManager("LossMonitor")
    assert CallbackManager(None).callbacks == []
    assert len(CallbackManager((LossMonitor(), History())).callbacks) == 2


def test_run_context():
    with pytest.raises(
        TypeError, match="'original_args' must be a CallbackParam or dict, but got int"
    ):
        RunContext(3)
    d = {"cur_step_num": 2}
    rc = RunContext(d)
    assert rc.original_args() is d and not rc.get_stop_requested()
    rc.request_stop()
    assert rc.get_stop_requested()


def test_callback_param_is_a_dataclass_and_a_dict():
    p = CallbackParam(cur_epoch_num=2, batch_num=10)
    assert p.get("cur_epoch_num", 1) == 2
    assert p.get("metrics") is None and "metrics" not in p
    assert p.get("cur_epoch_num") == p["cur_epoch_num"] == 2
    p["metrics"] = {"acc": 1.0}
    assert "metrics" in p and p.metrics == {"acc": 1.0}
    assert p.pop("metrics") == {"acc": 1.0} and p.metrics is None
    assert p.pop("eval_results", "gone") == "gone"
    with pytest.raises(KeyError):
        p["eval_results"]
    p.my_counter = 5  # users may add attributes
    assert p["my_counter"] == 5 and "my_counter" in p.keys()
    p.pop("my_counter")
    assert not hasattr(p, "my_counter")
    assert p.cur_step_num == 0 and p.dataset_sink_mode is False
    assert "cur_epoch_num=2" in repr(p)


def test_callback_param_network_access_syncs_state():
    synced = []
    p = CallbackParam(train_network="net")
    p.set_state_sync(lambda: synced.append(1))
    assert p.cur_step_num == 0 and not synced
    assert p.train_network == "net" and p.get("train_network") == "net"
    assert len(synced) == 2


def test_custom_callback_checks_and_fit_eval_selection(caplog):
    old, new, tm, lm = OldStyle(), NewStyle(), TimeMonitor(), LossMonitor()
    with pytest.raises(ValueError, match=r"For OldStyle callback, \['begin', 'end'"):
        check_custom_callbacks([new, old], "fit")
    check_custom_callbacks([old], "train")
    assert "OldStyle" in caplog.text
    check_custom_callbacks([new, tm, lm], "fit")
    assert callbacks_for_eval_in_fit([old, tm, lm, History()]) == [old, tm]


# --- EarlyStopping, ReduceLROnPlateau ----------------------------------------------------------
def test_early_stopping_after_patience(capsys):
    es = EarlyStopping(monitor="eval_loss", patience=2, verbose=True)
    params, rc = run([es], 10, 2, eval_results=[1.0, 0.5, 0.6, 0.55, 0.4, 0.7, 0.8, 0.9, 1, 1])
    # MindSpore 2.10: stopped_epoch 4, wait 2, best 0.5, prints "Epoch 00004: early stopping"
    assert rc.get_stop_requested() and params.cur_epoch_num == 4
    assert (es.stopped_epoch, es.wait, float(es.best)) == (4, 2, 0.5)
    assert lines(capsys) == ["Epoch 00004: early stopping"]


def test_early_stopping_patience_zero_stops_after_first_epoch():
    es = EarlyStopping(monitor="eval_loss", patience=0)
    run([es], 10, 2, eval_results=[1.0] * 10)
    assert es.stopped_epoch == 1  # as MindSpore 2.10


def test_early_stopping_missing_monitor_does_not_stop(caplog):
    es = EarlyStopping(monitor="acc", patience=1)
    _, rc = run([es], 3, 2, eval_results=[1.0] * 3)
    assert not rc.get_stop_requested() and es.stopped_epoch == 0
    assert "Early stopping is conditioned on acc" in caplog.text


def test_early_stopping_on_training_loss_max_mode_and_zero_values():
    es = EarlyStopping(monitor="loss", patience=1)  # loss_at decreases -> never stops
    _, rc = run([es], 4, 3, network=Net())
    assert not rc.get_stop_requested()
    es = EarlyStopping(monitor="acc", mode="max", patience=1)
    rc = RunContext(CallbackParam(cur_epoch_num=1, eval_results={"acc": 0.0}))
    es.on_train_begin(rc)
    es.on_train_epoch_end(rc)  # 0.0 is a value, not "missing": it improves on -inf
    assert float(es.best) == 0.0


def test_early_stopping_restores_best_weights(capsys):
    net = Net()

    def outputs(step):
        net.w.set_data(np.full(2, step, np.float32))  # "training" changes the weights
        return Tensor(np.float32(0.1))

    es = EarlyStopping(monitor="eval_loss", patience=1, restore_best_weights=True, verbose=True)
    run([es], 5, 1, eval_results=[0.5, 0.2, 0.3, 0.4, 0.5], outputs=outputs, network=net)
    assert es.stopped_epoch == 3
    np.testing.assert_array_equal(net.w.asnumpy(), [2.0, 2.0])  # epoch 2 was the best
    assert "Restoring model weights from the end of the best epoch." in capsys.readouterr().out


def test_early_stopping_argument_checks():
    with pytest.raises(ValueError, match=r"'mode' must be one of \['auto', 'min', 'max'\]"):
        EarlyStopping(mode="up")
    with pytest.raises(TypeError, match="'monitor' must be a str"):
        EarlyStopping(monitor=1)
    with pytest.raises(TypeError, match="'patience' must be a non-negative int"):
        EarlyStopping(patience=1.0)
    es = EarlyStopping(monitor="eval_loss")
    rc = RunContext(CallbackParam(eval_results={"eval_loss": np.ones(2)}))
    with pytest.raises(ValueError, match="monitor value must be a scalar"):
        es.on_train_epoch_end(rc)


class FakeOptimizer:
    def __init__(self) -> None:
        self.learning_rate = Parameter(Tensor(np.float32(0.1)), name="learning_rate")


def test_reduce_lr_on_plateau(capsys):
    opt = FakeOptimizer()
    cb = ReduceLROnPlateau(monitor="eval_loss", factor=0.5, patience=1, verbose=True, min_lr=0.03)
    rc = RunContext(CallbackParam(optimizer=opt))
    cb.on_train_begin(rc)
    for epoch, value in enumerate([1.0, 1.0, 1.0, 1.0], start=1):
        rc.original_args().cur_epoch_num = epoch
        rc.original_args().eval_results = {"eval_loss": value}
        cb.on_train_epoch_end(rc)
    np.testing.assert_allclose(opt.learning_rate.asnumpy(), 0.03)
    assert lines(capsys) == [
        "Epoch 00002: ReduceLROnPlateau reducing learning rate to 0.05.",
        "Epoch 00003: ReduceLROnPlateau reducing learning rate to 0.03.",
    ]
    bad = RunContext(CallbackParam(optimizer=object()))
    with pytest.raises(ValueError, match="'learning_rate' must be a Parameter"):
        cb.on_train_epoch_end(bad)
    with pytest.raises(ValueError, match=r"'factor' must be in range \(0.0, 1.0\)"):
        ReduceLROnPlateau(factor=1.0)


# --- ProgressBar ------------------------------------------------------------------------------
def test_progress_bar_text_non_sink():
    out = io.StringIO()
    run([ProgressBar(file=out, backend="text", interval=0.0)], 2, 4)
    text = out.getvalue()
    finals = [seg for seg in text.split("\n") if seg]
    assert len(finals) == 2
    assert finals[0].rsplit("\r", 1)[-1].startswith("Epoch 1/2: 4/4 [")
    assert finals[1].rsplit("\r", 1)[-1].startswith("Epoch 2/2: 4/4 [")
    assert "loss: 0.13111112" in finals[1].rsplit("\r", 1)[-1]  # loss_at(8): last step


def test_progress_bar_text_sink_advances_by_sink():
    out = io.StringIO()
    run([ProgressBar(file=out, backend="text", interval=0.0)], 2, 1875, sink_size=1000)
    draws = [seg for line in out.getvalue().split("\n") for seg in line.split("\r") if seg]
    assert all(" 1000/1000 [" in d for d in draws)  # never an intermediate count
    assert draws[-1].startswith("Epoch 2/2: 1000/1000 [==============================]")


def test_progress_bar_tqdm():
    pytest.importorskip("tqdm")
    out = io.StringIO()
    run([ProgressBar(file=out, backend="tqdm")], 1, 1875, sink_size=1000)
    text = out.getvalue()
    assert "Epoch 1/1" in text and "1000/1000" in text and "loss: 0.010999001" in text


def test_progress_bar_checks():
    with pytest.raises(ValueError, match=r"'backend' must be one of \['auto', 'tqdm', 'text'\]"):
        ProgressBar(backend="rich")
