"""Argument handling shared by the functional ops: inputs to arrays, axes, shapes and dtypes.

Every op accepts Tensors, jax/numpy arrays and Python scalars, computes on ``jax.Array`` with
jnp/lax (so it runs eagerly and under any JAX transform) and returns Tensors. Errors name the op,
the argument, the value received and what was expected.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import ValueDependentShapeError
from deepsink._core.validate import fail as fail
from deepsink._core.validate import fail_arg as fail_arg
from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.common.concrete import concrete
from deepsink.common.tensor import Tensor, _infer, unwrap

_SCALARS = (bool, int, float, np.bool_, np.number)


def array(x: Any, api: str, arg: str = "input") -> jax.Array:
    """``x`` as a jax array: Tensors unboxed, scalars/lists inferred as MindSpore does."""
    if isinstance(x, Tensor):
        return x._data
    if isinstance(x, jax.Array):
        return x
    if isinstance(x, np.ndarray | np.generic):
        return jnp.asarray(x, dtype=x.dtype)
    if isinstance(x, _SCALARS) or (isinstance(x, list | tuple) and x):
        try:
            return _infer(x)
        except (TypeError, ValueError):
            pass
    fail(api, f"'{arg}' must be a Tensor, but got {type(x).__name__} {_short(x)}", TypeError)


def conv_weight(weight: Any, out_channel: int, api: str) -> jax.Array:
    """A convolution primitive's ``weight`` as an array with ``out_channel`` output channels."""
    w = array(weight, api, "weight")
    if w.shape[0] != out_channel:
        fail(
            api,
            f"'weight' must have {out_channel} output channels, but got shape {list(w.shape)}",
        )
    return w


def operand(x: Any, api: str, arg: str) -> Any:
    """A binary-op operand: arrays as arrays, Python numbers kept weak (they adopt the other dtype)."""
    if isinstance(x, bool | int | float) and not isinstance(x, np.generic):
        return x
    return array(x, api, arg)


def binary(a: Any, b: Any, api: str) -> tuple[Any, Any]:
    """Operands for an elementwise op: MindSpore's implicit type promotion and broadcasting.

    Done explicitly so that ops keep working under JAX's strict promotion and rank-promotion
    settings.
    """
    a, b = operand(a, api, "input"), operand(b, api, "other")
    a_arr, b_arr = isinstance(a, jax.Array), isinstance(b, jax.Array)
    if a_arr and b_arr:
        if a.dtype != b.dtype:
            dt = promote(a.dtype, b.dtype)
            a, b = a.astype(dt), b.astype(dt)
        if a.shape != b.shape:
            try:
                shape = jnp.broadcast_shapes(a.shape, b.shape)
            except ValueError:
                fail(
                    api,
                    f"the shapes of 'input' {list(a.shape)} and 'other' {list(b.shape)} "
                    "cannot be broadcast together",
                )
            a, b = jnp.broadcast_to(a, shape), jnp.broadcast_to(b, shape)
        return a, b
    if a_arr:
        return a, _scalar_like(b, a)
    if b_arr:
        return _scalar_like(a, b), b
    return array(a, api, "input"), array(b, api, "other")


def promote(*dtypes: Any) -> np.dtype:
    """The common dtype of mixed inputs (MindSpore's table, ``dtype_rules.promote``)."""
    return dtype_rules.promote(*dtypes)


def _scalar_like(s: Any, like: jax.Array) -> jax.Array:
    """A Python number next to an array (``dtype_rules.scalar_dtype``: float with an int/bool
    array gives Float32, int with a Bool array Int64, otherwise the array's dtype)."""
    return dtype_rules.scalar_operand(s, like.dtype)


def floating(a: jax.Array) -> jax.Array:
    """Integer/bool inputs of float-valued math (exp, sqrt, ...) become Float32, as in MindSpore."""
    return a.astype(dtype_rules.float_result(a.dtype))


_HALF_BITS = {"float16": (5, 10), "bfloat16": (8, 7)}


