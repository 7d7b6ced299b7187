"""``mindspore._checkparam``: MindSpore's private argument checkers, which its libraries import
(mindocr's ``from mindspore import _checkparam as Validator`` then ``Validator.check_positive_int``).

Each checker returns the value it checks, or raises the exception type and message MindSpore 2.10
raises (recorded in ``tests/fixtures/ms/checkparam.json``). ``rel`` takes the relation constants
below: ``EQ`` ... ``NOT_IN`` for one bound, ``INC_NEITHER`` ... ``INC_BOTH`` for a range.
"""

from __future__ import annotations

import functools
import inspect
import math
import operator
from collections.abc import Iterable
from typing import Any

import numpy as np

EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6  # one bound
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10  # a range: (), [), (], []
IN, NOT_IN = 11, 12  # membership

_BINARY = {
    EQ: ("=", operator.eq),
    NE: ("!=", operator.ne),
    LT: ("<", operator.lt),
    LE: ("<=", operator.le),
    GT: (">", operator.gt),
    GE: (">=", operator.ge),
    IN: ("in", lambda a, b: a in b),
    NOT_IN: ("not in", lambda a, b: a not in b),
}
# (left bracket, right bracket, lower bound included, upper bound included)
_RANGES = {
    INC_NEITHER: ("(", ")", False, False),
    INC_LEFT: ("[", ")", True, False),
    INC_RIGHT: ("(", "]", False, True),
    INC_BOTH: ("[", "]", True, True),
}


def _holds(value: Any, bound: Any, rel: int) -> bool:
    return rel in _BINARY and bool(_BINARY[rel][1](value, bound))


def _relation(bound: Any, rel: int) -> str:
    return f"{_BINARY[rel][0]} {bound}" if rel in _BINARY else ""


def _in_range(value: Any, lower: Any, upper: Any, rel: int) -> bool:
    if rel not in _RANGES:
        return False
    _, _, low_in, up_in = _RANGES[rel]
    above = value >= lower if low_in else value > lower
    below = value <= upper if up_in else value < upper
    return bool(above and below)


def _subject(arg_name: str | None, prim_name: str | None) -> str:
    """``For 'prim', the 'arg'`` / ``The input value``: how MindSpore names the checked value."""
    prefix = f"For '{prim_name}', the " if prim_name else "The "
    return prefix + (f"'{arg_name}'" if arg_name else "input value")


