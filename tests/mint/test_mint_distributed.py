"""``mint.distributed`` in one process (no ``init_process_group``): the world is this process
and collectives keep their input's value, written into the given Tensors as PyTorch does."""

from __future__ import annotations

import numpy as np
import pytest

from deepsink import Tensor
from deepsink.mint import distributed as dist


def test_state_before_init():
    assert dist.is_available() and not dist.is_initialized()
    assert dist.get_rank() == -1 and dist.get_world_size() == -1


def test_collectives_in_place():
    t = Tensor(np.array([1.0, 2.0], np.float32))
    assert dist.all_reduce(t) is None
    np.testing.assert_allclose(t.asnumpy(), [1.0, 2.0])
    out = Tensor(np.zeros(2, np.float32))
    dist.all_gather_into_tensor(out, Tensor(np.array([3.0, 4.0], np.float32)))
    np.testing.assert_allclose(out.asnumpy(), [3.0, 4.0])
    lst = [Tensor(np.zeros(2, np.float32))]
    dist.all_gather(lst, t)
    np.testing.assert_allclose(lst[0].asnumpy(), [1.0, 2.0])
    work = dist.broadcast(t, 0, async_op=True)
    assert work.wait() and work.is_completed()
    assert dist.barrier() is None


def test_bad_arguments():
    with pytest.raises(TypeError, match="op"):
        dist.all_reduce(Tensor(np.ones(1, np.float32)), op="mean")
    with pytest.raises(ValueError, match="world group"):
        dist.new_group([0, 1, 2])
    with pytest.raises(ValueError, match="output_tensor"):
        dist.all_gather_into_tensor(Tensor(np.zeros(3, np.float32)), Tensor(np.ones(2, np.float32)))


def test_group_queries_in_one_process():
    assert dist.get_backend() in ("hccl", "nccl", "mccl")
    assert dist.get_process_group_ranks() == [0]
    assert dist.get_global_rank(None, 0) == 0 and dist.get_group_rank(None, 0) == 0


def test_init_process_group_needs_a_launcher():
    with pytest.raises(RuntimeError, match="launcher"):
        dist.init_process_group()
    with pytest.raises(ValueError, match="init_method"):
        dist.init_process_group(init_method="tcp://127.0.0.1:1234")
    assert dist.destroy_process_group() is None  # nothing joined: nothing to leave
