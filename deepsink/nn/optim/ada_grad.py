"""Adagrad (MindSpore's ApplyAdagrad: no epsilon), the rule of ``ops.ApplyAdagrad``
(``optimizer_func.adagrad``)."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_bool, fail
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class Adagrad(Optimizer):
    """``accum += g^2;  p -= lr g / sqrt(accum)``, ``accum`` starting at ``accum``.
    State: ``accum.<param>``."""

    def __init__(self, params: Any, accum: float = 0.1, learning_rate: Any = 0.001,
                 update_slots: bool = True, loss_scale: float = 1.0,
                 weight_decay: Any = 0.0) -> None:  # fmt: skip
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(accum, bool) or not isinstance(accum, int | float) or accum < 0:
            fail("Adagrad", "accum", "a float >= 0", accum)
        self.update_slots = check_bool(update_slots, "update_slots", "Adagrad")
        self.accum = self.parameters.clone(prefix="accum", init=float(accum))

    def _update(self, grads: list, lrs: list) -> None:
        for p, a, g, lr in zip(self.parameters, self.accum, grads, lrs):
            dt = p._data.dtype
            var, acc = R.adagrad(p._data, a._data, lr.astype(dt), g.astype(dt), self.update_slots)
            write(a, acc)
            write(p, var)
