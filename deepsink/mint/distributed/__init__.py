"""``mindspore.mint.distributed``: PyTorch-style process groups and collectives over
``deepsink.communication`` and its collective primitives. They are ``mindspore.ops``' functional
collectives (``deepsink.ops.function.comm_func``), always in place as MindSpore's mint ones are:
the result is written into the given Tensors; without ``init_process_group`` the world is this one
process (size 1) and they keep the input's value. Only the world group exists (``new_group`` of
all ranks returns it). Async operations complete before returning (``async_op=True`` gives a
finished work handle). Point-to-point calls are not supported (see ``comm_func``)."""

from __future__ import annotations

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
init_process_group = _cf.init_process_group
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
    "broadcast_object_list", "destroy_process_group", "gather_object", "get_backend",
    "get_global_rank", "get_group_rank", "get_process_group_ranks", "get_rank", "get_world_size",
    "init_process_group", "irecv", "is_available", "is_initialized", "isend", "new_group", "recv",
    "recv_object_list", "reduce", "reduce_scatter", "reduce_scatter_tensor",
    "scatter_object_list", "send", "send_object_list",
]  # fmt: skip
