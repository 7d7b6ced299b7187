"""``mindspore.numpy``'s array creation: ``array``, ``ones``, ``arange``, windows, grids, ...

Defaults are MindSpore numpy's: floats Float32, Python ints Int32 (``mnp.arange(5)`` is Int32,
``mnp.full((2,), 1)`` Int32, ``mnp.ones(3)`` Float32). Random arrays draw from deepsink's
global key (``set_seed``), so they follow the seed like ``ops`` randomness.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import random as _random
from deepsink.common.tensor import Tensor
from deepsink.numpy.utils import (
    FLOAT,
    INT,
    fail,
    jnp_func,
    narrow,
    np_dtype,
    np_func,
    public,
    to_jnp,
    to_tensor,
)
from deepsink.ops.function import random_func as RF


def shape_arg(shape: Any, api: str) -> tuple[int, ...]:
    """A shape argument (int, list/tuple of ints, or a 1-D int Tensor) checked as MindSpore:
    TypeError for other types, ValueError for negative sizes."""
    if isinstance(shape, Tensor):
        shape = tuple(int(v) for v in np.asarray(shape._data).reshape(-1))
    if isinstance(shape, int | np.integer) and not isinstance(shape, builtins.bool):
        shape = (int(shape),)
    if not isinstance(shape, list | tuple) or not all(
        isinstance(s, int | np.integer) and not isinstance(s, builtins.bool) for s in shape
    ):
        fail(
            api,
            f"only int, tuple, list and tensor are allowed for shape, but got {shape!r}",
            TypeError,
        )
    if any(s < 0 for s in shape):
        fail(api, f"each entry in shape should be no less than 0, but got {tuple(shape)}")
    return tuple(int(s) for s in shape)


def _filled(api: str, shape: Any, value: Any, dtype: Any, default: np.dtype) -> Tensor:
    dt = np_dtype(dtype, api) or default
    return Tensor._from(jnp.full(shape_arg(shape, api), value, dt))


# --- from data ----------------------------------------------------------------------------------
def array(obj: Any, dtype: Any = None, copy: bool = True, ndmin: int = 0) -> Tensor:
    """A Tensor from array-like data. ``copy=False`` returns a Tensor ``obj`` itself when no
    cast or added dimension is needed, as MindSpore does."""
    if (
        not copy
        and isinstance(obj, Tensor)
        and ndmin <= obj.ndim
        and (dtype is None or np_dtype(dtype, "array") == obj._data.dtype)
    ):
        return obj
    a = to_jnp(obj, "array", "obj", dtype)
    if ndmin > a.ndim:
        a = a.reshape((1,) * (ndmin - a.ndim) + a.shape)
    return Tensor._from(a)


def asarray(a: Any, dtype: Any = None) -> Tensor:
    """``a`` as a Tensor (a Tensor of the same dtype is returned as is)."""
    if isinstance(a, Tensor) and (dtype is None or np_dtype(dtype, "asarray") == a._data.dtype):
        return a
    return Tensor._from(to_jnp(a, "asarray", "a", dtype))


def asfarray(a: Any, dtype: Any = None) -> Tensor:
    """``a`` as a float Tensor (Float32 unless ``dtype`` is a float type)."""
    dt = np_dtype(dtype, "asfarray") if dtype is not None else FLOAT
    if dt.kind != "f":
        dt = FLOAT
    return Tensor._from(to_jnp(a, "asfarray", "a").astype(dt))


def copy(a: Any) -> Tensor:
    """A copy of ``a``."""
    return Tensor._from(jnp.array(to_jnp(a, "copy", "a"), copy=True))


# --- filled -------------------------------------------------------------------------------------
def ones(shape: Any, dtype: Any = None) -> Tensor:
    """A Tensor of ones (Float32 by default)."""
    return _filled("ones", shape, 1, dtype, FLOAT)


def zeros(shape: Any, dtype: Any = None) -> Tensor:
    """A Tensor of zeros (Float32 by default)."""
    return _filled("zeros", shape, 0, dtype, FLOAT)


def empty(shape: Any, dtype: Any = None) -> Tensor:
    """An uninitialized Tensor: deepsink gives zeros (XLA has no uninitialized memory)."""
    return _filled("empty", shape, 0, dtype, FLOAT)


def full(shape: Any, fill_value: Any, dtype: Any = None) -> Tensor:
    """A Tensor filled with ``fill_value`` (dtype from the value: int -> Int32, float ->
    Float32), or broadcast ``fill_value`` when it is an array."""
    v = to_jnp(fill_value, "full", "fill_value")
    dt = np_dtype(dtype, "full") or v.dtype
    return Tensor._from(jnp.broadcast_to(v.astype(dt), shape_arg(shape, "full")))


def _like(api: str, a: Any, value: Any, dtype: Any, shape: Any) -> Tensor:
    arr = to_jnp(a, api, "a")
    dt = np_dtype(dtype, api) or arr.dtype
    shp = shape_arg(shape, api) if shape is not None else arr.shape
    return Tensor._from(jnp.full(shp, value, dt))


def ones_like(a: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    """Ones with ``a``'s shape and dtype."""
    return _like("ones_like", a, 1, dtype, shape)


