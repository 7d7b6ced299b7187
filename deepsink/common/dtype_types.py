"""MindSpore's dtype names beyond the Tensor element types: the 8-bit floats, the types of
non-Tensor values (``number``, ``list_``, ``tuple_``, ``type_none``, ``TensorType``), the ``Int``
family, ``QuantDtype`` and the conversions ``dtype_to_pytype`` / ``get_py_obj_dtype``.

``float8_e4m3fn`` and ``float8_e5m2`` are real element types here (ml_dtypes, which JAX uses).
``hifloat8`` (Ascend's HiFloat8) and ``qint4x2`` (two int4 packed in a byte for Ascend's
quantized matmuls) have no representation in XLA and are refused.
"""

from __future__ import annotations

import builtins
import enum
import inspect
from typing import Any

import ml_dtypes

from deepsink._core.unsupported import unsupported
from deepsink.common import dtype as _dt


class _Float8(_dt.Type):
    """An 8-bit float dtype; its repr keeps MindSpore's underscore (``mindspore.float8_e5m2``)."""

    __slots__ = ("_repr",)

    def __init__(self, name: str, np_dtype: Any, repr_name: str) -> None:
        super().__init__(name, np_dtype)
        self._repr = repr_name

    def __repr__(self) -> str:
        return f"mindspore.{self._repr}"


float8_e4m3fn = _Float8("Float8E4M3FN", ml_dtypes.float8_e4m3fn, "float8_e4m3fn")
float8_e5m2 = _Float8("Float8E5M2", ml_dtypes.float8_e5m2, "float8_e5m2")
_dt._BY_NP.update({t.np: t for t in (float8_e4m3fn, float8_e5m2)})

hifloat8 = unsupported(
    "mindspore", "hifloat8",
    "HiFloat8 is an Ascend-only 8-bit float format with no XLA or NumPy representation",
)  # fmt: skip
qint4x2 = unsupported(
    "mindspore", "qint4x2",
    "qint4x2 packs two int4 values in a byte for Ascend's quantized kernels; XLA has no such "
    "packed type",
)  # fmt: skip


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
        return isinstance(obj, _dt.Type) and obj.np.kind == "i"


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
        >>> import mindspore as ms
        >>> print(ms.Int(8), ms.Int(8) == ms.int8, isinstance(ms.int32, ms.Int))
        Int8 True True
    """

    def __new__(cls, nbits: int = 64) -> Any:  # noqa: D102
        kinds = {8: _dt.int8, 16: _dt.int16, 32: _dt.int32, 64: _dt.int64}
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
        >>> import mindspore as ms
        >>> t = ms.TensorType(ms.float32)
        >>> print(t, t.element_type(), t == ms.get_py_obj_dtype(ms.Tensor([1.0])))
        Tensor[Float32] Float32 True
    """

    def __init__(self, element_type: Any = None) -> None:
        if element_type is not None and not isinstance(element_type, _dt.Type):
            raise TypeError(f"For 'TensorType', 'element_type' must be a mindspore dtype, but "
                            f"got {type(element_type).__name__}")  # fmt: skip
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
    _dt.bool_: builtins.bool, **dict.fromkeys(_dt.int_type + _dt.uint_type, builtins.int),
    **dict.fromkeys(_dt.float_type, builtins.float), _dt.complex64: complex,
    _dt.complex128: complex, _dt.string: str,
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
        >>> import mindspore as ms
        >>> print(ms.dtype_to_pytype(ms.bool_), ms.dtype_to_pytype(ms.float16))
        <class 'bool'> <class 'float'>
    """
    special = {id(list_): list, id(tuple_): tuple, id(type_none): type(None)}
    if id(type_) in special:
        return special[id(type_)]
    if isinstance(type_, _dt.Type) and type_ in _PYTYPES:
        return _PYTYPES[type_]
    raise KeyError(type_)


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
        >>> import mindspore as ms
        >>> print(ms.get_py_obj_dtype(1), ms.get_py_obj_dtype(1.0), ms.get_py_obj_dtype([1]))
        Int64 Float64 List
    """
    from deepsink.common.tensor import Tensor

    if isinstance(obj, Tensor):
        return TensorType(obj.dtype)
    if hasattr(obj, "construct") or inspect.isfunction(obj):
        return function
    if isinstance(obj, _dt.Type | TensorType | _ValueType):
        return type_type
    kind = obj if isinstance(obj, type) else type(obj)
    table = {builtins.bool: _dt.bool_, int: _dt.int64, float: _dt.float64, list: list_,
             tuple: tuple_, type(None): type_none, str: _dt.string, complex: _dt.complex128}  # fmt: skip
    if kind in table:
        return table[kind]
    try:
        return _dt.from_np(kind)
    except TypeError:
        raise TypeError(
            f"For 'get_py_obj_dtype', the type {kind.__name__} has no MindSpore equivalent"
        ) from None


class QuantDtype(enum.Enum):
    """The data types of quantization: ``INT1`` to ``INT16`` (values 0-15) and ``UINT1`` to
    ``UINT16`` (values 100-115), as MindSpore numbers them for serialization.

    Examples:
        >>> from mindspore import QuantDtype
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
