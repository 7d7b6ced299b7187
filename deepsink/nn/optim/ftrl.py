"""FTRL (MindSpore's ``nn.FTRL``): follow-the-regularized-leader with L1/L2, the rule of
``ops.ApplyFtrl`` (``deepsink.ops.function.optimizer_func.ftrl``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import check_bool, fail_arg
from deepsink.nn.optim.optimizer import Optimizer, _HostTarget, write
from deepsink.ops.function import optimizer_func as R


def _check_float(value: Any, arg: str, api: str, ok: Any, expected: str) -> float:
    if not isinstance(value, float):
        fail_arg(api, arg, "a float", value, TypeError)
    if not ok(value):
        fail_arg(api, arg, expected, value)
    return value


class FTRL(_HostTarget, Optimizer):
    """FTRL-proximal (McMahan et al., "Ad Click Prediction: a View from the Trenches")::

        accum_new = accum + g^2
        linear += g - (accum_new^(-lr_power) - accum^(-lr_power)) / lr * p
        quadratic = accum_new^(-lr_power) / lr + 2 l2
        p = (sign(linear) l1 - linear) / quadratic  if |linear| > l1  else 0

    ``g`` has L2 weight decay added first (every Parameter decays without groups, as in
    MindSpore) and is divided by ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``; no per-group ``lr``).
        initial_accum (float): the starting ``accum``, >= 0. Default: 0.1.
        learning_rate (float): > 0; a fixed rate (MindSpore's FTRL has no dynamic rate).
            Default: 0.001.
        lr_power (float): <= 0; 0 keeps the rate fixed. Default: -0.5.
        l1 (float), l2 (float): >= 0. Default: 0.0.
        use_locking (bool): accepted for compatibility. Default: False.
        loss_scale (float): Default: 1.0.
        weight_decay (Union[float, int, Cell]): Default: 0.0.

    Inputs:
        - **grads** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        tuple[bool], True for each Parameter (updated in place).

    State: ``moments.<param>`` (the accumulators, from ``initial_accum``), ``linear.<param>``.

    Raises:
        TypeError: ``initial_accum``, ``learning_rate``, ``lr_power``, ``l1`` or ``l2`` is not a
            float, or ``use_locking`` not a bool.
        ValueError: a value is out of its range, or the learning rate is dynamic or per group.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="w")
        >>> opt = nn.FTRL([w], initial_accum=1.0, learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [-0.0707  0.0707]
    """

    def __init__(
        self,
        params: Any,
        initial_accum: float = 0.1,
        learning_rate: Any = 0.001,
        lr_power: float = -0.5,
        l1: float = 0.0,
        l2: float = 0.0,
        use_locking: bool = False,
        loss_scale: float = 1.0,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        if self.dynamic_lr or self.is_group_lr:
            fail_arg(
                "FTRL",
                "learning_rate",
                "a fixed float (FTRL supports neither a dynamic nor a per-group learning rate)",
                learning_rate,
            )
        _check_float(initial_accum, "initial_accum", "FTRL", lambda v: v >= 0, ">= 0.0")
        _check_float(learning_rate, "learning_rate", "FTRL", lambda v: v > 0, "> 0.0")
        _check_float(lr_power, "lr_power", "FTRL", lambda v: v <= 0, "<= 0.0")
        _check_float(l1, "l1", "FTRL", lambda v: v >= 0, ">= 0.0")
        _check_float(l2, "l2", "FTRL", lambda v: v >= 0, ">= 0.0")
        self.use_locking = check_bool(use_locking, "use_locking", "FTRL")
        self.l1, self.l2, self.lr_power = l1, l2, lr_power
        self.lr = learning_rate
        if not self.is_group:
            self.decay_flags = tuple(True for _ in self.parameters)
        self.moments = self.parameters.clone(prefix="moments", init=initial_accum)
        self.linear = self.parameters.clone(prefix="linear", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        for p, acc, lin, g, lr in zip(self.parameters, self.moments, self.linear, grads, lrs):
            dt = p._data.dtype
            hyper = (jnp.asarray(x, dt) for x in (lr, self.l1, self.l2, self.lr_power))
            var, accum, linear = R.ftrl(p._data, acc._data, lin._data, g.astype(dt), *hyper)
            write(p, var)
            write(acc, accum)
            write(lin, linear)
