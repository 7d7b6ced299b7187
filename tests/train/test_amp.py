"""Mixed precision as MindSpore trains: precision levels, loss scaling, overflow skipping.

Numbers come from MindSpore 2.10 (fixtures/ms/amp, recorded by scripts/record_amp_fixtures.py). MindSpore's
CPU build cannot run TrainOneStepWithLossScaleCell, so its overflow behaviour is checked against its
documented contract: an overflowing step leaves every Parameter as it was, a finite one matches a
plain TrainOneStepCell step.
"""

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import amp, nn

FIX = Path(__file__).parent.parent / "fixtures" / "ms" / "amp"


class AmpNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        self.bn = nn.BatchNorm1d(3)
        self.fc2 = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc2(self.bn(self.fc(x)))


def _net(d):
    net = AmpNet()
    for n, p in net.parameters_and_names():
        p.set_data(ms.Tensor(d[f"param:{n}"]))
    return net


@pytest.fixture(params=[ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def mode(request):
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_dynamic_update_cell_matches_mindspore(mode):
    d = np.load(FIX / "update_cell.npz")
    cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0**10, scale_factor=2, scale_window=3)
    scale = ms.Parameter(ms.Tensor(2.0**10, ms.float32), name="scale")
    got = []
    for f in d["flags"]:
        cell(scale, ms.Tensor(bool(f)))
        got.append(float(scale.asnumpy()))
    np.testing.assert_array_equal(got, d["scales"])


def test_loss_scalers_and_all_finite_match_mindspore():
    d = np.load(FIX / "scaler.npz")
    s = amp.DynamicLossScaler(scale_value=2.0**10, scale_factor=2, scale_window=3)
    got = []
    for f in d["flags"]:
        s.adjust(ms.Tensor(not bool(f)))
        got.append(float(s.scale_value.asnumpy()))
    np.testing.assert_array_equal(got, d["scales"])
    st = amp.StaticLossScaler(8.0)
    x = ms.Tensor(d["x"])
    np.testing.assert_array_equal(st.scale(x).asnumpy(), d["static_scaled"])
    np.testing.assert_array_equal(st.unscale(x).asnumpy(), d["static_unscaled"])
    assert st.adjust(ms.Tensor(True)) is False
    assert bool(amp.all_finite((x, x)).asnumpy()) == bool(d["all_finite_ok"])
    bad = ms.Tensor(np.array([np.inf], np.float32))
    assert bool(amp.all_finite((x, bad)).asnumpy()) == bool(d["all_finite_bad"])


def test_dynamic_manager_matches_mindspore():
    d = np.load(FIX / "manager.npz")
    m = amp.DynamicLossScaleManager(init_loss_scale=2.0**10, scale_factor=2, scale_window=3)
    got = []
    for f in d["flags"]:
        m.update_loss_scale(bool(f))
        got.append(m.get_loss_scale())
    np.testing.assert_array_equal(got, d["scales"])
    assert isinstance(m.get_update_cell(), nn.DynamicLossScaleUpdateCell)
    assert amp.FixedLossScaleManager(drop_overflow_update=False).get_update_cell() is None
    with pytest.raises(ValueError, match="'loss_scale' must be >= 1"):
        amp.FixedLossScaleManager(0.5)


@pytest.mark.parametrize("level", ["O0", "O1", "O2", "O3"])
def test_levels_match_mindspore(level):
    d = np.load(FIX / "levels.npz")
    net = _net(d)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=128.0 if level == "O2" else 1.0)
    kw = {"loss_scale_manager": amp.FixedLossScaleManager(128.0, False)} if level == "O2" else {}
    cell = amp.build_train_network(net, opt, nn.MSELoss(), level=level, **kw)
    assert type(cell).__name__ == str(d[f"{level}:train_cell"])
    loss = cell(ms.Tensor(d["in_0"]), ms.Tensor(d["label"]))
    tol = 1e-6 if level == "O0" else 2e-3
    np.testing.assert_allclose(loss.asnumpy(), d[f"{level}:loss"], rtol=tol, atol=tol)
    assert str(net.fc.weight.dtype) == str(d[f"{level}:weight_dtype"])  # float32 master weights
    assert str(net(ms.Tensor(d["in_0"])).dtype) == str(d[f"{level}:out_dtype"])
    for n, p in net.parameters_and_names():
        # MindSpore's O2 wraps BatchNorm in a Cell that renames its Parameters bn._backbone.*;
        # deepsink keeps the names (a checkpoint of the float32 network still loads)
        key = f"{level}:after:{n}"
        key = key if key in d.files else key.replace("bn.", "bn._backbone.")
        np.testing.assert_allclose(p.asnumpy(), d[key], rtol=tol, atol=tol)


