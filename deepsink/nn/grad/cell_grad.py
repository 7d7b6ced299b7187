"""``nn.Jvp`` and ``nn.Vjp``: MindSpore's Cells over ``ops.jvp``/``ops.vjp`` (deprecated there
since 1.9; each warns once, as MindSpore does)."""

from __future__ import annotations

import warnings
from typing import Any

from deepsink._compile import grad_transforms
from deepsink.nn.cell import Cell

_warned: set[str] = set()


def _deprecated(name: str, instead: str) -> None:
    if name not in _warned:
        _warned.add(name)
        warnings.warn(
            f"'{name}' is deprecated from version 1.9 and will be removed in a future version, "
            f"use '{instead}' instead.",
            DeprecationWarning,
            stacklevel=3,
        )


class Jvp(Cell):
    r"""
    The Jacobian-vector product of a network (forward mode); deprecated: use ``ops.jvp``.

    Args:
        fn (Union[Cell, Function]): The network, taking Tensors.

    Inputs:
        - **inputs** (Tensor) - The inputs of `fn`, then the tangents `v`: a Tensor for one
          input, a tuple of Tensors for several.

    Outputs:
        ``(output, jvp)``.

    Raises:
        TypeError: If an input or tangent is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, jvp = nn.Jvp(lambda x: x * x)(x, ms.Tensor(np.ones(2, np.float32)))
        >>> print(jvp)
        [2. 4.]
    """

    def __init__(self, fn: Any) -> None:
        _deprecated("Jvp", "ops.jvp")
        super().__init__()
        self.fn = fn

    def construct(self, *args: Any) -> Any:
        inputs, v = args[:-1], args[-1]
        return grad_transforms.jvp(self.fn, inputs, v)


class Vjp(Cell):
    r"""
    The vector-Jacobian product of a network (reverse mode); deprecated: use ``ops.vjp``.

    Args:
        fn (Union[Cell, Function]): The network, taking Tensors.

    Inputs:
        - **inputs** (Tensor) - The inputs of `fn`, then the cotangent `v` shaped as its output.

    Outputs:
        ``(output, gradients)``: one Tensor for one input, a tuple for several.

    Raises:
        TypeError: If an input is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, grads = nn.Vjp(lambda x: x * x)(x, ms.Tensor(np.ones(2, np.float32)))
        >>> print(grads)
        [2. 4.]
    """

    def __init__(self, fn: Any) -> None:
        _deprecated("Vjp", "ops.vjp")
        super().__init__()
        self.fn = fn

    def construct(self, *args: Any) -> Any:
        inputs, v = args[:-1], args[-1]
        out, vjp_fn = grad_transforms.vjp(self.fn, *inputs)
        grads = vjp_fn(v)
        return out, grads[0] if len(inputs) == 1 else grads
