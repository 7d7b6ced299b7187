"""``mindspore.numpy``'s math: elementwise functions, reductions, products, statistics.

Elementwise functions come from one table: each name maps to the ``mindspore.ops`` function
that computes it (``add`` -> ``ops.add``, ``sqrt`` -> ``ops.sqrt``, ...) or, where ``ops`` has
no such op or differs from NumPy's meaning, to ``jax.numpy``. The table wrapper applies
``mindspore.numpy``'s input rules (Python ints Int32, floats Float32, scalars weak next to
arrays, MindSpore's promotion between arrays) and the optional ``dtype`` cast of the result.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from deepsink import ops
from deepsink.common import dtype_rules
from deepsink.common.tensor import Tensor
from deepsink.numpy.utils import (
    FLOAT,
    INT,
    axis_arg,
    fail,
    narrow,
    np_dtype,
    public,
    to_jnp,
    to_tensor,
)
from deepsink.ops.function import math_func as _math_func

_PY = (builtins.bool, int, float)


def _out(r: Any, ins: list, dtype: Any) -> Tensor:
    if isinstance(r, Tensor):
        r = r._data
    r = narrow(r, ins)
    if dtype is not None:
        r = r.astype(np_dtype(dtype))
    return Tensor._from(r)


def _float(a: jax.Array) -> jax.Array:
    return a.astype(dtype_rules.float_result(a.dtype))


def unary(name: str, impl: Callable, to_float: bool = False) -> Callable:
    """An elementwise function of one array (``impl`` an ``ops`` function or a jnp one)."""

    def f(x: Any, dtype: Any = None) -> Tensor:
        a = to_jnp(x, name)
        if to_float:
            a = _float(a)
        return _out(impl(a), [a], dtype)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}``, elementwise (computed by ``{_where(impl)}``)."
    return f


def binary(name: str, impl: Callable, to_float: bool = False) -> Callable:
    """An elementwise function of two arrays with broadcasting and MindSpore's promotion."""

    def f(x1: Any, x2: Any, dtype: Any = None) -> Tensor:
        a, b = operands(x1, x2, name)
        if to_float:
            a, b = _float(a), _float(b)
        return _out(impl(a, b), [a, b], dtype)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}``, elementwise with broadcasting (``{_where(impl)}``)."
    return f


def _where(impl: Callable) -> str:
    mod = getattr(impl, "__module__", "") or ""
    prefix = "ops" if mod.startswith("deepsink.ops") else "jax.numpy"
    return f"{prefix}.{getattr(impl, '__name__', 'function')}"


def operands(x1: Any, x2: Any, api: str) -> tuple[jax.Array, jax.Array]:
    """Two operands as arrays of one dtype: a Python number next to an array takes the
    array's dtype (float next to an int array gives Float32), arrays promote by MindSpore's
    table, two Python numbers become Int32/Float32 arrays."""
    s1 = isinstance(x1, _PY)
    s2 = isinstance(x2, _PY)
    if s1 and not s2:
        b = to_jnp(x2, api, "x2")
        return dtype_rules.scalar_operand(x1, b.dtype), b
    if s2 and not s1:
        a = to_jnp(x1, api, "x1")
        return a, dtype_rules.scalar_operand(x2, a.dtype)
    a, b = to_jnp(x1, api, "x1"), to_jnp(x2, api, "x2")
    if a.dtype != b.dtype:
        dt = dtype_rules.promote(a.dtype, b.dtype)
        a, b = a.astype(dt), b.astype(dt)
    return a, b


def _integral(fn: Callable) -> Callable:
    """``gcd``/``lcm``: float inputs are computed on their integer values, result in the float
    dtype (as MindSpore)."""

    def g(a: jax.Array, b: jax.Array) -> jax.Array:
        if a.dtype.kind == "f":
            return fn(a.astype(np.int64), b.astype(np.int64))._data.astype(a.dtype)
        return fn(a, b)

    g.__name__ = fn.__name__
    g.__module__ = fn.__module__
    return g


