"""Primitives declared from a table row (``ops/_table_primitive.py``): constructor arguments shown
and recorded as MindSpore does, inputs bound as a Python call binds them."""

import inspect

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops


def test_constructor_signature_is_mindspores():
    assert str(inspect.signature(ops.CeLU)) == "(alpha=1.0)"
    assert str(inspect.signature(ops.NanToNum)) == "(nan=0.0, posinf=None, neginf=None)"
    assert str(inspect.signature(ops.Add)) == "()"


def test_constructor_arguments_are_attributes_and_init_attrs():
    p = ops.CeLU(2.0)
    assert p.alpha == 2.0 and p.attrs == {"alpha": 2.0} and p.init_attrs == {"alpha": 2.0}
    assert ops.NanToNum(posinf=5.0).init_attrs == {"nan": 0.0, "posinf": 5.0, "neginf": None}


def test_wrong_constructor_arguments_name_the_primitive():
    with pytest.raises(TypeError, match="For 'CeLU', too many positional arguments"):
        ops.CeLU(1.0, 2.0)
    with pytest.raises(TypeError, match="For 'Add', too many positional arguments"):
        ops.Add(1)


def test_inputs_bind_as_a_python_call_with_mindspores_wording():
    x, y = ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(np.array([3.0], np.float32))
    np.testing.assert_array_equal(ops.Add()(x, y=y).asnumpy(), [4.0, 5.0])
    np.testing.assert_array_equal(ops.ReLU()(x=-x).asnumpy(), [0.0, 0.0])
    # MindSpore 2.10: "Log.__call__() takes 2 positional arguments but 3 were given"
    with pytest.raises(TypeError, match=r"^Log\.__call__\(\) takes 2 positional arguments but 3"):
        ops.Log()(x, 2)
    with pytest.raises(TypeError, match=r"Add\.__call__\(\) missing required argument: 'y'"):
        ops.Add()(x)
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        ops.Add()(x, x, z=1)
