"""``deepsink.numpy`` inside compiled code, under differentiation and in the sunk loop, and as
``mindspore.numpy`` through ``deepsink run``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
import deepsink.numpy as mnp
from deepsink import Tensor, nn

ROOT = Path(__file__).resolve().parents[2]


def _f(a):
    centered = a - mnp.mean(a, axis=0, keepdims=True)
    return mnp.sum(mnp.square(centered) * mnp.exp(-mnp.abs(a))) + mnp.norm(mnp.tensordot(a, a, 1))


X = np.array(
    [[1.0, 2.0, -1.0], [3.0, 5.0, 0.5], [0.25, -2.0, 1.5]], np.float32
)  # no 0: |x| has a kink


def test_jit_equals_eager():
    a = Tensor(X)
    np.testing.assert_allclose(ms.jit(_f)(a).asnumpy(), _f(a).asnumpy(), rtol=1e-6)


def test_grad_matches_finite_differences():
    g = ms.grad(_f)(Tensor(X)).asnumpy()
    x64 = X.astype(np.float64)
    num = np.zeros_like(x64)
    eps = 1e-3
    for i in np.ndindex(X.shape):
        d = np.zeros_like(x64)
        d[i] = eps
        hi = float(_f(Tensor((x64 + d).astype(np.float32))).asnumpy())
        lo = float(_f(Tensor((x64 - d).astype(np.float32))).asnumpy())
        num[i] = (hi - lo) / (2 * eps)
    np.testing.assert_allclose(g, num, rtol=2e-2, atol=2e-2)


def test_value_and_grad_of_a_numpy_function():
    loss, g = ms.value_and_grad(lambda a: mnp.sum(mnp.power(a, 2)))(Tensor(X))
    np.testing.assert_allclose(loss.asnumpy(), (X**2).sum(), rtol=1e-6)
    np.testing.assert_allclose(g.asnumpy(), 2 * X, rtol=1e-6)


class _MnpNet(nn.Cell):
    """A Cell whose construct is NumPy-style code (a weight and mnp functions)."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(Tensor(np.full((3, 1), 0.1, np.float32)), name="w")

    def construct(self, x):
        return mnp.matmul(mnp.tanh(x), self.w)


def test_graph_mode_cell():
    net = _MnpNet()
    x = Tensor(X)
    eager = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = net(x).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(graph, eager, rtol=1e-6)


def test_trains_in_the_sunk_loop():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 3)).astype(np.float32)
    y = (np.tanh(x) @ np.array([[0.5], [-1.0], [2.0]], np.float32)).astype(np.float32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(16)
    net = _MnpNet()
    model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.5))
    before = nn.MSELoss()(net(Tensor(x)), Tensor(y)).asnumpy()
    model.train(5, data, dataset_sink_mode=True)
    after = nn.MSELoss()(net(Tensor(x)), Tensor(y)).asnumpy()
    assert after < before / 2


def test_defaults_are_32_bit():
    cases = [
        (mnp.arange(3), ms.int32, [0, 1, 2]),
        (mnp.ones(2), ms.float32, [1.0, 1.0]),
        (mnp.add(1, 2), ms.int32, 3),
        (mnp.array([1.5]), ms.float32, [1.5]),
        (mnp.mean(mnp.array([[1, 2], [3, 6]], mnp.float16)), ms.float16, 3.0),
        (mnp.linspace(0, 1, 3), ms.float32, [0.0, 0.5, 1.0]),
    ]
    for got, dtype, value in cases:
        assert got.dtype == dtype, (got, dtype)
        np.testing.assert_array_equal(got.asnumpy(), np.asarray(value, got.asnumpy().dtype))


def test_bad_input_names_the_argument():
    with pytest.raises(TypeError, match="'x'"):
        mnp.sqrt("a")
    with pytest.raises(ValueError, match="axis"):
        mnp.sum(mnp.ones((2,)), axis=3)


def test_importable_as_mindspore_numpy_and_mint(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(
        "import mindspore.numpy as mnp\nfrom mindspore import mint\n"
        "import mindspore.mint.nn.functional as F\n"
        "print(mnp.add(1, 2), mint.cat([mnp.ones(2), mnp.zeros(1)]).shape, F.relu(mnp.ones(1)))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run(
        [sys.executable, "-m", "deepsink", "run", str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert p.returncode == 0, p.stderr
    assert "(3,)" in p.stdout
