"""Adam (MindSpore's: epsilon outside the bias correction; AMSGrad and offload variants),
AdamWeightDecay (decoupled decay, no bias correction) and AdamOffload, on the update rules of
``ops.Adam``, ``ops.ApplyAdamWithAmsgradV2``, ``ops.AdamNoUpdateParam`` and
``ops.AdamWeightDecay`` (``deepsink.ops.function.optimizer_func``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer, _HostTarget, write
from deepsink.ops.function import optimizer_func as R


def _check_betas(beta1: Any, beta2: Any, eps: Any, api: str) -> None:
    for name, value in (("beta1", beta1), ("beta2", beta2), ("eps", eps)):
        if not isinstance(value, float):
            fail_arg(api, name, "a float", value, TypeError)
    for name, value in (("beta1", beta1), ("beta2", beta2)):
        if not 0.0 < value < 1.0:
            fail_arg(api, name, "in range (0.0, 1.0)", value)
    if eps <= 0.0:
        fail_arg(api, "eps", "a positive float", eps)


def _init_adam(opt: Any, api: str, beta1: Any, beta2: Any, eps: Any, flags: tuple, shape: list):
    """Check Adam's shared arguments (betas, eps, ``flags``: use_locking and use_nesterov) and
    give ``opt`` its state: the beta powers (of ``shape``) and the two moments."""
    _check_betas(beta1, beta2, eps, api)
    opt.use_locking = check_bool(flags[0], "use_locking", api)
    opt.use_nesterov = check_bool(flags[1], "use_nesterov", api)
    opt.beta1, opt.beta2, opt.eps = beta1, beta2, eps
    opt.beta1_power = Parameter(Tensor(np.ones(shape, np.float32)), name="beta1_power")
    opt.beta2_power = Parameter(Tensor(np.ones(shape, np.float32)), name="beta2_power")
    opt.moment1 = opt.parameters.clone(prefix="moment1", init="zeros")
    opt.moment2 = opt.parameters.clone(prefix="moment2", init="zeros")


def _advance_powers(opt: Any) -> tuple:
    """One step of the beta powers: (beta1, beta2, beta1^t, beta2^t) as float32, stored."""
    b1, b2 = R.float32s(opt.beta1, opt.beta2)
    opt.beta1_power._data = b1p = opt.beta1_power._data * b1
    opt.beta2_power._data = b2p = opt.beta2_power._data * b2
    return b1, b2, b1p, b2p


class Adam(_HostTarget, Optimizer):
    """Adam, as MindSpore computes it (epsilon is added to ``sqrt(v)``, outside the bias
    correction)::

        m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
        lr_t = lr sqrt(1 - beta2^t) / (1 - beta1^t)
        p -= lr_t m / (sqrt(v) + eps)

    With ``use_nesterov`` the numerator is ``beta1 m + (1 - beta1) g`` instead of ``m``.

    ``g`` has L2 weight decay added first (``g + weight_decay * p``) and is divided by
    ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: Default: 1e-3.
        beta1 (float), beta2 (float): in (0, 1). Default: 0.9, 0.999.
        eps (float): > 0. Default: 1e-8.
        use_locking (bool): accepted for compatibility. Default: False.
        use_nesterov (bool): Default: False.
        weight_decay (Union[float, int, Cell]): Default: 0.0.
        loss_scale (float): Default: 1.0.
        use_amsgrad (bool): AMSGrad: the denominator uses the running maximum ``vhat`` of ``v``
            (``ops.ApplyAdamWithAmsgradV2``; ``use_nesterov`` has no effect then, as in
            MindSpore). Default: False.
        use_lazy (bool, keyword): Lazy Adam updates only the rows named by a *sparse* gradient's
            indices; on dense gradients MindSpore runs the normal Adam update (every row, zero
            gradient rows included: fixture nnx/adam_lazy). deepsink's gradients are always
            dense (Embedding included), so the update is Adam's. Default: False.
        use_offload (bool, keyword): MindSpore computes the update on the host
            (``ops.AdamNoUpdateParam``) to save device memory; deepsink keeps the state where the
            Parameters are, with the same numbers. Default: False.

    Raises:
        KeyError: ``kwargs`` has a key other than 'use_lazy' and 'use_offload'.
        TypeError: ``beta1``, ``beta2`` or ``eps`` is not a float, a flag is not a bool.
        ValueError: ``use_lazy`` and ``use_offload`` both True, or ``use_amsgrad`` with either.

    State: ``moment1.<param>``, ``moment2.<param>`` (zeros), ``beta1_power``, ``beta2_power``
    (the running products ``beta^t``), ``global_step``, ``learning_rate``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.Adam(net.trainable_params(), learning_rate=0.1)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.8000001 0.8000001]]
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
        use_amsgrad: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _init_adam(self, "Adam", beta1, beta2, eps, (use_locking, use_nesterov), [])
        unknown = sorted(set(kwargs) - {"use_lazy", "use_offload"})
        if unknown:
            raise KeyError(
                f"For 'Adam', invalid keys are passed as kwargs, supported keys are "
                f"'use_lazy' and 'use_offload', but got {unknown}"
            )
        self.use_amsgrad = check_bool(use_amsgrad, "use_amsgrad", "Adam")
        self.use_lazy = check_bool(kwargs.get("use_lazy", False), "use_lazy", "Adam")
        self.use_offload = check_bool(kwargs.get("use_offload", False), "use_offload", "Adam")
        if self.use_lazy and self.use_offload:
            fail_arg("Adam", "use_lazy and use_offload", "not both True", (True, True))
        if self.use_amsgrad and (self.use_lazy or self.use_offload):
            fail_arg("Adam", "use_amsgrad", "False with use_lazy or use_offload", True)
        if self.use_amsgrad:
            self.vhat = self.parameters.clone(prefix="vhat", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        beta1, beta2, beta1_power, beta2_power = _advance_powers(self)
        for i, (p, m1, m2, g, lr) in enumerate(
            zip(self.parameters, self.moment1, self.moment2, grads, lrs)
        ):
            dt = p._data.dtype
            hyper = [
                x.astype(dt)
                for x in R.float32s(beta1_power, beta2_power, lr, beta1, beta2, self.eps)
            ]
            g = g.astype(dt)
            if self.use_amsgrad:
                vhat = self.vhat[i]
                var, m, v, vh = R.adam_with_amsgrad(
                    p._data, m1._data, m2._data, vhat._data, *hyper, g
                )
                write(vhat, vh)
            elif self.use_offload:
                delta, m, v = R.adam_delta(
                    m1._data, m2._data, *hyper, g, use_nesterov=self.use_nesterov
                )
                var = p._data + delta
            else:
                var, m, v = R.adam(
                    p._data, m1._data, m2._data, *hyper, g, use_nesterov=self.use_nesterov
                )
            write(p, var)
            write(m1, m)
            write(m2, v)


class AdamWeightDecay(Optimizer):
    """Adam with decoupled weight decay and, as in MindSpore, no bias correction::

        m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
        p -= lr (m / (sqrt(v) + eps) + weight_decay p)

    Without groups the decay skips Parameters named with 'beta' or 'gamma'.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: Default: 1e-3.
        beta1 (float), beta2 (float): in (0, 1). Default: 0.9, 0.999.
        eps (float): > 0. Default: 1e-6.
        weight_decay (Union[float, int, Cell]): Default: 0.0.

    State: ``adam_m.<param>``, ``adam_v.<param>`` (zeros), ``global_step``, ``learning_rate``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.AdamWeightDecay(net.trainable_params(), learning_rate=0.1, weight_decay=0.01)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.25714484 0.25713512]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 1e-3,
        beta1: float = 0.9,
        beta2: float = 0.999,
        eps: float = 1e-6,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay)
        _check_betas(beta1, beta2, eps, "AdamWeightDecay")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.moments1 = self.parameters.clone(prefix="adam_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="adam_v", init="zeros")

    _decoupled_decay = True  # the decay is part of the update below, not of the gradient

    def _update(self, grads: list, lrs: list) -> None:
        f32 = jnp.float32
        decays = self._decay_values()
        beta1, beta2, eps = R.float32s(self.beta1, self.beta2, self.eps)
        for p, m1, m2, g, wd, flag, lr in zip(
            self.parameters, self.moments1, self.moments2, grads, decays, self.decay_flags, lrs
        ):
            wd = wd.astype(f32) if flag else R.float32s(0.0)
            var, m, v = R.adam_weight_decay(
                p._data, m1._data, m2._data, lr, beta1, beta2, eps, wd, g.astype(f32)
            )
            write(p, var)
            write(m1, m)
            write(m2, v)


class AdamOffload(Optimizer):
    """Adam whose update MindSpore computes on the host (``ops.AdamNoUpdateParam`` on CPU, the
    change then added to the Parameter) to save device memory. deepsink keeps the state where
    the Parameters are (XLA places it); the numbers are Adam's, from the rule of
    ``ops.AdamNoUpdateParam`` (``optimizer_func.adam_delta``)::

        m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
        p += -lr sqrt(1 - beta2^t) / (1 - beta1^t) m / (sqrt(v) + eps)

    ``g`` has L2 weight decay added first and is divided by ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: float, list, Tensor or LearningRateSchedule. Default: 1e-3.
        beta1 (float), beta2 (float): in (0, 1). Default: 0.9, 0.999.
        eps (float): > 0. Default: 1e-8.
        use_locking (bool): accepted for compatibility. Default: False.
        use_nesterov (bool): Default: False.
        weight_decay (Union[float, int, Cell]): Default: 0.0.
        loss_scale (float): Default: 1.0.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        tuple[bool], True for each Parameter (updated in place).

    State: ``moment1.<param>``, ``moment2.<param>``, ``beta1_power``, ``beta2_power`` (shape [1]).

    Raises:
        TypeError: ``beta1``, ``beta2`` or ``eps`` is not a float, a flag is not a bool.
        ValueError: ``beta1``/``beta2`` outside (0, 1) or ``eps`` <= 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = nn.AdamOffload([w], learning_rate=0.1)
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
        _init_adam(self, "AdamOffload", beta1, beta2, eps, (use_locking, use_nesterov), [1])
        self.params = self.parameters

    def _update(self, grads: list, lrs: list) -> None:
        f32 = jnp.float32
        b1, b2, b1p, b2p = _advance_powers(self)
        for p, m, v, g, lr in zip(self.parameters, self.moment1, self.moment2, grads, lrs):
            hyper = [b1p[0], b2p[0], lr, b1, b2, R.float32s(self.eps)]
            delta, m_new, v_new = R.adam_delta(
                m._data, v._data, *hyper, g.astype(f32), use_nesterov=self.use_nesterov
            )
            write(p, p._data + delta.astype(p._data.dtype))
            write(m, m_new)
            write(v, v_new)
