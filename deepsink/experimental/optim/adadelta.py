"""``experimental.optim.Adadelta``: ``ops.ApplyAdadelta``'s step per group."""

from __future__ import annotations

from typing import Any

from deepsink.experimental.optim.optimizer import Optimizer, check_positive, check_range, write
from deepsink.ops.function import optimizer_func


class Adadelta(Optimizer):
    """Adadelta (L2 ``weight_decay``). State: ``accum.*``, ``accum_update.*``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1.0,
        rho: float = 0.9,
        eps: float = 1e-6,
        weight_decay: float = 0.0,
        *,
        maximize: bool = False,
    ) -> None:
        check_positive("Adadelta", "lr", lr)
        check_positive("Adadelta", "eps", eps)
        check_positive("Adadelta", "weight_decay", weight_decay, allow_zero=True)
        check_range("Adadelta", "rho", rho, 0.0, 1.0, right_closed=True)
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize)
        super().__init__(params, defaults)
        self.accum = self.state_like("accum")
        self.accum_update = self.state_like("accum_update")

    def update(self, grads: list) -> None:
        for gid, group in enumerate(self.param_groups):
            lr = self.group_lr(gid)
            for i, p, x, g in self.group_items(gid, grads):
                x, accum, accum_update = optimizer_func.adadelta(
                    x,
                    self.accum[i]._data,
                    self.accum_update[i]._data,
                    lr.astype(x.dtype),
                    group["rho"],
                    group["eps"],
                    g,
                )
                write(self.accum[i], accum)
                write(self.accum_update[i], accum_update)
                write(p, x)
