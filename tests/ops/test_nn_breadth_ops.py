"""The functional ops behind the new nn layers (ops.pad, ops.interpolate, ops.pixel_shuffle,
ops.adaptive_*_pool*, activations, losses) against the MindSpore 2.10 layer fixtures, and the
random ops (ops.rand/randn/randint and *_like: shapes, dtypes, ranges, seeding)."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, ops
from tests.support.layer_fixtures import LAYERS


def _case(name):
    return np.load(LAYERS / f"{name}.npz")


@pytest.mark.parametrize(
    "name,call",
    [
        ("pad_reflection2d", lambda x: ops.pad(x, (1, 1, 1, 1), mode="reflect")),
        ("pad_replication2d", lambda x: ops.pad(x, (1, 2, 2, 0), mode="replicate")),
        ("pad_constant1d", lambda x: ops.pad(x, (2, 1), value=0.5)),
        ("upsample_bilinear", lambda x: ops.interpolate(x, size=(5, 7), mode="bilinear")),
        ("upsample_area", lambda x: ops.interpolate(x, size=(2, 3), mode="area")),
        ("pixel_shuffle", lambda x: ops.pixel_shuffle(x, 2)),
        ("pixel_unshuffle", lambda x: ops.pixel_unshuffle(x, 2)),
        ("adaptive_avg2d", lambda x: ops.adaptive_avg_pool2d(x, (2, 3))),
        ("adaptive_max3d", lambda x: ops.adaptive_max_pool3d(x, 2)),
        ("act_celu", lambda x: ops.celu(x, 0.7)),
        ("act_hardtanh", lambda x: ops.hardtanh(x, -0.5, 0.3)),
        ("act_softshrink", lambda x: ops.softshrink(x, 0.3)),
        ("act_glu", lambda x: ops.glu(x, 1)),
    ],
)
def test_functional_matches_the_layer_fixture(name, call):
    d = _case(name)
    np.testing.assert_allclose(call(Tensor(d["arg0"])).asnumpy(), d["out0"], rtol=1e-5, atol=1e-6)


def test_losses_functional():
    d = _case("loss_huber")
    got = ops.huber_loss(Tensor(d["arg0"]), Tensor(d["arg1"]), delta=0.5)
    np.testing.assert_allclose(got.asnumpy(), d["out0"], rtol=1e-5)
    d = _case("loss_kldiv_none")
    got = ops.kl_div(Tensor(d["arg0"]), Tensor(d["arg1"]), reduction="none")
    np.testing.assert_allclose(got.asnumpy(), d["out0"], rtol=1e-5, atol=1e-6)


def test_adaptive_max_pool_indices():
    x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    values, idx = ops.adaptive_max_pool2d(x, (2, 2), return_indices=True)
    np.testing.assert_array_equal(values.asnumpy()[0, 0], [[5, 7], [13, 15]])
    np.testing.assert_array_equal(idx.asnumpy()[0, 0], [[5, 7], [13, 15]])


def test_fold_is_the_adjoint_of_unfold():
    x = np.random.RandomState(0).rand(1, 2, 4, 4).astype(np.float32)
    cols = ops.unfold(Tensor(x), 2, stride=2)
    assert cols.shape == (1, 8, 4)
    np.testing.assert_allclose(ops.fold(cols, (4, 4), 2, stride=2).asnumpy(), x, rtol=1e-6)


def test_random_ops():
    ms.set_seed(5)
    a = ops.rand(2, 3)
    assert a.shape == (2, 3) and a.dtype == ms.float32
    assert 0 <= a.asnumpy().min() and a.asnumpy().max() < 1
    assert ops.randn((4, 5), dtype=ms.float16).dtype == ms.float16
    r = ops.randint(2, 5, (1000,)).asnumpy()
    assert r.min() == 2 and r.max() == 4
    # an op seed starts its own counter (MindSpore's): each call draws anew
    assert not np.array_equal(ops.rand(3, seed=7).asnumpy(), ops.rand(3, seed=7).asnumpy())
    assert not np.array_equal(ops.rand(3).asnumpy(), ops.rand(3).asnumpy())
    like = ops.randn_like(Tensor(np.zeros((2, 2), np.float32)))
    assert like.shape == (2, 2) and like.dtype == ms.float32
    ms.set_seed(5)
    np.testing.assert_array_equal(ops.rand(2, 3).asnumpy(), a.asnumpy())
    with pytest.raises(ValueError, match="high"):
        ops.randint(3, 3, (2,))
    with pytest.raises(ValueError, match="dtype"):  # MindSpore 2.10: ValueError, a float type
        ops.rand(2, dtype=ms.int32)


def test_pad_negative_crops_then_pads():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    got = ops.pad(Tensor(x), (-1, 2), mode="replicate").asnumpy()
    np.testing.assert_array_equal(got, np.pad(x[:, 1:], ((0, 0), (0, 2)), mode="edge"))
    got = ops.pad(Tensor(x), (1, -2, -1, 0)).asnumpy()
    np.testing.assert_array_equal(got, np.pad(x[1:, :2], ((0, 0), (1, 0))))


def test_pad_errors():
    with pytest.raises(ValueError, match="mode"):
        ops.pad(Tensor(np.ones((2, 2), np.float32)), (1, 1), mode="wrap")
    with pytest.raises(ValueError, match="reflect padding"):
        ops.pad(Tensor(np.ones((1, 2), np.float32)), (2, 2), mode="reflect")
