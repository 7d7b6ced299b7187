"""LossMonitor: print the training loss every ``per_print_times`` steps."""

from __future__ import annotations

import numpy as np

from deepsink._core.validate import check_bool, check_non_negative_int
from deepsink.train.callback._callback import (
    Callback,
    RunContext,
    is_finite_number,
    loss_value,
    step_loss,
    step_outputs,
)


def format_metrics(metrics: dict) -> str:
    """``{'acc': 0.9}`` as MindSpore prints it (numpy scalars shown by value, as under NumPy 1)."""
    items = (
        f"{k!r}: {v!s}" if isinstance(v, np.generic) else f"{k!r}: {v!r}"
        for k, v in metrics.items()
    )
    return "{" + ", ".join(items) + "}"


class LossMonitor(Callback):
    """Print the loss as ``epoch: 1 step: 1000, loss is 0.110185064``; stop on NaN/Inf.

    The step is the step within the epoch, ``(cur_step_num - 1) % batch_num + 1``. In sink mode
    the step hooks fire once per sink and ``batch_num`` is ``sink_size``, so with
    ``sink_size=1000`` every epoch prints ``step: 1000`` and the loss of the sink's last step.
    The loss is the first network output when the network returns a tuple, averaged over its
    elements. In ``Model.fit`` it also prints ``Eval result: epoch 1, metrics: {...}`` at the end
    of an epoch that ran an evaluation.

    Args:
        per_print_times (int): print once every this many steps; 0 never prints. In sink mode
            the loss is printed at the nearest sink end. Default: ``1``.
        per_step (bool): (deepsink) in sink mode, check and print every step's loss as a run
            without sinking does (``step`` counts the steps of the epoch, ``sink_size`` of them
            per sink), from ``cb_params.net_outputs_per_step``: the sink reads all its steps'
            losses in its one device-to-host copy. Default: ``False`` (MindSpore's behaviour).

    Raises:
        TypeError: if ``per_print_times`` is not an int, or ``per_step`` not a bool.
        ValueError: if ``per_print_times`` is negative, or (while training) the loss is NaN or Inf.

    Examples:
        >>> model.train(10, dataset, callbacks=LossMonitor())  # doctest: +SKIP
        epoch: 1 step: 1, loss is 2.3025608
    """

    def __init__(self, per_print_times: int = 1, *, per_step: bool = False) -> None:
        super().__init__()
        self._per_print_times = check_non_negative_int(
            per_print_times, "per_print_times", "LossMonitor"
        )
        self.needs_per_step_outputs = check_bool(per_step, "per_step", "LossMonitor")
        self._last_print_time = 0

    def step_end(self, run_context: RunContext) -> None:
        """Check the loss and print it when ``per_print_times`` steps have passed since the last print."""
        cb_params = run_context.original_args()
        if not self.needs_per_step_outputs:
            self._report(cb_params, cb_params.get("cur_step_num", 0), cb_params.get("net_outputs"))
            return
        for step, outputs in step_outputs(cb_params):
            self._report(cb_params, step, outputs, per_step=True)

    def _report(self, cb_params, cur_step_num, outputs, per_step=False) -> None:
        cur_epoch_num = cb_params.get("cur_epoch_num", 1)
        batch_num = cb_params.get("batch_num") or max(cur_step_num, 1)
        cur_step_in_epoch = (cur_step_num - 1) % batch_num + 1
        loss = step_loss(outputs) if per_step else loss_value(outputs)
        if not is_finite_number(loss):
            raise ValueError(
                f"In epoch: {cur_epoch_num} step: {cur_step_in_epoch}, loss is NAN or INF, "
                "training process cannot continue, terminating training."
            )
        if self._per_print_times == 0:
            return
        # cur_step_num can go back (a run resumed from an earlier step): rewind the last print.
        sunk = cb_params.get("dataset_sink_mode") and not per_step
        rewind = max(self._per_print_times, batch_num if sunk else 1)
        while cur_step_num <= self._last_print_time:
            self._last_print_time -= rewind
        if cur_step_num - self._last_print_time >= self._per_print_times:
            self._last_print_time = cur_step_num
            # str(), not format(): a float32 prints as 0.110185064 (format gives float64 digits).
            print(f"epoch: {cur_epoch_num} step: {cur_step_in_epoch}, loss is {loss!s}", flush=True)

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        """In ``Model.fit``, print the evaluation metrics of this epoch, if it ran one."""
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            epoch = cb_params.get("cur_epoch_num", 1)
            print(f"Eval result: epoch {epoch}, metrics: {format_metrics(metrics)}", flush=True)
