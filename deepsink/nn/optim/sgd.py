"""SGD with optional momentum, dampening and Nesterov, the rule of ``ops.SGD``
(``optimizer_func.sgd``)."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from deepsink._core.validate import fail_arg, shown
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class SGD(Optimizer):
    """Stochastic gradient descent.

    With ``momentum > 0``: the first step sets ``v = g`` (the ``stat`` flag goes 1 -> 0), later
    steps ``v = momentum * v + (1 - dampening) * g``; then ``p -= lr * v``, or with ``nesterov``
    ``p -= lr * (g + momentum * v)``. With ``momentum == 0``: ``p -= lr * g`` and the state is
    untouched. ``g`` has weight decay added first and is divided by ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: Default: 0.1.
        momentum (float): >= 0. Default: 0.0.
        dampening (float): >= 0. Default: 0.0.
        weight_decay (Union[float, int]): Default: 0.0.
        nesterov (bool): needs momentum > 0 and dampening 0. Default: False.
        loss_scale (float): Default: 1.0.

    State: ``accum.<param>`` (zeros), ``stat.<param>`` (ones), ``momentum``, ``global_step``,
    ``learning_rate``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.SGD(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.71       0.42000002]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 0.1,
        momentum: float = 0.0,
        dampening: float = 0.0,
        weight_decay: Any = 0.0,
        nesterov: bool = False,
        loss_scale: float = 1.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        momentum = _float(momentum, "momentum")
        self.dampening = _float(dampening, "dampening")
        if not isinstance(nesterov, bool):
            fail_arg("SGD", "nesterov", "a bool", nesterov, TypeError)
        if nesterov and (momentum <= 0.0 or self.dampening != 0.0):
            fail_arg(
                "SGD",
                "nesterov",
                "False unless 'momentum' > 0 and 'dampening' == 0",
                shown(f"nesterov=True with momentum={momentum}, dampening={self.dampening}"),
            )
        if self.dynamic_weight_decay:
            fail_arg(
                "SGD",
                "weight_decay",
                "a float or int (dynamic weight decay is not supported)",
                shown("a Cell"),
                TypeError,
            )
        self.nesterov = nesterov
        self.momentum = Parameter(Tensor(momentum), name="momentum")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def _update(self, grads: list, lrs: list) -> None:
        momentum = self.momentum._data
        for p, a, s, g, lr in zip(self.parameters, self.accum, self.stat, grads, lrs):
            var, accum, stat = R.sgd(
                p._data,
                g,
                lr,
                a._data,
                momentum,
                s._data,
                jnp.float32(self.dampening),
                0.0,
                self.nesterov,
            )
            write(p, var)
            write(a, accum)
            write(s, stat)


def _float(value: Any, arg: str) -> float:
    if isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, float):
        fail_arg("SGD", arg, "a float", value, TypeError)
    if value < 0.0:
        fail_arg("SGD", arg, "at least 0.0", value)
    return value
