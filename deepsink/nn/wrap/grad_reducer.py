"""``DistributedGradReducer``: the gradient all-reduce of data-parallel training.

Each rank computes gradients on its own batch; the reducer sums them over the ranks in one
collective (one XLA program for the whole gradient tuple, so XLA may fuse the all-reduces) and, with
``mean``, multiplies by ``1/degree`` in the gradient's dtype, as MindSpore does. Inside a compiled
step or sink the all-reduce is part of the step's program.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
from jax import lax

from deepsink import context
from deepsink._core import spmd
from deepsink._core.validate import fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.communication.management import GlobalComm, _check_group, get_group_size
from deepsink.nn.cell import Cell
from deepsink.ops.comm_ops import run_collective


def _sum_all(grads: tuple) -> tuple:
    return tuple(lax.psum(g, spmd.AXIS) for g in grads)


class DistributedGradReducer(Cell):
    """All-reduce a tuple of gradients over the ranks (MindSpore's ``nn.DistributedGradReducer``).

    Args:
        parameters (list): the Parameters the gradients belong to (their number is checked).
        mean (bool): divide the sum by ``degree``. Default: None (``gradients_mean`` of
            ``set_auto_parallel_context``).
        degree (int): the divisor. Default: None (the group's size).
        fusion_type (int): MindSpore's all-reduce fusion group; XLA fuses on its own (accepted).
        group (str): the communication group (only the world group exists).

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per Parameter.

    Outputs:
        tuple[Tensor], the reduced gradients (unchanged with one rank).

    Raises:
        TypeError: ``mean`` is not a bool.
        ValueError: ``degree`` is not a positive int, or the number of gradients differs from the Parameters'.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
        >>> reducer = nn.DistributedGradReducer(net.trainable_params())
        >>> grads = reducer((ms.Tensor(np.ones((1, 2), np.float32)), ms.Tensor(np.ones(1, np.float32))))
        >>> print(grads[0])
        [[1. 1.]]
    """

    def __init__(
        self,
        parameters: Any,
        mean: bool | None = None,
        degree: int | None = None,
        fusion_type: int = 1,
        group: str = GlobalComm.WORLD_COMM_GROUP,
    ) -> None:
        super().__init__(auto_prefix=False)
        _check_group(group, "DistributedGradReducer")
        if mean is None:
            mean = context.get_auto_parallel_context("gradients_mean")
        if not isinstance(mean, bool):
            fail_arg("DistributedGradReducer", "mean", "a bool", mean, TypeError)
        if degree is None:
            degree = get_group_size(group)
        if isinstance(degree, bool) or not isinstance(degree, int) or degree <= 0:
            fail_arg("DistributedGradReducer", "degree", "a positive int", degree, ValueError)
        self.n_params = len(list(parameters))
        self.mean = mean
        self.degree = degree
        self.fusion_type = fusion_type
        self.group = group

    def construct(self, grads: Any) -> tuple:
        grads = tuple(grads)
        if len(grads) != self.n_params:
            fail_arg("DistributedGradReducer", "grads", f"{self.n_params} gradients", len(grads))
        out = run_collective("DistributedGradReducer", _sum_all, ("GradReducer",), grads)
        if not self.mean:
            return tuple(out)
        return tuple(
            Tensor._from(unwrap(g) * jnp.asarray(1.0 / self.degree, unwrap(g).dtype)) for g in out
        )
