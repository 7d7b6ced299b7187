"""The device queue: when and where data reaches the device.

A producer thread runs the host pipeline ahead of the device, stacks consecutive batches into chunks
``[n, *batch_shape]`` (one transfer per chunk instead of one per step), ``device_put``s them and keeps
at most ``depth`` chunks queued. Chunks follow a plan of sink lengths and never span two sinks or two
batch shapes. The batches on the device at once (queued, in the consumer's hands, or read by a step
still running) never exceed the memory budget: a chunk is at most half of it, so the next chunk can
be copied while one runs, and the producer waits for a running chunk to finish before it copies a
chunk that would overflow it (one chunk alone may, when a single step is larger than the budget). The consumer's waits are bounded: starvation raises with both sides' rates, a producer
exception is re-raised with its traceback, and ``close`` stops the thread in bounded time.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np

from deepsink.dataset.engine.parallel import JOIN_GRACE_S


class _AsNumpy:
    """A dataset-like object's tuple iterator, each row's columns as NumPy arrays."""

    def __init__(self, it: Any) -> None:
        self._it = it

    def __iter__(self) -> Iterator[tuple]:
        for row in self._it:
            yield tuple(np.asarray(c) for c in row)

    def close(self) -> None:
        close = getattr(self._it, "close", None)
        if close is not None:
            close()


def tuple_iterator(dataset: Any, num_epochs: int) -> Any:
    """The iterator the training loop reads (rows of NumPy columns). A deepsink Dataset is asked
    for NumPy directly; any other dataset-like object is called as MindSpore's ``Model`` calls
    it, ``create_tuple_iterator(num_epochs=..., do_copy=...)`` (``do_copy`` from
    ``dataset.config.get_iterator_mode()``), and its columns are converted."""
    from deepsink.dataset import config
    from deepsink.dataset.engine.datasets import Dataset

    if isinstance(dataset, Dataset):
        return dataset.create_tuple_iterator(num_epochs=num_epochs, output_numpy=True)
    do_copy = config.get_iterator_mode()["do_copy"]
    return _AsNumpy(dataset.create_tuple_iterator(num_epochs=num_epochs, do_copy=do_copy))


@contextmanager
def endless_batches(dataset: Any, num_epochs: int = -1) -> Iterator[Iterator[tuple]]:
    """The dataset's batches (numpy), epochs back to back; the pipeline is closed on exit.

    deepsink iterators end each epoch with StopIteration as MindSpore's do; ``across_epochs``
    continues into the next one. Other dataset-like objects are iterated as they are.
    ``num_epochs`` (-1: unbounded) is how many epochs the run reads, so that the pipeline's
    read-ahead stops there, as MindSpore's does: no extra pass runs the user's source, maps and
    dataset callbacks once more after the last step.
    """
    it = tuple_iterator(dataset, num_epochs)
    across = getattr(it, "across_epochs", None)
    try:
        yield across() if across is not None else iter(it)
    finally:
        close = getattr(it, "close", None)
        if close is not None:
            close()


class SinkStarvationError(RuntimeError):
    """No batch arrived for ``sink_timeout`` seconds while the device waited for data.

    Usually a slow host pipeline (a costly map on some samples). Verify with
    ``dataset_sink_mode=False``, or iterate the dataset alone (``create_dict_iterator()``) and tune it
    (more ``num_parallel_workers``, cheaper or vectorised transforms).
    """


class SinkDataError(RuntimeError):
    """The data cannot be sunk as it is (e.g. an empty dataset)."""


@dataclass
class Chunk:
    """``steps`` consecutive batches stacked on the device; ``last`` ends a sink."""

    arrays: tuple
    steps: int
    last: bool
    pipeline_s: float = 0.0  # the producer's time getting this chunk's batches and stacking them
    copy_s: float = 0.0  # its device_put (waited for only when ``measure``)
    nbytes: int = 0  # device bytes, counted against the budget until the step reading it is done
    plan: Any = None  # the bucket plan (``buckets.Plan``) of a chunk of padded batches
    lens: Any = None  # then the true lengths of each step's batch (numpy, ``steps`` rows)


class PaddedBatch(tuple):
    """A batch padded to its bucket (``buckets.pad``), its last column the true lengths."""

    plan: Any = None


@dataclass
class _Failure:
    error: BaseException


_DONE = object()


def _ready(done: Any) -> bool:
    return all(a.is_ready() for a in jax.tree_util.tree_leaves(done) if isinstance(a, jax.Array))


def _key(batch: tuple) -> tuple:
    """What a chunk's batches share: their shapes and bucket plan."""
    return tuple(np.shape(c) for c in batch), getattr(batch, "plan", None)


def _pad_steps(stack: np.ndarray, steps: int) -> np.ndarray:
    """A chunk's stacked column with idle steps (zeros: true length 0) up to ``steps``."""
    if len(stack) >= steps:
        return stack
    return np.concatenate([stack, np.zeros((steps - len(stack), *stack.shape[1:]), stack.dtype)])


