"""SmoothL1Loss, MaxPool2d(return_indices=True), Adam(use_lazy=, use_offload=), nn primitives,
nn.Conv3d and the metric names nn still exports, against MindSpore 2.10 (fixtures/ms/nnx)."""

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn, ops
from deepsink.ops import operations as P

FIX = Path(__file__).parent.parent / "fixtures" / "ms" / "nnx"


@pytest.fixture(params=[ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def mode(request):
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_smooth_l1_matches_mindspore(mode):
    d = np.load(FIX / "smooth_l1.npz")
    x, y = ms.Tensor(d["in_0"]), ms.Tensor(d["in_1"])
    for beta in (1.0, 0.5):
        for red in ("none", "mean", "sum"):
            got = nn.SmoothL1Loss(beta=beta, reduction=red)(x, y).asnumpy()
            np.testing.assert_allclose(got, d[f"out:{beta}:{red}"], rtol=1e-6, atol=1e-6)
    with pytest.raises(ValueError, match="'beta'"):
        nn.SmoothL1Loss(beta=0)


def test_maxpool2d_return_indices_matches_mindspore(mode):
    d = np.load(FIX / "maxpool_indices.npz")
    x = ms.Tensor(d["in_0"])
    for k, s, p in ((3, 2, 1), (2, 2, 0), (3, 1, 1)):
        pool = nn.MaxPool2d(kernel_size=k, stride=s, pad_mode="pad", padding=p, return_indices=True)
        out, idx = pool(x)
        np.testing.assert_array_equal(out.asnumpy(), d[f"out:{k}:{s}:{p}"])
        np.testing.assert_array_equal(idx.asnumpy(), d[f"idx:{k}:{s}:{p}"])
    grad = ops.GradOperation()(lambda t: pool(t)[0])(x)
    assert grad.shape == x.shape


def test_adam_lazy_matches_mindspore():
    d = np.load(FIX / "adam_lazy.npz")
    for lazy in (False, True):
        w = ms.Parameter(ms.Tensor(d["w0"]), name="w")
        opt = nn.Adam([w], learning_rate=0.1, use_lazy=lazy)
        for i in range(3):
            opt((ms.Tensor(d[f"grad_{i}"]),))
            np.testing.assert_allclose(
                w.asnumpy(), d[f"lazy{int(lazy)}:w_{i}"], rtol=1e-5, atol=1e-6
            )


def test_adam_bad_keywords():
    w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    with pytest.raises(ValueError, match="use_offload"):
        nn.Adam([w], use_offload=True, use_lazy=True)
    with pytest.raises(ValueError, match="use_amsgrad"):
        nn.Adam([w], use_offload=True, use_amsgrad=True)
    with pytest.raises(KeyError, match="use_lazzy"):
        nn.Adam([w], use_lazzy=True)


def test_nn_primitives():
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
    w = ms.Tensor(np.array([[1.0, 0.0, 1.0]], np.float32))
    np.testing.assert_allclose(P.nn_ops.Dense()(x, w, ms.Tensor(np.float32(7))).asnumpy(), [[11.0]])
    y, mean, var = P.LayerNorm(1, 1)(
        x, ms.Tensor(np.ones(3, np.float32)), ms.Tensor(np.zeros(3, np.float32))
    )
    np.testing.assert_allclose(mean.asnumpy(), [[2.0]])
    np.testing.assert_allclose(var.asnumpy(), [[2.0 / 3]], rtol=1e-6)
    np.testing.assert_allclose(y.asnumpy(), (x.asnumpy() - 2) / np.sqrt(2 / 3 + 1e-7), rtol=1e-5)
    p = np.array([0.2, 0.7], np.float32)
    t = np.array([0.0, 1.0], np.float32)
    want = -(t * np.log(p) + (1 - t) * np.log(1 - p)).mean()
    np.testing.assert_allclose(
        P.BinaryCrossEntropy()(ms.Tensor(p), ms.Tensor(t)).asnumpy(), want, rtol=1e-6
    )
    var_p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="v")
    acc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="a")
    P.ApplyMomentum()(var_p, acc, 0.1, ms.Tensor(np.array([1.0, 2.0], np.float32)), 0.9)
    np.testing.assert_allclose(acc.asnumpy(), [1.0, 2.0])
    np.testing.assert_allclose(var_p.asnumpy(), [0.9, 0.8], rtol=1e-6)
    cube = ms.Tensor(np.arange(2 * 4 * 4 * 4, dtype=np.float32).reshape(1, 2, 4, 4, 4))
    assert P.MaxPool3D(kernel_size=2, strides=2)(cube).shape == (1, 2, 2, 2, 2)
    np.testing.assert_allclose(
        P.AvgPool3D(kernel_size=4, strides=1)(cube).asnumpy().ravel(), [31.5, 95.5]
    )


def test_conv3d_layer_and_vmap():
    net = nn.Conv3d(2, 3, 2, pad_mode="valid", has_bias=True)
    out = net(ms.Tensor(np.ones((1, 2, 3, 3, 3), np.float32)))
    assert out.shape == (1, 3, 2, 2, 2)
    f = ops.vmap(lambda a, b: (a * b).sum(), in_axes=(0, None))
    got = f(ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.arange(3, dtype=np.float32)))
    np.testing.assert_allclose(got.asnumpy(), [3.0] * 4)


def test_metrics_still_exported_from_nn():
    assert nn.Accuracy is ms.train.metrics.Accuracy
    assert nn.Loss is ms.train.metrics.Loss


def test_adaptive_pool_and_unpool_match_mindspore(mode):
    d = np.load(FIX / "adaptive_unpool.npz")
    x = ms.Tensor(d["in_0"])
    for n in (1, 3, 4):
        np.testing.assert_allclose(nn.AdaptiveAvgPool1d(n)(x).asnumpy(), d[f"avg:{n}"], rtol=1e-6)
        np.testing.assert_array_equal(nn.AdaptiveMaxPool1d(n)(x).asnumpy(), d[f"max:{n}"])
    with pytest.raises(ValueError, match="must be divisible by output size 5"):
        nn.AdaptiveAvgPool1d(5)(x)
    out, idx = nn.MaxPool2d(2, 2, pad_mode="pad", padding=0, return_indices=True)(
        ms.Tensor(d["img"])
    )
    np.testing.assert_array_equal(nn.MaxUnpool2d(2, 2, 0)(out, idx).asnumpy(), d["unpool2d"])
    got = nn.MaxUnpool2d(2, 2, 0)(out, idx, (2, 3, 7, 7)).asnumpy()
    np.testing.assert_array_equal(got, d["unpool2d_size"])
