"""MindSpore's ``mindspore.boost.grad_accumulation``: gradients summed over several steps, then
one optimizer update with their mean.

``gradient_accumulation_op`` and ``gradient_clear_op`` are the per-Parameter functions a
``HyperMap`` applies (mindcv's own ``GradientAccumulation`` subclass uses them directly).
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink import ops
from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.nn.wrap.loss_scale import keep_writes_where
from deepsink.ops import composite as C
from deepsink.ops import functional as F

__all__ = ["GradientAccumulation", "gradient_accumulation_op", "gradient_clear_op"]

gradient_accumulation_op = C.MultitypeFuncGraph("gradient_accumulation_op")


@gradient_accumulation_op.register("Number", "Tensor", "Tensor")
def cumulative_grad_process(accumulation_step: int, cumulative_grad: Parameter, grad: Any) -> Any:
    """Add ``grad / accumulation_step`` into ``cumulative_grad`` (in place)."""
    ops.assign_add(cumulative_grad, grad / accumulation_step)
    return cumulative_grad


gradient_clear_op = C.MultitypeFuncGraph("gradient_clear_op")


@gradient_clear_op.register("Tensor")
def clear_grad(cumulative_grad: Parameter) -> Any:
    """Set ``cumulative_grad`` to zeros (in place)."""
    return F.assign(cumulative_grad, ops.zeros_like(cumulative_grad))


class GradientAccumulation(Cell):
    """Accumulate the gradients of ``max_accumulation_step`` steps (each divided by that number),
    then call the optimizer once with the sum and clear it.

    Args:
        max_accumulation_step (int): steps whose gradients one update uses.
        optimizer (Cell): the optimizer; its ``parameters`` get one accumulator each, named
            ``grad_accumulation.<name>``.

    Inputs:
        - **loss** (Tensor) - the step's loss, returned unchanged.
        - **grads** (tuple[Tensor]) - the step's gradients, one per optimizer Parameter.

    Raises:
        TypeError: ``max_accumulation_step`` is not an int, or ``optimizer`` has no parameters.
        ValueError: ``max_accumulation_step`` is below 1.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn, boost
        >>> net = nn.Dense(2, 1)
        >>> opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> acc = boost.GradientAccumulation(2, opt)
        >>> print(acc._grad_accumulation[0].name)
        grad_accumulation.weight
    """

    def __init__(self, max_accumulation_step: int, optimizer: Cell) -> None:
        super().__init__()
        if isinstance(max_accumulation_step, bool) or not isinstance(max_accumulation_step, int):
            fail_arg(
                "GradientAccumulation",
                "max_accumulation_step",
                "an int",
                max_accumulation_step,
                TypeError,
            )
        if max_accumulation_step < 1:
            fail_arg("GradientAccumulation", "max_accumulation_step", ">= 1", max_accumulation_step)
        if not hasattr(optimizer, "parameters"):
            fail_arg(
                "GradientAccumulation",
                "optimizer",
                "an Optimizer (with 'parameters')",
                type(optimizer).__name__,
                TypeError,
            )
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.hyper_map = C.HyperMap()
        self._grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self._accumulation_step = Parameter(
            Tensor(0, dtype=mstype.int32), name="accumulation_step", requires_grad=False
        )

    def construct(self, loss: Tensor, grads: tuple) -> Tensor:
        accumulate_and_update(
            self._grad_accumulation,
            self._accumulation_step,
            grads,
            self._max_accumulation_step,
            self.optimizer,
        )
        return loss


def accumulate_and_update(
    accumulators: Any, step: Parameter, grads: tuple, max_step: int, optimizer: Cell
) -> None:
    """Add ``grads / max_step`` into ``accumulators`` and count the step in ``step``; on every
    ``max_step``-th, run ``optimizer`` on the accumulated gradients and clear them. The branch is
    data (``keep_writes_where``), so a compiled step takes it too."""
    C.HyperMap()(F.partial(gradient_accumulation_op, max_step), accumulators, grads)
    count = step._data + 1
    update = count >= max_step
    keep_writes_where(
        update,
        lambda: optimizer(accumulators),
        (*optimizer.parameters, *optimizer.get_parameters()),
    )
    step._data = jnp.where(update, 0, count).astype(count.dtype)
    for acc in accumulators:
        acc._data = jnp.where(update, jnp.zeros_like(acc._data), acc._data)
