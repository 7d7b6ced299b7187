"""Argument checks with MindSpore's error wording: name the API, the argument, the value, the expectation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class _Shown(str):
    """A value already worded for the message (``shape [3]``, ``dtype uint8``): no quotes."""

    def __repr__(self) -> str:
        return str(self)


def shown(text: str) -> str:
    """Mark ``text`` as the worded value of :func:`fail_arg` (printed as is, not as a quoted str)."""
    return _Shown(text)


class ValueDependentShapeError(TypeError):
    """An op whose output shape depends on input values (``unique``, ``nonzero``) met a traced,
    value-less input. A GRAPH_MODE Cell that hits it runs op by op instead (``_compile/jit.py``)."""


class BranchShapeError(ValueDependentShapeError, ValueError):
    """A Tensor ``if`` whose paths give a value two shapes: MindSpore 2.10 joins them into a
    dynamic shape, which one XLA program cannot hold; ``jit`` and GRAPH_MODE Cells then run op
    by op (where the condition has a value), a gradient or sunk step raises it."""


class HostReadError(TypeError):
    """A host read (``bool()``, ``int()``, ``.asnumpy()``) of a Tensor whose value is not known
    while compiling. ``jit`` runs such a function op by op, as MindSpore's JIT Fallback runs the
    Python at run time (``_compile/jit.py``); a GRAPH_MODE Cell call raises it."""


def fail(api: str, msg: str, exc: type[Exception] = ValueError):
    """Raise ``exc`` with ``For 'api', msg``: deepsink's one error helper (MindSpore's wording
    starts every message with the API it comes from)."""
    raise exc(f"For '{api}', {msg}")


def fail_arg(api: str, arg: str, expected: str, value: Any, exc: type[Exception] = ValueError):
    """:func:`fail` with the message for a bad argument, ``'arg' must be expected, but got
    value``; ``value`` is shown with ``repr`` unless it is :func:`shown` text."""
    fail(api, f"'{arg}' must be {expected}, but got {value!r}", exc)


def check_positive_int(value: Any, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail_arg(api, arg, "a positive int", value, TypeError)
    if value <= 0:
        fail_arg(api, arg, "a positive int", value)
    return value


def check_non_negative_int(value: Any, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail_arg(api, arg, "a non-negative int", value, TypeError)
    if value < 0:
        fail_arg(api, arg, "a non-negative int", value)
    return value


def check_bool(value: Any, arg: str, api: str) -> bool:
    if not isinstance(value, bool):
        fail_arg(api, arg, "a bool", value, TypeError)
    return value


def check_one_of(value: Any, choices: Iterable[Any], arg: str, api: str) -> Any:
    choices = list(choices)
    if value not in choices:
        fail_arg(api, arg, f"one of {choices}", value)
    return value


def check_number(value: Any, arg: str, api: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        fail_arg(api, arg, "a number", value, TypeError)
    return value


def check_range(
    value: Any, lo: float, hi: float, arg: str, api: str, *, lo_open=False, hi_open=False
):
    check_number(value, arg, api)
    below = value <= lo if lo_open else value < lo
    above = value >= hi if hi_open else value > hi
    if below or above:
        left, right = "(" if lo_open else "[", ")" if hi_open else "]"
        fail_arg(api, arg, f"in range {left}{lo}, {hi}{right}", value)
    return value


def int_tuple(value: Any, n: int, arg: str, api: str) -> tuple[int, ...]:
    """An int or a tuple of ``n`` positive ints, as tuple (kernel_size, stride, dilation)."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * n
    if (
        not isinstance(value, tuple | list)
        or len(value) != n
        or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in value)
    ):
        fail_arg(api, arg, f"a positive int or a tuple of {n} positive ints", value)
    return tuple(value)
