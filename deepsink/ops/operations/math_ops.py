"""MindSpore's ``mindspore.ops.operations.math_ops``: the math primitive classes.

The classes defined here are the math primitives added on top of those in the package
(``deepsink.ops.operations``); every other math primitive of the package (``Add``, ``MatMul``,
``ReduceSum``, ...) is found here too, so ``from mindspore.ops.operations.math_ops import X``
works for all of them.
"""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import linalg_reduce_func as L
from deepsink.ops.function import math_func as M
from deepsink.ops.primitive import Primitive, prim_attr_register


class _Unary(Primitive):
    _fn: Any

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return type(self)._fn(x)


class _Binary(Primitive):
    _fn: Any

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any, y: Any) -> Tensor:
        return type(self)._fn(x, y)


def _prim(base: type, name: str, fn: Any) -> type:
    cls = type(name, (base,), {"_fn": staticmethod(fn),
                               "__doc__": f"MindSpore's ``ops.{name}()``: ``{fn.__name__}``."})  # fmt: skip
    cls.__module__ = __name__
    return cls


ACos = _prim(_Unary, "ACos", M.acos)
Asin = _prim(_Unary, "Asin", M.asin)
Atan = _prim(_Unary, "Atan", M.atan)
Acosh = _prim(_Unary, "Acosh", E.acosh)
Asinh = _prim(_Unary, "Asinh", E.asinh)
Atanh = _prim(_Unary, "Atanh", E.atanh)
Cosh = _prim(_Unary, "Cosh", M.cosh)
Sinh = _prim(_Unary, "Sinh", M.sinh)
Tan = _prim(_Unary, "Tan", M.tan)
Erfc = _prim(_Unary, "Erfc", M.erfc)
Expm1 = _prim(_Unary, "Expm1", M.expm1)
Log1p = _prim(_Unary, "Log1p", M.log1p)
Trunc = _prim(_Unary, "Trunc", M.trunc)
Real = _prim(_Unary, "Real", M.real)
Imag = _prim(_Unary, "Imag", M.imag)
Conj = _prim(_Unary, "Conj", M.conj)
Angle = _prim(_Unary, "Angle", M.angle)
Lgamma = _prim(_Unary, "Lgamma", E.lgamma)
Digamma = _prim(_Unary, "Digamma", E.digamma)
Erfinv = _prim(_Unary, "Erfinv", E.erfinv)
Sinc = _prim(_Unary, "Sinc", E.sinc)
MatrixDeterminant = _prim(_Unary, "MatrixDeterminant", L.det)

Mod = _prim(_Binary, "Mod", E.fmod)
Xdivy = _prim(_Binary, "Xdivy", E.xdivy)
Xlogy = _prim(_Binary, "Xlogy", E.xlogy)
Hypot = _prim(_Binary, "Hypot", E.hypot)
Heaviside = _prim(_Binary, "Heaviside", E.heaviside)
SquaredDifference = _prim(_Binary, "SquaredDifference", E.squared_difference)
DivNoNan = _prim(_Binary, "DivNoNan", E.div_no_nan)
MulNoNan = _prim(_Binary, "MulNoNan", E.mul_no_nan)
TruncateDiv = _prim(_Binary, "TruncateDiv", E.truncate_div)
TruncateMod = _prim(_Binary, "TruncateMod", E.truncate_mod)
BitwiseAnd = _prim(_Binary, "BitwiseAnd", M.bitwise_and)
BitwiseOr = _prim(_Binary, "BitwiseOr", M.bitwise_or)
BitwiseXor = _prim(_Binary, "BitwiseXor", M.bitwise_xor)
LogicalXor = _prim(_Binary, "LogicalXor", M.logical_xor)
LeftShift = _prim(_Binary, "LeftShift", E.bitwise_left_shift)
RightShift = _prim(_Binary, "RightShift", E.bitwise_right_shift)
Gcd = _prim(_Binary, "Gcd", E.gcd)
Lcm = _prim(_Binary, "Lcm", E.lcm)
Fmax = _prim(_Binary, "Fmax", E.fmax)
Fmin = _prim(_Binary, "Fmin", E.fmin)
NextAfter = _prim(_Binary, "NextAfter", E.nextafter)


class Lerp(Primitive):
    """``Lerp()(start, end, weight)``: ``start + weight * (end - start)``."""

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, start: Any, end: Any, weight: Any) -> Tensor:
        return E.lerp(start, end, weight)


class IsClose(Primitive):
    """``IsClose(rtol=1e-5, atol=1e-8, equal_nan=True)(x1, x2)``."""

    @prim_attr_register
    def __init__(self, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = True) -> None:
        pass

    def __call__(self, x1: Any, x2: Any) -> Tensor:
        return M.isclose(x1, x2, self.rtol, self.atol, self.equal_nan)


class Einsum(Primitive):
    """``Einsum(equation)(operands)``: ``ops.einsum(equation, *operands)``."""

    @prim_attr_register
    def __init__(self, equation: str) -> None:
        pass

    def __call__(self, operands: Any) -> Tensor:
        return L.einsum(self.equation, *operands)


class Cross(Primitive):
    """``Cross(dim=-65530)(x1, x2)``: the 3-vector cross product along ``dim`` (MindSpore's
    default -65530 means the first axis of length 3)."""

    @prim_attr_register
    def __init__(self, dim: int = -65530) -> None:
        pass

    def __call__(self, x1: Any, x2: Any) -> Tensor:
        return L.cross(x1, x2, None if self.dim == -65530 else self.dim)


class Cummax(Primitive):
    """``Cummax(axis)(x) -> (values, indices)``."""

    @prim_attr_register
    def __init__(self, axis: int) -> None:
        pass

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        return L.cummax(x, self.axis)


class MatrixInverse(Primitive):
    """``MatrixInverse(adjoint=False)(x)``: the inverse (of the conjugate transpose when
    ``adjoint``)."""

    @prim_attr_register
    def __init__(self, adjoint: bool = False) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        inv = L.inverse(x)
        return M.conj(inv).swapaxes(-1, -2) if self.adjoint else inv


def __getattr__(name: str) -> Any:
    """The package's other math primitives (``Add``, ``MatMul``, ...) by their MindSpore path."""
    from deepsink.ops import operations

    try:
        return getattr(operations, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
