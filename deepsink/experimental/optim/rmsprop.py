"""``experimental.optim.RMSprop``: PyTorch's RMSprop (centered, momentum, L2 decay)."""

from __future__ import annotations

from typing import Any

from deepsink.experimental.optim.optimizer import Optimizer, check_positive, write
from deepsink.ops.function import optimizer_func


class RMSprop(Optimizer):
    """RMSprop. State: ``mean_grad.*``, ``mean_square.*``, ``moment.*``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-2,
        alpha: float = 0.99,
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        momentum: float = 0.0,
        centered: bool = False,
        maximize: bool = False,
    ) -> None:
        check_positive("RMSprop", "lr", lr)
        check_positive("RMSprop", "alpha", alpha, allow_zero=True)
        check_positive("RMSprop", "eps", eps)
        check_positive("RMSprop", "momentum", momentum, allow_zero=True)
        check_positive("RMSprop", "weight_decay", weight_decay, allow_zero=True)
        defaults = dict(
            lr=lr,
            momentum=momentum,
            alpha=alpha,
            eps=eps,
            centered=centered,
            weight_decay=weight_decay,
            maximize=maximize,
        )
        super().__init__(params, defaults)
        self.mean_grad = self.state_like("mean_grad")
        self.mean_square = self.state_like("mean_square")
        self.moment = self.state_like("moment")

    def update(self, grads: list) -> None:
        for gid, group in enumerate(self.param_groups):
            lr = self.group_lr(gid)
            for i, p, x, g in self.group_items(gid, grads):
                x, ms_, mg, mom = optimizer_func.rms_prop_torch(
                    x,
                    self.mean_square[i]._data,
                    self.mean_grad[i]._data,
                    self.moment[i]._data,
                    lr.astype(x.dtype),
                    g,
                    group["alpha"],
                    group["momentum"],
                    group["eps"],
                    group["centered"],
                )
                write(self.mean_square[i], ms_)
                write(self.mean_grad[i], mg)
                write(self.moment[i], mom)
                write(p, x)
