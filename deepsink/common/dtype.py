"""MindSpore's dtype objects (``mstype.float32`` prints as ``Float32``, its repr is
``mindspore.float32``) over numpy/JAX dtypes."""

from __future__ import annotations

import builtins

import numpy as np


class Type:
    """A MindSpore dtype: a printable name bound to one numpy dtype.

    Args:
        name (str): the printed name, e.g. ``'Float32'``.
        np_dtype (numpy.dtype): the NumPy dtype it stands for.

    Examples:
        >>> import mindspore as ms
        >>> print(ms.float32, isinstance(ms.float32, ms.Type))
        Float32 True
    """

    __slots__ = ("name", "np")

    def __init__(self, name: str, np_dtype) -> None:
        self.name = name
        self.np = np.dtype(np_dtype)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        """MindSpore's: ``mindspore.float32`` (so a list of dtypes prints as MindSpore's)."""
        name = self.name.lower()
        return f"mindspore.{'string_' if name == 'string' else name}"

    def __eq__(self, other) -> bool:
        if isinstance(other, Type):
            return self.np == other.np
        try:
            return self.np == np.dtype(other)
        except TypeError:
            return False

    def __hash__(self) -> int:
        return hash(self.np)


bool_ = Type("Bool", np.bool_)
int8 = Type("Int8", np.int8)
int16 = Type("Int16", np.int16)
int32 = Type("Int32", np.int32)
int64 = Type("Int64", np.int64)
uint8 = Type("UInt8", np.uint8)
uint16 = Type("UInt16", np.uint16)
uint32 = Type("UInt32", np.uint32)
uint64 = Type("UInt64", np.uint64)
float16 = Type("Float16", np.float16)
float32 = Type("Float32", np.float32)
float64 = Type("Float64", np.float64)
try:
    import ml_dtypes

    bfloat16 = Type("BFloat16", ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - ml_dtypes ships with jaxlib
    bfloat16 = None
# MindSpore's string type: the dtype of text dataset columns (numpy unicode), not a Tensor dtype
string = Type("String", np.str_)
complex64 = Type("Complex64", np.complex64)
complex128 = Type("Complex128", np.complex128)

half = float16
single = float32
double = float64
float_ = float32
int_ = int32
uint = uint32
bool = bool_  # noqa: A001 - MindSpore exports mstype.bool
# NumPy/C-style names MindSpore also exports
byte, ubyte, short, ushort, intc, uintc = int8, uint8, int16, uint16, int32, uint32
intp, uintp, long = int64, uint64, int64
cfloat, cdouble = complex64, complex128

_ALL = [
    bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float16, float32, float64, complex64, complex128,
]  # fmt: skip
if bfloat16 is not None:
    _ALL.append(bfloat16)
_BY_NP = {t.np: t for t in _ALL}

number_type = tuple(t for t in _ALL if t is not bool_)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = tuple(t for t in (float16, float32, float64, bfloat16) if t is not None)


def to_np(dtype) -> np.dtype:
    """The numpy dtype for a MindSpore Type, numpy dtype, jnp dtype or Python type."""
    if isinstance(dtype, Type):
        return dtype.np
    if dtype is float:
        return np.dtype(np.float32)
    if dtype is int:
        return np.dtype(np.int64)
    try:
        return np.dtype(dtype)
    except TypeError as e:
        raise TypeError(
            f"For 'dtype', expected a deepsink dtype such as float32, but got {dtype!r}"
        ) from e


def from_np(np_dtype) -> Type:
    """The MindSpore Type for a numpy (or jnp) dtype."""
    key = np.dtype(np_dtype)
    try:
        return _BY_NP[key]
    except KeyError:
        raise TypeError(f"For 'dtype', the numpy dtype {key} has no deepsink equivalent") from None


def dtype_to_nptype(dtype: Type):
    """The NumPy scalar type of a MindSpore dtype.

    Args:
        dtype (mindspore.dtype): the dtype.

    Returns:
        type, the NumPy type.

    Examples:
        >>> import mindspore as ms
        >>> print(ms.dtype_to_nptype(ms.float16))
        <class 'numpy.float16'>
    """
    return to_np(dtype).type


def pytype_to_dtype(obj) -> Type:
    """The MindSpore dtype of a Python type: ``bool`` is Bool, ``int`` Int64 and ``float`` Float64
    (MindSpore 2.10's table); a NumPy dtype maps to its MindSpore dtype.

    Args:
        obj (type): the Python type.

    Returns:
        mindspore.dtype, the dtype.

    Examples:
        >>> import mindspore as ms
        >>> print(ms.pytype_to_dtype(bool), ms.pytype_to_dtype(int), ms.pytype_to_dtype(float))
        Bool Int64 Float64
    """
    table = {builtins.bool: bool_, int: int64, float: float64}
    return table[obj] if obj in table else from_np(obj)


def is_float(dtype) -> bool:
    return np.issubdtype(to_np(dtype), np.floating) or to_np(dtype) == to_np(bfloat16)


# the 8-bit floats, the non-Tensor value types, Int, TensorType, QuantDtype (after Type exists)
from deepsink.common.dtype_types import Int as Int  # noqa: E402
from deepsink.common.dtype_types import QuantDtype as QuantDtype  # noqa: E402
from deepsink.common.dtype_types import TensorType as TensorType  # noqa: E402
from deepsink.common.dtype_types import dtype_to_pytype as dtype_to_pytype  # noqa: E402
from deepsink.common.dtype_types import float8_e4m3fn as float8_e4m3fn  # noqa: E402
from deepsink.common.dtype_types import float8_e5m2 as float8_e5m2  # noqa: E402
from deepsink.common.dtype_types import function as function  # noqa: E402
from deepsink.common.dtype_types import get_py_obj_dtype as get_py_obj_dtype  # noqa: E402
from deepsink.common.dtype_types import hifloat8 as hifloat8  # noqa: E402
from deepsink.common.dtype_types import list_ as list_  # noqa: E402
from deepsink.common.dtype_types import number as number  # noqa: E402
from deepsink.common.dtype_types import qint4x2 as qint4x2  # noqa: E402
from deepsink.common.dtype_types import tensor_type as tensor_type  # noqa: E402
from deepsink.common.dtype_types import tuple_ as tuple_  # noqa: E402
from deepsink.common.dtype_types import type_none as type_none  # noqa: E402
from deepsink.common.dtype_types import type_type as type_type  # noqa: E402
