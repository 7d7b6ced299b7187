"""MindSpore's ``mindspore.ops.operations.math_ops``: the math primitive classes.

The classes defined here are the math primitives added on top of those in the package
(``deepsink.ops.operations``); every other math primitive of the package (``Add``, ``MatMul``,
``ReduceSum``, ...) is found here too, so ``from mindspore.ops.operations.math_ops import X``
works for all of them.
"""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive
from deepsink.ops._table_primitive import forwarding as _forwarding
from deepsink.ops.function import elementwise_func as E
from deepsink.ops.function import linalg_reduce_func as L
from deepsink.ops.function import math_func as M
from deepsink.ops.operations._by_path import operations_getattr

ACos = _forwarding("ACos", M.acos, "x", __name__)
Asin = _forwarding("Asin", M.asin, "x", __name__)
Atan = _forwarding("Atan", M.atan, "x", __name__)
Acosh = _forwarding("Acosh", E.acosh, "x", __name__)
Asinh = _forwarding("Asinh", E.asinh, "x", __name__)
Atanh = _forwarding("Atanh", E.atanh, "x", __name__)
Cosh = _forwarding("Cosh", M.cosh, "x", __name__)
Sinh = _forwarding("Sinh", M.sinh, "x", __name__)
Tan = _forwarding("Tan", M.tan, "x", __name__)
Erfc = _forwarding("Erfc", M.erfc, "x", __name__)
Expm1 = _forwarding("Expm1", M.expm1, "x", __name__)
Log1p = _forwarding("Log1p", M.log1p, "x", __name__)
Trunc = _forwarding("Trunc", M.trunc, "x", __name__)
Real = _forwarding("Real", M.real, "x", __name__)
Imag = _forwarding("Imag", M.imag, "x", __name__)
Conj = _forwarding("Conj", M.conj, "x", __name__)
Angle = _forwarding("Angle", M.angle, "x", __name__)
Lgamma = _forwarding("Lgamma", E.lgamma, "x", __name__)
Digamma = _forwarding("Digamma", E.digamma, "x", __name__)
Erfinv = _forwarding("Erfinv", E.erfinv, "x", __name__)
Sinc = _forwarding("Sinc", E.sinc, "x", __name__)
MatrixDeterminant = _forwarding("MatrixDeterminant", L.det, "x", __name__)

Mod = _forwarding("Mod", E.fmod, "x, y", __name__)
Xdivy = _forwarding("Xdivy", E.xdivy, "x, y", __name__)
Xlogy = _forwarding("Xlogy", E.xlogy, "x, y", __name__)
Hypot = _forwarding("Hypot", E.hypot, "x, y", __name__)
Heaviside = _forwarding("Heaviside", E.heaviside, "x, y", __name__)
SquaredDifference = _forwarding("SquaredDifference", E.squared_difference, "x, y", __name__)
DivNoNan = _forwarding("DivNoNan", E.div_no_nan, "x, y", __name__)
MulNoNan = _forwarding("MulNoNan", E.mul_no_nan, "x, y", __name__)
TruncateDiv = _forwarding("TruncateDiv", E.truncate_div, "x, y", __name__)
TruncateMod = _forwarding("TruncateMod", E.truncate_mod, "x, y", __name__)
BitwiseAnd = _forwarding("BitwiseAnd", M.bitwise_and, "x, y", __name__)
BitwiseOr = _forwarding("BitwiseOr", M.bitwise_or, "x, y", __name__)
BitwiseXor = _forwarding("BitwiseXor", M.bitwise_xor, "x, y", __name__)
LogicalXor = _forwarding("LogicalXor", M.logical_xor, "x, y", __name__)
LeftShift = _forwarding("LeftShift", E.bitwise_left_shift, "x, y", __name__)
RightShift = _forwarding("RightShift", E.bitwise_right_shift, "x, y", __name__)
Gcd = _forwarding("Gcd", E.gcd, "x, y", __name__)
Lcm = _forwarding("Lcm", E.lcm, "x, y", __name__)
Fmax = _forwarding("Fmax", E.fmax, "x, y", __name__)
Fmin = _forwarding("Fmin", E.fmin, "x, y", __name__)
NextAfter = _forwarding("NextAfter", E.nextafter, "x, y", __name__)


Lerp = _forwarding(
    "Lerp",
    E.lerp,
    "start, end, weight",
    __name__,
    """``Lerp()(start, end, weight)``: ``start + weight * (end - start)``.""",
)


class IsClose(TablePrimitive):
    """``IsClose(rtol=1e-5, atol=1e-8, equal_nan=True)(x1, x2)``."""

    _params = (("rtol", 1e-05), ("atol", 1e-08), ("equal_nan", True))

    def __call__(self, x1: Any, x2: Any) -> Tensor:
        return M.isclose(x1, x2, self.rtol, self.atol, self.equal_nan)


class Einsum(TablePrimitive):
    """``Einsum(equation)(operands)``: ``ops.einsum(equation, *operands)``."""

    _params = (("equation", REQUIRED),)

    def __call__(self, operands: Any) -> Tensor:
        return L.einsum(self.equation, *operands)


class Cross(TablePrimitive):
    """``Cross(dim=-65530)(x1, x2)``: the 3-vector cross product along ``dim`` (MindSpore's
    default -65530 means the first axis of length 3)."""

    _params = (("dim", -65530),)

    def __call__(self, x1: Any, x2: Any) -> Tensor:
        return L.cross(x1, x2, None if self.dim == -65530 else self.dim)


class Cummax(TablePrimitive):
    """``Cummax(axis)(x) -> (values, indices)``."""

    _params = (("axis", REQUIRED),)

    def __call__(self, x: Any) -> tuple[Tensor, Tensor]:
        return L.cummax(x, self.axis)


class MatrixInverse(TablePrimitive):
    """``MatrixInverse(adjoint=False)(x)``: the inverse (of the conjugate transpose when
    ``adjoint``)."""

    _params = (("adjoint", False),)

    def __call__(self, x: Any) -> Tensor:
        inv = L.inverse(x)
        return M.conj(inv).swapaxes(-1, -2) if self.adjoint else inv


__getattr__ = operations_getattr(__name__)


# --- MatrixLogarithm, FFTWithSize ----------------------------------------------------------------
from deepsink._core import validate as _V  # noqa: E402
from deepsink.ops.function import fft_size_func as _FS  # noqa: E402
from deepsink.ops.function import matrix_log_func as _ML  # noqa: E402

MatrixLogarithm = _forwarding(
    "MatrixLogarithm",
    _ML.matrix_logarithm,
    "x",
    __name__,
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
    """,
)


class FFTWithSize(TablePrimitive):
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

    _params = (
        ("signal_ndim", REQUIRED),
        ("inverse", REQUIRED),
        ("real", REQUIRED),
        ("norm", "backward"),
        ("onesided", True),
        ("signal_sizes", ()),
    )

    def _init(self) -> None:
        _V.check_positive_int(self.signal_ndim, "signal_ndim", self.name)
        _V.check_range(self.signal_ndim, 1, 3, "signal_ndim", self.name)
        for arg, v in (("inverse", self.inverse), ("real", self.real), ("onesided", self.onesided)):
            _V.check_bool(v, arg, self.name)
        if not isinstance(self.norm, str):
            _V.fail_arg(self.name, "norm", "a str", self.norm, TypeError)
        _V.check_one_of(self.norm, ("backward", "forward", "ortho"), "norm", self.name)
        if not isinstance(self.signal_sizes, tuple | list):
            _V.fail_arg(
                self.name, "signal_sizes", "a tuple or list of ints", self.signal_sizes, TypeError
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
