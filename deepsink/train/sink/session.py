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
from deepsink._compile import buckets
from deepsink._compile.jit import CompileCache, program_name
from deepsink._core import checks as _checks
from deepsink._core import functional
from deepsink.train.sink.loop import CompiledLoop, make_prepare, make_step, pick_strategy
from deepsink.train.sink.queue import DeviceQueue, PaddedBatch


def _bucketer(declared: tuple) -> Callable[[tuple], PaddedBatch]:
    """Pads a batch to its bucket for ``set_inputs``' dynamic dimensions (``buckets.py``)."""

    def bucket(batch: tuple) -> PaddedBatch:
        plan = buckets.plan_for(declared, batch)
        padded = PaddedBatch((*buckets.pad(plan, batch), buckets.lengths(plan, batch)))
        padded.plan = plan
        return padded

    return bucket


def split_for_device(dataset: Any) -> tuple[Any, Any]:
    """The host part of the pipeline and the traceable map tail to run inside the step."""
    split = getattr(dataset, "device_split", None)
    if split is None:
        return dataset, None
    host, transform = split()
    if host is not dataset and hasattr(host, "set_init_step"):
        host.set_init_step(dataset.get_init_step())  # a resume position travels with the copy
    return host, transform


def compiled_loop(
    cache: CompileCache, fn: Callable, boxes: Sequence[Any], transform: Any
) -> CompiledLoop:
    """The CompiledLoop for (fn, boxes, transform, strategy, context), from ``cache``.

    The key holds what determines the program: the network and its state boxes by identity (the
    cache lives in their owner, so they outlive it), the map tail by its ops' settings (each call's
    ``device_split`` builds a new but equal transform), the strategy and the compile context. Shapes
    and dtypes key the executables inside the loop's ``jax.jit``s.
    """
    strategy = pick_strategy(context.get_context("sink_strategy"))
    key = (
        "sink",
        id(fn),
        tuple(id(b) for b in boxes),
        None if transform is None else transform.cache_key(),
        strategy,
        context.compile_key(),
    )

    def build() -> CompiledLoop:
        prepare = make_prepare(transform, boxes) if transform is not None else None
        return CompiledLoop(make_step(fn, boxes), strategy, prepare, program_name(fn))

    return cache.get(key, build)


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

    ``sink_lengths`` is the plan: the number of steps of each sink, in order (may be infinite);
    ``num_epochs`` the dataset epochs it reads (-1: unknown), bounding the read-ahead.
    """

    def __init__(
        self,
        fn: Callable,
        boxes: Sequence[Any],
        dataset: Any,
        sink_lengths: Iterator[int],
        cache: CompileCache,
        measure: bool = False,
        num_epochs: int = -1,
    ) -> None:
        declared = buckets.declared_inputs(fn) if hasattr(fn, "construct") else None
        bucket = _bucketer(declared) if declared and any(buckets.dynamic_axes(declared)) else None
        # padded batches run the whole pipeline on the host (the map tail never sees padding)
        host, transform = (dataset, None) if bucket else split_for_device(dataset)
        self.boxes = tuple(boxes)
        # data checks failed inside the sink (e.g. a label out of range) are read with its outputs
        self._checks_at = next((i for i, b in enumerate(self.boxes) if b is _checks.CHECKS), None)
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
            num_epochs=num_epochs,
            bucket=bucket,
        )
        self.host_syncs = 0

    def _state(self) -> tuple:
        """A private copy of the current state, committed to the device like the chunks (so every
        sink has the same signature and compiles once): the sink donates it, and Tensors the user
        holds may share the Parameters' arrays. One copy per sink is cheap next to its steps."""
        values = tuple(functional.values(self.boxes))
        spread = [isinstance(v, jax.Array) and not v.is_fully_addressable for v in values]
        if not any(spread):
            return jax.device_put(values, self.device, may_alias=False)
        # semi-auto parallel across processes: a value split over several processes' devices
        # stays there (copied); the sink's program takes it as it is
        return tuple(
            jnp.copy(v) if s else jax.device_put(v, self.device, may_alias=False)
            for v, s in zip(values, spread)
        )

    def run(self, collect: str = "last", trace: Any = None) -> Any:
        """Run one sink; return the last step's outputs (``collect='last'``) or the list of every
        step's outputs (``'all'``; steps of a short last batch have their own shapes), as numpy.
        ``trace`` (a ``step_trace.Recorder``) times the phases."""
        if trace is not None:
            return self._run_traced(collect, trace)
        state = self._state()
        pieces = []
        try:
            for chunk in self.queue.chunks():
                state, outs = self.loop.run(state, chunk.arrays, chunk.steps, chunk.plan)
                self.queue.release(chunk, outs)  # its memory is free once ``outs`` is computed
                pieces.append((outs, chunk.steps, chunk.plan, chunk.lens))
        finally:
            if pieces:
                functional.update(self.boxes, state)
        return self._read(state, pieces, collect)

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
                    state, outs = self.loop.run(state, chunk.arrays, chunk.steps, chunk.plan)
                    self.queue.release(chunk, outs)
                pieces.append((outs, chunk.steps, chunk.plan, chunk.lens))
            with trace.phase("compute"):
                jax.block_until_ready((state, [p[0] for p in pieces]))
        finally:
            if pieces:
                functional.update(self.boxes, state)
        with trace.phase("host"):
            return self._read(state, pieces, collect)

    def _read(self, state: tuple, pieces: list, collect: str) -> Any:
        """The sink's outputs as numpy: the one host synchronisation per sink."""
        self.host_syncs += 1
        flag = state[self._checks_at] if self._checks_at is not None else None
        if collect == "last":
            last, n, plan, lens = pieces[-1]
            last = (
                last[-1]
                if isinstance(last, list)
                else jax.tree_util.tree_map(lambda a: a[n - 1], last)
            )
            last, flag = jax.device_get((last, flag))  # the sink's one read
            _checks.raise_pending(flag)
            return self.loop.unpad(last, plan, None if lens is None else lens[n - 1])
        host, flag = jax.device_get(([p[0] for p in pieces], flag))
        _checks.raise_pending(flag)
        steps: list = []
        for outs, (_, n, plan, lens) in zip(host, pieces):
            if isinstance(outs, list):  # "steps" strategy: already one entry per step
                per_step = outs
            else:  # "scan": outputs stacked along a leading steps axis
                per_step = [jax.tree_util.tree_map(lambda a, i=i: a[i], outs) for i in range(n)]
            steps.extend(
                self.loop.unpad(o, plan, None if lens is None else lens[i])
                for i, o in enumerate(per_step)
            )
        return steps

    def close(self) -> None:
        self.queue.close()

    def __enter__(self) -> SinkSession:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
