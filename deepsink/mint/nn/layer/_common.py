"""What the mint layers share: PyTorch's default parameter initialization."""

from __future__ import annotations

import math
from typing import Any

from deepsink.common import dtype as mstype
from deepsink.common.initializer import Uniform, initializer
from deepsink.common.parameter import Parameter


def uniform_param(shape: tuple[int, ...], fan_in: int, name: str, dtype: Any = None) -> Parameter:
    """A Parameter drawn from U(-1/sqrt(fan_in), 1/sqrt(fan_in)): PyTorch's (and mint's)
    default for Linear and convolution weights (kaiming_uniform with a=sqrt(5)) and biases."""
    bound = 1.0 / math.sqrt(fan_in) if fan_in > 0 else 0.0
    return Parameter(initializer(Uniform(bound), shape, dtype or mstype.float32), name=name)


def const_param(
    value: float, shape: tuple[int, ...], name: str, dtype: Any = None, requires_grad: bool = True
) -> Parameter:
    """A Parameter filled with ``value``."""
    init = "ones" if value == 1 else "zeros" if value == 0 else None
    if init is None:
        from deepsink.common.initializer import Constant

        init = Constant(value)
    return Parameter(
        initializer(init, shape, dtype or mstype.float32), name=name, requires_grad=requires_grad
    )
