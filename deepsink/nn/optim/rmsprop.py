"""RMSProp, the rules of ``ops.ApplyRMSProp`` and ``ops.ApplyCenteredRMSProp``
(``optimizer_func.rms_prop`` / ``centered_rms_prop``: epsilon inside the square root)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import check_bool, fail_arg
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

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups of them as
            dicts with ``'params'`` and optional ``'lr'``, ``'weight_decay'``, ``'grad_centralization'``.
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): a fixed rate, a
            per-step list (the last value is held), or a schedule called with the step. Default: ``0.1``.
        decay (float): the decay of the mean square, >= 0. Default: ``0.9``.
        momentum (float): the momentum, >= 0. Default: ``0.0``.
        epsilon (float): added inside the square root, > 0. Default: ``1e-10``.
        use_locking (bool): kept for MindSpore's signature. Default: ``False``.
        centered (bool): normalise by the centred variance. Default: ``False``.
        loss_scale, weight_decay: as :class:`Optimizer` (L2 decay ``g + wd * p``). Default: ``1.0``,
            ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        TypeError: ``decay``, ``momentum`` or ``epsilon`` is not a float.
        ValueError: ``decay`` or ``momentum`` is negative, or ``epsilon`` not positive.
        TypeError, ValueError: for ``params``, ``learning_rate``, ``weight_decay`` and ``loss_scale``,
            as :class:`Optimizer`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.RMSProp(net.trainable_params(), learning_rate=0.01)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.98       0.96649706]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 0.1,
        decay: float = 0.9,
        momentum: float = 0.0,
        epsilon: float = 1e-10,
        use_locking: bool = False,
        centered: bool = False,
        loss_scale: float = 1.0,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        for name, v in (("decay", decay), ("momentum", momentum), ("epsilon", epsilon)):
            if isinstance(v, bool) or not isinstance(v, int | float):
                fail_arg("RMSProp", name, "a float", v, TypeError)
        if decay < 0 or momentum < 0 or epsilon <= 0:
            fail_arg(
                "RMSProp",
                "decay/momentum/epsilon",
                "decay >= 0, momentum >= 0, epsilon > 0",
                (decay, momentum, epsilon),
            )
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
            decay, momentum, eps = (
                jnp.asarray(x, dt) for x in (self.decay, self.momentum, self.epsilon)
            )
            ms_, mom = self.mean_square[i], self.moment[i]
            if self.centered:
                mg = self.mean_grad[i]
                var, mean_grad, mean_square, moment = R.centered_rms_prop(
                    p._data,
                    mg._data,
                    ms_._data,
                    mom._data,
                    g.astype(dt),
                    lr.astype(dt),
                    decay,
                    momentum,
                    eps,
                )
                write(mg, mean_grad)
            else:
                var, mean_square, moment = R.rms_prop(
                    p._data, ms_._data, mom._data, lr.astype(dt), g.astype(dt), decay, momentum, eps
                )
            write(ms_, mean_square)
            write(mom, moment)
            write(p, var)
