"""Argument checks of ``mindspore.dataset`` with MindSpore's exception types and wording.

Users (and MindSpore's tests) match on these messages, e.g. "Input count is not within the required
interval of [0, 2147483647]." or "Argument data_type with value JUNK is not of type [...]".
"""

from __future__ import annotations

import os
from typing import Any

from deepsink._core.names import type_repr

INT32_MAX = 2147483647
INT32_MIN = -2147483648
INT64_MAX = 9223372036854775807


def type_check(arg: Any, types: tuple, arg_name: str) -> None:
    """TypeError unless ``arg`` is one of ``types`` (a bool is not an int unless bool is listed)."""
    as_int = isinstance(arg, bool) and int in types and bool not in types
    if as_int or not isinstance(arg, types):
        shown = '""' if repr(arg) == repr("") else arg
        # MindSpore shows the tuple itself for a bool given as an int, a list otherwise
        raise TypeError(
            f"Argument {arg_name} with value {shown} is not of type "
            f"{types if as_int else list(types)}, but got {type_repr(arg)}."
        )


def check_independent_mode(feature_name: str, condition: bool = True) -> None:
    """RuntimeError for a feature that MindSpore refuses in its independent dataset process mode
    (``MS_INDEPENDENT_DATASET=True``), with MindSpore's wording."""
    env = os.getenv("MS_INDEPENDENT_DATASET")
    if condition and env and env.strip() in ("True", "true"):
        raise RuntimeError(f"{feature_name} is not supported in Dataset Independent mode.")


def check_value(
    value: Any,
    valid_range: tuple,
    arg_name: str = "",
    left_open: bool = False,
    right_open: bool = False,
) -> None:
    """ValueError unless ``value`` lies in the interval (closed unless ``*_open``)."""
    lo, hi = valid_range
    below = value <= lo if left_open else value < lo
    above = value >= hi if right_open else value > hi
    if below or above:
        name = f"{arg_name} " if arg_name else ""
        left, right = "(" if left_open else "[", ")" if right_open else "]"
        raise ValueError(
            f"Input {name}is not within the required interval of {left}{lo}, {hi}{right}."
        )


def check_int(value: Any, valid_range: tuple, arg_name: str) -> int:
    type_check(value, (int,), arg_name)
    check_value(value, valid_range, arg_name)
    return value


def check_pos_int32(value: Any, arg_name: str) -> int:
    return check_int(value, (1, INT32_MAX), arg_name)


def check_non_negative_int32(value: Any, arg_name: str) -> int:
    return check_int(value, (0, INT32_MAX), arg_name)


def check_num_parallel_workers(value: Any, api: str | None = None) -> int:
    """MindSpore's rule: an int from 1 to the machine's CPU count (each worker may be a process,
    so an unchecked 1000 would fork 1000 processes)."""
    type_check(value, (int,), "num_parallel_workers")
    cpus = os.cpu_count() or 1
    if not 1 <= value <= cpus:
        where = f"For '{api}', " if api else ""
        raise ValueError(
            f"{where}num_parallel_workers exceeds the boundary between 1 and {cpus}! "
            f"Got {value}; this machine has {cpus} CPUs"
        )
    return value


def check_num_samples(value: Any) -> int:
    type_check(value, (int,), "num_samples")
    if value < 0 or value > INT64_MAX:
        raise ValueError(f"num_samples exceeds the boundary between 0 and {INT64_MAX}(INT64_MAX)!")
    return value


def check_shards(num_shards: Any, shard_id: Any) -> None:
    """MindSpore's num_shards/shard_id checks (both or neither; 0 <= shard_id < num_shards)."""
    if num_shards is None and shard_id is None:
        return
    if num_shards is None:
        raise RuntimeError("shard_id is specified but num_shards is not.")
    if shard_id is None:
        raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
    check_pos_int32(num_shards, "num_shards")
    type_check(shard_id, (int,), "shard_id")
    check_value(shard_id, (0, num_shards - 1), "shard_id")


def check_columns(columns: Any, name: str) -> list[str]:
    """A column name or a non-empty list of distinct non-empty names, as a list."""
    type_check(columns, (list, str), name)
    if isinstance(columns, str):
        if not columns:
            raise ValueError(f"{name} should not be an empty str.")
        return [columns]
    if not columns:
        raise ValueError(f"{name} should not be empty.")
    for i, c in enumerate(columns):
        if not c:
            raise ValueError(f"{name}[{i}] should not be empty.")
        type_check(c, (str,), f"{name}[{i}]")
    if len(set(columns)) != len(columns):
        raise ValueError(f"Every column name should not be same with others in {name}.")
    return list(columns)


# -- the helpers the op validators (transforms.validators, vision.validators) build on ----------
UINT8_MAX = 255
UINT32_MAX = 4294967295
UINT64_MAX = 18446744073709551615
FLOAT_MAX_INTEGER = 16777216
FLOAT_MIN_INTEGER = -16777216
DOUBLE_MAX_INTEGER = 9007199254740992
DOUBLE_MIN_INTEGER = -9007199254740992


def pad_arg_name(arg_name: str) -> str:
    """``arg_name`` followed by a space (nothing for an empty name)."""
    return f"{arg_name} " if arg_name else arg_name


def parse_user_args(method: Any, *args: Any, **kwargs: Any) -> tuple[list, dict]:
    """The values of ``method``'s parameters (after ``self``/``cls``) for this call, defaults
    applied, and the bound arguments; a call that does not fit raises Python's TypeError."""
    import inspect

    sig = inspect.signature(method)
    if "self" in sig.parameters or "cls" in sig.parameters:
        ba = sig.bind(method, *args, **kwargs)
        params = list(sig.parameters)[1:]
    else:
        ba = sig.bind(*args, **kwargs)
        params = list(sig.parameters)
    ba.apply_defaults()
    return [ba.arguments.get(p) for p in params], ba.arguments