class DeviceQueue:
    """Producer thread + bounded queue of device chunks for a sequence of sinks.

    ``sink_lengths`` yields the number of steps of each sink (it may be infinite: the producer only
    runs ``depth`` chunks ahead). The chunks held at once need at most ``budget_bytes`` of device
    memory, where one step costs ``step_bytes(batch)`` (default: the batch's own size): the consumer
    hands each chunk back with ``release(chunk, done)``, ``done`` an output of the computation that
    read it, and its bytes count until ``done`` is ready.

    ``num_epochs`` is the number of dataset epochs the plan reads (-1: unknown or unbounded),
    which bounds the pipeline's read-ahead (see ``endless_batches``).

    ``timeout`` bounds how long the device waits with no batch arriving: a chunk of many batches may
    take long to fill, but as long as batches keep coming the wait goes on. The producer thread is a
    daemon and ``close`` waits for it a bounded time: a source stuck in a read that never returns
    delays neither the error nor interpreter exit.
    """

    def __init__(
        self,
        dataset: Any,
        sink_lengths: Iterator[int],
        budget_bytes: int,
        device: jax.Device | None = None,
        depth: int = 2,
        timeout: float = 120.0,
        step_bytes: Callable[[tuple], int] | None = None,
        measure: bool = False,
        num_epochs: int = -1,
        bucket: Callable[[tuple], PaddedBatch] | None = None,
    ) -> None:
        self._bucket = bucket  # pads each batch to its bucket (set_inputs' dynamic dimensions)
        self._measure = measure  # wait for each copy to finish, to time it (the training trace)
        self._lengths = sink_lengths
        self._budget = int(budget_bytes)
        size = step_bytes or (lambda batch: sum(np.asarray(c).nbytes for c in batch))
        sizes: dict[tuple, int] = {}  # per batch signature: step_bytes may trace a transform

        def cached_size(batch: tuple) -> int:
            key = tuple((np.shape(c), np.asarray(c).dtype.str) for c in batch)
            if key not in sizes:
                sizes[key] = int(size(batch))
            return sizes[key]

        self._step_bytes = cached_size
        self.max_chunk = 0
        self.held_bytes = 0  # chunks copied and not yet released by a finished step
        self.peak_held_bytes = 0
        self._released: collections.deque = collections.deque()  # (nbytes, done) in order
        self._held_lock = threading.Condition()
        self._device = device
        self._timeout = float(timeout)
        self._queue: queue.Queue = queue.Queue(maxsize=max(1, depth))
        self._stop = threading.Event()
        self._produced_batches = 0
        self._consumed_steps = 0
        self._started = time.monotonic()
        self._last_batch_at = self._started
        self._it = tuple_iterator(dataset, num_epochs)
        self._thread = threading.Thread(
            target=self._produce, name="deepsink-device-queue", daemon=True
        )
        self._thread.start()

    # --- producer -------------------------------------------------------------------------------
    def _batches(self) -> Iterator[tuple]:
        """The dataset's batches (numpy), epochs back to back (see ``endless_batches``)."""
        across = getattr(self._it, "across_epochs", None)
        return across() if across is not None else iter(self._it)

    def _produce(self) -> None:
        try:
            it = self._batches()
            t0 = time.perf_counter()  # the first batch's time counts in the first chunk's
            pending = self._first(it)  # a batch read ahead (of the next chunk)
            for n in self._lengths:
                left = n
                while left > 0:
                    batches, pending = self._collect(it, min(left, self.max_chunk), pending)
                    stacked = tuple(np.stack(col) for col in zip(*batches))
                    plan = getattr(batches[0], "plan", None)
                    lens = None
                    if plan is not None:  # one program per bucket and sink length: idle steps
                        # (true lengths 0) fill the chunk to the sink's length; they do not run
                        lens = stacked[-1]
                        cap = min(n, self.max_chunk)
                        stacked = tuple(_pad_steps(col, cap) for col in stacked)
                    nbytes = self._step_bytes(batches[0]) * len(stacked[0])
                    if not self._reserve(nbytes):
                        return
                    t1 = time.perf_counter()
                    arrays = jax.device_put(stacked, self._device)
                    if self._measure:
                        jax.block_until_ready(arrays)
                    t2 = time.perf_counter()
                    left -= len(batches)
                    chunk = Chunk(
                        arrays, len(batches), left == 0, t1 - t0, t2 - t1, nbytes, plan, lens
                    )
                    del arrays, stacked
                    if not self._put(chunk):
                        return
                    t0 = time.perf_counter()
            self._put(_DONE)
        except BaseException as e:  # handed to the consumer with its traceback
            if not self._stop.is_set():
                self._put(_Failure(e))
        finally:
            self._close_iterator()

    def _close_iterator(self) -> None:
        close = getattr(self._it, "close", None)
        if close is not None:
            # a plain generator cannot be closed while its own thread runs it; deepsink's
            # iterators can (their close stops the pipeline thread the producer waits on)
            with contextlib.suppress(ValueError):
                close()

    def _next(self, it: Iterator) -> tuple:
        b = tuple(next(it))
        if self._bucket is not None:
            b = self._bucket(b)
        self._produced_batches += 1
        self._last_batch_at = time.monotonic()
        return b

    def _first(self, it: Iterator) -> tuple:
        """The first batch, which also sizes the chunks."""
        try:
            first = self._next(it)
        except StopIteration:
            raise SinkDataError(
                "For 'dataset_sink_mode', the dataset produced no data; expected at least one batch"
            ) from None
        # half the budget: one chunk is copied while the one before it runs
        self.max_chunk = max(1, self._budget // (2 * max(1, self._step_bytes(first))))
        return first

    def _collect(self, it: Iterator, n: int, pending: Any) -> tuple[list, Any]:
        """Up to ``n`` batches of one shape; a batch of another shape is kept for the next chunk."""
        batches = [pending] if pending is not None else []
        shapes = _key(batches[0]) if batches else None
        while len(batches) < n:
            try:
                b = self._next(it)
            except StopIteration:
                if not batches:
                    raise SinkDataError(
                        "deepsink: the dataset ended before the planned sinks"
                    ) from None
                return batches, None
            s = _key(b)
            if shapes is None:
                shapes = s
            elif s != shapes:
                return batches, b
            batches.append(b)
        return batches, None

    def _reserve(self, nbytes: int) -> bool:
        """Wait until ``nbytes`` more fit in the budget (or nothing else is held), then count them.

        Released chunks whose step is still running are waited for, oldest first; chunks queued or
        in the consumer's hands are released by it. False when the queue is closing.
        """
        with self._held_lock:
            while self.held_bytes > 0 and self.held_bytes + nbytes > self._budget:
                if self._stop.is_set():
                    return False
                if self._released:
                    size, done = self._released.popleft()
                    self._held_lock.release()
                    try:
                        jax.block_until_ready(done)
                    finally:
                        self._held_lock.acquire()
                    self.held_bytes -= size
                else:
                    self._held_lock.wait(timeout=0.05)
            self.held_bytes += nbytes
            self.peak_held_bytes = max(self.peak_held_bytes, self.held_bytes)
            return True

    def release(self, chunk: Chunk, done: Any) -> None:
        """The consumer is done with ``chunk``: its bytes count until ``done`` (outputs of the
        computation that reads it; ``None``: already finished) is ready."""
        chunk.arrays = ()  # the running computation keeps what it reads; nothing else may
        with self._held_lock:
            self._released.append((chunk.nbytes, done))
            while self._released and _ready(self._released[0][1]):
                self.held_bytes -= self._released.popleft()[0]
            self._held_lock.notify_all()

    def _put(self, item: Any) -> bool:
        while not self._stop.is_set():
            try:
                self._queue.put(item, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    # --- consumer -------------------------------------------------------------------------------
    def chunks(self) -> Iterator[Chunk]:
        """The chunks of the next sink, in order."""
        while True:
            chunk = self._get()
            self._consumed_steps += chunk.steps
            yield chunk
            if chunk.last:
                return

    def _get(self) -> Chunk:
        began = time.monotonic()
        while True:
            try:
                item = self._queue.get(timeout=0.05)
                break
            except queue.Empty:
                if not self._thread.is_alive() and self._queue.empty():
                    raise RuntimeError(
                        "deepsink: the device queue's producer stopped unexpectedly"
                    ) from None
                now = time.monotonic()
                if now - max(began, self._last_batch_at) >= self._timeout:
                    raise self._starvation(now - began) from None
        if isinstance(item, _Failure):
            raise item.error
        if item is _DONE:
            raise SinkDataError("deepsink: the device queue ran out of planned data")
        return item

    def _starvation(self, waited: float) -> SinkStarvationError:
        now = time.monotonic()
        elapsed = max(now - self._started, 1e-9)
        return SinkStarvationError(
            f"deepsink: no batch arrived for {now - self._last_batch_at:.1f} s (sink_timeout="
            f"{self._timeout:g} s; the device waited {waited:.1f} s). Producer: "
            f"{self._produced_batches} batches in {elapsed:.1f} s "
            f"({self._produced_batches / elapsed:.2f} batches/s); consumer: "
            f"{self._consumed_steps} steps ({self._consumed_steps / elapsed:.2f} steps/s). "
            "The dataset pipeline stalled or some samples take too long to process: set "
            "dataset_sink_mode=False to verify, or iterate the dataset alone with "
            "create_dict_iterator() and tune the pipeline (num_parallel_workers, cheaper or "
            "vectorised transforms); raise the limit with set_context(sink_timeout=...)."
        )

    def close(self) -> None:
        """Stop the producer and the pipeline under it, waiting a bounded time; safe to call twice.

        Closing the dataset iterator from here releases a producer waiting on the pipeline; a
        producer stuck in user code (a source that never returns) is abandoned (daemon thread).
        """
        self._stop.set()
        self._close_iterator()
        deadline = time.monotonic() + JOIN_GRACE_S
        while self._thread.is_alive() and time.monotonic() < deadline:
            try:
                while True:
                    self._queue.get_nowait()
            except queue.Empty:
                pass
            self._thread.join(timeout=0.05)

    def __enter__(self) -> DeviceQueue:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
