"""``mint.nn`` basic layers: Linear, Flatten, Identity, Fold/Unfold, upsampling, PixelShuffle."""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.mint.nn.layer._common import uniform_param
from deepsink.nn.cell import Cell
from deepsink.nn.layer import basic as nn_basic


class Linear(Cell):
    """``x @ weight.T + bias`` with ``weight`` (out_features, in_features) and PyTorch's
    initialization U(+-1/sqrt(in_features)) (``weight_init``/``bias_init`` override it).

    Args:
        in_features (int), out_features (int): the sizes. bias (bool): add a bias. Default:
            ``True``. weight_init, bias_init (optional): initializers (PyTorch's uniform bounds by
            default). dtype (optional): the parameters' dtype. Default: float32.

    Inputs:
        - **input** - (*, in_features).

    Outputs:
        Tensor, (*, out_features).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Linear(4, 3)
        >>> print(net(ms.Tensor(np.ones((2, 4), np.float32))).shape)
        (2, 3)
    """

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        weight_init: Any = None,
        bias_init: Any = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        from deepsink.nn.layer.dense import make_param

        self.in_features, self.out_features = in_features, out_features
        shape = (out_features, in_features)
        if weight_init is None:
            self.weight = uniform_param(shape, in_features, "weight", dtype)
        else:
            self.weight = make_param(
                weight_init, shape, dtype or Tensor(0.0).dtype, "weight", "Linear"
            )
        self.bias = None
        if bias:
            if bias_init is None:
                self.bias = uniform_param((out_features,), in_features, "bias", dtype)
            else:
                self.bias = make_param(
                    bias_init, (out_features,), dtype or Tensor(0.0).dtype, "bias", "Linear"
                )

    def construct(self, input: Tensor) -> Tensor:
        return F.linear(input, self.weight, self.bias)

    def extend_repr(self) -> str:
        text = f"input_features={self.in_features}, output_features={self.out_features}"
        return text + (", has_bias=True" if self.bias is not None else "")  # 2.10's text


class Flatten(Cell):
    """Dims ``start_dim..end_dim`` merged."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, input: Tensor) -> Tensor:
        return F.flatten(input, self.start_dim, self.end_dim)


class UnfoldExt(Cell):
    """Sliding patches as columns (``functional.unfold``)."""

    def __init__(self, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1):
        super().__init__()
        self.kernel_size, self.dilation = kernel_size, dilation
        self.padding, self.stride = padding, stride

    def construct(self, input: Tensor) -> Tensor:
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)


class Fold(Cell):
    """Columns summed back into an image (``functional.fold``)."""

    def __init__(
        self,
        output_size: Any,
        kernel_size: Any,
        dilation: Any = 1,
        padding: Any = 0,
        stride: Any = 1,
    ) -> None:
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def construct(self, input: Tensor) -> Tensor:
        return F.fold(
            input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride
        )


class UpsampleExt(Cell):
    """Resizes the spatial dims (``functional.interpolate``)."""

    def __init__(
        self,
        size: Any = None,
        scale_factor: Any = None,
        mode: str = "nearest",
        align_corners: bool | None = None,
        recompute_scale_factor: bool | None = None,
    ) -> None:
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, input: Tensor) -> Tensor:
        return F.interpolate(
            input,
            self.size,
            self.scale_factor,
            self.mode,
            self.align_corners,
            self.recompute_scale_factor,
        )


class UpsamplingNearest2d(UpsampleExt):
    """Nearest-neighbour 2-D upsampling."""

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__(size, scale_factor, "nearest")


class UpsamplingBilinear2d(UpsampleExt):
    """Bilinear 2-D upsampling with ``align_corners=True``."""

    def __init__(self, size: Any = None, scale_factor: Any = None) -> None:
        super().__init__(size, scale_factor, "bilinear", True)


class PixelShuffle(Cell):
    """(*, C*r*r, H, W) -> (*, C, H*r, W*r)."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input: Tensor) -> Tensor:
        return F.pixel_shuffle(input, self.upscale_factor)


# mint's names (2.10's mint Unfold/Upsample are named ...Ext; its Identity is nn's)
Unfold, Upsample = UnfoldExt, UpsampleExt
Identity = nn_basic.Identity

__all__ = [
    "Flatten",
    "Fold",
    "Identity",
    "Linear",
    "PixelShuffle",
    "Unfold",
    "Upsample",
    "UpsamplingBilinear2d",
    "UpsamplingNearest2d",
]
