"""``_core.norm``: BatchNorm's training step with matmul sums equals the plain reductions, values
and gradients (first and second order), for every channel position BatchNorm uses."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import deepsink as ms
from deepsink import nn
from deepsink._core import norm


def _plain(x, gamma, beta, channel, eps):
    axes = tuple(i for i in range(x.ndim) if i != channel)
    shape = [1] * x.ndim
    shape[channel] = x.shape[channel]
    mean = jnp.mean(x, axis=axes)
    var = jnp.mean(jnp.square(x - mean.reshape(shape)), axis=axes)
    xhat = (x - mean.reshape(shape)) * lax.rsqrt(var + eps).reshape(shape)
    return xhat * gamma.reshape(shape) + beta.reshape(shape), mean, var


CASES = [((4, 3, 5, 6), 1), ((4, 5, 6, 3), 3), ((8, 3), 1), ((4, 3, 7), 1)]


@pytest.mark.parametrize("shape,channel", CASES, ids=["nchw", "nhwc", "nc", "ncl"])
def test_values_and_gradients_match_the_plain_reductions(shape, channel):
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.standard_normal(shape) * 3 + 1, jnp.float32)
    c = shape[channel]
    gamma = jnp.asarray(rng.standard_normal(c), jnp.float32)
    beta = jnp.asarray(rng.standard_normal(c), jnp.float32)
    # cotangents for all three outputs: y, and the statistics (which the moving averages read)
    cts = [jnp.asarray(rng.standard_normal(s), jnp.float32) for s in (shape, (c,), (c,))]

    def pull(f):
        out, vjp = jax.vjp(lambda x, g, b: f(x, g, b, channel, 1e-5), x, gamma, beta)
        return (*out, *vjp(tuple(cts)))

    for got, want in zip(pull(norm.batch_norm_train), pull(_plain)):
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5 * float(jnp.abs(want).max()))


def test_second_order_gradient_matches_the_plain_reductions():
    rng = np.random.default_rng(1)
    x = jnp.asarray(rng.standard_normal((3, 2, 4, 4)), jnp.float32)
    gamma = jnp.asarray(rng.standard_normal(2), jnp.float32)
    beta = jnp.zeros(2, jnp.float32)

    def outer(f):
        def inner(x, g):
            return jnp.sum(jnp.tanh(f(x, g, beta, 1, 1e-5)[0]))

        return jax.grad(lambda x, g: jnp.sum(jax.grad(inner)(x, g) ** 2), argnums=(0, 1))(x, gamma)

    for got, want in zip(outer(norm.batch_norm_train), outer(_plain)):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * float(jnp.abs(want).max()))


def test_half_precision_sums_in_float32():
    """A float16 batch with a large mean: the sums accumulate in float32, y comes back float16."""
    x = (1000 + np.random.default_rng(3).standard_normal((64, 2, 16, 16))).astype(np.float16)
    ones = jnp.ones(2, jnp.float16)
    y, mean, var = norm.batch_norm_train(jnp.asarray(x), ones, 0 * ones, 1, 1e-5)
    assert y.dtype == jnp.float16 and mean.dtype == jnp.float32
    x32 = x.astype(np.float32)
    np.testing.assert_allclose(mean, x32.mean(axis=(0, 2, 3)), rtol=1e-6)
    np.testing.assert_allclose(var, x32.var(axis=(0, 2, 3)), rtol=1e-3)


def test_training_step_has_no_reduction_over_the_activations():
    """Forward and backward: the per-channel sums are dots, no reduce over [rows, C]."""
    x = jnp.ones((4, 3, 5, 5), jnp.float32)
    g = jnp.ones(3, jnp.float32)

    def loss(x, g):
        return jnp.vdot(norm.batch_norm_train(x, g, g, 1, 1e-5)[0], x)

    hlo = jax.jit(jax.grad(loss, argnums=(0, 1))).lower(x, g).as_text()
    assert "stablehlo.reduce" not in hlo and hlo.count("stablehlo.dot_general") >= 4


def test_batchnorm2d_takes_it_on_cpu_only(monkeypatch):
    """BatchNorm2d's training step goes through it on CPU, and still updates the moving
    statistics with the batch mean and unbiased variance; other backends keep the reductions."""
    calls = []
    real = norm.batch_norm_train
    monkeypatch.setattr(norm, "batch_norm_train", lambda *a: calls.append(a[3]) or real(*a))
    monkeypatch.setattr(norm, "_platform", lambda: "cpu")
    bn = nn.BatchNorm2d(3, momentum=0.5)
    bn.set_train()
    x = np.random.default_rng(2).standard_normal((4, 3, 5, 5)).astype(np.float32)
    y = bn(ms.Tensor(x)).asnumpy()
    assert calls == [1]
    want = (x - x.mean(axis=(0, 2, 3), keepdims=True)) / np.sqrt(
        x.var(axis=(0, 2, 3), keepdims=True) + 1e-5
    )
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-5)
    mean, var = x.mean(axis=(0, 2, 3)), x.var(axis=(0, 2, 3), ddof=1)
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), 0.5 * mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(bn.moving_variance.asnumpy(), 0.5 + 0.5 * var, rtol=1e-5)
    monkeypatch.setattr(norm, "_platform", lambda: "gpu")
    bn(ms.Tensor(x))
    assert calls == [1] and not norm.use_matmul_sums()


def _compiled_programs(caplog, run) -> list[str]:
    """The names of the XLA programs ``run()`` compiles (JAX logs each compilation)."""
    caplog.clear()
    with caplog.at_level("WARNING"), jax.log_compiles():
        run()
    return [r.getMessage().split(" with ")[0] for r in caplog.records if "Compiling" in r.msg]


@pytest.mark.parametrize("train", [False, True], ids=["eval", "train"])
def test_a_pynative_batchnorm_compiles_one_program_per_shape(caplog, train):
    # eager (PYNATIVE) BatchNorm2d on a shape no other test uses: its element-wise ops are one
    # program (two in training: the normalization and the running-statistics update), and a
    # second layer of the same shape compiles nothing
    x = ms.Tensor(np.random.default_rng(0).standard_normal((3, 7, 5, 11)).astype(np.float32))
    layers = [nn.BatchNorm2d(7).set_train(train) for _ in range(2)]
    first = _compiled_programs(caplog, lambda: layers[0](x).asnumpy())
    assert len(first) == (2 if train and norm.use_matmul_sums() else 1), first
    assert _compiled_programs(caplog, lambda: layers[1](x).asnumpy()) == []
