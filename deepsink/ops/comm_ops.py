"""MindSpore's collective primitives over the ranks of ``deepsink.communication.init()``.

Inside a compiled call (GRAPH_MODE, ``jit``, the sink loop) of a distributed run a collective is a
``lax`` collective over the world axis, part of the same XLA program (``_core/spmd.py``); called
eagerly it runs as its own small program across the ranks. Without ``init()`` the world is this one
process and every collective returns its input's value (MindSpore's group size is 1 there too).
Their gradients are MindSpore's: AllReduce(SUM)'s is an all-reduce of the gradient.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink._core import functional, spmd
from deepsink._core.unsupported import unsupported
from deepsink.common.tensor import Tensor, unwrap_tree
from deepsink.communication.management import GlobalComm, _check_group
from deepsink.ops._table_primitive import REQUIRED, TablePrimitive


class ReduceOp:
    """The reductions of ``AllReduce``."""

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


def _all_gather(x: jax.Array) -> jax.Array:
    return lax.all_gather(x, spmd.AXIS)  # [size, *shape]


_REDUCE: dict[str, Callable[[jax.Array], jax.Array]] = {
    ReduceOp.SUM: lambda x: lax.psum(x, spmd.AXIS),
    ReduceOp.MAX: lambda x: lax.pmax(x, spmd.AXIS),
    ReduceOp.MIN: lambda x: lax.pmin(x, spmd.AXIS),
    ReduceOp.PROD: lambda x: jnp.prod(_all_gather(x), axis=0).astype(x.dtype),
}


def run_collective(name: str, op: Callable[[Any], Any], key: Any, x: Any) -> Any:
    """``op`` over the world for a pytree of Tensors/arrays; returns Tensors where Tensors came in."""
    arrays = unwrap_tree(x)
    if spmd.world() is None:
        out = arrays  # a world of one process: every collective is the identity
    elif spmd.in_program():
        out = op(arrays)
    elif functional.discovering():  # shapes only: the collective over a vmapped stand-in axis
        size = spmd.world().size
        stacked = jax.vmap(op, in_axes=None, axis_size=size, axis_name=spmd.AXIS)(arrays)
        out = jax.tree_util.tree_map(lambda a: a[0], stacked)
    elif any(isinstance(a, jax.core.Tracer) for a in jax.tree_util.tree_leaves(arrays)):
        raise RuntimeError(
            f"For '{name}', a collective inside a PyNative function being differentiated or traced "
            "is not supported in a distributed run; compile the step (GRAPH_MODE or ms.jit), or "
            "call the collective on the gradients (as DistributedGradReducer does)"
        )
    else:
        out = spmd.collective(op, key, arrays)
    return jax.tree_util.tree_map(
        lambda a: Tensor._from(a) if isinstance(a, jax.Array) else a,
        out,
    )


class AllReduce(TablePrimitive):
    """Reduce a Tensor over every rank; each rank gets the result.

    Args:
        op (str): ``ReduceOp.SUM`` (default), ``MAX``, ``MIN`` or ``PROD``.
        group (str): the communication group (only the world group exists).
    """

    _params = (("op", ReduceOp.SUM), ("group", GlobalComm.WORLD_COMM_GROUP))

    def _init(self) -> None:
        if not isinstance(self.op, str):
            raise TypeError(f"For 'AllReduce', the 'op' must be a str, but got {type(self.op)}")
        if self.op not in _REDUCE:
            raise ValueError(
                f"For 'AllReduce', the 'op' must be one of {sorted(_REDUCE)}, but got {self.op!r}"
            )
        _check_group(self.group, "AllReduce")

    def __call__(self, x: Any) -> Any:
        return run_collective("AllReduce", _REDUCE[self.op], ("AllReduce", self.op), x)


class AllGather(TablePrimitive):
    """Concatenate every rank's Tensor along the first axis (rank order); each rank gets it.

    Args:
        group (str): the communication group (only the world group exists).
    """

    _params = (("group", GlobalComm.WORLD_COMM_GROUP),)

    def _init(self) -> None:
        _check_group(self.group, "AllGather")

    def __call__(self, x: Any) -> Any:
        def gather(a):
            return lax.all_gather(a, spmd.AXIS, tiled=True)

        return run_collective("AllGather", gather, ("AllGather",), x)


class Broadcast(TablePrimitive):
    """Every rank gets ``root_rank``'s value of each Tensor of the input tuple.

    Args:
        root_rank (int): the rank whose values are sent.
        group (str): the communication group (only the world group exists).

    Inputs: a tuple of Tensors. Outputs: a tuple of Tensors (the root's values).
    """

    _params = (("root_rank", REQUIRED), ("group", GlobalComm.WORLD_COMM_GROUP))

    def _init(self) -> None:
        if isinstance(self.root_rank, bool) or not isinstance(self.root_rank, int):
            raise TypeError(
                f"For 'Broadcast', the 'root_rank' must be an int, but got {type(self.root_rank)}"
            )
        _check_group(self.group, "Broadcast")
        w = spmd.world()
        size = 1 if w is None else w.size
        if not 0 <= self.root_rank < size:
            raise ValueError(
                f"For 'Broadcast', the 'root_rank' must be in [0, {size}), but got {self.root_rank}"
            )

    def __call__(self, x: Any) -> Any:
        if not isinstance(x, tuple | list):
            raise TypeError(
                f"For 'Broadcast', the input must be a tuple of Tensors, but got {type(x).__name__}"
            )
        root = self.root_rank

        def bcast(arrays):  # exact for every dtype: the root's bits, gathered then selected
            return jax.tree_util.tree_map(lambda a: _all_gather(a)[root], arrays)

        return tuple(run_collective("Broadcast", bcast, ("Broadcast", root), tuple(x)))


def world_size() -> int:
    """The number of ranks (1 without ``init()``)."""
    w = spmd.world()
    return 1 if w is None else w.size


def world_rank() -> int:
    """This process's rank (0 without ``init()``)."""
    w = spmd.world()
    return 0 if w is None else w.rank


def _check_op(op: Any, api: str) -> str:
    if not isinstance(op, str):
        raise TypeError(f"For '{api}', the 'op' must be a str, but got {type(op)}")
    if op not in _REDUCE:
        raise ValueError(f"For '{api}', the 'op' must be one of {sorted(_REDUCE)}, but got {op!r}")
    return op


def _check_rank(value: Any, arg: str, api: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{api}', the '{arg}' must be an int, but got {type(value)}")
    if not 0 <= value < world_size():
        raise ValueError(
            f"For '{api}', the '{arg}' must be in [0, {world_size()}), but got {value}"
        )
    return value


def _rows_per_rank(x: Any, api: str) -> int:
    n = world_size()
    rows = x.shape[0] if x.ndim else 0
    if rows % n:
        raise ValueError(
            f"For '{api}', the input's first dimension ({rows}) must be divisible by the group "
            f"size {n}"
        )
    return rows // n


def reduce_scatter_array(x: Any, op: str) -> Any:
    """``x`` reduced over the ranks with ``op`` and split along dim 0; this rank's part (lax)."""
    if op == ReduceOp.SUM:
        return lax.psum_scatter(x, spmd.AXIS, scatter_dimension=0, tiled=True)
    full = _REDUCE[op](x)
    part = x.shape[0] // lax.axis_size(spmd.AXIS)
    return lax.dynamic_slice_in_dim(full, lax.axis_index(spmd.AXIS) * part, part, axis=0)


class ReduceScatter(TablePrimitive):
    """Reduce a Tensor over every rank, then split the result along dim 0: rank ``r`` gets
    part ``r``.

    Args:
        op (str): ``ReduceOp.SUM`` (default), ``MAX``, ``MIN`` or ``PROD``.
        group (str): the communication group (only the world group exists).

    Inputs:
        - **input_x** (Tensor) - its first dimension divisible by the group size.

    Outputs:
        Tensor, the first dimension divided by the group size.

    Raises:
        TypeError: ``op`` is not a str.
        ValueError: ``op`` is unknown, or the first dimension is not divisible.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.ReduceScatter()(ms.Tensor(np.ones((2, 2), np.float32))))  # one rank
        [[1. 1.]
         [1. 1.]]
    """

    _params = (("op", ReduceOp.SUM), ("group", GlobalComm.WORLD_COMM_GROUP))

    def _init(self) -> None:
        _check_op(self.op, "ReduceScatter")
        _check_group(self.group, "ReduceScatter")
        self.rank_size = world_size()

    def __call__(self, input_x: Any) -> Any:
        _rows_per_rank(input_x, "ReduceScatter")
        op = self.op
        return run_collective(
            "ReduceScatter", lambda a: reduce_scatter_array(a, op), ("ReduceScatter", op), input_x
        )


class Reduce(TablePrimitive):
    """Reduce a Tensor over every rank onto ``dest_rank``; the other ranks get a Tensor of shape
    ``(1,)`` without meaning (zeros), as in MindSpore.

    Args:
        dest_rank (int): the rank that receives the result.
        op (str): ``ReduceOp.SUM`` (default), ``MAX``, ``MIN`` or ``PROD``.
        group (str): the communication group (only the world group exists).

    Inputs:
        - **x** (Tensor) - the same shape on every rank.

    Outputs:
        Tensor: the reduced value on ``dest_rank``.

    Raises:
        TypeError: ``dest_rank`` is not an int or ``op`` not a str.
        ValueError: ``dest_rank`` is not a rank, or ``op`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.Reduce(0)(ms.Tensor(np.ones(2, np.float32))))  # one rank
        [1. 1.]
    """

    _params = (
        ("dest_rank", REQUIRED),
        ("op", ReduceOp.SUM),
        ("group", GlobalComm.WORLD_COMM_GROUP),
    )

    def _init(self) -> None:
        _check_rank(self.dest_rank, "dest_rank", "Reduce")
        _check_op(self.op, "Reduce")
        _check_group(self.group, "Reduce")

    def __call__(self, x: Any) -> Any:
        out = run_collective("Reduce", _REDUCE[self.op], ("AllReduce", self.op), x)
        if world_rank() == self.dest_rank:
            return out
        return Tensor._from(jnp.zeros((1,), out._data.dtype))


class AlltoAll(TablePrimitive):
    """Split the input along ``split_dim`` into ``split_count`` parts, send part ``r`` to rank
    ``r``, and concatenate what every rank sent along ``concat_dim`` (rank order).

    Args:
        split_count (int): the number of parts, the group size.
        split_dim (int): the axis to split.
        concat_dim (int): the axis to concatenate the received parts along.
        group (str): the communication group (only the world group exists).

    Inputs:
        - **input_x** (Tensor) - ``split_dim`` divisible by ``split_count``.

    Outputs:
        Tensor.

    Raises:
        TypeError: an argument is not an int.
        ValueError: ``split_count`` is not the group size, or the axis is not divisible.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 4))
        >>> print(ops.AlltoAll(1, 1, 0)(x))  # one rank
        [[0. 1. 2. 3.]]
    """

    _params = (
        ("split_count", REQUIRED),
        ("split_dim", REQUIRED),
        ("concat_dim", REQUIRED),
        ("group", GlobalComm.WORLD_COMM_GROUP),
    )

    def _init(self) -> None:
        for arg, v in (
            ("split_count", self.split_count),
            ("split_dim", self.split_dim),
            ("concat_dim", self.concat_dim),
        ):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For 'AlltoAll', the '{arg}' must be an int, but got {type(v)}")
        _check_group(self.group, "AlltoAll")
        if self.split_count != world_size():
            raise ValueError(
                f"For 'AlltoAll', the 'split_count' must be the group size {world_size()}, but got {self.split_count}"
            )
        self.rank_size = world_size()

    def __call__(self, input_x: Any) -> Any:
        a = input_x._data if isinstance(input_x, Tensor) else jnp.asarray(input_x)
        sd, cd = self.split_dim % a.ndim, self.concat_dim % a.ndim
        if a.shape[sd] % self.split_count:
            raise ValueError(
                f"For 'AlltoAll', the input's dimension {self.split_dim} ({a.shape[sd]}) must be "
                f"divisible by 'split_count' {self.split_count}"
            )

        def op(x):
            return lax.all_to_all(x, spmd.AXIS, split_axis=sd, concat_axis=cd, tiled=True)

        return run_collective("AlltoAll", op, ("AlltoAll", sd, cd), input_x)


class Barrier(TablePrimitive):
    """Wait until every rank of the group reaches this point (a small all-reduce).

    Args:
        group (str): the communication group (only the world group exists).

    Outputs:
        Tensor of shape ``(1,)``, float32 (MindSpore's output, without meaning).

    Examples:
        >>> from deepsink import ops
        >>> print(ops.Barrier()().shape)
        (1,)
    """

    _params = (("group", GlobalComm.WORLD_COMM_GROUP),)

    def _init(self) -> None:
        _check_group(self.group, "Barrier")

    def __call__(self) -> Any:
        return run_collective(
            "Barrier",
            _REDUCE[ReduceOp.SUM],
            ("Barrier",),
            Tensor._from(jnp.zeros((1,), jnp.float32)),
        )


class CollectiveGather(TablePrimitive):
    """Concatenate every rank's Tensor along dim 0 (rank order) onto ``dest_rank``; the other
    ranks get a Tensor of shape ``(1,)`` without meaning (zeros), as in MindSpore.

    Args:
        dest_rank (int): the rank that receives the result.
        group (str): the communication group (only the world group exists).

    Inputs:
        - **input_x** (Tensor) - the same shape on every rank.

    Outputs:
        Tensor.

    Raises:
        TypeError: ``dest_rank`` is not an int.
        ValueError: ``dest_rank`` is not a rank.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.CollectiveGather(0)(ms.Tensor(np.ones((1, 2), np.float32))))  # one rank
        [[1. 1.]]
    """

    _params = (("dest_rank", REQUIRED), ("group", GlobalComm.WORLD_COMM_GROUP))

    def _init(self) -> None:
        _check_rank(self.dest_rank, "dest_rank", "CollectiveGather")
        _check_group(self.group, "CollectiveGather")
        self.rank_size = world_size()

    def __call__(self, input_x: Any) -> Any:
        out = AllGather(self.group)(input_x)
        if world_rank() == self.dest_rank:
            return out
        return Tensor._from(jnp.zeros((1,), out._data.dtype))


class CollectiveScatter(TablePrimitive):
    """Split ``src_rank``'s Tensor along dim 0 into one part per rank: rank ``r`` gets part
    ``r``.

    Args:
        src_rank (int): the rank whose Tensor is scattered. Default: ``0``.
        group (str): the communication group (only the world group exists).

    Inputs:
        - **input_x** (Tensor) - its first dimension divisible by the group size.

    Outputs:
        Tensor, the first dimension divided by the group size.

    Raises:
        TypeError: ``src_rank`` is not an int.
        ValueError: ``src_rank`` is not a rank, or the first dimension is not divisible.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.CollectiveScatter()(ms.Tensor(np.arange(4, dtype=np.float32).reshape(2, 2))))
        [[0. 1.]
         [2. 3.]]
    """

    _params = (("src_rank", 0), ("group", GlobalComm.WORLD_COMM_GROUP))

    def _init(self) -> None:
        _check_rank(self.src_rank, "src_rank", "CollectiveScatter")
        _check_group(self.group, "CollectiveScatter")
        self.rank_size = world_size()

    def __call__(self, input_x: Any) -> Any:
        part = _rows_per_rank(input_x, "CollectiveScatter")
        src = self.src_rank

        def op(x):
            full = _all_gather(x)[src]
            return lax.dynamic_slice_in_dim(full, lax.axis_index(spmd.AXIS) * part, part, axis=0)

        return run_collective("CollectiveScatter", op, ("CollectiveScatter", src), input_x)


_P2P = (
    "point-to-point communication needs each rank to run a different program (one sends, the "
    "other receives), and deepsink's collectives run one program on every rank (jax.distributed "
    "SPMD); use the collectives (AllGather, Broadcast, AlltoAll) instead"
)
Send = unsupported("mindspore.ops", "Send", _P2P)
Receive = unsupported("mindspore.ops", "Receive", _P2P)
NeighborExchange = unsupported("mindspore.ops", "NeighborExchange", _P2P)

__all__ = [
    "AllGather", "AllReduce", "AlltoAll", "Barrier", "Broadcast", "CollectiveGather",
    "CollectiveScatter", "NeighborExchange", "Receive", "Reduce", "ReduceOp", "ReduceScatter",
    "Send",
]  # fmt: skip