def test_auto_mixed_precision_bfloat16_keeps_float32_outputs_and_weights():
    net = AmpNet()
    out = amp.auto_mixed_precision(net, "O3", ms.bfloat16)(ms.Tensor(np.ones((4, 4), np.float32)))
    assert out.dtype == ms.float32 and net.fc.weight.dtype == ms.float32
    with pytest.raises(ValueError, match="The amp level O4 is not supported"):  # 2.10's words
        amp.auto_mixed_precision(AmpNet(), "O4")


def _scaled_cell(net, scale=2.0**10):
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    upd = nn.DynamicLossScaleUpdateCell(loss_scale_value=scale, scale_factor=2, scale_window=2)
    return nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, upd), opt


def test_overflow_skips_the_update(mode):
    d = np.load(FIX / "levels.npz")
    net = _net(d)
    cell, opt = _scaled_cell(net)
    before = {p.name: p.asnumpy().copy() for p in (*net.get_parameters(), *opt.get_parameters())}
    x = d["in_0"].copy()
    x[0, 0] = np.inf
    loss, overflow, scale = cell(ms.Tensor(x), ms.Tensor(d["label"]))
    assert bool(overflow.asnumpy()) and float(scale.asnumpy()) == 1024.0
    assert float(cell.scale_sense.asnumpy()) == 512.0
    for p in (*net.trainable_params(), *opt.get_parameters()):
        np.testing.assert_array_equal(p.asnumpy(), before[p.name], err_msg=p.name)


def test_finite_step_equals_plain_training(mode):
    d = np.load(FIX / "levels.npz")
    ref = _net(d)
    plain = nn.TrainOneStepCell(
        nn.WithLossCell(ref, nn.MSELoss()), nn.Momentum(ref.trainable_params(), 0.1, 0.9)
    )
    net = _net(d)
    cell, _ = _scaled_cell(net)
    for _ in range(3):
        want = plain(ms.Tensor(d["in_0"]), ms.Tensor(d["label"]))
        loss, overflow, _ = cell(ms.Tensor(d["in_0"]), ms.Tensor(d["label"]))
        assert not bool(overflow.asnumpy())
        np.testing.assert_allclose(loss.asnumpy(), want.asnumpy(), rtol=1e-6)
    for a, b in zip(net.trainable_params(), ref.trainable_params()):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-5, atol=1e-6)
    assert float(cell.scale_sense.asnumpy()) == 2048.0  # grew after scale_window=2 finite steps


@pytest.mark.parametrize("sink", [True, False], ids=["sink", "step"])
def test_model_o2_training_matches_mindspore(sink):
    """Model(amp_level="O2") with MindSpore's CPU pairing (FixedLossScaleManager(128,
    drop_overflow_update=False), Momentum(loss_scale=128)): every parameter after one epoch of 4
    batches equals MindSpore's, in sink and step mode."""
    d = np.load(FIX / "model_o2_sink.npz")
    net = _net(np.load(FIX / "levels.npz"))
    data = ds.NumpySlicesDataset((d["x"], d["y"]), column_names=["x", "y"], shuffle=False).batch(8)
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9, loss_scale=128.0)
    manager = amp.FixedLossScaleManager(128.0, drop_overflow_update=False)
    model = ms.Model(net, nn.MSELoss(), opt, amp_level="O2", loss_scale_manager=manager)
    model.train(1, data, dataset_sink_mode=sink)
    mode = "sink" if sink else "step"
    for n, p in net.parameters_and_names():
        want = d[f"{mode}:after:{n.replace('bn.', 'bn._backbone.')}"]  # MindSpore's O2 wrapper
        np.testing.assert_allclose(p.asnumpy(), want, rtol=2e-3, atol=2e-3, err_msg=n)


