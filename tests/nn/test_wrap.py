"""WithLossCell, WithEvalCell, TrainOneStepCell: behaviour, naming (MindSpore fixtures), modes."""

from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import deepsink.nn as nn
import deepsink.ops as ops
from deepsink import context
from deepsink._compile.jit import jit
from deepsink._core import random as _random
from deepsink.common.parameter import Parameter, ParameterTuple
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ms"
F32 = np.float32


class Dense(Cell):
    """y = x W^T + b with MindSpore's (out, in) weight layout."""

    def __init__(self, n_in, n_out, seed=0):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.weight = Parameter(Tensor(rng.normal(size=(n_out, n_in)).astype(F32)), name="weight")
        self.bias = Parameter(Tensor(rng.normal(size=(n_out,)).astype(F32)), name="bias")

    def construct(self, x):
        return Tensor._from(unwrap(x) @ self.weight._data.T + self.bias._data)


class BatchNormLike(Cell):
    """Parameters named as BatchNorm1d's (moving stats first, not trainable)."""

    def __init__(self, n):
        super().__init__()
        self.moving_mean = Parameter(Tensor(np.zeros(n, F32)), name="mean", requires_grad=False)
        self.moving_variance = Parameter(
            Tensor(np.ones(n, F32)), name="variance", requires_grad=False
        )
        self.gamma = Parameter(Tensor(np.ones(n, F32)), name="gamma")
        self.beta = Parameter(Tensor(np.zeros(n, F32)), name="beta")

    def construct(self, x):
        return Tensor._from(unwrap(x) * self.gamma._data + self.beta._data)


class Head(Cell):
    def __init__(self):
        super().__init__()
        setattr(self, "0", Dense(4, 3, seed=1))

    def construct(self, x):
        return Tensor._from(jnp.maximum(unwrap(getattr(self, "0")(x)), 0))


class Inner(Cell):
    def __init__(self):
        super().__init__()
        self.fc = Dense(4, 4)
        self.bn = BatchNormLike(4)

    def construct(self, x):
        return self.bn(self.fc(x))


class Outer(Cell):
    def __init__(self):
        super().__init__()
        self.scale = Parameter(Tensor(np.ones(4, F32)), name="scale")
        self.offset = Parameter(Tensor(np.zeros(4, F32)), name="my_offset")
        self.frozen = Parameter(Tensor(np.zeros(4, F32)), name="frozen", requires_grad=False)
        self.block = Inner()
        self.head = Head()

    def construct(self, x):
        y = unwrap(self.block(x)) * self.scale._data + self.offset._data + self.frozen._data
        return self.head(Tensor._from(y))


def _train_net(lr=0.01):
    net = Outer()
    opt = nn.Momentum(net.trainable_params(), lr, 0.9)
    return nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits()), opt)


NAMING = {
    "with_loss_get_parameters": lambda: [
        p.name
        for p in nn.WithLossCell(Outer(), nn.SoftmaxCrossEntropyWithLogits()).get_parameters()
    ],
    "train_net_get_parameters": lambda: [p.name for p in _train_net().get_parameters()],
    "train_net_parameters_and_names": lambda: [n for n, _ in _train_net().parameters_and_names()],
    "train_net_trainable_params": lambda: [p.name for p in _train_net().trainable_params()],
}


@pytest.mark.parametrize("case", sorted(NAMING))
def test_wrapper_naming_matches_mindspore(case):
    want = [str(n) for n in np.load(FIXTURES / "naming" / f"{case}.npz")["names"]]
    assert NAMING[case]() == want


def _data(seed=0, n=8):
    rng = np.random.default_rng(seed)
    x = Tensor(rng.normal(size=(n, 4)).astype(F32))
    y = Tensor(np.eye(3, dtype=F32)[rng.integers(0, 3, size=n)])
    return x, y


def test_with_loss_cell():
    net = Dense(4, 3)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    cell = nn.WithLossCell(net, loss_fn)
    x, y = _data()
    assert cell.backbone_network is net
    assert float(cell(x, y)) == pytest.approx(float(loss_fn(net(x), y)))
    assert [p.name for p in cell.get_parameters()] == ["weight", "bias"]


def test_with_eval_cell_casts_to_float32():
    net = Dense(4, 3)
    cell = nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=True)
    x, y = _data()
    loss, out, label = cell(x, Tensor(unwrap(y).astype(jnp.float16)))
    assert str(label.dtype) == "Float32" and out.shape == (8, 3)
    assert float(loss) == pytest.approx(float(nn.MSELoss()(out, label)))
    with pytest.raises(TypeError, match="WithEvalCell.*add_cast_fp32"):
        nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=1)


def _manual_step(net, x, y, lr, momentum=0.9):
    """Loss and updated weights computed directly with jax.grad and the momentum rule."""
    params = net.trainable_params()
    values = [p._data for p in params]

    def loss_of(vals):
        saved = [p._data for p in params]
        for p, v in zip(params, vals):
            p._data = v
        out = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")(net(x), y)
        for p, v in zip(params, saved):
            p._data = v
        return unwrap(out)

    loss, grads = jax.value_and_grad(loss_of)(values)
    return loss, [v - lr * g for v, g in zip(values, grads)]


