"""Reductions, scans and small linear algebra of ``mindspore.ops`` beyond the basic ones:
``nansum``, ``count_nonzero``, ``cummax``, ``median``, ``var_mean``, ``einsum``, ``det``,
``inverse``, ``kron``, ``tensor_dot``, ...
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink.common import dtype_rules
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule

# --- reductions ----------------------------------------------------------------------------------


def _axes(a: jax.Array, axis: Any, api: str) -> Any:
    return U.axes(axis, a.ndim, api)


def nansum(input: Any, axis: Any = None, keepdims: bool = False, *, dtype: Any = None) -> Tensor:
    """The sum ignoring NaNs (ints and bools sum in Int64, as ``ops.sum``)."""
    a = U.array(input, "nansum")
    out = jnp.nansum(
        a.astype(dtype_rules.sum_dtype(a.dtype)), _axes(a, axis, "nansum"), keepdims=keepdims
    )
    return Tensor._from(out if dtype is None else out.astype(U.dtype(dtype, "nansum")))


def nanmean(input: Any, axis: Any = None, keepdims: bool = False, *, dtype: Any = None) -> Tensor:
    """The mean of the non-NaN elements (floats only)."""
    a = U.floating(U.array(input, "nanmean"))
    out = jnp.nanmean(a, _axes(a, axis, "nanmean"), keepdims=keepdims)
    return Tensor._from(out if dtype is None else out.astype(U.dtype(dtype, "nanmean")))


def count_nonzero(x: Any, axis: Any = (), keep_dims: bool = False, dtype: Any = None) -> Tensor:
    """The number of non-zero elements along ``axis`` (all axes for ``()``), Int32 by default as
    MindSpore returns it."""
    a = U.array(x, "count_nonzero", "x")
    out = jnp.count_nonzero(a, _axes(a, axis, "count_nonzero"), keepdims=keep_dims)
    return Tensor._from(out.astype(U.dtype(dtype, "count_nonzero") if dtype else jnp.int32))


def _cum_extreme(api: str, input: Any, axis: int, better: Any, index_dtype: Any) -> tuple:
    a = U.array(input, api)
    ax = U.axis(axis, a.ndim, api)
    idx = lax.broadcasted_iota(index_dtype, a.shape, ax)

    def combine(p, q):
        (va, ia), (vb, ib) = p, q
        take_b = better(vb, va) | (vb == va) | (jnp.isnan(vb) if a.dtype.kind in "fc" else False)
        take_b = take_b & ~(jnp.isnan(va) if a.dtype.kind in "fc" else False)
        return jnp.where(take_b, vb, va), jnp.where(take_b, ib, ia)

    v, i = lax.associative_scan(combine, (a, idx), axis=ax)
    return Tensor._from(v), Tensor._from(i)


def cummax(input: Any, axis: int) -> tuple[Tensor, Tensor]:
    """Running maximum along ``axis`` and the Int64 index where it was reached (the last one on
    ties; NaN propagates)."""
    return _cum_extreme("cummax", input, axis, jnp.greater, jnp.int64)


def cummin(input: Any, axis: int) -> tuple[Tensor, Tensor]:
    """Running minimum along ``axis`` and its index (the last one on ties); the index is Int32,
    as MindSpore 2.10 returns it (``cummax``'s is Int64)."""
    return _cum_extreme("cummin", input, axis, jnp.less, jnp.int32)


def logcumsumexp(input: Any, axis: int) -> Tensor:
    """``log(cumsum(exp(x)))`` along ``axis``, computed stably."""
    a = U.floating(U.array(input, "logcumsumexp"))
    ax = U.axis(axis, a.ndim, "logcumsumexp")
    return Tensor._from(lax.cumlogsumexp(a, axis=ax))


def median(input: Any, axis: int = -1, keepdims: bool = False) -> tuple[Tensor, Tensor]:
    """The median along ``axis`` (the lower of the two middle values for even lengths) and its
    Int64 index."""
    a = U.array(input, "median")
    ax = U.axis(axis, a.ndim, "median")
    order = jnp.argsort(a, axis=ax, stable=True)
    k = (a.shape[ax] - 1) // 2
    idx = jnp.take(order, jnp.asarray([k]), axis=ax)
    val = jnp.take_along_axis(a, idx, axis=ax)
    if not keepdims:
        idx, val = jnp.squeeze(idx, ax), jnp.squeeze(val, ax)
    return Tensor._from(val), Tensor._from(idx.astype(jnp.int64))


def aminmax(input: Any, *, axis: int = 0, keepdims: bool = False) -> tuple[Tensor, Tensor]:
    """``(min, max)`` along ``axis``."""
    a = U.array(input, "aminmax")
    ax = U.axis(axis, a.ndim, "aminmax")
    return (
        Tensor._from(jnp.min(a, ax, keepdims=keepdims)),
        Tensor._from(jnp.max(a, ax, keepdims=keepdims)),
    )


def var_mean(
    input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False
) -> tuple[Tensor, Tensor]:
    """``(variance, mean)``; the variance divides by ``N - ddof``."""
    a = U.floating(U.array(input, "var_mean"))
    ax = _axes(a, axis, "var_mean")
    return (
        Tensor._from(jnp.var(a, ax, ddof=ddof, keepdims=keepdims)),
        Tensor._from(jnp.mean(a, ax, keepdims=keepdims)),
    )


def std_mean(
    input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False
) -> tuple[Tensor, Tensor]:
    """``(standard deviation, mean)``; the variance divides by ``N - ddof``."""
    a = U.floating(U.array(input, "std_mean"))
    ax = _axes(a, axis, "std_mean")
    return (
        Tensor._from(jnp.std(a, ax, ddof=ddof, keepdims=keepdims)),
        Tensor._from(jnp.mean(a, ax, keepdims=keepdims)),
    )


def diff(x: Any, n: int = 1, axis: int = -1, prepend: Any = None, append: Any = None) -> Tensor:
    """The ``n``-th forward difference along ``axis``."""
    a = U.array(x, "diff", "x")
    kw = {}
    if prepend is not None:
        kw["prepend"] = U.array(prepend, "diff", "prepend")
    if append is not None:
        kw["append"] = U.array(append, "diff", "append")
    return Tensor._from(jnp.diff(a, n, U.axis(axis, a.ndim, "diff"), **kw))


# --- linear algebra ------------------------------------------------------------------------------


def _square(a: jax.Array, api: str) -> jax.Array:
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        U.fail(api, f"'input' must be a (batch of) square matrices, but got shape {list(a.shape)}")
    return U.floating(a)


def det(input: Any) -> Tensor:
    """The determinant of each square matrix in the last two axes."""
    return Tensor._from(jnp.linalg.det(_square(U.array(input, "det"), "det")))


def slogdet(input: Any) -> tuple[Tensor, Tensor]:
    """``(sign, log|det|)`` of each square matrix."""
    sign, logabs = jnp.linalg.slogdet(_square(U.array(input, "slogdet"), "slogdet"))
    return Tensor._from(sign), Tensor._from(logabs)


def inverse(input: Any) -> Tensor:
    """The inverse of each square matrix."""
    return Tensor._from(jnp.linalg.inv(_square(U.array(input, "inverse"), "inverse")))


def matrix_power(input: Any, n: int) -> Tensor:
    """``input`` multiplied by itself ``n`` times (``n < 0``: of its inverse)."""
    a = U.array(input, "matrix_power")
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        U.fail("matrix_power", f"'input' must be square matrices, but got {list(a.shape)}")
    return Tensor._from(jnp.linalg.matrix_power(a, n))


def einsum(equation: str, *operands: Any) -> Tensor:
    """Einstein summation, e.g. ``einsum("ij,jk->ik", a, b)``."""
    if len(operands) == 1 and isinstance(operands[0], list | tuple):
        operands = tuple(operands[0])
    arrays = [U.array(o, "einsum", "operands") for o in operands]
    dt = U.promote(*(a.dtype for a in arrays))
    return Tensor._from(jnp.einsum(equation, *(a.astype(dt) for a in arrays)))


def kron(input: Any, other: Any) -> Tensor:
    """The Kronecker product."""
    a, b = U.array(input, "kron"), U.array(other, "kron", "other")
    dt = U.promote(a.dtype, b.dtype)
    return Tensor._from(jnp.kron(a.astype(dt), b.astype(dt)))


def inner(input: Any, other: Any) -> Tensor:
    """Sum of products over the last axes (a scalar operand multiplies)."""
    a, b = U.array(input, "inner"), U.array(other, "inner", "other")
    dt = U.promote(a.dtype, b.dtype)
    return Tensor._from(jnp.inner(a.astype(dt), b.astype(dt)))


def tensor_dot(x1: Any, x2: Any, axes: Any) -> Tensor:
    """Sum of products over ``axes`` (an int: the last/first ``axes`` axes; or two lists)."""
    a, b = U.array(x1, "tensor_dot", "x1"), U.array(x2, "tensor_dot", "x2")
    dt = U.promote(a.dtype, b.dtype)
    return Tensor._from(jnp.tensordot(a.astype(dt), b.astype(dt), axes))


@amp_rule("Mv")
def mv(mat: Any, vec: Any) -> Tensor:
    """Matrix (n, m) times vector (m,)."""
    a, v = U.array(mat, "mv", "mat"), U.array(vec, "mv", "vec")
    if a.ndim != 2 or v.ndim != 1:
        U.fail(
            "mv",
            f"expected a 2-D 'mat' and a 1-D 'vec', but got shapes {list(a.shape)} "
            f"and {list(v.shape)}",
        )
    dt = U.promote(a.dtype, v.dtype)
    return Tensor._from(a.astype(dt) @ v.astype(dt))


def vecdot(x: Any, y: Any, *, axis: int = -1) -> Tensor:
    """``sum(conj(x) * y)`` along ``axis``."""
    a, b = U.binary(x, y, "vecdot")
    return Tensor._from(jnp.sum(jnp.conj(a) * b, axis=axis))


@amp_rule("Cross")
def cross(input: Any, other: Any, dim: int | None = None) -> Tensor:
    """The 3-vector cross product along ``dim`` (the first axis of length 3 when None)."""
    a, b = U.binary(input, other, "cross")
    if dim is None:
        dim = next((i for i, n in enumerate(a.shape) if n == 3), None)
        if dim is None:
            U.fail("cross", f"no axis of length 3 in shape {list(a.shape)}")
    if a.shape[dim] != 3:
        U.fail("cross", f"'dim' {dim} must have length 3, but the shape is {list(a.shape)}")
    return Tensor._from(jnp.cross(a, b, axis=dim))
