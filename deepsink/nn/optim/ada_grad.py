"""Adagrad (MindSpore's ApplyAdagrad: no epsilon), the rule of ``ops.ApplyAdagrad``
(``optimizer_func.adagrad``)."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_bool, fail_arg
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class Adagrad(Optimizer):
    """``accum += g^2;  p -= lr g / sqrt(accum)``, ``accum`` starting at ``accum``.
    State: ``accum.<param>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups of them.
        accum (float): the accumulator's initial value, >= 0. Default: ``0.1``.
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): the rate. Default: ``0.001``.
        update_slots (bool): update the accumulator. Default: ``True``.
        loss_scale, weight_decay: as :class:`Optimizer` (L2 decay ``g + wd * p``). Default: ``1.0``,
            ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        ValueError: ``accum`` is negative.
        TypeError, ValueError: for ``params``, ``learning_rate``, ``weight_decay`` and ``loss_scale``,
            as :class:`Optimizer`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.Adagrad(net.trainable_params(), learning_rate=0.1)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.83564717 0.8309542 ]]
    """

    def __init__(
        self,
        params: Any,
        accum: float = 0.1,
        learning_rate: Any = 0.001,
        update_slots: bool = True,
        loss_scale: float = 1.0,
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(accum, bool) or not isinstance(accum, int | float) or accum < 0:
            fail_arg("Adagrad", "accum", "a float >= 0", accum)
        self.update_slots = check_bool(update_slots, "update_slots", "Adagrad")
        self.accum = self.parameters.clone(prefix="accum", init=float(accum))

    def _update(self, grads: list, lrs: list) -> None:
        for p, a, g, lr in zip(self.parameters, self.accum, grads, lrs):
            dt = p._data.dtype
            var, acc = R.adagrad(p._data, a._data, lr.astype(dt), g.astype(dt), self.update_slots)
            write(a, acc)
            write(p, var)