def zeros_like(a: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    """Zeros with ``a``'s shape and dtype."""
    return _like("zeros_like", a, 0, dtype, shape)


def empty_like(prototype: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    """Zeros with ``prototype``'s shape and dtype (see :func:`empty`)."""
    return _like("empty_like", prototype, 0, dtype, shape)


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    """``fill_value`` with ``a``'s shape and dtype."""
    arr = to_jnp(a, "full_like", "a")
    dt = np_dtype(dtype, "full_like") or arr.dtype
    shp = shape_arg(shape, "full_like") if shape is not None else arr.shape
    v = to_jnp(fill_value, "full_like", "fill_value").astype(dt)
    return Tensor._from(jnp.broadcast_to(v, shp))


# --- ranges -------------------------------------------------------------------------------------
def _num(v: Any, api: str, arg: str) -> Any:
    if isinstance(v, Tensor):
        v = v._data
    if isinstance(v, jax.Array | np.ndarray | np.generic):
        if np.ndim(v) != 0:
            fail(api, f"'{arg}' must be a scalar, but got shape {np.shape(v)}", TypeError)
        return v.item() if not isinstance(v, jax.core.Tracer) else v
    if not isinstance(v, int | float):
        fail(api, f"'{arg}' must be an int or float, but got {type(v).__name__} {v!r}", TypeError)
    return v


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Tensor:
    """Evenly spaced values in ``[start, stop)``: Int32 for int bounds, Float32 otherwise (a
    Tensor bound is read as a float). ``stop=None`` counts from 0 to ``start``; a ``step`` of 0
    or an empty range raise, as in MindSpore."""
    floaty = any(isinstance(v, Tensor | float) for v in (start, stop, step))
    args = [
        _num(v, "arange", n)
        for n, v in (("start", start), ("stop", stop), ("step", step))
        if v is not None
    ]
    if step is not None and args[-1] == 0:
        raise ZeroDivisionError(f"For 'arange', 'step' must not be 0, but got {step!r}")
    if stop is None and step is not None:  # arange(start, None, step): from 0 to start
        args = [0, args[0], args[1]]
    dt = np_dtype(dtype, "arange") or (FLOAT if floaty else INT)
    out = jnp.arange(*args, dtype=dt)
    if out.size == 0:
        raise ValueError(
            f"For 'arange', the range is empty (start {start!r}, stop {stop!r}, step {step!r}): "
            "zero shape Tensor is not currently supported."
        )
    return Tensor._from(out)


def linspace(
    start: Any,
    stop: Any,
    num: int = 50,
    endpoint: bool = True,
    retstep: bool = False,
    dtype: Any = None,
    axis: int = 0,
) -> Any:
    """``num`` evenly spaced values from ``start`` to ``stop`` (Float32)."""
    if isinstance(num, builtins.bool) or not isinstance(num, int):
        fail("linspace", f"'num' must be an int, but got {num!r}", TypeError)
    if num <= 0:
        fail(
            "linspace", f"'num' must be positive (cannot support Tensor with num=0), but got {num}"
        )
    dt = np_dtype(dtype, "linspace") or FLOAT
    s, e = to_jnp(start, "linspace", "start"), to_jnp(stop, "linspace", "stop")
    r = jnp.linspace(
        s.astype(jnp.float64),
        e.astype(jnp.float64),
        num,
        endpoint=endpoint,
        retstep=retstep,
        axis=axis,
    )
    if retstep:
        return Tensor._from(r[0].astype(dt)), Tensor._from(jnp.asarray(r[1]).astype(dt))
    return Tensor._from(r.astype(dt))


def logspace(
    start: Any,
    stop: Any,
    num: int = 50,
    endpoint: bool = True,
    base: float = 10.0,
    dtype: Any = None,
    axis: int = 0,
) -> Tensor:
    """``base ** linspace(start, stop, num)`` (Float32)."""
    dt = np_dtype(dtype, "logspace") or FLOAT
    r = jnp.logspace(
        to_jnp(start).astype(jnp.float64),
        to_jnp(stop).astype(jnp.float64),
        num,
        endpoint=endpoint,
        base=base,
        axis=axis,
    )
    return Tensor._from(r.astype(dt))


def geomspace(
    start: Any, stop: Any, num: int = 50, endpoint: bool = True, dtype: Any = None, axis: int = 0
) -> Tensor:
    """Numbers spaced evenly on a log scale from ``start`` to ``stop`` (Float32)."""
    dt = np_dtype(dtype, "geomspace") or FLOAT
    r = jnp.geomspace(
        to_jnp(start).astype(jnp.float64),
        to_jnp(stop).astype(jnp.float64),
        num,
        endpoint=endpoint,
        axis=axis,
    )
    return Tensor._from(r.astype(dt))


# --- matrices -----------------------------------------------------------------------------------
def eye(N: int, M: int | None = None, k: int = 0, dtype: Any = None) -> Tensor:  # noqa: N803
    """An ``N x M`` matrix with ones on diagonal ``k`` (Float32 by default)."""
    for name, v in (("N", N), ("M", M), ("k", k)):
        if v is not None and (isinstance(v, builtins.bool) or not isinstance(v, int)):
            fail("eye", f"'{name}' must be an int, but got {v!r}", TypeError)
    return Tensor._from(jnp.eye(N, M, k, dtype=np_dtype(dtype, "eye") or FLOAT))


def identity(n: int, dtype: Any = None) -> Tensor:
    """The ``n x n`` identity (Float32 by default)."""
    return eye(n, dtype=dtype)


def tri(N: int, M: int | None = None, k: int = 0, dtype: Any = None) -> Tensor:  # noqa: N803
    """Ones at and below diagonal ``k`` (Float32 by default)."""
    return Tensor._from(jnp.tri(N, M, k, dtype=np_dtype(dtype, "tri") or FLOAT))


def _tril_triu(api: str, fn: Any):
    def f(m: Any, k: int = 0) -> Tensor:
        a = to_jnp(m, api, "m")
        if a.ndim < 1:
            fail(api, f"'m' must be at least 1-D, but got a {a.ndim}-D array")
        return Tensor._from(fn(a, k))

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"NumPy's ``{api}``: the {'lower' if api == 'tril' else 'upper'} triangle."
    return f


tril = _tril_triu("tril", jnp.tril)
triu = _tril_triu("triu", jnp.triu)


def _indices(api: str, fn: Any):
    def f(*args, **kwargs):
        args = [to_jnp(a, api, "arr") if isinstance(a, Tensor) else a for a in args]
        return to_tensor(tuple(v.astype(INT) for v in fn(*args, **kwargs)))

    f.__name__ = f.__qualname__ = api
    f.__doc__ = f"NumPy's ``{api}`` (Int32 index arrays)."
    return f


def _tri_indices(api: str, n: Any, k: Any, m: Any, upper: bool) -> tuple[Tensor, Tensor]:
    """Row and column indices of the triangle: ``n`` and ``m`` may be floats (rounded up, as
    NumPy), ``k`` a float offset (column ``j`` is in the lower triangle of row ``i`` when
    ``j <= i + k``); an empty result is Float32, as MindSpore builds it from empty lists."""
    for arg, v in (("n", n), ("k", k), ("m", m)):
        if v is not None and not isinstance(v, int | float):
            raise TypeError(f"For '{api}', input {arg} must be a number, but got {v!r}.")
    rows = max(0, math.ceil(n))
    cols = rows if m is None else max(0, math.ceil(m))
    i, j = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    keep = j >= i + k if upper else j <= i + k
    if not keep.any():
        return Tensor._from(jnp.zeros(0, FLOAT)), Tensor._from(jnp.zeros(0, FLOAT))
    return Tensor._from(jnp.asarray(i[keep], INT)), Tensor._from(jnp.asarray(j[keep], INT))


def tril_indices(n: Any, k: Any = 0, m: Any = None) -> tuple[Tensor, Tensor]:
    """The indices of the lower triangle of an ``n x m`` array (Int32)."""
    return _tri_indices("tril_indices", n, k, m, False)


def triu_indices(n: Any, k: Any = 0, m: Any = None) -> tuple[Tensor, Tensor]:
    """The indices of the upper triangle of an ``n x m`` array (Int32)."""
    return _tri_indices("triu_indices", n, k, m, True)


tril_indices_from = _indices("tril_indices_from", jnp.tril_indices_from)
triu_indices_from = _indices("triu_indices_from", jnp.triu_indices_from)
diag_indices = _indices("diag_indices", jnp.diag_indices)


def diag(v: Any, k: int = 0) -> Tensor:
    """The ``k``-th diagonal of a 2-D ``v``, or a 2-D array with 1-D ``v`` on it."""
    a = to_jnp(v, "diag", "v")
    if a.ndim not in (1, 2):
        fail("diag", f"'v' must be 1-D or 2-D, but got {a.ndim}-D")
    return Tensor._from(jnp.diag(a, k))


diagflat = jnp_func("diagflat", ("v",))
diagonal = jnp_func("diagonal", ("a",))
trace = np_func(
    "trace",
    lambda a, offset=0, axis1=0, axis2=1, dtype=None: jnp.trace(
        a, offset, axis1, axis2, dtype=np_dtype(dtype)
    ),
    ("a",),
)
vander = jnp_func("vander", ("x",))


def indices(dimensions: Any, dtype: Any = None, sparse: bool = False) -> Any:
    """Index grids for an array of shape ``dimensions`` (Int32), as a list of Tensors."""
    r = jnp.indices(shape_arg(dimensions, "indices"), np_dtype(dtype) or INT, sparse=sparse)
    return [Tensor._from(v) for v in r]


def ix_(*args: Any) -> tuple[Tensor, ...]:
    """Open mesh from 1-D sequences (for cross indexing)."""
    return to_tensor(tuple(jnp.ix_(*[to_jnp(a, "ix_", "args") for a in args])))


def meshgrid(*xi: Any, sparse: bool = False, indexing: str = "xy") -> list[Tensor]:
    """Coordinate matrices from coordinate vectors; an input of another rank is flattened first
    (a scalar is a vector of one), and any empty input gives Float32 ones of the grid's shape, as
    in MindSpore."""
    if not isinstance(sparse, builtins.bool):
        fail("meshgrid", f"'sparse' must be a bool, but got {sparse!r}", TypeError)
    if indexing not in ("xy", "ij"):
        fail("meshgrid", f"'indexing' must be 'xy' or 'ij', but got {indexing!r}", TypeError)
    arrs = [to_jnp(a, "meshgrid", "xi").reshape(-1) for a in xi]
    if any(a.size == 0 for a in arrs):
        return ones(tuple(a.size for a in arrs))
    return [Tensor._from(v) for v in jnp.meshgrid(*arrs, sparse=sparse, indexing=indexing)]


class _Grid:
    """``mgrid``/``ogrid``: ``mnp.mgrid[0:2, 0:3]`` (Int32 for int steps, Float32 otherwise)."""

    def __init__(self, grid: Any, sparse: bool) -> None:
        self._grid, self._sparse = grid, sparse

    def __getitem__(self, key: Any) -> Any:
        keys = key if isinstance(key, tuple) else (key,)
        floaty = any(
            isinstance(getattr(s, n), float | complex)
            for s in keys
            for n in ("start", "stop", "step")
        )
        r = self._grid[key]
        dt = FLOAT if floaty else INT
        if isinstance(r, list | tuple):
            return [Tensor._from(v.astype(dt)) for v in r]
        return Tensor._from(r.astype(dt))


mgrid = _Grid(jnp.mgrid, False)
ogrid = _Grid(jnp.ogrid, True)


# --- windows ------------------------------------------------------------------------------------
def _window(name: str):
    fn = getattr(jnp, name)

    def f(M: int) -> Tensor:  # noqa: N803
        if isinstance(M, builtins.bool) or not isinstance(M, int):
            fail(name, f"'M' must be an int, but got {M!r}", TypeError)
        if M < 1:  # an empty window for a size below one, as NumPy and MindSpore
            return Tensor._from(jnp.zeros(0, FLOAT))
        return Tensor._from(fn(M).astype(FLOAT))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"The {name} window of ``M`` points (Float32)."
    return f


bartlett = _window("bartlett")
blackman = _window("blackman")
hamming = _window("hamming")
hanning = _window("hanning")


# --- padding and bins ---------------------------------------------------------------------------
def pad(array: Any, pad_width: Any, mode: str = "constant", **kwargs: Any) -> Tensor:
    """NumPy's ``pad`` (modes constant, edge, linear_ramp, maximum, mean, median, minimum,
    reflect, symmetric, wrap, empty)."""
    a = to_jnp(array, "pad", "array")
    if isinstance(pad_width, Tensor):
        pad_width = np.asarray(pad_width._data).tolist()
    if callable(mode):
        return _pad_with_function(a, pad_width, mode, kwargs)
    modes = ("constant", "maximum", "minimum", "mean", "median", "edge", "wrap", "linear_ramp",
             "symmetric", "reflect", "empty")  # fmt: skip
    if mode not in modes:
        raise ValueError(
            f"For 'pad', 'mode' must be one of {modes} or a function, but got {mode!r}"
        )
    return Tensor._from(narrow(jnp.pad(a, pad_width, mode=mode, **kwargs), [a]))


def _pad_with_function(a: Any, pad_width: Any, func: Any, kwargs: dict) -> Tensor:
    """``pad`` with a function ``func(vector, iaxis_pad_width, iaxis, kwargs)``: the array padded
    with zeros, then, axis by axis, each 1-D vector along the axis replaced by what ``func``
    returns for it (a Tensor it was given, edited in place and returned, as MindSpore requires;
    NumPy's in-place convention without a return value does not apply)."""
    widths = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (a.ndim, 2))
    cur = jnp.pad(a, [tuple(int(v) for v in w) for w in widths])
    for axis in range(a.ndim):
        moved = jnp.moveaxis(cur, axis, -1)
        flat = moved.reshape(-1, moved.shape[-1])
        out = []
        for vec in flat:
            r = func(Tensor._from(vec), tuple(int(v) for v in widths[axis]), axis, kwargs)
            if not isinstance(r, Tensor):
                raise TypeError(
                    f"For 'pad', the padding function must return the Tensor vector, but "
                    f"returned {type(r).__name__}"
                )
            out.append(r._data.astype(cur.dtype))
        cur = jnp.moveaxis(jnp.stack(out).reshape(moved.shape), -1, axis)
    return Tensor._from(cur)


def histogram_bin_edges(a: Any, bins: Any = 10, range: Any = None, weights: Any = None) -> Tensor:  # noqa: A002
    """The bin edges ``histogram`` uses (Float32)."""
    arr = to_jnp(a, "histogram_bin_edges", "a")
    if isinstance(bins, Tensor | list | tuple):
        bins = to_jnp(bins)
    r = jnp.histogram_bin_edges(
        arr.astype(jnp.float64), bins, range, None if weights is None else to_jnp(weights)
    )
    return Tensor._from(r.astype(FLOAT))


# --- random -------------------------------------------------------------------------------------
def _kernel_seeds(kernel_name: str) -> tuple[int, int]:
    """MindSpore's numpy random functions build their kernel with the global seed as the op seed
    (seeds 0, 0, system entropy, when no global seed is set)."""
    seed = _random.get_seed()
    return (0, 0) if seed is None else _random.graph_seed(seed, kernel_name)


def rand(*shape: Any, dtype: Any = None) -> Tensor:
    """Uniform samples in [0, 1) of ``shape`` (Float32), from the global seed."""
    shp = shape_arg(
        shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape, "rand"
    )
    dt = np_dtype(dtype, "rand") or FLOAT
    if dt.kind != "f":
        fail("rand", f"'dtype' must be a float type, but got {dtype}", ValueError)  # as MindSpore
    return Tensor._from(RF._uniform_kernel(shp, _kernel_seeds("UniformReal")).astype(dt))


def randn(*shape: Any, dtype: Any = None) -> Tensor:
    """Standard normal samples of ``shape`` (Float32), from the global seed."""
    shp = shape_arg(
        shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape, "randn"
    )
    dt = np_dtype(dtype, "randn") or FLOAT
    if dt.kind != "f":
        fail("randn", f"'dtype' must be a float type, but got {dtype}", ValueError)  # as MindSpore
    return Tensor._from(RF._normal_kernel(shp, _kernel_seeds("StandardNormal")).astype(dt))


def randint(minval: int, maxval: int | None = None, shape: Any = None, dtype: Any = None) -> Tensor:
    """Random ints in ``[minval, maxval)`` (``[0, minval)`` without ``maxval``) of ``shape``
    (``(1,)`` when not given), Int32."""
    if maxval is None:
        minval, maxval = 0, minval
    for n, v in (("minval", minval), ("maxval", maxval)):
        if isinstance(v, builtins.bool) or not isinstance(v, int):
            fail("randint", f"'{n}' must be an int, but got {v!r}", TypeError)
    if maxval <= minval:
        fail("randint", f"'maxval' must be greater than 'minval', but got {minval}, {maxval}")
    dt = np_dtype(dtype, "randint") or INT
    if dt.kind not in "iu":
        fail("randint", f"'dtype' must be an int type, but got {dtype}", ValueError)  # as MindSpore
    shp = (1,) if shape is None else shape_arg(shape, "randint")
    seeds = _kernel_seeds("UniformInt")
    return Tensor._from(RF._int_kernel(shp, minval, maxval, seeds).astype(dt))


__all__ = public(globals(), __name__, ("shape_arg",))
