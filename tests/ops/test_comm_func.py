"""The functional collectives of ``mindspore.ops``/``mint.distributed`` and the collective
primitives in one process (no ``init``): MindSpore's group-size-1 semantics, where every
collective keeps its input's value (a world of one rank), in place by default and returning
``(output, handle)`` after ``set_comm_ops_inplace(False)``; the argument checks; and the
point-to-point names, which refuse with the reason. Two ranks: tests/distributed."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, communication, mint, ops
from deepsink.mint import distributed as dist


def _t(*values):
    return Tensor(np.array(values, np.float32))


@pytest.fixture(autouse=True)
def _in_place_again():
    yield
    ops.set_comm_ops_inplace(True)


def test_tensor_collectives_in_place():
    t = _t(1.0, 2.0)
    assert ops.all_reduce(t) is None and ops.all_reduce(t, op="avg") is None
    np.testing.assert_array_equal(t.asnumpy(), [1, 2])
    assert ops.reduce(t, 0, op="max") is None
    np.testing.assert_array_equal(t.asnumpy(), [1, 2])
    out = _t(0, 0)
    ops.reduce_scatter_tensor(out, _t(3, 4))
    np.testing.assert_array_equal(out.asnumpy(), [3, 4])
    ops.reduce_scatter(out, [_t(5, 6)])
    np.testing.assert_array_equal(out.asnumpy(), [5, 6])
    ops.gather_into_tensor(out, _t(7, 8))
    np.testing.assert_array_equal(out.asnumpy(), [7, 8])
    ops.scatter_tensor(out, _t(9, 10))
    np.testing.assert_array_equal(out.asnumpy(), [9, 10])
    lst = [_t(0, 0)]
    ops.all_to_all(lst, [_t(1, 3)])
    np.testing.assert_array_equal(lst[0].asnumpy(), [1, 3])
    ops.all_to_all_single(out, _t(2, 4), [2], [2])
    np.testing.assert_array_equal(out.asnumpy(), [2, 4])
    ops.all_gather(lst, _t(5, 5))
    ops.all_gather_into_tensor(out, _t(6, 6))
    np.testing.assert_array_equal(lst[0].asnumpy(), [5, 5])
    np.testing.assert_array_equal(out.asnumpy(), [6, 6])
    handle = ops.broadcast(t, 0, async_op=True)
    assert handle.wait() and handle.is_completed()
    assert ops.barrier() is None


def test_not_in_place_returns_output_and_handle():
    ops.set_comm_ops_inplace(False, ["all_reduce", "all_to_all", "reduce_scatter_tensor"])
    t = _t(1.0, 2.0)
    out, handle = ops.all_reduce(t, op="prod")
    assert handle is None
    np.testing.assert_array_equal(out.asnumpy(), [1, 2])
    outs, handle = ops.all_to_all(None, [t], async_op=True)
    assert handle.is_completed() and len(outs) == 1
    out, _ = ops.reduce_scatter_tensor(None, t)
    np.testing.assert_array_equal(out.asnumpy(), [1, 2])
    assert dist.all_reduce(t) is None  # mint's collectives stay in place
    with pytest.raises(ValueError, match="func_list"):
        ops.set_comm_ops_inplace(True, ["send"])
    with pytest.raises(TypeError, match="is_enable"):
        ops.set_comm_ops_inplace(1)


def test_objects_in_one_process():
    out = [None]
    ops.all_gather_object(out, {"a": (1, 2)})
    assert out == [{"a": (1, 2)}]
    objs = [1, "two", [3.0]]
    ops.broadcast_object_list(objs, 0)
    assert objs == [1, "two", [3.0]]
    got = [None]
    ops.scatter_object_list(got, ["mine"], 0)
    assert got == ["mine"]
    gathered = [None]
    ops.gather_object(np.int64(4), gathered, 0)
    assert gathered == [4]
    with pytest.raises(ValueError, match="entries"):
        ops.all_gather_object([None, None], 1)


def test_primitives_in_one_process():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    for prim in (
        ops.ReduceScatter(),
        ops.ReduceScatter(ops.ReduceOp.MAX),
        ops.Reduce(0),
        ops.AlltoAll(1, 1, 0),
        ops.CollectiveGather(0),
        ops.CollectiveScatter(0),
    ):
        np.testing.assert_array_equal(prim(x).asnumpy(), x.asnumpy(), err_msg=prim.name)
    assert ops.Barrier()().shape == (1,)
    compiled = ms.jit(lambda a: (ops.ReduceScatter()(a), ops.AlltoAll(1, 0, 1)(a)))(x)
    np.testing.assert_array_equal(compiled[1].asnumpy(), x.asnumpy())
    assert ops.AlltoAll(1, 0, 1).rank_size == 1 and ops.Reduce(0).dest_rank == 0


def test_argument_checks():
    t = _t(1.0)
    with pytest.raises(TypeError, match="op"):
        ops.all_reduce(t, op="mean")
    with pytest.raises(TypeError, match="tensor"):
        ops.all_reduce(np.ones(1))
    with pytest.raises(TypeError, match="group"):
        ops.all_reduce(t, group=1)
    with pytest.raises(TypeError, match="async_op"):
        ops.all_reduce(t, async_op=1)
    with pytest.raises(ValueError, match="dst"):
        ops.reduce(t, 1)
    with pytest.raises(ValueError, match="output"):
        ops.reduce_scatter_tensor(_t(0, 0, 0), t)
    with pytest.raises(ValueError, match="input_split_sizes"):
        ops.all_to_all_single(_t(0, 0), _t(1, 2), None, [1, 1])
    with pytest.raises(ValueError, match="split_count"):
        ops.AlltoAll(2, 0, 0)
    with pytest.raises(TypeError, match="split_dim"):
        ops.AlltoAll(1, 0.5, 0)
    with pytest.raises(ValueError, match="dest_rank"):
        ops.Reduce(3)
    with pytest.raises(ValueError, match="src_rank"):
        ops.CollectiveScatter(2)
    with pytest.raises(ValueError, match="op"):
        ops.ReduceScatter("avg")


def test_group_queries_and_process_group():
    assert ops.is_available() and not ops.is_initialized()
    assert ops.get_rank() == -1 and ops.get_world_size() == -1
    assert ops.get_backend() in ("hccl", "nccl", "mccl")
    assert ops.get_process_group_ranks() == [0]
    assert ops.get_global_rank(None, 0) == 0 and ops.get_group_rank(None, 0) == 0
    assert ops.new_group([0]) == ops.new_group()
    with pytest.raises(RuntimeError, match="launcher"):
        ops.init_process_group()
    assert ops.destroy_process_group() is None


@pytest.mark.parametrize(
    "name",
    [
        "send",
        "recv",
        "isend",
        "irecv",
        "send_object_list",
        "recv_object_list",
        "batch_isend_irecv",
        "P2POp",
    ],
)
def test_point_to_point_refuses_with_the_reason(name):
    for module in (ops, dist, mint):
        with pytest.raises(NotImplementedError, match="point-to-point"):
            getattr(module, name)(_t(1.0), 0)


@pytest.mark.parametrize("name", ["Send", "Receive", "NeighborExchange"])
def test_point_to_point_primitives_refuse(name):
    with pytest.raises(NotImplementedError, match="point-to-point"):
        getattr(ops, name)()


def test_get_comm_name_refuses():
    with pytest.raises(NotImplementedError, match="HCCL"):
        communication.get_comm_name()


def test_mint_exports_the_collectives():
    for name in (
        "all_gather_object",
        "all_to_all",
        "all_to_all_single",
        "broadcast_object_list",
        "gather_object",
        "reduce",
        "reduce_scatter",
        "reduce_scatter_tensor",
        "scatter_object_list",
    ):
        assert getattr(mint, name) is getattr(dist, name)
    out = _t(0, 0)
    mint.reduce_scatter_tensor(out, _t(1, 2))
    np.testing.assert_array_equal(out.asnumpy(), [1, 2])


def test_operations_namespace_holds_the_collective_primitives():
    from deepsink.ops import operations as P

    for name in (
        "AllGather",
        "AllReduce",
        "AlltoAll",
        "Barrier",
        "Broadcast",
        "CollectiveGather",
        "CollectiveScatter",
        "NeighborExchange",
        "Receive",
        "Reduce",
        "ReduceOp",
        "ReduceScatter",
        "Send",
    ):
        assert getattr(P, name) is getattr(ops, name), name


def test_uneven_collectives_in_one_process():
    out = _t(0, 0, 0)
    assert ops.all_gather_into_tensor_uneven(out, _t(1, 2, 3), [3]) is None
    np.testing.assert_array_equal(out.asnumpy(), [1, 2, 3])
    half = _t(0, 0)
    mint.reduce_scatter_tensor_uneven(half, _t(4, 5), [2], op="max")
    np.testing.assert_array_equal(half.asnumpy(), [4, 5])
    with pytest.raises(ValueError, match="output_split_sizes"):
        ops.all_gather_into_tensor_uneven(out, _t(1, 2, 3), [2])
    with pytest.raises(ValueError, match="output"):
        ops.reduce_scatter_tensor_uneven(_t(0), _t(4, 5))
