"""Rprop: sign-based steps whose sizes grow while the gradient keeps its sign."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import fail
from deepsink.nn.optim.optimizer import Optimizer, write


class Rprop(Optimizer):
    """Resilient backpropagation (MindSpore 2.10's rule)::

        s = g * prev
        step = min(step * etaplus, max_step) where s > 0; max(step * etaminus, min_step) where
               s < 0; unchanged where s == 0
        g = 0 where s < 0;  p -= sign(g) * step;  prev = g

    ``step`` starts at the learning rate. State: ``prev.<param>``, ``step_size.<param>``."""

    def __init__(self, params: Any, learning_rate: Any = 0.1, etas: tuple = (0.5, 1.2),
                 step_sizes: tuple = (1e-6, 50.0), weight_decay: Any = 0.0) -> None:  # fmt: skip
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple) or len(etas) != 2 or not 0 < etas[0] < 1 < etas[1]:
            fail("Rprop", "etas", "a tuple (etaminus, etaplus) with 0 < etaminus < 1 < etaplus",
                 etas)  # fmt: skip
        if not isinstance(step_sizes, tuple) or len(step_sizes) != 2 or (
                step_sizes[0] > step_sizes[1]):  # fmt: skip
            fail("Rprop", "step_sizes", "a tuple (min_step, max_step) with min <= max",
                 step_sizes)  # fmt: skip
        self.etaminus, self.etaplus = float(etas[0]), float(etas[1])
        self.step_size_min, self.step_size_max = float(step_sizes[0]), float(step_sizes[1])
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        lr = self._lr_values()
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")
        for s, v in zip(self.step_size, lr):
            s._data = jnp.full(s.shape, v, s._data.dtype)

    def _update(self, grads: list, lrs: list) -> None:
        for p, prev, step, g in zip(self.parameters, self.prev, self.step_size, grads):
            sign = g * prev._data
            new_step = jnp.where(
                sign > 0, jnp.minimum(step._data * self.etaplus, self.step_size_max),
                jnp.where(sign < 0, jnp.maximum(step._data * self.etaminus, self.step_size_min),
                          step._data))  # fmt: skip
            g = jnp.where(sign < 0, 0, g)
            write(step, new_step)
            write(prev, g)
            write(p, p._data - jnp.sign(g) * new_step)