def type_check_list(args: Any, types: tuple, arg_names: Any) -> None:
    """``type_check`` on each item, named ``arg_names[i]`` (or ``arg_names[i]`` of one str)."""
    type_check(args, (list, tuple), arg_names)
    if not isinstance(arg_names, str) and len(args) != len(arg_names):
        raise ValueError("List of arguments is not the same length as argument_names.")
    if isinstance(arg_names, str):
        arg_names = [f"{arg_names}[{i}]" for i in range(len(args))]
    for arg, name in zip(args, arg_names):
        type_check(arg, types, name)


def check_positive(value: Any, arg_name: str = "") -> None:
    if value <= 0:
        raise ValueError(f"Input {pad_arg_name(arg_name)}must be greater than 0.")


def check_range(values: Any, valid_range: Any, arg_name: str = "") -> None:
    """ValueError unless ``valid_range[0] <= values[0] <= values[1] <= valid_range[1]``."""
    if not valid_range[0] <= values[0] <= values[1] <= valid_range[1]:
        raise ValueError(
            f"Input {pad_arg_name(arg_name)}is not within the required interval of "
            f"[{valid_range[0]}, {valid_range[1]}]."
        )


def check_2tuple(value: Any, arg_name: str = "") -> None:
    if not (isinstance(value, tuple) and len(value) == 2):
        raise ValueError(f"Value {arg_name} needs to be a 2-tuple.")


def check_odd(value: Any, arg_name: str = "") -> None:
    if value % 2 != 1:
        raise ValueError(f"Input {pad_arg_name(arg_name)}is not an odd value.")


def check_int32(value: Any, arg_name: str = "") -> None:
    check_int(value, (INT32_MIN, INT32_MAX), arg_name)


def check_uint8(value: Any, arg_name: str = "") -> None:
    check_int(value, (0, UINT8_MAX), arg_name)


def check_uint32(value: Any, arg_name: str = "") -> None:
    check_int(value, (0, UINT32_MAX), arg_name)


def check_pos_int64(value: Any, arg_name: str = "") -> None:
    check_int(value, (1, INT64_MAX), arg_name)


def check_float32(value: Any, arg_name: str = "") -> None:
    type_check(value, (float, int), arg_name)
    check_value(value, (FLOAT_MIN_INTEGER, FLOAT_MAX_INTEGER), arg_name)


def check_pos_float32(value: Any, arg_name: str = "") -> None:
    type_check(value, (float, int), arg_name)
    check_value(value, (0, FLOAT_MAX_INTEGER), arg_name, left_open=True)


def check_non_negative_float32(value: Any, arg_name: str = "") -> None:
    type_check(value, (float, int), arg_name)
    check_value(value, (0, FLOAT_MAX_INTEGER), arg_name)


def check_tensor_op(param: Any, param_name: str) -> None:
    """TypeError unless ``param`` is a transform (an op object or a callable)."""
    if not callable(param) and not getattr(param, "parse", None):
        raise TypeError(
            f"{param_name} is neither a transforms op (TensorOperation) nor a callable pyfunc."
        )


def replace_none(value: Any, default: Any) -> Any:
    return value if value is not None else default


def check_int32_not_zero(value: Any, arg_name: str = "") -> None:
    """An int in [INT32_MIN, INT32_MAX] other than 0 (MindSpore's type error names the argument
    followed by its padding space, as here)."""
    arg_name = pad_arg_name(arg_name)
    type_check(value, (int,), arg_name)
    if value < INT32_MIN or value > INT32_MAX or value == 0:
        raise ValueError(
            f"Input {arg_name}is not within the required interval of "
            f"[{INT32_MIN}, 0) and (0, {INT32_MAX}]."
        )


def check_float32_not_zero(value: Any, arg_name: str = "") -> None:
    """A number in [-16777216, 16777216] other than 0."""
    arg_name = pad_arg_name(arg_name)
    type_check(value, (float, int), arg_name)
    if value < FLOAT_MIN_INTEGER or value > FLOAT_MAX_INTEGER or value == 0:
        raise ValueError(
            f"Input {arg_name}is not within the required interval of "
            f"[{FLOAT_MIN_INTEGER}, 0) and (0, {FLOAT_MAX_INTEGER}]."
        )


def check_list_same_size(
    list1: Any, list2: Any, list1_name: str = "", list2_name: str = ""
) -> None:
    if len(list1) != len(list2):
        raise ValueError(f"The size of {list1_name} should be the same as that of {list2_name}.")


def check_filename(path: Any) -> None:
    """A file path (str) whose file name has none of MindSpore's forbidden symbols and does not
    start or end with a space.

    Raises:
        TypeError: ``path`` is not a str.
        ValueError: the file name is not allowed.
    """
    if not isinstance(path, str):
        raise TypeError(f"path: {path} is not string")
    filename = os.path.basename(os.path.realpath(path))
    if set(filename) & set("\\/:*?\"<>|`&';"):
        raise ValueError("filename should not contain \\/:*?\\\"<>|`&;\\'")
    if filename.startswith(" ") or filename.endswith(" "):
        raise ValueError("filename should not start/end with space.")


def check_file(dataset_file: Any) -> None:
    """An allowed file name (``check_filename``) of a readable file.

    Raises:
        TypeError: ``dataset_file`` is not a str.
        ValueError: the name is not allowed, or the file is missing or unreadable.
    """
    check_filename(dataset_file)
    real = os.path.realpath(dataset_file)
    if not os.path.isfile(real) or not os.access(real, os.R_OK):
        raise ValueError(f"The file {real} does not exist or permission denied!")
