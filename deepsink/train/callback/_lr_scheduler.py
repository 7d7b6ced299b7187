"""LearningRateScheduler: set the learning rate from a function of (lr, step) after each step."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink.common.parameter import Parameter
from deepsink.train.callback._callback import Callback, RunContext


def lr_parameter(cb_params: Any, api: str) -> Parameter:
    """The optimizer's learning rate that a callback rewrites: a Parameter, else a ValueError."""
    lr = getattr(cb_params.get("optimizer"), "learning_rate", None)
    if not isinstance(lr, Parameter):
        raise ValueError(
            f"For '{api}', the optimizer's 'learning_rate' must be a Parameter (dynamic and "
            f"group learning rates are not supported), but got {type(lr).__name__}"
        )
    return lr


class LearningRateScheduler(Callback):
    """Change the optimizer's learning rate at the end of every step to
    ``learning_rate_function(lr, cur_step_num)``.

    The optimizer's ``learning_rate`` must be a Parameter (a fixed learning rate, which is what
    optimizers build from a number).

    Args:
        learning_rate_function (Callable): ``(lr: float, cur_step_num: int) -> float``.

    Raises:
        TypeError: if ``learning_rate_function`` is not callable.
        ValueError: at the first step, if the optimizer's learning rate is not a Parameter.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> from deepsink.train import Model, LearningRateScheduler
        >>> import deepsink.dataset as ds
        >>> def learning_rate_function(lr, cur_step_num):
        ...     return lr * 0.5 if cur_step_num % 2 == 0 else lr
        >>> net = nn.Dense(2, 1)
        >>> opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        >>> model = Model(net, loss_fn=nn.MSELoss(), optimizer=opt)
        >>> data = {"x": np.ones((8, 2), np.float32), "y": np.ones((8, 1), np.float32)}
        >>> dataset = ds.NumpySlicesDataset(data, shuffle=False).batch(2)
        >>> model.train(1, dataset, callbacks=[LearningRateScheduler(learning_rate_function)],
        ...             dataset_sink_mode=False)
        >>> print(round(float(opt.learning_rate.asnumpy()), 6))
        0.025
    """

    def __init__(self, learning_rate_function: Callable[[float, int], float]) -> None:
        super().__init__()
        if not callable(learning_rate_function):
            raise TypeError(
                f"For 'LearningRateScheduler', 'learning_rate_function' must be "
                f"callable, but got {type(learning_rate_function).__name__}"
            )
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context: RunContext) -> None:
        """Write the function's new learning rate into the optimizer when it changed."""
        cb_params = run_context.original_args()
        lr = lr_parameter(cb_params, "LearningRateScheduler")
        old = lr.asnumpy()
        current = float(old)
        new = self.learning_rate_function(current, cb_params.cur_step_num)
        if not math.isclose(current, new, rel_tol=1e-10):
            lr.set_data(np.asarray(new, dtype=old.dtype))
