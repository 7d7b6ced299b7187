"""``experimental.optim.Adagrad``: ``ops.ApplyAdagradV2``'s step with PyTorch's learning-rate
decay ``lr / (1 + step * lr_decay)``."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, check_positive, write
from deepsink.ops.function import optimizer_func


class Adagrad(Optimizer):
    """Adagrad. State: ``accum.*`` (starting at ``initial_accumulator_value``), ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-2,
        lr_decay: float = 0.0,
        weight_decay: float = 0.0,
        initial_accumulator_value: float = 0.0,
        eps: float = 1e-10,
        *,
        maximize: bool = False,
    ) -> None:
        check_positive("Adagrad", "lr", lr)
        check_positive("Adagrad", "lr_decay", lr_decay, allow_zero=True)
        check_positive("Adagrad", "weight_decay", weight_decay, allow_zero=True)
        check_positive(
            "Adagrad", "initial_accumulator_value", initial_accumulator_value, allow_zero=True
        )
        check_positive("Adagrad", "eps", eps)
        defaults = dict(
            lr=lr,
            lr_decay=lr_decay,
            eps=eps,
            weight_decay=weight_decay,
            initial_accumulator_value=initial_accumulator_value,
            maximize=maximize,
        )
        super().__init__(params, defaults)
        self.accum = self.state_like("accum")
        for a in self.accum:
            a._data = a._data + np.float32(initial_accumulator_value).astype(a._data.dtype)
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)

    def update(self, grads: list) -> None:
        step = self.step_t._data
        for gid, group in enumerate(self.param_groups):
            lr = self.group_lr(gid) / (1 + step * group["lr_decay"])
            for i, p, x, g in self.group_items(gid, grads):
                x, accum = optimizer_func.adagrad(
                    x, self.accum[i]._data, lr.astype(x.dtype), g, True, group["eps"]
                )
                write(self.accum[i], accum)
                write(p, x)
        self.step_t._data = step + 1
