"""RMSProp (MindSpore's ApplyRMSProp / ApplyCenteredRMSProp) over optax's scale_by_rms and
scale_by_stddev (epsilon inside the square root, as MindSpore)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import optax

from deepsink._core.validate import check_bool, fail
from deepsink.nn.optim.optimizer import Optimizer, write


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
        decay = jnp.float32(self.decay)
        for i, (p, g, lr) in enumerate(zip(self.parameters, grads, lrs)):
            ms_ = self.mean_square[i]
            if self.centered:
                mg = self.mean_grad[i]
                tx = optax.scale_by_stddev(decay=decay, eps=self.epsilon, eps_in_sqrt=True)
                state = optax.ScaleByRStdDevState(mu=mg._data, nu=ms_._data)
                scaled, state = tx.update(g, state)
                write(mg, state.mu)
            else:
                tx = optax.scale_by_rms(decay=decay, eps=self.epsilon, eps_in_sqrt=True)
                scaled, state = tx.update(g, optax.ScaleByRmsState(nu=ms_._data))
            write(ms_, state.nu)
            mom = self.moment[i]
            m = self.momentum * mom._data + lr * scaled
            write(mom, m)
            write(p, p._data - m)
