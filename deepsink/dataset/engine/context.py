"""Per-iterator execution state: the seed, each node's pass counter, resources to release.

Every random decision of the pipeline is a pure function of (seed, node tag, stream, pass,
position):

- ``tag`` is a structural hash fixed when a node is built (equal pipelines built twice get equal
  tags, as MindSpore's seeded pipelines repeat themselves; ``device_split`` keeps the tags of what
  it copies);
- ``pass`` counts how often the node started over in this iterator (epochs, repeats);
- ``position`` is a row's index in the node's input stream for that pass.

So results do not depend on block sizes, worker counts or on whether a map ran before or after a
shuffle: the per-row path and the vectorised path give the same rows.

Under a set seed, ops that draw MindSpore's per-worker streams (``worker_streams``) also depend on
the row counts of the node's earlier passes.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable
from typing import TypeVar

import numpy as np

from deepsink.dataset import config

T = TypeVar("T")
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def new_context() -> ExecContext:
    """A context for one run: the set seed (or fresh entropy); the configured seed for shards."""
    ctx = ExecContext(config._pipeline_seed(), config.get_seed())
    ctx.seeded = bool(config._state["seed_set"])
    return ctx


def structural_tag(*parts: object) -> int:
    """A stable 32-bit hash of a node's kind, parameters and children's tags."""
    return zlib.crc32(repr(parts).encode())


def _mix(z: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser on a uint64 array (wrapping arithmetic)."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


class ExecContext:
    """State of one iterator's run of a pipeline."""

    def __init__(self, seed: int, shared_seed: int | None = None) -> None:
        self.seed = seed
        # the user set the seed: random ops that can draw MindSpore's own numbers do
        self.seeded = False
        self.shared_seed = seed if shared_seed is None else shared_seed
        self._passes: dict[int, int] = {}
        # reentrant: the garbage collector can run an iterator's finalizer (which closes its run)
        # on this thread while it holds the lock, e.g. inside a resource's factory
        self._lock = threading.RLock()
        self._closers: list[Callable[[], None]] = []
        self._resources: dict[object, object] = {}
        # a getter's run (get_dataset_size, output_shapes): callbacks and sync_wait stay idle
        self.getter = False
        # set when the run is closed or its iterator stopped: a node waiting on the consumer
        # (sync_wait) gives up instead of outliving the run
        self.cancelled = threading.Event()
        # the iterator's epoch (0-based) and what runs when it ends: a map's callbacks count an
        # epoch of the whole pipeline, however many passes a repeat above makes of the map
        self.epoch = 0
        self._epoch_end_hooks: list[Callable[[], None]] = []

    def next_pass(self, node: object) -> int:
        with self._lock:
            n = self._passes.get(id(node), 0)
            self._passes[id(node)] = n + 1
            return n

    def _base(self, tag: int, stream: int, pass_no: int, shared: bool = False) -> int:
        seed = self.shared_seed if shared else self.seed
        ss = np.random.SeedSequence([seed, tag, stream, pass_no])
        return int(ss.generate_state(1, np.uint64)[0])

    def generator(
        self, tag: int, stream: int, pass_no: int, shared: bool = False
    ) -> np.random.Generator:
        """A numpy Generator for (node, stream, pass): shuffles and samplers. ``shared``: seeded by
        the configured seed even when none was set (shards of one dataset must agree)."""
        return np.random.Generator(np.random.PCG64(self._base(tag, stream, pass_no, shared)))

    def uniforms(
        self, tag: int, stream: int, pass_no: int, positions: np.ndarray, k: int
    ) -> np.ndarray:
        """``k`` uniforms in [0, 1) per position, counter-based (any order, any grouping)."""
        base = np.full(1, self._base(tag, stream, pass_no), np.uint64)
        c = positions.astype(np.uint64)[:, None] * np.uint64(k) + np.arange(k, dtype=np.uint64)
        z = _mix(_mix(c ^ base) + base * _GOLDEN)
        return (z >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))

    def resource(self, key: object, factory: Callable[[], T], closer: Callable[[T], None]) -> T:
        """One ``factory()`` per key for this run, released by ``closer`` when the run closes."""
        with self._lock:
            if key not in self._resources:
                value = factory()
                self._resources[key] = value
                self._closers.append(lambda: closer(value))
            return self._resources[key]

    def on_epoch_end(self, fn: Callable[[], None]) -> None:
        """Calls ``fn()`` each time the iterator finishes an epoch of this run."""
        with self._lock:
            self._epoch_end_hooks.append(fn)

    def end_epoch(self) -> None:
        """The iterator finished epoch ``self.epoch``: runs the hooks."""
        with self._lock:
            hooks = list(self._epoch_end_hooks)
        for fn in hooks:
            fn()

    def close(self) -> None:
        self.cancelled.set()
        with self._lock:
            closers, self._closers = self._closers, []
            resources, self._resources = self._resources, {}
        resources.clear()  # dropped outside the lock: their finalizers may close other runs
        for fn in reversed(closers):
            fn()
