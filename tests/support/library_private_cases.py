"""Calls of MindSpore's private helpers that its libraries import (``mindspore._checkparam``'s
checkers, ``log._LogActionOnce``, ``_extends.cell_attr_register``,
``train.callback._callback._handle_loss``), run the same way on MindSpore 2.10
(``scripts/record_library_private_names.py``) and on deepsink
(``tests/test_library_private_names.py``)."""

from __future__ import annotations

import importlib
import logging

import numpy as np


def checkparam_cases(v) -> dict:
    """name -> a call of a checker of ``v`` (``mindspore._checkparam``)."""
    cases = {
        "positive_int": lambda: v.check_positive_int(3, "n", "Op"),
        "positive_int_zero": lambda: v.check_positive_int(0, "n", "Op"),
        "positive_int_bool": lambda: v.check_positive_int(True, "n"),
        "positive_int_float": lambda: v.check_positive_int(2.0),
        "positive_int_numpy": lambda: v.check_positive_int(np.int64(2), "n"),
        "negative_int": lambda: v.check_negative_int(0, "n", "Op"),
        "non_positive_int": lambda: v.check_non_positive_int(1, "n"),
        "non_negative_int": lambda: v.check_non_negative_int(0, "n"),
        "non_negative_int_neg": lambda: v.check_non_negative_int(-1, "n", "Op"),
        "positive_float": lambda: v.check_positive_float(0.5, "p"),
        "positive_float_int": lambda: v.check_positive_float(1, "p", "Op"),
        "negative_float": lambda: v.check_negative_float(0.0),
        "non_positive_float": lambda: v.check_non_positive_float(0.0, "p"),
        "non_negative_float": lambda: v.check_non_negative_float(0.1, "dropout"),
        "non_negative_float_neg": lambda: v.check_non_negative_float(-0.1, "dropout", "Net"),
        "non_negative_float_nan": lambda: v.check_non_negative_float(float("nan"), "p"),
        "non_negative_float_inf": lambda: v.check_non_negative_float(float("inf")),
        "int_ge": lambda: v.check_int(4, 4, v.GE, "k", "Op"),
        "int_lt_fails": lambda: v.check_int(4, 4, v.LT, "k", "Op"),
        "int_in": lambda: v.check_int(2, [1, 2], v.IN, "k"),
        "int_not_in_fails": lambda: v.check_int(2, [1, 2], v.NOT_IN, "k"),
        "float_ne_fails": lambda: v.check_float(1.0, 1.0, v.NE),
        "equal_int": lambda: v.check_equal_int(3, 4, "k", "Op"),
        "is_int": lambda: v.check_is_int(3, "k"),
        "is_int_bool": lambda: v.check_is_int(True, "k", "Op"),
        "is_int_float": lambda: v.check_is_int(3.0),
        "is_float_inf": lambda: v.check_is_float(float("inf"), "x"),
        "int_range_both": lambda: v.check_int_range(5, 0, 5, v.INC_BOTH, "k"),
        "int_range_left_fails": lambda: v.check_int_range(5, 0, 5, v.INC_LEFT, "k", "Op"),
        "int_range_neither_fails": lambda: v.check_int_range(0, 0, 5, v.INC_NEITHER),
        "int_range_right": lambda: v.check_int_range(5, 0, 5, v.INC_RIGHT, "k"),
        "int_range_bool": lambda: v.check_int_range(True, 0, 5, v.INC_BOTH, "k"),
        "int_range_str": lambda: v.check_int_range("3", 0, 5, v.INC_BOTH, "k", "Op"),
        "int_range_numpy": lambda: v.check_int_range(np.float32(2.5), 0, 5, v.INC_BOTH, "k"),
        "float_range": lambda: v.check_float_range(0.5, 0.0, 1.0, v.INC_NEITHER, "p"),
        "float_range_fails": lambda: v.check_float_range(1.5, 0.0, 1.0, v.INC_BOTH, "p", "Op"),
        "float_range_int": lambda: v.check_float_range(1, 0.0, 1.0, v.INC_BOTH, "p"),
        "check_ok": lambda: v.check("a", 3, "b", 3),
        "check_fails": lambda: v.check("a", 3, "b", 4, v.EQ, "Op"),
        "check_spaced_name": lambda: v.check("rank of x", 3, "rank of y", 2, v.LE),
        "check_type_error": lambda: v.check("a", 1, "b", 2, v.GT, None, TypeError),
        "number_fails": lambda: v.check_number("a", 1, 2, v.GE, "Op"),
        "isinstance_ok": lambda: v.check_isinstance("a", 1, int),
        "isinstance_fails": lambda: v.check_isinstance("a", "x", (int, float)),
        "bool": lambda: v.check_bool(False, "flag"),
        "bool_int": lambda: v.check_bool(1, "flag", "Op"),
        "bool_none": lambda: v.check_bool(None),
        "string": lambda: v.check_string("relu", ["relu", "gelu"], "act"),
        "string_fails": lambda: v.check_string("tanh", ["relu", "gelu"], "act", "FFN"),
        "string_not_str": lambda: v.check_string(1, ("a",)),
        "value_type": lambda: v.check_value_type("x", 1, [int, float]),
        "value_type_bool": lambda: v.check_value_type("x", True, [int], "Op"),
        "value_type_bool_listed": lambda: v.check_value_type("x", True, [bool, int]),
        "value_type_one": lambda: v.check_value_type("x", "s", int),
        "value_type_many": lambda: v.check_value_type("x", None, (int, float, str), "Op"),
        "value_type_float_rounded": lambda: v.check_value_type("x", 0.123456789, [float, int]),
        "value_type_float_unlisted": lambda: v.check_value_type("x", 0.123456789, [int]),
        "once": lambda: v.once(3),
        "twice": lambda: v.twice(5),
        "twice_tuple": lambda: v.twice((2, 3)),
        "twice_list": lambda: v.twice([2, 3]),
        "twice_bool": lambda: v.twice(True),
        "twice_float": lambda: v.twice(2.0),
        "twice_long_tuple": lambda: v.twice((1, 2, 3)),
        "twice_tuple_of_floats": lambda: v.twice((1.0, 2)),
        "triple": lambda: v.triple(1),
        "triple_short_tuple": lambda: v.triple((1, 2)),
        "once_sequence": lambda: v.once_sequence([4]),
        "twice_sequence_list": lambda: v.twice_sequence([2, 3]),
        "twice_sequence_int": lambda: v.twice_sequence(7),
        "twice_sequence_str": lambda: v.twice_sequence("ab"),
        "triple_sequence_short": lambda: v.triple_sequence([1, 2]),
        "triple_sequence_bool": lambda: v.triple_sequence([1, 2, False]),
        "positive_int_sequence": lambda: v.check_positive_int_sequence([1, 2], "dims"),
        "positive_int_sequence_zero": lambda: v.check_positive_int_sequence((1, 0), "dims", "Op"),
        "positive_int_sequence_unnamed": lambda: v.check_positive_int_sequence([1.5]),
        "positive_float_sequence": lambda: v.check_positive_float_sequence([0.5, -1.0], "s"),
        "non_negative_int_sequence": lambda: v.check_non_negative_int_sequence([0, 3], "p"),
        "non_negative_int_sequence_neg": lambda: v.check_non_negative_int_sequence([0, -3], "p"),
        "axis_in_range": lambda: v.check_axis_in_range(-1, 3),
        "axis_out_of_range": lambda: v.check_axis_in_range(3, 3),
        "axis_float": lambda: v.check_axis_in_range(1.0, 3),
        "element_type_of_iterable": lambda: v.check_element_type_of_iterable("x", [1, 2], [int]),
        "element_type_of_iterable_fails": lambda: v.check_element_type_of_iterable(
            "x", (1, "a"), [int, float], "Op"
        ),
        "element_type_of_iterable_not_seq": lambda: v.check_element_type_of_iterable("x", 1, [int]),
        "element_type_of_dict": lambda: v.check_element_type_of_dict("d", {"a": 1}, [str], [int]),
        "element_type_of_dict_key": lambda: v.check_element_type_of_dict("d", {1: 1}, [str], [int]),
        "element_type_of_dict_value": lambda: v.check_element_type_of_dict(
            "d", {"a": 1.5}, [str], [int, bool], "Op"
        ),
        "size_and_element_type_of_tuple": lambda: v.check_size_and_element_type_of_tuple(
            "t", (1, 2), 2, int
        ),
        "size_and_element_type_of_tuple_size": lambda: v.check_size_and_element_type_of_tuple(
            "t", (1, 2, 3), 2, int, "Op"
        ),
        "size_and_element_type_of_tuple_type": lambda: v.check_size_and_element_type_of_tuple(
            "t", (1, 2.0), 2, int
        ),
    }
    return cases


