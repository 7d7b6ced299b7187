"""``mint.optim.SGD``: PyTorch's SGD with momentum, dampening, Nesterov and L2 decay (the step
of ``ops``' SGD kernel, ``optimizer_func.sgd``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.sgd import check_nesterov, check_sgd_args
from deepsink.mint.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func


class SGD(Optimizer):
    """``g += weight_decay p``; with momentum ``buf = momentum buf + (1 - dampening) g``
    (``buf = g`` at the first step), ``g = g + momentum buf`` (Nesterov) or ``buf``;
    ``p -= lr g``. State: ``momentum_buf.*``, ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: float,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
    ) -> None:
        check_sgd_args(lr, momentum, weight_decay, nesterov, maximize, dampening, allow_bool=True)
        super().__init__(
            params,
            dict(
                lr=lr,
                momentum=momentum,
                dampening=dampening,
                weight_decay=weight_decay,
                nesterov=nesterov,
                maximize=maximize,
            ),
        )
        check_nesterov(nesterov, momentum, dampening)
        self.momentum_buf = self.state_like("momentum_buf")
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)

    def apply(self, grads: list, lrs: tuple) -> None:
        first = self.step_t._data == 0
        self.step_t._data = self.step_t._data + 1
        for i, (p, g) in enumerate(zip(self.parameters, grads)):
            grp = self.param_groups[self.group_of[i]]
            lr = lrs[self.group_of[i]]
            x = p._data
            g = g.astype(x.dtype)
            if grp["maximize"]:
                g = -g
            x, buf, _ = optimizer_func.sgd(
                x,
                g,
                lr,
                self.momentum_buf[i]._data,
                grp["momentum"],
                first,
                grp["dampening"],
                grp["weight_decay"],
                grp["nesterov"],
            )
            if grp["momentum"]:
                write(self.momentum_buf[i], buf)
            write(p, x)
