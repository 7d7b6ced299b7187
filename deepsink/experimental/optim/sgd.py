"""``experimental.optim.SGD``: MindSpore's ``ops.SGD`` kernel step (PyTorch's momentum rule with
dampening, Nesterov and L2 decay) per group."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func


def _check_type(name: str, value: Any, kinds: tuple, allow_bool: bool) -> None:
    if (isinstance(value, bool) and not allow_bool) or not isinstance(value, kinds):
        names = ", ".join(k.__name__ for k in kinds)
        raise TypeError(
            f"For 'SGD', the type of '{name}' should be in [{names}], but got {type(value)}"
        )


def check_sgd_args(*args: Any, allow_bool: bool = False) -> None:
    """The checks of ``(lr, momentum, weight_decay, nesterov, maximize[, dampening])`` shared by
    ``experimental.optim.SGD`` and ``mint.optim.SGD`` (``allow_bool``: mint's, which also checks
    ``weight_decay`` and ``dampening``)."""
    lr, momentum, weight_decay, nesterov, maximize, *dampening = args
    _check_type("lr", lr, (float, int, Tensor), allow_bool)
    if not isinstance(lr, Tensor) and lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    _check_type("momentum", momentum, (int, float), allow_bool)
    if momentum < 0.0:
        raise ValueError(f"Invalid momentum value: {momentum}")
    if allow_bool:
        _check_type("weight_decay", weight_decay, (int, float), True)
        _check_type("dampening", dampening[0], (int, float), True)
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
    for name, v in (("nesterov", nesterov), ("maximize", maximize)):
        if not isinstance(v, bool):
            raise TypeError(f"For 'SGD', the type of '{name}' should be bool, but got {type(v)}")


def check_nesterov(nesterov: bool, momentum: float, dampening: float) -> None:
    if nesterov and (momentum <= 0.0 or dampening != 0.0):
        raise ValueError(
            "For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
            f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}"
        )


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
        check_sgd_args(lr, momentum, weight_decay, nesterov, maximize)
        momentum = float(momentum)
        defaults = dict(
            lr=lr,
            momentum=momentum,
            dampening=dampening,
            weight_decay=weight_decay,
            nesterov=nesterov,
            maximize=maximize,
            grad_centralization=False,
        )
        super().__init__(params, defaults)
        for group in self.param_groups:
            _check_type("dampening", group["dampening"], (int, float), False)
            group["dampening"] = float(group["dampening"])
        check_nesterov(nesterov, momentum, dampening)
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