def outcome(call) -> dict:
    """What a call gives: its value (repr), or the exception's type and message."""
    try:
        value = call()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception itself
        return {"error": type(e).__name__, "message": str(e)}
    shown = value.item() if isinstance(value, np.generic) else value  # NumPy 1 and 2 alike
    return {"value": repr(shown), "type": type(value).__name__}


def constants(v) -> dict:
    """The relation constants of ``mindspore._checkparam``."""
    names = "EQ NE LT LE GT GE INC_NEITHER INC_LEFT INC_RIGHT INC_BOTH IN NOT_IN".split()
    return {name: getattr(v, name) for name in names}


def log_action_once(ms) -> list:
    """The warnings a logger gives through ``_LogActionOnce``: the first wrapped call of a key
    logs, later calls of that key and ``no_warning=True`` calls do not."""
    log_module = importlib.import_module(ms.__name__ + ".log")
    seen = []

    class Recorder:
        def warning(self, msg):
            seen.append(msg)

    logger = Recorder()

    def build(tag):
        logger.warning(f"built {tag}")
        return tag

    first = log_module._LogActionOnce(logger, "case-key")(build)
    quiet = log_module._LogActionOnce(logger, "case-other", no_warning=True)(build)
    results = [first("a"), first("b"), quiet("c")]
    plain = log_module._LogActionOnce(logging.getLogger("case"), "case-key")
    results.append(plain(lambda: "no warning attribute needed")())
    return [results, seen, logger.warning.__func__.__name__]


