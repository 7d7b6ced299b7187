"""Math ops (``ops.add``, ``ops.exp``, ``ops.mean``, ``ops.matmul``, ...) over jnp/lax.

Integer results follow MindSpore 2.10 (``deepsink.common.dtype_rules``): ``argmax`` and the
indices of ``max``/``min`` are Int64, ``argmin`` Int32; ``sum``/``prod`` of ints are Int64.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink._core import arg_extreme
from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.common.tensor import Tensor, matmul_ext_mismatch
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function.elementwise_func import _binary, _unary

# --- elementwise, one input --------------------------------------------------------------------


exp = amp_rule("Exp")(_unary("exp", jnp.exp))
expm1 = amp_rule("Expm1")(_unary("expm1", jnp.expm1))
log = amp_rule("Log")(_unary("log", jnp.log))
log1p = amp_rule("Log1p")(_unary("log1p", jnp.log1p))
log2 = amp_rule("Log2")(_unary("log2", jnp.log2))
sqrt = _unary("sqrt", jnp.sqrt)
rsqrt = amp_rule("Rsqrt")(_unary("rsqrt", lax.rsqrt))
reciprocal = amp_rule("Reciprocal")(_unary("reciprocal", jnp.reciprocal))
sin = _unary("sin", jnp.sin)
cos = _unary("cos", jnp.cos)
tan = amp_rule("Tan")(_unary("tan", jnp.tan))
sinh = amp_rule("Sinh")(_unary("sinh", jnp.sinh))
cosh = amp_rule("Cosh")(_unary("cosh", jnp.cosh))


@jax.custom_jvp
def tanh_array(x: jax.Array) -> jax.Array:
    """``jnp.tanh`` with MindSpore's derivative (its ``TanhGrad``): the tangent times one
    coefficient ``1 - y*y``, so that forward mode (``jvp``, ``jacfwd``) and its transpose, reverse
    mode (``grad``, ``vjp``, ``jacrev``), round alike. JAX's own rule, ``(g + g*y) * (1 - y)``,
    takes two steps whose transpose rounds differently: ``jacfwd`` and ``jacrev`` would then
    differ in the last bits where MindSpore's agree (its forward mode differentiates its reverse
    program, ``TanhGrad`` of ``TanhGrad``). Complex inputs keep JAX's rule."""
    return jnp.tanh(x)


@tanh_array.defjvp
def _tanh_jvp(primals, tangents):  # noqa: ANN001, ANN202
    (x,), (t,) = primals, tangents
    if jnp.iscomplexobj(x):
        return jax.jvp(jnp.tanh, (x,), (t,))
    y = tanh_array(x)  # itself: higher derivatives use the same rule (TanhGrad's bprop does)
    return y, t * (1 - y * y)


tanh = _unary("tanh", tanh_array)
asin = amp_rule("Asin")(_unary("asin", jnp.arcsin))
acos = amp_rule("ACos")(_unary("acos", jnp.arccos))
atan = _unary("atan", jnp.arctan)
erf = _unary("erf", jax.scipy.special.erf)
erfc = _unary("erfc", jax.scipy.special.erfc)
sigmoid = _unary("sigmoid", jax.nn.sigmoid)
floor = _unary("floor", jnp.floor, to_float=False)
ceil = _unary("ceil", jnp.ceil, to_float=False)
trunc = _unary("trunc", jnp.trunc, to_float=False)


def _sign(a: jax.Array) -> jax.Array:
    """-1, 0 or 1; NaN and -0.0 give 0, as MindSpore's kernel does."""
    s = jnp.sign(a)
    return jnp.where(jnp.isnan(s), 0, s) + 0 if jnp.issubdtype(a.dtype, jnp.inexact) else s


sign = _unary("sign", _sign, to_float=False)
abs = _unary("abs", jnp.abs, to_float=False)
absolute = abs
neg = _unary("neg", jnp.negative, to_float=False)
negative = neg
square = _unary("square", jnp.square, to_float=False)
isnan = _unary("isnan", jnp.isnan, to_float=False)
isinf = _unary("isinf", jnp.isinf, to_float=False)
isfinite = _unary("isfinite", jnp.isfinite, to_float=False)
logical_not = _unary("logical_not", jnp.logical_not, to_float=False)


