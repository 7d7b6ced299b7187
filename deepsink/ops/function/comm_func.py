"""MindSpore's functional collectives (``mindspore.ops.all_reduce``... and, the same functions,
``mindspore.mint.distributed``) over ``deepsink.communication`` and the collective primitives of
``deepsink.ops.comm_ops``.

As in MindSpore they work in place by default: the result is written into the given Tensor(s)
and the call returns a handle (``None`` unless ``async_op``); ``set_comm_ops_inplace(False)``
makes the tensor collectives return ``(output, handle)`` instead. Without ``init_process_group``
the world is this one process (size 1): every collective keeps its input's value. Only the world
group exists. Asynchronous calls complete before returning (the handle is already finished).
Python objects travel as pickled uint8 Tensors. Point-to-point calls (``send``/``recv``...) need
each rank to run a different program, which deepsink's one-program-per-job collectives cannot
express: they are ``unsupported``.
"""

from __future__ import annotations

import contextvars
import pickle
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink import communication as _comm
from deepsink._core.unsupported import unsupported
from deepsink.common.tensor import Tensor
from deepsink.communication.management import GlobalComm
from deepsink.ops import comm_ops as _ops

_OPS = {
    "sum": _ops.ReduceOp.SUM,
    "max": _ops.ReduceOp.MAX,
    "min": _ops.ReduceOp.MIN,
    "prod": _ops.ReduceOp.PROD,
    "avg": "avg",
}

# the tensor collectives that can return their output instead of writing it (MindSpore's list)
_INPLACE = {
    name: True
    for name in (
        "all_reduce",
        "all_gather_into_tensor",
        "reduce_scatter_tensor",
        "reduce",
        "broadcast",
        "scatter_tensor",
        "gather_into_tensor",
        "all_to_all",
        "all_to_all_single",
        "all_gather",
        "reduce_scatter",
    )
}
_FORCE_INPLACE: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "force_inplace", default=False
)


class CommHandle:
    """The handle of a finished asynchronous collective (``wait`` returns at once)."""

    def wait(self) -> bool:
        """Wait for the collective (it has finished)."""
        return True

    def is_completed(self) -> bool:
        """Whether the collective has finished (always)."""
        return True


def _group(group: Any, api: str) -> str:
    if group is None:
        return GlobalComm.WORLD_COMM_GROUP
    if not isinstance(group, str):
        raise TypeError(
            f"The argument 'group' must be type of string, but got 'group' type : {type(group)}."
        )
    return group


def _check(tensor: Any, arg: str, api: str) -> None:
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For {api}, the input {arg} must be tensor, but got {type(tensor)}")


def _check_async(async_op: Any) -> None:
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")


def _handle(async_op: bool) -> Any:
    return CommHandle() if async_op else None


def _finish(api: str, outputs: list, targets: list, async_op: bool) -> Any:
    """Write ``outputs`` into ``targets`` (in place), or return them (``set_comm_ops_inplace``)."""
    if _INPLACE.get(api, True) or _FORCE_INPLACE.get():
        for out, t in zip(outputs, targets):
            if t is not None and out is not None:
                t._data = out._data.astype(t._data.dtype)
        return _handle(async_op)
    result = outputs[0] if len(outputs) == 1 else tuple(outputs)
    return result, _handle(async_op)


def _world() -> int:
    return _ops.world_size()


def _rank() -> int:
    return _ops.world_rank()


def _reduce_op(op: Any, api: str) -> str:
    if not isinstance(op, str):
        raise TypeError(f"For {api}, the input op type must be str")
    if op not in _OPS:
        raise TypeError(f"For {api}, the input op value must be one of sum, prod, min, max, avg")
    return op


def _all_reduce(t: Tensor, op: str, group: str) -> Tensor:
    if op == "avg":
        total = _ops.AllReduce(_ops.ReduceOp.SUM, group)(t)
        return Tensor._from((total._data / _world()).astype(t._data.dtype))
    return _ops.AllReduce(_OPS[op], group)(t)


