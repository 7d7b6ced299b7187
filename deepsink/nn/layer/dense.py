"""Dense (fully connected) layer with MindSpore's arguments, defaults and initialisation."""

from __future__ import annotations

import math
from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import check_bool, check_positive_int
from deepsink.common import dtype as mstype
from deepsink.common.initializer import HeUniform, Uniform, initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.nn.layer.activation import get_activation
from deepsink.ops.amp_strategy import cast_arrays
from deepsink.ops.function.nn_func import matmul_transposed as _matmul_transposed


def make_param(
    init: Any, shape: tuple[int, ...], dtype: Any, name: str, api: str, **kwargs: Any
) -> Parameter:
    """A Parameter from an init spec; a Tensor init must have ``shape`` and keeps its own dtype."""
    if isinstance(init, Tensor):
        if tuple(init.shape) != tuple(shape):
            raise ValueError(
                f"For '{api}', the shape of '{name}_init' must be {list(shape)}, "
                f"but got {list(init.shape)}"
            )
        return Parameter(Tensor._from(init._data), name=name, **kwargs)
    return Parameter(initializer(init, shape, dtype), name=name, **kwargs)


def activation_cell(activation: Any, api: str) -> Any:
    """``activation`` as a callable: a name for ``get_activation``, a Cell, a Primitive, or None.

    A Cell becomes a child (printed as ``(activation): ...``); a Primitive stays a plain attribute,
    as in MindSpore.
    """
    if activation is None or isinstance(activation, Cell):
        return activation
    if isinstance(activation, str):
        return get_activation(activation, api)
    from deepsink.ops.primitive import Primitive

    if isinstance(activation, Primitive):
        return activation
    raise TypeError(
        f"For '{api}', 'activation' must be a str, Cell or Primitive, "
        f"but got {type(activation).__name__}"
    )


class Dense(Cell):
    r"""The fully connected layer (MindSpore's ``nn.Dense``): ``activation(x @ weight.T + bias)``.

    Defaults as MindSpore 2.x: weight ``HeUniform(sqrt(5))`` (U(+-1/sqrt(in))), bias
    ``Uniform(1/sqrt(in))``. Inputs of rank other than 2 are flattened over the leading dims and
    restored.

    Args:
        in_channels (int): the size of the input's last axis.
        out_channels (int): the size of the output's last axis.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's
            initializer, shape ``(out_channels, in_channels)``. Default: ``None`` (HeUniform).
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's
            initializer, shape ``(out_channels,)``. Default: ``None`` (Uniform).
        has_bias (bool): add a bias. Default: ``True``.
        activation (Union[str, Cell, None]): applied to the output, e.g. ``'relu'``.
            Default: ``None``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, in\_channels)`.

    Outputs:
        Tensor of shape :math:`(*, out\_channels)`.

    Raises:
        TypeError: ``in_channels`` or ``out_channels`` is not an int, ``has_bias`` not a bool.
        ValueError: ``in_channels`` or ``out_channels`` is not positive, or the input's last axis
            is not ``in_channels``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(3, 4)
        >>> x = ms.Tensor(np.ones((2, 3), np.float32))
        >>> net(x).shape
        (2, 4)
    """

    def __init__(
        self,
        in_channels: int,
        out_channels: int,
        weight_init: Any = None,
        bias_init: Any = None,
        has_bias: bool = True,
        activation: Any = None,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        self.in_channels = check_positive_int(in_channels, "in_channels", "Dense")
        self.out_channels = check_positive_int(out_channels, "out_channels", "Dense")
        self.has_bias = check_bool(has_bias, "has_bias", "Dense")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = make_param(weight_init, (out_channels, in_channels), dtype, "weight", "Dense")
        self.bias = None
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(1 / math.sqrt(in_channels))
            self.bias = make_param(bias_init, (out_channels,), dtype, "bias", "Dense")
        self.activation = activation_cell(activation, "Dense")
        self.activation_flag = self.activation is not None

    def construct(self, x: Tensor) -> Tensor:
        a = unwrap(x)
        if a.ndim == 0 or a.shape[-1] != self.in_channels:
            raise ValueError(
                f"For 'Dense', the last dimension of the input must be in_channels="
                f"{self.in_channels}, but got shape {list(a.shape)}"
            )
        w = self.weight._data
        if jnp.issubdtype(a.dtype, jnp.floating) and a.dtype != w.dtype:
            w = w.astype(a.dtype)
        a, w = cast_arrays("MatMul", a, w)
        y = _matmul_transposed(a, w)
        if self.has_bias:
            y, bias = cast_arrays("BiasAdd", y, self.bias._data)
            y = y + bias.astype(y.dtype)
        out = Tensor._from(y)
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self) -> str:
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class BiDense(Cell):
    r"""The bilinear layer :math:`y = x_1^T W x_2 + b` over the inputs' last axes
    (``ops.bidense``); ``weight`` :math:`(out, in1, in2)` and ``bias`` drawn from
    :math:`U(\pm 1/\sqrt{in1})` by default.

    Args:
        in1_channels (int): the last axis of ``input1``.
        in2_channels (int): the last axis of ``input2``.
        out_channels (int): the output's last axis.
        weight_init (Union[Tensor, str, Initializer, numbers.Number], optional): the weight's
            init. Default: ``None``.
        bias_init (Union[Tensor, str, Initializer, numbers.Number], optional): the bias's init.
            Default: ``None``.
        has_bias (bool): add a bias. Default: ``True``.
        dtype (mindspore.dtype): the Parameters' dtype. Default: ``mstype.float32``.

    Inputs:
        - **input1** (Tensor) - shape :math:`(*, in1\_channels)`.
        - **input2** (Tensor) - shape :math:`(*, in2\_channels)`.

    Outputs:
        Tensor of shape :math:`(*, out\_channels)`.

    Raises:
        TypeError: a channel count is not an int, or ``has_bias`` not a bool.
        ValueError: a channel count is not positive, or an init Tensor has the wrong shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.BiDense(2, 3, 4)
        >>> print(net(ms.Tensor(np.ones((5, 2)), ms.float32), ms.Tensor(np.ones((5, 3)), ms.float32)).shape)
        (5, 4)
    """

    def __init__(
        self,
        in1_channels: int,
        in2_channels: int,
        out_channels: int,
        weight_init: Any = None,
        bias_init: Any = None,
        has_bias: bool = True,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        for arg, v in (
            ("in1_channels", in1_channels),
            ("in2_channels", in2_channels),
            ("out_channels", out_channels),
        ):
            check_positive_int(v, arg, "BiDense")
        self.in1_channels, self.in2_channels = in1_channels, in2_channels
        self.out_channels = out_channels
        self.has_bias = check_bool(has_bias, "has_bias", "BiDense")
        bound = 1 / math.sqrt(in1_channels)
        self.weight = make_param(
            Uniform(bound) if weight_init is None else weight_init,
            (out_channels, in1_channels, in2_channels),
            dtype,
            "weight",
            "BiDense",
        )
        self.bias = None
        if has_bias:
            self.bias = make_param(
                Uniform(bound) if bias_init is None else bias_init,
                (out_channels,),
                dtype,
                "bias",
                "BiDense",
            )

    def construct(self, input1: Tensor, input2: Tensor) -> Tensor:
        from deepsink.ops.function.nn_window_func import bidense

        return bidense(input1, input2, self.weight, self.bias)

    def extend_repr(self) -> str:
        return (
            f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, "
            f"out_channels={self.out_channels}, has_bias={self.has_bias}"
        )
