"""The max-pool lowerings of ``_core.pool``: the CPU "scatter" gradient routes every window's
gradient to its first maximum exactly as the plain ``reduce_window`` (select-and-scatter) and
MindSpore do, ties and NaNs included, and it leaves no select-and-scatter in the program."""

import itertools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import deepsink as ms
from deepsink import nn
from deepsink._core import pool as P

# (input shape, window, strides, padding): full-rank, as lax.reduce_window takes them
CONFIGS = [
    ((3, 4, 8, 8), (1, 1, 2, 2), (1, 1, 2, 2), ((0, 0),) * 4),  # LeNet's pool
    ((2, 3, 9, 7), (1, 1, 2, 2), (1, 1, 2, 2), ((0, 0),) * 4),  # odd sizes: last row dropped
    ((2, 3, 10, 9), (1, 1, 3, 3), (1, 1, 2, 2), ((0, 0), (0, 0), (1, 1), (1, 2))),  # overlap
    ((2, 3, 7, 7), (1, 1, 3, 3), (1, 1, 1, 1), ((0, 0), (0, 0), (1, 1), (1, 1))),
    ((2, 5, 12), (1, 1, 4), (1, 1, 4), ((0, 0),) * 3),  # 1-D
    ((2, 2, 6, 6, 6), (1, 1, 2, 2, 2), (1, 1, 2, 2, 2), ((0, 0),) * 5),  # 3-D
]


def _with_ties(shape, seed=0):
    """Small integers: most windows hold several equal maxima."""
    return jnp.asarray(np.random.default_rng(seed).integers(0, 3, shape), jnp.float32)


def _vjp(lowering, x, *geometry):
    P.set_lowering(lowering)
    try:
        y, pull = jax.vjp(jax.jit(lambda a: P.max_pool(a, *geometry)), x)
        ct = jnp.asarray(np.random.default_rng(1).standard_normal(y.shape), jnp.float32)
        return np.asarray(y), np.asarray(pull(ct)[0])
    finally:
        P.set_lowering(None)


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c[0]}w{c[1][2:]}s{c[2][2:]}")
def test_scatter_gradient_equals_select_and_scatter(cfg):
    shape, *geometry = cfg
    x = _with_ties(shape)
    y_ref, dx_ref = _vjp("lax", x, *geometry)
    y, dx = _vjp("scatter", x, *geometry)
    np.testing.assert_array_equal(y, y_ref)
    np.testing.assert_array_equal(dx, dx_ref)