def rounded(a: jax.Array) -> jax.Array:
    """``a`` rounded to its own (half) dtype even inside fused XLA code.

    XLA's CPU backend computes float16/bfloat16 elementwise chains in float32 and skips the
    intermediate roundings ("excess precision"); MindSpore's kernels round after every op. Wrapping
    an intermediate here keeps the rounding (a float32 ``reduce_precision`` is not elided), so
    compiled results equal eager ones and MindSpore's. Other dtypes pass through unchanged.
    """
    bits = _HALF_BITS.get(a.dtype.name)
    if bits is None:
        return a
    return jax.lax.reduce_precision(a.astype(jnp.float32), *bits).astype(a.dtype)


def exact_div(total: jax.Array, count: jax.Array) -> jax.Array:
    """``total / count`` as a true division where ``count`` is a compile-time constant.

    XLA rewrites division by a constant into multiplication by its reciprocal, which differs from
    MindSpore's kernels (and from the eager result) in the last bit; the optimization barrier
    keeps ``count`` opaque (at full shape: a divide by a broadcast is rewritten too) so the
    division, and the one in its gradient, stay divisions.
    """
    return total / jax.lax.optimization_barrier(jnp.broadcast_to(count, total.shape))


def canonical(dt: Any) -> np.dtype:
    """``dt`` as a numpy dtype (64-bit types are real: JAX runs with x64 enabled)."""
    return np.dtype(dt)


def dtype(dt: Any, api: str, arg: str = "dtype") -> np.dtype:
    """A MindSpore dtype argument as a numpy dtype."""
    if isinstance(dt, mstype.Type):
        return canonical(dt.np)
    if dt in (bool, int, float) or (isinstance(dt, type) and issubclass(dt, np.generic)):
        return canonical(mstype.to_np(dt))
    if isinstance(dt, np.dtype):
        return canonical(dt)
    fail(api, f"'{arg}' must be a deepsink dtype such as mstype.float32, but got {dt!r}", TypeError)


def axis(ax: Any, ndim: int, api: str, arg: str = "axis") -> int:
    """One axis, checked to lie in [-ndim, ndim), as a non-negative int."""
    if isinstance(ax, bool) or not isinstance(ax, int | np.integer):
        fail(api, f"'{arg}' must be an int, but got {ax!r}", TypeError)
    lo = -max(ndim, 1)
    if not lo <= ax < -lo:
        fail(api, f"'{arg}' must be in [{lo}, {-lo}), but got {ax}")
    return int(ax) % max(ndim, 1)


def axes(ax: Any, ndim: int, api: str, arg: str = "axis") -> tuple[int, ...] | None:
    """An axis argument of a reduction: None or () mean all axes (returned as None)."""
    if ax is None:
        return None
    if isinstance(ax, Tensor | jax.Array | np.ndarray):
        if isinstance(unwrap(ax), jax.core.Tracer):
            fail(
                api,
                f"'{arg}' given as a Tensor decides the output's shape, so its value must be "
                "known: it cannot be a traced input of a compiled function",
                ValueDependentShapeError,
            )
        ax = np.asarray(ax).tolist()
    if isinstance(ax, list | tuple):
        if not ax:
            return None
        out = tuple(axis(a, ndim, api, arg) for a in ax)
        if len(set(out)) != len(out):
            fail(api, f"'{arg}' must not repeat an axis, but got {tuple(ax)}")
        return out
    return (axis(ax, ndim, api, arg),)


