"""``Primitive.shard``: model-zoo networks (Wide&Deep, Bert, GPT) call it on ops unconditionally;
outside 'semi_auto_parallel' MindSpore 2.10 records the strategy as attributes, returns the
primitive and computes as before. Reprs and error texts below are 2.10's."""

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops


def test_shard_records_the_strategy_and_returns_the_primitive():
    add = ops.Add()
    assert add.shard(((1, 1), (1, 1))) is add
    assert repr(add) == "Prim[Add]<in_strategy=((1, 1), (1, 1))>"
    mm = ops.MatMul().shard(((1, 1), (1, 1)), ((1, 1),))
    assert mm.attrs["out_strategy"] == ((1, 1),)
    assert repr(ops.Unique().shard()) == "Prim[Unique]"
    out, idx = ops.Unique().shard(((1,),))(ms.Tensor(np.array([3, 1, 3], np.int32)))
    np.testing.assert_array_equal(out.asnumpy(), [3, 1])
    np.testing.assert_array_equal(idx.asnumpy(), [0, 1, 0])


def test_shard_rejects_what_mindspore_rejects():
    with pytest.raises(TypeError, match="in_strategy must be tuple type"):
        ops.Add().shard([1])
    with pytest.raises(TypeError, match="value of strategy must be int type"):
        ops.Add().shard(((1.0,),))
