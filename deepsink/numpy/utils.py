"""The one wrapping layer of ``deepsink.numpy``: array-like inputs in, Tensors out.

``mindspore.numpy`` differs from ``ops`` in how Python data becomes an array: a Python ``int``
is Int32 (not Int64) and a ``float`` Float32, so ``mnp.add(1, 2)`` is Int32. Every function of
the package converts its array arguments with :func:`to_jnp`, computes on ``jax.Array`` (so it
runs eagerly, under ``jit``/GRAPH_MODE, ``grad`` and the sunk loop) and returns Tensors through
:func:`to_tensor`. Results that jnp widens to 64 bits only because JAX runs with x64 enabled
(float math of int32, sums of float32 literals) are narrowed back to MindSpore's 32-bit
defaults by :func:`narrow`. :func:`np_func` builds the many functions that are one jnp call.
"""

from __future__ import annotations

import builtins
import functools
import inspect
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import fail as fail
from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.common.tensor import Tensor, unwrap_tree

INT = np.dtype(np.int32)
"""``mindspore.numpy``'s default integer (``mnp.array(1)``, ``mnp.arange(5)``)."""
FLOAT = np.dtype(np.float32)
"""``mindspore.numpy``'s default float (``mnp.ones(3)``, ``mnp.array(1.5)``)."""

_SCALARS = (builtins.bool, int, float, np.bool_, np.number)


def _py_dtype(x: Any) -> np.dtype:
    """MindSpore numpy's dtype of Python data: bool, then int -> Int32, float -> Float32."""
    if isinstance(x, builtins.bool | np.bool_):
        return np.dtype(np.bool_)
    if isinstance(x, np.ndarray | np.generic | jax.Array):
        return np.dtype(x.dtype)
    if isinstance(x, int):
        return INT
    if isinstance(x, float):
        return FLOAT
    if isinstance(x, complex):
        return np.dtype(np.complex64)
    if isinstance(x, list | tuple):
        kinds = [_py_dtype(v) for v in x]
        return dtype_rules.promote(*kinds) if kinds else FLOAT
    raise TypeError(type(x).__name__)


def to_jnp(x: Any, api: str = "numpy", arg: str = "x", dtype: Any = None) -> jax.Array:
    """``x`` (Tensor, array, Python scalar or nested sequence) as a ``jax.Array``.

    Python data takes ``mindspore.numpy``'s dtypes (int -> Int32, float -> Float32); Tensors and
    numpy arrays keep theirs. ``dtype`` casts. Anything else is a TypeError naming ``arg``.
    """
    if isinstance(x, Tensor):
        a = x._data
    elif isinstance(x, jax.Array):
        a = x
    elif isinstance(x, np.ndarray | np.generic):
        a = jnp.asarray(x)
    elif isinstance(x, _SCALARS):
        a = jnp.asarray(x, _py_dtype(x))
    elif isinstance(x, list | tuple):
        if any(
            isinstance(v, Tensor | jax.Array)
            for v in jax.tree_util.tree_leaves(x, is_leaf=lambda v: isinstance(v, Tensor))
        ):
            parts = [to_jnp(v, api, arg) for v in x]
            if not parts:
                a = jnp.zeros((0,), FLOAT)
            else:
                dt = dtype_rules.promote(*[p.dtype for p in parts])
                try:
                    a = jnp.stack([p.astype(dt) for p in parts])
                except ValueError:
                    _ragged(api, arg, x)
        else:
            try:
                dt = _py_dtype(x)
                a = jnp.asarray(np.asarray(unwrap_tree(list(x)), dtype=dt))
            except (TypeError, ValueError) as e:
                if "inhomogeneous" in str(e):
                    _ragged(api, arg, x)
                fail(
                    api,
                    f"'{arg}' must be array like (numbers, bools or rectangular nested "
                    f"sequences of them), but got {_short(x)}",
                    TypeError,
                )
    else:
        fail(
            api,
            f"'{arg}' must be array like (a Tensor, list, tuple or number), but got "
            f"{type(x).__name__} {_short(x)}",
            TypeError,
        )
    if dtype is not None:
        a = a.astype(np_dtype(dtype, api))
    return a


def _ragged(api: str, arg: str, x: Any) -> None:
    """A nested sequence whose rows differ in length: MindSpore's ValueError (NumPy's)."""
    fail(
        api,
        f"'{arg}' is a ragged nested sequence (rows of different lengths), it has no rectangular "
        f"shape: {_short(x)}",
        ValueError,
    )


def _short(x: Any) -> str:
    s = repr(x)
    return s if len(s) <= 60 else s[:57] + "..."


def np_dtype(dt: Any, api: str = "numpy", arg: str = "dtype") -> np.dtype:
    """A dtype argument (``mnp.float32``, ``'int32'``, ``int``, numpy dtypes) as a numpy dtype."""
    if dt is None:
        return None
    if isinstance(dt, mstype.Type):
        return np.dtype(dt.np)
    if dt is int:
        return INT
    if dt is float:
        return FLOAT
    if dt is builtins.bool:
        return np.dtype(np.bool_)
    try:
        return np.dtype(dt)
    except TypeError:
        del api, arg  # MindSpore's message names neither
        raise TypeError(f"only {_DTYPE_NAMES} are allowed for dtype, but got {type(dt)}") from None


# the dtypes MindSpore's numpy module names when it refuses one
_DTYPE_NAMES = [
    "np.int_", "np.int8", "np.int16", "np.int32", "np.int64", "np.uint", "np.uint8", "np.uint16",
    "np.uint32", "np.uint64", "np.float64", "np.float16", "np.float32", "np.float64", "np.bool_",
]  # fmt: skip


