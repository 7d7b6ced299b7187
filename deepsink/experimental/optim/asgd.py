"""``experimental.optim.ASGD``: PyTorch's averaged stochastic gradient descent."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, check_positive, write
from deepsink.ops.function import optimizer_func


class ASGD(Optimizer):
    """ASGD (L2 ``weight_decay``). State: ``mu_*``, ``eta_*`` (scalars per Parameter), ``ax.*``
    (the averaged parameters), ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-2,
        lambd: float = 1e-4,
        alpha: float = 0.75,
        t0: float = 1e6,
        weight_decay: float = 0.0,
        maximize: bool = False,
    ) -> None:
        check_positive("ASGD", "lr", lr)
        check_positive("ASGD", "weight_decay", weight_decay, allow_zero=True)
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        defaults = dict(
            lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, maximize=maximize
        )
        super().__init__(params, defaults)
        self.mu = self.scalar_state("mu", 1.0)
        self.eta = self.scalar_state("eta", 0.0)
        self.ax = self.state_like("ax")
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)

    def update(self, grads: list) -> None:
        step = self.step_t._data + 1
        self.step_t._data = step
        for gid, group in enumerate(self.param_groups):
            lr = self.group_lr(gid)
            for i, p, x, g in self.group_items(gid, grads):
                x, eta, mu, ax = optimizer_func.asgd(
                    x,
                    self.eta[i]._data,
                    self.mu[i]._data,
                    self.ax[i]._data,
                    lr,
                    g,
                    step,
                    group["lambd"],
                    group["alpha"],
                    group["t0"],
                )
                write(self.eta[i], eta)
                write(self.mu[i], mu)
                write(self.ax[i], ax)
                write(p, x)
