"""The argument rules of the audio transforms' constructors (MindSpore 2.10's checks, exception
types and wording), and the driver that applies them.

A transform declares its rules in its class body, one entry an argument, in the order MindSpore
checks them::

    class AllpassBiquad(AudioTensorOperation):
        arg_rules = {"sample_rate": RATE, "central_freq": FLOAT32, "Q": QUALITY}

``AudioTensorOperation`` wraps such a class's ``__init__`` with ``checked``. A rule is a function
``rule(value, name, args)`` (``args``: every argument of the call by name, defaults applied); an
entry is one rule or a tuple of rules run in turn. Checks that relate arguments are rules too
(``require``, ``of``), placed where MindSpore makes them, so that the first error is its first.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from typing import Any

from deepsink.dataset.core import validator_helpers as vh

Rule = Callable[[Any, str, dict], None]


def run_rules(table: dict, args: dict) -> None:
    """Apply ``table``'s rules to ``args`` in the table's order (a missing argument: KeyError)."""
    for name, rules in table.items():
        value = args[name]
        for rule in rules if isinstance(rules, tuple) else (rules,):
            rule(value, name, args)


def checked(fn: Callable, table: dict) -> Callable:
    """``fn`` (a function or a method) that first binds its call (Python's TypeError for a call
    that does not fit) and applies ``table`` to the arguments."""
    skip = int(next(iter(inspect.signature(fn).parameters), "") in ("self", "cls"))

    @wraps(fn)
    def checked_call(*args: Any, **kwargs: Any) -> Any:
        _, bound = vh.parse_user_args(fn, *args[skip:], **kwargs)
        run_rules(table, bound)
        return fn(*args, **kwargs)

    return checked_call


def check_args(table: dict) -> Callable[[Callable], Callable]:
    """``checked`` as a decorator, for the module's functions."""
    return lambda fn: checked(fn, table)


# -- rule builders ----------------------------------------------------------------------------
def _helper(check: Callable[[Any, str], None]) -> Rule:
    return lambda value, name, args: check(value, name)


def is_a(*types: type) -> Rule:
    """The value is one of ``types`` (a bool counts as an int only where bool is listed)."""
    return lambda value, name, args: vh.type_check(value, types, name)


def within(lo: float, hi: float, *, left_open: bool = False, types: tuple = (float, int)) -> Rule:
    """A value of ``types`` in [lo, hi] (or (lo, hi] when ``left_open``)."""

    def rule(value: Any, name: str, args: dict) -> None:
        vh.type_check(value, types, name)
        vh.check_value(value, (lo, hi), name, left_open=left_open)

    return rule


def when(test: Callable[[Any], bool], *rules: Rule) -> Rule:
    """``rules`` apply only where ``test(value)`` holds."""

    def rule(value: Any, name: str, args: dict) -> None:
        if test(value):
            for each in rules:
                each(value, name, args)

    return rule


def optional(*rules: Rule) -> Rule:
    """``None`` passes; any other value meets ``rules``."""
    return when(lambda value: value is not None, *rules)


def labelled(label: str, *rules: Rule) -> Rule:
    """``rules`` with their messages naming the argument ``label``."""

    def rule(value: Any, name: str, args: dict) -> None:
        for each in rules:
            each(value, label, args)

    return rule


def of(other: str, *rules: Rule) -> Rule:
    """``rules`` applied to the argument ``other`` (for MindSpore's checks that test every
    argument's type before any range)."""

    def rule(value: Any, name: str, args: dict) -> None:
        for each in rules:
            each(args[other], other, args)

    return rule


def each_item(*rules: Rule) -> Rule:
    """Every item of a sequence meets ``rules``, named ``name[i]``."""

    def rule(value: Any, name: str, args: dict) -> None:
        for i, item in enumerate(value):
            for each in rules:
                each(item, f"{name}[{i}]", args)

    return rule


def fields(table: dict, read_first: str = "") -> Rule:
    """A dict whose keys meet ``table``; its rules see the outer arguments too (the dict's keys
    win where both have a name). The keys in ``read_first`` (space-separated) are looked up
    first, in that order, so that the first one missing is the KeyError."""

    def rule(value: dict, name: str, args: dict) -> None:
        for key in read_first.split():
            value[key]  # noqa: B018 - a lookup for its KeyError
        run_rules(table, {**args, **value})

    return rule


def require(holds: Callable[[dict], bool], message: str, error: type = ValueError) -> Rule:
    """``error(message)`` unless ``holds(args)``; ``message`` is formatted with the arguments."""

    def rule(value: Any, name: str, args: dict) -> None:
        if not holds(args):
            raise error(message.format(**args))

    return rule


# -- the rules the transforms share ---------------------------------------------------------------
BOOL = is_a(bool)
INT32 = _helper(vh.check_int32)
POS_INT = _helper(vh.check_pos_int32)
NON_NEG_INT = _helper(vh.check_non_negative_int32)
NONZERO_INT = _helper(vh.check_int32_not_zero)
FLOAT32 = _helper(vh.check_float32)
POS_FLOAT = _helper(vh.check_pos_float32)
NON_NEG_FLOAT = _helper(vh.check_non_negative_float32)
NONZERO_FLOAT = _helper(vh.check_float32_not_zero)
# MindSpore checks these after a type check that lists int first (it shows in the message)
NUMBER = is_a(int, float)
POS_NUMBER = (NUMBER, POS_FLOAT)
NON_NEG_NUMBER = (NUMBER, NON_NEG_FLOAT)

RATE = (is_a(int), NONZERO_INT)  # a filter's sampling rate: any int32 but 0
QUALITY = within(0, 1, left_open=True)  # a biquad's Q
WIN_LENGTH_FITS = require(
    lambda a: a["win_length"] is None or a["win_length"] <= a["n_fft"],
    "Input win_length should be no more than n_fft, but got win_length: {win_length} and n_fft: "
    "{n_fft}.",
)
DCT_TYPE_2 = require(
    lambda a: a["dct_type"] == 2, "Input dct_type must be 2, but got : {dct_type}."
)


def frequency_range(strict: bool, over_max: str, over_nyquist: str) -> Rule:
    """``f_min`` below ``f_max`` (``strict``) or at most ``f_max``; with ``f_max`` None, below
    ``sample_rate // 2``. The messages are formatted with the arguments."""

    def rule(value: Any, name: str, a: dict) -> None:
        if a["f_max"] is None:
            if a["f_min"] >= a["sample_rate"] // 2:
                raise ValueError(over_nyquist.format(**a))
        elif a["f_min"] > a["f_max"] or (strict and a["f_min"] == a["f_max"]):
            raise ValueError(over_max.format(**a))

    return rule


F_MIN_BELOW_F_MAX = (
    "f_max should be greater than or equal to f_min, but got f_min: {f_min} and f_max: {f_max}."
)
# MelScale's (InverseMelScale's, MFCC's melkwargs') f_min and f_max
MEL_SCALE_FREQS = {
    "f_min": (NUMBER, FLOAT32),
    "f_max": (
        optional(NUMBER, POS_FLOAT),
        frequency_range(
            True,
            "MelScale: f_max should be greater than f_min.",
            "MelScale: sample_rate // 2 should be greater than f_min when f_max is set to None.",
        ),
    ),
}
