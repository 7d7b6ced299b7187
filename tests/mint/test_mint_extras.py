"""mint names without a MindSpore 2.10 CPU kernel or recorded case, against NumPy: the
batch-norm pieces of SyncBatchNorm (PyTorch's definitions), ``conv_tbc`` and a 'same'-padded
convolution with a non-zero padding mode."""

from __future__ import annotations

import numpy as np

from deepsink import Parameter, Tensor, mint

RNG = np.random.default_rng(0)
X = RNG.random((4, 3, 5)).astype(np.float32)
AX = (0, 2)


def test_batch_norm_stats_and_elemt():
    m, inv = mint.batch_norm_stats(Tensor(X), 1e-5)
    np.testing.assert_allclose(m.asnumpy(), X.mean(AX), rtol=1e-5)
    np.testing.assert_allclose(inv.asnumpy(), 1 / np.sqrt(X.var(AX) + 1e-5), rtol=1e-4)
    w, b = np.array([1.0, 2.0, 0.5], np.float32), np.array([0.0, 1.0, -1.0], np.float32)
    y = mint.batch_norm_elemt(Tensor(X), Tensor(w), Tensor(b), m, inv).asnumpy()
    ref = (X - X.mean(AX)[None, :, None]) / np.sqrt(X.var(AX)[None, :, None] + 1e-5)
    np.testing.assert_allclose(y, ref * w[None, :, None] + b[None, :, None], atol=1e-4)


def test_gather_stats_combines_replicas_and_updates_running_stats():
    parts = [mint.batch_norm_stats(Tensor(X[i : i + 2]), 1e-5) for i in (0, 2)]
    means = Tensor(np.stack([p[0].asnumpy() for p in parts]))
    invs = Tensor(np.stack([p[1].asnumpy() for p in parts]))
    rm = Parameter(Tensor(np.zeros(3, np.float32)), name="rm")
    rv = Parameter(Tensor(np.ones(3, np.float32)), name="rv")
    gm, gi = mint.batch_norm_gather_stats_with_counts(
        Tensor(X), means, invs, rm, rv, 0.1, 1e-5, Tensor(np.array([10.0, 10.0], np.float32))
    )
    np.testing.assert_allclose(gm.asnumpy(), X.mean(AX), atol=1e-5)
    np.testing.assert_allclose(gi.asnumpy(), 1 / np.sqrt(X.var(AX) + 1e-5), rtol=1e-3)
    np.testing.assert_allclose(rm.asnumpy(), 0.1 * X.mean(AX), atol=1e-5)
    np.testing.assert_allclose(rv.asnumpy(), 0.9 + 0.1 * X.var(AX) * 20 / 19, rtol=1e-3)


def test_conv_tbc():
    x = RNG.random((6, 2, 3)).astype(np.float32)
    w = RNG.random((3, 3, 4)).astype(np.float32)
    b = np.array([0.5, 0.0, -1.0, 2.0], np.float32)
    got = mint.conv_tbc(Tensor(x), Tensor(w), Tensor(b), 1).asnumpy()
    xp = np.pad(x, ((1, 1), (0, 0), (0, 0)))
    ref = np.stack([np.einsum("kbi,kio->bo", xp[t : t + 3], w) for t in range(6)]) + b
    np.testing.assert_allclose(got, ref, atol=1e-5)


def test_same_padding_uses_the_padding_mode():
    conv = mint.nn.Conv1d(1, 1, 4, padding="same", padding_mode="replicate", bias=False)
    conv.weight.set_data(Tensor(np.ones((1, 1, 4), np.float32)))
    x = np.array([[[1.0, 2.0, 3.0, 4.0, 5.0]]], np.float32)
    got = conv(Tensor(x)).asnumpy()
    xp = np.pad(x[0, 0], (1, 2), mode="edge")  # 3 padded pixels: 1 before, 2 after
    np.testing.assert_allclose(got[0, 0], [xp[i : i + 4].sum() for i in range(5)], rtol=1e-6)