def test_train_one_step_updates_like_momentum():
    net = Dense(4, 3)
    x, y = _data()
    loss_ref, after_ref = _manual_step(net, x, y, lr=0.1)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(reduction="mean")), opt
    )
    train.set_train()
    loss = train(x, y)
    assert float(loss) == pytest.approx(float(loss_ref), rel=1e-6)
    for p, ref in zip(net.trainable_params(), after_ref):
        np.testing.assert_allclose(p.asnumpy(), np.asarray(ref), rtol=1e-5, atol=1e-6)
    assert int(opt.global_step.asnumpy()[0]) == 1
    assert train.weights is opt.parameters


def _run(mode, steps=3, **kwargs):
    context.set_context(mode=mode)
    _random.set_seed(0)
    train = _train_net(lr=0.05)
    train.set_train()
    for key, value in kwargs.items():
        setattr(train, key, value)
    losses = [float(unwrap(train(*_data(i))).mean()) for i in range(steps)]
    return losses, {p.name: p.asnumpy() for p in train.get_parameters()}


def test_graph_mode_equals_pynative():
    eager_losses, eager = _run(context.PYNATIVE_MODE)
    graph_losses, graph = _run(context.GRAPH_MODE)
    np.testing.assert_allclose(graph_losses, eager_losses, rtol=1e-5)
    for name in eager:
        np.testing.assert_allclose(graph[name], eager[name], rtol=1e-5, atol=1e-6, err_msg=name)
    assert int(graph["global_step"][0]) == 3


def test_jit_wrapped_train_step_equals_eager():
    _, eager = _run(context.PYNATIVE_MODE)
    train = _train_net(lr=0.05)
    train.set_train()
    step = jit(lambda x, y: train(x, y))
    for i in range(3):
        step(*_data(i))
    for p in train.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), eager[p.name], rtol=1e-5, atol=1e-6, err_msg=p.name)


def test_sens_scales_gradients_and_return_grad():
    net = Dense(4, 3)
    x, y = _data()
    lr = 0.1
    opt = nn.SGD(net.trainable_params(), lr)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt, sens=2.0, return_grad=True)
    before = {p.name: p.asnumpy() for p in net.trainable_params()}
    loss, grads = train(x, y)
    assert sorted(grads) == ["bias", "weight"]
    for p in net.trainable_params():
        np.testing.assert_allclose(
            p.asnumpy(), before[p.name] - lr * grads[p.name].asnumpy(), rtol=1e-6
        )
    train.set_sens(1.0)
    values = [p.asnumpy() for p in net.trainable_params()]
    _, ref = _manual_step(net, x, y, lr=1.0)  # ref = value - gradient
    _, grads1 = train(x, y)
    np.testing.assert_allclose(
        grads1["weight"].asnumpy(), values[0] - np.asarray(ref[0]), rtol=1e-5, atol=1e-6
    )
    twin = Dense(4, 3)
    twin_train = nn.TrainOneStepCell(
        nn.WithLossCell(twin, loss_fn),
        nn.SGD(twin.trainable_params(), lr),
        sens=2.0,
        return_grad=True,
    )
    for p, v in zip(twin.trainable_params(), values):
        p.set_data(Tensor(v))
    _, grads2 = twin_train(x, y)
    np.testing.assert_allclose(grads2["bias"].asnumpy(), 2 * grads1["bias"].asnumpy(), rtol=1e-6)
    with pytest.raises(ValueError, match="TrainOneStepCell.*'sens'.*non-zero"):
        nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt, sens=0)


def _recorded(case):
    """MindSpore's run of ``case`` (fixtures/ms/wrap, scripts/record_wrap_fixtures.py) and a
    Dense(4, 3) holding the case's starting values."""
    d = np.load(FIXTURES / "wrap" / f"{case}.npz")
    net = nn.Dense(4, 3)
    net.weight.set_data(Tensor(d["param:weight"]))
    net.bias.set_data(Tensor(d["param:bias"]))
    return d, net


def _check_against(d, outs, net):
    outs = outs if isinstance(outs, tuple) else (outs,)
    assert len(outs) == len([k for k in d.files if k.startswith("out:")])
    for i, o in enumerate(outs):
        assert o.shape == d[f"out:{i}"].shape
        np.testing.assert_allclose(o.asnumpy(), d[f"out:{i}"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.weight.asnumpy(), d["after:weight"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), d["after:bias"], rtol=1e-5, atol=1e-6)


def test_non_scalar_loss_gets_ones_sensitivity():
    d, net = _recorded("train_nonscalar_loss")
    opt = nn.SGD(net.trainable_params(), 0.1)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits()), opt)
    _check_against(d, train(Tensor(d["x"]), Tensor(d["y"])), net)


def test_sens_scales_the_gradients_as_mindspore():
    d, net = _recorded("train_sens_2")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt, sens=2.0)
    _check_against(d, train(Tensor(d["x"]), Tensor(d["y"])), net)


