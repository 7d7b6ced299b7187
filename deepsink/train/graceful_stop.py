"""A graceful stop on SIGTERM for ``deepsink launch``'s workers.

When the launcher stops a job (Ctrl-C, SIGTERM, a failed peer) it sends SIGTERM to every worker and
SIGKILL after a grace period. With this handler installed, a worker that is training asks the
running ``Model.train``/``fit`` to stop after the current step (or sink), so the callbacks'
``on_train_end`` run (``ModelCheckpoint`` writes its last checkpoint and waits for background
saves), then exits with status 128 + SIGTERM; a worker that is not training exits at once through
``SystemExit`` (``finally`` blocks and ``atexit``, which waits for async checkpoint saves). A second
SIGTERM exits at once. Forked children (the dataset's worker processes), which get the SIGTERM
with the worker's process group, keep serving until the training process closes them.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from typing import Any

_running: list[Any] = []  # the RunContexts of the trainings in progress
_received: list[int] = []
_installed_in: list[int] = []  # the pid of the process that installed the handler


def install() -> None:
    """Handle SIGTERM in this process (call from the main thread)."""
    _installed_in[:] = [os.getpid()]
    signal.signal(signal.SIGTERM, _on_sigterm)


def _on_sigterm(sig: int, frame: Any) -> None:
    if _installed_in and os.getpid() != _installed_in[0]:
        # a forked child (a dataset worker) got the launcher's SIGTERM with its whole process
        # group: it keeps serving until the training process stops it, as it does on Ctrl-C
        return
    if _received or not _running:
        _received.append(sig)
        raise SystemExit(128 + sig)
    _received.append(sig)
    for run_context in _running:
        run_context.request_stop()


@contextlib.contextmanager
def training(run_context: Any) -> Iterator[None]:
    """While a training runs, SIGTERM requests its stop instead of exiting."""
    if _received:
        run_context.request_stop()
    _running.append(run_context)
    try:
        yield
    finally:
        _running.remove(run_context)


def stopped() -> bool:
    """Whether this process received the launcher's SIGTERM."""
    return bool(_received)


def exit_if_stopped() -> None:
    """After a training that SIGTERM stopped (its callbacks have ended): leave the script."""
    if _received:
        raise SystemExit(128 + _received[0])
