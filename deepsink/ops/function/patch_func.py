"""Patch and window computations behind MindSpore's primitives ``ExtractImagePatches`` (and
``nn.Unfold``), ``ExtractVolumePatches``, ``Dilation2D`` (grey-scale morphological dilation) and
``DeformableOffsets``, and the functional ``deformable_conv2d`` built on the last: each is one
implementation over ``lax`` that the primitive (and, for the deformable convolution, ``ops``)
calls.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
from jax import lax

from deepsink._core import conv as _conv
from deepsink._core import validate as V
from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import nn_func


def extract_volume_patches(x: Any, kernel_size: tuple, strides: tuple, padding: str) -> Tensor:
    """The (kd, kh, kw) windows of NCDHW ``x`` at ``strides`` as channels: output
    ``(N, C*kd*kh*kw, D', H', W')`` with the input channel varying fastest (TensorFlow's order),
    ``padding`` ``'VALID'`` or ``'SAME'``."""
    api = "ExtractVolumePatches"
    a = U.array(x, api, "x")
    if a.ndim != 5:
        U.fail(api, f"'x' must be 5-D (N, C, D, H, W), but got shape {list(a.shape)}")
    k, s = tuple(kernel_size[2:]), tuple(strides[2:])
    p = lax.conv_general_dilated_patches(a, k, s, padding.upper(), precision=lax.Precision.HIGHEST)
    n, c = a.shape[:2]
    p = p.reshape((n, c, -1) + p.shape[2:])  # lax puts the channel slowest
    p = jnp.swapaxes(p, 1, 2).reshape((n, -1) + p.shape[3:])
    return Tensor._from(p.astype(a.dtype))


def extract_image_patches(
    x: Any, ksizes: tuple, strides: tuple, rates: tuple, padding: str, api: str
) -> Tensor:
    """The (kh, kw) windows of NCHW ``x`` at ``strides`` (``rates`` their dilation) as channels:
    output ``(N, kh*kw*C, H', W')`` with the input channel varying fastest (TensorFlow's
    ``extract_image_patches`` order), ``padding`` ``'same'`` or ``'valid'``. The computation of
    ``nn.Unfold`` and ``ops.ExtractImagePatches``; ``api`` names the caller in errors."""
    a = U.array(x, api, "x")
    if a.ndim != 4:
        V.fail_arg(api, "x", "a 4-D Tensor (N, C, H, W)", list(a.shape))
    k, s, r = tuple(ksizes), tuple(strides), tuple(rates)
    if padding.lower() == "same":
        pads = [_conv.same_padding(a.shape[2 + i], k[i], s[i], r[i]) for i in range(2)]
    else:
        pads = [(0, 0), (0, 0)]
    p = lax.conv_general_dilated_patches(
        a, k, s, pads, rhs_dilation=r, dimension_numbers=("NCHW", "OIHW", "NCHW")
    )
    n, _, oh, ow = p.shape
    c = a.shape[1]
    p = p.reshape(n, c, k[0] * k[1], oh, ow).transpose(0, 2, 1, 3, 4)
    return Tensor._from(p.reshape(n, k[0] * k[1] * c, oh, ow))


def _pads(size: tuple, k: tuple, s: tuple, d: tuple, mode: str) -> tuple:
    pads, outs = [], []
    for n, kk, ss, dd in zip(size, k, s, d):
        span = (kk - 1) * dd + 1
        if mode == "SAME":
            out = -(-n // ss)
            pads.append(_conv.same_padding(n, kk, ss, dd))
        else:
            out = -(-(n - span + 1) // ss)
            pads.append((0, 0))
        outs.append(out)
    return tuple(pads), tuple(outs)


def dilation2d(x: Any, filter: Any, stride: tuple, dilation: tuple, pad_mode: str) -> Tensor:
    """Grey-scale dilation of NCHW ``x`` by the per-channel structuring element ``filter``
    ``(C, kh, kw)``: ``max_{i,j} x[c, y*sh + i*dh, x*sw + j*dw] + filter[c, i, j]`` over the
    (``'SAME'``-padded with -inf, or ``'VALID'``) input."""
    api = "Dilation2D"
    a = U.array(x, api, "x")
    f = U.array(filter, api, "filter")
    if a.ndim != 4 or f.ndim != 3 or f.shape[0] != a.shape[1]:
        U.fail(
            api,
            f"'x' must be (N, C, H, W) and 'filter' (C, kh, kw), but got {list(a.shape)} "
            f"and {list(f.shape)}",
        )
    if a.dtype != f.dtype:
        U.fail(
            api, f"'x' and 'filter' must have one dtype, but got {a.dtype} and {f.dtype}", TypeError
        )
    k, s, d = f.shape[1:], tuple(stride[2:]), tuple(dilation[2:])
    pads, (oh, ow) = _pads(a.shape[2:], k, s, d, pad_mode.upper())
    if oh <= 0 or ow <= 0:
        U.fail(
            api,
            f"the dilated filter {list(k)} (dilation {list(d)}) does not fit the input "
            f"{list(a.shape[2:])}",
        )
    low = (
        jnp.finfo(a.dtype).min if jnp.issubdtype(a.dtype, jnp.floating) else jnp.iinfo(a.dtype).min
    )
    xp = jnp.pad(a, ((0, 0), (0, 0)) + pads, constant_values=low)
    out = None
    for i in range(k[0]):
        for j in range(k[1]):
            win = xp[
                :,
                :,
                i * d[0] : i * d[0] + (oh - 1) * s[0] + 1 : s[0],
                j * d[1] : j * d[1] + (ow - 1) * s[1] + 1 : s[1],
            ]
            v = win + f[None, :, i, j, None, None]
            out = v if out is None else jnp.maximum(out, v)
    return Tensor._from(out)


def _bilinear(img: jnp.ndarray, y: jnp.ndarray, x: jnp.ndarray) -> jnp.ndarray:
    """``img`` (N, C, H, W) sampled at (N, C, ...) positions; zero outside the image."""
    h, w = img.shape[-2:]
    y0, x0 = jnp.floor(y), jnp.floor(x)
    out = 0.0
    n_idx = jnp.arange(img.shape[0]).reshape((-1,) + (1,) * (y.ndim - 1))
    c_idx = jnp.arange(img.shape[1]).reshape((1, -1) + (1,) * (y.ndim - 2))
    for dy in (0, 1):
        for dx in (0, 1):
            yy, xx = y0 + dy, x0 + dx
            wgt = (1 - jnp.abs(y - yy)) * (1 - jnp.abs(x - xx))
            ok = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
            v = img[
                n_idx,
                c_idx,
                jnp.clip(yy, 0, h - 1).astype(jnp.int32),
                jnp.clip(xx, 0, w - 1).astype(jnp.int32),
            ]
            out = out + jnp.where(ok, wgt * v, 0.0)
    return out


def _int_tuple(api: str, arg: str, value: Any, n: int) -> tuple:
    if (
        not isinstance(value, tuple | list)
        or len(value) != n
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        V.fail_arg(
            api,
            arg,
            f"a tuple of {n} ints",
            value,
            TypeError if not isinstance(value, tuple | list) else ValueError,
        )
    return tuple(value)


def check_deformable_args(
    api: str,
    strides: Any,
    pads: Any,
    ksize: Any,
    dilations: Any,
    data_format: str,
    deformable_groups: Any,
    modulated: Any,
) -> None:
    """MindSpore 2.10's checks of ``DeformableOffsets``' attributes."""
    V.check_one_of(data_format, ["NCHW", "NHWC"], "data_format", api)
    if data_format == "NHWC":
        U.fail(api, "only the 'NCHW' data_format is built, but got 'NHWC'")
    s = _int_tuple(api, "strides", strides, 4)
    if s[0] != 1 or s[1] != 1:
        U.fail(api, "The N and C dimensions of 'strides' must be set to 1.")
    _int_tuple(api, "pads", pads, 4)
    _int_tuple(api, "kernel_size", ksize, 2)
    d = _int_tuple(api, "dilations", dilations, 4)
    if d[0] != 1 or d[1] != 1:
        U.fail(api, "The N and C dimensions of 'dilations' must be set to 1.")
    V.check_positive_int(deformable_groups, "deformable_groups", api)
    V.check_bool(modulated, "modulated", api)
    if modulated is not True:
        U.fail(api, "The modulated must be set to True.")


def deformable_offsets(
    x: Any,
    offsets: Any,
    strides: tuple,
    pads: tuple,
    ksize: tuple,
    dilations: tuple = (1, 1, 1, 1),
    deformable_groups: int = 1,
) -> Tensor:
    """The deformable-convolution sampling of NCHW ``x``: for every output position and kernel
    tap, ``x`` bilinearly sampled at the tap's place shifted by its (dx, dy) offset and scaled by
    its mask (``offsets`` is ``(N, 3*groups*kh*kw, H', W')``: all x offsets, then all y offsets,
    then the masks), laid out as ``(N, C, H'*kh, W'*kw)``."""
    a, o = _deformable_inputs(x, offsets, strides, pads, ksize, dilations, deformable_groups)
    return Tensor._from(
        _deform_sample(
            a,
            o,
            strides=tuple(strides),
            pads=tuple(pads),
            ksize=tuple(ksize),
            dilations=tuple(dilations),
            groups=deformable_groups,
        )
    )


def _deformable_inputs(
    x: Any,
    offsets: Any,
    strides: tuple,
    pads: tuple,
    ksize: tuple,
    dilations: tuple,
    deformable_groups: int,
) -> tuple[Any, Any]:
    """``x`` and ``offsets`` as arrays, their shapes checked against the attributes."""
    api = "DeformableOffsets"
    a = U.array(x, api, "x")
    o = U.array(offsets, api, "offsets")
    kh, kw = ksize
    g = deformable_groups
    if a.ndim != 4 or o.ndim != 4 or a.shape[1] % g:
        U.fail(
            api,
            f"'x' and 'offsets' must be 4-D with channels divisible by "
            f"'deformable_groups' {g}, but got {list(a.shape)} and {list(o.shape)}",
        )
    n, c, h, w = a.shape
    sh, sw, dh, dw = strides[2], strides[3], dilations[2], dilations[3]
    top, _, left, _ = pads
    oh = (h + pads[0] + pads[1] - (kh - 1) * dh - 1) // sh + 1
    ow = (w + pads[2] + pads[3] - (kw - 1) * dw - 1) // sw + 1
    if o.shape != (n, 3 * g * kh * kw, oh, ow):
        U.fail(
            api,
            f"'offsets' must have shape {[n, 3 * g * kh * kw, oh, ow]}, but got {list(o.shape)}",
        )
    return a, o


@composite(static_argnames=("strides", "pads", "ksize", "dilations", "groups"))
def _deform_sample(
    a: Any, o: Any, *, strides: tuple, pads: tuple, ksize: tuple, dilations: tuple, groups: int
) -> Any:
    """:func:`deformable_offsets` of checked arrays, one compiled program op by op."""
    n, c, h, w = a.shape
    kh, kw = ksize
    g = groups
    sh, sw, dh, dw = strides[2], strides[3], dilations[2], dilations[3]
    top, _, left, _ = pads
    oh, ow = o.shape[2:]
    o = o.astype(a.dtype).reshape(n, 3, g, kh, kw, oh, ow)
    base_y = (jnp.arange(oh) * sh - top)[:, None] + (jnp.arange(kh) * dh)[None, :]  # (oh, kh)
    base_x = (jnp.arange(ow) * sw - left)[:, None] + (jnp.arange(kw) * dw)[None, :]  # (ow, kw)
    # (n, g, kh, kw, oh, ow) sample positions and masks, repeated over each group's channels
    ys = base_y.T[None, None, :, None, :, None] + o[:, 1]
    xs = base_x.T[None, None, None, :, None, :] + o[:, 0]
    rep = c // g
    ys, xs, mask = (jnp.repeat(v, rep, axis=1) for v in (ys, xs, o[:, 2]))
    vals = _bilinear(a, ys, xs) * mask  # (n, c, kh, kw, oh, ow)
    out = vals.transpose(0, 1, 4, 2, 5, 3).reshape(n, c, oh * kh, ow * kw)
    return out.astype(a.dtype)


def deformable_conv2d(
    x: Any,
    weight: Any,
    offsets: Any,
    kernel_size: tuple,
    strides: tuple,
    padding: tuple,
    bias: Any = None,
    dilations: tuple = (1, 1, 1, 1),
    groups: int = 1,
    deformable_groups: int = 1,
    modulated: bool = True,
) -> Tensor:
    r"""Deformable convolution (v2, modulated): the kernel's taps sampled at learned offsets.

    Args:
        x (Tensor): :math:`(N, C_{in}, H_{in}, W_{in})`.
        weight (Tensor): :math:`(C_{out}, C_{in} / groups, kh, kw)`.
        offsets (Tensor): :math:`(N, 3 \cdot deformable\_groups \cdot kh \cdot kw, H_{out},
            W_{out})`: the x offsets, the y offsets, then the masks.
        kernel_size (tuple[int]): ``(kh, kw)``.
        strides (tuple[int]): four ints ``(1, 1, sh, sw)``.
        padding (tuple[int]): four ints (top, bottom, left, right).
        bias (Tensor, optional): :math:`(C_{out},)`. Default: ``None``.
        dilations (tuple[int]): four ints ``(1, 1, dh, dw)``. Default: ``(1, 1, 1, 1)``.
        groups (int): the convolution's groups. Default: ``1``.
        deformable_groups (int): channel groups sharing one set of offsets. Default: ``1``.
        modulated (bool): must be ``True`` (the mask is always applied). Default: ``True``.

    Returns:
        Tensor :math:`(N, C_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError: If the tuples are not tuples of ints.
        ValueError: If the shapes do not fit or ``modulated`` is ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 3, 3), np.float32))
        >>> w = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> off = ms.Tensor(np.concatenate([np.zeros((1, 8, 2, 2)), np.ones((1, 4, 2, 2))], 1),
        ...                 ms.float32)
        >>> print(ops.deformable_conv2d(x, w, off, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0)))
        [[[[4. 4.]
           [4. 4.]]]]
    """
    w = U.array(weight, "deformable_conv2d", "weight")
    if w.ndim != 4 or tuple(w.shape[2:]) != tuple(kernel_size):
        U.fail(
            "deformable_conv2d",
            f"'weight' must be (C_out, C_in/groups, kh, kw) with the "
            f"kernel {kernel_size}, but got {list(w.shape)}",
        )
    check_deformable_args(
        "deformable_conv2d",
        strides,
        padding,
        kernel_size,
        dilations,
        "NCHW",
        deformable_groups,
        modulated,
    )
    a, o = _deformable_inputs(
        x, offsets, strides, padding, kernel_size, dilations, deformable_groups
    )
    b = None if bias is None else U.array(bias, "deformable_conv2d", "bias")
    return Tensor._from(
        _deformable_conv(
            a,
            o,
            w,
            b,
            strides=tuple(strides),
            pads=tuple(padding),
            ksize=tuple(kernel_size),
            dilations=tuple(dilations),
            groups=groups,
            deformable_groups=deformable_groups,
        )
    )


@composite(static_argnames=("strides", "pads", "ksize", "dilations", "groups", "deformable_groups"))
def _deformable_conv(
    a: Any,
    o: Any,
    w: Any,
    b: Any,
    *,
    strides: tuple,
    pads: tuple,
    ksize: tuple,
    dilations: tuple,
    groups: int,
    deformable_groups: int,
) -> Any:
    """:func:`deformable_conv2d` of checked arrays, one compiled program op by op."""
    sampled = _deform_sample(
        a, o, strides=strides, pads=pads, ksize=ksize, dilations=dilations, groups=deformable_groups
    )
    out = nn_func.conv2d(
        Tensor._from(sampled), Tensor._from(w), None, ksize, "valid", 0, 1, groups
    )._data
    if b is not None:
        out = out + b.reshape(1, -1, 1, 1).astype(out.dtype)
    return out
