"""mindspore.communication.comm_func: results returned (not written in place), one-rank world."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink.communication import comm_func as cf

X = np.arange(8, dtype=np.float32).reshape(4, 2)


def _t():
    return ms.Tensor(X.copy())


def test_tensor_collectives_return_output_and_handle():
    t = _t()
    for fn, args in (
        (cf.all_reduce, ()),
        (cf.all_reduce, ("max",)),
        (cf.all_gather_into_tensor, ()),
        (cf.reduce_scatter_tensor, ("min",)),
    ):
        out, handle = fn(t, *args)
        np.testing.assert_array_equal(out.asnumpy(), X)
        assert handle is None
    _, handle = cf.all_reduce(t, async_op=True)
    assert handle.wait()
    np.testing.assert_array_equal(t.asnumpy(), X)  # the input is not written


def test_rooted_collectives_return_a_tensor():
    for fn in (cf.broadcast, cf.gather_into_tensor, cf.scatter_tensor):
        np.testing.assert_array_equal(fn(_t(), 0).asnumpy(), X)
    np.testing.assert_array_equal(cf.reduce(_t(), 0, "prod").asnumpy(), X)
    assert cf.barrier() is None


def test_all_to_all_variants_reshape_what_arrives():
    outs, handle = cf.all_to_all_with_output_shape([(8,)], [_t()])
    np.testing.assert_array_equal(outs[0].asnumpy(), X.reshape(8))
    assert handle is None
    out, _ = cf.all_to_all_single_with_output_shape(ms.Tensor(np.zeros((2, 4))), _t())
    np.testing.assert_array_equal(out.asnumpy(), X.reshape(2, 4))
    empty, _ = cf.all_to_all_single_with_output_shape((0,), ms.Tensor(np.zeros((0,), np.float32)))
    assert empty.shape == ()
    target = ms.Tensor(np.zeros(8, np.float32))
    assert cf.all_to_all_v_c(target, _t(), [8]) is None
    np.testing.assert_array_equal(target.asnumpy(), X.reshape(8))


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError, match="For all_reduce, the input tensor must be tensor"):
        cf.all_reduce(X)
    with pytest.raises(TypeError, match="op value must be one of sum, prod, min, max"):
        cf.all_reduce(_t(), "avg")
    with pytest.raises(TypeError, match="For broadcast, the src must be int"):
        cf.broadcast(_t(), "0")
    with pytest.raises(ValueError, match="'dst' must be in \\[0, 1\\)"):
        cf.reduce(_t(), 1)
    with pytest.raises(TypeError, match="group must be type of string"):
        cf.barrier(0)
    with pytest.raises(ValueError, match="one entry per rank \\(1\\), but got 2"):
        cf.all_to_all_with_output_shape([(8,), (8,)], [_t(), _t()])
    with pytest.raises(ValueError, match="output_shape_list\\[0\\] is \\(3,\\)"):
        cf.all_to_all_with_output_shape([(3,)], [_t()])
    with pytest.raises(TypeError, match="square matrix, but got 2"):
        cf.all_to_all_v_c(_t(), _t(), [4, 4])
    with pytest.raises(ValueError, match="sends 7 and receives 7"):
        cf.all_to_all_v_c(_t(), _t(), [7])


def test_point_to_point_is_refused_with_the_reason():
    for fn in (cf.send, cf.recv, cf.isend, cf.irecv, cf.batch_isend_irecv, cf.P2POp):
        with pytest.raises(NotImplementedError, match="different program"):
            fn(_t())
