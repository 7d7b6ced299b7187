"""``experimental.optim.Adamax``: PyTorch's Adamax (the infinity-norm Adam)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, check_positive, check_range, write
from deepsink.ops.function import optimizer_func


class Adamax(Optimizer):
    """Adamax: ``lr / (1 - beta1**t)`` times ``m / u`` (``u`` the decayed running max of
    ``|g| + eps``), L2 ``weight_decay``. State: ``exp_avg.*``, ``exp_inf.*``, ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 2e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        *,
        maximize: bool = False,
    ) -> None:
        check_positive("Adamax", "lr", lr)
        check_positive("Adamax", "weight_decay", weight_decay, allow_zero=True)
        check_positive("Adamax", "eps", eps)
        check_range("Adamax", "betas[0]", betas[0], 0.0, 1.0)
        check_range("Adamax", "betas[1]", betas[1], 0.0, 1.0)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize)
        super().__init__(params, defaults)
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)
        self.exp_avg = self.state_like("exp_avg")
        self.exp_inf = self.state_like("exp_inf")

    def update(self, grads: list) -> None:
        step = self.step_t._data + 1
        self.step_t._data = step
        for gid, group in enumerate(self.param_groups):
            b1, b2 = group["betas"]
            clr = self.group_lr(gid) / optimizer_func.one_minus_power(b1, step)
            for i, p, x, g in self.group_items(gid, grads):
                x, m, u = optimizer_func.ada_max_torch(
                    x,
                    self.exp_avg[i]._data,
                    self.exp_inf[i]._data,
                    clr.astype(x.dtype),
                    b1,
                    b2,
                    group["eps"],
                    g,
                )
                write(self.exp_avg[i], m)
                write(self.exp_inf[i], u)
                write(p, x)
