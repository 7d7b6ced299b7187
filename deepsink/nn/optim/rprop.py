"""Rprop: sign-based steps whose sizes grow while the gradient keeps its sign."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import fail_arg
from deepsink.nn.optim.optimizer import Optimizer, write
from deepsink.ops.function import optimizer_func as R


class Rprop(Optimizer):
    """Resilient backpropagation (MindSpore 2.10's rule)::

        s = g * prev
        step = min(step * etaplus, max_step) where s > 0; max(step * etaminus, min_step) where
               s < 0; unchanged where s == 0
        g = 0 where s < 0;  p -= sign(g) * step;  prev = g

    ``step`` starts at the learning rate. State: ``prev.<param>``, ``step_size.<param>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the Parameters to update, or groups of them as
            dicts with ``'params'`` and optional ``'lr'``, ``'weight_decay'``, ``'grad_centralization'``.
        learning_rate (Union[float, int, Tensor, Iterable, LearningRateSchedule]): a fixed rate, a
            per-step list (the last value is held), or a schedule called with the step. Default: ``0.1``.
        etas (tuple[float]): (etaminus, etaplus), the step's shrink and growth factors,
            0 < etaminus < 1 < etaplus. Default: ``(0.5, 1.2)``.
        step_sizes (tuple[float]): (min_step, max_step), the bounds of the step. Default: ``(1e-6, 50.0)``.
        weight_decay (Union[float, int, Cell]): L2 decay added to the gradients (``g + wd * p``).
            Default: ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        ValueError: ``etas`` or ``step_sizes`` is not an ordered pair as described.
        TypeError, ValueError: for ``params``, ``learning_rate``, ``weight_decay`` and ``loss_scale``,
            as :class:`Optimizer`.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = nn.Rprop(net.trainable_params(), learning_rate=0.1)
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.78 0.78]]
    """

    def __init__(
        self,
        params: Any,
        learning_rate: Any = 0.1,
        etas: tuple = (0.5, 1.2),
        step_sizes: tuple = (1e-6, 50.0),
        weight_decay: Any = 0.0,
    ) -> None:
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple) or len(etas) != 2 or not 0 < etas[0] < 1 < etas[1]:
            fail_arg(
                "Rprop", "etas", "a tuple (etaminus, etaplus) with 0 < etaminus < 1 < etaplus", etas
            )
        if (
            not isinstance(step_sizes, tuple)
            or len(step_sizes) != 2
            or (step_sizes[0] > step_sizes[1])
        ):
            fail_arg(
                "Rprop", "step_sizes", "a tuple (min_step, max_step) with min <= max", step_sizes
            )
        self.etaminus, self.etaplus = float(etas[0]), float(etas[1])
        self.step_size_min, self.step_size_max = float(step_sizes[0]), float(step_sizes[1])
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        lr = self._lr_values()
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")
        for s, v in zip(self.step_size, lr):
            s._data = R.filled(s.shape, v, s._data.dtype)

    def _update(self, grads: list, lrs: list) -> None:
        for p, prev, step, g in zip(self.parameters, self.prev, self.step_size, grads):
            new_p, g, new_step = R.rprop_mindspore(
                p._data,
                prev._data,
                step._data,
                g,
                self.etaminus,
                self.etaplus,
                self.step_size_min,
                self.step_size_max,
            )
            write(step, new_step)
            write(prev, g)
            write(p, new_p)
