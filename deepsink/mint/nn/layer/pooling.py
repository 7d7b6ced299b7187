"""``mint.nn`` pooling layers over ``mint.nn.functional``'s pooling."""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.nn.cell import Cell
from deepsink.nn.layer import pooling as nn_pool


class _Adaptive(Cell):
    _fn = None

    def __init__(self, output_size: Any, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def construct(self, input: Tensor) -> Any:
        fn = type(self)._fn
        if self.return_indices:
            return fn(input, self.output_size, True)
        return fn(input, self.output_size)


class AdaptiveAvgPool1d(_Adaptive):
    """Adaptive average pooling over (N, C, L)."""

    _fn = staticmethod(F.adaptive_avg_pool1d)

    def __init__(self, output_size: Any) -> None:
        super().__init__(output_size)

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2d(AdaptiveAvgPool1d):
    """Adaptive average pooling over (N, C, H, W)."""

    _fn = staticmethod(F.adaptive_avg_pool2d)


class AdaptiveAvgPool3d(_Adaptive):
    """Adaptive average pooling over (N, C, D, H, W)."""

    _fn = staticmethod(F.adaptive_avg_pool3d)

    def __init__(self, output_size: Any) -> None:
        super().__init__(output_size)


class AdaptiveMaxPool1d(_Adaptive):
    """Adaptive max pooling over (N, C, L) (indices with ``return_indices``)."""

    _fn = staticmethod(F.adaptive_max_pool1d)

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}, return_indices={self.return_indices}"


class _AvgPool(Cell):
    _fn = None

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
        divisor_override: int | None = None,
    ) -> None:
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad
        self.divisor_override = divisor_override

    def construct(self, input: Tensor) -> Tensor:
        args = (
            input,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
        )
        if type(self)._fn is F.avg_pool1d:
            return F.avg_pool1d(*args)
        return type(self)._fn(*args, self.divisor_override)


class AvgPool1dExt(_AvgPool):
    """Average pooling over (N, C, L).

    Args:
        kernel_size (Union[int, tuple[int]]): the window. stride (Union[int, tuple[int]], optional):
            the step; Default: ``None`` (the window). padding (Union[int, tuple[int]]): zeros on
            each side. Default: ``0``. ceil_mode (bool): round the output length up. Default:
            ``False``. count_include_pad (bool): count padded zeros in the mean. Default: ``True``.

    Inputs:
        - **input** - (N, C, L) or (C, L).

    Outputs:
        Tensor, the pooled Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.AvgPool1dExt(2)
        >>> print(net(ms.Tensor(np.ones((1, 2, 4), np.float32))).shape)
        (1, 2, 2)
    """

    _fn = staticmethod(F.avg_pool1d)

    def __init__(
        self,
        kernel_size: Any,
        stride: Any = None,
        padding: Any = 0,
        ceil_mode: bool = False,
        count_include_pad: bool = True,
    ) -> None:
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)


class AvgPool2dExt(_AvgPool):
    """Average pooling over (N, C, H, W).

    Args:
        kernel_size, stride, padding, ceil_mode, count_include_pad: as ``AvgPool1d``, per
            spatial axis. divisor_override (int, optional): the divisor instead of the window
            size. Default: ``None``.

    Inputs:
        - **input** - (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor, the pooled Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.AvgPool2dExt(2)
        >>> print(net(ms.Tensor(np.ones((1, 2, 4, 4), np.float32))).shape)
        (1, 2, 2, 2)
    """

    _fn = staticmethod(F.avg_pool2d)


class AvgPool3dExt(_AvgPool):
    """Average pooling over (N, C, D, H, W).

    Args:
        kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override: as
            ``AvgPool2d``, over (D, H, W).

    Inputs:
        - **input** - (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor, the pooled Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.AvgPool3dExt(2)
        >>> print(net(ms.Tensor(np.ones((1, 1, 2, 4, 4), np.float32))).shape)
        (1, 1, 1, 2, 2)
    """

    _fn = staticmethod(F.avg_pool3d)


class MaxUnpool2d(Cell):
    """The inverse of max pooling: values scattered to their recorded positions."""

    def __init__(self, kernel_size: Any, stride: Any = None, padding: Any = 0) -> None:
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input: Tensor, indices: Tensor, output_size: Any = None) -> Tensor:
        return F.max_unpool2d(
            input, indices, self.kernel_size, self.stride, self.padding, output_size
        )


# mint's names (2.10's mint AvgPool classes are nn's AvgPool*Ext, its AdaptiveMaxPool2d is nn's)
AdaptiveMaxPool2d = nn_pool.AdaptiveMaxPool2d
AvgPool1d, AvgPool2d, AvgPool3d = AvgPool1dExt, AvgPool2dExt, AvgPool3dExt

__all__ = [
    "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d",
    "AdaptiveAvgPool3d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AvgPool1d",
    "AvgPool2d",
    "AvgPool3d",
    "MaxUnpool2d",
]
