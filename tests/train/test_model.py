"""Model.train/eval/fit, DatasetHelper and data_sink over the sink engine (tiny jnp-only cells)."""

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from cellkit import Linear

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn

pytestmark = pytest.mark.usefixtures("no_leaked_threads")


def _data(n=40, batch=4, shuffle=False):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(n, 3)).astype(np.float32)
    y = (x @ np.array([[1.0, -2.0], [0.5, 0.0], [0.0, 3.0]], np.float32)).astype(np.float32)
    d = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=shuffle)
    return d.batch(batch, drop_remainder=True)


def _model(metrics=None):
    ms.set_seed(5)
    net = Linear(3, 2)
    loss = nn.MSELoss()
    return net, ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.05, 0.9), metrics=metrics)


class Recorder(ms.Callback):
    def __init__(self):
        self.events = []

    def on_train_step_end(self, run_context):
        p = run_context.original_args()
        self.events.append(
            ("step", p.cur_epoch_num, p.cur_step_num, float(np.mean(p.net_outputs.asnumpy())))
        )

    def on_train_epoch_end(self, run_context):
        p = run_context.original_args()
        self.events.append(("epoch", p.cur_epoch_num, p.cur_step_num))


@pytest.mark.parametrize("mode", [ms.GRAPH_MODE, ms.PYNATIVE_MODE])
def test_sink_and_non_sink_reach_the_same_parameters(mode):
    ms.set_context(mode=mode)
    a, model_a = _model()
    model_a.train(3, _data(), dataset_sink_mode=False)
    b, model_b = _model()
    model_b.train(3, _data(), dataset_sink_mode=True)
    np.testing.assert_allclose(b.weight.asnumpy(), a.weight.asnumpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(b.bias.asnumpy(), a.bias.asnumpy(), rtol=1e-5, atol=1e-6)


def test_sink_size_traverses_the_dataset_without_end():
    # 4 epochs x sink_size 7 = 28 steps over a 10-batch dataset: same as 28 non-sunk steps
    ref, model = _model()
    model.train(1, _data().repeat(3).take(28), dataset_sink_mode=False)
    net, model = _model()
    rec = Recorder()
    model.train(4, _data(), callbacks=[rec], dataset_sink_mode=True, sink_size=7)
    np.testing.assert_allclose(net.weight.asnumpy(), ref.weight.asnumpy(), rtol=1e-5, atol=1e-6)
    steps = [e for e in rec.events if e[0] == "step"]
    assert [(e[1], e[2]) for e in steps] == [(1, 7), (2, 14), (3, 21), (4, 28)]
    assert [e for e in rec.events if e[0] == "epoch"] == [("epoch", k, 7 * k) for k in range(1, 5)]


def test_callbacks_fire_every_step_without_sink_and_sink_size_is_ignored():
    _, model = _model()
    rec = Recorder()
    model.train(2, _data(), callbacks=[rec], dataset_sink_mode=False, sink_size=3)
    steps = [e[2] for e in rec.events if e[0] == "step"]
    assert steps == list(range(1, 21))


def test_loss_monitor_prints_once_per_sink(capsys):
    _, model = _model()
    model.train(3, _data(), callbacks=[ms.LossMonitor()], dataset_sink_mode=True, sink_size=5)
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    for k, line in enumerate(lines, 1):
        assert line.startswith(f"epoch: {k} step: 5, loss is ")
        float(line.rsplit(" ", 1)[1])


def test_net_outputs_is_the_last_steps_loss():
    ref, model = _model()
    rec_ref = Recorder()
    model.train(1, _data(), callbacks=[rec_ref], dataset_sink_mode=False)
    _, model = _model()
    rec = Recorder()
    model.train(1, _data(), callbacks=[rec], dataset_sink_mode=True)
    assert rec.events[0][3] == pytest.approx(rec_ref.events[9][3], rel=1e-5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"epoch": 0}, r"For 'train', 'epoch' must be a positive int, but got 0"),
        ({"sink_size": 0}, r"For 'train', 'sink_size' must be -1 or a positive int, but got 0"),
        ({"sink_size": -2}, r"For 'train', 'sink_size' must be -1 or a positive int, but got -2"),
        ({"dataset_sink_mode": 1}, r"For 'train', 'dataset_sink_mode' must be a bool, but got 1"),
    ],
)
def test_bad_train_arguments(kwargs, message):
    _, model = _model()
    args = {"epoch": 1, "train_dataset": _data(), "dataset_sink_mode": True, **kwargs}
    with pytest.raises((ValueError, TypeError), match=message):
        model.train(**args)


