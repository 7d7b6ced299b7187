"""Convolution layers (MindSpore's ``nn.Conv1d``/``nn.Conv2d``) over ``_core.conv.conv2d``.

The weight is stored OIHW as in MindSpore; ``_core.conv`` picks the XLA lowering (canonical NHWC
custom-vjp or im2col on CPU, plain NCHW on GPU) so the layer stays fast inside the sink loop.
"""

from __future__ import annotations

import math
from typing import Any

import jax.numpy as jnp

from deepsink import ops
from deepsink._core import conv as _conv
from deepsink._core.validate import (
    check_bool,
    check_non_negative_int,
    check_one_of,
    check_positive_int,
    fail_arg,
    int_tuple,
)
from deepsink.common import dtype as mstype
from deepsink.common.initializer import HeUniform, Uniform
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.nn.layer.dense import make_param
from deepsink.ops.amp_strategy import cast_arrays
from deepsink.ops.function.conv_transpose_func import conv_input_grad

PAD_MODES = ["same", "valid", "pad"]


def _set_channels(cell: Cell, api: str, in_channels: Any, out_channels: Any, group: Any) -> None:
    """Check and set a convolution's channel counts and ``group`` (dividing both)."""
    cell.in_channels = check_positive_int(in_channels, "in_channels", api)
    cell.out_channels = check_positive_int(out_channels, "out_channels", api)
    cell.group = check_positive_int(group, "group", api)
    if in_channels % group or out_channels % group:
        raise ValueError(
            f"For '{api}', 'in_channels' and 'out_channels' must be divisible by 'group', "
            f"but got in_channels={in_channels}, out_channels={out_channels}, group={group}"
        )