def to_tensor(r: Any) -> Any:
    """jax arrays (and tuples/lists of them) as Tensors."""
    if isinstance(r, Tensor):
        return r
    if isinstance(r, jax.Array):
        return Tensor._from(r)
    if isinstance(r, np.ndarray):
        return Tensor._from(jnp.asarray(r))
    if isinstance(r, tuple | list):
        return type(r)(to_tensor(v) for v in r)
    return r


def narrow(r: jax.Array, inputs: list[jax.Array]) -> jax.Array:
    """Undo widening that only comes from JAX's x64 mode: a Float64 result from inputs without
    Float64 is Float32, an Int64 result from inputs without Int64 is Int32."""
    if not isinstance(r, jax.Array):
        return r
    dts = {np.dtype(a.dtype) for a in inputs if isinstance(a, jax.Array)}
    if r.dtype == np.float64 and np.dtype(np.float64) not in dts:
        return r.astype(FLOAT)
    if r.dtype == np.int64 and np.dtype(np.int64) not in dts and np.dtype(np.uint64) not in dts:
        return r.astype(INT)
    if r.dtype == np.complex128 and np.dtype(np.complex128) not in dts:
        return r.astype(np.complex64)
    return r


def _narrow_tree(r: Any, inputs: list) -> Any:
    if isinstance(r, tuple | list):
        return type(r)(_narrow_tree(v, inputs) for v in r)
    return narrow(r, inputs)


def np_func(
    name: str,
    impl: Callable,
    arrays: tuple[str, ...] = ("x",),
    *,
    widen: bool = False,
    seq: tuple[str, ...] = (),
    doc: str = "",
) -> Callable:
    """A ``mindspore.numpy`` function that converts its array arguments and calls ``impl``.

    ``impl``'s parameters are the function's signature; the ones named in ``arrays`` are
    converted with :func:`to_jnp` (when given), those in ``seq`` are sequences of arrays. The
    result is narrowed (:func:`narrow`) unless ``widen`` and returned as Tensors.
    """
    sig = inspect.signature(impl)

    @functools.wraps(impl)
    def fn(*args, **kwargs):
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as e:
            fail(name, str(e), TypeError)
        ins = []
        for k in arrays:
            if k in bound.arguments and bound.arguments[k] is not None:
                bound.arguments[k] = to_jnp(bound.arguments[k], name, k)
                ins.append(bound.arguments[k])
        for k in seq:
            if k in bound.arguments:
                v = bound.arguments[k]
                if isinstance(v, Tensor | jax.Array | np.ndarray):
                    v = list(to_jnp(v, name, k))
                elif not isinstance(v, list | tuple):
                    fail(
                        name,
                        f"'{k}' must be a sequence of arrays, but got {type(v).__name__}",
                        TypeError,
                    )
                bound.arguments[k] = [to_jnp(e, name, k) for e in v]
                ins.extend(bound.arguments[k])
        r = impl(*bound.args, **bound.kwargs)
        if isinstance(r, Tensor):
            return r
        return to_tensor(r if widen else _narrow_tree(r, ins))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc or impl.__doc__ or f"NumPy's ``{name}`` over Tensors."
    fn.__module__ = "deepsink.numpy"
    return fn


def jnp_func(
    name: str,
    arrays: tuple[str, ...] = ("x",),
    *,
    jnp_name: str | None = None,
    widen: bool = False,
    seq: tuple[str, ...] = (),
    doc: str = "",
) -> Callable:
    """:func:`np_func` over ``jnp.<jnp_name or name>`` (1:1 functions; their NumPy signature)."""
    impl = getattr(jnp, jnp_name or name)
    return np_func(
        name,
        impl,
        arrays,
        widen=widen,
        seq=seq,
        doc=doc or f"NumPy's ``{name}`` over Tensors (``jax.numpy.{jnp_name or name}``).",
    )


def unwrap_callable(f: Callable) -> Callable:
    """A user function over Tensors as a function over jax arrays (for apply_along_axis & co.)."""

    def g(*args, **kwargs):
        wrapped = [Tensor._from(a) if isinstance(a, jax.Array) else a for a in args]
        r = f(*wrapped, **kwargs)
        return unwrap_tree(r) if isinstance(r, Tensor | tuple | list) else jnp.asarray(r)

    return g


def axis_arg(axis: Any, ndim: int, api: str) -> Any:
    """Check an axis argument (int or tuple of ints) against ``ndim``: MindSpore's ValueError for
    out-of-range axes, TypeError for non-ints."""
    if axis is None:
        return None
    axes = axis if isinstance(axis, tuple | list) else (axis,)
    for a in axes:
        if isinstance(a, builtins.bool) or not isinstance(a, int | np.integer):
            fail(api, f"'axis' must be an int or a tuple of ints, but got {axis!r}", TypeError)
        if not -max(ndim, 1) <= a < max(ndim, 1):
            fail(
                api,
                f"'axis' must be in the range of [{-max(ndim, 1)}, {max(ndim, 1)}), but got {a}",
            )
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def public(namespace: dict, module: str, helpers: tuple[str, ...] = ()) -> list[str]:
    """A module's ``__all__``: the NumPy functions it defines (not its imports or helpers)."""
    return sorted(
        n
        for n, v in namespace.items()
        if not n.startswith("_")
        and n not in helpers
        and getattr(v, "__module__", None) in (module, "deepsink.numpy")
    )
