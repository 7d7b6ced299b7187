"""Special functions and the remaining elementwise math of ``mindspore.ops`` (``ops.bessel_i0``,
``ops.polygamma``, ``ops.igamma``, ``ops.addcmul``, ...) and the older aliases MindSpore keeps
(``ops.arccos``, ``ops.floordiv``, ``ops.tensor_add``, ...).

Each is one jax.scipy.special / jnp expression over the shared argument handling (``_utils``):
MindSpore's promotion, integer inputs of float-valued math in Float32, Tensor results. The
aliases are the same function objects as the ops they name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy.special as jss

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function import math_func as M

__all__ = [
    "arccos", "arcsin", "arctan", "arctan2", "floordiv", "floormod", "tensor_add", "tensor_sub",
    "tensor_mul", "tensor_div", "tensor_pow", "tensor_mod", "tensor_floordiv", "tensor_exp",
    "tensor_expm1", "tensor_gt", "tensor_ge", "tensor_lt", "tensor_le", "tensor_muls",
    "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "polygamma",
    "zeta", "igamma", "igammac", "mvlgamma", "addcdiv", "addcmul", "population_count",
    "is_complex", "is_nonzero", "polar", "view_as_real", "logdet",
]  # fmt: skip


def _unary(name: str, fn: Callable, arg: str = "x") -> Callable:
    def op(x: Any) -> Tensor:
        return Tensor._from(fn(U.floating(U.array(x, name, arg))))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"MindSpore's ``ops.{name}({arg})``, elementwise (``{fn.__name__}``)."
    return op


# --- aliases MindSpore keeps -------------------------------------------------------------------
arccos, arcsin, arctan, arctan2 = M.acos, M.asin, M.atan, M.atan2
floordiv, floormod = M.floor_div, M.floor_mod
tensor_add, tensor_sub, tensor_mul, tensor_div = M.add, M.sub, M.mul, M.div
tensor_pow, tensor_mod, tensor_floordiv = M.pow, M.floor_mod, M.floor_div
tensor_exp, tensor_expm1 = M.exp, M.expm1
tensor_gt, tensor_ge, tensor_lt, tensor_le = M.greater, M.greater_equal, M.less, M.less_equal


tensor_muls = M.mul


# --- Bessel and gamma-family functions ---------------------------------------------------------
bessel_i0 = _unary("bessel_i0", jss.i0)
bessel_i0e = _unary("bessel_i0e", jss.i0e)
bessel_i1 = _unary("bessel_i1", jss.i1)
bessel_i1e = _unary("bessel_i1e", jss.i1e)


def polygamma(n: Any, input: Any) -> Tensor:
    """The ``n``-th derivative of the digamma function at ``input``."""
    a = U.floating(U.array(input, "polygamma"))
    k = U.array(n, "polygamma", "n")
    if k.dtype.kind not in "iu":
        U.fail(
            "polygamma", f"'n' must be an integer Tensor or int, but got dtype {k.dtype}", TypeError
        )
    return Tensor._from(jss.polygamma(k, a).astype(a.dtype))


def zeta(input: Any, other: Any) -> Tensor:
    """The Hurwitz zeta function ``sum_k (k + other) ** -input``."""
    a, b = U.binary(input, other, "zeta")
    return Tensor._from(jss.zeta(U.floating(a), U.floating(b)))


def igamma(input: Any, other: Any) -> Tensor:
    """The regularized lower incomplete gamma function ``P(input, other)``."""
    a, b = U.binary(input, other, "igamma")
    return Tensor._from(jss.gammainc(U.floating(a), U.floating(b)))


def igammac(input: Any, other: Any) -> Tensor:
    """The regularized upper incomplete gamma function ``Q(input, other) = 1 - P``."""
    a, b = U.binary(input, other, "igammac")
    return Tensor._from(jss.gammaincc(U.floating(a), U.floating(b)))


def mvlgamma(input: Any, p: int) -> Tensor:
    """The log of the multivariate gamma function of dimension ``p``; every element must be
    greater than ``(p - 1) / 2``."""
    if isinstance(p, bool) or not isinstance(p, int) or p < 1:
        U.fail("mvlgamma", f"'p' must be an int >= 1, but got {p!r}")
    a = U.floating(U.array(input, "mvlgamma"))
    return Tensor._from(jss.multigammaln(a, p).astype(a.dtype))


# --- fused arithmetic --------------------------------------------------------------------------
def _addc(name: str, combine: Callable) -> Callable:
    def op(input: Any, tensor1: Any, tensor2: Any, value: Any = 1) -> Tensor:
        x = U.array(input, name)
        t1, t2 = U.array(tensor1, name, "tensor1"), U.array(tensor2, name, "tensor2")
        v = U.array(value, name, "value") if not isinstance(value, int | float) else value
        dt = U.promote(x.dtype, t1.dtype, t2.dtype)
        return Tensor._from((x + v * combine(t1, t2)).astype(dt))

    op.__name__ = op.__qualname__ = name
    return op


addcdiv = amp_rule("Addcdiv")(_addc("addcdiv", jnp.divide))
addcdiv.__doc__ = "``input + value * tensor1 / tensor2``, elementwise with broadcasting."
addcmul = amp_rule("Addcmul")(_addc("addcmul", jnp.multiply))
addcmul.__doc__ = "``input + value * tensor1 * tensor2``, elementwise with broadcasting."


# --- bits, complex numbers, predicates ---------------------------------------------------------
def population_count(input_x: Any) -> Tensor:
    """The number of set bits of each element (UInt8 result), for integer inputs."""
    a = U.array(input_x, "population_count", "input_x")
    if a.dtype.kind not in "iu":
        U.fail(
            "population_count",
            f"'input_x' must be an integer Tensor, but got dtype {a.dtype}",
            TypeError,
        )
    return Tensor._from(jax.lax.population_count(a).astype(jnp.uint8))


def is_complex(input: Any) -> bool:
    """Whether ``input`` is a complex Tensor."""
    if not isinstance(input, Tensor):
        U.fail("is_complex", f"'input' must be a Tensor, but got {type(input).__name__}", TypeError)
    return U.array(input, "is_complex").dtype.kind == "c"


def is_nonzero(input: Any) -> bool:
    """Whether the one element of ``input`` is non-zero (a RuntimeError for other sizes)."""
    a = U.array(input, "is_nonzero")
    if a.size != 1:
        U.fail(
            "is_nonzero",
            f"'input' must have exactly one element, but got shape {list(a.shape)}",
            RuntimeError,
        )
    return bool(a.reshape(()) != 0)


def polar(abs: Any, angle: Any) -> Tensor:
    """The complex number ``abs * (cos(angle) + i sin(angle))`` (Complex64 for Float32)."""
    r, t = U.array(abs, "polar", "abs"), U.array(angle, "polar", "angle")
    if r.dtype != t.dtype or r.dtype.kind != "f":
        U.fail(
            "polar",
            f"'abs' and 'angle' must be float Tensors of one dtype, but got "
            f"{r.dtype} and {t.dtype}",
            TypeError,
        )
    return Tensor._from(jax.lax.complex(r * jnp.cos(t), r * jnp.sin(t)))


def view_as_real(input: Any) -> Tensor:
    """A complex Tensor as real pairs: a trailing axis of 2 (real, imaginary)."""
    a = U.array(input, "view_as_real")
    if a.dtype.kind != "c":
        U.fail(
            "view_as_real", f"'input' must be a complex Tensor, but got dtype {a.dtype}", TypeError
        )
    return Tensor._from(jnp.stack([a.real, a.imag], axis=-1))


def logdet(input: Any) -> Tensor:
    """``log(det(input))`` of square matrices (batched): NaN where the determinant is negative."""
    a = U.floating(U.array(input, "logdet"))
    sign, ld = jnp.linalg.slogdet(a)
    return Tensor._from(jnp.where(sign < 0, jnp.nan, ld).astype(a.dtype))
