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


def test_an_optional_input_takes_its_default_and_is_counted_as_python_counts_it():
    x = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    assert float(ops.ReduceSum()(x).asnumpy()) == 10.0  # axis=(): every axis
    np.testing.assert_array_equal(ops.ReduceSum()(x, axis=1).asnumpy(), [3.0, 7.0])
    with pytest.raises(
        TypeError, match=r"^ReduceSum\.__call__\(\) takes from 2 to 3 positional arguments but 4"
    ):
        ops.ReduceSum()(x, 1, 2)
    assert ops.Zeros()((2,), ms.int32).dtype == ms.int32


def test_constructor_checks_run_on_the_recorded_arguments():
    with pytest.raises(TypeError, match="For 'ReduceMean', 'keep_dims' must be a bool, but got 1"):
        ops.ReduceMean(keep_dims=1)
    # a checked argument may be recorded in a normalised form; init_attrs keeps what was given
    p = ops.Squeeze(1)
    assert p.axis == (1,) and p.init_attrs == {"axis": 1} and repr(p) == "Prim[Squeeze]<axis=(1,)>"
    with pytest.raises(ValueError, match="For 'Conv2D', 'data_format' must be 'NCHW'"):
        ops.Conv2D(1, 3, data_format="NHWC")


def test_a_documented_class_is_a_row_too():
    # classes that set _params get the same constructor: signature, attributes, wording
    assert str(inspect.signature(ops.SparseApplyFtrlV2)) == (
        "(lr, l1, l2, l2_shrinkage, lr_power, use_locking=False)"
    )
    assert str(inspect.signature(ops.MatrixDiagV3)) == "(align='RIGHT_LEFT')"
    assert ops.NMSWithMask(0.3).init_attrs == {"iou_threshold": 0.3}
    with pytest.raises(TypeError, match="For 'ApplyFtrl', too many positional arguments"):
        ops.ApplyFtrl(False, 1)
    with pytest.raises(TypeError, match="For 'AffineGrid', 'align_corners' must be a bool"):
        ops.AffineGrid(1)
    with pytest.raises(ValueError, match="For 'SparseApplyFtrl', the 'lr' must be > 0.0"):
        ops.SparseApplyFtrl(0.0, 0.0, 0.0, -0.5)
