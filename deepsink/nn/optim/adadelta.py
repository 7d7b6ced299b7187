"""Adadelta, the rule of ``ops.ApplyAdadelta`` (``optimizer_func.adadelta``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import fail_arg
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class Adadelta(Optimizer):
    """::

        accum = rho accum + (1 - rho) g^2
        update = sqrt(accum_update + eps) / sqrt(accum + eps) g
        accum_update = rho accum_update + (1 - rho) update^2
        p -= lr update

    State: ``accum.<param>``, ``accum_update.<param>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups of them as
            dicts with ``'params'`` and optional ``'lr'``, ``'weight_decay'``, ``'grad_centralization'``.
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): a fixed rate, a
            per-step list (the last value is held), or a schedule called with the step. Default: ``1.0``.
        rho (float): the decay of the running averages, in [0, 1]. Default: ``0.9``.
        epsilon (float): added inside the square roots, >= 0. Default: ``1e-6``.
        loss_scale, weight_decay: as :class:`Optimizer` (L2 decay ``g + wd * p``). Default: ``1.0``,
            ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        ValueError: ``rho`` is outside [0, 1] or ``epsilon`` negative.
        TypeError, ValueError: for ``params``, ``learning_rate``, ``weight_decay`` and ``loss_scale``,
            as :class:`Optimizer`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.Adadelta(net.trainable_params(), learning_rate=1.0)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.99359334 0.99359334]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 1.0,
        rho: float = 0.9,
        epsilon: float = 1e-6,
        loss_scale: float = 1.0,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not 0.0 <= rho <= 1.0:
            fail_arg("Adadelta", "rho", "in range [0.0, 1.0]", rho)
        if epsilon < 0:
            fail_arg("Adadelta", "epsilon", "a float >= 0", epsilon)
        self.rho, self.epsilon = float(rho), float(epsilon)
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.accum_update = self.parameters.clone(prefix="accum_update", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        for p, a, au, g, lr in zip(self.parameters, self.accum, self.accum_update, grads, lrs):
            dt = p._data.dtype
            rho, eps = jnp.asarray(self.rho, dt), jnp.asarray(self.epsilon, dt)
            var, accum, accum_update = R.adadelta(
                p._data, a._data, au._data, lr.astype(dt), rho, eps, g.astype(dt)
            )
            write(a, accum)
            write(au, accum_update)
            write(p, var)