def cell_attr_register(ms) -> list:
    """``cell_init_args`` that ``cell_attr_register`` records on a Cell's ``__init__``."""
    extends = importlib.import_module(ms.__name__ + "._extends")

    class Block(ms.nn.Cell):
        @extends.cell_attr_register
        def __init__(self, width, act="relu", *, scale=1.0):
            super().__init__()
            self.width = width

    class Named(ms.nn.Cell):
        @extends.cell_attr_register(attrs=["width", "missing"])
        def __init__(self, width):
            super().__init__()
            self.width = width

    class One(ms.nn.Cell):
        @extends.cell_attr_register(attrs="width")
        def __init__(self, width):
            super().__init__()
            self.width = width

    out = [Block(4).cell_init_args, Block(8, act="gelu", scale=2.0).cell_init_args]
    out += [Named(3).cell_init_args, One(5).cell_init_args]
    for bad in ([1], 3):

        class Bad(ms.nn.Cell):
            @extends.cell_attr_register(attrs=bad)
            def __init__(self):
                super().__init__()

        out.append(outcome(Bad))
    return out


def handle_loss(ms) -> list:
    """``_handle_loss`` on a Tensor, a tuple, a float and None."""
    callback = importlib.import_module(ms.__name__ + ".train.callback._callback")
    loss = ms.Tensor(np.array([1.0, 2.0], np.float32))
    first = callback._handle_loss((ms.Tensor(np.float32(0.5)), loss))
    return [
        repr(callback._handle_loss(loss)),
        [type(first).__name__, float(first.asnumpy())],
        repr(callback._handle_loss(0.25)),
        repr(callback._handle_loss(None)),
    ]
