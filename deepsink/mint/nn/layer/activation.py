"""``mint.nn`` activation layers: Cells over ``mint.nn.functional`` (and ``ops`` for the few
activations functional has not)."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.mint.nn import functional as F
from deepsink.mint.nn.layer._common import const_param
from deepsink.nn.cell import Cell
from deepsink.nn.layer import activation as nn_act
from deepsink.ops import _utils as U


class _Inplace(Cell):
    """An activation with PyTorch's ``inplace`` flag."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace


class ReLU6(_Inplace):
    """``min(max(x, 0), 6)``."""

    def construct(self, input: Tensor) -> Tensor:
        return F.relu6(input, self.inplace)


class SiLU(_Inplace):
    """``x * sigmoid(x)``."""

    def construct(self, input: Tensor) -> Tensor:
        return F.silu(input, self.inplace)


class Sigmoid(Cell):
    """``1 / (1 + exp(-x))``."""

    def __init__(self) -> None:
        super().__init__()

    def construct(self, input: Tensor) -> Tensor:
        return F.sigmoid(input)


class Tanh(Cell):
    """Hyperbolic tangent."""

    def __init__(self) -> None:
        super().__init__()

    def construct(self, input: Tensor) -> Tensor:
        return F.tanh(input)


class LogSigmoid(Cell):
    """``log(sigmoid(x))``."""

    def __init__(self) -> None:
        super().__init__()

    def construct(self, input: Tensor) -> Tensor:
        return F.logsigmoid(input)


class ELU(Cell):
    """ELU with ``alpha``."""

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def construct(self, input: Tensor) -> Tensor:
        return F.elu(input, self.alpha, self.inplace)


class GELU(Cell):
    """GELU, exact or ``approximate='tanh'``."""

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def construct(self, input: Tensor) -> Tensor:
        return F.gelu(input, self.approximate)


class Hardtanh(Cell):
    """``x`` clipped to ``[min_val, max_val]``."""

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False):
        super().__init__()
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace

    def construct(self, input: Tensor) -> Tensor:
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)


class Threshold(Cell):
    """``x`` where ``x > threshold``, else ``value``."""

    def __init__(self, threshold: float, value: float, inplace: bool = False) -> None:
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def construct(self, input: Tensor) -> Tensor:
        return F.threshold(input, self.threshold, self.value, self.inplace)


class Mish(Cell):
    """``x * tanh(softplus(x))``."""

    def construct(self, input: Tensor) -> Tensor:
        return ops.mish(U.floating(U.array(input, "Mish")))


class SELU(Cell):
    """``scale * elu(x, alpha)`` with SELU's constants."""

    def construct(self, input: Tensor) -> Tensor:
        return ops.selu(U.floating(U.array(input, "SELU")))


class GLU(Cell):
    """Gated linear unit: the first half of ``dim`` times the sigmoid of the second."""

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def construct(self, input: Tensor) -> Tensor:
        return F.glu(input, self.dim)


class SoftmaxExt(Cell):
    """Softmax along ``dim`` (``None``: ``functional.softmax``'s implicit axis); mint's
    ``Softmax``."""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def construct(self, input: Tensor) -> Tensor:
        return F.softmax(input, self.dim)


class LogSoftmaxExt(SoftmaxExt):
    """Log-softmax along ``dim``.

    Args:
        dim (int, optional): the axis. Default: ``None`` (the last).

    Inputs:
        - **input** - a float Tensor.

    Outputs:
        Tensor, the same shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.LogSoftmaxExt(1)
        >>> print(net(ms.Tensor(np.zeros((2, 4), np.float32))).shape)
        (2, 4)
    """

    def construct(self, input: Tensor) -> Tensor:
        return F.log_softmax(input, self.dim)


class PReLUExt(Cell):
    """``x`` where positive, ``weight * x`` elsewhere; ``weight`` has ``num_parameters``
    values (1, or one per channel) initialized to ``init``.

    Args:
        num_parameters (int): 1, or the channel count (dim 1). Default: ``1``. init (float): the
            slopes' initial value. Default: ``0.25``. dtype (optional): the weight's dtype.

    Inputs:
        - **input** - a Tensor whose dim 1 has ``num_parameters`` channels (any shape for 1).

    Outputs:
        Tensor, the same shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.PReLUExt()
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))).shape)
        (2, 3)
    """

    def __init__(self, num_parameters: int = 1, init: float = 0.25, dtype: Any = None) -> None:
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = const_param(init, (num_parameters,), "weight", dtype)

    def construct(self, input: Tensor) -> Tensor:
        return F.prelu(input, self.weight)


# mint's names; where 2.10's mint class is an nn class (or is named ``...Ext``), one class under
# both names
ReLU = nn_act.ReLU
Hardshrink = nn_act.HShrink
Hardsigmoid = nn_act.HSigmoid
Hardswish = nn_act.HSwish
Softshrink = nn_act.SoftShrink
Softmax = SoftmaxExt
LogSoftmax = LogSoftmaxExt
PReLU = PReLUExt

__all__ = ["ELU", "GELU", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh",
           "LogSigmoid", "LogSoftmax", "Mish", "PReLU", "ReLU", "ReLU6", "SELU", "SiLU",
           "Sigmoid", "Softmax", "Tanh", "Threshold"]  # fmt: skip
