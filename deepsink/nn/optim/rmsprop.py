"""RMSProp, the rules of ``ops.ApplyRMSProp`` and ``ops.ApplyCenteredRMSProp``
(``optimizer_func.rms_prop`` / ``centered_rms_prop``: epsilon inside the square root)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import check_bool, fail
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class RMSProp(Optimizer):
    """Root mean square propagation::

        s = decay s + (1 - decay) g^2
        m = momentum m + lr g / sqrt(s + eps)                     (centered=False)
        gm = decay gm + (1 - decay) g;  m = momentum m + lr g / sqrt(s - gm^2 + eps)   (centered)
        p -= m

    State: ``mean_square.<param>`` (starting at ones, as MindSpore), ``moment.<param>`` and, when
    centered, ``mean_grad.<param>``.
    """

    def __init__(self, params: Any, learning_rate: Any = 0.1, decay: float = 0.9,
                 momentum: float = 0.0, epsilon: float = 1e-10, use_locking: bool = False,
                 centered: bool = False, loss_scale: float = 1.0,
                 weight_decay: Any = 0.0) -> None:  # fmt: skip
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        for name, v in (("decay", decay), ("momentum", momentum), ("epsilon", epsilon)):
            if isinstance(v, bool) or not isinstance(v, int | float):
                fail("RMSProp", name, "a float", v, TypeError)
        if decay < 0 or momentum < 0 or epsilon <= 0:
            fail("RMSProp", "decay/momentum/epsilon", "decay >= 0, momentum >= 0, epsilon > 0",
                 (decay, momentum, epsilon))  # fmt: skip
        self.decay, self.momentum, self.epsilon = float(decay), float(momentum), float(epsilon)
        self.centered = check_bool(centered, "centered", "RMSProp")
        self.use_locking = check_bool(use_locking, "use_locking", "RMSProp")
        if centered:
            self.mean_grad = self.parameters.clone(prefix="mean_grad", init="zeros")
        self.mean_square = self.parameters.clone(prefix="mean_square", init="ones")
        self.moment = self.parameters.clone(prefix="moment", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        for i, (p, g, lr) in enumerate(zip(self.parameters, grads, lrs)):
            dt = p._data.dtype
            decay, momentum, eps = (jnp.asarray(x, dt)
                                    for x in (self.decay, self.momentum, self.epsilon))  # fmt: skip
            ms_, mom = self.mean_square[i], self.moment[i]
            if self.centered:
                mg = self.mean_grad[i]
                var, mean_grad, mean_square, moment = R.centered_rms_prop(
                    p._data, mg._data, ms_._data, mom._data, g.astype(dt), lr.astype(dt), decay,
                    momentum, eps)  # fmt: skip
                write(mg, mean_grad)
            else:
                var, mean_square, moment = R.rms_prop(p._data, ms_._data, mom._data,
                                                      lr.astype(dt), g.astype(dt), decay,
                                                      momentum, eps)  # fmt: skip
            write(ms_, mean_square)
            write(mom, moment)
            write(p, var)