def round(input: Any, *, decimals: int = 0) -> Tensor:
    """MindSpore's ``ops.round``: half to even, as MindSpore and numpy do."""
    return Tensor._from(jnp.round(U.array(input, "round"), decimals))


# --- elementwise, two inputs -------------------------------------------------------------------


add = _binary("add", jnp.add)
sub = _binary("sub", jnp.subtract)
subtract = sub
mul = _binary("mul", jnp.multiply)
multiply = mul


def _extremum_with_mindspores_grad(pick: Callable, larger: bool) -> Callable:
    """``pick`` (jnp.maximum/minimum) with MindSpore's gradient: the chosen input gets the
    gradient, a tie splits it in halves, and where either input is NaN both get all of it."""

    @jax.custom_jvp
    def f(a: jax.Array, b: jax.Array) -> jax.Array:
        return pick(a, b)

    @f.defjvp
    def f_jvp(primals, tangents):  # noqa: ANN001, ANN202
        a, b = primals
        ta, tb = tangents
        out = pick(a, b)
        if not jnp.issubdtype(out.dtype, jnp.inexact):
            return out, jnp.zeros_like(out)
        wins = a > b if larger else a < b
        nan = jnp.isnan(a) | jnp.isnan(b)
        wa = jnp.where(nan | wins, 1.0, jnp.where(a == b, 0.5, 0.0)).astype(out.dtype)
        wb = jnp.where(nan | ~wins & (a != b), 1.0, jnp.where(a == b, 0.5, 0.0)).astype(out.dtype)
        return out, wa * ta + wb * tb

    return f


maximum = _binary("maximum", _extremum_with_mindspores_grad(jnp.maximum, larger=True))
minimum = _binary("minimum", _extremum_with_mindspores_grad(jnp.minimum, larger=False))
floor_div = _binary("floor_div", jnp.floor_divide)
floor_divide = floor_div
remainder = _binary("remainder", jnp.remainder)
floor_mod = remainder
atan2 = _binary("atan2", lambda a, b: jnp.arctan2(U.floating(a), U.floating(b)))
equal = _binary("equal", jnp.equal)
not_equal = _binary("not_equal", jnp.not_equal)
greater = _binary("greater", jnp.greater)
greater_equal = _binary("greater_equal", jnp.greater_equal)
less = _binary("less", jnp.less)
less_equal = _binary("less_equal", jnp.less_equal)
eq, ne, gt, ge, lt, le = equal, not_equal, greater, greater_equal, less, less_equal
logical_and = _binary("logical_and", jnp.logical_and)
logical_or = _binary("logical_or", jnp.logical_or)
logical_xor = _binary("logical_xor", jnp.logical_xor)
bitwise_and = _binary("bitwise_and", jnp.bitwise_and)
bitwise_or = _binary("bitwise_or", jnp.bitwise_or)
bitwise_xor = _binary("bitwise_xor", jnp.bitwise_xor)


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Tensor:
    """MindSpore's ``ops.div``: true division; ``rounding_mode`` 'floor' or 'trunc' rounds it."""
    if rounding_mode not in (None, "floor", "trunc"):
        U.fail(
            "div",
            f"'rounding_mode' must be one of [None, 'floor', 'trunc'], but got {rounding_mode!r}",
        )
    a, b = U.binary(input, other, "div")
    if rounding_mode == "floor":
        return Tensor._from(jnp.floor_divide(a, b))
    q = jnp.true_divide(a, b)
    if rounding_mode == "trunc":
        q = jnp.trunc(q).astype(a.dtype) if jnp.issubdtype(a.dtype, jnp.integer) else jnp.trunc(q)
    return Tensor._from(q)


divide = div
true_divide = _binary("true_divide", jnp.true_divide)


