"""MindSpore 2.10's dtype rules, in one place: what dtype data gets and what dtype a result has.

deepsink runs JAX with 64-bit types enabled (``jax_enable_x64``, switched on here, at the first
import of deepsink), so Float64/Int64 are real. JAX's own defaults under x64 are 64-bit
(``jnp.asarray(1.5)`` is float64); MindSpore's are not, so nothing in deepsink may rely on JAX's
defaults: every place that turns Python data into an array, or combines two dtypes, asks this
module. The rules were recorded from MindSpore 2.10 (``tests/fixtures/ms/dtype/rules.json``,
``scripts/record_dtype_fixtures.py``):

- creation: Python ``float`` -> Float32, ``int`` -> Int64, ``bool`` -> Bool; a list/tuple takes
  the widest kind present (any float -> Float32, else any int -> Int64, else Bool); numpy arrays
  and numpy scalars keep their dtype (float64 stays Float64);
- tensor with tensor: bool < ints < floats; within ints the wider one (uint8 with int8 -> Int16);
  within floats the wider one, Float16 with BFloat16 -> Float32 (``promote``);
- tensor with a Python scalar: the tensor's dtype wins, except that a Python float next to an
  int/bool tensor gives Float32 and a Python int next to a Bool tensor gives Int64
  (``scalar_dtype``);
- true division and float-valued math (sqrt, mean of ints in ``ops.div``) of ints give Float32.
"""

from __future__ import annotations

import builtins
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)

FLOAT = np.dtype(np.float32)
"""The default float: Python floats, initializers, learning rates, losses."""
INT = np.dtype(np.int64)
"""What a Python int becomes (``Tensor(3)``, ``Tensor([1, 2])``)."""
BOOL = np.dtype(np.bool_)


def _kind(dt: np.dtype) -> int:
    """0 bool, 1 integer, 2 float, 3 complex: the order of MindSpore's promotion lattice."""
    if dt == BOOL:
        return 0
    if dt.kind in "iu":
        return 1
    if dt.kind == "c":
        return 3
    return 2


def promote(*dtypes: Any) -> np.dtype:
    """The result dtype of an elementwise op on tensors of ``dtypes`` (MindSpore's table)."""
    dts = [np.dtype(d) for d in dtypes]
    out = dts[0]
    for dt in dts[1:]:
        out = _promote2(out, dt)
    return out


def _promote2(a: np.dtype, b: np.dtype) -> np.dtype:
    if a == b:
        return a
    ka, kb = _kind(a), _kind(b)
    if ka != kb:
        return a if ka > kb else b
    if ka == 1:
        return np.promote_types(a, b)  # uint8 + int8 -> int16, as MindSpore
    if ka == 2:
        names = {a.name, b.name}
        if names == {"float16", "bfloat16"}:
            return FLOAT
        return a if a.itemsize >= b.itemsize else b
    return np.promote_types(a, b)


def python_dtype(value: Any) -> np.dtype:
    """The dtype of Python data (a scalar or nested lists/tuples of scalars)."""
    if isinstance(value, builtins.bool | np.bool_):
        return BOOL
    if isinstance(value, np.generic | np.ndarray):
        return value.dtype
    if isinstance(value, int):
        return INT
    if isinstance(value, float):
        return FLOAT
    if isinstance(value, complex):
        return np.dtype(np.complex64)
    if isinstance(value, list | tuple):
        kinds = [python_dtype(v) for v in value]
        if not kinds:
            return FLOAT
        return promote(*kinds)
    if hasattr(value, "dtype"):
        return np.dtype(value.dtype)
    raise TypeError(f"cannot infer a dtype for {type(value).__name__} {value!r}")


def to_array(data: Any, dtype: Any = None) -> jax.Array:
    """Python scalars/lists, numpy data or arrays as a ``jax.Array`` with MindSpore's dtype.

    ``dtype`` (a numpy dtype) overrides the inferred one; numpy data keeps its dtype.
    """
    if isinstance(data, jax.Array):
        return data if dtype is None else data.astype(dtype)
    if isinstance(data, np.ndarray | np.generic):
        # a copy, as MindSpore's Tensor takes one: on the CPU, JAX may adopt an aligned NumPy
        # buffer as it is, and a later in-place NumPy update would change the Tensor. Placed with
        # device_put: jnp.array/asarray of NumPy data compile a program per shape and dtype
        return jax.device_put(np.array(data, dtype=dtype or data.dtype, copy=True))
    if dtype is None:
        dtype = python_dtype(data)
    if isinstance(data, list | tuple):
        data = np.asarray(data, dtype=None if dtype.name == "bfloat16" else dtype)
    return jnp.asarray(data, dtype=dtype)


def scalar_dtype(scalar: Any, tensor_dtype: Any) -> np.dtype:
    """The dtype of a Python scalar used next to a tensor of ``tensor_dtype`` in an op."""
    tdt = np.dtype(tensor_dtype)
    sk, tk = _kind(python_dtype(scalar)), _kind(tdt)
    if sk <= tk:
        return tdt
    return python_dtype(scalar)


def scalar_operand(scalar: Any, tensor_dtype: Any) -> jax.Array:
    """A Python scalar as an array of ``scalar_dtype`` (explicit, so JAX's x64 defaults never
    leak in: ``int32_tensor + 1`` stays Int32, ``int32_tensor + 1.5`` is Float32). An int too
    large for an integer tensor's dtype wraps around, as MindSpore's kernels compute it."""
    dt = scalar_dtype(scalar, tensor_dtype)
    if dt.kind in "iu" and isinstance(scalar, int) and not isinstance(scalar, builtins.bool):
        info = np.iinfo(dt)
        if not info.min <= scalar <= info.max:
            return jnp.asarray(np.asarray(scalar, np.int64).astype(dt))
    return jnp.asarray(scalar, dt)


def true_div_dtype(dtype: Any) -> np.dtype:
    """``a / b``: integer and bool inputs give Float32 (Int64 too, as MindSpore)."""
    dt = np.dtype(dtype)
    return dt if _kind(dt) >= 2 else FLOAT


float_result = true_div_dtype


def sum_dtype(dtype: Any) -> np.dtype:
    """``ops.sum``/``ops.prod``/``Tensor.sum`` of bools and ints: Int64 (MindSpore 2.10 widens;
    the ``ReduceSum`` primitive and ``ops.reduce_sum`` keep the input's dtype)."""
    dt = np.dtype(dtype)
    return INT if _kind(dt) <= 1 else dt


INDEX = INT
"""Indices MindSpore 2.10 returns as Int64: ``ops.argmax``, ``ops.max``/``min`` indices,
``ArgMaxWithValue``, ``Tensor.argmax``. (``ops.argmin``, ``Tensor.argmin``, ``topk``, ``sort``
and ``argsort`` give Int32, as 2.10 does.)"""


# MindSpore hands its 64-bit integer buffers to NumPy with C's ``long long`` type codes (``q``,
# ``Q``); on Linux NumPy's default integer is ``long`` (``l``), so such an array's repr names its
# dtype (``array([1, 2], dtype=int64)``) where one made by NumPy does not. Same values, same
# ``dtype == np.int64``; only the repr tells them apart.
_LONG_LONG = {np.dtype(np.int64).char: np.dtype("q"), np.dtype(np.uint64).char: np.dtype("Q")}


def host_layout(array: np.ndarray) -> np.ndarray:
    """``array`` as MindSpore hands a buffer to NumPy (a view; 64-bit integers as ``q``/``Q``)."""
    target = _LONG_LONG.get(array.dtype.char)
    if target is None or array.dtype.char == target.char:
        return array
    return array.view(target)
