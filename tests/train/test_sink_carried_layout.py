"""The sink loop carries Eigen-convolved weights (and their optimizer moments) as [I, KH, KW, O]
between steps: the network still sees and returns OIHW, the training result is unchanged."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
from deepsink import nn
from deepsink.train.sink import loop

pytestmark = [
    pytest.mark.usefixtures("no_leaked_threads"),
    pytest.mark.skipif(jax.default_backend() != "cpu", reason="a CPU layout choice"),
]


def test_scan_carries_the_weight_transposed_and_steps_see_it_as_it_is():
    seen = []

    def step(state, batch):
        w, b = state
        seen.append((w.shape, b.shape))
        return (w * 0.5 + batch[0].sum(), b + 1.0), w.sum()

    w = jnp.arange(8 * 32 * 3 * 3, dtype=jnp.float32).reshape(8, 32, 3, 3)
    b = jnp.zeros(8, jnp.float32)
    stack = (jnp.ones((3, 2), jnp.float32),)
    jaxpr = jax.make_jaxpr(lambda s, x: loop._scan_carried(step, s, x))((w, b), stack)
    (scan,) = [e for e in jaxpr.eqns if e.primitive.name == "scan"]
    carry = [v.aval.shape for v in scan.invars[scan.params["num_consts"] :][:2]]
    assert carry == [(32, 3, 3, 8), (8,)]
    assert set(seen) == {((8, 32, 3, 3), (8,))}

    (w2, b2), outs = loop._scan_carried(step, (w, b), stack)
    (w3, b3), outs3 = jax.lax.scan(step, (w, b), stack)
    np.testing.assert_array_equal(w2, w3)
    np.testing.assert_array_equal(b2, b3)
    np.testing.assert_array_equal(outs, outs3)


def test_a_one_step_chunk_is_not_rearranged():
    def step(state, batch):
        return state, state[0].sum()

    w = jnp.ones((8, 32, 3, 3), jnp.float32)
    jaxpr = jax.make_jaxpr(lambda s, x: loop._scan_carried(step, s, x))((w,), (jnp.ones((1, 2)),))
    assert "transpose" not in str(jaxpr)


class _ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 1, has_bias=False)  # 1x1: carried
        self.conv2 = nn.Conv2d(32, 8, 3, pad_mode="same", has_bias=False)  # depth 288: carried
        self.bn = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(8 * 6 * 6, 4)

    def construct(self, x):
        return self.fc(self.flatten(self.relu(self.bn(self.conv2(self.relu(self.conv1(x)))))))


def _trained(monkeypatch, min_steps):
    monkeypatch.setattr(loop, "CARRIED_LAYOUT_MIN_STEPS", min_steps)
    carried = []
    scan = loop.lax.scan

    def recording_scan(f, init, xs, *args, **kwargs):
        carried.append([np.shape(v) for v in init])
        return scan(f, init, xs, *args, **kwargs)

    monkeypatch.setattr(loop.lax, "scan", recording_scan)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(24, 3, 6, 6)).astype(np.float32)
    y = rng.integers(0, 4, size=24).astype(np.int32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(4)
    ms.set_seed(3)
    net = _ConvNet()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.05, 0.9))
    model.train(2, data, dataset_sink_mode=True, sink_size=3)
    return {p.name: p.asnumpy() for p in net.get_parameters()}, carried


def test_training_with_the_carried_layout_reaches_the_same_parameters(monkeypatch):
    ms.set_context(mode=ms.GRAPH_MODE)
    ref, carried_ref = _trained(monkeypatch, 10**9)
    got, carried = _trained(monkeypatch, 2)
    assert carried_ref[0].count((32, 3, 1, 1)) == 2 and (3, 1, 1, 32) not in carried_ref[0]
    # both convolution weights and both of their Momentum moments travel as [I, KH, KW, O]
    assert carried[0].count((3, 1, 1, 32)) == 2 and carried[0].count((32, 3, 3, 8)) == 2
    assert ref.keys() == got.keys()
    for name in ref:
        assert got[name].shape == ref[name].shape
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6, err_msg=name)