def isclose(
    input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Tensor:
    """``|input - other| <= atol + rtol * |other|``, elementwise."""
    a, b = U.binary(input, other, "isclose")
    return Tensor._from(jnp.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


@amp_rule("Pow")
def pow(input: Any, exponent: Any) -> Tensor:
    """MindSpore's ``ops.pow(input, exponent)``; either may be a number."""
    a, b = U.binary(input, exponent, "pow")
    return Tensor._from(jnp.power(a, b))


def clip_by_value(x: Any, clip_value_min: Any = None, clip_value_max: Any = None) -> Tensor:
    """MindSpore's ``ops.clip_by_value``: limit ``x`` to [min, max] (either bound may be None);
    the result keeps the dtype of ``x`` (``clamp`` promotes instead). ``x`` may also be a list or
    tuple of Tensors: each is clipped, and a tuple of the results is returned (as in 2.10)."""
    if isinstance(x, list | tuple):
        return tuple(clip_by_value(t, clip_value_min, clip_value_max) for t in x)
    return _clamp(x, clip_value_min, clip_value_max, "clip_by_value", keep_dtype=True)


def clamp(input: Any, min: Any = None, max: Any = None) -> Tensor:
    """MindSpore's ``ops.clamp(input, min=None, max=None)``; at least one bound is needed."""
    return _clamp(input, min, max, "clamp")


clip = clamp


def _clamp(x: Any, lo: Any, hi: Any, api: str, keep_dtype: bool = False) -> Tensor:
    if lo is None and hi is None:  # 2.10's texts, as ops.clamp's Clamp primitive and clip_by_value
        if keep_dtype:
            U.fail(api, "at least one of 'clip_value_min' or 'clip_value_max' must not be None")
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    a = U.array(x, api)
    if keep_dtype:
        lo = None if lo is None else U.array(lo, api, "clip_value_min").astype(a.dtype)
        hi = None if hi is None else U.array(hi, api, "clip_value_max").astype(a.dtype)
    if lo is not None:
        a, lo_ = U.binary(a, lo, api)
        a = jnp.maximum(a, lo_)
    if hi is not None:
        a, hi_ = U.binary(a, hi, api)
        a = jnp.minimum(a, hi_)
    return Tensor._from(a)


@amp_rule("AddN")
def addn(x: Any) -> Tensor:
    """MindSpore's ``ops.addn``: the sum of a tuple of same-shaped tensors."""
    if not isinstance(x, tuple | list) or not x:
        U.fail(
            "addn", f"'x' must be a non-empty tuple or list of Tensors, but got {x!r}", TypeError
        )
    total = U.array(x[0], "addn", "x")
    for i, t in enumerate(x[1:], 1):
        b = U.array(t, "addn", f"x[{i}]")
        if b.shape != total.shape:
            U.fail(
                "addn",
                f"all inputs must have the same shape, but got {list(total.shape)} "
                f"and {list(b.shape)}",
            )
        total = total + b
    return Tensor._from(total)


# --- reductions --------------------------------------------------------------------------------


_AXES = "<list of int, int, Tensor, tuple of int>"
_EXT = "input=<Tensor>, dim={dim}, keepdim=<bool>, dtype=<mindspore.dtype>"
# api -> (MindSpore 2.10's primitive, its attributes, its input names, what its axis may be)
_REDUCE_PRIMS = {
    "sum": ("SumExt", "", ("input", "dim"), _AXES),
    "prod": ("ProdExt", "", ("input", "dim"), "<int>"),
    "mean": ("ReduceMean", "keep_dims", ("x", "axis"), _AXES),
    "reduce_mean": ("ReduceMean", "keep_dims", ("x", "axis"), _AXES),
    "reduce_sum": ("ReduceSum", "keep_dims, skip_mode", ("x", "axis"), _AXES),
    "amax": ("ReduceMax", "keep_dims", ("x", "axis"), _AXES),
    "amin": ("ReduceMin", "keep_dims", ("x", "axis"), _AXES),
    "logsumexp": ("ReduceMax", "keep_dims", ("x", "axis"), _AXES),
    "all": ("ReduceAll", "keep_dims", ("input", "axis"), _AXES),
    "any": ("ReduceAny", "keep_dims", ("x", "axis"), _AXES),
    "ReduceProd": ("ReduceProd", "keep_dims", ("x", "axis"), _AXES),
}
# the Reduce* primitives called directly (``ops.ReduceSum()(1.0)``) raise the same
_REDUCE_PRIMS.update({entry[0]: entry for entry in list(_REDUCE_PRIMS.values())})


def _type_name(v: Any) -> str:
    """How MindSpore 2.10's argument parser names an argument's type: ``Tuple<int, float>``."""
    if isinstance(v, tuple | list):
        inner = ", ".join(_type_name(x) for x in v)
        return f"{'Tuple' if isinstance(v, tuple) else 'List'}<{inner}>"
    if v is None or isinstance(v, bool | int | float):
        return type(v).__name__ if v is not None else "None"
    if isinstance(v, str):
        return "string"
    return "Tensor" if isinstance(v, Tensor) else str(type(v))


def _refuse_non_tensor(api: str, x: Any, ax: Any, keep: Any) -> None:
    """MindSpore 2.10's reductions take a Tensor only: a number, list, tuple, NumPy array or None
    raises its TypeError naming the primitive and the types it was called with."""
    host = (int, float, list, tuple, str, np.ndarray, np.generic)
    if x is not None and not isinstance(x, host):
        return
    if api in ("std", "var"):
        raise TypeError(f"For {api}, input must be a Tensor, but got {type(x)}.")
    prim, attrs, (xname, axname), axes = _REDUCE_PRIMS[api]
    if prim in ("SumExt", "ProdExt"):
        args = f"input={_type_name(x)}, dim={_type_name(ax)}, keepdim={_type_name(keep)}"
        got = f"{prim}()({args}, dtype=mindspore.dtype)"
        valid = f"{prim}()({_EXT.format(dim=axes)})"
    else:
        shown = ax if ax is not None else ()
        if prim == "ReduceAll" and shown == ():
            shown = None  # 2.10's ReduceAll shows a missing axis so
        names = attrs.split(", ")
        got_attrs, valid_attrs = (", ".join(f"{n}={t}" for n in names) for t in ("bool", "<bool>"))
        got = f"{prim}({got_attrs})({xname}={_type_name(x)}, {axname}={_type_name(shown)})"
        valid = f"{prim}({valid_attrs})({xname}=<Tensor>, {axname}={axes})"
    raise TypeError(
        f'Failed calling {prim} with "{got}".\nThe valid calling should be: \n"{valid}".'
    )


def _reduce(api: str, fn: Callable, x: Any, ax: Any, keep: bool, dtype: Any = None) -> Tensor:
    _refuse_non_tensor(api, x, ax, keep)
    a = U.array(x, api)
    axes = U.axes(ax, a.ndim, api)
    if not isinstance(keep, bool):
        U.fail(api, f"'keep_dims' must be a bool, but got {keep!r}", TypeError)
    r = fn(a, axis=axes, keepdims=keep)
    if dtype is not None:
        r = r.astype(U.dtype(dtype, api))
    return Tensor._from(r)


def _sum(a: jax.Array, axis: Any, keepdims: bool) -> jax.Array:
    """``ops.sum``: ints and bools sum in Int64 (MindSpore 2.10)."""
    return jnp.sum(a.astype(dtype_rules.sum_dtype(a.dtype)), axis=axis, keepdims=keepdims)


def _reduce_sum(a: jax.Array, axis: Any, keepdims: bool) -> jax.Array:
    """``ReduceSum``/``ops.reduce_sum``: the result keeps the input's dtype (Bool sums are ``any``)."""
    return jnp.sum(a, axis=axis, keepdims=keepdims).astype(a.dtype)


def _prod(a: jax.Array, axis: Any, keepdims: bool) -> jax.Array:
    """``ops.prod``: ints and bools multiply in Int64 (MindSpore 2.10)."""
    return jnp.prod(a.astype(dtype_rules.sum_dtype(a.dtype)), axis=axis, keepdims=keepdims)


def _mean(a: jax.Array, axis: Any, keepdims: bool) -> jax.Array:
    """Integer means truncate back to the integer dtype, as MindSpore's ReduceMean does."""
    if jnp.issubdtype(a.dtype, jnp.inexact):
        return jnp.mean(a, axis=axis, keepdims=keepdims)
    return jnp.mean(a.astype(jnp.float32), axis=axis, keepdims=keepdims).astype(a.dtype)


@amp_rule("SumExt")
def sum(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    """MindSpore's ``ops.sum(input, dim=None, keepdim=False, *, dtype=None)``."""
    return _reduce("sum", _sum, input, dim, keepdim, dtype)


def reduce_sum(x: Any, axis: Any = ()) -> Tensor:
    return _reduce("reduce_sum", _reduce_sum, x, axis, False)


def mean(x: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:
    """MindSpore's ``ops.mean(x, axis=None, keep_dims=False)``; None or () reduce every axis."""
    return _reduce("mean", _mean, x, axis, keep_dims)


def reduce_mean(x: Any, axis: Any = ()) -> Tensor:
    return _reduce("reduce_mean", _mean, x, axis, False)


@amp_rule("ProdExt")
def prod(input: Any, axis: Any = None, keep_dims: bool = False, dtype: Any = None) -> Tensor:
    return _reduce("prod", _prod, input, axis, keep_dims, dtype)


def amax(
    input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None
) -> Tensor:
    """MindSpore's ``ops.amax``: the maximum values (no indices)."""
    return _reduce("amax", _extreme(jnp.max, initial, where), input, axis, keepdims)


def amin(
    input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None
) -> Tensor:
    return _reduce("amin", _extreme(jnp.min, initial, where), input, axis, keepdims)


def _extreme(fn: Callable, initial: Any, where: Any) -> Callable:
    if initial is None and where is None:
        return fn
    kw = {"initial": U.static_number(initial, "max", "initial")} if initial is not None else {}
    if where is not None:
        kw["where"] = U.array(where, "max", "where")
    return lambda a, axis, keepdims: fn(a, axis=axis, keepdims=keepdims, **kw)


def max(
    input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None
) -> tuple[Tensor, Tensor]:
    """MindSpore 2.x ``ops.max``: a ``(values, indices)`` tuple.

    With ``axis=None`` MindSpore 2.10 returns index 0 whatever the position of the maximum; this
    is kept for parity (use ``ops.argmax`` for the flat index).
    """
    return _max_min("max", jnp.max, jnp.argmax, input, axis, keepdims, initial, where)


def min(
    input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None
) -> tuple[Tensor, Tensor]:
    """MindSpore 2.x ``ops.min``: a ``(values, indices)`` tuple (see ``max`` for axis=None)."""
    return _max_min("min", jnp.min, jnp.argmin, input, axis, keepdims, initial, where)


def _max_min(api, fn, argfn, x, ax, keepdims, initial, where) -> tuple[Tensor, Tensor]:
    a = U.array(x, api)
    if ax is None:
        values = _reduce(api, _extreme(fn, initial, where), a, ax, keepdims)
        return values, Tensor._from(jnp.zeros(values.shape, dtype_rules.INDEX))
    return _with_index(api, a, ax, keepdims, fn is jnp.max, initial, where)


def _with_index(
    api: str, x: Any, ax: Any, keepdims: bool, largest: bool, initial: Any = None, where: Any = None
) -> tuple[Tensor, Tensor]:
    """``(values, Int64 indices)`` along one axis, as MindSpore's ArgMaxWithValue and
    ArgMinWithValue give them: the gradient goes to the first extreme on ties
    (``deepsink._core.arg_extreme``)."""
    a = U.array(x, api)
    axis = U.axis(ax, a.ndim, api)
    if not isinstance(keepdims, bool):
        U.fail(api, f"'keep_dims' must be a bool, but got {keepdims!r}", TypeError)
    if initial is not None:
        initial = U.static_number(initial, api, "initial")
    if where is not None:
        if initial is None:
            U.fail(api, "'initial' must be given with a 'where' mask", ValueError)
        where = U.array(where, api, "where")
    values, idx = arg_extreme.with_index(a, axis, keepdims, largest, initial, where)
    return Tensor._from(values), Tensor._from(idx)


def argmax(input: Any, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """MindSpore's ``ops.argmax(input, dim=None, keepdim=False)``; Int64 indices (flat when dim=None)."""
    return _arg("argmax", jnp.argmax, input, dim, keepdim, dtype_rules.INDEX)


def argmin(input: Any, axis: int | None = None, keepdims: bool = False) -> Tensor:
    """MindSpore's ``ops.argmin``: Int32 indices (as 2.10 returns them, unlike ``argmax``)."""
    return _arg("argmin", jnp.argmin, input, axis, keepdims)


def _arg(api: str, fn: Callable, x: Any, ax: Any, keep: bool, out_dtype: Any = jnp.int32) -> Tensor:
    a = U.array(x, api)
    if ax is None:
        r = fn(a.reshape(-1))
        r = r.reshape((1,) * a.ndim) if keep else r
    else:
        r = fn(a, axis=U.axis(ax, a.ndim, api, "dim"), keepdims=keep)
    return Tensor._from(r.astype(out_dtype))


def all(input: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:
    return _reduce("all", jnp.all, input, axis, keep_dims)


def any(input: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:
    return _reduce("any", jnp.any, input, axis, keep_dims)


def logsumexp(input: Any, dim: Any, keepdim: bool = False) -> Tensor:
    """MindSpore's ``ops.logsumexp(input, dim, keepdim=False)`` (2.10's keywords)."""
    f = lambda a, axis, keepdims: jax.nn.logsumexp(U.floating(a), axis=axis, keepdims=keepdims)
    return _reduce("logsumexp", f, input, dim, keepdim)


def std(input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
    f = lambda a, axis, keepdims: jnp.std(U.floating(a), axis=axis, ddof=ddof, keepdims=keepdims)
    return _reduce("std", f, input, axis, keepdims)


def var(input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
    f = lambda a, axis, keepdims: jnp.var(U.floating(a), axis=axis, ddof=ddof, keepdims=keepdims)
    return _reduce("var", f, input, axis, keepdims)


@amp_rule("CumSum")
def cumsum(x: Any, axis: int, dtype: Any = None) -> Tensor:
    """MindSpore's ``ops.cumsum(x, axis, dtype=None)``."""
    a = U.array(x, "cumsum", "x")
    r = jnp.cumsum(a, axis=U.axis(axis, a.ndim, "cumsum"))
    return Tensor._from(r.astype(U.dtype(dtype, "cumsum")) if dtype is not None else r)


@amp_rule("CumProd")
def cumprod(input: Any, dim: int, dtype: Any = None) -> Tensor:
    """Running product along ``dim``; integer and bool inputs multiply in Int64 (as 2.10's
    CumProd kernel returns) unless ``dtype`` says otherwise."""
    a = U.array(input, "cumprod")
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "cumprod"))
    elif jnp.issubdtype(a.dtype, jnp.integer) or a.dtype == jnp.bool_:
        a = a.astype(jnp.int64)
    return Tensor._from(jnp.cumprod(a, axis=U.axis(dim, a.ndim, "cumprod", "dim")))


def norm(
    A: Any, ord: Any = None, dim: Any = None, keepdim: bool = False, *, dtype: Any = None
) -> Tensor:
    """MindSpore's ``ops.norm``: vector norm over ``dim`` (int), matrix norm over two dims,
    the 2-norm of the flattened input when both ``ord`` and ``dim`` are None."""
    a = U.floating(U.array(A, "norm", "A"))
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "norm"))
    axes = U.axes(dim, a.ndim, "norm", "dim")
    if axes is None and ord is not None and a.ndim > 2:
        U.fail("norm", f"'dim' must be given for 'ord'={ord!r} with a {a.ndim}-D input")
    r = jnp.linalg.norm(a, ord=ord, axis=axes, keepdims=keepdim)
    return Tensor._from(r)


# --- matrix products ---------------------------------------------------------------------------


def _matmul(
    a: Any,
    b: Any,
    api: str,
    ta: bool = False,
    tb: bool = False,
    batched: bool = True,
    ext: bool = False,
) -> Tensor:
    """``ext``: MindSpore's ``MatMulExt`` (``ops.matmul``), whose mismatched contracted dimensions
    are a RuntimeError; the ``MatMul`` primitive's are a ValueError."""
    x, y = U.array(a, api, "x"), U.array(b, api, "y")
    if ext and (error := matmul_ext_mismatch(x.shape, y.shape)) is not None:
        raise error
    if x.ndim == 0 or y.ndim == 0:
        U.fail(
            api,
            f"the inputs must be at least 1-D, but got shapes {list(x.shape)} and {list(y.shape)}",
        )
    if not batched and (x.ndim != 2 or y.ndim != 2):
        U.fail(api, f"the inputs must be 2-D, but got shapes {list(x.shape)} and {list(y.shape)}")
    if ta:
        x = jnp.swapaxes(x, -1, -2)
    if tb:
        y = jnp.swapaxes(y, -1, -2)
    k_x = x.shape[-1]
    k_y = y.shape[-2] if y.ndim > 1 else y.shape[0]
    if k_x != k_y:
        U.fail(
            api, f"the input dimensions must be equal, but got 'x1_col': {k_x} and 'x2_row': {k_y}"
        )
    if x.dtype != y.dtype:
        dt = U.promote(x.dtype, y.dtype)
        x, y = x.astype(dt), y.astype(dt)
    if x.ndim > 2 and y.ndim > 2:
        try:
            jnp.broadcast_shapes(x.shape[:-2], y.shape[:-2])
        except ValueError:
            U.fail(
                api,
                f"the batch dimensions of {list(x.shape)} and {list(y.shape)} "
                "cannot be broadcast together",
            )
    return Tensor._from(_bmm(x, y))


def _bmm(x: jax.Array, y: jax.Array) -> jax.Array:
    """jnp.matmul with the batch dimensions broadcast explicitly (rank promotion may be off)."""
    if x.ndim > 1 and y.ndim > 1 and x.ndim != y.ndim:
        batch = jnp.broadcast_shapes(x.shape[:-2], y.shape[:-2])
        x = jnp.broadcast_to(x, batch + x.shape[-2:])
        y = jnp.broadcast_to(y, batch + y.shape[-2:])
    return jnp.matmul(x, y)


@amp_rule("MatMulExt")
def matmul(input: Any, other: Any) -> Tensor:
    """MindSpore's ``ops.matmul``: numpy matmul semantics (1-D operands, batch broadcasting)."""
    return _matmul(input, other, "matmul", ext=True)


@amp_rule("MatMul")
def mm(input: Any, mat2: Any) -> Tensor:
    return _matmul(input, mat2, "mm", batched=False)


@amp_rule("BatchMatMulExt")
def bmm(input_x: Any, mat2: Any) -> Tensor:
    return _matmul(input_x, mat2, "bmm")


def dot(input: Any, other: Any) -> Tensor:
    """MindSpore's ``ops.dot``: numpy ``dot`` of tensors with at least 2 dimensions each
    (contract the last axis of ``input`` with the second-to-last of ``other``)."""
    a, b = U.array(input, "dot"), U.array(other, "dot", "other")
    if a.ndim < 2 or b.ndim < 2:
        U.fail(
            "dot",
            f"the inputs must have at least 2 dimensions, but got shapes {list(a.shape)} "
            f"and {list(b.shape)}",
        )
    if a.shape[-1] != b.shape[-2]:
        U.fail(
            "dot",
            f"the input dimensions must be equal, but got 'x1_col': {a.shape[-1]} and "
            f"'x2_row': {b.shape[-2]}",
        )
    if a.dtype != b.dtype:
        dt = U.promote(a.dtype, b.dtype)
        a, b = a.astype(dt), b.astype(dt)
    return Tensor._from(jnp.dot(a, b))


def outer(input: Any, vec2: Any) -> Tensor:
    """The outer product of two vectors (of any lengths; promoted to one dtype)."""
    a, b = U.array(input, "outer"), U.array(vec2, "outer", "vec2")
    dt = U.promote(a.dtype, b.dtype)
    return Tensor._from(jnp.outer(a.astype(dt), b.astype(dt)))


# --- elementwise ops with MindSpore's dtype checks ----------------------------------------------

_FLOATS = ("float16", "float32", "float64")


def _require(api: str, arg: str, a: jax.Array, allowed: tuple[str, ...] | str) -> None:
    """MindSpore's TypeError for an input dtype the op does not accept (``allowed``: dtype names,
    or ``"int"`` for every signed/unsigned integer type)."""
    ok = a.dtype.kind in "iu" if allowed == "int" else a.dtype.name in allowed  # bool: kind "b"
    if not ok:
        names = "an integer type" if allowed == "int" else ", ".join(allowed)
        U.fail(
            api,
            f"'{arg}' must be a Tensor of {names}, but got a Tensor of dtype "
            f"{dtype_rules_name(a.dtype)}",
            TypeError,
        )


def dtype_rules_name(dt: Any) -> str:
    """MindSpore's name of a numpy dtype (``Int32``)."""
    return str(mstype.from_np(dt))


def inv(input: Any) -> Tensor:
    """MindSpore's ``ops.inv``: ``1 / x`` elementwise, keeping the dtype. Integers divide as C
    does (``1 / 3 == 0``) and ``1 / 0`` is the type's minimum, as MindSpore's CPU kernel gives."""
    a = U.array(input, "inv")
    if a.dtype.kind == "b":
        U.fail("inv", "'input' must be a numeric Tensor, but got a Tensor of dtype Bool", TypeError)
    if a.dtype.kind in "iu":
        one = jnp.ones_like(a)
        q = lax.div(one, jnp.where(a == 0, one, a))
        return Tensor._from(jnp.where(a == 0, jnp.iinfo(a.dtype).min, q).astype(a.dtype))
    return Tensor._from(jnp.reciprocal(a))


def invert(input: Any) -> Tensor:
    """MindSpore's ``ops.invert``: bitwise NOT of an integer Tensor (``~x``)."""
    a = U.array(input, "invert")
    _require("invert", "input", a, "int")
    return Tensor._from(jnp.invert(a))


def _bitwise_not(input: Any) -> Tensor:
    """``~x`` over integers and Bool (logical NOT for Bool): ``mint.bitwise_not`` and
    ``deepsink.numpy.invert``; ``ops.invert`` takes integers only."""
    a = U.array(input, "bitwise_not")
    if a.dtype.kind != "b":
        _require("bitwise_not", "input", a, "int")
    return Tensor._from(jnp.invert(a))


def rint(input: Any) -> Tensor:
    """MindSpore's ``Rint``: round to the nearest integer, halves to even (floats only)."""
    a = U.array(input, "rint")
    _require("rint", "input", a, _FLOATS)
    return Tensor._from(jnp.rint(a))


@amp_rule("Log10")
def log10(input: Any) -> Tensor:
    """``ops.log10``: base-10 logarithm (ints computed in Float32)."""
    return Tensor._from(jnp.log10(U.floating(U.array(input, "log10"))))


def exp2(input: Any) -> Tensor:
    """``ops.exp2``: ``2 ** x`` (ints computed in Float32)."""
    return Tensor._from(jnp.exp2(U.floating(U.array(input, "exp2"))))


def complex(real: Any, imag: Any) -> Tensor:
    """MindSpore's ``Complex``: ``real + 1j * imag`` from two Float32 (Complex64) or Float64
    (Complex128) Tensors of the same dtype."""
    re, im = U.array(real, "complex", "real"), U.array(imag, "complex", "imag")
    for arg, a in (("real", re), ("imag", im)):
        _require("Complex", arg, a, ("float32", "float64"))
    if re.dtype != im.dtype:
        U.fail(
            "Complex",
            f"'real' and 'imag' must have the same dtype, but got "
            f"{dtype_rules_name(re.dtype)} and {dtype_rules_name(im.dtype)}",
            TypeError,
        )
    return Tensor._from(lax.complex(*jnp.broadcast_arrays(re, im)))


def real(input: Any) -> Tensor:
    return Tensor._from(jnp.real(U.array(input, "real")))


def imag(input: Any) -> Tensor:
    return Tensor._from(jnp.imag(U.array(input, "imag")))


def conj(input: Any) -> Tensor:
    return Tensor._from(jnp.conj(U.array(input, "conj")))


def angle(input: Any) -> Tensor:
    return Tensor._from(jnp.angle(U.array(input, "angle")))


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