def _o2_dynamic_model(net):
    manager = amp.DynamicLossScaleManager(
        init_loss_scale=2.0**10, scale_factor=2, scale_window=1000
    )
    return ms.Model(
        net,
        nn.MSELoss(),
        nn.Momentum(net.trainable_params(), 0.01, 0.9),
        amp_level="O2",
        loss_scale_manager=manager,
    )


def test_model_amp_in_the_sink_loop():
    """O2 with a dynamic loss scale trains inside the sink (the overflow check is on the device):
    the inf batch's update is skipped and the scale halves, so the weights are those of the same
    training on the three finite batches alone. (MindSpore's CPU build refuses dynamic loss
    scaling, so the reference is deepsink's step-mode run without the inf batch.)"""
    d = np.load(FIX / "levels.npz")
    x = np.repeat(d["in_0"][None], 4, 0).reshape(32, 4).astype(np.float32)
    x += np.linspace(0, 0.5, 32, dtype=np.float32)[:, None]  # four different batches
    x[8, 0] = np.inf  # batch 1 of 4
    y = np.repeat(d["label"][None], 4, 0).reshape(32, 2).astype(np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(8)
    net = _net(d)
    model = _o2_dynamic_model(net)
    assert isinstance(model.train_network, nn.TrainOneStepWithLossScaleCell)
    model.train(1, data, dataset_sink_mode=True)
    assert float(model.train_network.scale_sense.asnumpy()) == 512.0

    keep = np.r_[0:8, 16:32]
    finite = ds.NumpySlicesDataset((x[keep], y[keep]), column_names=["x", "y"], shuffle=False)
    ref = _net(d)
    ref_model = _o2_dynamic_model(ref)
    ref_model.train(1, finite.batch(8), dataset_sink_mode=False)
    assert float(ref_model.train_network.scale_sense.asnumpy()) == 1024.0
    # the trainable ones: BatchNorm's moving statistics saw the inf batch in its forward pass
    for p, q in zip(net.trainable_params(), ref.trainable_params()):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-3, atol=1e-4, err_msg=p.name)
    assert not np.allclose(net.fc.weight.asnumpy(), d["param:fc.weight"], atol=1e-3)


def test_model_rejects_bad_amp_arguments():
    net = AmpNet()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    with pytest.raises(ValueError, match="Unsupported arg 'keep_fp32'"):
        ms.Model(net, nn.MSELoss(), opt, amp_level="O2", keep_fp32=True)
    with pytest.raises(ValueError, match="'amp_level' must be one of"):
        ms.Model(net, nn.MSELoss(), opt, amp_level="O5")
    with pytest.warns(UserWarning, match="boost_level='O1'"):
        amp._boost_warned.clear()
        ms.Model(net, nn.MSELoss(), opt, boost_level="O1")


@pytest.mark.parametrize("level", ["O0", "O2", "bad"])
def test_a_plain_function_is_refused_in_mindspores_words(level):
    # MindSpore 2.10 checks the network before the level: "For amp_level 'O2', the network type
    # should be Cell."
    def f(a, b):
        return ms.ops.matmul(a, b) + 1

    with pytest.raises(TypeError) as info:
        ms.amp.auto_mixed_precision(f, level)
    assert str(info.value) == f"For amp_level '{level}', the network type should be Cell."
