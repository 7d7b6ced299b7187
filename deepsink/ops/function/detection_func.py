"""Detection and sequence-decoding ops behind MindSpore's ``ops``: ``crop_and_resize``
(TensorFlow's box crops), ``roi_align`` (Caffe2's ROIAlign, MindSpore's ``ROIAlign``),
``ctc_greedy_decoder`` and ``nms_with_mask``. The last two have data-dependent output sizes or
sequential selection, so they run eagerly on concrete values (NumPy), as MindSpore's dynamic-shape
kernels do.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core.graphs import composite
from deepsink.common.concrete import concrete
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function.scatter_func import _concrete as _shape_values


def crop_and_resize(
    image: Any,
    boxes: Any,
    box_indices: Any,
    crop_size: Any,
    method: str = "bilinear",
    extrapolation_value: float = 0.0,
) -> Tensor:
    r"""Crops the normalized ``boxes`` ``(y1, x1, y2, x2)`` out of the NHWC ``image`` and
    resizes each to ``crop_size``; samples outside the image take ``extrapolation_value``.

    Args:
        image (Tensor): :math:`(N, H, W, C)`.
        boxes (Tensor): :math:`(K, 4)` float, coordinates in [0, 1] of the image (may exceed).
        box_indices (Tensor): :math:`(K,)` int32, the image of each box.
        crop_size (tuple[int]): the crops' (height, width).
        method (str): ``'bilinear'``, ``'nearest'`` or ``'bilinear_v2'``. Default:
            ``'bilinear'``.
        extrapolation_value (float): the value outside the image. Default: ``0.0``.

    Returns:
        Float32 Tensor of shape :math:`(K, crop\_h, crop\_w, C)`.

    Raises:
        ValueError: a shape or ``method`` is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> image = ms.Tensor(np.arange(16.0).reshape(1, 4, 4, 1), ms.float32)
        >>> boxes = ms.Tensor([[0.0, 0.0, 1.0, 1.0]])
        >>> out = ops.crop_and_resize(image, boxes, ms.Tensor([0], ms.int32), (2, 2))
        >>> print(out[0, :, :, 0])
        [[ 0.  3.]
         [12. 15.]]
    """
    api = "crop_and_resize"
    if method not in ("bilinear", "nearest", "bilinear_v2"):
        U.fail(api, f"'method' must be 'bilinear', 'nearest' or 'bilinear_v2', but got {method!r}")
    img = U.array(image, api, "image")
    b = U.array(boxes, api, "boxes")
    idx = U.array(box_indices, api, "box_indices")
    if img.ndim != 4 or b.ndim != 2 or b.shape[1] != 4 or idx.shape != (b.shape[0],):
        U.fail(
            api,
            f"expected image (N, H, W, C), boxes (K, 4) and box_indices (K,), but got "
            f"{list(img.shape)}, {list(b.shape)} and {list(idx.shape)}",
        )
    ch, cw = (int(v) for v in crop_size)
    return Tensor._from(
        _crop_and_resize(
            img, b, idx, ch=ch, cw=cw, method=method, extrapolation_value=float(extrapolation_value)
        )
    )


@composite(static_argnames=("ch", "cw", "method", "extrapolation_value"))
def _crop_and_resize(
    img: Any, b: Any, idx: Any, *, ch: int, cw: int, method: str, extrapolation_value: float
) -> Any:
    """:func:`crop_and_resize` of checked arrays, one compiled program op by op."""
    img, b, idx = img.astype(jnp.float32), b.astype(jnp.float32), idx.astype(jnp.int32)
    h, w = img.shape[1:3]

    def coords(lo, hi, out, size):
        if out > 1:
            step = (hi - lo) * (size - 1) / (out - 1)
            return lo[:, None] * (size - 1) + jnp.arange(out)[None] * step[:, None]
        return (0.5 * (lo + hi) * (size - 1))[:, None]

    ys = coords(b[:, 0], b[:, 2], ch, h)  # (K, ch)
    xs = coords(b[:, 1], b[:, 3], cw, w)  # (K, cw)
    inside = ((ys >= 0) & (ys <= h - 1))[:, :, None] & ((xs >= 0) & (xs <= w - 1))[:, None, :]
    src = img[idx]  # (K, H, W, C)

    def read(yi, xi):
        yi = jnp.clip(yi, 0, h - 1).astype(jnp.int32)
        xi = jnp.clip(xi, 0, w - 1).astype(jnp.int32)
        return jnp.take_along_axis(
            jnp.take_along_axis(src, yi[:, :, None, None], axis=1), xi[:, None, :, None], axis=2
        )

    if method == "nearest":
        out = read(jnp.floor(ys + 0.5), jnp.floor(xs + 0.5))
    else:
        y0, x0 = jnp.floor(ys), jnp.floor(xs)
        dy, dx = (ys - y0)[:, :, None, None], (xs - x0)[:, None, :, None]
        top = read(y0, x0) * (1 - dx) + read(y0, jnp.ceil(xs)) * dx
        bottom = read(jnp.ceil(ys), x0) * (1 - dx) + read(jnp.ceil(ys), jnp.ceil(xs)) * dx
        out = top * (1 - dy) + bottom * dy
    return jnp.where(inside[..., None], out, jnp.float32(extrapolation_value))


def roi_align(
    features: Any,
    rois: Any,
    pooled_height: int,
    pooled_width: int,
    spatial_scale: float,
    sample_num: int = 2,
    roi_end_mode: int = 1,
) -> Tensor:
    r"""Caffe2's ROIAlign: each region ``(batch, x1, y1, x2, y2)`` (scaled by ``spatial_scale``,
    the end +``roi_end_mode``) split into ``pooled_height`` x ``pooled_width`` bins, each the
    mean of ``sample_num`` x ``sample_num`` bilinear samples of ``features`` (NCHW).

    Args:
        features (Tensor): :math:`(N, C, H, W)`.
        rois (Tensor): :math:`(K, 5)`.
        pooled_height (int): bins per column.
        pooled_width (int): bins per row.
        spatial_scale (float): maps ROI coordinates onto ``features``.
        sample_num (int): samples per bin side, positive. Default: ``2``.
        roi_end_mode (int): 0 or 1, added to the end coordinates. Default: ``1``.

    Returns:
        Tensor of shape :math:`(K, C, pooled\_height, pooled\_width)`.

    Raises:
        ValueError: a shape or argument is invalid.
        NotImplementedError: ``sample_num`` is not positive (an adaptive sample count per ROI).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
        >>> rois = ms.Tensor([[0.0, 0.0, 0.0, 2.0, 2.0]])
        >>> print(ops.ROIAlign(1, 1, 1.0)(x, rois))
        [[[[1.]]]]
    """
    api = "ROIAlign"
    if sample_num <= 0:
        U.fail(
            api,
            "'sample_num' <= 0 (an adaptive sample count per region) is not supported",
            NotImplementedError,
        )
    if roi_end_mode not in (0, 1):
        U.fail(api, f"'roi_end_mode' must be 0 or 1, but got {roi_end_mode!r}")
    x = U.floating(U.array(features, api, "features"))
    r = U.array(rois, api, "rois")
    if x.ndim != 4 or r.ndim != 2 or r.shape[1] != 5:
        U.fail(
            api,
            f"expected features (N, C, H, W) and rois (K, 5), but got {list(x.shape)} "
            f"and {list(r.shape)}",
        )
    return Tensor._from(
        _roi_align(
            x,
            r,
            ph=pooled_height,
            pw=pooled_width,
            spatial_scale=float(spatial_scale),
            g=sample_num,
            roi_end_mode=roi_end_mode,
        )
    )


@composite(static_argnames=("ph", "pw", "spatial_scale", "g", "roi_end_mode"))
def _roi_align(
    x: Any, r: Any, *, ph: int, pw: int, spatial_scale: float, g: int, roi_end_mode: int
) -> Any:
    """:func:`roi_align` of checked arrays, one compiled program op by op."""
    r = r.astype(x.dtype)
    h, w = x.shape[2:]
    x1, y1 = r[:, 1] * spatial_scale, r[:, 2] * spatial_scale
    x2 = (r[:, 3] + roi_end_mode) * spatial_scale
    y2 = (r[:, 4] + roi_end_mode) * spatial_scale
    rw, rh = jnp.maximum(x2 - x1, 1.0), jnp.maximum(y2 - y1, 1.0)
    bh, bw = rh / ph, rw / pw
    iy = (jnp.arange(ph)[:, None] + (jnp.arange(g)[None] + 0.5) / g).reshape(-1)  # (ph*g,)
    ix = (jnp.arange(pw)[:, None] + (jnp.arange(g)[None] + 0.5) / g).reshape(-1)
    ys = y1[:, None] + iy[None] * bh[:, None]  # (K, ph*g)
    xs = x1[:, None] + ix[None] * bw[:, None]  # (K, pw*g)

    def axis_taps(v, size):
        out = (v < -1.0) | (v > size)
        v = jnp.maximum(v, 0.0)
        lo = jnp.floor(v).astype(jnp.int32)
        at_end = lo >= size - 1
        lo = jnp.where(at_end, size - 1, lo)
        hi = jnp.where(at_end, size - 1, lo + 1)
        v = jnp.where(at_end, lo.astype(v.dtype), v)
        frac = v - lo
        return lo, hi, frac, out

    ylo, yhi, fy, yout = axis_taps(ys, h)
    xlo, xhi, fx, xout = axis_taps(xs, w)
    src = x[r[:, 0].astype(jnp.int32)]  # (K, C, H, W)

    def read(yi, xi):
        rows = jnp.take_along_axis(src, yi[:, None, :, None], axis=2)  # (K, C, ph*g, W)
        return jnp.take_along_axis(rows, xi[:, None, None, :], axis=3)  # (K, C, ph*g, pw*g)

    fy4, fx4 = fy[:, None, :, None], fx[:, None, None, :]
    val = (
        read(ylo, xlo) * (1 - fy4) * (1 - fx4)
        + read(ylo, xhi) * (1 - fy4) * fx4
        + read(yhi, xlo) * fy4 * (1 - fx4)
        + read(yhi, xhi) * fy4 * fx4
    )
    outside = yout[:, None, :, None] | xout[:, None, None, :]
    val = jnp.where(outside, 0.0, val)
    k, c = val.shape[:2]
    return val.reshape(k, c, ph, g, pw, g).mean(axis=(3, 5))


def ctc_greedy_decoder(inputs: Any, sequence_length: Any, merge_repeated: bool = True) -> tuple:
    r"""Greedy (best-path) CTC decoding of ``inputs`` :math:`(T, B, C)`: the most likely class
    per step over each sequence's length, repeats merged (``merge_repeated``), then the blank
    (class ``C - 1``) removed.

    Args:
        inputs (Tensor): :math:`(T, B, C)` logits.
        sequence_length (Tensor): :math:`(B,)` int32 lengths, at most T.
        merge_repeated (bool): merge repeated classes. Default: ``True``.

    Returns:
        Tuple ``(decoded_indices, decoded_values, decoded_shape, log_probability)``: the
        decoded labels as a sparse :math:`(B, max\_len)` matrix (indices :math:`(L, 2)`, values
        :math:`(L,)`, int64) and each sequence's ``-sum(max logit)`` :math:`(B, 1)`.

    Raises:
        ValueError: the shapes do not match.
        RuntimeError: a length exceeds T (MindSpore's kernel error).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.eye(3, dtype=np.float32)[[0, 0, 2, 1]][:, None])
        >>> idx, vals, shape, logp = ops.ctc_greedy_decoder(x, ms.Tensor([4], ms.int32))
        >>> print(vals, shape)
        [0 1] [1 2]
    """
    api = "ctc_greedy_decoder"
    x, lengths = U.array(inputs, api, "inputs"), U.array(sequence_length, api, "sequence_length")
    if x.ndim != 3 or lengths.shape != (x.shape[1],):
        U.fail(
            api,
            f"expected inputs (T, B, C) and sequence_length (B,), but got "
            f"{list(x.shape)} and {list(lengths.shape)}",
        )
    # the decoded length depends on the values: a GRAPH_MODE Cell runs it op by op (2.10 gives
    # a dynamic shape there)
    x, lengths = _shape_values(concrete(x), api), _shape_values(concrete(lengths), api)
    lengths = np.maximum(lengths.astype(np.int64), 0)  # 2.10 decodes nothing for a length < 1
    for b, n in enumerate(lengths.tolist()):
        if n > x.shape[0]:
            raise RuntimeError(
                f"For 'CTCGreedyDecoder', sequence_length[{b}] {n} should be less than "
                f"{x.shape[0]}."
            )
    blank = x.shape[2] - 1
    indices, values, logp, longest = [], [], [], 0
    for b in range(x.shape[1]):
        steps = x[: lengths[b], b]
        best = steps.argmax(-1)
        logp.append(-steps.max(-1).sum() if len(steps) else 0.0)
        out, prev = [], None
        for c in best.tolist():
            if c != blank and not (merge_repeated and c == prev):
                out.append(c)
            prev = c
        indices += [[b, i] for i in range(len(out))]
        values += out
        longest = max(longest, len(out))
    return (
        Tensor(np.asarray(indices, np.int64).reshape(-1, 2)),
        Tensor(np.asarray(values, np.int64)),
        Tensor(np.asarray([x.shape[1], longest], np.int64)),
        Tensor(np.asarray(logp, x.dtype).reshape(-1, 1)),
    )


def nms_with_mask(bboxes: Any, iou_threshold: float = 0.5) -> tuple:
    r"""Non-maximum suppression: the boxes ``(x1, y1, x2, y2, score)`` sorted by score, and a
    mask keeping each box whose IoU (areas ``(x2 - x1)(y2 - y1)``) with every kept higher-scoring
    box is at most ``iou_threshold``.

    Args:
        bboxes (Tensor): :math:`(N, 5)`.
        iou_threshold (float): the overlap above which a box is suppressed. Default: ``0.5``.

    Returns:
        Tuple ``(selected_boxes, selected_idx, selected_mask)``: the sorted boxes :math:`(N, 5)`,
        their positions in that order (int32) and the keep mask (bool), as MindSpore's CPU
        kernel returns them.

    Raises:
        ValueError: ``bboxes`` is not :math:`(N, 5)`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> boxes = ms.Tensor([[0.0, 0.0, 2.0, 2.0, 0.9], [0.0, 0.0, 2.0, 1.9, 0.8]])
        >>> print(ops.NMSWithMask(0.5)(boxes)[2])
        [ True False]
    """
    api = "NMSWithMask"
    b = np.asarray(U.array(bboxes, api, "bboxes"))
    if b.ndim != 2 or b.shape[1] != 5:
        U.fail(api, f"'bboxes' must have shape [N, 5], but got {list(b.shape)}")
    order = np.argsort(-b[:, 4], kind="stable")
    s = b[order]
    area = (s[:, 2] - s[:, 0]) * (s[:, 3] - s[:, 1])
    keep = np.ones(len(s), bool)
    for i in range(len(s)):
        if not keep[i]:
            continue
        xx1, yy1 = np.maximum(s[i, 0], s[i + 1 :, 0]), np.maximum(s[i, 1], s[i + 1 :, 1])
        xx2, yy2 = np.minimum(s[i, 2], s[i + 1 :, 2]), np.minimum(s[i, 3], s[i + 1 :, 3])
        inter = np.maximum(xx2 - xx1, 0) * np.maximum(yy2 - yy1, 0)
        iou = inter / (area[i] + area[i + 1 :] - inter)
        keep[i + 1 :] &= ~(iou > iou_threshold)
    return Tensor(s), Tensor(np.arange(len(s), dtype=np.int32)), Tensor(keep)
