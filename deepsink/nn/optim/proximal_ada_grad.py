"""ProximalAdagrad (MindSpore's ``nn.ProximalAdagrad``): Adagrad with a proximal L1/L2 step, the
rule of ``ops.ApplyProximalAdagrad`` (``optimizer_func.proximal_adagrad``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import check_bool, fail_arg
from deepsink.nn.optim.optimizer import Optimizer, _HostTarget, write
from deepsink.ops.function import optimizer_func as R


class ProximalAdagrad(_HostTarget, Optimizer):
    """Proximal Adagrad (Duchi & Singer, "Efficient Learning using Forward-Backward
    Splitting")::

        accum += g^2;  lr_t = lr / sqrt(accum);  v = p - lr_t g
        p = sign(v) / (1 + lr_t l2) * max(|v| - lr_t l1, 0)

    ``g`` has L2 weight decay added first and is divided by ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        accum (float): the starting accumulator, >= 0. Default: 0.1.
        learning_rate: float, list, Tensor or LearningRateSchedule. Default: 0.001.
        l1 (float), l2 (float): >= 0. Default: 0.0.
        use_locking (bool): accepted for compatibility. Default: False.
        loss_scale (float): Default: 1.0.
        weight_decay (Union[float, int, Cell]): Default: 0.0.

    Inputs:
        - **grads** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        tuple[bool], True for each Parameter (updated in place).

    State: ``accum.<param>``.

    Raises:
        TypeError: ``accum``, ``l1`` or ``l2`` is not a float, or ``use_locking`` not a bool.
        ValueError: ``accum``, ``l1`` or ``l2`` is negative.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = nn.ProximalAdagrad([w], accum=0.0, learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([2.0, -2.0], np.float32)),))
        >>> print(w.asnumpy())
        [0.9 1.1]
    """

    def __init__(
        self,
        params: Any,
        accum: float = 0.1,
        learning_rate: Any = 0.001,
        l1: float = 0.0,
        l2: float = 0.0,
        use_locking: bool = False,
        loss_scale: float = 1.0,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        for name, value in (("accum", accum), ("l1", l1), ("l2", l2)):
            if not isinstance(value, float):
                fail_arg("ProximalAdagrad", name, "a float", value, TypeError)
        self.use_locking = check_bool(use_locking, "use_locking", "ProximalAdagrad")
        for name, value in (("accum", accum), ("l1", l1), ("l2", l2)):
            if value < 0:
                fail_arg("ProximalAdagrad", name, "a non-negative float", value)
        self.l1, self.l2 = l1, l2
        self.accum = self.parameters.clone(prefix="accum", init=accum)

    def _update(self, grads: list, lrs: list) -> None:
        for p, a, g, lr in zip(self.parameters, self.accum, grads, lrs):
            dt = p._data.dtype
            l1, l2 = jnp.asarray(self.l1, dt), jnp.asarray(self.l2, dt)
            var, acc = R.proximal_adagrad(p._data, a._data, lr.astype(dt), l1, l2, g.astype(dt))
            write(p, var)
            write(a, acc)
