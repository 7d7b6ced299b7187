"""LazyAdam (MindSpore's ``nn.LazyAdam``): Adam whose sparse gradients update only their rows.

deepsink's gradients are dense (Embedding's included), and on a dense gradient MindSpore's
LazyAdam runs ``ops.Adam`` on every row; so does this one, with the rule of ``ops.Adam``
(``optimizer_func.adam``). ``ops.FusedSparseLazyAdam`` is the row-sparse update.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import fail_arg
from deepsink.nn.optim.adam import _advance_powers, _check_betas, _init_adam
from deepsink.nn.optim.optimizer import Optimizer, _HostTarget, write
from deepsink.ops.function import optimizer_func as R


class LazyAdam(_HostTarget, Optimizer):
    """Adam for dense gradients as MindSpore computes it (epsilon outside the bias correction)::

        m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
        p -= lr sqrt(1 - beta2^t) / (1 - beta1^t) m / (sqrt(v) + eps)

    (numerator ``beta1 m + (1 - beta1) g`` with ``use_nesterov``). ``g`` has L2 weight decay
    added first and is divided by ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: float, list, Tensor or LearningRateSchedule. Default: 1e-3.
        beta1 (float), beta2 (float): in (0, 1). Default: 0.9, 0.999.
        eps (float): > 0. Default: 1e-8.
        use_locking (bool): accepted for compatibility. Default: False.
        use_nesterov (bool): Default: False.
        weight_decay (float): Default: 0.0.
        loss_scale (float): Default: 1.0.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        tuple[bool], True for each Parameter (updated in place).

    State: ``moment1.<param>``, ``moment2.<param>``, ``beta1_power``, ``beta2_power`` (shape [1]).

    Raises:
        TypeError: ``beta1``, ``beta2``, ``eps`` or ``weight_decay`` is not a float, a flag is
            not a bool.
        ValueError: ``beta1``/``beta2`` outside (0, 1) or ``eps`` <= 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = nn.LazyAdam([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [0.9 1.1]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 1e-3,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-8,
        use_locking: bool = False,
        use_nesterov: bool = False,
        weight_decay: Any = 0.0,
        loss_scale: float = 1.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        api = type(self).__name__
        if not isinstance(weight_decay, float):
            _check_betas(beta1, beta2, eps, api)
            fail_arg(api, "weight_decay", "a float", weight_decay, TypeError)
        _init_adam(self, api, beta1, beta2, eps, (use_locking, use_nesterov), [1])

    def _update(self, grads: list, lrs: list) -> None:
        b1, b2, b1p, b2p = _advance_powers(self)
        for p, m, v, g, lr in zip(self.parameters, self.moment1, self.moment2, grads, lrs):
            dt = p._data.dtype
            hyper = [x.astype(dt) for x in (b1p[0], b2p[0], lr, b1, b2, jnp.asarray(self.eps))]
            var, m_new, v_new = R.adam(
                p._data, m._data, v._data, *hyper, g.astype(dt), use_nesterov=self.use_nesterov
            )
            write(p, var)
            write(m, m_new)
            write(v, v_new)
