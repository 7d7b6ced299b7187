"""TimeBreakdown: where the time goes, live, and whether training is data-bound (a deepsink extra).

MindSpore's sink mode raises a GetNext timeout once the device has starved for too long; Keras and
MindSpore show only a time per step. This callback turns the starvation into a number before it
becomes an error: after every sink (every epoch without sinking) it prints how the wall time
split between waiting for data, computing and the host, what the background pipeline and the
host-to-device copy cost, and says plainly when training is data-bound.
"""

from __future__ import annotations

import sys
from typing import IO, Any

from deepsink._core.validate import check_bool
from deepsink.train import step_trace
from deepsink.train.callback._callback import Callback, RunContext


class TimeBreakdown(Callback):
    """Print, per sink (per epoch without sinking), how the time splits and what bounds it::

        Train epoch 2 (1 sink, 1000 steps, 2951.3 ms): compute 96.8%, waiting for data 0.4%,
        host 2.6%, callbacks 0.1%; background: pipeline 1.21 ms/step, copy 0.01 ms/step
        compute-bound: the device computes 2.857 ms/step and the host pipeline needs 1.220
        ms/step (43% of it); waiting for data 0.4% of the time

    The numbers come from the training trace (``deepsink.train.step_trace``), which runs only
    while a TimeBreakdown or a Profiler is active: the device queue then waits for each copy to
    finish (to time it) and the Model waits for each sink's compute; without them nothing is timed.

    Args:
        file (IO[str], optional): where to print; ``sys.stdout`` at the time of printing by default.
        show_eval (bool): also report evaluation. Default: ``False``.

    Attributes:
        records (list[dict]): every record so far (``step_trace.FIELDS``, times in ms).
        summaries (list[dict]): one ``step_trace.summarize`` result per report.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> import io
        >>> net = nn.Dense(2, 1)
        >>> data = {'x': np.ones((8, 2), np.float32), 'y': np.zeros((8, 1), np.float32)}
        >>> ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(4)
        >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> out = io.StringIO()
        >>> model.train(1, ds, callbacks=[ms.TimeBreakdown(file=out)], dataset_sink_mode=False)
        >>> print(out.getvalue().startswith('Train epoch 1'))
        True
    """

    annotate = False  # step_trace: no jax.profiler annotations for this listener

    def __init__(self, file: IO[str] | None = None, show_eval: bool = False) -> None:
        super().__init__()
        self.file = file
        self.show_eval = check_bool(show_eval, "show_eval", "TimeBreakdown")
        self.records: list[dict] = []
        self.summaries: list[dict] = []
        self._pending: list[dict] = []

    def __enter__(self) -> TimeBreakdown:
        step_trace.subscribe(self)
        return self

    def __exit__(self, *err: Any) -> Any:
        step_trace.unsubscribe(self)
        return None

    def add_record(self, record: dict) -> None:
        self.records.append(record)
        self._pending.append(record)

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        self._report("train", run_context)

    def on_eval_end(self, run_context: RunContext) -> None:
        if self.show_eval:
            self._report("eval", run_context)
        else:
            self._pending = [r for r in self._pending if r["mode"] != "eval"]

    def _report(self, mode: str, run_context: RunContext) -> None:
        mine = [r for r in self._pending if r["mode"] == mode]
        self._pending = [r for r in self._pending if r["mode"] != mode]
        if not mine:
            return
        s = step_trace.summarize(mine)
        self.summaries.append(s)
        total = s["total_ms"] or 1.0
        epoch = run_context.original_args().get("cur_epoch_num")
        unit = "sink" if mine[0]["sink"] else "step"
        steps = max(s["steps"], 1)
        count = (
            f"{s['records']} {unit}{'s' if s['records'] > 1 else ''}, " if unit == "sink" else ""
        )
        head = (
            f"{mode.title()} epoch {epoch} ({count}{s['steps']} steps, {s['total_ms']:.1f} ms): "
            f"compute {100 * s['compute_ms'] / total:.1f}%, "
            f"waiting for data {100 * s['data_wait_ms'] / total:.1f}%, "
            f"host {100 * s['host_ms'] / total:.1f}%, "
            f"callbacks {100 * s['callbacks_ms'] / total:.1f}%"
        )
        if s["compile_ms"]:
            head += f", compiling {100 * s['compile_ms'] / total:.1f}%"
        if mine[0]["sink"]:
            head += (
                f"; background: pipeline {s['pipeline_ms'] / steps:.3f} ms/step, "
                f"copy {s['copy_ms'] / steps:.3f} ms/step"
            )
        print(head + "\n" + step_trace.verdict(s), file=self.file or sys.stdout, flush=True)
