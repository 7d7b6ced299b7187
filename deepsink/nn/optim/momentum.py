"""Momentum: ``v = momentum * v + g; p -= lr * v``, the rule of ``ops.ApplyMomentum``
(``optimizer_func.momentum``, optax's trace)."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_bool, fail_arg
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class Momentum(Optimizer):
    """Stochastic gradient descent with momentum.

    ``v = momentum * v + g`` then ``p -= lr * v``; with ``use_nesterov``,
    ``p -= lr * (g + momentum * v)`` (the documented formula; MindSpore's GPU kernel does this,
    while its CPU kernel ignores ``use_nesterov``). ``g`` has weight decay added first
    (``g + weight_decay * p``) and is divided by ``loss_scale``.

    Args:
        params: the Parameters or group dicts (see ``Optimizer``).
        learning_rate: float, list, Tensor or LearningRateSchedule.
        momentum (float): >= 0.
        weight_decay (Union[float, int, Cell]): Default: 0.0.
        loss_scale (float): Default: 1.0.
        use_nesterov (bool): Default: False.

    State: ``moments.<param name>`` (zeros), ``momentum``, ``global_step``, ``learning_rate``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        TypeError: ``momentum`` is not a float, or ``params`` holds something not a Parameter.
        ValueError: ``momentum`` is negative.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init="ones", has_bias=False)
        >>> opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        >>> _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.9 0.8]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any,
        momentum: float,
        weight_decay: Any = 0.0,
        loss_scale: float = 1.0,
        use_nesterov: bool = False,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, float):
            fail_arg("Momentum", "momentum", "a float", momentum, TypeError)
        if momentum < 0.0:
            fail_arg("Momentum", "momentum", "at least 0.0", momentum)
        self.momentum = Parameter(Tensor(momentum), name="momentum")
        self.use_nesterov = check_bool(use_nesterov, "use_nesterov", "Momentum")
        self.moments = self.parameters.clone(prefix="moments", init="zeros")

    @property
    def params(self):
        return self.parameters

    def _update(self, grads: list, lrs: list) -> None:
        for p, m, g, lr in zip(self.parameters, self.moments, grads, lrs):
            var, accum = R.momentum(p._data, m._data, lr, g, self.momentum._data, self.use_nesterov)
            write(p, var)
            write(m, accum)
