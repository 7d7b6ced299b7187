"""The ``*Ext`` primitives of MindSpore 2.x's ``ops.auto_generate`` (the kernels behind
``mint.add``, ``mint.sub``, ``mint.sum``, ``mint.ones_like``, ``mint.zeros_like``).

MindSpore defines them only in ``mindspore.ops.auto_generate.gen_ops_prim`` (not in
``ops.operations``). Each calls deepsink's functional op; nothing is implemented twice.

Also defined only there: ``WeightQuantBatchMatmul``, Ascend's quantized matmul, which MindSpore
2.10's CPU build constructs but has no kernel for; here too it is built and refused when called.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops.function import array_func as A
from deepsink.ops.function import math_func as M


def _kind(dtype: Any) -> str:
    if dtype == jnp.bool_:
        return "boolean"
    return "floating" if jnp.issubdtype(dtype, jnp.inexact) else "integer"


class _Scaled(TablePrimitive):
    """``input op alpha * other`` with MindSpore's check that ``alpha``'s kind fits the inputs:
    a float ``alpha`` needs floating inputs, a bool ``alpha`` boolean ones (TypeError)."""

    _fn: Any

    def __call__(self, input: Any, other: Any, alpha: Any = 1) -> Tensor:
        a, b = U.array(input, self.name, "input"), U.array(other, self.name, "other")
        if isinstance(alpha, bool):
            need = "boolean"
        elif isinstance(alpha, float):
            need = "floating"
        elif isinstance(alpha, int):
            need = None
        else:
            U.fail(self.name, f"'alpha' must be a bool, int or float, but got {alpha!r}", TypeError)
        if need is not None and (_kind(a.dtype) != need or _kind(b.dtype) != need):
            raise TypeError(
                f"For '{self.name}', {need} alpha need {need} input and other, but got "
                f"{Tensor._from(a).dtype} and {Tensor._from(b).dtype}"
            )
        if alpha is True or (alpha == 1 and not isinstance(alpha, bool)):
            return type(self)._fn(a, b)
        return type(self)._fn(a, M.mul(b, alpha))


class AddExt(_Scaled):
    """``AddExt()(input, other, alpha=1)``: ``input + alpha * other`` (``mint.add``)."""

    _fn = staticmethod(M.add)


class SubExt(_Scaled):
    """``SubExt()(input, other, alpha=1)``: ``input - alpha * other`` (``mint.sub``)."""

    _fn = staticmethod(M.sub)


class SumExt(TablePrimitive):
    """``SumExt()(input, dim=None, keepdim=False, dtype=None)`` (``mint.sum``): integer and
    boolean inputs sum to Int64 unless ``dtype`` is given."""

    def __call__(
        self, input: Any, dim: Any = None, keepdim: bool = False, dtype: Any = None
    ) -> Tensor:
        return M.sum(input, dim, keepdim, dtype=dtype)


class OnesLikeExt(TablePrimitive):
    """``OnesLikeExt()(input, dtype=None)`` (``mint.ones_like``): ones of ``input``'s shape, in
    ``dtype`` (default: ``input``'s dtype)."""

    def __call__(self, input: Any, dtype: Any = None) -> Tensor:
        return A.ones_like(input, dtype=dtype)


class ZerosLikeExt(TablePrimitive):
    """``ZerosLikeExt()(input, dtype=None)`` (``mint.zeros_like``): zeros of ``input``'s shape,
    in ``dtype`` (default: ``input``'s dtype)."""

    def __call__(self, input: Any, dtype: Any = None) -> Tensor:
        return A.zeros_like(input, dtype=dtype)


class WeightQuantBatchMatmul(TablePrimitive):
    """MindSpore's ``WeightQuantBatchMatmul(transpose_x=False, transpose_weight=False,
    antiquant_group_size=0)``: Ascend's matmul of ``x`` with a quantized (qint4x2 / int8) weight.

    Constructed as in MindSpore 2.10 (a Cell can hold it and its checkpoint can be saved and
    loaded); calling it raises ``RuntimeError``, as 2.10's CPU build does (its kernel is
    registered only for Ascend).

    Examples:
        >>> from deepsink.ops.auto_generate import WeightQuantBatchMatmul
        >>> op = WeightQuantBatchMatmul(False, False, 0)
        >>> print(op.transpose_x, op.antiquant_group_size)
        False 0
    """

    _params = (("transpose_x", False), ("transpose_weight", False), ("antiquant_group_size", 0))

    def __call__(
        self,
        x: Any,
        weight: Any,
        antiquant_scale: Any,
        antiquant_offset: Any = None,
        quant_scale: Any = None,
        quant_offset: Any = None,
        bias: Any = None,
    ) -> Tensor:
        raise RuntimeError(
            "The kernel WeightQuantBatchMatmul unregistered: it is an Ascend-only kernel (MindSpore "
            "2.10's CPU build has none either); dequantize the weight ((weight + antiquant_offset) "
            "* antiquant_scale, cast to x's dtype) and use ops.matmul"
        )