def test_with_eval_cell_returns_what_mindspore_returns():
    d, net = _recorded("eval_cell")
    _check_against(d, nn.WithEvalCell(net, nn.MSELoss())(Tensor(d["x"]), Tensor(d["y"])), net)


def test_bn_like_state_written_by_network_survives_step():
    class Counting(Cell):
        def __init__(self):
            super().__init__()
            self.fc = Dense(4, 3)
            self.calls = Parameter(Tensor(np.zeros(1, F32)), name="calls", requires_grad=False)

        def construct(self, x):
            self.calls._data = self.calls._data + 1
            return self.fc(x)

    for mode in (context.PYNATIVE_MODE, context.GRAPH_MODE):
        context.set_context(mode=mode)
        net = Counting()
        opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
        train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        x, _ = _data()
        for _ in range(2):
            train(x, Tensor(np.zeros((8, 3), F32)))
        assert float(net.calls.asnumpy()[0]) == 2.0  # one forward pass per step


class SeedTrainOneStepCell(Cell):
    """The user-written TrainOneStepCell of second program of MindSpore's "Training" guide (`examples/seed003_*.py`)."""

    def __init__(self, network, optimizer, sens=1.0, ops=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.weights = ParameterTuple(network.trainable_params())
        self.optimizer = optimizer
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)
        self.sens = sens
        self.ops = ops

    def set_sens(self, value):
        self.sens = value

    def construct(self, data, label):
        ops = self.ops
        weights = self.weights
        loss = self.network(data, label)
        sens = ops.Fill()(ops.DType()(loss), ops.Shape()(loss), self.sens)
        grads = self.grad(self.network, weights)(data, label, sens)
        return ops.depend(loss, self.optimizer(grads))


@pytest.mark.parametrize("mode", [context.PYNATIVE_MODE, context.GRAPH_MODE])
def test_user_written_train_one_step_cell(mode):
    context.set_context(mode=mode)
    net = Dense(4, 3)
    x, y = _data()
    loss_ref, after_ref = _manual_step(net, x, y, lr=0.01)
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean")
    train = SeedTrainOneStepCell(nn.WithLossCell(net, loss_fn), opt, ops=ops)
    loss = train(x, y)
    assert float(np.asarray(loss)) == pytest.approx(float(loss_ref), rel=1e-6)
    for p, ref in zip(net.trainable_params(), after_ref):
        np.testing.assert_allclose(p.asnumpy(), np.asarray(ref), rtol=1e-5, atol=1e-6)


def test_constructor_errors():
    net = Dense(4, 3)
    with pytest.raises(TypeError, match="TrainOneStepCell.*'optimizer'"):
        nn.TrainOneStepCell(net, object())
    with pytest.raises(TypeError, match="WithLossCell.*'backbone'.*Cell"):
        nn.WithLossCell(lambda x: x, nn.MSELoss())


def test_train_step_runs_as_scan_body():
    """Sink-style: the whole step (schedule lr, Adam, global_step) inside lax.scan equals the
    eager per-step loop."""
    from deepsink._compile.jit import state_of
    from deepsink._core import functional

    def build():
        net = Dense(4, 3)
        opt = nn.Adam(net.trainable_params(), nn.CosineDecayLR(0.001, 0.01, 4), weight_decay=0.01)
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        return nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)

    rng = np.random.default_rng(0)
    xs = rng.normal(size=(5, 8, 4)).astype(F32)
    ys = rng.integers(0, 3, size=(5, 8)).astype(np.int32)
    eager = build()
    eager_losses = [float(eager(Tensor(x), Tensor(y))) for x, y in zip(xs, ys)]

    scanned = build()
    boxes = state_of(scanned)
    f = functional.pure(lambda x, y: scanned(Tensor._from(x), Tensor._from(y)), boxes)

    def body(state, batch):
        out, new_state, escaped = f(state, *batch)
        assert not escaped
        return new_state, unwrap(out)

    state, losses = jax.jit(lambda s, b: jax.lax.scan(body, s, b))(
        functional.values(boxes), (xs, ys)
    )
    functional.update(boxes, state)
    np.testing.assert_allclose(np.asarray(losses), eager_losses, rtol=1e-5)
    want = {p.name: p.asnumpy() for p in eager.get_parameters()}
    for p in scanned.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), want[p.name], rtol=1e-5, atol=1e-7, err_msg=p.name)
    assert int(scanned.optimizer.global_step.asnumpy()[0]) == 5


def test_set_sens_takes_effect_in_graph_mode():
    context.set_context(mode=context.GRAPH_MODE)
    net = Dense(4, 3)
    x, y = _data()
    opt = nn.SGD(net.trainable_params(), 0.0)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt, return_grad=True)
    _, g1 = train(x, y)
    train.set_sens(3.0)
    _, g3 = train(x, y)
    np.testing.assert_allclose(np.asarray(g3["bias"]), 3 * np.asarray(g1["bias"]), rtol=1e-6)
