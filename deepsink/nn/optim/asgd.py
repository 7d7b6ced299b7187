"""ASGD: SGD with a decaying step and a running average of the parameters."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import fail_arg
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer, write


class ASGD(Optimizer):
    """Averaged stochastic gradient descent (MindSpore 2.10's rule), at step t::

        p = p (1 - lambd eta) - eta g
        ax = p if mu == 1 else ax + mu (p - ax)
        eta = lr / (1 + lambd lr t)^alpha;  mu = 1 / max(1, t - t0)

    State per Parameter: ``eta_<param>``, ``mu_<param>`` (scalars) and ``ax_.<param>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups of them as
            dicts with ``'params'`` and optional ``'lr'``, ``'weight_decay'``, ``'grad_centralization'``.
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): a fixed rate, a
            per-step list (the last value is held), or a schedule called with the step. Default: ``0.1``.
        lambd (float): the decay term. Default: ``1e-4``.
        alpha (float): the power for updating ``eta``. Default: ``0.75``.
        t0 (float): the step at which averaging starts. Default: ``1e6``.
        weight_decay (Union[float, int, Cell]): L2 decay added to the gradients (``g + wd * p``).
            Default: ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        TypeError: ``lambd``, ``alpha`` or ``t0`` is not a float.
        TypeError, ValueError: for ``params``, ``learning_rate``, ``weight_decay`` and ``loss_scale``,
            as :class:`Optimizer`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.ASGD(net.trainable_params(), learning_rate=0.1)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.7999817 0.5999835]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 0.1,
        lambd: float = 1e-4,
        alpha: float = 0.75,
        t0: float = 1e6,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay)
        for name, v in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            if isinstance(v, bool) or not isinstance(v, int | float):
                fail_arg("ASGD", name, "a float", v, TypeError)
        self.lambd, self.alpha, self.t0 = float(lambd), float(alpha), float(t0)
        lrs = self._lr_values()
        self._mu, self._eta = [], []
        for p, lr in zip(self.parameters, lrs):
            mu = Parameter(Tensor(np.float32(1.0)), name=f"mu_{p.name}")
            eta = Parameter(Tensor(np.asarray(lr, np.float32)), name=f"eta_{p.name}")
            setattr(self, f"mu_{p.name}".replace(".", "_"), mu)
            setattr(self, f"eta_{p.name}".replace(".", "_"), eta)
            self._mu.append(mu)
            self._eta.append(eta)
        self.ax = self.parameters.clone(prefix="ax_", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        t = self.global_step._data[0].astype(jnp.float32)
        for p, ax, mu, eta, g, lr in zip(self.parameters, self.ax, self._mu, self._eta, grads, lrs):
            e, m = eta._data, mu._data
            new_p = p._data * (1 - self.lambd * e) - e * g
            write(p, new_p)
            write(ax, jnp.where(m == 1, new_p, ax._data + m * (new_p - ax._data)))
            eta._data = (lr / (1 + self.lambd * lr * t) ** self.alpha).astype(e.dtype)
            mu._data = (1 / jnp.maximum(1.0, t - self.t0)).astype(m.dtype)
