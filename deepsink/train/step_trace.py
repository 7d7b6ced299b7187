"""The training trace: where each sink's (or, without sinking, each step's) time goes.

Nothing here runs unless someone listens: the Profiler (``deepsink.profiler``,
``set_context(enable_profiling=True)``) or the ``TimeBreakdown`` callback subscribes; the Model
asks ``recorder()`` once per run and, when it gets None, runs its uninstrumented loop (no timer,
no check, no Python per step).

One record per sink (per step without sinking), times in milliseconds:

- critical path, which adds up to ``total_ms`` (the wall time from the step-begin callbacks to the
  end of the step-end callbacks): ``data_wait_ms`` (the device waiting for data: GetNext; without
  sinking, fetching the next batch from the pipeline), ``compute_ms`` (dispatching the compiled
  steps and waiting for the device to finish them), ``compile_ms`` (tracing and compiling a
  program, which the first sink or step of a signature pays: taken out of the phase it happened
  in, so ``compute_ms`` is the steady state), ``host_ms`` (copying the state in, reading the
  outputs back, metric updates) and ``callbacks_ms``;
- in the background, overlapped with the above when sinking: ``pipeline_ms`` (the device queue's
  thread running the host pipeline and stacking batches) and ``copy_ms`` (host-to-device copies).

While the Profiler traces the device, every phase is also a ``jax.profiler.TraceAnnotation``
(``deepsink.<phase>``) inside a ``StepTraceAnnotation`` per sink, so Perfetto and TensorBoard show
them above XLA's op-level events.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol

import jax

CRITICAL = ("data_wait_ms", "compute_ms", "compile_ms", "host_ms", "callbacks_ms")
BACKGROUND = ("pipeline_ms", "copy_ms")
FIELDS = ("mode", "epoch", "step", "steps", "sink", "start_ms", "total_ms", *CRITICAL, *BACKGROUND)


class Listener(Protocol):
    annotate: bool  # also emit jax.profiler annotations (a device trace is being recorded)

    def add_record(self, record: dict) -> None: ...


_listeners: list[Listener] = []


def subscribe(listener: Listener) -> None:
    if listener not in _listeners:
        _listeners.append(listener)


def unsubscribe(listener: Listener) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def recorder(mode: str, sink: bool) -> Recorder | None:
    """A Recorder for one run of the Model's loop, or None when nobody listens."""
    if not _listeners:
        return None
    _watch_compiles()
    return Recorder(mode, sink, list(_listeners))


# JAX reports the duration of each compile stage (tracing, lowering, XLA's compile) through
# jax.monitoring; their running total lets a phase tell its compile time from its steady time.
_COMPILE_EVENTS = "/jax/core/compile/"
_compile_s = [0.0]
_watching = [False]


def _on_duration(event: str, seconds: float, **_: Any) -> None:
    if event.startswith(_COMPILE_EVENTS):
        _compile_s[0] += seconds


def _watch_compiles() -> None:
    if not _watching[0]:
        jax.monitoring.register_event_duration_secs_listener(_on_duration)
        _watching[0] = True


class Recorder:
    """Times the phases of one run's sinks (or steps) and hands each record to the listeners."""

    def __init__(self, mode: str, sink: bool, listeners: list[Listener]) -> None:
        self.mode = mode
        self.sink = sink
        self._listeners = listeners
        self._annotate = any(getattr(x, "annotate", False) for x in listeners)
        self._origin = time.perf_counter()
        self._record: dict[str, Any] | None = None
        self._step_annotation: Any = None

    def begin(self, epoch: int, step: int, steps: int) -> None:
        """Start the record of a sink (or step) ending at global step ``step``."""
        self._t0 = time.perf_counter()
        self._record = dict.fromkeys(FIELDS, 0.0)
        self._record.update(
            mode=self.mode,
            epoch=epoch,
            step=step,
            steps=steps,
            sink=self.sink,
            start_ms=(self._t0 - self._origin) * 1e3,
        )
        if self._annotate:
            self._step_annotation = jax.profiler.StepTraceAnnotation(
                f"deepsink.{self.mode}", step_num=step
            )
            self._step_annotation.__enter__()

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        """Time a critical-path phase (``data_wait``, ``compute``, ``host``, ``callbacks``)."""
        annotation = jax.profiler.TraceAnnotation(f"deepsink.{name}") if self._annotate else None
        if annotation is not None:
            annotation.__enter__()
        t, compiled = time.perf_counter(), _compile_s[0]
        try:
            yield
        finally:
            elapsed = time.perf_counter() - t
            compile_s = min(_compile_s[0] - compiled, elapsed)  # compiling, not this phase's work
            self._record[f"{name}_ms"] += (elapsed - compile_s) * 1e3
            self._record["compile_ms"] += compile_s * 1e3
            if annotation is not None:
                annotation.__exit__(None, None, None)

    def background(self, pipeline_s: float, copy_s: float) -> None:
        """Add the device queue thread's time for a chunk of this sink."""
        self._record["pipeline_ms"] += pipeline_s * 1e3
        self._record["copy_ms"] += copy_s * 1e3

    def end(self) -> dict:
        """Close the record and hand it to every listener."""
        record = self._record
        record["total_ms"] = (time.perf_counter() - self._t0) * 1e3
        if self._step_annotation is not None:
            self._step_annotation.__exit__(None, None, None)
            self._step_annotation = None
        for listener in self._listeners:
            listener.add_record(record)
        self._record = None
        return record


