"""AdaMax (epsilon added after the infinity norm, unlike optax's), the rule of
``ops.ApplyAdaMax`` (``optimizer_func.ada_max``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.adam import _check_betas
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class AdaMax(Optimizer):
    """::

        m = beta1 m + (1 - beta1) g;  v = max(beta2 v, |g|)
        p -= lr / (1 - beta1^t) m / (v + eps)

    State: ``beta1_power``, ``moment1.<param>``, ``moment2.<param>``."""

    def __init__(self, params: Any, learning_rate: Any = 0.001, beta1: float = 0.9,
                 beta2: float = 0.999, eps: float = 1e-8, weight_decay: Any = 0.0,
                 loss_scale: float = 1.0) -> None:  # fmt: skip
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_betas(beta1, beta2, eps, "AdaMax")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = Parameter(Tensor(np.ones([1], np.float32)), name="beta1_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        b1, b2 = jnp.float32(self.beta1), jnp.float32(self.beta2)
        power = self.beta1_power._data * b1
        self.beta1_power._data = power
        for p, m, v, g, lr in zip(self.parameters, self.moment1, self.moment2, grads, lrs):
            dt = p._data.dtype
            hyper = [jnp.asarray(x).astype(dt) for x in (power[0], lr, b1, b2, self.eps)]
            var, m_new, v_new = R.ada_max(p._data, m._data, v._data, *hyper, g.astype(dt))
            write(m, m_new)
            write(v, v_new)
            write(p, var)
