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

from deepsink import ops
from deepsink._core import random as _random
from deepsink.common import dtype as mstype
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
from deepsink.ops.function import layout_func as _layout_func
from deepsink.ops.function import random_func as RF


def shape_arg(shape: Any, api: str) -> tuple[int, ...]:
    """A shape argument (int, list/tuple of ints, or a 1-D int Tensor) checked as MindSpore 2.10
    checks it (its words): TypeError for other types, ValueError for negative sizes. ``api`` is
    kept for the callers; MindSpore's message does not name the function."""
    del api
    if isinstance(shape, Tensor):
        shape = tuple(int(v) for v in np.asarray(shape._data).reshape(-1))
    if isinstance(shape, int | np.integer) and not isinstance(shape, builtins.bool):
        shape = (int(shape),)
    if not isinstance(shape, list | tuple):
        raise TypeError(
            f"only int, tuple, list and tensor are allowed for shape, but got {type(shape)}"
        )
    for s in shape:
        if not isinstance(s, int | np.integer):
            raise TypeError("each entry in shape should be int.")
        if s < 0:
            raise ValueError("each entry in shape should no less than 0.")
    return tuple(int(s) for s in shape)


def _filled(api: str, shape: Any, value: Any, dtype: Any, default: np.dtype) -> Tensor:
    dt = np_dtype(dtype, api) or default
    return ops.fill(dt, shape_arg(shape, api), value)


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
    return ops.deepcopy(Tensor._from(to_jnp(a, "copy", "a")))


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
    return _full("full", shape, fill_value, dtype, None)


def _full(api: str, shape: Any, fill_value: Any, dtype: Any, default: Any) -> Tensor:
    """``fill_value`` broadcast to ``shape`` in ``dtype`` (else ``default``, else the value's)."""
    v = to_jnp(fill_value, api, "fill_value")
    dt = np_dtype(dtype, api) or default or v.dtype
    return ops.broadcast_to(v.astype(dt), shape_arg(shape, api))


def _like(api: str, a: Any, value: Any, dtype: Any, shape: Any) -> Tensor:
    arr = to_jnp(a, api, "a")
    return _filled(api, arr.shape if shape is None else shape, value, dtype, arr.dtype)


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
    return _full("full_like", arr.shape if shape is None else shape, fill_value, dtype, arr.dtype)


# --- ranges -------------------------------------------------------------------------------------
def _scalar(v: Any) -> Any:
    """A Tensor or NumPy bound as its Python number; anything else unchanged."""
    if isinstance(v, Tensor):
        v = v._data
    if isinstance(v, jax.Array | np.ndarray | np.generic) and np.ndim(v) == 0:
        return v.item()
    return v


def _scalar_dtype(*values: Any) -> np.dtype:
    """MindSpore's dtype of ``arange``'s numbers: Bool when all are bools, Int32 when all are
    ints, Float32 otherwise (a Tensor bound counts as a float)."""
    given = [v for v in values if v is not None]
    if all(isinstance(v, builtins.bool) for v in given):
        return np.dtype(np.bool_)
    return INT if all(isinstance(v, int) for v in given) else FLOAT


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Tensor:
    """Evenly spaced values in ``[start, stop)``, computed as MindSpore computes them: the count
    ``ceil((stop - start) / step)``, then ``iota * step + start`` in Float32 cast to the dtype
    (Bool for bool bounds, Int32 for int bounds, Float32 otherwise; a Tensor bound is read as a
    float). ``stop=None`` counts from 0 to ``start``. Non-numbers and a ``step`` of 0 fail in that
    arithmetic with Python's own TypeError and ZeroDivisionError, as in MindSpore; an empty range
    raises ValueError."""
    dt = np_dtype(dtype, "arange") or _scalar_dtype(start, stop, step)
    s, e, st = _scalar(start), _scalar(stop), _scalar(step)
    if stop is None and step is None:  # (start, stop, step) -> (0, start, 1)
        num, first, delta = math.ceil(s), None, None
    elif step is None:  # -> (start, stop, 1)
        num, first, delta = math.ceil(e - s), s, None
    elif stop is None:  # -> (0, start, step)
        num, first, delta = math.ceil((s + 0.0) / st), None, st
    else:
        num, first, delta = math.ceil((e - s + 0.0) / st), s, st
    if num <= 0:
        raise ValueError("zero shape Tensor is not currently supported.")
    out = jnp.arange(num, dtype=jnp.float32)
    if delta is not None:
        out = out * jnp.float32(delta)
    if first is not None:
        out = out + jnp.float32(first)
    return Tensor._from(out.astype(dt))


