"""``experimental.optim.Rprop``: PyTorch's resilient backpropagation."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer, check_positive, write
from deepsink.ops.function import optimizer_func


class Rprop(Optimizer):
    """Rprop. State: ``prev.*`` (the last gradient used), ``step_size.*``, ``step_t``."""

    def __init__(
        self,
        params: Any,
        lr: Any = 1e-2,
        etas: Any = (0.5, 1.2),
        step_sizes: Any = (1e-6, 50),
        *,
        maximize: bool = False,
    ) -> None:
        check_positive("Rprop", "lr", lr)
        if not etas[1] > 1.0:
            raise ValueError(f"For 'Rprop', the 'etas[1]' must be > 1.0, but got {etas[1]}")
        if not 0.0 < etas[0] < 1.0:
            raise ValueError(
                f"For 'Rprop', the 'etas[0]' must be in range (0.0, 1.0), but got {etas[0]}"
            )
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes, maximize=maximize))
        self.prev = self.state_like("prev")
        self.step_size = self.state_like("step_size")
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t", requires_grad=False)

    def update(self, grads: list) -> None:
        step = self.step_t._data + 1
        self.step_t._data = step
        for gid, group in enumerate(self.param_groups):
            minus, plus = group["etas"]
            lo, hi = group["step_sizes"]
            lr = self.group_lr(gid)
            for i, p, x, g in self.group_items(gid, grads, decay=False):
                x, prev, size = optimizer_func.rprop(
                    x,
                    self.prev[i]._data,
                    self.step_size[i]._data,
                    step,
                    lr.astype(x.dtype),
                    g,
                    minus,
                    plus,
                    lo,
                    hi,
                )
                write(self.prev[i], prev)
                write(self.step_size[i], size)
                write(p, x)
