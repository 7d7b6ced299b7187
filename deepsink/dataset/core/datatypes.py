"""``mindspore.dataset.core.datatypes``: MindSpore dtypes as the dataset engine's types."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype


def mstype_to_detype(type_: Any) -> np.dtype:
    """The engine's type of a MindSpore dtype: deepsink's engine holds NumPy arrays, so the NumPy
    dtype, whose ``str`` is the name MindSpore's engine type gives (``int32``).

    Raises:
        NotImplementedError: ``type_`` is not a MindSpore dtype (MindSpore 2.10's error).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.core.datatypes import mstype_to_detype
        >>> print(mstype_to_detype(ms.int32))
        int32
    """
    if not isinstance(type_, mstype.Type):
        fail_arg("mstype_to_detype", "type_", "a mindspore dtype", type_, NotImplementedError)
    return np.dtype(mstype.to_np(type_))


_NAMES = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
)


class DataType:
    """The dataset engine's element type by name (``mindspore._c_dataengine.DataType``): the
    numeric names, ``"string"`` and ``"bytes"``; any other name is ``"unknown"``.

    Examples:
        >>> from deepsink.dataset.core.datatypes import DataType
        >>> print(DataType("int64"), DataType("int64") == DataType("int64"), DataType("junk"))
        int64 True unknown
    """

    def __init__(self, name: str) -> None:
        self.name = name if name in (*_NAMES, "string", "bytes") else "unknown"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __str__(self) -> str:
        return self.name


def nptype_to_detype(type_: Any) -> DataType | None:
    """The engine's type of a NumPy dtype (``np.dtype(type_)``); ``None`` for a dtype the engine
    has no type for (as MindSpore 2.10, which maps only ``np.dtype("str")`` to ``"string"``).

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.core.datatypes import nptype_to_detype
        >>> print(nptype_to_detype(np.int32), nptype_to_detype(np.dtype("str")))
        int32 string
    """
    dtype = np.dtype(type_)
    if dtype == np.dtype("str"):
        return DataType("string")
    return DataType(dtype.name) if dtype.name in _NAMES and dtype.kind in "biuf" else None
