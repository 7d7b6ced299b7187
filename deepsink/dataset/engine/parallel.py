"""Worker threads and processes, with errors that reach the consumer and nothing that outlives it.

- ``ordered_map``: ``fn`` over an iterator on daemon threads, results in input order, a bounded
  window of work in flight. Closing the generator cancels what has not started and waits a bounded
  time for what has: a user function stuck in a read that never returns is abandoned (its daemon
  thread never blocks interpreter exit), not joined forever.
- ``ProcessRunner``: per-row Python work in worker processes (``python_multiprocessing=True``). The
  processes are forked with the operations already in memory (lambdas work; no pickling of code).
  A failure in a worker comes back with its traceback text; a worker that dies (killed from outside,
  crashed) fails the pending work at once with its index, pid and signal; ``close`` reaps every
  process in bounded time. Workers never outlive their parent: each one watches its parent process
  and exits when it is gone, however it went (SIGTERM, SIGINT, SIGKILL), and ignores SIGINT itself
  (a terminal's Ctrl-C reaches the whole process group; the parent decides). Work goes to the
  workers in turn; with a seed set (``config.set_seed``) worker ``i`` is seeded with ``seed + i``,
  as in MindSpore, so Python-level randomness in a source or map repeats run to run.
- Messages between the parent and its workers are pickled with protocol 5; an array of
  ``SHM_MIN_BYTES`` or more travels out of band through a file in ``/dev/shm`` (MindSpore's
  shared-memory rows): the sender copies it there once and the receiver maps it without a copy,
  instead of the four copies of pickling it through the pipe (a map that returns rows of hundreds
  of MB spent most of its time there).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import mmap
import multiprocessing as mp
import os
import pickle
import queue
import signal
import threading
import time
import traceback
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, InvalidStateError
from multiprocessing.connection import wait as _wait_ready
from typing import Any, TypeVar

import numpy as np

T = TypeVar("T")
R = TypeVar("R")

JOIN_GRACE_S = 1.0  # how long close() waits for a busy worker before abandoning or killing it
WATCH_PARENT_S = 0.2  # how often a worker process checks that its parent is still alive
SHM_MIN_BYTES = 1 << 20  # arrays this big cross between processes through shared memory
SHM_DIR = "/dev/shm"
_shm_count = itertools.count()


def _shm_prefix(runner_id: str) -> str:
    return os.path.join(SHM_DIR, f"deepsink-ds-{runner_id}-")


def _send(conn: Any, obj: Any, prefix: str | None) -> None:
    """Send ``obj``; with a shared-memory ``prefix``, its big buffers go through files there."""
    if prefix is None:
        conn.send(obj)
        return
    files: list[tuple[str, int]] = []

    def out_of_band(buf: pickle.PickleBuffer) -> bool:
        view = buf.raw()
        if view.nbytes < SHM_MIN_BYTES:
            return True  # pickled in band
        path = f"{prefix}{os.getpid()}-{next(_shm_count)}"
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.ftruncate(fd, view.nbytes)
            with mmap.mmap(fd, view.nbytes) as m:
                m[:] = view
        finally:
            os.close(fd)
        files.append((path, view.nbytes))
        return False

    try:
        data = pickle.dumps(obj, protocol=5, buffer_callback=out_of_band)
    except BaseException:
        for path, _ in files:
            with contextlib.suppress(OSError):
                os.unlink(path)
        raise
    conn.send((data, files))


def _recv(conn: Any, shared: bool) -> Any:
    """Receive what ``_send`` sent: the big buffers mapped from their files (no copy), each
    file unlinked at once (its pages live as long as the arrays that use them)."""
    msg = conn.recv()
    if not shared or msg is None:
        return msg
    data, files = msg
    buffers = []
    for path, size in files:
        fd = os.open(path, os.O_RDWR)
        try:
            buffers.append(mmap.mmap(fd, size))
        finally:
            os.close(fd)
            os.unlink(path)
    return pickle.loads(data, buffers=buffers)


def _shm_usable() -> bool:
    return os.path.isdir(SHM_DIR) and os.access(SHM_DIR, os.W_OK)


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker process, as text."""

    def __str__(self) -> str:
        return "\n\n" + self.args[0]


class WorkerDiedError(RuntimeError):
    """A dataset worker process ended while work was pending (killed from outside or crashed)."""


# --- threads -------------------------------------------------------------------------------------
class _DaemonPool:
    """A fixed set of daemon threads taking ``(future, fn, arg)`` from a queue."""

    def __init__(self, workers: int) -> None:
        self._tasks: queue.SimpleQueue = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._work, name=f"deepsink-dataset-{i}", daemon=True)
            for i in range(workers)
        ]
        for t in self._threads:
            t.start()

    def _work(self) -> None:
        while True:
            task = self._tasks.get()
            if task is None:
                return
            fut, fn, arg = task
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(fn(arg))
            except BaseException as e:  # noqa: BLE001 - handed to the consumer
                fut.set_exception(e)

    def submit(self, fn: Callable[[T], R], arg: T) -> Future:
        fut: Future = Future()
        self._tasks.put((fut, fn, arg))
        return fut

    def shutdown(self, pending: Iterable[Future]) -> None:
        """Cancel ``pending`` work not yet started and stop the threads, waiting a bounded time."""
        for f in pending:
            f.cancel()
        for _ in self._threads:
            self._tasks.put(None)
        deadline = time.monotonic() + JOIN_GRACE_S
        for t in self._threads:
            t.join(timeout=max(0.0, deadline - time.monotonic()))


