"""ProgressBar: a per-epoch progress bar with the loss (a deepsink extra; MindSpore has none)."""

from __future__ import annotations

import sys
import time
from typing import IO, Any

from deepsink._core.validate import check_one_of
from deepsink.train.callback._callback import Callback, RunContext, loss_value

try:  # tqdm is optional: pip install deepsink[progress]
    from tqdm import tqdm as _tqdm
except ImportError:  # pragma: no cover - depends on the environment
    _tqdm = None


class _TextBar:
    """A one-line text bar redrawn with ``\\r``, at most every ``interval`` seconds."""

    def __init__(self, total: int, desc: str, file: IO[str], width: int, interval: float) -> None:
        self.total, self.desc, self.file = total, desc, file
        self.width, self.interval = width, interval
        self.n = 0
        self.postfix = ""
        self.start = time.monotonic()
        self._drawn = 0.0

    def due(self) -> bool:
        return time.monotonic() - self._drawn >= self.interval

    def update(self, n: int) -> None:
        self.n += n
        if self.due() or self.n >= self.total:
            self.draw()

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        self.postfix = text
        if refresh:
            self.draw()

    def draw(self) -> None:
        self._drawn = time.monotonic()
        total = max(self.total, 1)
        filled = min(self.width, self.width * self.n // total)
        bar = "=" * filled + (">" if filled < self.width else "") + " " * (self.width - filled - 1)
        elapsed = self._drawn - self.start
        rate = f"{self.n / elapsed:.1f} step/s" if elapsed > 0 else "? step/s"
        tail = f", {self.postfix}" if self.postfix else ""
        line = f"\r{self.desc}: {self.n}/{self.total} [{bar}] {elapsed:.1f}s, {rate}{tail}"
        self.file.write(line)
        self.file.flush()

    def close(self) -> None:
        self.draw()
        self.file.write("\n")
        self.file.flush()


class ProgressBar(Callback):
    """Show a progress bar per epoch, with the epoch, the steps done and the latest loss.

    Sink-aware: the bar advances by the steps each step hook covers (the change of
    ``cur_step_num``), so in sink mode it moves one sink at a time. The loss is read from the
    device only when the bar is redrawn (at most every ``interval`` seconds, and at epoch end),
    so the bar does not force a host sync on every step. Uses ``tqdm`` when installed
    (``pip install deepsink[progress]``), otherwise a plain text bar.

    Args:
        file (IO[str], optional): where to draw; ``sys.stdout`` at the time of drawing by default.
        backend (str): ``'auto'`` (tqdm if installed), ``'tqdm'`` or ``'text'``. Default: ``'auto'``.
        width (int): width of the text bar in characters. Default: ``30``.
        interval (float): minimum seconds between redraws. Default: ``0.1``.
        show_eval (bool): also show a bar during ``Model.eval``. Default: ``True``.

    Raises:
        ValueError: if ``backend`` is not one of the choices.
        ImportError: if ``backend='tqdm'`` and tqdm is not installed.

    Examples:
        >>> model.train(2, dataset, callbacks=[ProgressBar()])  # doctest: +SKIP
        Epoch 1/2: 1875/1875 [==============================] 3.9s, 480.1 step/s, loss: 0.0412
    """

    def __init__(
        self,
        file: IO[str] | None = None,
        backend: str = "auto",
        width: int = 30,
        interval: float = 0.1,
        show_eval: bool = True,
    ) -> None:
        super().__init__()
        self.backend = check_one_of(backend, ["auto", "tqdm", "text"], "backend", "ProgressBar")
        if backend == "tqdm" and _tqdm is None:
            raise ImportError(
                "For 'ProgressBar', backend='tqdm' needs tqdm: pip install 'deepsink[progress]'"
            )
        self.file = file
        self.width = width
        self.interval = interval
        self.show_eval = show_eval
        self._bar: Any = None
        self._epoch_start_step = 0
        self._loss_drawn = 0.0

    def _open(self, total: int, desc: str) -> None:
        self._close()
        file = self.file if self.file is not None else sys.stdout
        use_tqdm = self.backend == "tqdm" or (self.backend == "auto" and _tqdm is not None)
        if use_tqdm:
            self._bar = _tqdm(
                total=total,
                desc=desc,
                file=file,
                unit="step",
                leave=True,
                mininterval=self.interval,
                dynamic_ncols=True,
            )
        else:
            self._bar = _TextBar(total, desc, file, self.width, self.interval)
        self._loss_drawn = 0.0

    def _close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def _advance(self, run_context: RunContext, with_loss: bool) -> None:
        cb_params = run_context.original_args()
        done = cb_params.get("cur_step_num", 0) - self._epoch_start_step
        if self._bar is None or done <= self._bar.n:
            return
        self._bar.update(done - self._bar.n)
        if with_loss and time.monotonic() - self._loss_drawn >= self.interval:
            self._set_loss(cb_params)

    def _set_loss(self, cb_params: Any) -> None:
        loss = loss_value(cb_params.get("net_outputs"))
        if loss is not None:
            self._bar.set_postfix_str(f"loss: {loss!s}", refresh=False)
            self._loss_drawn = time.monotonic()

    # --- training ----------------------------------------------------------------------------
    def on_train_epoch_begin(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        epoch, epochs = cb_params.get("cur_epoch_num", 1), cb_params.get("epoch_num")
        desc = f"Epoch {epoch}/{epochs}" if epochs else f"Epoch {epoch}"
        self._epoch_start_step = cb_params.get("cur_step_num", 0)
        self._open(cb_params.get("batch_num") or 0, desc)

    def on_train_step_end(self, run_context: RunContext) -> None:
        self._advance(run_context, with_loss=True)

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        if self._bar is None:
            return
        cb_params = run_context.original_args()
        self._set_loss(cb_params)
        metrics = cb_params.get("metrics")
        if metrics:
            shown = [getattr(self._bar, "postfix", None)]
            shown += [f"{k}: {v!s}" for k, v in metrics.items()]
            self._bar.set_postfix_str(", ".join(filter(None, shown)), refresh=False)
        self._close()

    def on_train_end(self, run_context: RunContext) -> None:
        self._close()

    # --- evaluation ----------------------------------------------------------------------------
    def on_eval_epoch_begin(self, run_context: RunContext) -> None:
        if self.show_eval:
            cb_params = run_context.original_args()
            self._epoch_start_step = cb_params.get("cur_step_num", 0)
            self._open(cb_params.get("batch_num") or 0, "Eval")

    def on_eval_step_end(self, run_context: RunContext) -> None:
        if self.show_eval:
            self._advance(run_context, with_loss=False)

    def on_eval_epoch_end(self, run_context: RunContext) -> None:
        if self.show_eval:
            self._close()

    def on_eval_end(self, run_context: RunContext) -> None:
        if self.show_eval:
            self._close()

    def __exit__(self, *err: Any) -> Any:
        self._close()
        return None