def integer(value: Any, api: str, arg: str) -> int:
    """``value`` as a Python int: an int or NumPy integer (a bool is refused)."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        fail(api, f"'{arg}' must be an int, but got {value!r}", TypeError)
    return int(value)


def ntuple(v: Any, n: int, arg: str, api: str, single: bool = True) -> tuple[int, ...]:
    """An int or n ints (or MindSpore's (1, 1, *n) form) as n ints; ``single``: one int in a
    tuple stands for all n."""
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * n
    if isinstance(v, tuple | list) and all(
        isinstance(i, int) and not isinstance(i, bool) for i in v
    ):
        if len(v) == n:
            return tuple(v)
        if len(v) == n + 2:
            return tuple(v[2:])
        if len(v) == 1 and single:
            return (v[0],) * n
    fail(api, f"'{arg}' must be an int or a tuple of {n} ints, but got {v!r}")


def shape(value: Any, api: str, arg: str = "shape", allow_int: bool = True) -> tuple[int, ...]:
    """A shape argument: a tuple or list of ints (or one int when ``allow_int``)."""
    if isinstance(value, Tensor | jax.Array | np.ndarray) and np.ndim(value) <= 1:
        value = np.asarray(value).tolist()
    if allow_int and isinstance(value, int | np.integer) and not isinstance(value, bool):
        return (int(value),)
    expected = "a tuple of ints" + (" or an int" if allow_int else "")
    if not isinstance(value, tuple | list):
        fail(api, f"'{arg}' must be {expected}, but got {value!r}", TypeError)
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int | np.integer):
            fail(api, f"'{arg}' must be {expected}, but got {value!r}", TypeError)
    return tuple(int(v) for v in value)


def out(a: Any) -> Any:
    """Box results: arrays become Tensors, tuples of arrays tuples of Tensors."""
    if isinstance(a, tuple | list):
        return tuple(out(v) for v in a)
    return Tensor._from(a)


def shape_value(x: Any, api: str, arg: str) -> Any:
    """The host value (a NumPy array) of a Tensor argument that sets an output's shape (``topk``'s
    ``k``, ``pad``'s ``padding``). Inside a compiled program whose Tensor value is only known when
    it runs (a ``mutable`` input), the shape depends on that value: ``ValueDependentShapeError``,
    and the GRAPH_MODE Cell runs op by op, as MindSpore runs such graphs with dynamic shapes."""
    data = concrete(x._data if isinstance(x, Tensor) else x)
    if isinstance(data, jax.core.Tracer):
        raise ValueDependentShapeError(
            f"For '{api}', '{arg}' is a Tensor whose value sets the output's shape, and that "
            "value is not known while the program is compiled"
        )
    return np.asarray(data)


def static_number(x: Any, api: str, arg: str) -> Any:
    """A number that may also come as a 0-d Tensor/array (keeps tracers as arrays)."""
    if isinstance(x, Tensor):
        x = x._data
    return x


def _short(x: Any) -> str:
    r = repr(x)
    return r if len(r) <= 60 else r[:57] + "..."


def write_into(t: Any, r: Any) -> Any:
    """An in-place op's result: ``r``'s data written into the Tensor ``t`` (returned), or ``r``
    when ``t`` is not a Tensor (mint's and nn's ``inplace=True``)."""
    from deepsink.common.tensor import Tensor

    if not isinstance(t, Tensor):
        return r
    t._data = r._data
    return t


def check_broadcast(api: str, x_shape: Any, y_shape: Any, x_name: str, y_name: str) -> None:
    """``ValueError`` in MindSpore's words (its shape-inference check) when two shapes do not
    broadcast. Its axis numbers are ``len(shape) + i``, ``i`` counting the shorter shape's axes
    from the first (what 2.10 prints)."""
    xs, ys = tuple(x_shape), tuple(y_shape)
    big, small = (xs, ys) if len(xs) > len(ys) else (ys, xs)
    miss = len(big) - len(small)
    for i, s in enumerate(small):
        d = big[miss + i]
        if d != 1 and s != 1 and d != s:
            fail(
                api,
                f"{x_name}.shape and {y_name}.shape need to broadcast. The value of "
                f"{x_name}.shape[{len(xs) + i}] or {y_name}.shape[{len(ys) + i}] must be 1 or -1 "
                f"when they are not the same, but got {x_name}.shape = {list(xs)} and "
                f"{y_name}.shape = {list(ys)}",
            )


def host_values(a: jax.Array, api: str, arg: str) -> np.ndarray:
    """The values of ``a`` for a kernel that samples on the host. A value computed inside a
    program being compiled is not known yet: ``ValueDependentShapeError``, and the GRAPH_MODE
    Cell runs op by op."""
    data = concrete(a)
    if isinstance(data, jax.core.Tracer):
        raise ValueDependentShapeError(
            f"For '{api}', '{arg}' is sampled on the host and its value is not known while the "
            "program is compiled"
        )
    return np.asarray(data)
