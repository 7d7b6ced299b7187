"""More elementwise math of ``mindspore.ops`` (``ops.acosh``, ``ops.hypot``, ``ops.xlogy``, ...).

Each op is one jnp/lax expression: inputs go through ``_utils`` (MindSpore's promotion, Python
scalars weak), integer inputs of float-valued math compute in Float32, and results are Tensors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule


def _unary(name: str, fn: Callable, to_float: bool = True, doc: str = "") -> Callable:
    def op(input: Any) -> Tensor:
        a = U.array(input, name)
        return Tensor._from(fn(U.floating(a) if to_float else a))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc or f"MindSpore's ``ops.{name}(input)``, elementwise."
    return op


def _binary(name: str, fn: Callable, to_float: bool = False, doc: str = "") -> Callable:
    def op(input: Any, other: Any) -> Tensor:
        a, b = U.binary(input, other, name)
        if to_float:
            a, b = U.floating(a), U.floating(b)
        return Tensor._from(fn(a, b))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc or f"MindSpore's ``ops.{name}(input, other)``, elementwise with broadcasting."
    return op


def _require_int(name: str, a: jax.Array) -> None:
    if a.dtype.kind not in "iu":
        U.fail(name, f"the inputs must be integer Tensors, but got dtype {a.dtype}", TypeError)


# --- one input ---------------------------------------------------------------------------------
acosh = arccosh = _unary("acosh", jnp.arccosh)
asinh = arcsinh = _unary("asinh", jnp.arcsinh)
atanh = arctanh = _unary("atanh", jnp.arctanh)
deg2rad = _unary("deg2rad", jnp.deg2rad)
rad2deg = _unary("rad2deg", jnp.rad2deg)
lgamma = _unary("lgamma", jax.scipy.special.gammaln)
digamma = _unary("digamma", jax.scipy.special.digamma)
erfinv = amp_rule("Erfinv")(_unary("erfinv", jax.scipy.special.erfinv))
i0 = _unary("i0", jax.scipy.special.i0)
sinc = _unary("sinc", jnp.sinc, doc="``sin(pi x) / (pi x)``, 1 at 0 (normalized sinc).")


def frac(x: Any) -> Tensor:
    """The fractional part ``x - trunc(x)`` (sign kept)."""
    a = U.array(x, "frac", "x")
    return Tensor._from(a - jnp.trunc(a))


signbit = _unary("signbit", jnp.signbit, to_float=False)
isneginf = _unary("isneginf", jnp.isneginf, to_float=False)
isposinf = _unary("isposinf", jnp.isposinf, to_float=False)
isreal = _unary("isreal", jnp.isreal, to_float=False)
positive = _unary("positive", lambda a: a, to_float=False)
sgn = _unary(
    "sgn",
    lambda a: jnp.sign(a) if a.dtype.kind != "c" else a / jnp.where(a == 0, 1, jnp.abs(a)),
    to_float=False,
    doc="``sign`` for real inputs, ``x/|x|`` for complex.",
)


def logit(input: Any, eps: float | None = None) -> Tensor:
    """``log(x / (1 - x))``, with ``x`` clipped to ``[eps, 1 - eps]`` when ``eps`` is given."""
    a = U.floating(U.array(input, "logit"))
    if eps is not None:
        a = jnp.clip(a, eps, 1 - eps)
    return Tensor._from(jnp.log(a / (1 - a)))


def nan_to_num(
    input: Any, nan: float | None = None, posinf: float | None = None, neginf: float | None = None
) -> Tensor:
    """NaN to ``nan`` (0 when None), +/-inf to ``posinf``/``neginf`` (default: the dtype's
    largest/smallest finite value)."""
    a = U.array(input, "nan_to_num")
    return Tensor._from(
        jnp.nan_to_num(a, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)
    )


# --- two inputs --------------------------------------------------------------------------------
hypot = _binary("hypot", jnp.hypot, to_float=True)
copysign = _binary("copysign", jnp.copysign, to_float=True)
logaddexp = _binary("logaddexp", jnp.logaddexp, to_float=True)
logaddexp2 = _binary("logaddexp2", jnp.logaddexp2, to_float=True)
fmax = _binary("fmax", jnp.fmax, doc="Elementwise maximum that ignores a NaN operand.")
fmin = _binary("fmin", jnp.fmin, doc="Elementwise minimum that ignores a NaN operand.")
fmod = _binary("fmod", jnp.fmod, doc="C's ``fmod``: the remainder has the sign of ``input``.")
nextafter = _binary("nextafter", jnp.nextafter, to_float=True)
heaviside = _binary(
    "heaviside",
    jnp.heaviside,
    doc="0 where ``input < 0``, ``values`` where it is 0, 1 where it is > 0.",
)
float_power = _binary(
    "float_power",
    lambda a, b: jnp.power(
        a.astype(jnp.complex128 if a.dtype.kind == "c" or b.dtype.kind == "c" else jnp.float64),
        b.astype(jnp.complex128 if a.dtype.kind == "c" or b.dtype.kind == "c" else jnp.float64),
    ),
    doc="``input ** exponent`` computed in Float64 (Complex128 for complex inputs).",
)


def xlogy(input: Any, other: Any) -> Tensor:
    """``input * log(other)``, 0 where ``input`` is 0 (even if ``other`` is 0 or NaN-free inf)."""
    a, b = U.binary(input, other, "xlogy")
    return Tensor._from(jax.scipy.special.xlogy(U.floating(a), U.floating(b)))


def _div_zero_where(x: Any, y: Any, api: str, x_zero: bool) -> Tensor:
    """``x / y``, 0 where ``x`` (``x_zero``) or else ``y`` is 0."""
    a, b = U.binary(x, y, api)
    a, b = U.floating(a), U.floating(b)
    zero = (a if x_zero else b) == 0
    return Tensor._from(jnp.where(zero, jnp.zeros_like(a), a / jnp.where(zero, 1, b)))


def xdivy(x: Any, y: Any) -> Tensor:
    """``x / y``, 0 where ``x`` is 0."""
    return _div_zero_where(x, y, "xdivy", True)


def div_no_nan(x: Any, y: Any) -> Tensor:
    """``x / y``, 0 where ``y`` is 0."""
    return _div_zero_where(x, y, "div_no_nan", False)


def mul_no_nan(x: Any, y: Any) -> Tensor:
    """``x * y``, 0 where ``y`` is 0 (even if ``x`` is inf or NaN)."""
    a, b = U.binary(x, y, "mul_no_nan")
    return Tensor._from(jnp.where(b == 0, jnp.zeros_like(a), a * b))


def squared_difference(x: Any, y: Any) -> Tensor:
    """``(x - y) ** 2``."""
    a, b = U.binary(x, y, "squared_difference")
    return Tensor._from(jnp.square(a - b))


def truncate_div(x: Any, y: Any) -> Tensor:
    """Division rounded toward zero (C's integer division; floats: ``trunc(x / y)``)."""
    a, b = U.binary(x, y, "truncate_div")
    if a.dtype.kind in "iu":
        return Tensor._from(lax.div(a, b))
    return Tensor._from(jnp.trunc(a / b))


def truncate_mod(x: Any, y: Any) -> Tensor:
    """The remainder of ``truncate_div``: its sign is that of ``x``."""
    a, b = U.binary(x, y, "truncate_mod")
    return Tensor._from(lax.rem(a, b) if a.dtype.kind in "iu" else jnp.fmod(a, b))


def gcd(input: Any, other: Any) -> Tensor:
    """Greatest common divisor of integer Tensors (``gcd(0, 0) == 0``)."""
    a, b = U.binary(input, other, "gcd")
    _require_int("gcd", a)
    return Tensor._from(jnp.gcd(a, b))


def lcm(input: Any, other: Any) -> Tensor:
    """Least common multiple of integer Tensors."""
    a, b = U.binary(input, other, "lcm")
    _require_int("lcm", a)
    return Tensor._from(jnp.lcm(a, b))


def bitwise_left_shift(input: Any, other: Any) -> Tensor:
    a, b = U.binary(input, other, "bitwise_left_shift")
    _require_int("bitwise_left_shift", a)
    return Tensor._from(jnp.left_shift(a, b))


def bitwise_right_shift(input: Any, other: Any) -> Tensor:
    """Arithmetic shift for signed types, logical for unsigned (as C on the same type)."""
    a, b = U.binary(input, other, "bitwise_right_shift")
    _require_int("bitwise_right_shift", a)
    return Tensor._from(jnp.right_shift(a, b))


def ldexp(x: Any, other: Any) -> Tensor:
    """``x * 2 ** other``."""
    a = U.floating(U.array(x, "ldexp", "x"))
    b = U.array(other, "ldexp", "other")
    return Tensor._from(a * jnp.exp2(b.astype(a.dtype)))


def lerp(input: Any, end: Any, weight: Any) -> Tensor:
    """``input + weight * (end - input)``."""
    a, b = U.binary(input, end, "lerp")
    w = U.operand(weight, "lerp", "weight")
    w = U._scalar_like(w, a) if not isinstance(w, jax.Array) else w.astype(a.dtype)
    return Tensor._from(a + w * (b - a))


def approximate_equal(x: Any, y: Any, tolerance: float = 1e-5) -> Tensor:
    """``|x - y| < tolerance`` elementwise."""
    a, b = U.binary(x, y, "approximate_equal")
    return Tensor._from(jnp.abs(a - b) < tolerance)
