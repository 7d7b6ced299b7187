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
from deepsink.ops.operations._by_path import operations_getattr
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
    cls = type(
        name,
        (base,),
        {"_fn": staticmethod(fn), "__doc__": f"MindSpore's ``ops.{name}()``: ``{fn.__name__}``."},
    )
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


__getattr__ = operations_getattr(__name__)


# --- MatrixLogarithm, FFTWithSize ----------------------------------------------------------------
from deepsink._core import validate as _V  # noqa: E402
from deepsink.ops.function import fft_size_func as _FS  # noqa: E402
from deepsink.ops.function import matrix_log_func as _ML  # noqa: E402


class MatrixLogarithm(Primitive):
    """The principal matrix logarithm of each square complex matrix of the input.

    Inputs:
        - **x** (Tensor) - Complex64 or Complex128 ``(..., n, n)``.

    Outputs:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: If ``x`` is not complex.
        ValueError: If the matrices are not square.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.array([[np.e, 0], [0, 1]], np.complex128))
        >>> print(np.round(ops.MatrixLogarithm()(x).asnumpy().real, 6))
        [[1. 0.]
         [0. 0.]]
    """

    @prim_attr_register
    def __init__(self) -> None:
        pass

    def __call__(self, x: Any) -> Tensor:
        return _ML.matrix_logarithm(x)


class FFTWithSize(Primitive):
    """Fourier transforms over the last ``signal_ndim`` axes: complex forward/inverse
    (``real=False``), real-to-complex (``real=True``) or complex-to-real (``real=True``,
    ``inverse=True``).

    Args:
        signal_ndim (int): 1, 2 or 3 axes.
        inverse (bool): The inverse transform.
        real (bool): A real signal (rfft / irfft).
        norm (str, optional): ``"backward"``, ``"forward"`` or ``"ortho"``. Default: ``"backward"``.
        onesided (bool, optional): rfft keeps half the spectrum / irfft reads half. Default: ``True``.
        signal_sizes (tuple, optional): irfft's output sizes. Default: ``()``.

    Inputs:
        - **x** (Tensor) - The signal.

    Outputs:
        Tensor, complex (or real for irfft).

    Raises:
        TypeError: If an argument has the wrong type or ``x`` the wrong dtype.
        ValueError: If ``signal_ndim`` or ``norm`` is out of range.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([0.0, 1.0, 2.0, 3.0], ms.float32)
        >>> print(ops.FFTWithSize(1, False, True)(x))
        [ 6.+0.j -2.+2.j -2.+0.j]
    """

    @prim_attr_register
    def __init__(
        self,
        signal_ndim: int,
        inverse: bool,
        real: bool,
        norm: str = "backward",
        onesided: bool = True,
        signal_sizes: Any = (),
    ) -> None:
        _V.check_positive_int(signal_ndim, "signal_ndim", self.name)
        _V.check_range(signal_ndim, 1, 3, "signal_ndim", self.name)
        for arg, v in (("inverse", inverse), ("real", real), ("onesided", onesided)):
            _V.check_bool(v, arg, self.name)
        if not isinstance(norm, str):
            _V.fail_arg(self.name, "norm", "a str", norm, TypeError)
        _V.check_one_of(norm, ("backward", "forward", "ortho"), "norm", self.name)
        if not isinstance(signal_sizes, tuple | list):
            _V.fail_arg(
                self.name, "signal_sizes", "a tuple or list of ints", signal_sizes, TypeError
            )

    def __call__(self, x: Any) -> Tensor:
        return _FS.fft_with_size(
            x,
            self.signal_ndim,
            self.inverse,
            self.real,
            self.norm,
            self.onesided,
            tuple(self.signal_sizes),
        )
