"""``mindspore.dataset.callback``: hooks a ``map`` calls as its rows go through the pipeline.

A map given ``callbacks=`` runs its rows one at a time in order, calling per pass (epoch) and per
step (a row; every ``step_size`` rows) the hooks of :class:`DSCallback`. :class:`WaitedDSCallback`
is also a training :class:`mindspore.train.Callback`: its dataset hooks wait for the training
loop's step and epoch ends, so a user hook can change the pipeline with what training just did.
It lives with the training callbacks (``deepsink.train.callback``, which builds on the dataset
layer) and is bound into this module and ``mindspore.dataset`` from there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class DSRunContext:
    """Where the pipeline is: epochs count from 1, steps (rows) from 1 in an epoch and overall."""

    cur_epoch_num: int = 0
    cur_step_num_in_epoch: int = 0
    cur_step_num: int = 0


def _check_step_size(step_size: Any) -> int:
    if isinstance(step_size, bool) or not isinstance(step_size, int):
        raise TypeError(
            f"Argument step_size with value {step_size!r} is not of type [<class 'int'>]."
        )
    if step_size < 1:
        raise ValueError(
            f"Input step_size is not within the required interval of [1, 2147483647], got {step_size}."
        )
    return step_size


class DSCallback:
    """Base of the dataset callbacks a ``map`` calls: ``ds_begin`` once, ``ds_epoch_begin`` /
    ``ds_epoch_end`` per pass, ``ds_step_begin`` / ``ds_step_end`` every ``step_size`` rows
    (steps 1, 1 + step_size, ...), each with a ``ds_run_context`` (``cur_epoch_num``,
    ``cur_step_num_in_epoch``, ``cur_step_num``).

    Args:
        step_size (int, optional): Rows between two step calls. Default: ``1``.

    Raises:
        TypeError: ``step_size`` is not an int.
        ValueError: ``step_size`` is below 1.
        AttributeError: (when the map is built) the subclass overrides no hook.

    Examples:
        >>> import deepsink.dataset as ds
        >>> from deepsink.dataset import DSCallback
        >>> class PrintInfo(DSCallback):
        ...     def ds_epoch_begin(self, ds_run_context):
        ...         print("epoch", ds_run_context.cur_epoch_num)
        ...     def ds_step_end(self, ds_run_context):
        ...         print("step", ds_run_context.cur_step_num_in_epoch)
        >>> data = ds.GeneratorDataset([1, 2], "col1", shuffle=False)
        >>> data = data.map(operations=lambda x: x, callbacks=PrintInfo())
        >>> for _ in data.create_tuple_iterator(num_epochs=1):
        ...     pass
        epoch 1
        step 1
        step 2
    """

    def __init__(self, step_size: int = 1) -> None:
        self.step_size = _check_step_size(step_size)

    def ds_begin(self, ds_run_context: DSRunContext) -> None:
        """Called before the pipeline's first row."""

    def ds_epoch_begin(self, ds_run_context: DSRunContext) -> None:
        """Called before each epoch's first row."""

    def ds_epoch_end(self, ds_run_context: DSRunContext) -> None:
        """Called after each epoch's last row."""

    def ds_step_begin(self, ds_run_context: DSRunContext) -> None:
        """Called before a step's row is mapped."""

    def ds_step_end(self, ds_run_context: DSRunContext) -> None:
        """Called after a step's row is mapped."""

    def _hooks(self) -> dict[str, Any]:
        """The hooks this callback overrides (MindSpore calls only those)."""
        names = ["ds_begin", "ds_epoch_begin", "ds_epoch_end", "ds_step_begin", "ds_step_end"]
        hooks = {
            n: getattr(self, n)
            for n in names
            if getattr(type(self), n) is not getattr(DSCallback, n)
        }
        if not hooks:
            raise AttributeError(
                "Inheriting Callback class without overriding any methods, check the usage of "
                "user defined Callback."
            )
        return hooks