def _first_max_reference(x, window, strides, dilation, g):
    """NumPy: each window's gradient to its first maximum in row-major window order."""
    out = [(n - (k - 1) * d - 1) // s + 1 for n, k, s, d in zip(x.shape, window, strides, dilation)]
    dx = np.zeros_like(x)
    for o in itertools.product(*map(range, out)):
        best = None
        for off in itertools.product(*map(range, window)):
            i = tuple(a * s + b * d for a, s, b, d in zip(o, strides, off, dilation))
            if best is None or x[i] > x[best]:
                best = i
        dx[best] += g[o]
    return dx


def test_dilated_windows_have_a_gradient():
    """JAX cannot differentiate a dilated reduce_window max; the scatter lowering can."""
    x = np.asarray(_with_ties((2, 3, 11, 9)))
    geometry = ((1, 1, 3, 2), (1, 1, 1, 2), ((0, 0),) * 4, (1, 1, 2, 1))
    y, dx = _vjp("scatter", jnp.asarray(x), *geometry)
    g = np.random.default_rng(1).standard_normal(y.shape).astype(np.float32)
    want = _first_max_reference(x, geometry[0], geometry[1], geometry[3], g)
    np.testing.assert_array_equal(dx, want)


def test_maxpool2d_gradient_ties_match_mindspore():
    """nn.MaxPool2d(2, 2)'s gradient, recorded from MindSpore 2.10 (CPU): the first maximum of
    each window (row-major) takes the whole gradient."""
    x = np.array([[[[1, 1, 2, 0], [1, 1, 2, 2], [0, 3, 5, 1], [3, 3, 1, 5]]]], np.float32)
    want = np.array([[[[1, 0, 1, 0], [0, 0, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]]]], np.float32)
    pool = nn.MaxPool2d(kernel_size=2, stride=2)
    grad = ms.grad(lambda a: pool(a).sum())(ms.Tensor(x))
    np.testing.assert_array_equal(grad.asnumpy(), want)
    zeros = np.zeros((1, 1, 2, 4), np.float32)
    grad0 = ms.grad(lambda a: pool(a).sum())(ms.Tensor(zeros)).asnumpy()
    np.testing.assert_array_equal(grad0, [[[[1, 0, 1, 0], [0, 0, 0, 0]]]])


def test_nan_is_the_window_maximum():
    x = jnp.asarray([[[[1.0, jnp.nan, 3.0, 2.0], [jnp.nan, 0.0, 1.0, 1.0]]]], jnp.float32)
    y, dx = _vjp("scatter", x, (1, 1, 2, 2), (1, 1, 2, 2), ((0, 0),) * 4)
    assert np.isnan(y[0, 0, 0, 0]) and y[0, 0, 0, 1] == 3.0
    ct = np.random.default_rng(1).standard_normal(y.shape).astype(np.float32)
    np.testing.assert_array_equal(dx[0, 0], [[0, ct[0, 0, 0, 0], ct[0, 0, 0, 1], 0], [0] * 4])


def _stablehlo(lowering, window=(1, 1, 2, 2), strides=(1, 1, 2, 2)):
    P.set_lowering(lowering)
    try:

        def body(c, x):
            loss = lambda a: jnp.sum(P.max_pool(a, window, strides, ((0, 0),) * 4) ** 2)
            return c + jnp.sum(jax.grad(loss)(x * c)), None

        xs = jnp.ones((3, 2, 4, 8, 8), jnp.float32)
        return jax.jit(lambda c: lax.scan(body, c, xs)[0]).lower(jnp.float32(1)).as_text()
    finally:
        P.set_lowering(None)


def test_scatter_lowering_has_no_select_and_scatter():
    """XLA:CPU expands select-and-scatter into iota planes and a variadic reduce-window. Windows
    that tile the input need no scatter at all; overlapping ones scatter to the first maxima."""
    assert "select_and_scatter" in _stablehlo("lax")
    tiled = _stablehlo("scatter")
    assert "select_and_scatter" not in tiled and "stablehlo.scatter" not in tiled
    overlapping = _stablehlo("scatter", (1, 1, 3, 3), (1, 1, 2, 2))
    assert "select_and_scatter" not in overlapping and "stablehlo.scatter" in overlapping


def test_choose_lowering_by_backend_and_dtype(monkeypatch):
    monkeypatch.setattr(P, "_platform", lambda: "cpu")
    assert P.choose_lowering(jnp.float32) == "scatter"
    assert P.choose_lowering(jnp.float16) == "scatter"
    assert P.choose_lowering(jnp.int32) == "lax"  # integers are not differentiated
    monkeypatch.setattr(P, "_platform", lambda: "gpu")
    assert P.choose_lowering(jnp.float32) == "lax"
    P.set_lowering("scatter")
    try:
        assert P.choose_lowering(jnp.float32) == "scatter"
        assert P.choose_lowering(jnp.int8) == "lax"
    finally:
        P.set_lowering(None)
    with pytest.raises(ValueError, match=r"For 'set_lowering', 'name' must be one of"):
        P.set_lowering("fast")


def test_integer_and_padded_pools_keep_their_values():
    xi = jnp.asarray(np.arange(2 * 3 * 5 * 5).reshape(2, 3, 5, 5) % 7, jnp.int32)
    got = P.max_pool(xi, (1, 1, 2, 2), (1, 1, 2, 2), ((0, 0), (0, 0), (1, 0), (0, 1)))
    want = lax.reduce_window(
        xi,
        np.int32(np.iinfo(np.int32).min),
        lax.max,
        (1, 1, 2, 2),
        (1, 1, 2, 2),
        ((0, 0), (0, 0), (1, 0), (0, 1)),
    )
    np.testing.assert_array_equal(got, want)
    same = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
    x = ms.Tensor(np.asarray(_with_ties((1, 2, 7, 6), seed=3)))
    y = same(x)
    assert y.shape == (1, 2, 4, 3)
    grad = ms.grad(lambda a: same(a).sum())(x).asnumpy()
    assert grad.sum() == y.size  # every window's gradient lands inside the input, once


def test_dilated_maxpool2d_trains():
    pool = nn.MaxPool2d(kernel_size=3, stride=1, pad_mode="pad", padding=1, dilation=2)
    x = ms.Tensor(np.asarray(_with_ties((1, 2, 8, 8), seed=4)))
    y = pool(x)
    grad = ms.grad(lambda a: pool(a).sum())(x).asnumpy()
    assert grad.shape == (1, 2, 8, 8) and grad.sum() == y.size
