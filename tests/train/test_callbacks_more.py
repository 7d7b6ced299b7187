"""LearningRateScheduler, OnRequestExit and the top-level callback names: the learning rates a
schedule writes during Model.train (MindSpore's step-end rule), and a clean stop with a
checkpoint on a signal or a config flag."""

import json
import os
import signal

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn
from deepsink.train import LearningRateScheduler, Model, OnRequestExit
from deepsink.train.callback import Callback


def _data(n=8):
    x = np.arange(n * 2, dtype=np.float32).reshape(n, 2) / 10
    return ds.NumpySlicesDataset({"x": x, "y": x.sum(1, keepdims=True)}, shuffle=False).batch(2)


class _Record(Callback):
    def __init__(self, opt):
        super().__init__()
        self.opt, self.seen = opt, []

    def step_end(self, run_context):
        self.seen.append(float(self.opt.learning_rate.asnumpy()))


def test_learning_rate_scheduler_changes_lr_each_step():
    ms.set_seed(1)
    net = nn.Dense(2, 1)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    rec = _Record(opt)
    sched = LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 2 == 0 else lr)
    Model(net, nn.MSELoss(), opt).train(2, _data(), callbacks=[sched, rec], dataset_sink_mode=False)
    # 4 steps per epoch, steps 1..8: halved after steps 2, 4, 6, 8 (seen after the scheduler)
    want = [0.1 * 0.5 ** (step // 2) for step in range(1, 9)]
    np.testing.assert_allclose(rec.seen, want, rtol=1e-6)
    with pytest.raises(TypeError, match="callable"):
        LearningRateScheduler(0.1)


def test_top_level_callback_names():
    from deepsink.train import callback

    assert ms.LearningRateScheduler is callback.LearningRateScheduler
    assert ms.OnRequestExit is callback.OnRequestExit
    assert ms.ReduceLROnPlateau is callback.ReduceLROnPlateau


class _Signal(Callback):
    def __init__(self, at):
        super().__init__()
        self.at, self.steps = at, 0

    def on_train_step_begin(self, run_context):
        self.steps += 1
        if self.steps == self.at:
            os.kill(os.getpid(), signal.SIGUSR1)


def test_on_request_exit_stops_and_saves_then_resumes(tmp_path):
    ms.set_seed(2)
    net = nn.Dense(2, 1)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    exit_cb = OnRequestExit(
        save_mindir=False, file_name="Net", directory=str(tmp_path), sig=signal.SIGUSR1
    )
    counter = _Signal(at=3)
    Model(net, nn.MSELoss(), opt).train(
        5, _data(), callbacks=[counter, exit_cb], dataset_sink_mode=False
    )
    assert counter.steps == 3  # stopped after the step the signal arrived in
    ckpt = tmp_path / f"rank_{ms.get_context('device_id')}" / "Net_train.ckpt"
    assert ckpt.is_file()
    saved = ms.load_checkpoint(str(ckpt))
    np.testing.assert_array_equal(saved["weight"].asnumpy(), net.weight.asnumpy())
    fresh = nn.Dense(2, 1)
    opt2 = nn.Momentum(fresh.trainable_params(), learning_rate=0.01, momentum=0.9)
    stop = OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1)
    stop.on_train_begin(_Ctx(train_network=fresh))  # resumes from the checkpoint
    np.testing.assert_array_equal(fresh.weight.asnumpy(), net.weight.asnumpy())
    del opt2


class _Ctx:
    def __init__(self, **kw):
        from deepsink.train.callback import CallbackParam

        self.params = CallbackParam(**kw)

    def original_args(self):
        return self.params


def test_on_request_exit_config_file_and_arguments(tmp_path):
    cfg = tmp_path / "exit.json"
    cfg.write_text(json.dumps({"GracefulExit": 0}))
    cb = OnRequestExit(save_ckpt=False, save_mindir=False, config_file=str(cfg))
    assert not cb._requested()
    cfg.write_text(json.dumps({"GracefulExit": 1}))
    assert cb._requested()
    with pytest.raises(ValueError, match="SIGKILL"):
        OnRequestExit(save_mindir=False, sig=signal.SIGKILL)
    with pytest.raises(TypeError, match="save_ckpt"):
        OnRequestExit(save_ckpt=1)
    assert OnRequestExit().save_mindir  # MindSpore's default: it exports MindIR on exit
