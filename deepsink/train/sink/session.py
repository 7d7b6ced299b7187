"""The sink session: runs sinks of one network over one dataset and owns the state in between.

Between sinks the state lives in the network's Parameters (bound device arrays): callbacks and the
user see current values. A sink copies the state once, runs its chunks back to back with that copy
donated, reads the outputs once (the one host synchronisation per sink) and binds the new state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink import context
from deepsink._core import functional
from deepsink._core.jit import program_name
from deepsink.train.sink.loop import CompiledLoop, make_prepare, make_step, pick_strategy
from deepsink.train.sink.queue import DeviceQueue


def split_for_device(dataset: Any) -> tuple[Any, Any]:
    """The host part of the pipeline and the traceable map tail to run inside the step."""
    split = getattr(dataset, "device_split", None)
    return split() if split is not None else (dataset, None)


def compiled_loop(owner: dict, fn: Callable, boxes: Sequence[Any], transform: Any) -> CompiledLoop:
    """The CompiledLoop for (fn, boxes, transform, strategy, context), cached in ``owner``."""
    strategy = pick_strategy(context.get_context("sink_strategy"))
    key = (
        "sink",
        id(fn),
        tuple(id(b) for b in boxes),
        id(transform),
        strategy,
        context.compile_key(),
    )
    loop = owner.get(key)
    if loop is None:
        prepare = make_prepare(transform, boxes) if transform is not None else None
        loop = owner[key] = CompiledLoop(make_step(fn, boxes), strategy, prepare, program_name(fn))
    return loop


def _step_bytes(transform: Any) -> Callable[[tuple], int]:
    """Device bytes one step of a chunk needs: the raw batch plus what the map tail makes of it."""

    def size(batch: tuple) -> int:
        raw = sum(np.asarray(c).nbytes for c in batch)
        if transform is None:
            return raw
        specs = tuple(jax.ShapeDtypeStruct(np.shape(c), np.asarray(c).dtype) for c in batch)
        out = jax.eval_shape(transform, specs, jax.random.key(0))
        return raw + sum(int(np.prod(o.shape)) * o.dtype.itemsize for o in out)

    return size


class SinkSession:
    """Sinks of ``fn`` (a stateful callable over ``boxes``) fed from ``dataset``.

    ``sink_lengths`` is the plan: the number of steps of each sink, in order (may be infinite).
    """

    def __init__(self, fn: Callable, boxes: Sequence[Any], dataset: Any, sink_lengths: Iterator[int],
                 cache: dict, measure: bool = False) -> None:  # fmt: skip
        host, transform = split_for_device(dataset)
        self.boxes = tuple(boxes)
        self.loop = compiled_loop(cache, fn, self.boxes, transform)
        self.device = context.device()
        self.queue = DeviceQueue(
            host,
            sink_lengths,
            budget_bytes=context.get_context("sink_memory_budget"),
            step_bytes=_step_bytes(transform),
            device=self.device,
            timeout=context.get_context("sink_timeout"),
            measure=measure,
        )
        self.host_syncs = 0

    def _state(self) -> tuple:
        """A private copy of the current state, committed to the device like the chunks (so every
        sink has the same signature and compiles once): the sink donates it, and Tensors the user
        holds may share the Parameters' arrays. One copy per sink is cheap next to its steps."""
        copies = tuple(jnp.array(v, copy=True) for v in functional.values(self.boxes))
        return jax.device_put(copies, self.device)

    def run(self, collect: str = "last", trace: Any = None) -> Any:
        """Run one sink; return the last step's outputs (``collect='last'``) or all of them stacked
        (``'all'``), as numpy. ``trace`` (a ``step_trace.Recorder``) times the phases."""
        if trace is not None:
            return self._run_traced(collect, trace)
        state = self._state()
        pieces = []
        try:
            for chunk in self.queue.chunks():
                state, outs = self.loop.run(state, chunk.arrays, chunk.steps)
                pieces.append(outs)
        finally:
            if pieces:
                functional.update(self.boxes, state)
        return self._read(pieces, collect)

    def _run_traced(self, collect: str, trace: Any) -> Any:
        """``run`` with each phase timed: waiting for chunks, computing (dispatch and until the
        device is done, so outputs are read without waiting), host copies and reads."""
        with trace.phase("host"):
            state = self._state()
        pieces = []
        chunks = self.queue.chunks()
        try:
            while True:
                with trace.phase("data_wait"):
                    chunk = next(chunks, None)
                if chunk is None:
                    break
                trace.background(chunk.pipeline_s, chunk.copy_s)
                with trace.phase("compute"):
                    state, outs = self.loop.run(state, chunk.arrays, chunk.steps)
                pieces.append(outs)
            with trace.phase("compute"):
                jax.block_until_ready((state, pieces))
        finally:
            if pieces:
                functional.update(self.boxes, state)
        with trace.phase("host"):
            return self._read(pieces, collect)

    def _read(self, pieces: list, collect: str) -> Any:
        """The sink's outputs as numpy: the one host synchronisation per sink."""
        self.host_syncs += 1
        if collect == "last":
            last = pieces[-1]
            last = (
                last[-1]
                if isinstance(last, list)
                else jax.tree_util.tree_map(lambda a: a[-1], last)
            )
            return jax.device_get(last)
        host = jax.device_get(pieces)
        per_chunk = [
            jax.tree_util.tree_map(lambda *xs: np.stack(xs), *p) if isinstance(p, list) else p
            for p in host
        ]
        return jax.tree_util.tree_map(lambda *xs: np.concatenate(xs), *per_chunk)

    def close(self) -> None:
        self.queue.close()

    def __enter__(self) -> SinkSession:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
