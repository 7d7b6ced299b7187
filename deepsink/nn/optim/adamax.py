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

    State: ``beta1_power``, ``moment1.<param>``, ``moment2.<param>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups of them as
            dicts with ``'params'`` and optional ``'lr'``, ``'weight_decay'``, ``'grad_centralization'``.
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): a fixed rate, a
            per-step list (the last value is held), or a schedule called with the step. Default: ``0.001``.
        beta1 (float): the first moment's decay. Default: ``0.9``.
        beta2 (float): the infinity norm's decay. Default: ``0.999``.
        eps (float): added to the denominator. Default: ``1e-8``.
        weight_decay (Union[float, int, Cell]): L2 decay added to the gradients (``g + wd * p``).
            Default: ``0.0``.
        loss_scale (float): the gradients are divided by it first (for a fixed loss scale). Default: ``1.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        TypeError, ValueError: for ``params``, ``learning_rate``, ``weight_decay`` and ``loss_scale``,
            as :class:`Optimizer`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.AdaMax(net.trainable_params(), learning_rate=0.1)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.79999995 0.79999995]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 0.001,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-8,
        weight_decay: Any = 0.0,
        loss_scale: float = 1.0,
    ) -> None:
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
