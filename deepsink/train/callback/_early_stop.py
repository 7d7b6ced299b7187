"""EarlyStopping: stop training when a monitored quantity stops improving."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, check_non_negative_int, check_number, check_one_of
from deepsink.train.callback._callback import Callback, RunContext, loss_value

logger = logging.getLogger("deepsink")

# Monitors for which smaller is better when mode='auto' (MindSpore's list).
SMALLER_BETTER = frozenset(
    {
        "hausdorff_distance",
        "mae",
        "mse",
        "loss",
        "perplexity",
        "mean_surface_distance",
        "root_mean_square_distance",
        "eval_loss",
    }
)


def check_monitor(monitor: Any, api: str) -> str:
    if not isinstance(monitor, str):
        raise TypeError(f"For '{api}', 'monitor' must be a str, but got {type(monitor).__name__}")
    return monitor


def improvement_rule(monitor: str, mode: str, min_delta: float) -> tuple[Callable, float]:
    """``(is_improvement(current, best), initial best)`` for ``mode`` ('auto' reads the name)."""
    if mode == "min" or (mode == "auto" and monitor in SMALLER_BETTER):
        return (lambda a, b: bool(np.less(a, b - min_delta))), np.inf
    return (lambda a, b: bool(np.greater(a, b + min_delta))), -np.inf


def monitor_value(cb_params: Any, monitor: str, api: str, purpose: str) -> np.ndarray | None:
    """The monitored value at the end of an epoch, as a 0-d array; None (and a log) if missing.

    ``"loss"`` is the training loss (first network output); any other name is looked up in
    ``cb_params.eval_results`` (the metrics and ``eval_loss`` of ``Model.fit``'s evaluation).
    """
    candidates: dict = {}
    if monitor == "loss":
        value = loss_value(cb_params.get("net_outputs"))
    else:
        candidates = cb_params.get("eval_results") or {}
        value = candidates.get(monitor)
    if value is None:
        logger.warning(
            "%s is conditioned on %s, which is not available. Available choices are: %s",
            purpose,
            monitor,
            sorted({"loss", *candidates}),
        )
        return None
    value = np.asarray(value.asnumpy() if hasattr(value, "asnumpy") else value)
    if value.shape != ():
        raise ValueError(
            f"For '{api}', the monitor value must be a scalar, but got shape {value.shape}"
        )
    return value


def snapshot_weights(network: Any) -> dict[str, np.ndarray]:
    """Host copies of every Parameter of ``network`` (safe against buffer donation)."""
    return {name: np.array(p.asnumpy(), copy=True) for name, p in network.parameters_and_names()}


def restore_weights(network: Any, weights: dict[str, np.ndarray]) -> None:
    for name, p in network.parameters_and_names():
        if name in weights:
            p.set_data(weights[name])


class EarlyStopping(Callback):
    """Stop training when ``monitor`` has not improved for ``patience`` epochs.

    At the end of every training epoch the wait counter goes up by one, and back to 0 when the
    monitored value beats the best so far by more than ``min_delta`` (and beats ``baseline``,
    if given). When the counter reaches ``patience`` the callback calls
    ``run_context.request_stop()``. As in MindSpore, the counter is checked after every epoch,
    so ``patience=0`` stops after the first epoch.

    Args:
        monitor (str): ``"loss"`` (the training loss), or, in ``Model.fit`` with evaluation,
            ``"eval_loss"`` or a metric name given to the Model. Default: ``'eval_loss'``.
        min_delta (float): smallest change that counts as an improvement. Default: ``0``.
        patience (int): epochs without improvement before stopping. Default: ``0``.
        verbose (bool): print when stopping and when restoring weights. Default: ``False``.
        mode (str): ``'auto'``, ``'min'`` or ``'max'``; ``'auto'`` takes ``'min'`` for losses
            and errors and ``'max'`` otherwise. Default: ``'auto'``.
        baseline (float, optional): the value to beat for the counter to reset. Default: ``None``.
        restore_best_weights (bool): on stopping, load the weights of the best epoch into the
            training network. Default: ``False``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``mode`` is not 'auto', 'min' or 'max', or the monitor value is not a scalar.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.Dense(2, 1)
        >>> data = {'x': np.ones((8, 2), np.float32), 'y': np.zeros((8, 1), np.float32)}
        >>> ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(4)
        >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> stop = ms.train.EarlyStopping(monitor='loss', patience=0, min_delta=10.0)
        >>> model.train(5, ds, callbacks=[stop], dataset_sink_mode=False)
        >>> print(stop.stopped_epoch)
        1
    """

    def __init__(
        self,
        monitor: str = "eval_loss",
        min_delta: float = 0,
        patience: int = 0,
        verbose: bool = False,
        mode: str = "auto",
        baseline: float | None = None,
        restore_best_weights: bool = False,
    ) -> None:
        super().__init__()
        api = "EarlyStopping"
        self.monitor = check_monitor(monitor, api)
        self.min_delta = abs(check_number(min_delta, "min_delta", api))
        self.patience = check_non_negative_int(patience, "patience", api)
        self.verbose = check_bool(verbose, "verbose", api)
        self.mode = check_one_of(mode, ["auto", "min", "max"], "mode", api)
        self.baseline = None if baseline is None else check_number(baseline, "baseline", api)
        self.restore_best_weights = check_bool(restore_best_weights, "restore_best_weights", api)
        self.is_improvement, self.best = improvement_rule(self.monitor, self.mode, self.min_delta)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict: dict[str, np.ndarray] | None = None

    def on_train_begin(self, run_context: RunContext) -> None:
        """Reset the counter, the best value and the saved weights."""
        self.is_improvement, self.best = improvement_rule(self.monitor, self.mode, self.min_delta)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        """Update the counter from this epoch's value; request a stop when patience runs out."""
        cb_params = run_context.original_args()
        current = monitor_value(cb_params, self.monitor, "EarlyStopping", "Early stopping")
        if current is None:
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = snapshot_weights(cb_params.get("train_network"))
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = snapshot_weights(cb_params.get("train_network"))
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.get("cur_epoch_num", 0)
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                restore_weights(cb_params.get("train_network"), self.best_weights_param_dict)

    def on_train_end(self, run_context: RunContext) -> None:
        """With ``verbose``, print the epoch at which training stopped."""
        if self.stopped_epoch > 0 and self.verbose:
            print(f"Epoch {self.stopped_epoch:05d}: early stopping")