def _reciprocal(a: jax.Array) -> jax.Array:
    if a.dtype.kind in "iub":
        return lax.div(jnp.ones_like(a), a)  # integer 1/x truncates, as NumPy
    return 1 / a


def _exp2(a: jax.Array) -> jax.Array:
    """``2 ** a``: integer inputs stay integers (as MindSpore)."""
    return jnp.left_shift(jnp.ones_like(a), a) if a.dtype.kind in "iu" else jnp.exp2(a)


def _sign(a: jax.Array) -> jax.Array:
    """``sign``: MindSpore 2.10 returns Float32 for integer inputs."""
    return ops.sign(_float(a) if a.dtype.kind in "iu" else a)._data


def _true_divide(a: jax.Array, b: jax.Array) -> jax.Array:
    return ops.div(_float(a), _float(b))._data


def _power(a: jax.Array, b: jax.Array) -> jax.Array:
    return jnp.power(a, b)


# --- the elementwise table: name -> (implementation, float-valued) ---------------------------
_UNARY = {
    "absolute": (ops.abs, False),
    "negative": (ops.neg, False),
    "positive": (ops.positive, False),
    "sign": (_sign, False),
    "square": (ops.square, False),
    "reciprocal": (_reciprocal, False),
    "sqrt": (ops.sqrt, True),
    "cbrt": (jnp.cbrt, True),
    "exp": (ops.exp, True),
    "exp2": (_exp2, False),
    "expm1": (ops.expm1, True),
    "log": (ops.log, True),
    "log2": (ops.log2, True),
    "log10": (ops.log10, True),
    "log1p": (ops.log1p, True),
    "sin": (ops.sin, True),
    "cos": (ops.cos, True),
    "tan": (ops.tan, True),
    "arcsin": (ops.asin, True),
    "arccos": (ops.acos, True),
    "arctan": (ops.atan, True),
    "sinh": (ops.sinh, True),
    "cosh": (ops.cosh, True),
    "tanh": (ops.tanh, True),
    "arcsinh": (ops.asinh, True),
    "arccosh": (ops.acosh, True),
    "arctanh": (ops.atanh, True),
    "deg2rad": (ops.deg2rad, True),
    "rad2deg": (ops.rad2deg, True),
    "floor": (ops.floor, False),
    "ceil": (ops.ceil, False),
    "trunc": (ops.trunc, False),
    "fix": (ops.trunc, False),
    "rint": (jnp.rint, False),
    "fabs": (ops.abs, False),  # MindSpore keeps integer dtypes
    "invert": (_math_func._bitwise_not, False),
}
_BINARY = {
    "add": (ops.add, False),
    "subtract": (ops.sub, False),
    "multiply": (ops.mul, False),
    "true_divide": (_true_divide, False),
    "power": (_power, False),
    "float_power": (ops.float_power, False),
    "maximum": (ops.maximum, False),
    "minimum": (ops.minimum, False),
    "floor_divide": (ops.floor_divide, False),
    "remainder": (ops.remainder, False),
    "fmod": (ops.fmod, False),
    "arctan2": (ops.atan2, True),
    "hypot": (ops.hypot, True),
    "copysign": (ops.copysign, True),
    "heaviside": (ops.heaviside, False),
    "logaddexp": (ops.logaddexp, True),
    "logaddexp2": (ops.logaddexp2, True),
    "gcd": (_integral(ops.gcd), False),
    "lcm": (_integral(ops.lcm), False),
    "bitwise_and": (ops.bitwise_and, False),
    "bitwise_or": (ops.bitwise_or, False),
    "bitwise_xor": (ops.bitwise_xor, False),
}

# every table entry becomes a module-level function of that name (``mnp.sqrt``, ``mnp.add``...)
for _name, (_impl, _flt) in _UNARY.items():
    globals()[_name] = unary(_name, _impl, _flt)
for _name, (_impl, _flt) in _BINARY.items():
    globals()[_name] = binary(_name, _impl, _flt)

