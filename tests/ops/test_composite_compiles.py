"""Composite ops run op by op (PyNative) as one compiled program per signature
(``graphs.composite``): the first call of a new signature compiles one program, not one per
primitive of the computation, and a later call of that signature compiles nothing. Each op is
called on shapes no other test uses, so the count is this op's own."""

import numpy as np
import pytest
from compilekit import counting_compiles

import deepsink as ms
from deepsink import ops

RNG = np.random.default_rng(7)


def _t(shape, dtype=np.float32, lo=0.0, hi=1.0):
    return ms.Tensor(RNG.uniform(lo, hi, shape).astype(dtype))


def _ctc_loss():
    lp = ms.Tensor(np.log(RNG.dirichlet(np.ones(5), size=(9, 3))).astype(np.float32))
    t = ms.Tensor(RNG.integers(1, 5, (3, 4)).astype(np.int32))
    in_len, tg_len = (
        ms.Tensor(np.array([9, 8, 6], np.int32)),
        ms.Tensor(np.array([4, 2, 3], np.int32)),
    )
    return lambda: ops.ctc_loss(lp, t, in_len, tg_len)


def _ctc_primitive():
    x = _t((6, 2, 5))
    idx = ms.Tensor(np.array([[0, 0], [0, 1], [1, 0]], np.int64))
    vals = ms.Tensor(np.array([1, 2, 3], np.int32))
    seq = ms.Tensor(np.array([6, 5], np.int32))
    return lambda: ops.CTCLoss()(x, idx, vals, seq)


def _ctc_v2():
    lp = ms.Tensor(np.log(RNG.dirichlet(np.ones(4), size=(7, 2))).astype(np.float32))
    t = ms.Tensor(np.array([[1, 2, 3], [2, 2, 0]], np.int32))
    in_len, tg_len = ms.Tensor(np.array([7, 4], np.int32)), ms.Tensor(np.array([3, 2], np.int32))
    return lambda: ops.CTCLossV2()(lp, t, in_len, tg_len)


def _rnnt_loss():
    acts = _t((2, 5, 3, 4))
    labels = ms.Tensor(np.array([[1, 2], [3, 1]], np.int32))
    tl, ul = ms.Tensor(np.array([5, 4], np.int32)), ms.Tensor(np.array([2, 1], np.int32))
    return lambda: ops.RNNTLoss(blank_label=0)(acts, labels, tl, ul)


def _deformable_conv2d():
    x, w = _t((1, 2, 5, 6)), _t((3, 2, 2, 2))
    off = _t((1, 12, 4, 5), lo=-1.0)
    return lambda: ops.deformable_conv2d(x, w, off, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0))


def _roi_align():
    x = _t((1, 2, 7, 5))
    rois = ms.Tensor(np.array([[0, 0.5, 0.5, 3.0, 4.0], [0, 1.0, 0.0, 4.0, 6.0]], np.float32))
    return lambda: ops.ROIAlign(3, 2, 1.0, 2)(x, rois)


def _crop_and_resize():
    image = _t((2, 5, 7, 3))
    boxes = ms.Tensor(np.array([[0.1, 0.2, 0.9, 0.7], [0.0, 0.0, 1.2, 1.0]], np.float32))
    return lambda: ops.crop_and_resize(image, boxes, ms.Tensor(np.array([1, 0], np.int32)), (3, 4))


def _scale_and_translate():
    images = _t((1, 5, 6, 2))
    size = ms.Tensor(np.array([7, 3], np.int32))
    scale, shift = ms.Tensor(np.array([1.4, 0.5], np.float32)), ms.Tensor(np.zeros(2, np.float32))
    return lambda: ops.ScaleAndTranslate()(images, size, scale, shift)


def _fractional_max_pool2d():
    x, u = _t((2, 3, 9, 11)), _t((2, 3, 2))
    return lambda: ops.fractional_max_pool2d(
        x, 2, output_size=(5, 6), return_indices=True, _random_samples=u
    )


def _fractional_max_pool3d():
    x, u = _t((2, 6, 7, 9)), _t((1, 2, 3))
    return lambda: ops.fractional_max_pool3d(
        x, (2, 3, 2), output_size=(3, 4, 5), return_indices=True, _random_samples=u
    )


def _fractional_fixed_ksize():
    x, u = _t((1, 2, 8, 9)), _t((1, 2, 2))
    return lambda: ops.FractionalMaxPoolWithFixedKsize(2, (4, 5))(x, u)


def _fractional_max_pool_nhwc():
    x = _t((1, 8, 11, 2))
    pool = ops.FractionalMaxPool([1.0, 1.5, 1.5, 1.0], deterministic=True, seed=1, seed2=2)
    return lambda: pool(x)


def _grid_sample_2d():
    x, grid = _t((2, 3, 7, 6)), _t((2, 4, 5, 2), lo=-1.2, hi=1.2)
    return lambda: ops.grid_sample(x, grid, "bilinear", "reflection", True)


def _grid_sampler_3d():
    x, grid = _t((1, 2, 4, 5, 7)), _t((1, 3, 2, 4, 3), lo=-1.0, hi=1.0)
    return lambda: ops.GridSampler3D("nearest", "border")(x, grid)


def _adaptive_max_pool3d():
    x = _t((1, 2, 7, 6, 9))
    return lambda: ops.AdaptiveMaxPool3D()(x, ms.Tensor(np.array([3, 2, 4], np.int32)))


def _stft():
    x = _t((3, 70))
    return lambda: ops.stft(x, 16, hop_length=5, win_length=12, return_complex=True)