def _check_rank(value: Any, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For {api}, the argument '{arg}' must be an int, but got {type(value)}")
    if not 0 <= value < _world():
        raise ValueError(
            f"For {api}, the argument '{arg}' must be in [0, {_world()}), but got {value}"
        )
    return value


# --- process groups ---------------------------------------------------------------------------


def is_available() -> bool:
    """Whether distributed support is built in (always).

    Returns:
        bool.

    Examples:
        >>> from deepsink import ops
        >>> ops.is_available()
        True
    """
    return True


def is_initialized() -> bool:
    """Whether ``init_process_group`` has run.

    Returns:
        bool.

    Examples:
        >>> from deepsink import ops
        >>> ops.is_initialized()
        False
    """
    return bool(GlobalComm.INITED)


def init_process_group(
    backend: str = "hccl",
    init_method: Any = None,
    timeout: Any = None,
    world_size: int = -1,
    rank: int = -1,
    store: Any = None,
    pg_options: Any = None,
    device_id: Any = None,
) -> None:
    """Join the job this process was launched into (``communication.init``).

    Args:
        backend (str): "hccl", "nccl" or "mccl". Default: ``"hccl"`` (this machine's backend).
        init_method (str): not supported (launch with ``deepsink launch``); must be ``None``.
        timeout (timedelta): accepted for MindSpore's signature; the launcher's timeout applies.
        world_size (int): when given, must match the launcher's. Default: ``-1``.
        rank (int): when given, must match the launcher's. Default: ``-1``.
        store (TCPStore): not supported; must be ``None``.
        pg_options: accepted for MindSpore's signature.
        device_id (int): accepted for MindSpore's signature (one device per process).

    Raises:
        ValueError: ``init_method``/``store`` given, or ``world_size``/``rank`` do not match.
        RuntimeError: the process was not started by a launcher.

    Examples:
        >>> from deepsink import ops
        >>> try:
        ...     ops.init_process_group()
        ... except RuntimeError:
        ...     print("not launched")
        not launched
    """
    if init_method is not None or store is not None:
        raise ValueError(
            "For 'init_process_group', 'init_method' and 'store' are not "
            "supported; launch with 'deepsink launch' (msrun's flags)"
        )
    _comm.init(None if backend == "hccl" else backend)
    if world_size not in (-1, _comm.get_group_size()) or rank not in (-1, _comm.get_rank()):
        raise ValueError(
            f"For 'init_process_group', world_size={world_size}, rank={rank} do not "
            f"match the launched job ({_comm.get_group_size()}, "
            f"{_comm.get_rank()})"
        )


def destroy_process_group(group: Any = None) -> None:
    """Leave the job (the world group) or destroy ``group``.

    Args:
        group (str): the group. Default: ``None`` (the world).

    Examples:
        >>> from deepsink import ops
        >>> ops.destroy_process_group()
    """
    if group is None or group == GlobalComm.WORLD_COMM_GROUP:
        _comm.release()
    else:
        _comm.destroy_group(group)


def get_rank(group: Any = None) -> int:
    """This process's rank (-1 before ``init_process_group``).

    Args:
        group (str): the group. Default: ``None`` (the world).

    Returns:
        int.

    Examples:
        >>> from deepsink import ops
        >>> ops.get_rank()
        -1
    """
    return _comm.get_rank(_group(group, "get_rank")) if is_initialized() else -1


def get_world_size(group: Any = None) -> int:
    """The number of ranks (-1 before ``init_process_group``).

    Args:
        group (str): the group. Default: ``None`` (the world).

    Returns:
        int.

    Examples:
        >>> from deepsink import ops
        >>> ops.get_world_size()
        -1
    """
    return _comm.get_group_size(_group(group, "get_world_size")) if is_initialized() else -1


def get_backend(group: Any = None) -> str:
    """The communication backend's name.

    Args:
        group (str): the group. Default: ``None`` (the world).

    Returns:
        str.

    Examples:
        >>> from deepsink import ops
        >>> ops.get_backend() in ("hccl", "nccl", "mccl")
        True
    """
    return GlobalComm.BACKEND


def get_process_group_ranks(group: Any = None) -> list[int]:
    """The world ranks of ``group``.

    Args:
        group (str): the group. Default: ``None`` (the world).

    Returns:
        list[int].

    Examples:
        >>> from deepsink import ops
        >>> ops.get_process_group_ranks()
        [0]
    """
    return _comm.get_process_group_ranks(_group(group, "get_process_group_ranks"))


def get_global_rank(group: Any, group_rank: int) -> int:
    """The world rank of ``group_rank`` in ``group``.

    Args:
        group (str): the group (``None``: the world).
        group_rank (int): a rank in it.

    Returns:
        int.

    Examples:
        >>> from deepsink import ops
        >>> ops.get_global_rank(None, 0)
        0
    """
    return _comm.get_world_rank_from_group_rank(_group(group, "get_global_rank"), group_rank)


def get_group_rank(group: Any, global_rank: int) -> int:
    """The rank in ``group`` of world rank ``global_rank``.

    Args:
        group (str): the group (``None``: the world).
        global_rank (int): a world rank.

    Returns:
        int.

    Examples:
        >>> from deepsink import ops
        >>> ops.get_group_rank(None, 0)
        0
    """
    return _comm.get_group_rank_from_world_rank(global_rank, _group(group, "get_group_rank"))


def new_group(
    ranks: Any = None,
    timeout: Any = None,
    backend: Any = None,
    pg_options: Any = None,
    use_local_synchronization: bool = False,
    group_desc: Any = None,
) -> str:
    """A group of ``ranks``: only the world group exists, so ``ranks`` must be all ranks.

    Args:
        ranks (list[int]): the ranks. Default: ``None`` (all).
        timeout, backend, pg_options, use_local_synchronization, group_desc: accepted for
            MindSpore's signature.

    Returns:
        str, the world group's name.

    Raises:
        ValueError: ``ranks`` is not every rank.

    Examples:
        >>> from deepsink import ops
        >>> ops.new_group([0]) == ops.new_group()
        True
    """
    world = list(range(_comm.get_group_size())) if is_initialized() else [0]
    if ranks is not None and sorted(ranks) != world:
        raise ValueError(
            f"For 'new_group', only the world group {world} is supported, but got ranks {ranks}"
        )
    return GlobalComm.WORLD_COMM_GROUP


def set_comm_ops_inplace(is_enable: bool, func_list: Any = None) -> None:
    """Make the tensor collectives write their result in place (``True``, the default) or return
    ``(output, handle)`` (``False``).

    Args:
        is_enable (bool): in place or not.
        func_list (list[str], optional): the functions to set. Default: ``None`` (all).

    Raises:
        TypeError: ``is_enable`` is not a bool or ``func_list`` not a list.
        ValueError: a name in ``func_list`` is not a tensor collective.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> ops.set_comm_ops_inplace(False, ["all_reduce"])
        >>> out, handle = ops.all_reduce(ms.Tensor(np.ones(2, np.float32)))
        >>> print(out, handle)
        [1. 1.] None
        >>> ops.set_comm_ops_inplace(True)
    """
    if not isinstance(is_enable, bool):
        raise TypeError(
            "For 'set_comm_ops_inplace', the argument 'is_enable' must be type of "
            f"bool, but got 'is_enable' type : {type(is_enable)}."
        )
    if func_list is None:
        func_list = list(_INPLACE)
    if not isinstance(func_list, list | tuple):
        raise TypeError(f"Expected list or tuple, but got {type(func_list)}.")
    for func in func_list:
        if func not in _INPLACE:
            raise ValueError(f"The function name in `func_list` must be correct, but got {func}.")
        _INPLACE[func] = is_enable


# --- tensor collectives -----------------------------------------------------------------------


def all_reduce(tensor: Any, op: str = "sum", group: Any = None, async_op: bool = False) -> Any:
    """Reduce ``tensor`` over the ranks; every rank gets the result.

    Args:
        tensor (Tensor): the input, and the output when in place.
        op (str): "sum", "prod", "min", "max" or "avg". Default: ``"sum"``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle (``None`` unless ``async_op``); ``(output, handle)`` when not in place.

    Raises:
        TypeError: ``tensor`` is not a Tensor, ``op`` is not one of the five, ``group`` is not a
            str or ``async_op`` not a bool.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> t = ms.Tensor(np.ones(2, np.float32))
        >>> ops.all_reduce(t)
        >>> print(t)  # one process
        [1. 1.]
    """
    _check(tensor, "tensor", "all_reduce")
    op = _reduce_op(op, "all_reduce")
    g = _group(group, "all_reduce")
    _check_async(async_op)
    return _finish("all_reduce", [_all_reduce(tensor, op, g)], [tensor], async_op)


def _gathered(input_tensor: Tensor, group: str) -> Tensor:
    return _ops.AllGather(group)(input_tensor)


def all_gather_into_tensor(
    output_tensor: Any, input_tensor: Any, group: Any = None, async_op: bool = False
) -> Any:
    """Every rank's ``input_tensor`` concatenated along dim 0 (rank order) into
    ``output_tensor``.

    Args:
        output_tensor (Tensor): of shape ``(world_size * n, ...)``.
        input_tensor (Tensor): of shape ``(n, ...)``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: an input is not a Tensor.
        ValueError: ``output_tensor`` has the wrong shape.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.all_gather_into_tensor(out, ms.Tensor(np.array([3.0, 4.0], np.float32)))
        >>> print(out)
        [3. 4.]
    """
    _check(input_tensor, "input_tensor", "all_gather_into_tensor")
    _check_async(async_op)
    r = _gathered(input_tensor, _group(group, "all_gather_into_tensor"))
    if output_tensor is not None:
        _check(output_tensor, "output_tensor", "all_gather_into_tensor")
        if tuple(r.shape) != tuple(output_tensor.shape):
            raise ValueError(
                f"For 'all_gather_into_tensor', 'output_tensor' must have shape "
                f"{list(r.shape)}, but got {list(output_tensor.shape)}"
            )
    return _finish("all_gather_into_tensor", [r], [output_tensor], async_op)


def all_gather(tensor_list: list, tensor: Any, group: Any = None, async_op: bool = False) -> Any:
    """Every rank's ``tensor`` written into ``tensor_list`` (one entry per rank).

    Args:
        tensor_list (list[Tensor]): ``world_size`` Tensors of ``tensor``'s shape.
        tensor (Tensor): this rank's value.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(list of outputs, handle)`` when not in place.

    Raises:
        TypeError: ``tensor`` is not a Tensor.
        ValueError: ``tensor_list`` does not have one entry per rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = [ms.Tensor(np.zeros(2, np.float32))]
        >>> ops.all_gather(out, ms.Tensor(np.ones(2, np.float32)))
        >>> print(out[0])
        [1. 1.]
    """
    _check(tensor, "tensor", "all_gather")
    _check_async(async_op)
    n = _world()
    if not isinstance(tensor_list, list | tuple) or len(tensor_list) != n:
        raise ValueError(
            f"For 'all_gather', 'tensor_list' must have one entry per rank ({n}), "
            f"but got {tensor_list!r}"
        )
    r = _gathered(Tensor._from(tensor._data[None]), _group(group, "all_gather"))._data
    outs = [Tensor._from(r[i]) for i in range(n)]
    if _INPLACE["all_gather"] or _FORCE_INPLACE.get():
        return _finish("all_gather", outs, list(tensor_list), async_op)
    return outs, _handle(async_op)


def broadcast(tensor: Any, src: int, group: Any = None, async_op: bool = False) -> Any:
    """``src``'s ``tensor`` written into every rank's ``tensor``.

    Args:
        tensor (Tensor): the value (on ``src``) and the output.
        src (int): the sending rank.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: ``tensor`` is not a Tensor or ``src`` not an int.
        ValueError: ``src`` is not a rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> t = ms.Tensor(np.ones(2, np.float32))
        >>> ops.broadcast(t, 0)
        >>> print(t)
        [1. 1.]
    """
    _check(tensor, "tensor", "broadcast")
    _check_async(async_op)
    out = _ops.Broadcast(src, _group(group, "broadcast"))((tensor,))[0]
    return _finish("broadcast", [out], [tensor], async_op)


def barrier(group: Any = None, async_op: bool = False, device_ids: Any = None) -> Any:
    """Wait until every rank reaches this call.

    Args:
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.
        device_ids: accepted for MindSpore's signature.

    Returns:
        The handle (``None`` unless ``async_op``).

    Examples:
        >>> from deepsink import ops
        >>> print(ops.barrier())
        None
    """
    _check_async(async_op)
    _ops.Barrier(_group(group, "barrier"))()
    return _handle(async_op)


def reduce(
    tensor: Any, dst: int, op: str = "sum", group: Any = None, async_op: bool = False
) -> Any:
    """Reduce ``tensor`` over the ranks into ``dst``'s ``tensor`` (the others keep theirs).

    Args:
        tensor (Tensor): the input, and on ``dst`` the output.
        dst (int): the receiving rank.
        op (str): "sum", "prod", "min", "max" or "avg". Default: ``"sum"``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: bad argument types.
        ValueError: ``dst`` is not a rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> t = ms.Tensor(np.ones(2, np.float32))
        >>> ops.reduce(t, 0)
        >>> print(t)
        [1. 1.]
    """
    _check(tensor, "tensor", "reduce")
    op = _reduce_op(op, "reduce")
    _check_rank(dst, "dst", "reduce")
    _check_async(async_op)
    out = _all_reduce(tensor, op, _group(group, "reduce"))
    return _finish("reduce", [out if _rank() == dst else tensor], [tensor], async_op)


def _reduce_scatter(x: Tensor, op: str, group: str, api: str) -> Tensor:
    if op == "avg":
        s = _ops.ReduceScatter(_ops.ReduceOp.SUM, group)(x)
        return Tensor._from((s._data / _world()).astype(x._data.dtype))
    return _ops.ReduceScatter(_OPS[op], group)(x)


def reduce_scatter_tensor(
    output: Any, input: Any, op: str = "sum", group: Any = None, async_op: bool = False
) -> Any:
    """``input`` reduced over the ranks and split along dim 0; rank ``r``'s ``output`` gets
    part ``r``.

    Args:
        output (Tensor): of shape ``(n / world_size, ...)``.
        input (Tensor): of shape ``(n, ...)``.
        op (str): "sum", "prod", "min", "max" or "avg". Default: ``"sum"``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: bad argument types.
        ValueError: the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.reduce_scatter_tensor(out, ms.Tensor(np.ones(2, np.float32)))
        >>> print(out)
        [1. 1.]
    """
    _check(input, "input", "reduce_scatter_tensor")
    op = _reduce_op(op, "reduce_scatter_tensor")
    _check_async(async_op)
    r = _reduce_scatter(input, op, _group(group, "reduce_scatter_tensor"), "reduce_scatter_tensor")
    if output is not None and tuple(output.shape) != tuple(r.shape):
        raise ValueError(
            f"For 'reduce_scatter_tensor', 'output' must have shape {list(r.shape)}, "
            f"but got {list(output.shape)}"
        )
    return _finish("reduce_scatter_tensor", [r], [output], async_op)


def reduce_scatter(
    output: Any, input_list: list, op: str = "sum", group: Any = None, async_op: bool = False
) -> Any:
    """Rank ``r``'s ``output`` gets ``input_list[r]`` reduced over the ranks.

    Args:
        output (Tensor): of the entries' shape.
        input_list (list[Tensor]): one Tensor per rank, all of one shape.
        op (str): "sum", "prod", "min", "max" or "avg". Default: ``"sum"``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: bad argument types.
        ValueError: ``input_list`` does not have one entry per rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.reduce_scatter(out, [ms.Tensor(np.ones(2, np.float32))])
        >>> print(out)
        [1. 1.]
    """
    op = _reduce_op(op, "reduce_scatter")
    _check_async(async_op)
    if not isinstance(input_list, list | tuple) or len(input_list) != _world():
        raise ValueError(
            f"For 'reduce_scatter', 'input_list' must have one Tensor per rank "
            f"({_world()}), but got {input_list!r}"
        )
    for t in input_list:
        _check(t, "input_list", "reduce_scatter")
    stacked = Tensor._from(jnp.stack([t._data for t in input_list]))
    r = _reduce_scatter(stacked, op, _group(group, "reduce_scatter"), "reduce_scatter")
    return _finish("reduce_scatter", [Tensor._from(r._data[0])], [output], async_op)


def gather_into_tensor(
    output_tensor: Any, input_tensor: Any, dst: int = 0, group: Any = None, async_op: bool = False
) -> Any:
    """Every rank's ``input_tensor`` concatenated along dim 0 into ``dst``'s ``output_tensor``.

    Args:
        output_tensor (Tensor): on ``dst``, of shape ``(world_size * n, ...)``.
        input_tensor (Tensor): of shape ``(n, ...)``.
        dst (int): the receiving rank. Default: ``0``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: bad argument types.
        ValueError: ``dst`` is not a rank or the output's shape does not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.gather_into_tensor(out, ms.Tensor(np.ones(2, np.float32)))
        >>> print(out)
        [1. 1.]
    """
    _check(input_tensor, "input_tensor", "gather_into_tensor")
    _check_rank(dst, "dst", "gather_into_tensor")
    _check_async(async_op)
    r = _gathered(input_tensor, _group(group, "gather_into_tensor"))
    if _rank() != dst:
        return _finish("gather_into_tensor", [None], [None], async_op)
    if output_tensor is not None and tuple(output_tensor.shape) != tuple(r.shape):
        raise ValueError(
            f"For 'gather_into_tensor', 'output_tensor' must have shape "
            f"{list(r.shape)}, but got {list(output_tensor.shape)}"
        )
    return _finish("gather_into_tensor", [r], [output_tensor], async_op)


def scatter_tensor(
    output_tensor: Any, input_tensor: Any, src: int = 0, group: Any = None, async_op: bool = False
) -> Any:
    """``src``'s ``input_tensor`` split along dim 0: rank ``r``'s ``output_tensor`` gets part
    ``r``.

    Args:
        output_tensor (Tensor): of shape ``(n / world_size, ...)``.
        input_tensor (Tensor): of shape ``(n, ...)`` (used on ``src``).
        src (int): the sending rank. Default: ``0``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: bad argument types.
        ValueError: ``src`` is not a rank or the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.scatter_tensor(out, ms.Tensor(np.array([1.0, 2.0], np.float32)))
        >>> print(out)
        [1. 2.]
    """
    _check(input_tensor, "input_tensor", "scatter_tensor")
    _check_async(async_op)
    r = _ops.CollectiveScatter(src, _group(group, "scatter_tensor"))(input_tensor)
    if output_tensor is not None and tuple(output_tensor.shape) != tuple(r.shape):
        raise ValueError(
            f"For 'scatter_tensor', 'output_tensor' must have shape {list(r.shape)}, "
            f"but got {list(output_tensor.shape)}"
        )
    return _finish("scatter_tensor", [r], [output_tensor], async_op)


def _exchanged(input_tensor_list: Any, group: str, api: str) -> list[Tensor]:
    """Entry ``k`` of what this rank receives: rank ``k``'s ``input_tensor_list[this rank]``."""
    for t in input_tensor_list:
        _check(t, "input_tensor_list", api)
    gathered = [_gathered(Tensor._from(t._data[None]), group)._data for t in input_tensor_list]
    mine = gathered[_rank()]
    return [Tensor._from(mine[k]) for k in range(len(input_tensor_list))]


def all_to_all(
    output_tensor_list: list, input_tensor_list: list, group: Any = None, async_op: bool = False
) -> Any:
    """Rank ``r`` sends ``input_tensor_list[k]`` to rank ``k`` and receives rank ``k``'s
    ``input_tensor_list[r]`` into ``output_tensor_list[k]`` (entry ``k`` of every rank's input
    list must have one shape).

    Args:
        output_tensor_list (list[Tensor]): one Tensor per rank.
        input_tensor_list (list[Tensor]): one Tensor per rank.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(tuple of outputs, handle)`` when not in place.

    Raises:
        TypeError: an entry is not a Tensor.
        ValueError: a list does not have one entry per rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = [ms.Tensor(np.zeros(2, np.float32))]
        >>> ops.all_to_all(out, [ms.Tensor(np.ones(2, np.float32))])
        >>> print(out[0])
        [1. 1.]
    """
    n, g = _world(), _group(group, "all_to_all")
    _check_async(async_op)
    if not isinstance(input_tensor_list, list | tuple) or len(input_tensor_list) != n:
        raise ValueError(
            f"For 'all_to_all', 'input_tensor_list' must have one Tensor per rank "
            f"({n}), but got {input_tensor_list!r}"
        )
    outs = _exchanged(input_tensor_list, g, "all_to_all")
    if _INPLACE["all_to_all"] or _FORCE_INPLACE.get():
        if not isinstance(output_tensor_list, list | tuple) or len(output_tensor_list) != n:
            raise ValueError(
                f"For 'all_to_all', 'output_tensor_list' must have one Tensor per "
                f"rank ({n}), but got {output_tensor_list!r}"
            )
        return _finish("all_to_all", outs, list(output_tensor_list), async_op)
    return tuple(outs), _handle(async_op)


def all_to_all_single(
    output: Any,
    input: Any,
    output_split_sizes: Any = None,
    input_split_sizes: Any = None,
    group: Any = None,
    async_op: bool = False,
) -> Any:
    """``input`` split along dim 0 into one equal part per rank; part ``k`` goes to rank ``k``,
    and the parts received are concatenated (rank order) into ``output``.

    Args:
        output (Tensor): of ``input``'s shape.
        input (Tensor): its first dimension divisible by the world size.
        output_split_sizes (list[int]): equal parts only (or ``None``). Default: ``None``.
        input_split_sizes (list[int]): equal parts only (or ``None``). Default: ``None``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle; ``(output, handle)`` when not in place.

    Raises:
        TypeError: ``input`` is not a Tensor.
        ValueError: the first dimension is not divisible, or the split sizes do not sum to it.
        NotImplementedError: unequal split sizes on several ranks (uneven all-to-all needs
            per-rank shapes, which one program for every rank cannot have).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.all_to_all_single(out, ms.Tensor(np.array([1.0, 2.0], np.float32)))
        >>> print(out)
        [1. 2.]
    """
    _check(input, "input", "all_to_all_single")
    _check_async(async_op)
    g = _group(group, "all_to_all_single")
    r = _even_all_to_all(input, output_split_sizes, input_split_sizes, g, "all_to_all_single")
    return _finish("all_to_all_single", [r], [output], async_op)


def _even_all_to_all(
    input: Tensor, output_split_sizes: Any, input_split_sizes: Any, group: str, api: str
) -> Tensor:
    """``input``'s dim 0 split evenly over the ranks, part ``k`` to rank ``k``, what arrives
    concatenated in rank order; split sizes, when given, must be that even split."""
    n = _world()
    rows = input.shape[0] if input.ndim else 0
    for arg, sizes in (
        ("output_split_sizes", output_split_sizes),
        ("input_split_sizes", input_split_sizes),
    ):
        if sizes is None or len(sizes) == 0:
            continue
        if len(sizes) != n or sum(sizes) != rows:
            raise ValueError(
                f"For '{api}', '{arg}' must have {n} entries summing to {rows}, but got "
                f"{list(sizes)}"
            )
        if len(set(sizes)) != 1:
            raise NotImplementedError(
                f"For '{api}', unequal split sizes need per-rank shapes, which "
                "deepsink's one program for every rank cannot have; split evenly"
            )
    return _ops.AlltoAll(n, 0, 0, group)(input)


def _split_sizes(sizes: Any, total: int, arg: str, api: str) -> list[int]:
    n = _world()
    if sizes is None or len(sizes) == 0:
        if total % n:
            raise ValueError(
                f"For '{api}', the first dimension ({total}) must split evenly over "
                f"{n} ranks when '{arg}' is not given"
            )
        return [total // n] * n
    sizes = list(sizes)
    if len(sizes) != n or sum(sizes) != total or any(k < 0 for k in sizes):
        raise ValueError(
            f"For '{api}', '{arg}' must have {n} non-negative entries summing to "
            f"{total}, but got {sizes}"
        )
    return sizes


def all_gather_into_tensor_uneven(
    output: Any,
    input: Any,
    output_split_sizes: Any = None,
    group: Any = None,
    async_op: bool = False,
) -> Any:
    """Every rank's ``input`` (first dimensions may differ) concatenated along dim 0 (rank order)
    into ``output``; each rank's rows are padded to the largest, gathered, and unpadded.

    Args:
        output (Tensor): of shape ``(sum of the ranks' first dimensions, ...)``.
        input (Tensor): this rank's rows.
        output_split_sizes (list[int], optional): every rank's first dimension; must match.
            Default: ``None`` (equal parts).
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle (``None`` unless ``async_op``).

    Raises:
        TypeError: an input is not a Tensor.
        ValueError: the sizes do not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(3, np.float32))
        >>> ops.all_gather_into_tensor_uneven(out, ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
        >>> print(out)
        [1. 2. 3.]
    """
    api = "all_gather_into_tensor_uneven"
    _check(output, "output", api)
    _check(input, "input", api)
    _check_async(async_op)
    g = _group(group, api)
    rows = _gathered(Tensor(np.array([input.shape[0]], np.int64)), g).asnumpy().tolist()
    sizes = _split_sizes(output_split_sizes, int(output.shape[0]), "output_split_sizes", api)
    if sizes != rows:
        raise ValueError(
            f"For '{api}', the ranks' first dimensions {rows} do not match "
            f"'output_split_sizes' / 'output' {sizes}"
        )
    top = max(rows)
    pad = jnp.zeros((top - input.shape[0], *input.shape[1:]), input._data.dtype)
    full = _gathered(Tensor._from(jnp.concatenate([input._data, pad])[None]), g)._data
    out = jnp.concatenate([full[k, : rows[k]] for k in range(len(rows))])
    output._data = out.astype(output._data.dtype)
    return _handle(async_op)


def reduce_scatter_tensor_uneven(
    output: Any,
    input: Any,
    input_split_sizes: Any = None,
    op: str = "sum",
    group: Any = None,
    async_op: bool = False,
) -> Any:
    """``input`` (one shape on every rank) reduced over the ranks; rank ``r``'s ``output`` gets
    rows ``[sum(input_split_sizes[:r]), sum(input_split_sizes[:r + 1]))``.

    Args:
        output (Tensor): of shape ``(input_split_sizes[rank], ...)``.
        input (Tensor): of shape ``(sum(input_split_sizes), ...)``.
        input_split_sizes (list[int], optional): each rank's rows. Default: ``None`` (equal).
        op (str): "sum", "prod", "min", "max" or "avg". Default: ``"sum"``.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        The handle (``None`` unless ``async_op``).

    Raises:
        TypeError: bad argument types.
        ValueError: the sizes or the output's shape do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ms.Tensor(np.zeros(2, np.float32))
        >>> ops.reduce_scatter_tensor_uneven(out, ms.Tensor(np.array([1.0, 2.0], np.float32)))
        >>> print(out)
        [1. 2.]
    """
    api = "reduce_scatter_tensor_uneven"
    _check(output, "output", api)
    _check(input, "input", api)
    op = _reduce_op(op, api)
    _check_async(async_op)
    sizes = _split_sizes(input_split_sizes, int(input.shape[0]), "input_split_sizes", api)
    start = sum(sizes[: _rank()])
    total = _all_reduce(input, op, _group(group, api))._data
    part = total[start : start + sizes[_rank()]]
    if tuple(output.shape) != tuple(part.shape):
        raise ValueError(
            f"For '{api}', 'output' must have shape {list(part.shape)}, but got "
            f"{list(output.shape)}"
        )
    output._data = part.astype(output._data.dtype)
    return _handle(async_op)


# --- Python objects ---------------------------------------------------------------------------


def _pickled(obj: Any) -> np.ndarray:
    return np.frombuffer(pickle.dumps(obj), np.uint8)


def _gather_bytes(buf: np.ndarray, group: str) -> list[bytes]:
    """Every rank's bytes, in rank order (sizes first, then the padded buffers)."""
    sizes = _gathered(Tensor(np.array([buf.size], np.int64)), group).asnumpy()
    padded = np.zeros(int(sizes.max()), np.uint8)
    padded[: buf.size] = buf
    rows = _gathered(Tensor(padded[None]), group).asnumpy()
    return [rows[i, : int(sizes[i])].tobytes() for i in range(len(sizes))]


def _broadcast_bytes(buf: np.ndarray | None, src: int, group: str) -> bytes:
    size = np.array([0 if buf is None else buf.size], np.int64)
    n = int(_ops.Broadcast(src, group)((Tensor(size),))[0].asnumpy()[0])
    padded = np.zeros(n, np.uint8)
    if buf is not None:
        padded[: buf.size] = buf
    return _ops.Broadcast(src, group)((Tensor(padded),))[0].asnumpy().tobytes()


def all_gather_object(object_list: list, obj: Any, group: Any = None) -> None:
    """Every rank's picklable ``obj`` written into ``object_list`` (one entry per rank).

    Args:
        object_list (list): of ``world_size`` entries, overwritten.
        obj (Any): this rank's object.
        group (str): the group. Default: ``None`` (the world).

    Raises:
        TypeError: ``object_list`` is not a list.
        ValueError: it does not have one entry per rank.

    Examples:
        >>> from deepsink import ops
        >>> out = [None]
        >>> ops.all_gather_object(out, {"a": 1})
        >>> print(out)
        [{'a': 1}]
    """
    if not isinstance(object_list, list):
        raise TypeError(
            f"For 'all_gather_object', 'object_list' must be a list, but got {type(object_list)}"
        )
    if len(object_list) != _world():
        raise ValueError(
            f"For 'all_gather_object', 'object_list' must have {_world()} entries, "
            f"but got {len(object_list)}"
        )
    parts = _gather_bytes(_pickled(obj), _group(group, "all_gather_object"))
    object_list[:] = [pickle.loads(p) for p in parts]


def gather_object(
    obj: Any, object_gather_list: Any = None, dst: int = 0, group: Any = None
) -> None:
    """Every rank's picklable ``obj`` written into ``dst``'s ``object_gather_list``.

    Args:
        obj (Any): this rank's object.
        object_gather_list (list): on ``dst``, ``world_size`` entries, overwritten.
        dst (int): the receiving rank. Default: ``0``.
        group (str): the group. Default: ``None`` (the world).

    Raises:
        TypeError: ``object_gather_list`` is not a list on ``dst``.
        ValueError: ``dst`` is not a rank, or the list's length is not the world size.

    Examples:
        >>> from deepsink import ops
        >>> out = [None]
        >>> ops.gather_object("x", out)
        >>> print(out)
        ['x']
    """
    _check_rank(dst, "dst", "gather_object")
    parts = _gather_bytes(_pickled(obj), _group(group, "gather_object"))
    if _rank() != dst:
        return
    if not isinstance(object_gather_list, list) or len(object_gather_list) != _world():
        raise ValueError(
            f"For 'gather_object', 'object_gather_list' must be a list of "
            f"{_world()} entries on rank {dst}, but got {object_gather_list!r}"
        )
    object_gather_list[:] = [pickle.loads(p) for p in parts]


def broadcast_object_list(
    object_list: list, src: int = 0, group: Any = None, device: Any = None
) -> None:
    """``src``'s picklable objects written into every rank's ``object_list``.

    Args:
        object_list (list): the objects (on ``src``), overwritten elsewhere.
        src (int): the sending rank. Default: ``0``.
        group (str): the group. Default: ``None`` (the world).
        device: accepted for MindSpore's signature.

    Raises:
        TypeError: ``object_list`` is not a list.
        ValueError: ``src`` is not a rank.

    Examples:
        >>> from deepsink import ops
        >>> objs = [1, "two"]
        >>> ops.broadcast_object_list(objs)
        >>> print(objs)
        [1, 'two']
    """
    if not isinstance(object_list, list):
        raise TypeError(
            f"For 'broadcast_object_list', 'object_list' must be a list, but got "
            f"{type(object_list)}"
        )
    _check_rank(src, "src", "broadcast_object_list")
    buf = _pickled(list(object_list)) if _rank() == src else None
    got = pickle.loads(_broadcast_bytes(buf, src, _group(group, "broadcast_object_list")))
    object_list[:] = got


def scatter_object_list(
    scatter_object_output_list: list,
    scatter_object_input_list: Any,
    src: int = 0,
    group: Any = None,
) -> None:
    """Rank ``r`` gets ``src``'s ``scatter_object_input_list[r]`` in
    ``scatter_object_output_list[0]``.

    Args:
        scatter_object_output_list (list): at least one entry; entry 0 is overwritten.
        scatter_object_input_list (list): on ``src``, one picklable object per rank.
        src (int): the sending rank. Default: ``0``.
        group (str): the group. Default: ``None`` (the world).

    Raises:
        TypeError: the output is not a non-empty list.
        ValueError: ``src`` is not a rank or the input list's length is not the world size.

    Examples:
        >>> from deepsink import ops
        >>> out = [None]
        >>> ops.scatter_object_list(out, ["mine"])
        >>> print(out)
        ['mine']
    """
    if not isinstance(scatter_object_output_list, list) or not scatter_object_output_list:
        raise TypeError(
            "For 'scatter_object_list', 'scatter_object_output_list' must be a "
            f"non-empty list, but got {scatter_object_output_list!r}"
        )
    _check_rank(src, "src", "scatter_object_list")
    buf = None
    if _rank() == src:
        if (
            not isinstance(scatter_object_input_list, list | tuple)
            or len(scatter_object_input_list) != _world()
        ):
            raise ValueError(
                f"For 'scatter_object_list', 'scatter_object_input_list' must have "
                f"{_world()} entries on rank {src}"
            )
        buf = _pickled(list(scatter_object_input_list))
    objs = pickle.loads(_broadcast_bytes(buf, src, _group(group, "scatter_object_list")))
    scatter_object_output_list[0] = objs[_rank()]


# --- point-to-point: not buildable on one program for every rank ------------------------------

_P2P = (
    "point-to-point communication needs each rank to run a different program (one sends, the "
    "other receives), and deepsink's collectives run one program on every rank (jax.distributed "
    "SPMD); use the collectives (all_gather, broadcast, all_to_all) instead"
)
send = unsupported("mindspore.ops", "send", _P2P, kind="function")
recv = unsupported("mindspore.ops", "recv", _P2P, kind="function")
isend = unsupported("mindspore.ops", "isend", _P2P, kind="function")
irecv = unsupported("mindspore.ops", "irecv", _P2P, kind="function")
send_object_list = unsupported("mindspore.ops", "send_object_list", _P2P, kind="function")
recv_object_list = unsupported("mindspore.ops", "recv_object_list", _P2P, kind="function")
batch_isend_irecv = unsupported("mindspore.ops", "batch_isend_irecv", _P2P, kind="function")
P2POp = unsupported("mindspore.ops", "P2POp", _P2P)


def always_in_place(fn: Any) -> Any:
    """``fn`` that writes in place whatever ``set_comm_ops_inplace`` says (``mint.distributed``'s
    collectives, which are always in place in MindSpore)."""
    import functools

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        token = _FORCE_INPLACE.set(True)
        try:
            return fn(*args, **kwargs)
        finally:
            _FORCE_INPLACE.reset(token)

    return call


__all__ = [
    "P2POp", "all_gather", "all_gather_into_tensor", "all_gather_into_tensor_uneven",
    "all_gather_object", "all_reduce", "reduce_scatter_tensor_uneven",
    "all_to_all", "all_to_all_single", "barrier", "batch_isend_irecv", "broadcast",
    "broadcast_object_list", "destroy_process_group", "gather_into_tensor", "gather_object",
    "get_backend", "get_global_rank", "get_group_rank", "get_process_group_ranks", "get_rank",
    "get_world_size", "init_process_group", "irecv", "is_available", "is_initialized", "isend",
    "new_group", "recv", "recv_object_list", "reduce", "reduce_scatter", "reduce_scatter_tensor",
    "scatter_object_list", "scatter_tensor", "send", "send_object_list", "set_comm_ops_inplace",
]  # fmt: skip