def summarize(records: list[dict]) -> dict:
    """Totals over records and the verdict: is the run data-bound?

    Compile time is left out (``compile_ms``): the verdict is about the steady state. Data-bound
    when the background pipeline needs more time per step than the device computes (sinking: the
    queue will run dry, starvation ahead), or, without sinking, when the loop waited for data more
    than 10% of the time. A sink that waited for data while its pipeline keeps up with the device
    was waiting for the queue to fill (``verdict`` says so).
    """
    total = sum(r["total_ms"] for r in records)
    steps = sum(r["steps"] for r in records)
    sums = {k: sum(r.get(k, 0.0) for r in records) for k in (*CRITICAL, *BACKGROUND)}
    steady = total - sums["compile_ms"]
    wait_share = sums["data_wait_ms"] / steady if steady > 0 else 0.0
    producer = sums["pipeline_ms"] + sums["copy_ms"]
    sink = records[0]["sink"] if records else False
    data_bound = producer > sums["compute_ms"] if sink else wait_share > 0.10
    return {
        "records": len(records),
        "steps": steps,
        "total_ms": total,
        **sums,
        "wait_share": wait_share,
        "data_bound": bool(data_bound),
    }


def verdict(summary: dict) -> str:
    """One plain sentence: what bounds the run, with the numbers behind it."""
    steps = max(summary["steps"], 1)
    compute = summary["compute_ms"] / steps
    producer = (summary["pipeline_ms"] + summary["copy_ms"]) / steps
    if summary["data_wait_ms"] and summary["pipeline_ms"] == 0:  # without sinking
        feed = summary["data_wait_ms"] / steps
    else:
        feed = producer
    compiled = summary.get("compile_ms", 0.0)
    note = f" (compiling took {compiled:.1f} ms more, left out)" if compiled else ""
    if summary["data_bound"]:
        waited = (
            f"the device waited {summary['data_wait_ms']:.1f} ms "
            f"({100 * summary['wait_share']:.0f}% of the time) for data"
        )
        if summary["wait_share"] <= 0.10:
            waited += ", the queue's read-ahead hides the rest for now and will run dry"
        return (
            f"DATA-BOUND: the host pipeline needs {feed:.3f} ms/step, the device "
            f"{compute:.3f} ms/step; {waited}{note}. Speed up the dataset (num_parallel_workers, "
            "cheaper or vectorised transforms, map ops the device can run)"
        )
    host = (summary["host_ms"] + summary["callbacks_ms"]) / steps
    if host > compute and host > summary["data_wait_ms"] / steps:
        return (
            f"host-bound: the host spends {host:.3f} ms/step (state, outputs, metrics, callbacks) "
            f"and the device computes {compute:.3f} ms/step{note}; larger sinks (sink_size) or "
            "batches amortize the host's share"
        )
    filling = ""
    if summary["wait_share"] > 0.10:
        filling = " (the device waited at the start while the queue filled)"
    return (
        f"compute-bound: the device computes {compute:.3f} ms/step and the host pipeline needs "
        f"{feed:.3f} ms/step ({100 * feed / compute if compute else 0:.0f}% of it); waiting for "
        f"data {100 * summary['wait_share']:.1f}% of the time{filling}{note}"
    )


def table(summary: dict) -> str:
    """The printed summary: each phase's time, per step and as a share of the total."""
    total = summary["total_ms"] or 1.0
    steps = max(summary["steps"], 1)
    rows = [
        ("waiting for data", summary["data_wait_ms"]),
        ("compute (device)", summary["compute_ms"]),
        ("compiling (trace, XLA compile)", summary.get("compile_ms", 0.0)),
        ("host (state, outputs, metrics)", summary["host_ms"]),
        ("callbacks", summary["callbacks_ms"]),
    ]
    covered = sum(v for _, v in rows)
    lines = [f"{'phase':34s} {'total ms':>11s} {'ms/step':>9s} {'share':>7s}"]
    for name, v in rows:
        lines.append(f"{name:34s} {v:11.2f} {v / steps:9.4f} {100 * v / total:6.1f}%")
    lines.append(
        f"{'(not attributed)':34s} {total - covered:11.2f} "
        f"{(total - covered) / steps:9.4f} {100 * (total - covered) / total:6.1f}%"
    )
    lines.append(f"{'total':34s} {summary['total_ms']:11.2f} {summary['total_ms'] / steps:9.4f}")
    if summary["pipeline_ms"] or summary["copy_ms"]:
        lines.append("in the background (device queue thread, overlapped):")
        for name, key in (("host pipeline", "pipeline_ms"), ("host-to-device copy", "copy_ms")):
            v = summary[key]
            lines.append(f"  {name:32s} {v:11.2f} {v / steps:9.4f}")
    lines.append(verdict(summary))
    return "\n".join(lines)
