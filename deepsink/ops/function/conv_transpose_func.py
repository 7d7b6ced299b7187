"""Transposed convolutions: the gradient of a convolution with respect to its input, taken with
``jax.vjp`` of ``ops.conv2d``/``ops.conv3d`` themselves, so every padding mode
('same'/'valid'/'pad'), stride, dilation and group count means exactly what it means for the
forward convolution. ``conv_transpose2d`` (PyTorch's arguments), ``conv3d_transpose`` and the
``Conv2DBackpropInput``/``Conv2DTranspose``/``Conv3DTranspose`` primitives call this one
implementation, as does ``mint.nn.functional.conv_transpose2d``.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def conv_input_grad(
    dout: Any,
    weight: Any,
    input_shape: tuple[int, ...],
    stride: Any,
    pad_mode: str,
    padding: Any,
    dilation: Any,
    groups: int,
    api: str,
) -> Tensor:
    """The input gradient of ``conv{2,3}d(x, weight, stride, pad_mode, padding, dilation,
    groups)`` for an ``x`` of ``input_shape``, at the output cotangent ``dout``."""
    from deepsink.ops.function.nn_func import conv2d
    from deepsink.ops.function.nn_pool_norm_func import conv3d

    d = U.array(dout, api, "dout")
    w = U.array(weight, api, "weight").astype(d.dtype)
    n = d.ndim - 2
    if n not in (2, 3) or w.ndim != d.ndim:
        U.fail(
            api,
            f"'dout' and 'weight' must both be 4-D or 5-D, but got {list(d.shape)} and "
            f"{list(w.shape)}",
        )
    conv = conv2d if n == 2 else conv3d

    def forward(x: jax.Array) -> jax.Array:
        return conv(
            Tensor._from(x), Tensor._from(w), None, stride, pad_mode, padding, dilation, groups
        )._data

    y, pull = jax.vjp(forward, jnp.zeros(tuple(input_shape), d.dtype))
    if y.shape != d.shape:
        U.fail(
            api,
            f"the input size {list(input_shape)} convolves to {list(y.shape)}, which "
            f"must be the shape of 'dout' {list(d.shape)}",
        )
    return Tensor._from(pull(d)[0])


def conv_transpose2d(
    input: Any,
    weight: Any,
    bias: Any = None,
    stride: Any = 1,
    padding: Any = 0,
    output_padding: Any = 0,
    groups: int = 1,
    dilation: Any = 1,
) -> Tensor:
    r"""The 2-D transposed convolution (PyTorch's arguments) over :math:`(N, C_{in}, H, W)` or
    :math:`(C_{in}, H, W)`: the output is
    :math:`(H - 1) s - 2 p + d (k - 1) + output\_padding + 1` high (and so wide).

    Args:
        input (Tensor): the input.
        weight (Tensor): :math:`(C_{in}, C_{out}/groups, kH, kW)`.
        bias (Tensor, optional): :math:`(C_{out},)`. Default: ``None``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        padding (Union[int, tuple[int]]): removed from each side. Default: ``0``.
        output_padding (Union[int, tuple[int]]): added to one side of the output. Default: ``0``.
        groups (int): channel groups. Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.

    Returns:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Raises:
        ValueError: the shapes or arguments do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> w = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(ops.conv_transpose2d(x, w, stride=2).shape)
        (1, 1, 4, 4)
    """
    api = "conv_transpose2d"
    x = U.array(input, api)
    w = U.array(weight, api, "weight")
    unbatched = x.ndim == 3
    if unbatched:
        x = x[None]
    if x.ndim != 4 or w.ndim != 4 or w.shape[0] != x.shape[1]:
        U.fail(
            api,
            f"'input' (N, C_in, H, W) and 'weight' (C_in, C_out/groups, kH, kW) do not "
            f"match: {list(x.shape)} and {list(w.shape)}",
        )
    s, p = (
        U.ntuple(stride, 2, "stride", api, single=False),
        U.ntuple(padding, 2, "padding", api, single=False),
    )
    d, op = (
        U.ntuple(dilation, 2, "dilation", api, single=False),
        U.ntuple(output_padding, 2, "output_padding", api, single=False),
    )
    k = w.shape[2:]
    size = tuple(
        (x.shape[2 + i] - 1) * s[i] - 2 * p[i] + d[i] * (k[i] - 1) + op[i] + 1 for i in range(2)
    )
    shape = (x.shape[0], w.shape[1] * groups) + size
    pads = (p[0], p[0], p[1], p[1])
    y = conv_input_grad(
        Tensor._from(x), Tensor._from(w), shape, s, "pad", pads, d, groups, api
    )._data
    if bias is not None:
        y = y + U.array(bias, api, "bias").astype(y.dtype).reshape(1, -1, 1, 1)
    return Tensor._from(y[0] if unbatched else y)


def _output_size(
    size: int, k: int, s: int, d: int, pad_mode: str, pads: tuple[int, int], op: int
) -> int:
    if pad_mode == "same":
        return size * s
    if pad_mode == "valid":
        return (size - 1) * s + d * (k - 1) + 1 + op
    return (size - 1) * s - pads[0] - pads[1] + d * (k - 1) + 1 + op


def conv3d_transpose(
    inputs: Any,
    weight: Any,
    pad_mode: str = "valid",
    padding: Any = 0,
    stride: Any = 1,
    dilation: Any = 1,
    group: int = 1,
    output_padding: Any = 0,
) -> Tensor:
    r"""The 3-D transposed convolution over :math:`(N, C_{in}, D, H, W)` with MindSpore's
    ``pad_mode``: ``'same'`` gives ``in * stride``, ``'valid'`` ``(in - 1) * stride +
    dilation * (k - 1) + 1 + output_padding``, ``'pad'`` that minus the two pads.

    Args:
        inputs (Tensor): the input.
        weight (Tensor): :math:`(C_{in}, C_{out}/group, kD, kH, kW)`.
        pad_mode (str): ``'valid'``, ``'same'`` or ``'pad'``. Default: ``'valid'``.
        padding (Union[int, tuple[int]]): 1 or 6 ints (head, tail, top, bottom, left, right)
            for ``'pad'``. Default: ``0``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        group (int): channel groups. Default: ``1``.
        output_padding (Union[int, tuple[int]]): added to one side of the output. Default: ``0``.

    Returns:
        Tensor of shape :math:`(N, C_{out}, D_{out}, H_{out}, W_{out})`.

    Raises:
        ValueError: ``pad_mode`` is unknown, or the shapes or arguments do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.ones((1, 2, 2, 2, 2), np.float32))
        >>> w = ms.Tensor(np.ones((2, 3, 2, 2, 2), np.float32))
        >>> print(ops.conv3d_transpose(x, w, stride=2).shape)
        (1, 3, 4, 4, 4)
    """
    api = "conv3d_transpose"
    mode = str(pad_mode).lower()
    if mode not in ("valid", "same", "pad"):
        U.fail(api, f"'pad_mode' must be one of ['valid', 'same', 'pad'], but got {pad_mode!r}")
    x, w = U.array(inputs, api, "inputs"), U.array(weight, api, "weight")
    if x.ndim != 5 or w.ndim != 5 or w.shape[0] != x.shape[1]:
        U.fail(
            api,
            f"'inputs' (N, C_in, D, H, W) and 'weight' (C_in, C_out/group, kD, kH, kW) "
            f"do not match: {list(x.shape)} and {list(w.shape)}",
        )
    s, d = (
        U.ntuple(stride, 3, "stride", api, single=False),
        U.ntuple(dilation, 3, "dilation", api, single=False),
    )
    op = U.ntuple(output_padding, 3, "output_padding", api, single=False)
    pads = (padding,) * 6 if isinstance(padding, int) else tuple(padding)
    if len(pads) != 6:
        U.fail(api, f"'padding' must be an int or 6 ints, but got {padding!r}")
    if mode != "pad" and any(pads):
        U.fail(api, f"'padding' must be 0 when 'pad_mode' is {pad_mode!r}, but got {padding!r}")
    k = w.shape[2:]
    size = tuple(
        _output_size(x.shape[2 + i], k[i], s[i], d[i], mode, pads[2 * i : 2 * i + 2], op[i])
        for i in range(3)
    )
    shape = (x.shape[0], w.shape[1] * group) + size
    return conv_input_grad(Tensor._from(x), Tensor._from(w), shape, s, mode, pads, d, group, api)
