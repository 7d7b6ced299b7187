"""``mindspore._c_expression``'s ``typing`` and ``security``, which MindSpore's own test helpers
import (``tests/vm_impl``, ``tests/security_utils``): TypeId numbers as MindSpore 2.10 gives them
(``typing.type_to_type_id(mstype.float32)`` is 43, recorded on 2.10's CPU build)."""

import pytest

import deepsink as ms
from deepsink._c_expression import security, typing

RECORDED = {"bool_": 30, "int8": 32, "int32": 34, "int64": 35, "uint8": 37, "float16": 42,
            "float32": 43, "float64": 44, "bfloat16": 45, "complex64": 51}  # fmt: skip


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_type_ids_are_mindspores_both_ways(name):
    dtype = getattr(ms, name)
    assert typing.type_to_type_id(dtype) == RECORDED[name]
    assert typing.type_id_to_type(RECORDED[name]) == dtype


def test_an_unknown_type_id_is_a_type_error():
    with pytest.raises(TypeError, match="type_id"):
        typing.type_id_to_type(7)


def test_the_build_keeps_its_debugging_features():
    assert security.enable_security() is False