_ARRAY_TYPES = (int, float, builtins.bool, list, tuple, Tensor)


def _xspace_checks(start: Any, stop: Any, num: Any, endpoint: Any, dtype: Any, api: str) -> Any:
    """MindSpore's argument checks of ``linspace``/``logspace``/``geomspace`` (its words)."""
    for name, v in (("start", start), ("end", stop)):
        if not isinstance(v, _ARRAY_TYPES):  # MindSpore names no type for None
            got = "" if v is None else type(v)
            raise TypeError(f"{name} should be int, float, bool, list, tuple, Tensor, but got{got}")
    if not isinstance(num, int):
        raise TypeError(f"num should be an integer, but got {type(num)}")
    if not isinstance(endpoint, builtins.bool):
        raise TypeError(f"endpoint should be an boolean, but got {type(endpoint)}")
    dt = np_dtype(dtype, api) or FLOAT
    if num <= 0:
        raise ValueError("cannot support Tensor with num=0.")
    return dt


def _xspace_axis(axis: Any, ndim: int) -> int:
    if not isinstance(axis, int):
        raise TypeError(f"'{type(axis).__name__}' object is not iterable")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis


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
    dt = _xspace_checks(start, stop, num, endpoint, dtype, "linspace")
    s, e = to_jnp(start, "linspace", "start"), to_jnp(stop, "linspace", "stop")
    _xspace_axis(axis, np.broadcast_shapes(s.shape, e.shape).__len__() + 1)
    if not isinstance(retstep, builtins.bool):
        raise TypeError(f"retstep should be an boolean, but got {type(retstep)}")
    r = jnp.linspace(
        s.astype(jnp.float64),
        e.astype(jnp.float64),
        num,
        endpoint=endpoint,
        retstep=retstep,
        axis=axis,
    )
    if retstep:
        if num == 1 and endpoint:  # MindSpore's step of one sample: the Python float nan
            return Tensor._from(r[0].astype(dt)), math.nan
        # MindSpore's step keeps the computation's float type (Float64 for Float64 inputs, else
        # Float32), whatever ``dtype`` the samples are cast to
        step_dt = jnp.float64 if jnp.float64 in (s.dtype, e.dtype) else FLOAT
        return Tensor._from(r[0].astype(dt)), Tensor._from(jnp.asarray(r[1]).astype(step_dt))
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
    dt = _xspace_checks(start, stop, num, endpoint, dtype, "logspace")
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
    dt = _xspace_checks(start, stop, num, endpoint, dtype, "geomspace")
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


def _tri_indices_from(api: str, arr: Any, k: Any, upper: bool) -> tuple[Tensor, Tensor]:
    """The triangle indices of a 2-D array-like ``arr`` (a float ``k`` is an offset, as in
    ``tril_indices``); MindSpore's errors."""
    a = to_jnp(arr, api, "arr")
    if not isinstance(k, int | float):
        raise TypeError(f"For '{api}', input k must be a number, but got {k!r}.")
    if a.ndim != 2:
        raise ValueError(f"For '{api}', input array must be 2-d, but got a {a.ndim}-d array.")
    return _tri_indices(api, a.shape[0], k, a.shape[1], upper)


def tril_indices_from(arr: Any, k: Any = 0) -> tuple[Tensor, Tensor]:
    """The indices of the lower triangle of the 2-D ``arr`` (Int32)."""
    return _tri_indices_from("tril_indices_from", arr, k, False)


def triu_indices_from(arr: Any, k: Any = 0) -> tuple[Tensor, Tensor]:
    """The indices of the upper triangle of the 2-D ``arr`` (Int32)."""
    return _tri_indices_from("triu_indices_from", arr, k, True)


diag_indices = _indices("diag_indices", jnp.diag_indices)


def diag(v: Any, k: int = 0) -> Tensor:
    """The ``k``-th diagonal of a 2-D ``v``, or a 2-D array with 1-D ``v`` on it."""
    return _layout_func._diag(to_jnp(v, "diag", "v"), k, "diag", "v")


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


_RAND_STR_DTYPES = ("float", "float16", "float32", "float64")
_RANDINT_STR_DTYPES = ("int", "int8", "int16", "int32", "int64")


