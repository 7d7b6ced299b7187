"""Combined layers (MindSpore's ``nn/layer/combined.py``): a convolution or dense layer followed
by an optional BatchNorm and an optional activation, with MindSpore's child names (``conv`` /
``dense``, ``batchnorm``, ``activation``) so checkpoints interchange."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_bool
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.nn.layer.activation import LeakyReLU
from deepsink.nn.layer.conv import Conv2d
from deepsink.nn.layer.dense import Dense, activation_cell
from deepsink.nn.layer.normalization import BatchNorm1d, BatchNorm2d


def _activation(activation: Any, alpha: float, api: str) -> Any:
    """``'leakyrelu'`` takes ``alpha``; other names go to ``get_activation``; a Cell is kept."""
    if activation == "leakyrelu":
        return LeakyReLU(alpha)
    return activation_cell(activation, api)


class Conv2dBnAct(Cell):
    r"""``Conv2d``, then ``BatchNorm2d`` (with ``has_bn``), then an activation.

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (Union[int, tuple[int]]): the window.
        stride (Union[int, tuple[int]]): the step. Default: ``1``.
        pad_mode (str): ``'same'``, ``'valid'`` or ``'pad'``. Default: ``'same'``.
        padding (Union[int, tuple[int]]): the padding in ``'pad'`` mode. Default: ``0``.
        dilation (Union[int, tuple[int]]): the dilation. Default: ``1``.
        group (int): channel groups. Default: ``1``.
        has_bias (bool): the convolution has a bias. Default: ``False``.
        weight_init (Union[Tensor, str, Initializer]): the convolution weight's init.
            Default: ``'normal'``.
        bias_init (Union[Tensor, str, Initializer]): the bias's init. Default: ``'zeros'``.
        has_bn (bool): add ``BatchNorm2d``. Default: ``False``.
        momentum (float): the BatchNorm's momentum. Default: ``0.997``.
        eps (float): the BatchNorm's epsilon. Default: ``1e-5``.
        activation (Union[str, Cell, Primitive, None]): the activation. Default: ``None``.
        alpha (float): the slope of ``'leakyrelu'``. Default: ``0.2``.
        after_fake (bool): read by MindSpore's quantization-aware-training converter (whether a
            fake-quant node follows); it does not change this Cell's computation. Default: ``True``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Raises:
        TypeError: ``has_bn`` or ``after_fake`` is not a bool, or an argument of ``Conv2d`` has
            the wrong type.
        ValueError: an argument of ``Conv2d`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Conv2dBnAct(3, 4, 3, has_bn=True, activation='relu')
        >>> print(net(ms.Tensor(np.ones((1, 3, 8, 8), np.float32))).shape)
        (1, 4, 8, 8)
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
        weight_init: Any = "normal",
        bias_init: Any = "zeros",
        has_bn: bool = False,
        momentum: float = 0.997,
        eps: float = 1e-5,
        activation: Any = None,
        alpha: float = 0.2,
        after_fake: bool = True,
    ) -> None:
        super().__init__()
        self.conv = Conv2d(
            in_channels,
            out_channels,
            kernel_size=kernel_size,
            stride=stride,
            pad_mode=pad_mode,
            padding=padding,
            dilation=dilation,
            group=group,
            has_bias=has_bias,
            weight_init=weight_init,
            bias_init=bias_init,
        )
        self.has_bn = check_bool(has_bn, "has_bn", "Conv2dBnAct")
        self.after_fake = check_bool(after_fake, "after_fake", "Conv2dBnAct")
        if has_bn:
            self.batchnorm = BatchNorm2d(out_channels, eps, momentum)
        self.has_act = activation is not None
        self.activation = _activation(activation, alpha, "Conv2dBnAct")

    def construct(self, x: Tensor) -> Tensor:
        x = self.conv(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class DenseBnAct(Cell):
    r"""``Dense``, then ``BatchNorm1d`` (with ``has_bn``), then an activation.

    Args:
        in_channels (int): input features.
        out_channels (int): output features.
        weight_init (Union[Tensor, str, Initializer]): the weight's init. Default: ``'normal'``.
        bias_init (Union[Tensor, str, Initializer]): the bias's init. Default: ``'zeros'``.
        has_bias (bool): add a bias. Default: ``True``.
        has_bn (bool): add ``BatchNorm1d``. Default: ``False``.
        momentum (float): the BatchNorm's momentum. Default: ``0.9``.
        eps (float): the BatchNorm's epsilon. Default: ``1e-5``.
        activation (Union[str, Cell, Primitive, None]): the activation. Default: ``None``.
        alpha (float): the slope of ``'leakyrelu'``. Default: ``0.2``.
        after_fake (bool): read by MindSpore's quantization-aware-training converter; it does not
            change this Cell's computation. Default: ``True``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, in\_channels)`.

    Outputs:
        Tensor of shape :math:`(N, out\_channels)`.

    Raises:
        TypeError: ``has_bn`` or ``after_fake`` is not a bool, or an argument of ``Dense`` has
            the wrong type.
        ValueError: an argument of ``Dense`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.DenseBnAct(3, 4, has_bn=True, activation='relu')
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))).shape)
        (2, 4)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        weight_init: Any = "normal",
        bias_init: Any = "zeros",
        has_bias: bool = True,
        has_bn: bool = False,
        momentum: float = 0.9,
        eps: float = 1e-5,
        activation: Any = None,
        alpha: float = 0.2,
        after_fake: bool = True,
    ) -> None:
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self.has_bn = check_bool(has_bn, "has_bn", "DenseBnAct")
        self.after_fake = check_bool(after_fake, "after_fake", "DenseBnAct")
        if has_bn:
            self.batchnorm = BatchNorm1d(out_channels, eps, momentum)
        self.has_act = activation is not None
        self.activation = _activation(activation, alpha, "DenseBnAct")

    def construct(self, x: Tensor) -> Tensor:
        x = self.dense(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x
