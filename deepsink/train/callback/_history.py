"""History: record the network output and the metrics of every epoch."""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_bool
from deepsink.train.callback._callback import (
    Callback,
    RunContext,
    loss_value,
    step_loss,
    step_outputs,
)


class History(Callback):
    """Record each epoch's network output (the loss) and metrics.

    ``history`` maps ``"net_output"`` (and, in ``Model.fit``, each metric name) to a list with
    one value per epoch; ``epoch`` is ``{"epoch": [1, 2, ...]}``. The network output is the
    first output when the network returns a tuple, averaged to a numpy scalar, and it is the
    output of the epoch's last step (in sink mode, of the last sink's last step).

    Args:
        per_step (bool): (deepsink) also record every training step in ``steps``:
            ``{"step": [1, 2, ...], "net_output": [...]}`` (``cur_step_num`` and the network output
            of each step, as above). In sink mode the Model reads all the steps' outputs of a sink
            in its one device-to-host copy. Default: ``False``.

    Raises:
        TypeError: if ``per_step`` is not a bool.

    Examples:
        >>> history = History()
        >>> model.train(2, dataset, callbacks=[history])  # doctest: +SKIP
        >>> history.epoch, history.history  # doctest: +SKIP
        ({'epoch': [1, 2]}, {'net_output': [1.607877, 1.6033841]})
    """

    def __init__(self, *, per_step: bool = False) -> None:
        super().__init__()
        self.needs_per_step_outputs = check_bool(per_step, "per_step", "History")
        self.history: dict[str, list[Any]] = {}
        self.epoch: dict[str, list[int]] | None = None
        self.steps: dict[str, list[Any]] | None = (
            {"step": [], "net_output": []} if per_step else None
        )

    def on_train_step_end(self, run_context: RunContext) -> None:
        """With ``per_step``, append every step since the last step hook to ``steps``."""
        if self.steps is None:
            return
        for step, outputs in step_outputs(run_context.original_args()):
            self.steps["step"].append(step)
            self.steps["net_output"].append(step_loss(outputs))

    def begin(self, run_context: RunContext) -> None:
        """Start a new ``epoch`` record (``history`` keeps growing across calls)."""
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context: RunContext) -> None:
        """Append this epoch's number, network output and metrics."""
        cb_params = run_context.original_args()
        if self.epoch is None:
            self.epoch = {"epoch": []}
        self.epoch["epoch"].append(cb_params.get("cur_epoch_num", 1))
        record = {"net_output": loss_value(cb_params.get("net_outputs"))}
        record.update(cb_params.get("metrics") or {})
        for key, value in record.items():
            self.history.setdefault(key, []).append(value)
