"""``mindspore.communication.comm_func``: MindSpore's functional collectives that return their
results (``all_reduce`` returns ``(output, handle)``, ``broadcast`` the broadcast Tensor).

They compute with the collectives of ``deepsink.ops`` (``deepsink/ops/function/comm_func.py``)
over ``deepsink.communication``'s world: without ``init()``, or after ``init()`` with one rank,
the world is this process and every collective returns its input's value, as MindSpore does
with one rank. ``async_op=True`` returns a handle whose ``wait`` returns at once (the collective
has finished). Point-to-point calls (``send``/``recv``/``isend``/``irecv``/``batch_isend_irecv``)
need each rank to run a different program, which deepsink's one program for every rank cannot
express; they raise ``NotImplementedError`` with that reason.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core.unsupported import unsupported
from deepsink.common.tensor import Tensor
from deepsink.communication.management import GlobalComm
from deepsink.ops import comm_ops as _ops
from deepsink.ops.function import comm_func as _cf

_MODULE = "mindspore.communication.comm_func"
_REDUCE_OPS = ("sum", "prod", "min", "max")


def _tensor(tensor: Any, api: str) -> None:
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For {api}, the input tensor must be tensor, but got {type(tensor)}")


def _op(op: Any, api: str) -> str:
    if not isinstance(op, str):
        raise TypeError(f"For {api}, the input op type must be str, but got {type(op)}")
    if op not in _REDUCE_OPS:
        raise TypeError(
            f"For {api}, the input op value must be one of sum, prod, min, max, got {op!r}"
        )
    return op


def _rank_arg(value: Any, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For {api}, the {arg} must be int, but got {type(value)}")
    return _cf._check_rank(value, arg, api)


def _outputs(output: Any, async_op: Any) -> tuple:
    _cf._check_async(async_op)
    return output, _cf._handle(async_op)


def _no_meaning(tensor: Tensor) -> Tensor:
    """What a rank other than the destination gets: a shape-[1] Tensor (MindSpore's note: it
    "has no mathematical meaning")."""
    return Tensor._from(jnp.zeros((1,), tensor._data.dtype))


def all_reduce(
    tensor: Any, op: str = "sum", group: str = GlobalComm.WORLD_COMM_GROUP, async_op: bool = False
) -> tuple:
    """``tensor`` reduced over the ranks of ``group``; every rank gets the result.

    Args:
        tensor (Tensor): the input.
        op (str): ``"sum"``, ``"prod"``, ``"min"`` or ``"max"``. Default: ``"sum"``.
        group (str): the group. Default: the world.
        async_op (bool): return a handle too. Default: ``False``.

    Returns:
        tuple(Tensor, CommHandle): the result and the handle (``None`` unless ``async_op``).

    Raises:
        TypeError: ``tensor`` is not a Tensor, ``op`` not one of the four, ``group`` not a str.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> out, handle = comm_func.all_reduce(ms.Tensor([1.0, 2.0]))
        >>> print(out, handle)  # one rank
        [1. 2.] None
    """
    _tensor(tensor, "all_reduce")
    op = _op(op, "all_reduce")
    return _outputs(_cf._all_reduce(tensor, op, _cf._group(group, "all_reduce")), async_op)


def all_gather_into_tensor(
    tensor: Any, group: str = GlobalComm.WORLD_COMM_GROUP, async_op: bool = False
) -> tuple:
    """Every rank's ``tensor`` concatenated along dim 0 in rank order.

    Args:
        tensor (Tensor): of shape ``(n, ...)``.
        group (str): the group. Default: the world.
        async_op (bool): return a handle too. Default: ``False``.

    Returns:
        tuple(Tensor, CommHandle): the ``(world_size * n, ...)`` result and the handle.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> out, _ = comm_func.all_gather_into_tensor(ms.Tensor([[1.0, 2.0]]))
        >>> print(out.shape)
        (1, 2)
    """
    _tensor(tensor, "all_gather_into_tensor")
    out = _cf._gathered(tensor, _cf._group(group, "all_gather_into_tensor"))
    return _outputs(out, async_op)


def reduce_scatter_tensor(
    tensor: Any, op: str = "sum", group: str = GlobalComm.WORLD_COMM_GROUP, async_op: bool = False
) -> tuple:
    """``tensor`` reduced over the ranks and split along dim 0: rank ``r`` gets part ``r``.

    Args:
        tensor (Tensor): of shape ``(world_size * n, ...)``.
        op (str): ``"sum"``, ``"prod"``, ``"min"`` or ``"max"``. Default: ``"sum"``.
        group (str): the group. Default: the world.
        async_op (bool): return a handle too. Default: ``False``.

    Returns:
        tuple(Tensor, CommHandle): this rank's ``(n, ...)`` part and the handle.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> out, _ = comm_func.reduce_scatter_tensor(ms.Tensor([1.0, 2.0]))
        >>> print(out)
        [1. 2.]
    """
    _tensor(tensor, "reduce_scatter_tensor")
    op = _op(op, "reduce_scatter_tensor")
    g = _cf._group(group, "reduce_scatter_tensor")
    return _outputs(_cf._reduce_scatter(tensor, op, g, "reduce_scatter_tensor"), async_op)


def reduce(
    tensor: Any, dst: int, op: str = "sum", group: str = GlobalComm.WORLD_COMM_GROUP
) -> Tensor:
    """``tensor`` reduced over the ranks, returned on rank ``dst``; the other ranks get a
    shape-[1] Tensor with no meaning, as in MindSpore.

    Args:
        tensor (Tensor): the input.
        dst (int): the rank that receives the result.
        op (str): ``"sum"``, ``"prod"``, ``"min"`` or ``"max"``. Default: ``"sum"``.
        group (str): the group. Default: the world.

    Returns:
        Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> print(comm_func.reduce(ms.Tensor([1.0, 2.0]), 0))
        [1. 2.]
    """
    _tensor(tensor, "reduce")
    op = _op(op, "reduce")
    _rank_arg(dst, "dst", "reduce")
    out = _cf._all_reduce(tensor, op, _cf._group(group, "reduce"))
    return out if _cf._rank() == dst else _no_meaning(tensor)


def broadcast(tensor: Any, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Tensor:
    """Rank ``src``'s ``tensor``, returned on every rank.

    Args:
        tensor (Tensor): the input (every rank's has the same shape and dtype).
        src (int): the rank whose Tensor is sent. Default: ``0``.
        group (str): the group. Default: the world.

    Returns:
        Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> print(comm_func.broadcast(ms.Tensor([1.0, 2.0]), 0))
        [1. 2.]
    """
    _tensor(tensor, "broadcast")
    _rank_arg(src, "src", "broadcast")
    return _ops.Broadcast(src, _cf._group(group, "broadcast"))((tensor,))[0]


def gather_into_tensor(
    tensor: Any, dst: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP
) -> Tensor:
    """Every rank's ``tensor`` concatenated along dim 0, returned on rank ``dst``; the other
    ranks get a shape-[1] Tensor with no meaning, as in MindSpore.

    Args:
        tensor (Tensor): the input.
        dst (int): the rank that receives the result. Default: ``0``.
        group (str): the group. Default: the world.

    Returns:
        Tensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> print(comm_func.gather_into_tensor(ms.Tensor([1.0, 2.0])))
        [1. 2.]
    """
    _tensor(tensor, "gather_into_tensor")
    _rank_arg(dst, "dst", "gather_into_tensor")
    out = _cf._gathered(tensor, _cf._group(group, "gather_into_tensor"))
    return out if _cf._rank() == dst else _no_meaning(tensor)


def scatter_tensor(tensor: Any, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Tensor:
    """Rank ``src``'s ``tensor`` split along dim 0: rank ``r`` gets part ``r``.

    Args:
        tensor (Tensor): of shape ``(world_size * n, ...)``.
        src (int): the rank whose Tensor is split. Default: ``0``.
        group (str): the group. Default: the world.

    Returns:
        Tensor, this rank's ``(n, ...)`` part.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> print(comm_func.scatter_tensor(ms.Tensor([1.0, 2.0])))
        [1. 2.]
    """
    _tensor(tensor, "scatter_tensor")
    _rank_arg(src, "src", "scatter_tensor")
    return _ops.CollectiveScatter(src, _cf._group(group, "scatter_tensor"))(tensor)


def barrier(group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
    """Wait until every rank of ``group`` reaches this call.

    Args:
        group (str): the group. Default: the world.

    Raises:
        TypeError: ``group`` is not a str.

    Examples:
        >>> from deepsink.communication import comm_func
        >>> comm_func.barrier()
    """
    if not isinstance(group, str):
        raise TypeError(f"group must be type of string, but got {type(group)}")
    _ops.Barrier(group)()


def _shape_of(spec: Any, arg: str, api: str) -> tuple:
    if isinstance(spec, Tensor):
        return tuple(spec.shape)
    if isinstance(spec, list | tuple) and all(
        isinstance(d, int) and not isinstance(d, bool) for d in spec
    ):
        return tuple(spec)
    raise TypeError(
        f"For {api}, each entry of '{arg}' must be a Tensor or a tuple of ints, got {spec!r}"
    )


def all_to_all_with_output_shape(
    output_shape_list: Any, input_tensor_list: Any, group: Any = None, async_op: bool = False
) -> tuple:
    """Rank ``r`` sends ``input_tensor_list[k]`` to rank ``k``; entry ``k`` of the result is
    rank ``k``'s ``input_tensor_list[r]``, of shape ``output_shape_list[k]``.

    Args:
        output_shape_list (list[Union[Tensor, tuple[int]]]): the shapes of what arrives.
        input_tensor_list (list[Tensor]): one Tensor per rank.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle too. Default: ``False``.

    Returns:
        tuple(tuple(Tensor), CommHandle).

    Raises:
        TypeError: a list is not a list or tuple, an entry is not a Tensor or a shape.
        ValueError: the lists do not have one entry per rank, or a shape is not what arrives.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> outs, _ = comm_func.all_to_all_with_output_shape([(2,)], [ms.Tensor([1.0, 2.0])])
        >>> print(outs[0])
        [1. 2.]
    """
    api = "all_to_all_with_output_shape"
    for arg, value in (
        ("output_shape_list", output_shape_list),
        ("input_tensor_list", input_tensor_list),
    ):
        if not isinstance(value, list | tuple):
            raise TypeError(f"For {api}, '{arg}' must be a list or tuple, but got {type(value)}")
        if len(value) != _cf._world():
            raise ValueError(
                f"For {api}, '{arg}' must have one entry per rank ({_cf._world()}), but got "
                f"{len(value)}"
            )
    shapes = [_shape_of(s, "output_shape_list", api) for s in output_shape_list]
    dtypes = {t.dtype for t in input_tensor_list if isinstance(t, Tensor)}
    if len(dtypes) > 1:
        raise TypeError(f"For {api}, every input Tensor must have one dtype, but got {dtypes}")
    outs = _cf._exchanged(list(input_tensor_list), _cf._group(group, api), api)
    for k, (out, shape) in enumerate(zip(outs, shapes)):
        if int(np.prod(shape)) != out.size:
            raise ValueError(
                f"For {api}, output_shape_list[{k}] is {shape}, but rank {k} sends "
                f"{tuple(out.shape)}"
            )
    return _outputs(tuple(Tensor._from(o._data.reshape(s)) for o, s in zip(outs, shapes)), async_op)


def all_to_all_single_with_output_shape(
    output_shape: Any,
    tensor: Any,
    output_split_sizes: Any = None,
    input_split_sizes: Any = None,
    group: Any = None,
    async_op: bool = False,
) -> tuple:
    """``tensor`` split along dim 0 into one part per rank; part ``k`` goes to rank ``k``, and
    the parts received are concatenated in rank order into a Tensor of ``output_shape``.

    Args:
        output_shape (Union[Tensor, tuple[int]]): the result's shape.
        tensor (Tensor): the input.
        output_split_sizes (list[int], optional): rows received from each rank (even split).
        input_split_sizes (list[int], optional): rows sent to each rank (even split).
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle too. Default: ``False``.

    Returns:
        tuple(Tensor, CommHandle); a Tensor of shape ``()`` when nothing arrives, as in
        MindSpore.

    Raises:
        ValueError: the split sizes do not sum to the rows, or ``output_shape`` is not what
            arrives.
        NotImplementedError: unequal split sizes (they need a different program per rank).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> out, _ = comm_func.all_to_all_single_with_output_shape((2,), ms.Tensor([1.0, 2.0]))
        >>> print(out)
        [1. 2.]
    """
    api = "all_to_all_single_with_output_shape"
    _tensor(tensor, api)
    shape = _shape_of(output_shape, "output_shape", api)
    g = _cf._group(group, api)
    out = _cf._even_all_to_all(tensor, output_split_sizes, input_split_sizes, g, api)
    if out.size == 0:
        return _outputs(Tensor._from(jnp.zeros((), out._data.dtype)), async_op)
    if int(np.prod(shape)) != out.size:
        raise ValueError(f"For {api}, 'output_shape' is {shape}, but {tuple(out.shape)} arrives")
    return _outputs(Tensor._from(out._data.reshape(shape)), async_op)


def all_to_all_v_c(
    output: Any, input: Any, send_count_matrix: Any, group: Any = None, async_op: bool = False
) -> Any:
    """``input`` (flattened) split by ``send_count_matrix`` and exchanged: entry
    ``i * world_size + j`` is how many elements rank ``i`` sends to rank ``j``; what arrives is
    written, in rank order, into ``output``.

    Args:
        output (Tensor): receives the result (written in place).
        input (Tensor): the input.
        send_count_matrix (list[int]): ``world_size * world_size`` counts.
        group (str): the group. Default: ``None`` (the world).
        async_op (bool): return a handle. Default: ``False``.

    Returns:
        CommHandle, ``None`` unless ``async_op``.

    Raises:
        TypeError: ``output``/``input`` not Tensors, ``send_count_matrix`` not a square list of
            ints.
        ValueError: the counts do not match ``input`` and ``output``.
        NotImplementedError: unequal counts across ranks (they need a different program per
            rank).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.communication import comm_func
        >>> out = ms.Tensor([0.0, 0.0])
        >>> comm_func.all_to_all_v_c(out, ms.Tensor([1.0, 2.0]), [2])
        >>> print(out)
        [1. 2.]
    """
    api = "all_to_all_v_c"
    for arg, value in (("output", output), ("input", input)):
        if not isinstance(value, Tensor):
            raise TypeError(f"For {api}, '{arg}' must be a Tensor, but got {type(value)}")
    if not isinstance(send_count_matrix, list):
        raise TypeError(f"send_count_matrix must be list, but got {type(send_count_matrix)}")
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in send_count_matrix):
        raise TypeError("send_count_matrix elements must be of type int")
    n, rank = _cf._world(), _cf._rank()
    if n * n != len(send_count_matrix):
        raise TypeError(
            f"send_count_matrix must be square matrix, but got {len(send_count_matrix)}."
        )
    sent = send_count_matrix[rank * n : (rank + 1) * n]
    received = send_count_matrix[rank::n]
    if sum(sent) != input.size or sum(received) != output.size:
        raise ValueError(
            f"For {api}, rank {rank} sends {sum(sent)} and receives {sum(received)} elements by "
            f"'send_count_matrix', but 'input' has {input.size} and 'output' {output.size}"
        )
    if len(set(send_count_matrix)) > 1:
        raise NotImplementedError(
            f"For {api}, unequal counts need per-rank shapes, which deepsink's one program for "
            "every rank cannot have; send equal counts"
        )
    flat = Tensor._from(input._data.reshape(-1))
    out = _cf._even_all_to_all(flat, None, None, _cf._group(group, api), api)
    output._data = out._data.reshape(output.shape).astype(output._data.dtype)
    _cf._check_async(async_op)
    return _cf._handle(async_op)


send = unsupported(_MODULE, "send", _cf._P2P, kind="function")
recv = unsupported(_MODULE, "recv", _cf._P2P, kind="function")
isend = unsupported(_MODULE, "isend", _cf._P2P, kind="function")
irecv = unsupported(_MODULE, "irecv", _cf._P2P, kind="function")
batch_isend_irecv = unsupported(_MODULE, "batch_isend_irecv", _cf._P2P, kind="function")
P2POp = unsupported(_MODULE, "P2POp", _cf._P2P)

__all__ = [
    "P2POp", "all_gather_into_tensor", "all_reduce", "all_to_all_single_with_output_shape",
    "all_to_all_v_c", "all_to_all_with_output_shape", "barrier", "batch_isend_irecv", "broadcast",
    "gather_into_tensor", "irecv", "isend", "recv", "reduce", "reduce_scatter_tensor",
    "scatter_tensor", "send",
]  # fmt: skip
