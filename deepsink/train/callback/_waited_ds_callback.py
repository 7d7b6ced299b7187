"""``mindspore.dataset.WaitedDSCallback``: a dataset callback that is also a training Callback.

It is both a :class:`Callback` (training layer) and a :class:`DSCallback` (dataset layer), so it
lives here, above both, and is bound into ``mindspore.dataset`` and ``mindspore.dataset.callback``
where MindSpore exports it (the dataset layer does not import training).
"""

from __future__ import annotations

import threading
from typing import Any

from deepsink.dataset.callback import DSCallback, DSRunContext
from deepsink.train.callback._callback import Callback


class WaitedDSCallback(Callback, DSCallback):
    """A dataset callback synchronized with training: pass it both to ``map(callbacks=...)`` and
    to ``Model.train(callbacks=...)``. From the second step (epoch) on, the map waits before a
    step (epoch) until training has ended the previous one, then calls
    ``sync_step_begin(train_run_context, ds_run_context)`` (``sync_epoch_begin``) with the
    training loop's run context. A wait longer than ``config.get_callback_timeout()`` seconds
    raises ``RuntimeError``.

    Args:
        step_size (int, optional): Rows per step, usually the batch size. Default: ``1``.

    Raises:
        TypeError: ``step_size`` is not an int.
        ValueError: ``step_size`` is below 1.

    Examples:
        >>> import deepsink.dataset as ds
        >>> from deepsink.dataset import WaitedDSCallback
        >>> class Sync(WaitedDSCallback):
        ...     def sync_step_begin(self, train_run_context, ds_run_context):
        ...         print("row", ds_run_context.cur_step_num, "after training step",
        ...               train_run_context.original_args().cur_step_num)
        >>> cb = Sync()
        >>> data = ds.NumpySlicesDataset([1, 2, 3], ["x"], shuffle=False).map(lambda x: x, callbacks=cb)
        >>> class Ctx:  # what a training loop hands its callbacks
        ...     def __init__(self, n): self.n = n
        ...     def original_args(self):
        ...         return type("P", (), {"cur_step_num": self.n})()
        >>> for k, _ in enumerate(data.create_tuple_iterator(num_epochs=1), 1):
        ...     cb.step_end(Ctx(k))
        row 2 after training step 1
        row 3 after training step 2
    """

    def __init__(self, step_size: int = 1) -> None:
        Callback.__init__(self)
        DSCallback.__init__(self, step_size)
        self.step_event = threading.Event()
        self.step_run_context: Any = None
        self.epoch_event = threading.Event()
        self.epoch_run_context: Any = None
        self.training_ended = False

    def sync_epoch_begin(self, train_run_context: Any, ds_run_context: DSRunContext) -> None:
        """Called before a dataset epoch, after the previous training epoch ended."""

    def sync_step_begin(self, train_run_context: Any, ds_run_context: DSRunContext) -> None:
        """Called before a dataset step, after the previous training step ended."""

    # training side: release the dataset's waits
    def epoch_end(self, run_context: Any) -> None:
        self.epoch_run_context = run_context
        self.epoch_event.set()

    def step_end(self, run_context: Any) -> None:
        self.step_run_context = run_context
        self.step_event.set()

    def end(self, run_context: Any) -> None:
        self.epoch_end(run_context)
        self.step_end(run_context)
        self.training_ended = True

    # dataset side
    def _wait(self, event: threading.Event, hook: str) -> None:
        from deepsink.dataset import config

        if self.training_ended:
            return
        timeout = config.get_callback_timeout()
        ok = event.wait(timeout=timeout)
        event.clear()
        if not ok:
            raise RuntimeError(f"{hook} timed out after {timeout} second(s).")

    def ds_epoch_begin(self, ds_run_context: DSRunContext) -> None:
        if ds_run_context.cur_epoch_num > 1:
            self._wait(self.epoch_event, "ds_epoch_begin")
            self.sync_epoch_begin(self.epoch_run_context, ds_run_context)

    def ds_step_begin(self, ds_run_context: DSRunContext) -> None:
        if ds_run_context.cur_step_num > self.step_size:
            self._wait(self.step_event, "ds_step_begin")
            self.sync_step_begin(self.step_run_context, ds_run_context)

    def _hooks(self) -> dict[str, Any]:
        hooks = {}
        if type(self).sync_step_begin is not WaitedDSCallback.sync_step_begin:
            hooks["ds_step_begin"] = self.ds_step_begin
        if type(self).sync_epoch_begin is not WaitedDSCallback.sync_epoch_begin:
            hooks["ds_epoch_begin"] = self.ds_epoch_begin
        if not hooks:
            raise AttributeError(
                "Inheriting Callback class without overriding any methods, check the usage of "
                "user defined Callback."
            )
        return hooks