def _check_number(arg_value, value, rel, arg_type, arg_name=None, prim_name=None):
    subject = _subject(arg_name, prim_name)
    if not isinstance(arg_value, arg_type):
        raise TypeError(
            f"{subject} must be {arg_type.__name__}, but got '{type(arg_value).__name__}'"
        )
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{subject} must be a legal value, but got '{arg_value}'.")
    is_bool = isinstance(arg_value, bool)
    if is_bool or not _holds(arg_value, value, rel):
        msg = (
            f"{subject} must be {arg_type.__name__} and must {_relation(value, rel)}, "
            f"but got '{arg_value}' with type '{type(arg_value).__name__}'."
        )
        raise (TypeError if is_bool else ValueError)(msg)
    return arg_value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int (not a bool) in relation ``rel`` to ``value``."""
    return _check_number(arg_value, value, rel, int, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    """``arg_value`` is a float in relation ``rel`` to ``value``."""
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_is_int(arg_value, arg_name=None, prim_name=None):
    """``arg_value`` is a finite int."""
    return check_is_number(arg_value, int, arg_name, prim_name)


def check_is_float(arg_value, arg_name=None, prim_name=None):
    """``arg_value`` is a finite float."""
    return check_is_number(arg_value, float, arg_name, prim_name)


def check_is_number(arg_value, arg_type, arg_name=None, prim_name=None):
    """``arg_value`` is a finite number of ``arg_type``, not a bool."""
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    name = f"'{arg_name}'" if arg_name else "input value"
    if not isinstance(arg_value, arg_type) or isinstance(arg_value, bool):
        raise TypeError(
            f"{prefix} type of {name} must be '{arg_type.__name__}', "
            f"but got '{type(arg_value).__name__}'."
        )
    if math.isinf(arg_value) or math.isnan(arg_value):
        raise ValueError(f"{prefix} {name} must be a legal float, but got '{arg_value}'.")
    return arg_value


def _bound_checker(arg_type: type, rel: int, doc: str):
    def check(arg_value, arg_name=None, prim_name=None):
        return _check_number(arg_value, 0, rel, arg_type, arg_name, prim_name)

    check.__doc__ = f"``arg_value`` is {doc}."
    return check


check_positive_int = _bound_checker(int, GT, "an int > 0")
check_negative_int = _bound_checker(int, LT, "an int < 0")
check_non_positive_int = _bound_checker(int, LE, "an int <= 0")
check_non_negative_int = _bound_checker(int, GE, "an int >= 0")
check_positive_float = _bound_checker(float, GT, "a float > 0")
check_negative_float = _bound_checker(float, LT, "a float < 0")
check_non_positive_float = _bound_checker(float, LE, "a float <= 0")
check_non_negative_float = _bound_checker(float, GE, "a float >= 0")
for _name, _checker in list(globals().items()):
    if _name.startswith(("check_positive_", "check_negative_", "check_non_")):
        _checker.__name__ = _checker.__qualname__ = _name


def check_equal_int(arg_value, value, arg_name=None, prim_name=None):
    """``arg_value`` is an int equal to ``value``."""
    return _check_number(arg_value, value, EQ, int, arg_name, prim_name)


def check_number_range(
    arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None, prim_name=None
):
    """``arg_value`` (a ``value_type`` or NumPy number, not a bool) lies in the range ``rel``."""
    subject = _subject(arg_name, prim_name)
    numeric = isinstance(arg_value, np.ndarray | np.generic | value_type)
    if not numeric or isinstance(arg_value, bool):
        raise TypeError(
            f"{subject} must be '{value_type.__name__}',  but got '{type(arg_value).__name__}'."
        )
    if not _in_range(arg_value, lower_limit, upper_limit, rel):
        low, up = (_RANGES[rel][0], _RANGES[rel][1]) if rel in _RANGES else ("", "")
        span = f"{low}{lower_limit}, {upper_limit}{up}" if rel in _RANGES else ""
        raise ValueError(
            f"{subject} must be in range of {span}, "
            f"but got {arg_value} with type '{type(arg_value).__name__}'."
        )
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """``arg_value`` is an int in the range ``rel`` (``INC_BOTH``: ``[lower, upper]``)."""
    return check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """``arg_value`` is a float in the range ``rel``."""
    return check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """``arg_value`` is in relation ``rel`` to ``value`` (named ``value_name``), else ``excp_cls``."""
    if not _holds(arg_value, value, rel):
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        subject = f"{prefix} '{arg_name}'" if " " not in arg_name else f"{prefix} {arg_name}"
        raise excp_cls(
            f"{subject} should be {_relation(f'{value_name}: {value}', rel)}, but got {arg_value}."
        )
    return arg_value


def check_number(arg_name, arg_value, value, rel, prim_name):
    """``arg_value`` is in relation ``rel`` to ``value``, else a ValueError."""
    if not _holds(arg_value, value, rel):
        raise ValueError(
            f"For '{prim_name}', the argument '{arg_name}' must {_relation(value, rel)}, "
            f"but got {arg_value}."
        )
    return arg_value


def check_isinstance(arg_name, arg_value, classes):
    """``arg_value`` is an instance of ``classes`` (a ValueError otherwise, as in MindSpore)."""
    if not isinstance(arg_value, classes):
        raise ValueError(
            f"The parameter '{arg_name}' must be isinstance of {classes}, but got {arg_value}."
        )
    return arg_value


def check_bool(arg_value, arg_name=None, prim_name=None):
    """``arg_value`` is a bool."""
    if not isinstance(arg_value, bool):
        raise TypeError(
            f"{_subject(arg_name, prim_name)} must be a bool, but got {type(arg_value).__name__}."
        )
    return arg_value


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """``arg_value`` is a str among ``valid_values``."""
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        raise ValueError(
            f"{prefix} '{arg_name or 'parameter'}' must be str and must be in '{valid_values}', "
            f"but got '{arg_value}'."
        )
    return arg_value


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` is an instance of one of ``valid_types`` (a bool is no int unless ``bool`` is
    listed); a float checked against types without ``float`` is returned rounded to 6 places."""
    valid = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)

    def fail() -> None:
        names = [getattr(t, "__name__", str(t)) for t in valid]
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        expected = f"one of '{names}'" if len(valid) > 1 else f"'{names[0]}'"
        raise TypeError(
            f"{prefix} type of '{arg_name}' should be {expected}, "
            f"but got type '{type(arg_value).__name__}'."
        )

    if isinstance(arg_value, bool) and bool not in valid:
        fail()
    if isinstance(arg_value, float) and float not in valid:
        arg_value = round(arg_value, 6)
    if not isinstance(arg_value, valid):
        fail()
    return arg_value


def _sequence_checker(arg_type: type, rel: int, doc: str):
    def check(sequence, arg_name=None, prim_name=None):
        for i, element in enumerate(sequence):
            _check_number(element, 0, rel, arg_type, f"{arg_name or 'arg_name'}[{i}]", prim_name)
        return sequence

    check.__doc__ = f"Every element of ``sequence`` is {doc}; the element is named ``arg_name[i]``."
    return check


check_positive_int_sequence = _sequence_checker(int, GT, "an int > 0")
check_positive_float_sequence = _sequence_checker(float, GT, "a float > 0")
check_non_negative_int_sequence = _sequence_checker(int, GE, "an int >= 0")
for _name in ("positive_int", "positive_float", "non_negative_int"):
    _checker = globals()[f"check_{_name}_sequence"]
    _checker.__name__ = _checker.__qualname__ = f"check_{_name}_sequence"


