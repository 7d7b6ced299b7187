"""MindSpore's ``mindspore.ops.operations._grad_ops``: the elementwise backward primitives that
MindSpore's own tests call directly (``G.SqrtGrad()(y, dy)``, ``G.ReluGrad()(dy, x)``, ...).
Each calls its kernel in ``deepsink.ops.function.elementwise_grad_func``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops.function import elementwise_grad_func as EG


class _GradPrim(TablePrimitive):
    _fn: Callable[[Any, Any], Any]

    def __call__(self, a: Any, b: Any) -> Tensor:
        return type(self)._fn(a, b)


def _grad_prim(fn: Callable[[Any, Any], Any]) -> type:
    cls = type(fn.__name__, (_GradPrim,), {"_fn": staticmethod(fn), "__doc__": fn.__doc__})
    cls.__module__ = __name__
    return cls


SqrtGrad = _grad_prim(EG.sqrt_grad)
RsqrtGrad = _grad_prim(EG.rsqrt_grad)
InvGrad = _grad_prim(EG.inv_grad)
ReciprocalGrad = InvGrad
SigmoidGrad = _grad_prim(EG.sigmoid_grad)
TanhGrad = _grad_prim(EG.tanh_grad)
AcoshGrad = _grad_prim(EG.acosh_grad)
AsinhGrad = _grad_prim(EG.asinh_grad)
AtanGrad = _grad_prim(EG.atan_grad)
AsinGrad = _grad_prim(EG.asin_grad)
ACosGrad = _grad_prim(EG.acos_grad)
ReluGrad = _grad_prim(EG.relu_grad)
ReLU6Grad = _grad_prim(EG.relu6_grad)
SoftplusGrad = _grad_prim(EG.softplus_grad)
