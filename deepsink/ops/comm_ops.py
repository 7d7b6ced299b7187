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
from deepsink.common.tensor import Tensor, unwrap_tree
from deepsink.communication.management import GlobalComm, _check_group
from deepsink.ops.primitive import Primitive, prim_attr_register


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


class AllReduce(Primitive):
    """Reduce a Tensor over every rank; each rank gets the result.

    Args:
        op (str): ``ReduceOp.SUM`` (default), ``MAX``, ``MIN`` or ``PROD``.
        group (str): the communication group (only the world group exists).
    """

    @prim_attr_register
    def __init__(self, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        if not isinstance(op, str):
            raise TypeError(f"For 'AllReduce', the 'op' must be a str, but got {type(op)}")
        if op not in _REDUCE:
            raise ValueError(
                f"For 'AllReduce', the 'op' must be one of {sorted(_REDUCE)}, but got {op!r}"
            )
        _check_group(group, "AllReduce")
        self.op = op

    def __call__(self, x: Any) -> Any:
        return run_collective("AllReduce", _REDUCE[self.op], ("AllReduce", self.op), x)


class AllGather(Primitive):
    """Concatenate every rank's Tensor along the first axis (rank order); each rank gets it.

    Args:
        group (str): the communication group (only the world group exists).
    """

    @prim_attr_register
    def __init__(self, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        _check_group(group, "AllGather")

    def __call__(self, x: Any) -> Any:
        def gather(a):
            return lax.all_gather(a, spmd.AXIS, tiled=True)

        return run_collective("AllGather", gather, ("AllGather",), x)


class Broadcast(Primitive):
    """Every rank gets ``root_rank``'s value of each Tensor of the input tuple.

    Args:
        root_rank (int): the rank whose values are sent.
        group (str): the communication group (only the world group exists).

    Inputs: a tuple of Tensors. Outputs: a tuple of Tensors (the root's values).
    """

    @prim_attr_register
    def __init__(self, root_rank: int, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        if isinstance(root_rank, bool) or not isinstance(root_rank, int):
            raise TypeError(
                f"For 'Broadcast', the 'root_rank' must be an int, but got {type(root_rank)}"
            )
        _check_group(group, "Broadcast")
        w = spmd.world()
        size = 1 if w is None else w.size
        if not 0 <= root_rank < size:
            raise ValueError(
                f"For 'Broadcast', the 'root_rank' must be in [0, {size}), but got {root_rank}"
            )
        self.root_rank = root_rank

    def __call__(self, x: Any) -> Any:
        if not isinstance(x, tuple | list):
            raise TypeError(
                f"For 'Broadcast', the input must be a tuple of Tensors, but got {type(x).__name__}"
            )
        root = self.root_rank

        def bcast(arrays):  # exact for every dtype: the root's bits, gathered then selected
            return jax.tree_util.tree_map(lambda a: _all_gather(a)[root], arrays)

        return tuple(run_collective("Broadcast", bcast, ("Broadcast", root), tuple(x)))


__all__ = ["AllGather", "AllReduce", "Broadcast", "ReduceOp"]