def _ssim():
    a, b, ssim = _t((2, 2, 17, 19)), _t((2, 2, 17, 19)), ms.nn.SSIM(filter_size=7)
    return lambda: ssim(a, b)


def _msssim():
    a, b = _t((1, 2, 26, 27)), _t((1, 2, 26, 27))
    msssim = ms.nn.MSSSIM(power_factors=(0.2, 0.3, 0.5), filter_size=3)
    return lambda: msssim(a, b)


def _psnr():
    a, b = _t((2, 3, 5, 7)), _t((2, 3, 5, 7))
    return lambda: ms.nn.PSNR()(a, b)


def _multihead_attention():
    q, kv = _t((3, 2, 12)), _t((4, 2, 12))
    mha = ms.nn.MultiheadAttention(12, 3, add_bias_kv=True)
    mask = ms.Tensor(RNG.uniform(size=(3, 4)) > 0.7)
    return lambda: mha(q, kv, kv, attn_mask=mask)


CASES = {
    "ctc_loss": _ctc_loss,
    "CTCLoss": _ctc_primitive,
    "CTCLossV2": _ctc_v2,
    "RNNTLoss": _rnnt_loss,
    "deformable_conv2d": _deformable_conv2d,
    "ROIAlign": _roi_align,
    "crop_and_resize": _crop_and_resize,
    "ScaleAndTranslate": _scale_and_translate,
    "fractional_max_pool2d": _fractional_max_pool2d,
    "fractional_max_pool3d": _fractional_max_pool3d,
    "FractionalMaxPoolWithFixedKsize": _fractional_fixed_ksize,
    "FractionalMaxPool": _fractional_max_pool_nhwc,
    "grid_sample": _grid_sample_2d,
    "GridSampler3D": _grid_sampler_3d,
    "AdaptiveMaxPool3D": _adaptive_max_pool3d,
    "stft": _stft,
    "nn.SSIM": _ssim,
    "nn.MSSSIM": _msssim,
    "nn.PSNR": _psnr,
    "nn.MultiheadAttention": _multihead_attention,
}


@pytest.mark.parametrize("name", list(CASES))
def test_a_composite_op_compiles_one_program_per_signature(name):
    call = CASES[name]()
    with counting_compiles() as first:
        expected = call()
    with counting_compiles() as again:
        got = call()
    assert len(first) == 1, f"{name}: {len(first)} programs compiled at the first call"
    assert len(again) == 0, f"{name}: {len(again)} programs compiled at the second call"
    for e, g in zip(_leaves(expected), _leaves(got), strict=True):
        np.testing.assert_array_equal(e, g)


def _leaves(out):
    return [o.asnumpy() for o in (out if isinstance(out, tuple) else (out,))]


def _directional(f, x, g, eps):
    """``f``'s central difference at ``x`` along a random direction, and the gradient ``g``'s."""
    d = np.random.default_rng(11).standard_normal(x.shape).astype(np.float32)
    fd = (float(f(x + eps * d).asnumpy()) - float(f(x - eps * d).asnumpy())) / (2 * eps)
    return fd, float(np.sum(g * d))


def _attention():
    mha = ms.nn.MultiheadAttention(6, 2, batch_first=True)
    kv = _t((2, 4, 6))
    return lambda q: mha(ms.Tensor(q), kv, kv)[0], _t((2, 3, 6)).asnumpy(), mha, 1e-2


def _ssim():
    ssim, b = ms.nn.SSIM(filter_size=5), _t((1, 2, 9, 10))
    return lambda a: ssim(ms.Tensor(a), b), _t((1, 2, 9, 10)).asnumpy(), None, 1e-2


def _grid():
    # its own draws: bilinear sampling has kinks at the pixel centres, which these points (and
    # the difference's steps) stay clear of
    rng = np.random.default_rng(3)
    x = ms.Tensor(rng.uniform(0, 1, (1, 2, 6, 5)).astype(np.float32))
    grid = rng.uniform(-0.7, 0.7, (1, 3, 4, 2)).astype(np.float32)
    return lambda g: ops.grid_sample(x, ms.Tensor(g), align_corners=False), grid, None, 1e-4


@pytest.mark.parametrize("make", [_attention, _ssim, _grid])
def test_gradients_flow_through_a_composite_forward(make):
    """The forward is one program, and the gradients of a loss on it (the input's, and the
    layer's Parameters') match central differences."""
    forward, x, cell, eps = make()
    with counting_compiles() as first:
        forward(x).asnumpy()
    assert len(first) == 1, f"{len(first)} programs compiled by the forward's first call"

    def loss(v):
        return (forward(v) ** 2).sum()

    g = ms.grad(loss)(ms.Tensor(x)).asnumpy()
    fd, ad = _directional(loss, x, g, eps)
    np.testing.assert_allclose(ad, fd, rtol=2e-2, atol=1e-4)
    if cell is not None:  # the in-projection's gradient, against a nudged Parameter
        w = cell.in_proj_weight
        gw = ms.grad(loss, grad_position=None, weights=[w])(ms.Tensor(x))[0].asnumpy()
        base, d = w.asnumpy().copy(), RNG.standard_normal(w.shape).astype(np.float32)
        values = []
        for sign in (1, -1):
            w.set_data(ms.Tensor(base + sign * eps * d))
            values.append(float(loss(x).asnumpy()))
        w.set_data(ms.Tensor(base))
        np.testing.assert_allclose(
            np.sum(gw * d), (values[0] - values[1]) / (2 * eps), rtol=2e-2, atol=1e-4
        )
