"""``experimental.optim.SGD``: MindSpore's ``ops.SGD`` kernel step (PyTorch's momentum rule with
dampening, Nesterov and L2 decay) per group."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func


class SGD(Optimizer):
    """SGD. State: ``accum.*`` (the velocity) and ``stat.*`` (1 until the first step)."""

    def __init__(
        self,
        params: Any,
        lr: Any,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0.0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        if isinstance(lr, bool) or not isinstance(lr, int | float | Tensor):
            raise TypeError(
                f"For 'SGD', the type of 'lr' should be in [float, int, Tensor], but got {type(lr)}"
            )
        if not isinstance(lr, Tensor) and lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if isinstance(momentum, bool) or not isinstance(momentum, int | float):
            raise TypeError(
                f"For 'SGD', the type of 'momentum' should be in [int, float], but got "
                f"{type(momentum)}"
            )
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        for name, v in (("nesterov", nesterov), ("maximize", maximize)):
            if not isinstance(v, bool):
                raise TypeError(
                    f"For 'SGD', the type of '{name}' should be bool, but got {type(v)}"
                )
        defaults = dict(
            lr=lr,
            momentum=float(momentum),
            dampening=dampening,
            weight_decay=weight_decay,
            nesterov=nesterov,
            maximize=maximize,
            grad_centralization=False,
        )
        super().__init__(params, defaults)
        for group in self.param_groups:
            d = group["dampening"]
            if isinstance(d, bool) or not isinstance(d, int | float):
                raise TypeError(
                    f"For 'SGD', the type of 'dampening' should be in [int, float], but got {type(d)}"
                )
            group["dampening"] = float(d)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(
                "For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}"
            )
        self.accum = self.state_like("accum")
        self.stat = self.state_like("stat", init="ones")

    def update(self, grads: list) -> None:
        for gid, group in enumerate(self.param_groups):
            lr = self.group_lr(gid)
            for i, g in zip(self.group_indices(gid), self.group_grads(gid, grads)):
                p = self.parameters[i]
                dt = p._data.dtype
                x, accum, stat = optimizer_func.sgd(
                    p._data,
                    g.astype(dt),
                    lr.astype(dt),
                    self.accum[i]._data,
                    jnp.asarray(group["momentum"], dt),
                    self.stat[i]._data,
                    group["dampening"],
                    group["weight_decay"],
                    group["nesterov"],
                )
                write(self.accum[i], accum)
                write(self.stat[i], stat)
                write(p, x)
