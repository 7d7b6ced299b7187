"""``mint.nn`` convolutions: PyTorch's arguments (int/tuple/'same'/'valid' padding, padding
modes) and initialization, computed by ``mint.nn.functional.conv_nd``."""

from __future__ import annotations

import math
from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.mint.nn.layer._common import uniform_param
from deepsink.nn.cell import Cell
from deepsink.ops.function.nn_pool_norm_func import ntuple

_PAD_MODES = {
    "zeros": "constant",
    "reflect": "reflect",
    "replicate": "replicate",
    "circular": "circular",
}


class _ConvNd(Cell):
    _n = 2

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        padding: Any = 0,
        dilation: Any = 1,
        groups: int = 1,
        bias: bool = True,
        padding_mode: str = "zeros",
        dtype: Any = None,
        transposed: bool = False,
        output_padding: Any = 0,
    ) -> None:
        super().__init__()
        api = type(self).__name__
        n = self._n
        if in_channels % groups or out_channels % groups:
            raise ValueError(
                f"For '{api}', 'in_channels' ({in_channels}) and 'out_channels' "
                f"({out_channels}) must be divisible by 'groups' ({groups})"
            )
        if padding_mode not in _PAD_MODES:
            raise ValueError(
                f"For '{api}', 'padding_mode' must be one of {list(_PAD_MODES)}, "
                f"but got {padding_mode!r}"
            )
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        self.kernel_size = ntuple(kernel_size, n, "kernel_size", api)
        self.stride, self.dilation = (
            ntuple(stride, n, "stride", api),
            ntuple(dilation, n, "dilation", api),
        )
        self.padding = padding if isinstance(padding, str) else ntuple(padding, n, "padding", api)
        self.padding_mode, self.output_padding = padding_mode, output_padding
        k = math.prod(self.kernel_size)
        if transposed:
            shape = (in_channels, out_channels // groups) + self.kernel_size
            fan_in = out_channels // groups * k
        else:
            shape = (out_channels, in_channels // groups) + self.kernel_size
            fan_in = in_channels // groups * k
        self.weight = uniform_param(shape, fan_in, "weight", dtype)
        self.bias = uniform_param((out_channels,), fan_in, "bias", dtype) if bias else None

    def construct(self, input: Tensor) -> Tensor:
        x, padding = input, self.padding
        if self.padding_mode != "zeros" and padding != "valid":
            if padding == "same":  # PyTorch's split: the extra pixel goes to the end
                total = [d * (k - 1) for d, k in zip(self.dilation, self.kernel_size)]
                sides = [(t // 2, t - t // 2) for t in total]
            else:
                sides = [(p, p) for p in padding]
            pads = []
            for lo, hi in reversed(sides):
                pads += [lo, hi]
            x = F.pad(x, pads, _PAD_MODES[self.padding_mode])
            padding = 0
        return F.conv_nd(
            x,
            self.weight,
            self.bias,
            self.stride,
            padding,
            self.dilation,
            self.groups,
            self._n,
            type(self).__name__,
        )

    def extend_repr(self) -> str:
        return (
            f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, groups={self.groups}, bias={self.bias is not None}"
        )


class _Conv(_ConvNd):
    """A forward convolution (``Conv1d/2d/3d``'s constructor)."""

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        padding: Any = 0,
        dilation: Any = 1,
        groups: int = 1,
        bias: bool = True,
        padding_mode: str = "zeros",
        dtype: Any = None,
    ) -> None:
        super().__init__(
            in_channels,
            out_channels,
            kernel_size,
            stride,
            padding,
            dilation,
            groups,
            bias,
            padding_mode,
            dtype,
        )


class Conv1d(_Conv):
    """1-D convolution over (N, C, L)."""

    _n = 1


class Conv2d(_Conv):
    """2-D convolution over (N, C, H, W)."""

    _n = 2


class Conv3d(_Conv):
    """3-D convolution over (N, C, D, H, W)."""

    _n = 3


class ConvTranspose2d(_ConvNd):
    """Transposed 2-D convolution; ``weight`` is (in, out/groups, kH, kW)."""

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        kernel_size: Any,
        stride: Any = 1,
        padding: Any = 0,
        output_padding: Any = 0,
        groups: int = 1,
        bias: bool = True,
        dilation: Any = 1,
        padding_mode: str = "zeros",
        dtype: Any = None,
    ) -> None:
        if padding_mode != "zeros":
            raise ValueError(
                f"For 'ConvTranspose2d', only 'zeros' padding_mode is supported, "
                f"but got {padding_mode!r}"
            )
        super().__init__(
            in_channels,
            out_channels,
            kernel_size,
            stride,
            padding,
            dilation,
            groups,
            bias,
            padding_mode,
            dtype,
            True,
            output_padding,
        )

    def construct(self, input: Tensor, output_size: Any = None) -> Tensor:
        op = self.output_padding
        if output_size is not None:
            x = input.shape[-2:]
            want = tuple(output_size)[-2:]
            op = tuple(
                want[i]
                - (
                    (x[i] - 1) * self.stride[i]
                    - 2 * self.padding[i]
                    + self.dilation[i] * (self.kernel_size[i] - 1)
                    + 1
                )
                for i in range(2)
            )
        return F.conv_transpose2d(
            input, self.weight, self.bias, self.stride, self.padding, op, self.groups, self.dilation
        )


__all__ = sorted(
    n
    for n, v in dict(globals()).items()
    if isinstance(v, type) and v.__module__ == __name__ and not n.startswith("_")
)
