"""Lamb (MindSpore's ``nn.Lamb``): layer-wise adaptive moments for large batches, the rule of
``optimizer_func.lamb`` (MindSpore's Lamb kernel)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink.nn.optim.adam import _check_betas
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class Lamb(Optimizer):
    """LAMB (You et al., "Large Batch Optimization for Deep Learning: Training BERT in 76
    minutes")::

        m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
        r = m / (1 - beta1^t) / (sqrt(v / (1 - beta2^t)) + eps) + weight_decay p
        p -= lr * ||p|| / ||r|| * r          (ratio 1 when a norm is 0)

    ``t`` is the step count (1 at the first update). Without groups the decay skips Parameters
    named with 'beta' or 'gamma'. Gradients are centralized for groups that ask for it; there is
    no loss scale (MindSpore's Lamb takes none).

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: float, list, Tensor or LearningRateSchedule.
        beta1 (float), beta2 (float): in (0, 1). Default: 0.9, 0.999.
        eps (float): > 0. Default: 1e-6.
        weight_decay (Union[float, int, Cell]): Default: 0.0.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        tuple[bool], True for each Parameter (updated in place).

    State: ``lamb_m.<param>``, ``lamb_v.<param>`` (zeros), ``global_step``, ``learning_rate``.

    Raises:
        TypeError: ``beta1``, ``beta2`` or ``eps`` is not a float.
        ValueError: ``beta1``/``beta2`` outside (0, 1) or ``eps`` <= 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.array([3.0, 4.0], np.float32)), name="w")
        >>> opt = nn.Lamb([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, 1.0], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [2.6464 3.6464]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-6,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay)
        _check_betas(beta1, beta2, eps, "Lamb")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.params = self.parameters
        self.moments1 = self.parameters.clone(prefix="lamb_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="lamb_v", init="zeros")

    _decoupled_decay = True  # the decay is inside the update (before the trust ratio)

    def _update(self, grads: list, lrs: list) -> None:
        decays = self._decay_values()
        step = self.global_step._data[0]
        for p, m, v, g, wd, flag, lr in zip(
            self.parameters, self.moments1, self.moments2, grads, decays, self.decay_flags, lrs
        ):
            dt = p._data.dtype
            wd = wd.astype(dt) if flag else jnp.zeros((), dt)
            hyper = [jnp.asarray(x, dt) for x in (self.beta1, self.beta2, self.eps)]
            var, m_new, v_new = R.lamb(
                p._data, m._data, v._data, lr.astype(dt), *hyper, wd, step, g.astype(dt)
            )
            write(p, var)
            write(m, m_new)
            write(v, v_new)
