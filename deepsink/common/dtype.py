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
        >>> import deepsink as ms
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


def has_np(np_dtype: Any) -> bool:
    """Whether a numpy dtype has a deepsink Type (``from_np`` takes it)."""
    return np.dtype(np_dtype) in _BY_NP


def all_types() -> tuple[Type, ...]:
    """The tensor element Types, bool first (float8 not among them)."""
    return tuple(_ALL)


def dtype_to_nptype(dtype: Type):
    """The NumPy scalar type of a MindSpore dtype.

    Args:
        dtype (mindspore.dtype): the dtype.

    Returns:
        type, the NumPy type.

    Examples:
        >>> import deepsink as ms
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
        >>> import deepsink as ms
        >>> print(ms.pytype_to_dtype(bool), ms.pytype_to_dtype(int), ms.pytype_to_dtype(float))
        Bool Int64 Float64
    """
    table = {builtins.bool: bool_, int: int64, float: float64}
    return table[obj] if obj in table else from_np(obj)


def is_float(dtype) -> bool:
    return np.issubdtype(to_np(dtype), np.floating) or to_np(dtype) == to_np(bfloat16)


# --- MindSpore's dtype names beyond the Tensor element types ------------------------------------
# MindSpore's dtype names beyond the Tensor element types: the 8-bit floats, the types of
# non-Tensor values (``number``, ``list_``, ``tuple_``, ``type_none``, ``TensorType``), the ``Int``
# family, ``QuantDtype`` and the conversions ``dtype_to_pytype`` / ``get_py_obj_dtype``.
#
# ``float8_e4m3fn`` and ``float8_e5m2`` are real element types here (ml_dtypes, which JAX uses).
# ``hifloat8`` (Ascend's HiFloat8) has no representation in XLA and is refused.

import enum  # noqa: E402
import inspect  # noqa: E402
from typing import Any  # noqa: E402

import ml_dtypes  # noqa: E402

from deepsink._core.unsupported import unsupported as _unsupported  # noqa: E402


class _Float8(Type):
    """An 8-bit float dtype; its repr keeps MindSpore's underscore (``mindspore.float8_e5m2``)."""

    __slots__ = ("_repr",)

    def __init__(self, name: str, np_dtype: Any, repr_name: str) -> None:
        super().__init__(name, np_dtype)
        self._repr = repr_name

    def __repr__(self) -> str:
        return f"mindspore.{self._repr}"


float8_e4m3fn = _Float8("Float8E4M3FN", ml_dtypes.float8_e4m3fn, "float8_e4m3fn")
float8_e5m2 = _Float8("Float8E5M2", ml_dtypes.float8_e5m2, "float8_e5m2")
_BY_NP.update({t.np: t for t in (float8_e4m3fn, float8_e5m2)})

hifloat8 = _unsupported(
    "mindspore",
    "hifloat8",
    "HiFloat8 is an Ascend-only 8-bit float format with no XLA or NumPy representation",
)
# MindSpore 2.10's ``qint4x2`` is its Int4 type (``repr`` ``mindspore.int4``): a Tensor of it
# holds one signed 4-bit value per element (2.10 keeps each in a byte; XLA's int4, ml_dtypes'),
# and a checkpoint stores each value as an Int8 byte tagged "Int4".
qint4x2 = Type("Int4", ml_dtypes.int4)
_BY_NP[qint4x2.np] = qint4x2


class _ValueType:
    """The type of a non-Tensor value (MindSpore's ``number``, ``list_``, ...): prints as its
    name, equal only to itself."""

    __slots__ = ("name", "_repr")

    def __init__(self, name: str, repr_name: str) -> None:
        self.name, self._repr = name, repr_name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"mindspore.{self._repr}"


number = _ValueType("Number", "number")
list_ = _ValueType("List", "list_")
tuple_ = _ValueType("Tuple", "tuple_")
type_none = _ValueType("None", "type_none")
type_type = _ValueType("TypeType", "type_type")
function = _ValueType("Func", "function")


class _IntMeta(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, Type) and (obj.np.kind == "i" or obj is qint4x2)


class Int(metaclass=_IntMeta):
    """MindSpore's signed integer dtype family: ``Int(8)`` is ``int8``; every signed integer
    dtype is an instance of ``Int``.

    Args:
        nbits (int): 8, 16, 32 or 64.

    Returns:
        The dtype, e.g. ``mindspore.int8``.

    Raises:
        ValueError: for another bit width.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.Int(8), ms.Int(8) == ms.int8, isinstance(ms.int32, ms.Int))
        Int8 True True
    """

    def __new__(cls, nbits: int = 64) -> Any:  # noqa: D102
        kinds = {8: int8, 16: int16, 32: int32, 64: int64}
        if nbits not in kinds:
            raise ValueError(f"For 'Int', 'nbits' must be 8, 16, 32 or 64, but got {nbits!r}")
        return kinds[nbits]


