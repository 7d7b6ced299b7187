"""ReduceLROnPlateau: lower the learning rate when a monitored quantity stops improving."""

from __future__ import annotations

import numpy as np

from deepsink._core.validate import (
    check_bool,
    check_non_negative_int,
    check_number,
    check_one_of,
    check_range,
)
from deepsink.train.callback._callback import Callback, RunContext
from deepsink.train.callback._early_stop import check_monitor, improvement_rule, monitor_value
from deepsink.train.callback._lr_scheduler import lr_parameter


class ReduceLROnPlateau(Callback):
    """Multiply the learning rate by ``factor`` after ``patience`` epochs without improvement.

    The optimizer's ``learning_rate`` must be a Parameter (a fixed learning rate); the new value
    is ``max(lr * factor, min_lr)``, written into it at the end of the epoch.

    Args:
        monitor (str): ``"loss"``, or in ``Model.fit`` ``"eval_loss"`` or a metric name.
            Default: ``'eval_loss'``.
        factor (float): multiplier in (0, 1). Default: ``0.1``.
        patience (int): epochs without improvement before reducing. Default: ``10``.
        verbose (bool): print each reduction. Default: ``False``.
        mode (str): ``'auto'``, ``'min'`` or ``'max'``. Default: ``'auto'``.
        min_delta (float): smallest change that counts as an improvement. Default: ``1e-4``.
        cooldown (int): epochs to wait after a reduction before counting again. Default: ``0``.
        min_lr (float): lower bound of the learning rate. Default: ``0``.

    Raises:
        ValueError: if ``mode`` is invalid, ``factor`` is outside (0, 1), the monitor value is not
            a scalar, or the learning rate is not a Parameter.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> data = {'x': np.ones((8, 2), np.float32), 'y': np.zeros((8, 1), np.float32)}
        >>> ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(4)
        >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> cb = ms.train.ReduceLROnPlateau(monitor='loss', factor=0.5, patience=0, min_delta=10.0)
        >>> model.train(2, ds, callbacks=[cb], dataset_sink_mode=False)
        >>> print(model.train_network.optimizer.learning_rate.asnumpy() < 0.1)
        True
    """

    def __init__(
        self,
        monitor: str = "eval_loss",
        factor: float = 0.1,
        patience: int = 10,
        verbose: bool = False,
        mode: str = "auto",
        min_delta: float = 1e-4,
        cooldown: int = 0,
        min_lr: float = 0,
    ) -> None:
        super().__init__()
        api = "ReduceLROnPlateau"
        self.monitor = check_monitor(monitor, api)
        self.factor = check_range(factor, 0.0, 1.0, "factor", api, lo_open=True, hi_open=True)
        self.patience = check_non_negative_int(patience, "patience", api)
        self.verbose = check_bool(verbose, "verbose", api)
        self.mode = check_one_of(mode, ["auto", "min", "max"], "mode", api)
        self.min_delta = abs(check_number(min_delta, "min_delta", api))
        self.cooldown = check_non_negative_int(cooldown, "cooldown", api)
        self.min_lr = check_number(min_lr, "min_lr", api)
        self.is_improvement, self.best = improvement_rule(self.monitor, self.mode, self.min_delta)
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, run_context: RunContext) -> None:
        """Reset the counters and the best value."""
        self.is_improvement, self.best = improvement_rule(self.monitor, self.mode, self.min_delta)
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        """Count an epoch without improvement; reduce the learning rate when patience runs out."""
        cb_params = run_context.original_args()
        lr = lr_parameter(cb_params, "ReduceLROnPlateau")
        current = monitor_value(
            cb_params, self.monitor, "ReduceLROnPlateau", "Learning rate reduction"
        )
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                old = lr.asnumpy()
                if old > self.min_lr:
                    new = np.maximum(old * old.dtype.type(self.factor), old.dtype.type(self.min_lr))
                    lr.set_data(np.asarray(new, dtype=old.dtype))
                    if self.verbose:
                        epoch = cb_params.get("cur_epoch_num", 0)
                        print(
                            f"Epoch {epoch:05d}: ReduceLROnPlateau reducing learning rate to {new!s}."
                        )
                self.cooldown_counter = self.cooldown
                self.wait = 0