def test_empty_dataset_is_rejected():
    _, model = _model()
    with pytest.raises(ValueError, match="'train_dataset' must not be empty"):
        model.train(1, _data(n=3, batch=4), dataset_sink_mode=True)


def test_pipeline_error_reaches_train_with_its_origin():
    def bad(x):
        if x[0] > 1.5:
            raise ArithmeticError("cannot map this sample")
        return x

    _, model = _model()
    data = ds.NumpySlicesDataset(
        (np.linspace(0, 3, 40, dtype=np.float32).reshape(20, 2), np.zeros((20, 2), np.float32)),
        column_names=["x", "y"],
        shuffle=False,
    )
    data = data.map(bad, input_columns="x").batch(2)
    net = Linear(2, 2)
    model = ms.Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.05, 0.9))
    with pytest.raises(Exception, match="cannot map this sample"):
        model.train(1, data, dataset_sink_mode=True)


def test_eval_sink_equals_non_sink():
    _, model = _model(metrics={"mae", "loss"})
    model.train(1, _data(), dataset_sink_mode=True)
    a = model.eval(_data(), dataset_sink_mode=False)
    b = model.eval(_data(), dataset_sink_mode=True)
    assert a.keys() == b.keys() == {"mae", "loss"}
    for k in a:
        assert b[k] == pytest.approx(a[k], rel=1e-5)


def test_fit_evaluates_and_early_stopping_stops():
    _, model = _model(metrics={"loss"})
    seen = []

    class Watch(ms.Callback):
        def on_train_epoch_end(self, run_context):
            seen.append(dict(run_context.original_args().eval_results or {}))

    stop = ms.EarlyStopping(monitor="eval_loss", patience=1, min_delta=1e9)
    model.fit(10, _data(), _data(), callbacks=[Watch(), stop], dataset_sink_mode=True)
    assert 1 < len(seen) < 10  # stopped early: no epoch can improve by min_delta
    assert set(seen[0]) == {"loss", "eval_loss"}


def test_dataset_helper_sinks_once_per_epoch(capsys):
    net = Linear(3, 2)
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.05, 0.9)
    )
    helper = ms.DatasetHelper(_data(), dataset_sink_mode=True, sink_size=3, epoch_num=4)
    sunk = ms.connect_network_with_dataset(train, helper)
    outputs = []
    for _ in range(4):
        for inputs in helper:
            outputs.append(float(sunk(*inputs).asnumpy()))
    assert len(outputs) == 4
    ref = Linear(3, 2)
    ref_train = nn.TrainOneStepCell(
        nn.WithLossCell(ref, nn.MSELoss()), nn.Momentum(ref.trainable_params(), 0.05, 0.9)
    )
    it = ms.DatasetHelper(_data().repeat(2), dataset_sink_mode=False)
    losses = [float(ref_train(*b).asnumpy()) for b in it][:12]
    assert outputs == pytest.approx(losses[2::3], rel=1e-5)


def _function_step():
    ms.set_seed(5)
    net = Linear(3, 2)
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9)
    grad_fn = ms.value_and_grad(lambda x, y: nn.MSELoss()(net(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    return opt, step


def test_data_sink_runs_a_function_sink_size_steps_per_call():
    opt, step = _function_step()
    sink = ms.data_sink(step, _data(), sink_size=5)
    losses = [float(sink().asnumpy()) for _ in range(4)]
    sink.close()
    assert int(opt.global_step.asnumpy().reshape(-1)[0]) == 20
    opt, step = _function_step()
    eager = [
        float(step(*b).asnumpy())
        for b in ms.DatasetHelper(_data().repeat(2), dataset_sink_mode=False)
    ]
    assert losses == pytest.approx(eager[4::5], rel=1e-5)


def test_deepsink_run_maps_mindspore_imports(tmp_path):
    script = tmp_path / "ms_script.py"
    script.write_text(
        textwrap.dedent("""
        import sys
        import mindspore as ms
        import mindspore.nn as nn
        from mindspore.train.callback import LossMonitor
        from mindspore.common import dtype as mstype
        print(ms.__name__, nn.Cell.__module__, LossMonitor.__module__.split('.')[0], mstype.int32, sys.argv[1:])
    """)
    )
    out = subprocess.run(
        [sys.executable, "-m", "deepsink", "run", str(script), "a", "b"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == [
        "mindspore",  # the alias module (its __version__ is MindSpore's); the rest is deepsink
        "deepsink.nn.cell",
        "deepsink",
        "Int32",
        "['a',",
        "'b']",
    ]