abs = absolute  # noqa: A001, F821
divide = true_divide  # noqa: F821
mod = remainder  # noqa: F821
radians = deg2rad  # noqa: F821
bitwise_not = invert  # noqa: F821


def divmod_(x1: Any, x2: Any, dtype: Any = None) -> tuple[Tensor, Tensor]:
    """``(floor_divide(x1, x2), mod(x1, x2))``."""
    return floor_divide(x1, x2, dtype), remainder(x1, x2, dtype)  # noqa: F821


def around(a: Any, decimals: int = 0) -> Tensor:
    """``a`` rounded half to even to ``decimals`` decimals."""
    return ops.round(to_jnp(a, "around", "a"), decimals=decimals)


def clip(x: Any, xmin: Any, xmax: Any, dtype: Any = None) -> Tensor:
    """``x`` limited to ``[xmin, xmax]`` (either may be None, not both)."""
    if xmin is None and xmax is None:
        fail("clip", "'xmin' and 'xmax' cannot both be None")
    a = to_jnp(x, "clip")
    lo = None if xmin is None else operands(a, xmin, "clip")[1]
    hi = None if xmax is None else operands(a, xmax, "clip")[1]
    r = a
    if lo is not None:
        r = ops.maximum(r, lo.astype(r.dtype) if r.dtype.kind == "f" else lo)._data
    if hi is not None:
        r = ops.minimum(r, hi.astype(r.dtype) if r.dtype.kind == "f" else hi)._data
    return _out(r, [a], dtype)


# --- reductions ---------------------------------------------------------------------------------
def _reducer(
    name: str, fn: Callable, *, keep_int: bool = False, widen: bool = False, nan_ok: bool = True
) -> Callable:
    def f(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False, **kw: Any):
        arr = to_jnp(a, name, "a")
        ax = axis_arg(axis, arr.ndim, name)
        r = fn(arr, axis=ax, keepdims=keepdims, **kw)
        r = r._data if isinstance(r, Tensor) else r
        if keep_int and arr.dtype.kind in "iub" and r.dtype.kind == "f":
            r = r.astype(arr.dtype if arr.dtype.kind != "b" else INT)
        elif not widen:
            r = narrow(r, [arr])
        if dtype is not None:
            r = r.astype(np_dtype(dtype, name))
        return Tensor._from(r)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}`` reduction over ``axis`` (all axes by default)."
    return f


def sum(
    a: Any,
    axis: Any = None,
    dtype: Any = None,
    keepdims: bool = False,  # noqa: A001
    initial: Any = None,
) -> Tensor:
    """The sum over ``axis``; ints and bools sum to Int64 (as ``ops.sum``)."""
    arr = to_jnp(a, "sum", "a")
    ax = axis_arg(axis, arr.ndim, "sum")
    dt = np_dtype(dtype, "sum") or dtype_rules.sum_dtype(arr.dtype)
    r = ops.sum(arr.astype(dt), ax, keepdims)._data.astype(dt)
    if initial is not None:
        r = r + np.asarray(initial, dt)
    return Tensor._from(r)


def mean(a: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Tensor:
    """The mean over ``axis`` (int inputs keep their dtype, as MindSpore)."""
    arr = to_jnp(a, "mean", "a")
    ax = axis_arg(axis, arr.ndim, "mean")
    r = ops.mean(_float(arr), ax, keepdims)._data
    if arr.dtype.kind in "iu":
        r = r.astype(arr.dtype)
    return _out(r, [arr], dtype)


def _var_std(name: str, fn: Callable) -> Callable:
    def f(x: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
        arr = _float(to_jnp(x, name))
        ax = axis_arg(axis, arr.ndim, name)
        return _out(fn(arr, axis=ax, ddof=ddof, keepdims=keepdims), [arr], None)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}`` over ``axis`` (``ddof`` the delta degrees of freedom)."
    return f


var = _var_std("var", ops.var)
std = _var_std("std", ops.std)
nanvar = _var_std("nanvar", jnp.nanvar)
nanstd = _var_std("nanstd", jnp.nanstd)


def _minmax(name: str, fn: Callable) -> Callable:
    def f(
        a: Any, axis: Any = None, keepdims: bool = False, initial: Any = None, where: Any = True
    ) -> Tensor:
        arr = to_jnp(a, name, "a")
        ax = axis_arg(axis, arr.ndim, name)
        w = None if where is True else to_jnp(where, name, "where").astype(bool)
        if w is not None and initial is None:
            fail(name, "reduction operation with 'where' requires 'initial'")
        return fn(arr, axis=ax, keepdims=keepdims, initial=initial, where=w)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}`` over ``axis`` (``initial``/``where`` as NumPy)."
    return f


