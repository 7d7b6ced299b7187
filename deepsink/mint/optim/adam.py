"""``mint.optim.Adam``: PyTorch's Adam (bias-corrected, L2 ``weight_decay`` added to the
gradient, optional AMSGrad and ``maximize``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.mint.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func


def check_betas(betas: Any, eps: float, api: str) -> None:
    if not (
        isinstance(betas, tuple | list) and len(betas) == 2 and all(0.0 <= b < 1.0 for b in betas)
    ):
        raise ValueError(f"For '{api}', 'betas' must be two floats in [0, 1), but got {betas!r}")
    if not eps >= 0.0:
        raise ValueError(f"For '{api}', 'eps' must be >= 0, but got {eps!r}")


class Adam(Optimizer):
    """``m = b1 m + (1-b1) g``, ``v = b2 v + (1-b2) g^2``,
    ``p -= lr (m / (1-b1^t)) / (sqrt(v / (1-b2^t)) + eps)``; ``g`` gets ``weight_decay * p``
    added first (negated first with ``maximize``). State: ``exp_avg.*``, ``exp_avg_sq.*``
    (``max_exp_avg_sq.*`` with ``amsgrad``), ``state_step``."""

    _decoupled = False

    def __init__(
        self,
        params: Any,
        lr: float = 1e-3,
        betas: Any = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        check_betas(betas, eps, type(self).__name__)
        super().__init__(
            params,
            dict(
                lr=lr,
                betas=tuple(betas),
                eps=eps,
                weight_decay=weight_decay,
                amsgrad=amsgrad,
                maximize=maximize,
            ),
        )
        self.exp_avg = self.state_like("exp_avg")
        self.exp_avg_sq = self.state_like("exp_avg_sq")
        if any(g["amsgrad"] for g in self.param_groups):
            self.max_exp_avg_sq = self.state_like("max_exp_avg_sq")
        self.state_step = Parameter(
            Tensor(np.zeros([1], np.float32)), name="state_step", requires_grad=False
        )

    def apply(self, grads: list, lrs: tuple) -> None:
        step = self.state_step._data + 1
        self.state_step._data = step
        t = step[0]
        for i, (p, g) in enumerate(zip(self.parameters, grads)):
            grp = self.param_groups[self.group_of[i]]
            lr = lrs[self.group_of[i]]
            b1, b2 = grp["betas"]
            x = p._data
            g = g.astype(x.dtype)
            if grp["maximize"]:
                g = -g
            decay = grp["weight_decay"] if self._decoupled else 0.0
            if grp["weight_decay"] and not self._decoupled:
                g = g + grp["weight_decay"] * x
            vmax = self.max_exp_avg_sq[i]._data if grp["amsgrad"] else None
            x, m, v, vmax = optimizer_func.adam_torch(
                x,
                self.exp_avg[i]._data,
                self.exp_avg_sq[i]._data,
                vmax,
                t,
                lr,
                b1,
                b2,
                grp["eps"],
                decay,
                g,
                grp["amsgrad"],
            )
            write(self.exp_avg[i], m)
            write(self.exp_avg_sq[i], v)
            if grp["amsgrad"]:
                write(self.max_exp_avg_sq[i], vmax)
            write(p, x)
