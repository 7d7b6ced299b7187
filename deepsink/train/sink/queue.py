"""The device queue: when and where data reaches the device.

A producer thread runs the host pipeline ahead of the device, stacks consecutive batches into chunks
``[n, *batch_shape]`` (one transfer per chunk instead of one per step), ``device_put``s them and keeps
at most ``depth`` chunks queued. Chunks follow a plan of sink lengths and never span two sinks or two
batch shapes. The consumer's waits are bounded: starvation raises with both sides' rates, a producer
exception is re-raised with its traceback, and ``close`` always stops and joins the thread.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np


@contextmanager
def endless_batches(dataset: Any) -> Iterator[Iterator[tuple]]:
    """The dataset's batches (numpy), epochs back to back; the pipeline is closed on exit.

    deepsink iterators end each epoch with StopIteration as MindSpore's do; ``across_epochs``
    continues into the next one. Other dataset-like objects are iterated as they are.
    """
    it = dataset.create_tuple_iterator(num_epochs=-1, output_numpy=True)
    across = getattr(it, "across_epochs", None)
    try:
        yield across() if across is not None else iter(it)
    finally:
        close = getattr(it, "close", None)
        if close is not None:
            close()


class SinkStarvationError(RuntimeError):
    """The device waited longer than ``sink_timeout`` for data.

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


@dataclass
class _Failure:
    error: BaseException


_DONE = object()


class DeviceQueue:
    """Producer thread + bounded queue of device chunks for a sequence of sinks.

    ``sink_lengths`` yields the number of steps of each sink (it may be infinite: the producer only
    runs ``depth`` chunks ahead). A chunk needs at most ``budget_bytes`` of device memory, where one
    step costs ``step_bytes(batch)`` (default: the batch's own size).
    """

    def __init__(self, dataset: Any, sink_lengths: Iterator[int], budget_bytes: int,
                 device: jax.Device | None = None, depth: int = 2, timeout: float = 120.0,
                 step_bytes: Callable[[tuple], int] | None = None,
                 measure: bool = False) -> None:  # fmt: skip
        self._dataset = dataset
        self._lengths = sink_lengths
        self._budget = int(budget_bytes)
        self._step_bytes = step_bytes or (lambda batch: sum(np.asarray(c).nbytes for c in batch))
        self.max_chunk = 0
        self._device = device
        self._timeout = float(timeout)
        self._measure = measure  # wait for each copy to finish, to time it (the training trace)
        self._queue: queue.Queue = queue.Queue(maxsize=max(1, depth))
        self._stop = threading.Event()
        self._produced_batches = 0
        self._producer_busy = 0.0
        self._consumed_steps = 0
        self._started = time.perf_counter()
        self._thread = threading.Thread(
            target=self._produce, name="deepsink-device-queue", daemon=True
        )
        self._thread.start()

    # --- producer -------------------------------------------------------------------------------
    def _produce(self) -> None:
        try:
            with endless_batches(self._dataset) as it:
                t_first = time.perf_counter()
                pending = self._first(it)  # a batch read ahead (of the next chunk)
                first_s = time.perf_counter() - t_first  # counted in the first chunk's time
                for n in self._lengths:
                    left = n
                    while left > 0:
                        t0 = time.perf_counter()
                        batches, pending = self._collect(it, min(left, self.max_chunk), pending)
                        stacked = tuple(np.stack(col) for col in zip(*batches))
                        t1 = time.perf_counter()
                        arrays = jax.device_put(stacked, self._device)
                        if self._measure:
                            jax.block_until_ready(arrays)
                        t2 = time.perf_counter()
                        self._producer_busy += t2 - t0
                        left -= len(batches)
                        chunk = Chunk(arrays, len(batches), left == 0, t1 - t0 + first_s, t2 - t1)
                        first_s = 0.0
                        if not self._put(chunk):
                            return
            self._put(_DONE)
        except BaseException as e:  # handed to the consumer with its traceback
            self._put(_Failure(e))

    def _first(self, it: Iterator) -> tuple:
        """The first batch, which also sizes the chunks."""
        try:
            first = tuple(next(it))
        except StopIteration:
            raise SinkDataError(
                "For 'dataset_sink_mode', the dataset produced no data; expected at least one batch"
            ) from None
        self._produced_batches += 1
        self.max_chunk = max(1, self._budget // max(1, self._step_bytes(first)))
        return first

    def _collect(self, it: Iterator, n: int, pending: Any) -> tuple[list, Any]:
        """Up to ``n`` batches of one shape; a batch of another shape is kept for the next chunk."""
        batches = [pending] if pending is not None else []
        shapes = tuple(np.shape(c) for c in batches[0]) if batches else None
        while len(batches) < n:
            try:
                b = tuple(next(it))
            except StopIteration:
                if not batches:
                    raise SinkDataError(
                        "deepsink: the dataset ended before the planned sinks"
                    ) from None
                return batches, None
            self._produced_batches += 1
            s = tuple(np.shape(c) for c in b)
            if shapes is None:
                shapes = s
            elif s != shapes:
                return batches, b
            batches.append(b)
        return batches, None

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
        waited = 0.0
        while True:
            try:
                item = self._queue.get(timeout=0.05)
                break
            except queue.Empty:
                waited += 0.05
                if not self._thread.is_alive() and self._queue.empty():
                    raise RuntimeError(
                        "deepsink: the device queue's producer stopped unexpectedly"
                    ) from None
                if waited >= self._timeout:
                    raise self._starvation(waited) from None
        if isinstance(item, _Failure):
            raise item.error
        if item is _DONE:
            raise SinkDataError("deepsink: the device queue ran out of planned data")
        return item

    def _starvation(self, waited: float) -> SinkStarvationError:
        elapsed = max(time.perf_counter() - self._started, 1e-9)
        produce_rate = self._produced_batches / max(self._producer_busy, 1e-9)
        consume_rate = self._consumed_steps / elapsed
        return SinkStarvationError(
            f"deepsink: the device waited {waited:.1f} s for data (sink_timeout="
            f"{self._timeout:g} s). Producer: {self._produced_batches} batches at "
            f"{produce_rate:.1f} batches/s of pipeline time; consumer: {self._consumed_steps} steps "
            f"at {consume_rate:.1f} steps/s. Some samples may take too long to process: set "
            "dataset_sink_mode=False to verify, or iterate the dataset alone with "
            "create_dict_iterator() and tune the pipeline (num_parallel_workers, cheaper or "
            "vectorised transforms); raise the limit with set_context(sink_timeout=...)."
        )

    def close(self) -> None:
        """Stop the producer and wait for it; safe to call twice."""
        self._stop.set()
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
        self._thread.join(timeout=30)

    def __enter__(self) -> DeviceQueue:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
