"""``mindspore.mint.distributed``: PyTorch-style process groups and collectives over
``deepsink.communication`` and its collective primitives. They are ``mindspore.ops``' functional
collectives (``deepsink.ops.function.comm_func``), always in place as MindSpore's mint ones are:
the result is written into the given Tensors; without ``init_process_group`` the world is this one
process (size 1) and they keep the input's value. Only the world group exists (``new_group`` of
all ranks returns it). Async operations complete before returning (``async_op=True`` gives a
finished work handle). Point-to-point calls are not supported (see ``comm_func``)."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.communication import get_group_size
from deepsink.ops.function import comm_func as _cf

# process groups and point-to-point names: the same objects as mindspore.ops'
P2POp = _cf.P2POp
batch_isend_irecv = _cf.batch_isend_irecv
destroy_process_group = _cf.destroy_process_group
get_backend = _cf.get_backend
get_global_rank = _cf.get_global_rank
get_group_rank = _cf.get_group_rank
get_process_group_ranks = _cf.get_process_group_ranks
get_rank = _cf.get_rank
get_world_size = _cf.get_world_size
irecv = _cf.irecv
is_available = _cf.is_available
is_initialized = _cf.is_initialized
isend = _cf.isend
new_group = _cf.new_group
recv = _cf.recv
recv_object_list = _cf.recv_object_list
send = _cf.send
send_object_list = _cf.send_object_list
all_gather_object = _cf.all_gather_object
broadcast_object_list = _cf.broadcast_object_list
gather_object = _cf.gather_object
scatter_object_list = _cf.scatter_object_list


def init_process_group(
    backend: str = "hccl",
    init_method: Any = None,
    timeout: Any = None,
    world_size: int = -1,
    rank: int = -1,
    store: Any = None,
    group_name: str = "",
    pg_options: Any = None,
    device_id: Any = None,
) -> None:
    """``ops.init_process_group``, with mint's ``group_name``: the group whose size
    ``world_size`` must match (Default: ``""``, the world)."""
    _cf.init_process_group(backend, init_method, timeout, -1, rank, store, pg_options, device_id)
    size = get_group_size(group_name) if group_name else get_group_size()
    if world_size not in (-1, size):
        raise ValueError(
            f"For 'init_process_group', world_size={world_size} does not match the "
            f"size of group {group_name or 'the world'!r} ({size})"
        )


def _tensor_list(tensors: Any, like: Tensor, arg: str, api: str) -> list:
    """``tensors``: a list of one Tensor per rank, each of ``like``'s shape."""
    world = _cf._world()
    if not isinstance(tensors, list | tuple) or len(tensors) != world:
        raise ValueError(
            f"For '{api}', '{arg}' must be a list of {world} Tensors (one per rank), "
            f"but got {tensors!r}"
        )
    for t in tensors:
        _cf._check(t, arg, api)
        if tuple(t.shape) != tuple(like.shape):
            raise ValueError(
                f"For '{api}', every Tensor of '{arg}' must have shape "
                f"{list(like.shape)}, but got {list(t.shape)}"
            )
    return list(tensors)


def gather(
    tensor: Any, gather_list: Any, dst: int = 0, group: Any = None, async_op: bool = False
) -> Any:
    """Every rank's ``tensor`` written into ``dst``'s ``gather_list`` (one Tensor per rank, in
    rank order), through ``ops.gather_into_tensor``.

    Args:
        tensor (Tensor): this rank's Tensor. gather_list (list[Tensor]): on ``dst``, one Tensor of
            ``tensor``'s shape per rank, overwritten (ignored elsewhere). dst (int): the receiving
            rank. Default: ``0``. group (str): the group. Default: ``None`` (the world).
            async_op (bool): return a finished handle. Default: ``False``.

    Returns:
        The handle (``None`` unless ``async_op``).

    Raises:
        TypeError: ``tensor`` is not a Tensor. ValueError: ``gather_list`` does not fit.
    """
    _cf._check(tensor, "tensor", "gather")
    on_dst = _cf._rank() == dst
    targets = _tensor_list(gather_list, tensor, "gather_list", "gather") if on_dst else []
    rows = Tensor._from(tensor._data[None])
    out = ops.zeros((_cf._world(),) + tuple(tensor.shape), tensor._data.dtype)
    handle = _cf.always_in_place(_cf.gather_into_tensor)(
        out if on_dst else None, rows, dst, group, async_op
    )
    for i, t in enumerate(targets):
        t._data = out._data[i].astype(t._data.dtype)
    return handle


def scatter(
    tensor: Any, scatter_list: Any, src: int = 0, group: Any = None, async_op: bool = False
) -> Any:
    """Rank ``r``'s ``tensor`` overwritten with ``src``'s ``scatter_list[r]``, through
    ``ops.scatter_tensor``.

    Args:
        tensor (Tensor): the output, of every entry's shape. scatter_list (list[Tensor]): on
            ``src``, one Tensor per rank (ignored elsewhere). src (int): the sending rank.
            Default: ``0``. group (str): the group. Default: ``None`` (the world).
            async_op (bool): return a finished handle. Default: ``False``.

    Returns:
        The handle (``None`` unless ``async_op``).

    Raises:
        TypeError: ``tensor`` is not a Tensor. ValueError: ``scatter_list`` does not fit.
    """
    _cf._check(tensor, "tensor", "scatter")
    shape = (_cf._world(),) + tuple(tensor.shape)
    if _cf._rank() == src:
        parts = _tensor_list(scatter_list, tensor, "scatter_list", "scatter")
        stacked = ops.stack([ops.cast(t, tensor._data.dtype) for t in parts])
    else:
        stacked = ops.zeros(shape, tensor._data.dtype)
    out = ops.zeros((1,) + tuple(tensor.shape), tensor._data.dtype)
    handle = _cf.always_in_place(_cf.scatter_tensor)(out, stacked, src, group, async_op)
    tensor._data = out._data[0]
    return handle


# the tensor collectives, always in place
all_gather = _cf.always_in_place(_cf.all_gather)
all_gather_into_tensor = _cf.always_in_place(_cf.all_gather_into_tensor)
all_gather_into_tensor_uneven = _cf.all_gather_into_tensor_uneven  # in place only
reduce_scatter_tensor_uneven = _cf.reduce_scatter_tensor_uneven  # in place only
all_reduce = _cf.always_in_place(_cf.all_reduce)
all_to_all = _cf.always_in_place(_cf.all_to_all)
all_to_all_single = _cf.always_in_place(_cf.all_to_all_single)
barrier = _cf.barrier
broadcast = _cf.always_in_place(_cf.broadcast)
reduce = _cf.always_in_place(_cf.reduce)
reduce_scatter = _cf.always_in_place(_cf.reduce_scatter)
reduce_scatter_tensor = _cf.always_in_place(_cf.reduce_scatter_tensor)

__all__ = [
    "P2POp", "all_gather", "all_gather_into_tensor", "all_gather_into_tensor_uneven",
    "all_gather_object", "all_reduce", "reduce_scatter_tensor_uneven",
    "all_to_all", "all_to_all_single", "barrier", "batch_isend_irecv", "broadcast",
    "broadcast_object_list", "destroy_process_group", "gather", "gather_object", "get_backend",
    "get_global_rank", "get_group_rank", "get_process_group_ranks", "get_rank", "get_world_size",
    "init_process_group", "irecv", "is_available", "is_initialized", "isend", "new_group", "recv",
    "recv_object_list", "reduce", "reduce_scatter", "reduce_scatter_tensor",
    "scatter", "scatter_object_list", "send", "send_object_list",
]  # fmt: skip