class TensorType:
    """The type of a Tensor of a given element dtype: prints as ``Tensor[Float32]``
    (``tensor_type`` is the one without an element type, printed ``Tensor``).

    Args:
        element_type (mindspore.dtype, optional): the element dtype. Default: ``None``.

    Raises:
        TypeError: if ``element_type`` is not a dtype.

    Examples:
        >>> import deepsink as ms
        >>> t = ms.TensorType(ms.float32)
        >>> print(t, t.element_type(), t == ms.get_py_obj_dtype(ms.Tensor([1.0])))
        Tensor[Float32] Float32 True
    """

    def __init__(self, element_type: Any = None) -> None:
        if element_type is not None and not isinstance(element_type, Type):
            raise TypeError(
                f"For 'TensorType', 'element_type' must be a mindspore dtype, but "
                f"got {type(element_type).__name__}"
            )
        self._element = element_type

    def element_type(self) -> Any:
        """The element dtype (None for ``tensor_type``)."""
        return self._element

    def __str__(self) -> str:
        return "Tensor" if self._element is None else f"Tensor[{self._element}]"

    def __repr__(self) -> str:
        return "mindspore.tensor" if self._element is None else f"Tensor[{self._element}]"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, TensorType) and self._element == other._element

    def __hash__(self) -> int:
        return hash(("TensorType", self._element))


tensor_type = TensorType()

_PYTYPES = {
    bool_: builtins.bool, **dict.fromkeys(int_type + uint_type, builtins.int),
    **dict.fromkeys(float_type, builtins.float), complex64: complex,
    complex128: complex, string: str,
}  # fmt: skip


def dtype_to_pytype(type_: Any) -> type:
    """The Python type of a MindSpore dtype: ``bool``, ``int``, ``float``, ``complex``, ``str``,
    ``list``, ``tuple`` or ``NoneType``.

    Args:
        type_ (mindspore.dtype): the dtype.

    Returns:
        type, the Python type.

    Raises:
        KeyError: for a dtype with no Python type (MindSpore raises KeyError too).

    Examples:
        >>> import deepsink as ms
        >>> print(ms.dtype_to_pytype(ms.bool_), ms.dtype_to_pytype(ms.float16))
        <class 'bool'> <class 'float'>
    """
    special = {id(list_): list, id(tuple_): tuple, id(type_none): type(None)}
    if id(type_) in special:
        return special[id(type_)]
    if isinstance(type_, Type) and type_ in _PYTYPES:
        return _PYTYPES[type_]
    raise KeyError(type_)


# the Tensor class, registered by deepsink.common.tensor when it is defined (the dtype layer sits
# below the Tensor and does not import it)
_TENSOR_CLASSES: tuple[type, ...] = ()


def _register_tensor_class(cls: type) -> None:
    """Make ``get_py_obj_dtype`` see instances of ``cls`` as Tensors."""
    global _TENSOR_CLASSES
    _TENSOR_CLASSES = (*_TENSOR_CLASSES, cls)


def get_py_obj_dtype(obj: Any) -> Any:
    """The MindSpore type of a Python object or type: ``TensorType(dtype)`` for a Tensor,
    ``function`` for a Cell, Primitive or function, ``type_type`` for a dtype, else the dtype
    of the Python type (``int`` -> int64, ``float`` -> float64, ``bool`` -> bool_, ``list`` ->
    list_, ``None`` -> type_none, ...).

    Args:
        obj (Any): a value or a Python type.

    Returns:
        The MindSpore type.

    Raises:
        TypeError: for a type with no MindSpore equivalent.

    Examples:
        >>> import deepsink as ms
        >>> print(ms.get_py_obj_dtype(1), ms.get_py_obj_dtype(1.0), ms.get_py_obj_dtype([1]))
        Int64 Float64 List
    """
    if isinstance(obj, _TENSOR_CLASSES):
        return TensorType(obj.dtype)
    if hasattr(obj, "construct") or inspect.isfunction(obj):
        return function
    if isinstance(obj, Type | TensorType | _ValueType):
        return type_type
    kind = obj if isinstance(obj, type) else type(obj)
    table = {
        builtins.bool: bool_,
        int: int64,
        float: float64,
        list: list_,
        tuple: tuple_,
        type(None): type_none,
        str: string,
        complex: complex128,
    }
    if kind in table:
        return table[kind]
    try:
        return from_np(kind)
    except TypeError:
        raise TypeError(
            f"For 'get_py_obj_dtype', the type {kind.__name__} has no MindSpore equivalent"
        ) from None


class QuantDtype(enum.Enum):
    """The data types of quantization: ``INT1`` to ``INT16`` (values 0-15) and ``UINT1`` to
    ``UINT16`` (values 100-115), as MindSpore numbers them for serialization.

    Examples:
        >>> from deepsink import QuantDtype
        >>> print(QuantDtype.INT8, QuantDtype.INT8.value(), QuantDtype.UINT16.value())
        INT8 7 115
    """

    _ignore_ = ["_i"]
    for _i in range(1, 17):
        vars()[f"INT{_i}"] = _i - 1
    for _i in range(1, 17):
        vars()[f"UINT{_i}"] = 99 + _i

    def __str__(self) -> str:
        return self.name

    def value(self) -> int:  # noqa: D102 - MindSpore's: a method, not the attribute
        """The integer of this type, used to serialize it."""
        return self._value_
