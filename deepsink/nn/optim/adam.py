"""Adam (MindSpore's: epsilon outside the bias correction) and AdamWeightDecay (decoupled
decay, no bias correction), with optax's moment updates."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np
import optax

from deepsink._core.validate import check_bool, fail
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer, write


def _check_betas(beta1: Any, beta2: Any, eps: Any, api: str) -> None:
    for name, value in (("beta1", beta1), ("beta2", beta2), ("eps", eps)):
        if not isinstance(value, float):
            fail(api, name, "a float", value, TypeError)
    for name, value in (("beta1", beta1), ("beta2", beta2)):
        if not 0.0 < value < 1.0:
            fail(api, name, "in range (0.0, 1.0)", value)
    if eps <= 0.0:
        fail(api, "eps", "a positive float", eps)


def _moments(g: Any, m: Any, v: Any, beta1: float, beta2: float) -> tuple[Any, Any]:
    """The first and second moment EMAs (optax's update rules).

    The betas enter as float32, so ``1 - beta`` is rounded as in MindSpore's float32 kernels
    (``1 - float32(0.999)`` differs from ``float32(0.001)`` by 1e-5 relative).
    """
    b1, b2 = jnp.float32(beta1), jnp.float32(beta2)
    return (
        optax.tree.update_moment(g, m, b1, 1),
        optax.tree.update_moment_per_elem_norm(g, v, b2, 2),
    )


class Adam(Optimizer):
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
        use_lazy (bool, keyword): Lazy Adam updates only the rows named by a *sparse* gradient's
            indices; on dense gradients MindSpore runs the normal Adam update (every row, zero
            gradient rows included: fixture nnx/adam_lazy). deepsink's gradients are always
            dense (Embedding included), so the update is Adam's. Default: False.
        use_offload (bool, keyword): host offload is not supported (ValueError). Default: False.

    State: ``moment1.<param>``, ``moment2.<param>`` (zeros), ``beta1_power``, ``beta2_power``
    (the running products ``beta^t``), ``global_step``, ``learning_rate``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Examples:
        >>> import numpy as np
        >>> import mindspore as ms
        >>> from mindspore import nn
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
        _check_betas(beta1, beta2, eps, "Adam")
        self.use_locking = check_bool(use_locking, "use_locking", "Adam")
        self.use_nesterov = check_bool(use_nesterov, "use_nesterov", "Adam")
        if check_bool(use_amsgrad, "use_amsgrad", "Adam"):
            fail("Adam", "use_amsgrad", "False (AMSGrad is not supported by deepsink)", True)
        unknown = sorted(set(kwargs) - {"use_lazy", "use_offload"})
        if unknown:
            raise TypeError(f"For 'Adam', unexpected keyword arguments {unknown}")
        self.use_lazy = check_bool(kwargs.get("use_lazy", False), "use_lazy", "Adam")
        self.use_offload = check_bool(kwargs.get("use_offload", False), "use_offload", "Adam")
        if self.use_offload:
            fail("Adam", "use_offload", "False (deepsink keeps the optimizer state on the device; "
                 "offloading Adam to the host is not supported)", True)  # fmt: skip
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = Parameter(Tensor(np.float32(1.0)), name="beta1_power")
        self.beta2_power = Parameter(Tensor(np.float32(1.0)), name="beta2_power")
        self.moment1 = self.parameters.clone(prefix="moment1", init="zeros")
        self.moment2 = self.parameters.clone(prefix="moment2", init="zeros")

    def _update(self, grads: list, lrs: list) -> None:
        beta1 = jnp.float32(self.beta1)
        beta2 = jnp.float32(self.beta2)
        beta1_power = self.beta1_power._data * beta1
        beta2_power = self.beta2_power._data * beta2
        self.beta1_power._data = beta1_power
        self.beta2_power._data = beta2_power
        correction = jnp.sqrt(1.0 - beta2_power) / (1.0 - beta1_power)
        for p, m1, m2, g, lr in zip(self.parameters, self.moment1, self.moment2, grads, lrs):
            m, v = _moments(g, m1._data, m2._data, self.beta1, self.beta2)
            numerator = beta1 * m + (1.0 - beta1) * g if self.use_nesterov else m
            update = numerator / (jnp.sqrt(v) + self.eps)
            write(p, optax.apply_updates(p._data, -(lr * correction) * update))
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
        >>> import mindspore as ms
        >>> from mindspore import nn
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
        decays = self._decay_values()
        for p, m1, m2, g, wd, flag, lr in zip(
            self.parameters, self.moments1, self.moments2, grads, decays, self.decay_flags, lrs
        ):
            m, v = _moments(g.astype(jnp.float32), m1._data, m2._data, self.beta1, self.beta2)
            update = m / (jnp.sqrt(v) + self.eps)
            if flag:
                update, _ = optax.add_decayed_weights(wd).update(
                    update, optax.EmptyState(), p._data
                )
            write(p, optax.apply_updates(p._data, -lr * update))
            write(m1, m)
            write(m2, v)
