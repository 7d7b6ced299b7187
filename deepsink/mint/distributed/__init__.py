"""``mindspore.mint.distributed``: PyTorch-style process groups and collectives over
``deepsink.communication`` and its collective primitives (``ops.AllReduce``, ``AllGather``,
``Broadcast``). Collectives write their result into the given Tensors, as PyTorch's do; without
``init_process_group`` the world is this one process (size 1) and they keep the input's value.
Only the world group exists (``new_group`` of all ranks returns it). Async operations complete
before returning (``async_op=True`` gives a finished work handle)."""

from __future__ import annotations

from typing import Any

from deepsink import communication as _comm
from deepsink.common.tensor import Tensor
from deepsink.communication.management import GlobalComm
from deepsink.ops import comm_ops as _ops

_OPS = {"sum": _ops.ReduceOp.SUM, "max": _ops.ReduceOp.MAX, "min": _ops.ReduceOp.MIN,
        "prod": _ops.ReduceOp.PROD}  # fmt: skip


class _Work:
    """The handle of a finished asynchronous collective."""

    def wait(self) -> bool:
        return True

    def is_completed(self) -> bool:
        return True


def _group(group: Any) -> str:
    return GlobalComm.WORLD_COMM_GROUP if group is None else group


def _done(async_op: bool) -> Any:
    return _Work() if async_op else None


def is_available() -> bool:
    """Whether distributed support is built in (always)."""
    return True


def is_initialized() -> bool:
    """Whether ``init_process_group`` has run."""
    return bool(GlobalComm.INITED)


def init_process_group(backend: str = "hccl", init_method: Any = None, timeout: Any = None,
                       world_size: int = -1, rank: int = -1, store: Any = None,
                       group_name: str = "", pg_options: Any = None, device_id: Any = None) -> None:  # fmt: skip
    """Join the job this process was launched into (``communication.init``); ``world_size`` and
    ``rank``, when given, must match the launcher's."""
    if init_method is not None or store is not None:
        raise ValueError("For 'init_process_group', 'init_method' and 'store' are not "
                         "supported; launch with 'deepsink launch' (msrun's flags)")  # fmt: skip
    _comm.init(None if backend == "hccl" else backend)
    if world_size not in (-1, _comm.get_group_size()) or rank not in (-1, _comm.get_rank()):
        raise ValueError(f"For 'init_process_group', world_size={world_size}, rank={rank} do not "
                         f"match the launched job ({_comm.get_group_size()}, "
                         f"{_comm.get_rank()})")  # fmt: skip


def destroy_process_group(group: Any = None) -> None:
    """Leave the job (the world group) or destroy ``group``."""
    if group is None or group == GlobalComm.WORLD_COMM_GROUP:
        _comm.release()
    else:
        _comm.destroy_group(group)


def get_rank(group: Any = None) -> int:
    """This process's rank (-1 before ``init_process_group``, as PyTorch)."""
    return _comm.get_rank(_group(group)) if is_initialized() else -1


def get_world_size(group: Any = None) -> int:
    """The number of ranks (-1 before ``init_process_group``, as PyTorch)."""
    return _comm.get_group_size(_group(group)) if is_initialized() else -1


def get_backend(group: Any = None) -> str:
    """The communication backend's name."""
    return GlobalComm.BACKEND


def get_process_group_ranks(group: Any = None) -> list[int]:
    """The world ranks of ``group``."""
    return _comm.get_process_group_ranks(_group(group))


def get_global_rank(group: Any, group_rank: int) -> int:
    """The world rank of ``group_rank`` in ``group``."""
    return _comm.get_world_rank_from_group_rank(_group(group), group_rank)


def get_group_rank(group: Any, global_rank: int) -> int:
    """The rank in ``group`` of world rank ``global_rank``."""
    return _comm.get_group_rank_from_world_rank(global_rank, _group(group))


def new_group(ranks: Any = None, timeout: Any = None, backend: Any = None, pg_options: Any = None,
              use_local_synchronization: bool = False, group_desc: Any = None) -> str:  # fmt: skip
    """A group of ``ranks``: only the world group exists, so ``ranks`` must be all ranks."""
    world = list(range(_comm.get_group_size())) if is_initialized() else [0]
    if ranks is not None and sorted(ranks) != world:
        raise ValueError(f"For 'new_group', only the world group {world} is supported, but got "
                         f"ranks {ranks}")  # fmt: skip
    return GlobalComm.WORLD_COMM_GROUP


def barrier(group: Any = None, async_op: bool = False, device_ids: Any = None) -> Any:
    """Waits until every rank reaches it (an all-reduce of a scalar)."""
    _ops.AllReduce(_ops.ReduceOp.SUM, _group(group))(Tensor(0.0))
    return _done(async_op)


def all_reduce(tensor: Tensor, op: str = "sum", group: Any = None, async_op: bool = False):
    """Reduces ``tensor`` over the ranks, in place."""
    if op not in _OPS:
        raise ValueError(f"For 'all_reduce', 'op' must be one of {sorted(_OPS)}, but got {op!r}")
    tensor._data = _ops.AllReduce(_OPS[op], _group(group))(tensor)._data
    return _done(async_op)


def all_gather_into_tensor(output_tensor: Tensor, input_tensor: Tensor, group: Any = None,
                           async_op: bool = False) -> Any:  # fmt: skip
    """Every rank's ``input_tensor`` concatenated along dim 0 into ``output_tensor``."""
    r = _ops.AllGather(_group(group))(input_tensor)
    if tuple(r.shape) != tuple(output_tensor.shape):
        raise ValueError(f"For 'all_gather_into_tensor', 'output_tensor' must have shape "
                         f"{list(r.shape)}, but got {list(output_tensor.shape)}")  # fmt: skip
    output_tensor._data = r._data.astype(output_tensor._data.dtype)
    return _done(async_op)


def all_gather(tensor_list: list, tensor: Tensor, group: Any = None, async_op: bool = False):
    """Every rank's ``tensor`` written into ``tensor_list`` (one entry per rank)."""
    r = _ops.AllGather(_group(group))(tensor)._data
    n = len(tensor_list)
    if r.shape[0] != n * max(tensor.shape[0] if tensor.ndim else 1, 1):
        raise ValueError(f"For 'all_gather', 'tensor_list' must have one entry per rank, but got "
                         f"{n}")  # fmt: skip
    parts = r.reshape((n,) + tuple(tensor.shape))
    for i, t in enumerate(tensor_list):
        t._data = parts[i].astype(t._data.dtype)
    return _done(async_op)


def broadcast(tensor: Tensor, src: int, group: Any = None, async_op: bool = False) -> Any:
    """``src``'s ``tensor`` written into every rank's ``tensor``."""
    tensor._data = _ops.Broadcast(src, _group(group))((tensor,))[0]._data
    return _done(async_op)


__all__ = [
    "all_gather", "all_gather_into_tensor", "all_reduce", "barrier", "broadcast",
    "destroy_process_group", "get_backend", "get_global_rank", "get_group_rank",
    "get_process_group_ranks", "get_rank", "get_world_size", "init_process_group",
    "is_available", "is_initialized", "new_group",
]  # fmt: skip