def ordered_map(
    fn: Callable[[T], R], items: Iterable[T], workers: int, window: int | None = None
) -> Iterator[R]:
    """``fn(item)`` for each item, in order; ``workers`` threads (1 runs inline), at most
    ``window`` items in flight (default ``2 * workers``)."""
    window_size = max(workers, 2 * workers if window is None else window)
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    pool = _DaemonPool(workers)
    window: deque[Future] = deque()
    try:
        for item in items:
            window.append(pool.submit(fn, item))
            if len(window) >= window_size:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()
    finally:
        pool.shutdown(window)


# --- processes -----------------------------------------------------------------------------------
def _call(fn: Callable[[Any], Any], args: Any) -> tuple[str, Any]:
    try:
        return "ok", fn(args)
    except BaseException as e:  # noqa: BLE001 - everything goes back to the parent
        text = traceback.format_exc()
        try:
            pickle.dumps(e)
        except Exception:
            e = RuntimeError(f"{type(e).__name__}: {e}")
        return "error", (e, text)


def _watch_parent(parent_pid: int) -> None:
    """Exit this worker as soon as its parent is gone (the worker is then re-parented)."""
    while True:
        if os.getppid() != parent_pid:
            os._exit(1)
        time.sleep(WATCH_PARENT_S)


def _worker_main(
    fn: Callable[[Any], Any], conn: Any, parent_pid: int, seed: int | None, prefix: str | None
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if seed is not None:
        # MindSpore seeds each worker with set_seed(seed + worker_id): Python's ``random`` and
        # numpy's global generator, so a seeded run's per-row randomness repeats
        from deepsink.dataset import config

        config.set_seed(seed)
    threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()
    if os.getppid() != parent_pid:  # the parent died before the watcher started
        os._exit(1)
    while True:
        try:
            msg = _recv(conn, prefix is not None)
        except (EOFError, OSError):
            return
        if msg is None:
            return
        task_id, args = msg
        _send(conn, (task_id, _call(fn, args)), prefix)


class _Worker:
    def __init__(self, index: int, process: Any, conn: Any) -> None:
        self.index, self.process, self.conn = index, process, conn
        self.pending: dict[int, Future] = {}

    def describe(self) -> str:
        code = self.process.exitcode
        if code is not None and code < 0:
            try:
                how = f"killed by signal {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit code {code}"
        return f"a dataset worker process died: worker {self.index} (pid {self.process.pid}), {how}"


class ProcessRunner:
    """Run ``fn(args)`` in ``workers`` processes; with 'fork' ``fn`` itself is never pickled.

    ``submit`` hands work to the workers in turn and returns a Future; a collector thread receives
    the results (so a large result never blocks a worker) and notices a dead worker at once.
    """

    def __init__(self, fn: Callable[[Any], Any], workers: int, start_method: str) -> None:
        from deepsink.dataset import config

        ctx = mp.get_context(start_method)
        # a changed seed (not MindSpore's default 5489) seeds worker i with seed + i, as MindSpore
        base = config.get_seed() if config.get_seed() != config._DEFAULT_SEED else None
        self._lock = threading.Lock()
        self._ids = itertools.count()
        self._turn = itertools.cycle(range(workers))
        self._next_row = 0  # the worker the next dealt row goes to
        self._pass: int | None = None  # the pass (epoch) of the last dealt rows, for maps
        self._dead: str | None = None
        self._closed = False
        self._workers: list[_Worker] = []
        # big arrays cross through files named after this runner (removed by ``close``)
        self._prefix = _shm_prefix(f"{os.getpid()}-{id(self):x}") if _shm_usable() else None
        with warnings.catch_warnings():
            # JAX (and Python >= 3.12) warn on fork from a threaded process; the workers run only
            # numpy and the map's Python code, never JAX, and exit without running atexit hooks.
            warnings.filterwarnings("ignore", message=".*fork", category=RuntimeWarning)
            warnings.filterwarnings("ignore", message=".*fork", category=DeprecationWarning)
            for i in range(workers):
                parent_end, child_end = ctx.Pipe()
                p = ctx.Process(
                    target=_worker_main,
                    args=(
                        fn,
                        child_end,
                        os.getpid(),
                        None if base is None else (base + i) % 2**32,
                        self._prefix,
                    ),
                    name=f"deepsink-dataset-worker-{i}",
                    daemon=True,
                )
                p.start()
                child_end.close()
                self._workers.append(_Worker(i, p, parent_end))
        self._collector = threading.Thread(
            target=self._collect, name="deepsink-dataset-workers", daemon=True
        )
        self._collector.start()

    @property
    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers]

    def deal(self, n: int) -> list[tuple[int, Any]]:
        """Deal the next ``n`` rows to the workers one at a time, continuing from where the
        previous deal ended (MindSpore hands each worker the next row in turn, so a seeded
        worker's random draws fall on the same rows): ``[(worker, row positions 0..n-1)]``."""
        count = len(self._workers)
        with self._lock:
            start = self._next_row
            self._next_row = (start + n) % count
        dealt = [(w, np.arange((w - start) % count, n, count)) for w in range(count)]
        return [(w, pos) for w, pos in dealt if len(pos)]

    def restart_deal(self) -> None:
        """Deal the next rows from worker 0 again: a GeneratorDataset source starts each epoch
        there in MindSpore."""
        with self._lock:
            self._next_row = 0

    def skip_per_pass(self, pass_no: int) -> None:
        """Skip one worker's turn per new pass (epoch) since the last call: MindSpore's map hands
        its end-of-epoch marker to the next worker in turn, so each later epoch's rows start one
        worker on (a seeded map's random draws then fall on MindSpore's rows)."""
        with self._lock:
            last, self._pass = self._pass, pass_no
            if last is not None and pass_no > last:
                self._next_row = (self._next_row + pass_no - last) % len(self._workers)

    def submit(self, args: Any, worker: int | None = None) -> Future:
        """Run ``fn(args)`` on ``worker`` (default: the workers in turn)."""
        fut: Future = Future()
        fut.set_running_or_notify_cancel()
        with self._lock:
            if self._dead is not None:
                fut.set_exception(WorkerDiedError(self._dead))
                return fut
            if self._closed:
                fut.set_exception(RuntimeError("the dataset worker processes are closed"))
                return fut
            worker = self._workers[next(self._turn) if worker is None else worker]
            task_id = next(self._ids)
            worker.pending[task_id] = fut
        try:
            _send(worker.conn, (task_id, args), self._prefix)
        except (OSError, ValueError):  # the worker is gone; the collector reports it
            pass
        return fut

    def _collect(self) -> None:
        by_conn = {w.conn: w for w in self._workers}
        by_sentinel = {w.process.sentinel: w for w in self._workers}
        while not self._closed:
            try:
                ready = _wait_ready([*by_conn, *by_sentinel], timeout=0.2)
            except OSError:
                return
            for r in ready:
                if r in by_conn:
                    w = by_conn[r]
                    try:
                        task_id, result = _recv(r, self._prefix is not None)
                    except (EOFError, OSError):
                        self._died(w)
                        return
                    with self._lock:
                        fut = w.pending.pop(task_id, None)
                    if fut is not None:
                        with contextlib.suppress(InvalidStateError):
                            fut.set_result(result)
                elif not self._closed:
                    w = by_sentinel[r]
                    w.process.join(timeout=0)
                    self._died(w)
                    return

    def _died(self, worker: _Worker) -> None:
        """Fail every pending piece of work: one worker's death breaks the run."""
        if self._closed:
            return
        worker.process.join(timeout=0.5)
        with self._lock:
            self._dead = worker.describe()
            pending = [f for w in self._workers for f in w.pending.values()]
            for w in self._workers:
                w.pending.clear()
        for f in pending:
            with contextlib.suppress(InvalidStateError):
                f.set_exception(WorkerDiedError(self._dead))

    @staticmethod
    def result(future: Future) -> Any:
        """The worker's return value; its exception re-raised here with the remote traceback."""
        try:
            status, value = future.result()
        except WorkerDiedError as e:
            raise WorkerDiedError(
                f"{e} while running a dataset operation; the pipeline cannot continue (a worker "
                "killed from outside, e.g. by the out-of-memory killer, or a crash in native code)"
            ) from None
        if status == "error":
            exc, text = value
            raise exc from RemoteTraceback(text)
        return value

    def close(self) -> None:
        """Stop the workers: ask, wait a bounded time, then terminate and kill."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            pending = [f for w in self._workers for f in w.pending.values()]
        for f in pending:
            with contextlib.suppress(InvalidStateError):
                f.set_exception(RuntimeError("the dataset worker processes were closed"))
        for w in self._workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                pass
        deadline = time.monotonic() + JOIN_GRACE_S
        for w in self._workers:
            w.process.join(timeout=max(0.0, deadline - time.monotonic()))
        for w in self._workers:
            if w.process.is_alive():
                w.process.terminate()
        for w in self._workers:
            w.process.join(timeout=0.5)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(timeout=0.5)
        self._collector.join(timeout=0.5)
        for w in self._workers:
            w.conn.close()
        if self._prefix is not None:  # messages never received (a worker killed mid-send)
            for path in glob.glob(glob.escape(self._prefix) + "*"):
                with contextlib.suppress(OSError):
                    os.unlink(path)
