"""TimeMonitor: print each epoch's wall time and the time per step."""

from __future__ import annotations

import time

from deepsink._core.validate import check_bool, check_positive_int
from deepsink.train.callback._callback import Callback, RunContext


class TimeMonitor(Callback):
    """Print ``Train epoch time: 1234.567 ms, per step time: 1.234 ms`` after every epoch.

    The per-step time is the epoch time divided by ``batch_num`` (the steps in an epoch, which
    in sink mode is ``sink_size``); ``data_size`` is used only when the Model provides no
    ``batch_num``. During evaluation the line starts with ``Eval``.

    With ``data_time=True`` the line ends with `` (data time: 0.123 ms)``: the average time per
    step the host spent outside the network call (fetching data). In sink mode, where data
    transfer overlaps the computation, it is what ``cb_params.dataset_helper.get_send_info``
    reports when the helper provides it, and otherwise the host time outside the sinks.

    Args:
        data_size (int, optional): steps per epoch, when the Model does not set ``batch_num``.
            Default: ``None``.
        data_time (bool): also print the average data-fetch time per step. Default: ``False``.

    Raises:
        ValueError: if ``data_size`` is not a positive int and no ``batch_num`` is available.
        TypeError: if ``data_time`` is not a bool.

    Examples:
        >>> import deepsink as ms
        >>> monitor = ms.train.TimeMonitor()
        >>> print(monitor.data_size)
        None
    """

    _in_fit_eval = True  # fit's evaluation reports its time too, as in MindSpore

    def __init__(self, data_size: int | None = None, data_time: bool = False) -> None:
        super().__init__()
        self.data_size = data_size
        self.data_time = check_bool(data_time, "data_time", "TimeMonitor")
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = 0.0

    def on_train_step_begin(self, run_context: RunContext) -> None:
        """Add the time since the previous step ended to the data time."""
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context: RunContext) -> None:
        """Start timing the data fetch of the next step."""
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context: RunContext) -> None:
        """Start the epoch clock."""
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = self.epoch_time

    def epoch_end(self, run_context: RunContext) -> None:
        """Print the epoch time and the time per step."""
        epoch_ms = (time.time() - self.epoch_time) * 1000
        cb_params = run_context.original_args()
        mode = cb_params.get("mode") or ""
        step_size = self.data_size
        batch_num = cb_params.get("batch_num")
        if isinstance(batch_num, int) and not isinstance(batch_num, bool) and batch_num > 0:
            step_size = batch_num
        if step_size is None:
            raise ValueError(
                "For 'TimeMonitor', 'data_size' must be a positive int when the Model provides "
                "no 'batch_num', but got None"
            )
        check_positive_int(step_size, "data_size", "TimeMonitor")
        line = (
            f"{mode.title()} epoch time: {epoch_ms:5.3f} ms, "
            f"per step time: {epoch_ms / step_size:5.3f} ms"
        )
        if self.data_time:
            line += f" (data time: {self._data_ms(run_context, step_size):5.3f} ms)"
        print(line, flush=True)

    def _data_ms(self, run_context: RunContext, step_size: int) -> float:
        cb_params = run_context.original_args()
        helper = cb_params.get("dataset_helper")
        if cb_params.get("dataset_sink_mode") and hasattr(helper, "get_send_info"):
            info = helper.get_send_info(run_context).epoch(cb_params.get("cur_epoch_num"))
            return float(info["fetch_data_time"])
        return self.data_time_sum * 1000 / step_size