class _Conv(Cell):
    """Shared arguments, checks, parameters and printing of Conv1d/Conv2d/Conv3d."""

    _FORMATS = ("NCHW", "NHWC")

    def __init__(
        self,
        api: str,
        in_channels: int,
        out_channels: int,
        kernel_size: tuple,
        stride: tuple,
        pad_mode: str,
        padding: Any,
        dilation: tuple,
        group: int,
        has_bias: bool,
        weight_init: Any,
        bias_init: Any,
        data_format: str,
        dtype: Any,
    ) -> None:
        super().__init__()
        self._api = api
        _set_channels(self, api, in_channels, out_channels, group)
        self.kernel_size, self.stride, self.dilation = kernel_size, stride, dilation
        if not isinstance(pad_mode, str):
            fail_arg(api, "pad_mode", f"one of {PAD_MODES}", pad_mode, TypeError)
        self.pad_mode = check_one_of(pad_mode, PAD_MODES, "pad_mode", api)
        self.padding = padding
        self.has_bias = check_bool(has_bias, "has_bias", api)
        self.data_format = check_one_of(data_format, list(self._FORMATS), "data_format", api)
        if data_format == "NHWC":
            shape = (out_channels, *kernel_size, in_channels // group)
        else:
            shape = (out_channels, in_channels // group, *kernel_size)
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight_init = weight_init
        self.weight = make_param(weight_init, shape, dtype, "weight", api)
        self.bias_init = bias_init
        self.bias = None
        if has_bias:
            if bias_init is None:
                fan_in = (in_channels // group) * math.prod(kernel_size)
                self.bias_init = Uniform(1 / math.sqrt(fan_in)) if fan_in else "zeros"
            self.bias = make_param(self.bias_init, (out_channels,), dtype, "bias", api)

    def _explicit_padding(self, h: int, w: int) -> _conv.Padding:
        (kh, kw), (sh, sw), (dh, dw) = self.kernel_size, self.stride, self.dilation
        if self.pad_mode == "same":
            return _conv.same_padding(h, kh, sh, dh), _conv.same_padding(w, kw, sw, dw)
        if self.pad_mode == "valid":
            return (0, 0), (0, 0)
        p = self.padding
        p = (p,) * 4 if isinstance(p, int) else p
        return (p[0], p[1]), (p[2], p[3])

    def _conv_nchw(self, a: Any) -> Any:
        """The convolution (plus bias) of an NCHW array."""
        h, w = a.shape[2], a.shape[3]
        pads = self._explicit_padding(h, w)
        for size, k, d, (lo, hi) in zip((h, w), self.kernel_size, self.dilation, pads):
            if size + lo + hi < (k - 1) * d + 1:
                raise ValueError(
                    f"For '{self._api}', the padded input size {size + lo + hi} must be at least the "
                    f"dilated kernel size {(k - 1) * d + 1}, but got input shape {list(a.shape)}"
                )
        weight = self.weight._data
        if self.data_format == "NHWC":
            weight = ops.transpose(weight, (0, 3, 1, 2))._data
        if jnp.issubdtype(a.dtype, jnp.floating) and a.dtype != weight.dtype:
            weight = weight.astype(a.dtype)
        a, weight = cast_arrays("Conv2D", a, weight)
        y = _conv.conv2d(a, weight, self.stride, pads, self.dilation, self.group)
        if self.has_bias:
            y, bias = cast_arrays("BiasAdd", y, self.bias._data)
            y = y + bias.astype(y.dtype)[:, None, None]
        return y

    def extend_repr(self) -> str:
        return (
            f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
            f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
            f"padding={self.padding}, dilation={self.dilation}, group={self.group}, "
            f"has_bias={self.has_bias}, weight_init={self.weight_init}, "
            f"bias_init={self.bias_init}, format={self.data_format}"
        )


def _check_padding(padding: Any, pad_mode: str, api: str) -> Any:
    if isinstance(padding, int) and not isinstance(padding, bool):
        check_non_negative_int(padding, "padding", api)
    elif isinstance(padding, tuple | list):
        if len(padding) != 4 or any(
            isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in padding
        ):
            fail_arg(
                api, "padding", "a non-negative int or a tuple of 4 non-negative ints", padding
            )
        padding = tuple(padding)
    else:
        fail_arg(api, "padding", "an int or a tuple of 4 ints", padding, TypeError)
    if pad_mode != "pad" and padding not in (0, (0, 0, 0, 0)):
        fail_arg(api, "padding", f"0 when 'pad_mode' is {pad_mode!r}", padding)
    return padding


class Conv2d(_Conv):
    r"""2-D convolution over NCHW input (MindSpore's ``nn.Conv2d``; ``data_format='NHWC'`` is
    also accepted).

    Args:
        in_channels (int): input channels :math:`C_{in}`.
        out_channels (int): output channels :math:`C_{out}`.
        kernel_size (Union[int, tuple[int, int]]): the window's height and width.
        stride (Union[int, tuple[int, int]]): Default: ``1``.
        pad_mode (str): ``'same'`` (output ``ceil(H / stride)``; odd padding goes to the
            bottom/right), ``'valid'`` or ``'pad'`` (with ``padding``). Default: ``'same'``.
        padding (Union[int, tuple[int, ...]]): with ``pad_mode='pad'``, an int or
            (top, bottom, left, right). Default: ``0``.
        dilation (Union[int, tuple[int, int]]): Default: ``1``.
        group (int): groups of channels convolved separately. Default: ``1``.
        has_bias (bool): Default: ``False``.
        weight_init, bias_init: initializers of the weight ``(C_out, C_in / group, kh, kw)`` and
            bias. Default: ``None`` (MindSpore's defaults).
        data_format (str): ``'NCHW'`` or ``'NHWC'``. Default: ``'NCHW'``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError: an argument has the wrong type (``kernel_size`` not an int or tuple, ...).
        ValueError: an argument is out of range, or ``pad_mode`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> conv = nn.Conv2d(1, 6, 5, pad_mode="valid")
        >>> conv(ms.Tensor(np.ones((2, 1, 32, 32), np.float32))).shape
        (2, 6, 28, 28)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        pad_mode: str = "same",
        padding: Any = 0,
        dilation: Any = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: Any = None,
        bias_init: Any = None,
        data_format: str = "NCHW",
        dtype: Any = mstype.float32,
    ) -> None:
        api = "Conv2d"
        kernel_size = int_tuple(kernel_size, 2, "kernel_size", api)
        stride = int_tuple(stride, 2, "stride", api)
        dilation = int_tuple(dilation, 2, "dilation", api)
        if isinstance(pad_mode, str):
            check_one_of(pad_mode, PAD_MODES, "pad_mode", api)
        padding = _check_padding(padding, pad_mode, api)
        super().__init__(
            api,
            in_channels,
            out_channels,
            kernel_size,
            stride,
            pad_mode,
            padding,
            dilation,
            group,
            has_bias,
            weight_init,
            bias_init,
            data_format,
            dtype,
        )
        from deepsink.ops.operations import BiasAdd, Conv2D

        # MindSpore's Conv2d holds these primitives; subclasses such as mindcv's StdConv2d call
        # self.conv2d(x, weight) with their own weight (deepsink's Conv2D primitive is NCHW only)
        if data_format == "NCHW":
            self.conv2d = Conv2D(
                out_channel=out_channels,
                kernel_size=kernel_size,
                mode=1,
                pad_mode=pad_mode,
                pad=padding,
                stride=stride,
                dilation=dilation,
                group=group,
                data_format=data_format,
            )
            self.bias_add = BiasAdd(data_format=data_format)

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        c_axis = 1 if self.data_format == "NCHW" else 3
        if a.ndim != 4 or a.shape[c_axis] != self.in_channels:
            layout = "(N, C, H, W)" if c_axis == 1 else "(N, H, W, C)"
            # MindSpore 2.10: ValueError for the rank, RuntimeError (shape inference) for C
            raise (ValueError if a.ndim != 4 else RuntimeError)(
                f"For 'Conv2d', the input must be a 4-D tensor {layout} with C={self.in_channels}, "
                f"but got shape {list(a.shape)}"
            )
        if self.data_format == "NHWC":
            y = self._conv_nchw(ops.transpose(a, (0, 3, 1, 2))._data)
            return ops.transpose(y, (0, 2, 3, 1))
        return Tensor._from(self._conv_nchw(a))


class Conv1d(_Conv):
    """1-D convolution over (N, C, L) input. As in MindSpore the weight is stored as
    (out, in / group, 1, k), a 2-D kernel of height 1.

    Args:
        in_channels (int): the input's channel count C_in.
        out_channels (int): the output's channel count C_out.
        kernel_size (int): the window size.
        stride (int): the step of the window. Default: ``1``.
        pad_mode (str): ``'same'`` (output size ceil(in / stride)), ``'valid'`` (no padding) or
            ``'pad'`` (pad by ``padding``). Default: ``'same'``.
        padding (int): the zero padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (int): the spacing of the kernel's taps. Default: ``1``.
        group (int): split the channels into groups; both channel counts must divide by it. Default: ``1``.
        has_bias (bool): add a bias. Default: ``False``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's initializer.
            Default: ``None`` (HeUniform, as MindSpore 2.x).
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's initializer.
            Default: ``None`` (Uniform).
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, L_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, L_{out})`.

    Raises:
        TypeError: ``in_channels``, ``out_channels`` or ``group`` is not an int, or ``has_bias`` not a bool.
        ValueError: a channel count or ``group`` is not positive, the channels do not divide by ``group``,
            ``pad_mode`` is not one of the three, or ``padding`` is non-zero without ``pad_mode='pad'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> conv = nn.Conv1d(2, 4, kernel_size=3, pad_mode='valid', weight_init='ones')
        >>> print(conv(ms.Tensor(np.ones((1, 2, 5), np.float32))))
        [[[6. 6. 6.]
          [6. 6. 6.]
          [6. 6. 6.]
          [6. 6. 6.]]]
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int,
        stride: int = 1,
        pad_mode: str = "same",
        padding: int = 0,
        dilation: int = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: Any = None,
        bias_init: Any = None,
        dtype: Any = mstype.float32,
    ) -> None:
        api = "Conv1d"
        for name, value in (
            ("kernel_size", kernel_size),
            ("stride", stride),
            ("dilation", dilation),
        ):
            check_positive_int(value, name, api)
        if isinstance(padding, bool) or not isinstance(padding, int):
            fail_arg(api, "padding", "a non-negative int", padding, TypeError)
        if isinstance(pad_mode, str):
            check_one_of(pad_mode, PAD_MODES, "pad_mode", api)
        _check_padding(padding, pad_mode, api)
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3:
                fail_arg(
                    api, "weight_init", "a 3-D Tensor (out, in/group, k)", list(weight_init.shape)
                )
            weight_init = Tensor._from(unwrap(weight_init)[:, :, None, :])
        super().__init__(
            api,
            in_channels,
            out_channels,
            (1, kernel_size),
            (1, stride),
            pad_mode,
            padding,
            (1, dilation),
            group,
            has_bias,
            weight_init,
            bias_init,
            "NCHW",
            dtype,
        )
        self.padding = (0, 0, padding, padding)

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim != 3 or a.shape[1] != self.in_channels:
            raise (ValueError if a.ndim != 3 else RuntimeError)(
                f"For 'Conv1d', the input must be a 3-D tensor (N, C, L) with C={self.in_channels}, "
                f"but got shape {list(a.shape)}"
            )
        return Tensor._from(self._conv_nchw(a[:, :, None, :])[:, :, 0, :])


class Conv3d(_Conv):
    """3-D convolution over (N, C, D, H, W) input; the weight is (out, in / group, kd, kh, kw).
    ``padding`` with ``pad_mode='pad'`` is an int or (head, tail, top, bottom, left, right).

    Args:
        in_channels (int): the input's channel count C_in.
        out_channels (int): the output's channel count C_out.
        kernel_size (Union[int, tuple[int]]): the window size.
        stride (Union[int, tuple[int]]): the step of the window. Default: ``1``.
        pad_mode (str): ``'same'`` (output size ceil(in / stride)), ``'valid'`` (no padding) or
            ``'pad'`` (pad by ``padding``). Default: ``'same'``.
        padding (Union[int, tuple[int]]): the zero padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the kernel's taps. Default: ``1``.
        group (int): split the channels into groups; both channel counts must divide by it. Default: ``1``.
        has_bias (bool): add a bias. Default: ``False``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's initializer.
            Default: ``None`` (HeUniform, as MindSpore 2.x).
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's initializer.
            Default: ``None`` (Uniform).
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.
        data_format (str): ``'NCDHW'`` only. Default: ``'NCDHW'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, D_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, D_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError, ValueError: as :class:`Conv1d`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> conv = nn.Conv3d(1, 2, kernel_size=3, pad_mode='same')
        >>> print(conv(ms.Tensor(np.ones((1, 1, 4, 4, 4), np.float32))).shape)
        (1, 2, 4, 4, 4)
    """

    _FORMATS = ("NCDHW",)

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        pad_mode: str = "same",
        padding: Any = 0,
        dilation: Any = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: Any = None,
        bias_init: Any = None,
        data_format: str = "NCDHW",
        dtype: Any = mstype.float32,
    ) -> None:
        api = "Conv3d"
        if isinstance(padding, int) and not isinstance(padding, bool):
            check_non_negative_int(padding, "padding", api)
        elif not (
            isinstance(padding, tuple | list)
            and len(padding) == 6
            and all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in padding)
        ):
            fail_arg(
                api, "padding", "a non-negative int or a tuple of 6 non-negative ints", padding
            )
        if (
            isinstance(pad_mode, str)
            and pad_mode != "pad"
            and padding not in (0, (0,) * 6, [0] * 6)
        ):
            fail_arg(api, "padding", f"0 when 'pad_mode' is {pad_mode!r}", padding)
        super().__init__(
            api,
            in_channels,
            out_channels,
            int_tuple(kernel_size, 3, "kernel_size", api),
            int_tuple(stride, 3, "stride", api),
            pad_mode,
            tuple(padding) if isinstance(padding, list) else padding,
            int_tuple(dilation, 3, "dilation", api),
            group,
            has_bias,
            weight_init,
            bias_init,
            data_format,
            dtype,
        )

    def construct(self, x: Tensor) -> Tensor:
        from deepsink.ops.function.nn_pool_norm_func import conv3d

        a = unwrap(x)
        if a.ndim != 5 or a.shape[1] != self.in_channels:
            raise ValueError(
                f"For 'Conv3d', the input must be a 5-D tensor (N, C, D, H, W) with "
                f"C={self.in_channels}, but got shape {list(a.shape)}"
            )
        w = self.weight._data
        if jnp.issubdtype(a.dtype, jnp.floating) and a.dtype != w.dtype:
            w = w.astype(a.dtype)
        bias = self.bias._data.astype(a.dtype) if self.has_bias else None
        return conv3d(
            a, w, bias, self.stride, self.pad_mode, self.padding, self.dilation, self.group
        )


# --- transposed convolutions -----------------------------------------------------------------------
def _tuple_n(v: Any, n: int, name: str, api: str) -> tuple[int, ...]:
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * n
    if isinstance(v, tuple | list) and len(v) == n and all(isinstance(x, int) for x in v):
        return tuple(v)
    fail_arg(api, name, f"an int or a tuple of {n} ints", v, TypeError)


class _ConvTranspose(Cell):
    """The adjoint of the strided convolution with the same arguments: the output is the input
    gradient of ``Conv(kernel, stride, pad_mode, padding, dilation, group)`` applied to an array
    of the output's size, so 'same', 'valid' and 'pad' sizes and paddings are exactly MindSpore's
    (``Conv2DBackpropInput``). Weight (in_channels, out_channels // group, *kernel)."""

    _n = 2
    _zero_output_padding = False  # Conv2dTranspose: output_padding adds zeros (MindSpore 2.10)

    def __init__(
        self,
        api: str,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any,
        pad_mode: str,
        padding: Any,
        output_padding: Any,
        dilation: Any,
        group: int,
        has_bias: bool,
        weight_init: Any,
        bias_init: Any,
        dtype: Any,
        weight_kernel: tuple[int, ...] | None = None,
    ) -> None:
        super().__init__()
        n = self._n
        self._api = api
        _set_channels(self, api, in_channels, out_channels, group)
        self.kernel_size = _tuple_n(kernel_size, n, "kernel_size", api)
        self.stride = _tuple_n(stride, n, "stride", api)
        self.dilation = _tuple_n(dilation, n, "dilation", api)
        self.output_padding = _tuple_n(output_padding, n, "output_padding", api)
        self.pad_mode = check_one_of(pad_mode, PAD_MODES, "pad_mode", api)
        if isinstance(padding, int) and not isinstance(padding, bool):
            pads = ((padding, padding),) * n
        elif isinstance(padding, tuple | list) and len(padding) == 2 * n:
            pads = tuple((padding[2 * i], padding[2 * i + 1]) for i in range(n))
        else:
            fail_arg(api, "padding", f"an int or a tuple of {2 * n} ints", padding, TypeError)
        if pad_mode != "pad" and any(p != (0, 0) for p in pads):
            fail_arg(api, "padding", "0 unless pad_mode is 'pad'", padding)
        self.padding, self._pads = padding, pads
        self.has_bias = check_bool(has_bias, "has_bias", api)
        kernel = weight_kernel or self.kernel_size
        shape = (in_channels, out_channels // group, *kernel)
        self.weight = make_param(
            HeUniform(math.sqrt(5)) if weight_init is None else weight_init,
            shape,
            dtype,
            "weight",
            api,
        )
        self.bias = None
        if has_bias:
            fan_in = (out_channels // group) * math.prod(kernel)
            init = Uniform(1 / math.sqrt(fan_in)) if bias_init is None else bias_init
            self.bias = make_param(init, (out_channels,), dtype, "bias", api)

    def _transpose(self, a: Any, weight: Any) -> Any:
        """The transposed convolution: ``ops``' input gradient of the forward convolution (one
        implementation with ``ops.conv_transpose2d``; a 1-D layer runs as a 2-D one of height 1)."""
        spatial = a.shape[2:]
        out_sizes, pads = [], []
        extra = self.output_padding if self._zero_output_padding else (0,) * len(spatial)
        grown = tuple(op - e for op, e in zip(self.output_padding, extra))
        for i, size in enumerate(spatial):
            k, s, d = self.kernel_size[i], self.stride[i], self.dilation[i]
            if self.pad_mode == "same":
                out = size * s
                pads.append(_conv.same_padding(out, k, s, d))
            elif self.pad_mode == "valid":
                out = (size - 1) * s + d * (k - 1) + 1 + grown[i]
                pads.append((0, 0))
            else:
                lo, hi = self._pads[i]
                out = (size - 1) * s - lo - hi + d * (k - 1) + 1 + grown[i]
                pads.append((lo, hi))
            out_sizes.append(out)
        stride, dilation = self.stride, self.dilation
        if len(spatial) == 1:
            a, weight = a[:, :, None], weight[:, :, None]
            out_sizes, pads = [1, *out_sizes], [(0, 0), *pads]
            stride, dilation = (1, *stride), (1, *dilation)
        y = conv_input_grad(
            Tensor._from(a),
            Tensor._from(weight),
            (a.shape[0], self.out_channels, *out_sizes),
            stride,
            "pad",
            tuple(p for pair in pads for p in pair),
            dilation,
            self.group,
            self._api,
        )
        if len(spatial) == 1:
            y = y[:, :, 0]
        if any(extra) and self.pad_mode != "same":
            y = ops.pad(y, tuple(p for e in reversed(extra) for p in (0, e)))
        y = y._data
        if self.has_bias:
            y = y + self.bias._data.astype(y.dtype).reshape((-1,) + (1,) * len(spatial))
        return y

    def _check(self, a: Any, rank: int) -> None:
        if a.ndim != rank or a.shape[1] != self.in_channels:
            fail_arg(
                self._api,
                "x",
                f"a {rank}-D Tensor with {self.in_channels} channels",
                f"shape {list(a.shape)}",
            )

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        self._check(a, self._n + 2)
        return Tensor._from(self._transpose(a, self.weight._data))

    def extend_repr(self) -> str:
        return (
            f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
            f"kernel_size={self.kernel_size}, stride={self.stride}, "
            f"pad_mode={self.pad_mode}, padding={self.padding}, dilation={self.dilation}, "
            f"group={self.group}, has_bias={self.has_bias}"
        )


class Conv2dTranspose(_ConvTranspose):
    """2-D transposed convolution (deconvolution) over (N, C, H, W): the gradient of ``Conv2d`` with
    respect to its input, used to upsample. As in MindSpore 2.10, ``output_padding`` appends zero
    rows and columns.

    Args:
        in_channels (int): the input's channel count C_in.
        out_channels (int): the output's channel count C_out.
        kernel_size (Union[int, tuple[int]]): the window size.
        stride (Union[int, tuple[int]]): the step of the window. Default: ``1``.
        pad_mode (str): ``'same'`` (output size in * stride), ``'valid'`` (no padding) or
            ``'pad'`` (pad by ``padding``). Default: ``'same'``.
        padding (Union[int, tuple[int]]): the zero padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the kernel's taps. Default: ``1``.
        group (int): split the channels into groups; both channel counts must divide by it. Default: ``1``.
        has_bias (bool): add a bias. Default: ``False``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's initializer.
            Default: ``None`` (HeUniform, as MindSpore 2.x).
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's initializer.
            Default: ``None`` (Uniform).
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.
        output_padding (Union[int, tuple[int]]): extra size added to one side of the output. Default: ``0``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError, ValueError: as :class:`Conv1d`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> deconv = nn.Conv2dTranspose(3, 2, kernel_size=2, stride=2)
        >>> print(deconv(ms.Tensor(np.ones((1, 3, 4, 4), np.float32))).shape)
        (1, 2, 8, 8)
    """

    _zero_output_padding = True

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        pad_mode: str = "same",
        padding: Any = 0,
        output_padding: Any = 0,
        dilation: Any = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: Any = None,
        bias_init: Any = None,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__(
            "Conv2dTranspose",
            in_channels,
            out_channels,
            kernel_size,
            stride,
            pad_mode,
            padding,
            output_padding,
            dilation,
            group,
            has_bias,
            weight_init,
            bias_init,
            dtype,
        )


class Conv3dTranspose(_ConvTranspose):
    """3-D transposed convolution (deconvolution) over (N, C, D, H, W), used to upsample volumes.

    Args:
        in_channels (int): the input's channel count C_in.
        out_channels (int): the output's channel count C_out.
        kernel_size (Union[int, tuple[int]]): the window size.
        stride (Union[int, tuple[int]]): the step of the window. Default: ``1``.
        pad_mode (str): ``'same'`` (output size in * stride), ``'valid'`` (no padding) or
            ``'pad'`` (pad by ``padding``). Default: ``'same'``.
        padding (Union[int, tuple[int]]): the zero padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the kernel's taps. Default: ``1``.
        group (int): split the channels into groups; both channel counts must divide by it. Default: ``1``.
        has_bias (bool): add a bias. Default: ``False``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's initializer.
            Default: ``None`` (HeUniform, as MindSpore 2.x).
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's initializer.
            Default: ``None`` (Uniform).
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.
        output_padding (Union[int, tuple[int]]): extra size added to one side of the output. Default: ``0``.
        data_format (str): ``'NCDHW'`` only. Default: ``'NCDHW'``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, D_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, D_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError, ValueError: as :class:`Conv1d`.
        ValueError: ``data_format`` is not 'NCDHW'.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> deconv = nn.Conv3dTranspose(1, 1, kernel_size=2, stride=2)
        >>> print(deconv(ms.Tensor(np.ones((1, 1, 2, 2, 2), np.float32))).shape)
        (1, 1, 4, 4, 4)
    """

    _n = 3

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        pad_mode: str = "same",
        padding: Any = 0,
        dilation: Any = 1,
        group: int = 1,
        output_padding: Any = 0,
        has_bias: bool = False,
        weight_init: Any = None,
        bias_init: Any = None,
        data_format: str = "NCDHW",
        dtype: Any = mstype.float32,
    ) -> None:
        if data_format != "NCDHW":
            fail_arg("Conv3dTranspose", "data_format", "'NCDHW'", data_format)
        super().__init__(
            "Conv3dTranspose",
            in_channels,
            out_channels,
            kernel_size,
            stride,
            pad_mode,
            padding,
            output_padding,
            dilation,
            group,
            has_bias,
            weight_init,
            bias_init,
            dtype,
        )


class Conv1dTranspose(_ConvTranspose):
    """1-D transposed convolution (deconvolution) over (N, C, L): the gradient of ``Conv1d`` with
    respect to its input, used to upsample. The weight is (in, out / group, 1, k) as in MindSpore.

    Args:
        in_channels (int): the input's channel count C_in.
        out_channels (int): the output's channel count C_out.
        kernel_size (int): the window size.
        stride (int): the step of the window. Default: ``1``.
        pad_mode (str): ``'same'`` (output size in * stride), ``'valid'`` (no padding) or
            ``'pad'`` (pad by ``padding``). Default: ``'same'``.
        padding (int): the zero padding with ``pad_mode='pad'``. Default: ``0``.
        dilation (int): the spacing of the kernel's taps. Default: ``1``.
        group (int): split the channels into groups; both channel counts must divide by it. Default: ``1``.
        has_bias (bool): add a bias. Default: ``False``.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's initializer.
            Default: ``None`` (HeUniform, as MindSpore 2.x).
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's initializer.
            Default: ``None`` (Uniform).
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, L_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, L_{out})`.

    Raises:
        TypeError, ValueError: as :class:`Conv1d`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> deconv = nn.Conv1dTranspose(2, 1, kernel_size=2, stride=2)
        >>> print(deconv(ms.Tensor(np.ones((1, 2, 3), np.float32))).shape)
        (1, 1, 6)
    """

    _n = 1

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: int,
        stride: int = 1,
        pad_mode: str = "same",
        padding: int = 0,
        dilation: int = 1,
        group: int = 1,
        has_bias: bool = False,
        weight_init: Any = None,
        bias_init: Any = None,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__(
            "Conv1dTranspose",
            in_channels,
            out_channels,
            kernel_size,
            stride,
            pad_mode,
            padding,
            0,
            dilation,
            group,
            has_bias,
            weight_init,
            bias_init,
            dtype,
            weight_kernel=(1, kernel_size),
        )

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        self._check(a, 3)
        return Tensor._from(self._transpose(a, self.weight._data[:, :, 0]))
