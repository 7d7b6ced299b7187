"""``experimental.optim.Adam`` and ``AdamW``.

``Adam`` is MindSpore's ``ops.Adam`` kernel step (the bias correction folded into the learning
rate, ``eps`` added to ``sqrt(v)`` uncorrected), with the L2 term ``weight_decay * p`` added to
the gradient. 2.10 accepts ``amsgrad`` for Adam and keeps a ``max_exp_avg_sq`` state, but its step
never reads either; so does this one. ``AdamW`` is PyTorch's rule (decoupled decay, AMSGrad),
the same computation as ``mint.optim.AdamW``.
"""

from __future__ import annotations

import warnings
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func


def check_adam_args(lr: Any, betas: Any, eps: float, weight_decay: Any) -> None:
    """MindSpore's argument checks of the Adam family."""
    if not isinstance(lr, Tensor) and lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def _start(
    opt: Optimizer,
    params: Any,
    lr: Any,
    betas: Any,
    eps: float,
    weight_decay: float,
    amsgrad: bool,
    maximize: bool,
) -> None:
    """Adam's and AdamW's set-up: the checks, the group defaults and the state."""
    check_adam_args(lr, betas, eps, weight_decay)
    defaults = dict(
        lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize
    )
    Optimizer.__init__(opt, params, defaults)
    opt.exp_avg = opt.state_like("exp_avg")
    opt.exp_avg_sq = opt.state_like("exp_avg_sq")
    opt.max_exp_avg_sq = opt.state_like("max_exp_avg_sq")
    opt.state_step = Parameter(Tensor(np.int32(0)), name="state_step", requires_grad=False)


class Adam(Optimizer):
    """Adam (``ops.Adam``'s step). State: ``exp_avg.*``, ``exp_avg_sq.*``, ``max_exp_avg_sq.*``,
    ``state_step`` (int32)."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        _start(self, params, lr, betas, eps, weight_decay, amsgrad, maximize)
        if amsgrad:  # accepted as 2.10 accepts it, but said: 2.10's Adam step never reads it
            warnings.warn(
                "For 'Adam', 'amsgrad=True' has no effect: MindSpore 2.10's experimental.optim.Adam "
                "step does not use it, and deepsink's follows; AdamW(amsgrad=True) applies AMSGrad",
                stacklevel=2,
            )

    def update(self, grads: list) -> None:
        step = self.state_step._data + 1
        self.state_step._data = step
        for gid, group in enumerate(self.param_groups):
            b1, b2 = group["betas"]
            lr = self.group_lr(gid)
            for i, g in zip(self.group_indices(gid), self.group_grads(gid, grads)):
                p = self.parameters[i]
                x = p._data
                dt = x.dtype
                g = g.astype(dt)
                if group["weight_decay"]:
                    g = g + jnp.asarray(group["weight_decay"], dt) * x
                x, m, v = optimizer_func.adam(
                    x,
                    self.exp_avg[i]._data,
                    self.exp_avg_sq[i]._data,
                    jnp.power(jnp.float32(b1), step).astype(dt),
                    jnp.power(jnp.float32(b2), step).astype(dt),
                    lr.astype(dt),
                    jnp.asarray(b1, dt),
                    jnp.asarray(b2, dt),
                    jnp.asarray(group["eps"], dt),
                    g,
                )
                write(self.exp_avg[i], m)
                write(self.exp_avg_sq[i], v)
                write(p, x)


class AdamW(Optimizer):
    """AdamW, PyTorch's rule (weight decay 0.01 by default). State as :class:`Adam`."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        _start(self, params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def update(self, grads: list) -> None:
        step = self.state_step._data + 1
        self.state_step._data = step
        t = step.astype(jnp.float32)
        for gid, group in enumerate(self.param_groups):
            b1, b2 = group["betas"]
            lr = self.group_lr(gid)
            for i, g in zip(self.group_indices(gid), self.group_grads(gid, grads)):
                p = self.parameters[i]
                x, m, v, vmax = optimizer_func.adam_torch(
                    p._data,
                    self.exp_avg[i]._data,
                    self.exp_avg_sq[i]._data,
                    self.max_exp_avg_sq[i]._data,
                    t,
                    lr,
                    b1,
                    b2,
                    group["eps"],
                    group["weight_decay"],
                    g.astype(p._data.dtype),
                    group["amsgrad"],
                )
                write(self.exp_avg[i], m)
                write(self.exp_avg_sq[i], v)
                write(self.max_exp_avg_sq[i], vmax)
                write(p, x)
