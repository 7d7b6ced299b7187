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


CASES = {
    "ctc_loss": _ctc_loss,
    "CTCLoss": _ctc_primitive,
    "CTCLossV2": _ctc_v2,
    "RNNTLoss": _rnnt_loss,
    "deformable_conv2d": _deformable_conv2d,
    "ROIAlign": _roi_align,
    "crop_and_resize": _crop_and_resize,
    "ScaleAndTranslate": _scale_and_translate,
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