def _rand_dtype(dtype: Any) -> np.dtype:
    """``rand``/``randn``'s dtype, checked as MindSpore checks it (its words)."""
    if isinstance(dtype, str):
        if dtype not in _RAND_STR_DTYPES:
            raise ValueError(
                "If the argument 'dtype' is str, it must be one of ['float', 'float16', "
                f"'float32', 'float64'], but got {dtype}"
            )
        return np.dtype(np.float32 if dtype == "float" else dtype)
    if dtype not in (mstype.float64, mstype.float32, mstype.float16):
        raise ValueError(
            "The argument 'dtype' must be 'mindspore.float64', 'mindspore.float32' or "
            f"'mindspore.float16', but got {dtype}"
        )
    return np.dtype(dtype.np)


def _rand_shape(shape: tuple) -> tuple[int, ...]:
    """``rand``/``randn``'s ``*shape``: nothing (``(1,)``), one int, list or tuple, or ints."""
    if not shape:
        return (1,)
    if len(shape) == 1:
        if isinstance(shape[0], int | list | tuple):
            return tuple(shape) if isinstance(shape[0], int) else tuple(shape[0])
        raise TypeError(
            "If the length of the argument 'shape' is 1, the type of the argument 'shape' must "
            f"be one of ['int', 'list', 'tuple'], but got {type(shape[0])}"
        )
    for value in shape:
        if not isinstance(value, int):
            raise TypeError(
                "If the length of the argument 'shape' is > 1, the type of the argument 'shape' "
                f"must all be int, but got {type(value)}"
            )
    return tuple(shape)


def rand(*shape: Any, dtype: Any = mstype.float32) -> Tensor:
    """Uniform samples in [0, 1) of ``shape`` (Float32), from the global seed."""
    dt = _rand_dtype(dtype)
    shp = _rand_shape(shape)
    for i, v in enumerate(shp):
        if v < 0:
            raise ValueError(
                f"For primitive[UniformReal], the the {i}th dimension of input shape must be "
                f"greater than or equal to 0, but got {v}."
            )
    return Tensor._from(RF._uniform_kernel(shp, _kernel_seeds("UniformReal")).astype(dt))


def randn(*shape: Any, dtype: Any = mstype.float32) -> Tensor:
    """Standard normal samples of ``shape`` (Float32), from the global seed."""
    dt = _rand_dtype(dtype)
    shp = _rand_shape(shape)
    if any(v < 0 for v in shp):
        items = "".join(f"{v}, " for v in shp)
        raise ValueError(
            "For primitive[StandardNormal], the attribute[shape] should be a vector with all "
            f"positive item. but got [{items}]."
        )
    return Tensor._from(RF._normal_kernel(shp, _kernel_seeds("StandardNormal")).astype(dt))


def randint(
    minval: int, maxval: int | None = None, shape: Any = None, dtype: Any = mstype.int32
) -> Tensor:
    """Random ints in ``[minval, maxval)`` (``[0, minval)`` without ``maxval``) of ``shape``
    (``(1,)`` when not given), Int32; arguments checked as MindSpore checks them (its words)."""
    api = "For mindspore.numpy.randint"
    if not isinstance(minval, int):
        raise TypeError(
            f"{api}, the type of the argument 'minval' must be int, but got {type(minval)}"
        )
    if maxval is None:
        if minval <= 0:
            raise ValueError(
                f"{api}, the argument 'minval' must be > 0 when the argument 'maxval' is None, "
                f"but got {minval}"
            )
        minval, maxval = 0, minval
    else:
        if not isinstance(maxval, int):
            raise TypeError(
                f"{api}, the type of the argument 'maxval' must be int, but got {type(maxval)}"
            )
        if minval >= maxval:
            raise ValueError(
                f"{api}, the value of 'minval' must be greater than the value of 'maxval'."
            )
    if isinstance(dtype, str):
        if dtype not in _RANDINT_STR_DTYPES:
            raise ValueError(
                "For 'mindspore.numpy.randint', if the argument 'dtype' is str, it must be one of "
                f"['int', 'int8', 'int16', 'int32', 'int64'], but got {dtype}"
            )
        dt = INT if dtype == "int" else np.dtype(dtype)
    elif dtype in (mstype.int64, mstype.int32, mstype.int16, mstype.int8):
        dt = np.dtype(dtype.np)
    else:
        raise ValueError(
            "For 'mindspore.numpy.randint', the argument 'dtype' must be 'mindspore.int64', "
            f"'mindspore.int32', 'mindspore.int16' or 'mindspore.int8', but got {dtype}"
        )
    shp = (1,) if shape is None else shape_arg(shape, "randint")
    seeds = _kernel_seeds("UniformInt")
    return Tensor._from(RF._int_kernel(shp, int(minval), int(maxval), seeds).astype(dt))


__all__ = public(globals(), __name__, ("shape_arg",))