def check_axis_in_range(axis, ndim):
    """``axis`` is an int in ``[-ndim, ndim)``; returns it made non-negative."""
    if not isinstance(axis, int):
        raise TypeError(f"The axes must be integers, but got {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"The 'axis' must be in the range of [-{ndim}, {ndim}), but got {axis}.")
    return axis % ndim


def _type_names(valid_types) -> str:
    names = [getattr(t, "__name__", str(t)) for t in valid_types]
    return f"one of {names}" if len(names) > 1 else names[0]


def args_type_check(*type_args, **type_kwargs):
    """A decorator: the decorated function's arguments named here (by position or keyword, or
    inside its ``**kwargs``) are instances of the given types or None, else ``TypeError``. The
    unchecked function stays reachable as ``__wrapped__``."""

    def type_check(func):
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **type_kwargs).arguments
        if "kwargs" in bound_types:
            bound_types = bound_types["kwargs"]

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            arguments = sig.bind(*args, **kwargs).arguments
            if "kwargs" in arguments:
                arguments = arguments["kwargs"]
            for name, value in arguments.items():
                if name in bound_types and value is not None:
                    if not isinstance(value, bound_types[name]):
                        raise TypeError(
                            f"The parameter '{name}' must be {bound_types[name]}, "
                            f"but got {type(value)}"
                        )
            return func(*args, **kwargs)

        return wrapper

    return type_check


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    """``arg_type`` (a dtype; a Tensor type counts as its element type) is one of
    ``valid_types``; returns it."""
    valid = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    element_type = getattr(arg_type, "element_type", None)
    if callable(element_type) and type(arg_type).__name__ == "TensorType":
        arg_type = element_type()
    if arg_type not in valid:
        names = [getattr(t, "__name__", t) for t in valid]
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        got = getattr(arg_type, "__name__", repr(arg_type))
        raise TypeError(
            f"{prefix} '{arg_name}' should be {'one of ' if len(valid) > 1 else ''}"
            f"{names if len(valid) > 1 else names[0]}, but got '{got}'."
        )
    return arg_type


def check_element_type_of_iterable(arg_name, arg_value, valid_types, prim_name=None):
    """``arg_value`` is a list or tuple whose elements are instances of ``valid_types``."""
    check_value_type(arg_name, arg_value, [list, tuple], prim_name)
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    for element in arg_value:
        if not isinstance(element, tuple(valid_types)):
            raise TypeError(
                f"{prefix} type of '{arg_name}' should be {_type_names(valid_types)}, "
                f"but got '{element}' with type '{type(element).__name__}'."
            )


def check_element_type_of_dict(arg_name, arg_value, key_types, value_types, prim_name=None):
    """``arg_value`` is a dict with keys of ``key_types`` and values of ``value_types``."""
    check_value_type(arg_name, arg_value, [dict], prim_name)
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    for elements, types in ((arg_value.keys(), key_types), (arg_value.values(), value_types)):
        for element in elements:
            if not isinstance(element, tuple(types)):
                raise TypeError(
                    f"{prefix} type of '{arg_name}' should be {_type_names(types)}, "
                    f"but got '{element}' with type '{type(element).__name__}'."
                )


def check_size_and_element_type_of_tuple(
    arg_name, arg_value, expect_size, expect_element_type, prim_name=None
):
    """``arg_value`` is a tuple of ``expect_size`` elements of ``expect_element_type``."""
    check_value_type(arg_name, arg_value, [tuple], prim_name)
    check_equal_int(len(arg_value), expect_size, arg_name + " size", prim_name)
    check_element_type_of_iterable("arg_name", arg_value, [expect_element_type], prim_name)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# 2.10's texts: (what may be given, what a wrong sequence is called, its element)
_EXPAND_TEXTS = {
    False: (
        "an int number to tuple, input type must be integer or tuple[int]",
        "int number",
        "tuple",
    ),
    True: (
        "an input to tuple, input type must be integer or tuple[int]/list[int]",
        "sequence",
        "sequence",
    ),
}


def _expander(n: int, sequences: bool):
    """An int -> a tuple of ``n`` copies; a tuple of ``n`` ints passes (with ``sequences``, a list
    of ``n`` ints too, made a tuple; without, a list is refused)."""
    given, what, kind = _EXPAND_TEXTS[sequences]

    def convert(m):
        if not isinstance(m, (tuple, list) if sequences else tuple):
            if _is_int(m):
                return (m,) * n
            raise TypeError(f"When expanding {given}, but got {type(m)}")
        if len(m) != n:
            raise TypeError(
                f"When expanding an {what} to tuple, input {kind} dimension must be {n}, "
                f"but got {m}"
            )
        for i in m:
            if not _is_int(i):
                raise TypeError(
                    f"When expanding an {what} to tuple, the type of element in input {kind} "
                    f"must be an integer, but got {type(i)}."
                )
        return tuple(m)

    return convert


once, twice, triple = (_expander(k, False) for k in (1, 2, 3))
once_sequence, twice_sequence, triple_sequence = (_expander(k, True) for k in (1, 2, 3))
