"""Image and detection helpers behind MindSpore's ``ops`` (``mirror_pad``, ``padding``,
``col2im``, ``bounding_box_encode``/``decode``, ``check_valid``): small closed-form array code
whose shapes are static; the primitives of the same names call these functions.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _ints(v: Any) -> list[int]:
    if isinstance(v, Tensor):
        v = v.asnumpy()
    return np.asarray(v).astype(np.int64).reshape(-1).tolist()


def mirror_pad(input_x: Any, paddings: Any, mode: str) -> Tensor:
    r"""Pads ``input_x`` by mirroring: ``'REFLECT'`` leaves the edge out, ``'SYMMETRIC'``
    repeats it.

    Args:
        input_x (Tensor): any rank.
        paddings (Tensor): int :math:`(rank, 2)`, the (before, after) of every axis.
        mode (str): ``'REFLECT'`` or ``'SYMMETRIC'``.

    Returns:
        Tensor, each axis grown by its pads.

    Raises:
        ValueError: ``mode`` is unknown, ``paddings`` has the wrong shape, or a pad is too large
            for its axis.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1.0, 2.0, 3.0]])
        >>> print(ops.mirror_pad(x, ms.Tensor([[0, 0], [2, 1]], ms.int64), 'REFLECT'))
        [[3. 2. 1. 2. 3. 2.]]
    """
    api = "mirror_pad"
    if mode not in ("REFLECT", "SYMMETRIC"):
        U.fail(api, f"'mode' must be 'REFLECT' or 'SYMMETRIC', but got {mode!r}")
    a = U.array(input_x, api, "input_x")
    p = np.asarray(_ints(paddings)).reshape(-1, 2) if np.size(_ints(paddings)) else np.zeros((0, 2))
    if p.shape != (a.ndim, 2):
        U.fail(api, f"'paddings' must have shape [{a.ndim}, 2], but got {list(p.shape)}")
    limit = 0 if mode == "REFLECT" else 1
    for ax, (lo, hi) in enumerate(p):
        if lo < 0 or hi < 0 or max(lo, hi) > a.shape[ax] - 1 + limit:
            U.fail(
                api,
                f"the pads {(int(lo), int(hi))} of axis {ax} must be non-negative and at "
                f"most {a.shape[ax] - 1 + limit} for size {a.shape[ax]} in {mode} mode",
            )
    np_mode = "reflect" if mode == "REFLECT" else "symmetric"
    return Tensor._from(jnp.pad(a, [tuple(map(int, r)) for r in p], mode=np_mode))


def padding(x: Any, pad_dim_size: int = 8) -> Tensor:
    r"""Extends the last axis of ``x`` (size 1) to ``pad_dim_size``, the new elements zero.

    Args:
        x (Tensor): rank at least 1, last axis of size 1.
        pad_dim_size (int): the new size of the last axis, positive. Default: ``8``.

    Returns:
        Tensor of shape ``x.shape[:-1] + (pad_dim_size,)``.

    Raises:
        TypeError: ``pad_dim_size`` is not an int.
        ValueError: ``pad_dim_size`` is not positive or the last axis is not 1.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.padding(ms.Tensor([[8.0], [10.0]]), 3))
        [[ 8.  0.  0.]
         [10.  0.  0.]]
    """
    api = "padding"
    if isinstance(pad_dim_size, bool) or not isinstance(pad_dim_size, int):
        U.fail(api, f"'pad_dim_size' must be an int, but got {pad_dim_size!r}", TypeError)
    if pad_dim_size < 1:
        U.fail(api, f"'pad_dim_size' must be positive, but got {pad_dim_size}")
    a = U.array(x, api, "x")
    if a.ndim < 1 or a.shape[-1] != 1:
        U.fail(api, f"the last axis of 'x' must be 1, but got shape {list(a.shape)}")
    return Tensor._from(jnp.pad(a, [(0, 0)] * (a.ndim - 1) + [(0, pad_dim_size - 1)]))


def col2im(
    input_x: Any, output_size: Any, kernel_size: Any, dilation: Any, padding_value: Any, stride: Any
) -> Tensor:
    r"""Sums sliding blocks back into images (the adjoint of ``Im2Col``, ``ops.fold``): input
    :math:`(N, C, kH kW, L)`.

    Args:
        input_x (Tensor): 4-D blocks.
        output_size (Tensor): int32 (H, W) of the result.
        kernel_size (Union[int, tuple[int]]): the window.
        dilation (Union[int, tuple[int]]): the window's spacing.
        padding_value (Union[int, tuple[int]]): the implicit zero padding.
        stride (Union[int, tuple[int]]): the step.

    Returns:
        Tensor of shape :math:`(N, C, H, W)`.

    Raises:
        ValueError: ``input_x`` is not 4-D or the block count does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
        >>> print(ops.col2im(x, ms.Tensor([3, 3], ms.int32), 2, 1, 0, 1))
        [[[[1. 2. 1.]
           [2. 4. 2.]
           [1. 2. 1.]]]]
    """
    from deepsink.ops.function.sampling_func import fold

    api = "col2im"
    a = U.array(input_x, api, "input_x")
    if a.ndim != 4:
        U.fail(api, f"'input_x' must be 4-D (N, C, kH*kW, L), but got {a.ndim}-D")
    size = tuple(_ints(output_size))
    folded = fold(
        Tensor._from(a.reshape(a.shape[0], -1, a.shape[-1])),
        size,
        kernel_size,
        dilation,
        padding_value,
        stride,
    )
    return folded


def _boxes(b: Any, api: str, arg: str):
    a = U.array(b, api, arg)
    if a.ndim != 2 or a.shape[1] != 4:
        U.fail(api, f"'{arg}' must have shape [N, 4], but got {list(a.shape)}")
    return a


def _centres(b):
    w = b[:, 2] - b[:, 0] + 1.0
    h = b[:, 3] - b[:, 1] + 1.0
    return (b[:, 0] + b[:, 2]) * 0.5, (b[:, 1] + b[:, 3]) * 0.5, w, h


def bounding_box_encode(
    anchor_box: Any,
    groundtruth_box: Any,
    means: Any = (0.0, 0.0, 0.0, 0.0),
    stds: Any = (1.0, 1.0, 1.0, 1.0),
) -> Tensor:
    r"""The deltas (dx, dy, dw, dh) that move each anchor box onto its ground truth, normalized
    by ``means`` and ``stds``; widths count pixels inclusively (``x1 - x0 + 1``).

    Args:
        anchor_box (Tensor): :math:`(N, 4)` boxes ``(x0, y0, x1, y1)``.
        groundtruth_box (Tensor): :math:`(N, 4)`.
        means (tuple[float]): subtracted from the deltas. Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): divide the deltas. Default: ``(1.0, 1.0, 1.0, 1.0)``.

    Returns:
        Tensor of shape :math:`(N, 4)`.

    Raises:
        ValueError: a box Tensor is not :math:`(N, 4)` or ``means``/``stds`` are not 4 numbers.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.Tensor([[0.0, 0.0, 3.0, 3.0]])
        >>> print(ops.bounding_box_encode(a, ms.Tensor([[1.0, 1.0, 4.0, 4.0]])))
        [[0.25 0.25 0.   0.  ]]
    """
    api = "bounding_box_encode"
    a, g = _boxes(anchor_box, api, "anchor_box"), _boxes(groundtruth_box, api, "groundtruth_box")
    m, s = _four(means, api, "means"), _four(stds, api, "stds")
    px, py, pw, ph = _centres(a)
    gx, gy, gw, gh = _centres(g)
    d = jnp.stack([(gx - px) / pw, (gy - py) / ph, jnp.log(gw / pw), jnp.log(gh / ph)], axis=1)
    return Tensor._from(((d - m) / s).astype(a.dtype))


def _four(v: Any, api: str, arg: str):
    if not isinstance(v, tuple | list) or len(v) != 4:
        U.fail(api, f"'{arg}' must be a tuple of 4 numbers, but got {v!r}")
    return jnp.asarray(v, jnp.float32)


def bounding_box_decode(
    anchor_box: Any,
    deltas: Any,
    max_shape: Any,
    means: Any = (0.0, 0.0, 0.0, 0.0),
    stds: Any = (1.0, 1.0, 1.0, 1.0),
    wh_ratio_clip: float = 0.016,
) -> Tensor:
    r"""The boxes the ``deltas`` move the anchors to (the inverse of ``bounding_box_encode``),
    the size deltas clipped to :math:`\pm|\log(wh\_ratio\_clip)|`, x to [0, W] and y to [0, H] for
    ``max_shape`` (H, W) (MindSpore's bounds).

    Args:
        anchor_box (Tensor): :math:`(N, 4)`.
        deltas (Tensor): :math:`(N, 4)`.
        max_shape (Union[tuple[int], list[int]]): the image's (H, W).
        means (tuple[float]): Default: ``(0.0, 0.0, 0.0, 0.0)``.
        stds (tuple[float]): Default: ``(1.0, 1.0, 1.0, 1.0)``.
        wh_ratio_clip (float): the limit of the size change. Default: ``0.016``.

    Returns:
        Tensor of shape :math:`(N, 4)`.

    Raises:
        ValueError: a box Tensor is not :math:`(N, 4)`, or ``max_shape`` is not 2 ints.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.Tensor([[0.0, 0.0, 3.0, 3.0]])
        >>> print(ops.bounding_box_decode(a, ms.Tensor([[0.25, 0.25, 0.0, 0.0]]), (8, 8)))
        [[1. 1. 4. 4.]]
    """
    api = "bounding_box_decode"
    a, d = _boxes(anchor_box, api, "anchor_box"), _boxes(deltas, api, "deltas")
    if not isinstance(max_shape, tuple | list) or len(max_shape) != 2:
        U.fail(api, f"'max_shape' must be 2 ints (H, W), but got {max_shape!r}")
    m, s = _four(means, api, "means"), _four(stds, api, "stds")
    d = d * s + m
    limit = abs(float(np.log(wh_ratio_clip)))
    dw, dh = jnp.clip(d[:, 2], -limit, limit), jnp.clip(d[:, 3], -limit, limit)
    px, py, pw, ph = _centres(a)
    gw, gh = pw * jnp.exp(dw), ph * jnp.exp(dh)
    gx, gy = px + pw * d[:, 0], py + ph * d[:, 1]
    h, w = max_shape
    x0 = jnp.clip(gx - gw * 0.5 + 0.5, 0, w)
    y0 = jnp.clip(gy - gh * 0.5 + 0.5, 0, h)
    x1 = jnp.clip(gx + gw * 0.5 - 0.5, 0, w)
    y1 = jnp.clip(gy + gh * 0.5 - 0.5, 0, h)
    return Tensor._from(jnp.stack([x0, y0, x1, y1], axis=1).astype(a.dtype))


def check_valid(bboxes: Any, img_metas: Any) -> Tensor:
    r"""Whether each box lies inside the image: ``x0, y0 >= 0`` and ``x1 <= W * ratio - 1``,
    ``y1 <= H * ratio - 1`` for ``img_metas = (H, W, ratio)``.

    Args:
        bboxes (Tensor): :math:`(N, 4)` boxes.
        img_metas (Tensor): ``(H, W, ratio)``.

    Returns:
        Bool Tensor of shape :math:`(N,)`.

    Raises:
        ValueError: ``bboxes`` is not :math:`(N, 4)` or ``img_metas`` not 3 values.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> boxes = ms.Tensor([[0.0, 0.0, 4.0, 4.0], [-1.0, 0.0, 2.0, 2.0]])
        >>> print(ops.check_valid(boxes, ms.Tensor([8.0, 8.0, 1.0])))
        [ True False]
    """
    api = "check_valid"
    b = _boxes(bboxes, api, "bboxes")
    meta = U.array(img_metas, api, "img_metas")
    if meta.shape != (3,):
        U.fail(api, f"'img_metas' must be (H, W, ratio), but got shape {list(meta.shape)}")
    h, w = meta[0] * meta[2], meta[1] * meta[2]
    ok = (b[:, 0] >= 0) & (b[:, 1] >= 0) & (b[:, 2] <= w - 1) & (b[:, 3] <= h - 1)
    return Tensor._from(ok)


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
