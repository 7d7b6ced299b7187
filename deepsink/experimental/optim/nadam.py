"""``experimental.optim.NAdam`` and ``RAdam``: PyTorch's Nesterov and rectified Adam."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, check_positive, check_range, write
from deepsink.ops.function import optimizer_func


def _check(api: str, lr: Any, betas: Any, eps: float, weight_decay: float) -> None:
    check_positive(api, "lr", lr)
    check_positive(api, "eps", eps)
    check_positive(api, "weight_decay", weight_decay, allow_zero=True)
    check_range(api, "betas[0]", betas[0], 0.0, 1.0)
    check_range(api, "betas[1]", betas[1], 0.0, 1.0)


class NAdam(Optimizer):
    """NAdam (L2 ``weight_decay``). State: ``exp_avg.*``, ``exp_avg_sq.*``, ``mu_product_*``,
    ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 2e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        momentum_decay: float = 4e-3,
    ) -> None:
        _check("NAdam", lr, betas, eps, weight_decay)
        check_positive("NAdam", "momentum_decay", momentum_decay, allow_zero=True)
        defaults = dict(
            lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, momentum_decay=momentum_decay
        )
        super().__init__(params, defaults)
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)
        self.exp_avg = self.state_like("exp_avg")
        self.exp_avg_sq = self.state_like("exp_avg_sq")
        self.mu_product = self.scalar_state("mu_product", 1.0)

    def update(self, grads: list) -> None:
        step = self.step_t._data + 1
        self.step_t._data = step
        for gid, group in enumerate(self.param_groups):
            b1, b2 = group["betas"]
            lr = self.group_lr(gid)
            for i, p, x, g in self.group_items(gid, grads):
                x, m, v, prod = optimizer_func.nadam(
                    x,
                    self.exp_avg[i]._data,
                    self.exp_avg_sq[i]._data,
                    self.mu_product[i]._data,
                    step,
                    lr,
                    g,
                    b1,
                    b2,
                    group["momentum_decay"],
                    group["eps"],
                )
                write(self.exp_avg[i], m)
                write(self.exp_avg_sq[i], v)
                write(self.mu_product[i], prod)
                write(p, x)


class RAdam(Optimizer):
    """RAdam (L2 ``weight_decay``). State: ``exp_avg.*``, ``exp_avg_sq.*``, ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
    ) -> None:
        _check("RAdam", lr, betas, eps, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)
        self.exp_avg = self.state_like("exp_avg")
        self.exp_avg_sq = self.state_like("exp_avg_sq")

    def update(self, grads: list) -> None:
        step = self.step_t._data + 1
        self.step_t._data = step
        for gid, group in enumerate(self.param_groups):
            b1, b2 = group["betas"]
            lr = self.group_lr(gid)
            for i, p, x, g in self.group_items(gid, grads):
                x, m, v = optimizer_func.radam(
                    x,
                    self.exp_avg[i]._data,
                    self.exp_avg_sq[i]._data,
                    step,
                    lr,
                    g,
                    b1,
                    b2,
                    group["eps"],
                )
                write(self.exp_avg[i], m)
                write(self.exp_avg_sq[i], v)
                write(p, x)
