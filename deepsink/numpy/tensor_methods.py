"""The Tensor methods MindSpore defines through its numpy functions (``x.choose``,
``x.searchsorted``, ``x.resize``): bound onto ``Tensor`` when ``deepsink.numpy`` is imported
(``import deepsink`` does), as ``ops`` binds its methods. Methods ``Tensor`` already has are left
alone."""

from __future__ import annotations

import math
from typing import Any

from deepsink import ops
from deepsink.common.tensor import Tensor, register_methods
from deepsink.numpy import array_ops, math_ops
from deepsink.numpy.array_creations import shape_arg


def choose(self: Tensor, choices: Any, mode: str = "clip") -> Tensor:
    """``Tensor.choose(choices, mode)``: ``mnp.choose(self, choices, mode)``."""
    return array_ops.choose(self, choices, mode)


def searchsorted(self: Tensor, v: Any, side: str = "left", sorter: Any = None) -> Tensor:
    """``Tensor.searchsorted(v, side, sorter)``: ``mnp.searchsorted(self, v, side, sorter)``."""
    return math_ops.searchsorted(self, v, side, sorter)


def resize(self: Tensor, *new_shape: Any) -> Tensor:
    """``Tensor.resize(*new_shape)``: NumPy's ``ndarray.resize`` as a new Tensor: the flattened
    values cut to the new size or followed by zeros."""
    shape = shape_arg(new_shape[0] if len(new_shape) == 1 else new_shape, "resize")
    flat = self._data.reshape(-1)
    size = math.prod(shape)
    if size <= flat.size:
        out = flat[:size]
    else:
        out = ops.concat([flat, ops.zeros((size - flat.size,), flat.dtype)])
    return ops.reshape(out, shape)


def bind() -> None:
    """Register these methods on Tensor (``register_methods``)."""
    register_methods({"choose": choose, "searchsorted": searchsorted, "resize": resize}, __name__)
