"""The scalar and sequence operators of ``mindspore.ops`` (``ops.scalar_add``, ``ops.bool_and``,
``ops.tuple_getitem``, ``ops.make_tuple``, ...).

MindSpore's graph compiler lowers Python's operators on constants (ints, floats, bools, tuples,
lists, dicts, strings) to these primitives; called directly they are those operators. They take
Python values (0-d Tensors are read as numbers) and return Python values.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = [
    "scalar_add", "scalar_sub", "scalar_mul", "scalar_div", "scalar_floordiv", "scalar_mod",
    "scalar_pow", "scalar_eq", "scalar_ne", "scalar_gt", "scalar_ge", "scalar_lt", "scalar_le",
    "scalar_max", "scalar_min", "scalar_log", "scalar_uadd", "scalar_usub", "scalar_cast",
    "bool_and", "bool_or", "bool_not", "bool_eq", "is_", "is_not", "in_dict", "not_in_dict",
    "tuple_getitem", "list_getitem", "dict_getitem", "tuple_setitem", "list_setitem",
    "dict_setitem", "tuple_len", "list_len", "make_tuple", "make_list", "make_dict",
    "make_slice", "tuple_equal", "list_equal", "tuple_reversed", "tuple_div", "string_concat",
    "string_eq", "shape_mul", "tuple_to_array", "scalar_to_array",
]  # fmt: skip


def _number(x: Any, api: str, arg: str) -> Any:
    if isinstance(x, Tensor) and x.ndim == 0:
        return x.item()
    if isinstance(x, bool | int | float | np.number | np.bool_):
        return x.item() if isinstance(x, np.generic) else x
    U.fail(
        api, f"'{arg}' must be a number (int, float or bool), but got {type(x).__name__}", TypeError
    )


def _scalar2(name: str, fn: Callable, doc: str) -> Callable:
    def op(x: Any, y: Any) -> Any:
        return fn(_number(x, name, "x"), _number(y, name, "y"))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


def _div(x: Any, y: Any) -> float:
    if y == 0:
        U.fail("scalar_div", "the divisor 'y' must not be 0")
    return x / y


def _floordiv(x: Any, y: Any) -> Any:
    if y == 0:
        U.fail("scalar_floordiv", "the divisor 'y' must not be 0")
    return x // y


def _mod(x: Any, y: Any) -> Any:
    if y == 0:
        U.fail("scalar_mod", "the divisor 'y' must not be 0")
    return x % y


scalar_add = _scalar2("scalar_add", operator.add, "``x + y``.")
scalar_sub = _scalar2("scalar_sub", operator.sub, "``x - y``.")
scalar_mul = _scalar2("scalar_mul", operator.mul, "``x * y``.")
scalar_div = _scalar2("scalar_div", _div, "``x / y`` (true division, a float).")
scalar_floordiv = _scalar2("scalar_floordiv", _floordiv, "``x // y``.")
scalar_mod = _scalar2("scalar_mod", _mod, "``x % y`` (the sign of ``y``).")
scalar_pow = _scalar2("scalar_pow", operator.pow, "``x ** y``.")
scalar_eq = _scalar2("scalar_eq", operator.eq, "``x == y``.")
scalar_ne = _scalar2("scalar_ne", operator.ne, "``x != y``.")
scalar_gt = _scalar2("scalar_gt", operator.gt, "``x > y``.")
scalar_ge = _scalar2("scalar_ge", operator.ge, "``x >= y``.")
scalar_lt = _scalar2("scalar_lt", operator.lt, "``x < y``.")
scalar_le = _scalar2("scalar_le", operator.le, "``x <= y``.")
scalar_max = _scalar2("scalar_max", max, "The larger of ``x`` and ``y``.")
scalar_min = _scalar2("scalar_min", min, "The smaller of ``x`` and ``y``.")


def scalar_log(x: Any) -> float:
    """The natural logarithm of a positive number."""
    v = _number(x, "scalar_log", "x")
    if v <= 0:
        U.fail("scalar_log", f"'x' must be positive, but got {v}")
    return math.log(v)


def scalar_uadd(x: Any) -> Any:
    """``+x``."""
    return +_number(x, "scalar_uadd", "x")


def scalar_usub(x: Any) -> Any:
    """``-x``."""
    return -_number(x, "scalar_usub", "x")


def scalar_cast(input_x: Any, input_y: Any) -> Any:
    """The number ``input_x`` as the Python type of ``input_y``: int64, float64 or bool."""
    v = _number(input_x, "scalar_cast", "input_x")
    dt = U.dtype(input_y, "scalar_cast", "input_y")
    if dt not in (np.dtype(np.int64), np.dtype(np.float64), np.dtype(np.bool_)):
        U.fail("scalar_cast", f"'input_y' must be one of int64, float64, bool, but got {input_y}")
    return bool(v) if dt.kind == "b" else int(v) if dt.kind == "i" else float(v)


def bool_and(x: bool, y: bool) -> bool:
    return bool(x) and bool(y)


def bool_or(x: bool, y: bool) -> bool:
    return bool(x) or bool(y)


def bool_not(x: bool) -> bool:
    return not x


def bool_eq(x: bool, y: bool) -> bool:
    return bool(x) == bool(y)


def is_(x: Any, y: Any) -> bool:
    """``x is y``."""
    return x is y


def is_not(x: Any, y: Any) -> bool:
    """``x is not y``."""
    return x is not y


def in_dict(key: Any, d: dict) -> bool:
    """``key in d``."""
    return key in d


def not_in_dict(key: Any, d: dict) -> bool:
    """``key not in d``."""
    return key not in d


def _getitem(name: str, kind: type) -> Callable:
    def op(data: Any, index: Any) -> Any:
        if not isinstance(data, kind):
            U.fail(
                name, f"'data' must be a {kind.__name__}, but got {type(data).__name__}", TypeError
            )
        return data[index]

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"``data[index]`` of a {kind.__name__}."
    return op


tuple_getitem = _getitem("tuple_getitem", tuple)
list_getitem = _getitem("list_getitem", list)
dict_getitem = _getitem("dict_getitem", dict)


def tuple_setitem(data: tuple, index: int, value: Any) -> tuple:
    """A copy of the tuple ``data`` with ``data[index]`` replaced by ``value``."""
    items = list(data)
    items[index] = value
    return tuple(items)


def list_setitem(data: list, index: int, value: Any) -> list:
    """A copy of the list ``data`` with ``data[index]`` replaced by ``value``."""
    items = list(data)
    items[index] = value
    return items


def dict_setitem(data: dict, key: Any, value: Any) -> dict:
    """A copy of the dict ``data`` with ``data[key] = value``."""
    return {**data, key: value}


def tuple_len(data: tuple) -> int:
    return len(data)


def list_len(data: list) -> int:
    return len(data)


def make_tuple(*args: Any) -> tuple:
    return tuple(args)


def make_list(*args: Any) -> list:
    return list(args)


def make_dict(keys: Any, values: Any) -> dict:
    """The dict pairing ``keys`` with ``values``."""
    return dict(zip(keys, values, strict=True))


def make_slice(start: Any, stop: Any, step: Any) -> slice:
    return slice(start, stop, step)


def tuple_equal(x: tuple, y: tuple) -> bool:
    return tuple(x) == tuple(y)


def list_equal(x: list, y: list) -> bool:
    return list(x) == list(y)


def tuple_reversed(x: tuple) -> tuple:
    return tuple(reversed(x))


def tuple_div(x: tuple, y: tuple) -> tuple:
    """Elementwise integer division of two shapes; every entry must divide exactly."""
    if len(x) != len(y):
        U.fail("tuple_div", f"the tuples must have one length, but got {x} and {y}")
    for a, b in zip(x, y):
        if b == 0 or a % b:
            U.fail("tuple_div", f"each entry of {x} must be divisible by that of {y}")
    return tuple(a // b for a, b in zip(x, y))


def string_concat(x: str, y: str) -> str:
    return x + y


def string_eq(x: str, y: str) -> bool:
    return x == y


def shape_mul(input_data: tuple) -> int:
    """The product of the entries of a shape tuple (its element count)."""
    return math.prod(input_data)


def tuple_to_array(input_x: tuple) -> Tensor:
    """A 1-D Tensor of the numbers in a tuple (Int32 for ints, Float32 for floats)."""
    if not isinstance(input_x, tuple | list) or not input_x:
        U.fail(
            "tuple_to_array",
            f"'input_x' must be a non-empty tuple of numbers, but got {input_x!r}",
            TypeError,
        )
    kind = np.float32 if any(isinstance(v, float) for v in input_x) else np.int32
    return Tensor(np.asarray(input_x, kind))


def scalar_to_array(input_x: Any) -> Tensor:
    """A 0-d Tensor of the number ``input_x`` (Int64 for an int, Float32 for a float)."""
    v = _number(input_x, "scalar_to_array", "input_x")
    return Tensor(np.asarray(v, np.float32 if isinstance(v, float) else np.int64))
