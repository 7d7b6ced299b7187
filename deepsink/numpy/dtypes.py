"""``mindspore.numpy``'s dtype names and dtype queries (``promote_types``, ``result_type``).

The names are MindSpore's dtypes (``mnp.float32 is mindspore.float32``); ``int_``/``float_``
are the 32-bit defaults. Promotion is MindSpore's table (``dtype_rules.promote``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.common.tensor import Tensor
from deepsink.numpy.utils import _py_dtype, fail, np_dtype

__all__ = [
    "bool_", "float16", "float32", "float64", "float_", "int16", "int32", "int64", "int8", "int_",
    "promote_types", "result_type", "uint16", "uint32", "uint64", "uint8",
]  # fmt: skip

int_ = mstype.int32
int8 = mstype.int8
int16 = mstype.int16
int32 = mstype.int32
int64 = mstype.int64
uint8 = mstype.uint8
uint16 = mstype.uint16
uint32 = mstype.uint32
uint64 = mstype.uint64
float_ = mstype.float32
float16 = mstype.float16
float32 = mstype.float32
float64 = mstype.float64
bool_ = mstype.bool_


def promote_types(type1: Any, type2: Any) -> mstype.Type:
    """The smallest dtype both ``type1`` and ``type2`` cast to (MindSpore's promotion table)."""
    a = np_dtype(type1, "promote_types", "type1")
    b = np_dtype(type2, "promote_types", "type2")
    return mstype.from_np(dtype_rules.promote(a, b))


def result_type(*arrays_and_dtypes: Any) -> mstype.Type:
    """The dtype of an op over all arguments: Tensors by dtype, dtypes as given, Python
    numbers as ``mindspore.numpy`` makes them (int -> Int32, float -> Float32)."""
    if not arrays_and_dtypes:
        fail("result_type", "at least one array or dtype is required", ValueError)
    dts = []
    for v in arrays_and_dtypes:
        if isinstance(v, Tensor):
            dts.append(np.dtype(v._data.dtype))
        elif isinstance(v, bool | int | float | complex | list | tuple | np.ndarray):
            dts.append(_py_dtype(v))
        else:
            dts.append(np_dtype(v, "result_type", "arrays_and_dtypes"))
    return mstype.from_np(dtype_rules.promote(*dts))