amax = max = _minmax("amax", ops.amax)  # noqa: A001
amin = min = _minmax("amin", ops.amin)  # noqa: A001
nanmax = _reducer("nanmax", jnp.nanmax)
nanmin = _reducer("nanmin", jnp.nanmin)
nansum = _reducer("nansum", ops.nansum)
nanmean = _reducer("nanmean", ops.nanmean)


def ptp(x: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    """The range ``max - min`` over ``axis``."""
    arr = to_jnp(x, "ptp")
    ax = axis_arg(axis, arr.ndim, "ptp")
    return ops.sub(ops.amax(arr, ax, keepdims), ops.amin(arr, ax, keepdims))


def _arg(name: str, fn: Callable, out: np.dtype) -> Callable:
    def f(a: Any, axis: int | None = None) -> Tensor:
        arr = to_jnp(a, name, "a")
        return Tensor._from(fn(arr, axis_arg(axis, arr.ndim, name))._data.astype(out))

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"The index of the {name[3:]}imum over ``axis`` (flattened when None)."
    return f


argmax = _arg("argmax", ops.argmax, np.dtype(np.int64))
argmin = _arg("argmin", ops.argmin, INT)


def count_nonzero(x: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    """The number of non-zero values over ``axis`` (Int32)."""
    arr = to_jnp(x, "count_nonzero")
    ax = axis_arg(axis, arr.ndim, "count_nonzero")
    return ops.count_nonzero(arr, ax, keepdims)


def average(x: Any, axis: Any = None, weights: Any = None, returned: bool = False) -> Any:
    """The (weighted) mean over ``axis``; with ``returned`` also the sum of weights."""
    arr = to_jnp(x, "average")
    ax = axis_arg(axis, arr.ndim, "average")
    w = None if weights is None else to_jnp(weights, "average", "weights")
    if w is not None and w.shape != arr.shape:
        if ax is None:
            fail(
                "average",
                "'axis' must be specified when shapes of 'x' and 'weights' differ",
                TypeError,
            )
        if w.ndim != 1 or not isinstance(ax, int) or w.shape[0] != arr.shape[ax]:
            fail("average", "length of 'weights' not compatible with specified axis")
    fa = _float(arr) if w is None else arr
    r = jnp.average(fa, axis=ax, weights=w, returned=returned)
    if returned:
        avg, sw = r
        return (
            _out(avg, [arr] + ([w] if w is not None else []), None),
            _out(sw, [arr] + ([w] if w is not None else []), None),
        )
    if w is None and arr.dtype.kind in "iu":
        r = r.astype(arr.dtype)
    return _out(r, [arr] + ([w] if w is not None else []), None)


def _cum_dtype(dt: np.dtype, unsigned_keeps: bool) -> np.dtype:
    """Bools and ints narrower than 32 bits accumulate in Int32 (UInt32 for unsigned ones in
    ``cumprod``), as MindSpore 2.10 (and NumPy's widening to the platform int)."""
    if dt.kind == "b" or (dt.kind in "iu" and dt.itemsize < 4):
        return np.dtype(np.uint32) if unsigned_keeps and dt.kind == "u" else INT
    return dt


def _cum(name: str, fn: Callable) -> Callable:
    def f(a: Any, axis: int | None = None, dtype: Any = None) -> Tensor:
        arr = to_jnp(a, name, "a")
        ax = axis_arg(axis, arr.ndim, name)
        arr = arr.astype(_cum_dtype(arr.dtype, name == "cumprod"))
        if ax is None:
            arr, ax = arr.reshape(-1), 0
        return _out(fn(arr, ax, arr.dtype), [arr], dtype)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}`` along ``axis`` (flattened when None)."
    return f


cumsum = _cum("cumsum", ops.cumsum)
cumprod = _cum("cumprod", ops.cumprod)
nancumsum = _cum("nancumsum", jnp.nancumsum)


# --- products -----------------------------------------------------------------------------------
def _promoted(fn: Callable, name: str) -> Callable:
    def f(a: Any, b: Any, *args: Any, **kw: Any) -> Tensor:
        x, y = operands(to_jnp(a, name, "a"), to_jnp(b, name, "b"), name)
        return _out(fn(x, y, *args, **kw), [x, y], None)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"NumPy's ``{name}`` (``{_where(fn)}``)."
    return f


dot = _promoted(jnp.dot, "dot")


def _inner(a: jax.Array, b: jax.Array) -> Tensor:
    if a.ndim and b.ndim and a.shape[-1] != b.shape[-1]:
        fail("inner", f"the last dimensions of 'a' {a.shape} and 'b' {b.shape} must match")
    return ops.inner(a, b)


_inner.__module__ = ops.inner.__module__
inner = _promoted(_inner, "inner")
outer = _promoted(ops.outer, "outer")
kron = _promoted(ops.kron, "kron")


def matmul(x1: Any, x2: Any, dtype: Any = None) -> Tensor:
    """The matrix product (``ops.matmul``)."""
    a, b = operands(to_jnp(x1, "matmul", "x1"), to_jnp(x2, "matmul", "x2"), "matmul")
    if a.ndim == 0 or b.ndim == 0:
        fail("matmul", "'x1' and 'x2' must not be scalars")
    return _out(ops.matmul(a, b), [a, b], dtype)


def tensordot(a: Any, b: Any, axes: Any = 2) -> Tensor:
    """The sum of products over ``axes`` (an int N: the last N of ``a`` with the first N of
    ``b``; or a pair of axis lists)."""
    x, y = operands(to_jnp(a, "tensordot", "a"), to_jnp(b, "tensordot", "b"), "tensordot")
    if isinstance(axes, list | tuple) and len(axes) == 2:
        axes = tuple(tuple(v) if isinstance(v, list | tuple) else (v,) for v in axes)
    return _out(ops.tensor_dot(x, y, axes), [x, y], None)


def cross(
    a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: int | None = None
) -> Tensor:
    """The cross product of 2- or 3-vectors."""
    x, y = operands(to_jnp(a, "cross", "a"), to_jnp(b, "cross", "b"), "cross")
    return _out(jnp.cross(x, y, axisa, axisb, axisc, axis), [x, y], None)


def multi_dot(arrays: Any) -> Tensor:
    """The chained matrix product of ``arrays`` (in the cheapest order)."""
    arrs = [to_jnp(a, "multi_dot", "arrays") for a in arrays]
    if len(arrs) < 2:
        fail("multi_dot", "expecting at least two arrays")
    dt = dtype_rules.promote(*[a.dtype for a in arrs])
    return _out(jnp.linalg.multi_dot([a.astype(dt) for a in arrs]), arrs, None)


def matrix_power(a: Any, n: int) -> Tensor:
    """The square matrix ``a`` raised to the integer power ``n``."""
    arr = to_jnp(a, "matrix_power", "a")
    if isinstance(n, builtins.bool) or not isinstance(n, int):
        fail("matrix_power", f"'n' must be an int, but got {n!r}", TypeError)
    if arr.ndim < 2 or arr.shape[-1] != arr.shape[-2]:
        fail("matrix_power", f"'a' must be square matrices, but got shape {arr.shape}")
    return ops.matrix_power(arr, n)


def norm(x: Any, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Tensor:  # noqa: A002
    """The vector or matrix norm (NumPy's ``linalg.norm``)."""
    arr = _float(to_jnp(x, "norm"))
    if isinstance(axis, list):
        axis = tuple(axis)
    return ops.norm(arr, ord, axis, keepdims)


# --- differences, integrals, statistics ---------------------------------------------------------
def diff(a: Any, n: int = 1, axis: int = -1, prepend: Any = None, append: Any = None) -> Tensor:
    """The ``n``-th discrete difference along ``axis``."""
    arr = to_jnp(a, "diff", "a")
    if isinstance(n, builtins.bool) or not isinstance(n, int) or n < 0:
        fail("diff", f"'n' must be a non-negative int, but got {n!r}", TypeError)
    axis_arg(axis, arr.ndim, "diff")
    pre = None if prepend is None else to_jnp(prepend, "diff", "prepend")
    app = None if append is None else to_jnp(append, "diff", "append")
    return ops.diff(arr, n, axis, pre, app)


def ediff1d(ary: Any, to_end: Any = None, to_begin: Any = None) -> Tensor:
    """The differences of the flattened ``ary``, with optional values around them."""
    arr = to_jnp(ary, "ediff1d", "ary")
    conv = [
        None if v is None else to_jnp(v, "ediff1d").astype(arr.dtype).reshape(-1)
        for v in (to_end, to_begin)
    ]
    return Tensor._from(jnp.ediff1d(arr, conv[0], conv[1]))


def trapz(y: Any, x: Any = None, dx: float = 1.0, axis: int = -1) -> Tensor:
    """The integral of ``y`` by the trapezoidal rule."""
    a = _float(to_jnp(y, "trapz", "y"))
    xs = None if x is None else to_jnp(x, "trapz", "x")
    return _out(ops.trapz(a, xs, dx=dx, dim=axis), [a], None)


def gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: int = 1) -> Any:
    """The gradient of ``f`` by central differences (one Tensor per axis)."""
    arr = _float(to_jnp(f, "gradient", "f"))
    if edge_order != 1:
        fail(
            "gradient",
            f"only 'edge_order' 1 is supported, but got {edge_order}",
            NotImplementedError,
        )
    sp = [to_jnp(v) if isinstance(v, Tensor | list | tuple) else v for v in varargs]
    ax = axis_arg(axis, arr.ndim, "gradient")
    r = jnp.gradient(arr, *sp, axis=ax)
    if isinstance(r, list | tuple):
        r = [narrow(v, [arr]).astype(arr.dtype) for v in r]
        return r[0] if len(r) == 1 else to_tensor(r)
    return Tensor._from(narrow(r, [arr]).astype(arr.dtype))


def cov(
    m: Any,
    y: Any = None,
    rowvar: bool = True,
    bias: bool = False,
    ddof: Any = None,
    fweights: Any = None,
    aweights: Any = None,
    dtype: Any = None,
) -> Tensor:
    """The covariance matrix of the variables in ``m`` (and ``y``)."""
    a = _float(to_jnp(m, "cov", "m"))
    ys = None if y is None else _float(to_jnp(y, "cov", "y"))
    fw = None if fweights is None else to_jnp(fweights, "cov", "fweights")
    aw = None if aweights is None else to_jnp(aweights, "cov", "aweights")
    r = jnp.cov(a, ys, rowvar, bias, ddof, fw, aw)
    return _out(r, [a], dtype)


def corrcoef(x: Any, y: Any = None, rowvar: bool = True, dtype: Any = None) -> Tensor:
    """Pearson correlation coefficients."""
    a = _float(to_jnp(x, "corrcoef", "x"))
    ys = None if y is None else _float(to_jnp(y, "corrcoef", "y"))
    return _out(jnp.corrcoef(a, ys, rowvar), [a], dtype)


def _conv(name: str, fn: Callable) -> Callable:
    def f(a: Any, v: Any, mode: str = "full" if name == "convolve" else "valid") -> Tensor:
        x, y = operands(to_jnp(a, name, "a"), to_jnp(v, name, "v"), name)
        if mode not in ("full", "same", "valid"):
            fail(name, f"'mode' must be 'full', 'same' or 'valid', but got {mode!r}")
        x, y = jnp.atleast_1d(x), jnp.atleast_1d(y)
        if x.ndim != 1 or y.ndim != 1:
            fail(name, "'a' and 'v' must be 1-D")
        if x.size == 0 or y.size == 0:
            fail(name, "'a' and 'v' must not be empty")
        return _out(fn(x, y, mode), [x, y], None)

    f.__name__ = f.__qualname__ = name
    f.__module__ = "deepsink.numpy"
    f.__doc__ = f"The discrete linear {'convolution' if name == 'convolve' else 'correlation'}."
    return f


convolve = _conv("convolve", jnp.convolve)
correlate = _conv("correlate", jnp.correlate)


def interp(x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None) -> Tensor:
    """One-dimensional linear interpolation at ``x`` of the points ``(xp, fp)`` (Float32)."""
    a, b, c = (_float(to_jnp(v, "interp", n)) for v, n in ((x, "x"), (xp, "xp"), (fp, "fp")))
    r = jnp.interp(a, b, c)
    # left/right applied here: jax.numpy.interp given only ``right`` fills the left side too
    if left is not None:
        r = jnp.where(a < b[0], jnp.asarray(left, r.dtype), r)
    if right is not None:
        r = jnp.where(a > b[-1], jnp.asarray(right, r.dtype), r)
    return _out(r, [a, b, c], None)


def _hist_bins(bins: Any) -> Any:
    return to_jnp(bins) if isinstance(bins, Tensor | list | tuple) else bins


def histogram(
    a: Any,
    bins: Any = 10,
    range: Any = None,
    weights: Any = None,  # noqa: A002
    density: bool = False,
) -> tuple[Tensor, Tensor]:
    """Counts (Float32) and bin edges of ``a``'s values."""
    arr = _float(to_jnp(a, "histogram", "a"))
    w = None if weights is None else to_jnp(weights, "histogram", "weights")
    h, e = jnp.histogram(arr, _hist_bins(bins), range, w, density)
    return Tensor._from(h.astype(FLOAT)), Tensor._from(e.astype(FLOAT))


def histogram2d(
    x: Any,
    y: Any,
    bins: Any = 10,
    range: Any = None,
    weights: Any = None,  # noqa: A002
    density: bool = False,
) -> tuple[Tensor, Tensor, Tensor]:
    """The 2-D histogram of ``(x, y)`` and both axes' edges (Float32)."""
    a, b = _float(to_jnp(x, "histogram2d", "x")), _float(to_jnp(y, "histogram2d", "y"))
    w = None if weights is None else to_jnp(weights, "histogram2d", "weights")
    if isinstance(bins, list | tuple):
        bins = [_hist_bins(v) for v in bins]
    h, ex, ey = jnp.histogram2d(
        a, b, _hist_bins(bins) if not isinstance(bins, list) else bins, range, w, density
    )
    return tuple(Tensor._from(v.astype(FLOAT)) for v in (h, ex, ey))


def histogramdd(
    sample: Any,
    bins: Any = 10,
    range: Any = None,
    weights: Any = None,  # noqa: A002
    density: bool = False,
) -> tuple[Tensor, list[Tensor]]:
    """The D-dimensional histogram of ``sample`` (N points x D) and each axis' edges."""
    s = sample
    if isinstance(s, list | tuple) and s and isinstance(s[0], Tensor):
        s = jnp.stack([to_jnp(v) for v in s], axis=-1)
    arr = _float(to_jnp(s, "histogramdd", "sample"))
    w = None if weights is None else to_jnp(weights, "histogramdd", "weights")
    if isinstance(bins, list | tuple):
        bins = [_hist_bins(v) for v in bins]
    h, edges = jnp.histogramdd(arr, bins, range, w, density)
    return Tensor._from(h.astype(FLOAT)), [Tensor._from(e.astype(FLOAT)) for e in edges]


def bincount(x: Any, weights: Any = None, minlength: int = 0, length: int | None = None) -> Tensor:
    """Counts of each non-negative int in ``x`` (Float32, as MindSpore 2.10)."""
    arr = to_jnp(x, "bincount")
    if arr.dtype.kind not in "iu":
        fail("bincount", f"'x' must be an int array, but got {arr.dtype}", TypeError)
    if arr.ndim != 1:
        fail("bincount", f"'x' must be 1-D, but got {arr.ndim}-D")
    w = None if weights is None else to_jnp(weights, "bincount", "weights")
    if length is None:
        if isinstance(arr, jax.core.Tracer):
            fail("bincount", "'length' is required inside jit", ValueError)
        if arr.size and int(jnp.min(arr)) < 0:
            fail("bincount", "'x' must be non-negative")
        length = builtins.max(int(jnp.max(arr)) + 1 if arr.size else 0, minlength)
    return Tensor._from(jnp.bincount(arr, w, minlength, length=length).astype(FLOAT))


def digitize(x: Any, bins: Any, right: bool = False) -> Tensor:
    """The index of the bin each value of ``x`` falls in (Int32)."""
    a, b = to_jnp(x, "digitize"), to_jnp(bins, "digitize", "bins")
    return Tensor._from(jnp.digitize(a, b, right).astype(INT))


def searchsorted(a: Any, v: Any, side: str = "left", sorter: Any = None) -> Tensor:
    """Where ``v``'s values would be inserted into sorted ``a`` (Int32)."""
    if side not in ("left", "right"):
        fail("searchsorted", f"'side' must be 'left' or 'right', but got {side!r}")
    arr, vals = to_jnp(a, "searchsorted", "a"), to_jnp(v, "searchsorted", "v")
    if sorter is not None:
        arr = arr[to_jnp(sorter)]
    return Tensor._from(jnp.searchsorted(arr, vals.astype(arr.dtype), side).astype(INT))


def unwrap(p: Any, discont: float = 3.141592653589793, axis: int = -1) -> Tensor:
    """``p`` with jumps larger than ``discont`` replaced by their ``2 pi`` complement."""
    arr = _float(to_jnp(p, "unwrap", "p"))
    return _out(jnp.unwrap(arr, discont, axis), [arr], None)


# --- polynomials --------------------------------------------------------------------------------
def _poly(fn: Callable) -> Callable:
    def g(a: jax.Array, b: jax.Array) -> jax.Array:
        return fn(jnp.atleast_1d(a), jnp.atleast_1d(b))

    g.__name__ = fn.__name__
    return g


polyadd = _promoted(_poly(jnp.polyadd), "polyadd")
polysub = _promoted(_poly(jnp.polysub), "polysub")
polymul = _promoted(_poly(jnp.polymul), "polymul")


def polyval(p: Any, x: Any) -> Tensor:
    """The polynomial with coefficients ``p`` (highest first) at ``x`` (Float32)."""
    c, xs = _float(to_jnp(p, "polyval", "p")), _float(to_jnp(x, "polyval", "x"))
    return _out(jnp.polyval(c, xs), [c, xs], None)


def polyder(p: Any, m: int = 1) -> Tensor:
    """The ``m``-th derivative of the polynomial ``p``."""
    if isinstance(m, builtins.bool) or not isinstance(m, int) or m < 0:
        fail("polyder", f"'m' must be a non-negative int, but got {m!r}", ValueError)
    c = to_jnp(p, "polyder", "p")
    return _out(jnp.polyder(c, m), [c], None)


def polyint(p: Any, m: int = 1, k: Any = None) -> Tensor:
    """The ``m``-th antiderivative of the polynomial ``p`` (constants ``k``), Float32."""
    if isinstance(m, builtins.bool) or not isinstance(m, int) or m < 0:
        fail("polyint", f"'m' must be a non-negative int, but got {m!r}", ValueError)
    c = _float(to_jnp(p, "polyint", "p"))
    kk = 0 if k is None else (to_jnp(k).astype(c.dtype) if not isinstance(k, int | float) else k)
    return _out(jnp.polyint(c, m, kk), [c], None)


__all__ = public(globals(), __name__, ("unary", "binary", "operands", "divmod_"))
