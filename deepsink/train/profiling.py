"""``Profiler`` (MindSpore 2.x ``mindspore.Profiler``) and ``set_context(enable_profiling=True)``.

A profiling run writes one directory, ``<output_path>/<host>_<pid>_<time>_deepsink/``:

- ``training_trace.csv`` / ``training_trace.json``: the training trace (MindSpore's "iteration
  trace"), one row per sink (per step without sinking): waiting for data, compute, host,
  callbacks, and the background pipeline and host-to-device copy, in ms (``step_trace.py``);
  ``summary.txt`` holds the table printed by ``analyse()`` and the data-bound verdict;
- ``plugins/profile/<time>/``: the device trace from ``jax.profiler`` (``*.xplane.pb`` for
  TensorBoard's profile plugin, ``perfetto_trace.json.gz`` for ui.perfetto.dev), XLA's op-level
  events with deepsink's phases annotated (``deepsink.compute``, ``deepsink.data_wait``, ...) inside
  one ``deepsink.train`` step annotation per sink. The directory is a TensorBoard logdir.
"""

from __future__ import annotations

import csv
import datetime
import glob
import json
import os
import socket
from collections.abc import Callable
from typing import Any

import jax

from deepsink import context
from deepsink._core.validate import fail_arg
from deepsink.train import step_trace

# MindSpore 2.x Profiler arguments that select Ascend (or CUPTI) collectors: accepted, noted once.
_HARDWARE_ONLY = ("profiler_level", "activities", "profile_memory", "aic_metrics",
                  "data_simplification", "l2_cache", "hbm_ddr", "pcie", "sync_enable",
                  "parallel_strategy", "mstx", "host_sys", "sys_io", "sys_interconnection",
                  "record_shapes", "experimental_config", "profile_framework", "timeline_limit",
                  "op_time", "profile_communication", "ascend_job_id")  # fmt: skip
_KNOWN = (
    "output_path",
    "start_profile",
    "with_stack",
    "data_process",
    "on_trace_ready",
    "schedule",
    "training_trace",
    "device_trace",
    *_HARDWARE_ONLY,
)


class Profiler:
    """Collect the training trace and a device trace between ``start()`` and ``stop()``.

    Args:
        output_path (str): where the run directory is written. Default: ``"./data"``.
        start_profile (bool): start collecting at construction. Default: ``True``.
        with_stack (bool): also record Python call stacks in the device trace. Default: ``False``.
        data_process (bool): accepted; the training trace always times the data pipeline.
        on_trace_ready (Callable): called with the profiler after ``stop()`` wrote the device trace.
        training_trace (bool): write the training trace (deepsink). Default: ``True``.
        device_trace (bool): record the ``jax.profiler`` device trace (deepsink). Default: ``True``.
        Other MindSpore arguments (``profiler_level``, ``activities``, ``aic_metrics``, ...) select
        Ascend hardware collectors: accepted with a one-time note. ``schedule`` is not supported.

    Raises:
        TypeError: an unknown argument or a wrong type.
        ValueError: ``schedule`` is given.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import os, tempfile
        >>> from deepsink import nn
        >>> tmp = tempfile.mkdtemp()
        >>> prof = ms.Profiler(output_path=tmp, device_trace=False)
        >>> _ = nn.Dense(2, 1)(ms.Tensor(np.ones((1, 2), np.float32)))
        >>> prof.stop()
        >>> print(os.path.isdir(tmp))
        True
    """

    def __init__(self, **kwargs: Any) -> None:
        unknown = sorted(set(kwargs) - set(_KNOWN))
        if unknown:
            raise TypeError(
                f"For 'Profiler', unexpected arguments {unknown}; expected some of {sorted(_KNOWN)}"
            )
        if kwargs.get("schedule") is not None:
            raise ValueError(
                "For 'Profiler', 'schedule' is not supported by deepsink; call start() and stop() "
                "around the steps to profile (e.g. from a Callback)"
            )
        self.output_path = kwargs.get("output_path", "./data")
        if not isinstance(self.output_path, str) or not self.output_path:
            fail_arg("Profiler", "output_path", "a non-empty str", self.output_path, TypeError)
        for name in (
            "start_profile",
            "with_stack",
            "data_process",
            "training_trace",
            "device_trace",
        ):
            if name in kwargs and not isinstance(kwargs[name], bool):
                fail_arg("Profiler", name, "a bool", kwargs[name], TypeError)
        self._on_ready: Callable | None = kwargs.get("on_trace_ready")
        if self._on_ready is not None and not callable(self._on_ready):
            fail_arg("Profiler", "on_trace_ready", "a callable", self._on_ready, TypeError)
        self._with_stack = kwargs.get("with_stack", False)
        self._training_trace = kwargs.get("training_trace", True)
        self.annotate = kwargs.get("device_trace", True)  # read by step_trace
        hardware = sorted(k for k in kwargs if k in _HARDWARE_ONLY)
        if hardware:
            context.warn_once(
                f"Profiler:{','.join(hardware)}",
                f"deepsink: Profiler arguments {hardware} select Ascend hardware collectors and "
                "have no effect here; the training trace and the XLA device trace are recorded",
            )
        self.records: list[dict] = []
        self._metadata: dict[str, Any] = {}
        self.run_dir: str | None = None
        self._tracing = False
        self._running = False
        self._user_step = 0
        self._step_annotation: Any = None
        if kwargs.get("start_profile", True):
            self.start()

    # --- collection -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start collecting (a no-op when already collecting)."""
        if self._running:
            return
        if self.run_dir is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")
            name = f"{socket.gethostname()}_{os.getpid()}_{stamp}_deepsink"
            self.run_dir = os.path.join(os.path.realpath(self.output_path), name)
            os.makedirs(self.run_dir, exist_ok=True)
        if self.annotate:
            options = jax.profiler.ProfileOptions()
            options.python_tracer_level = 1 if self._with_stack else 0
            try:
                jax.profiler.start_trace(
                    self.run_dir, create_perfetto_trace=True, profiler_options=options
                )
            except RuntimeError as e:
                raise RuntimeError(
                    f"For 'Profiler', the device trace could not start ({e}); only one Profiler "
                    "can collect at a time: stop() the other one first"
                ) from None
            self._tracing = True
        step_trace.subscribe(self)
        self._running = True

    def stop(self) -> None:
        """Stop collecting; the device trace is written now."""
        if not self._running:
            return
        self._close_user_step()
        step_trace.unsubscribe(self)
        self._running = False
        if self._tracing:
            self._tracing = False
            jax.profiler.stop_trace()
        if self._on_ready is not None:
            self._on_ready(self)

    def step(self) -> None:
        """Mark a step boundary in a custom training loop: the device trace shows one
        ``deepsink.user_step`` annotation per step (Model runs are annotated per sink already)."""
        if not self._running:
            return
        self._close_user_step()
        if self.annotate:
            self._step_annotation = jax.profiler.StepTraceAnnotation(
                "deepsink.user_step", step_num=self._user_step
            )
            self._step_annotation.__enter__()
        self._user_step += 1

    def _close_user_step(self) -> None:
        if self._step_annotation is not None:
            self._step_annotation.__exit__(None, None, None)
            self._step_annotation = None

    def add_record(self, record: dict) -> None:
        """A step_trace record (one per sink, or per step without sinking)."""
        self.records.append(dict(record))

    def add_metadata(self, key: str, value: str) -> None:
        """Store ``key: value`` in the run's ``profiler_metadata.json``."""
        if not isinstance(key, str) or not isinstance(value, str):
            fail_arg("Profiler.add_metadata", "key and value", "str", (key, value), TypeError)
        self._metadata[key] = value

    def add_metadata_json(self, key: str, value: str) -> None:
        """Store a JSON string, parsed, in the run's ``profiler_metadata.json``."""
        if not isinstance(key, str) or not isinstance(value, str):
            fail_arg("Profiler.add_metadata_json", "key and value", "str", (key, value), TypeError)
        try:
            self._metadata[key] = json.loads(value)
        except json.JSONDecodeError as e:
            fail_arg("Profiler.add_metadata_json", "value", f"a JSON string ({e})", value)

    # --- output -----------------------------------------------------------------------------------
    def analyse(
        self,
        offline_path: str | None = None,
        pretty: bool = False,
        step_list: list[int] | None = None,
        mode: str = "sync",
    ) -> str | None:
        """Stop collecting, write the training trace files and print the summary table; returns
        the table (None when nothing was recorded).

        ``pretty`` indents the JSON files; ``step_list`` keeps the records (sinks, or steps without
        sinking) that end at those global steps; ``mode`` is ``"sync"`` or ``"async"`` (both write
        before returning). ``offline_path`` (re-analysing another run's raw data) is not supported.
        """
        if offline_path is not None:
            raise ValueError(
                "For 'Profiler.analyse', 'offline_path' is not supported: deepsink writes the "
                "training trace when a run is analysed and the device trace when it stops"
            )
        if mode not in ("sync", "async"):
            fail_arg("Profiler.analyse", "mode", "'sync' or 'async'", mode)
        if step_list is not None and (
            not isinstance(step_list, list | tuple)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in step_list)
        ):
            fail_arg("Profiler.analyse", "step_list", "a list of int", step_list, TypeError)
        self.stop()
        indent = 2 if pretty else None
        if self._metadata and self.run_dir is not None:
            with open(os.path.join(self.run_dir, "profiler_metadata.json"), "w") as f:
                json.dump(self._metadata, f, indent=indent)
        records = self.records
        if step_list is not None:
            records = [r for r in records if r["step"] in set(step_list)]
        if not self._training_trace or not records or self.run_dir is None:
            self._say_where_it_went()
            return None
        table = write_training_trace(self.run_dir, records, indent=indent)
        self._say_where_it_went()
        return table

    def _say_where_it_went(self) -> None:
        """Print where this run's files are: always, so an ``analyse()`` after a custom loop
        (which records no training trace: that comes from ``Model`` runs) is not silent."""
        if self.run_dir is None:
            print(
                "deepsink profiler: nothing was profiled (the Profiler never started)", flush=True
            )
            return
        device = sorted(glob.glob(os.path.join(self.run_dir, "**", "*.xplane.pb"), recursive=True))
        perfetto = sorted(
            glob.glob(os.path.join(self.run_dir, "**", "*.trace.json.gz"), recursive=True)
        )
        lines = [f"deepsink profiler: this run's files are in {self.run_dir}"]
        if not self.records:
            lines.append(
                "  no training trace: it is recorded by Model.train/eval/fit; a custom loop gets "
                "the device trace only (mark its steps with Profiler.step())"
            )
        elif self._training_trace:
            lines.append("  training trace: training_trace.csv, training_trace.json, summary.txt")
        if device:
            lines.append(
                f"  device trace: {os.path.relpath(device[-1], self.run_dir)} "
                f"(tensorboard --logdir {self.run_dir})"
            )
        if perfetto:
            lines.append(
                f"  Perfetto / chrome://tracing: {os.path.relpath(perfetto[-1], self.run_dir)}"
            )
        if not device and not perfetto and not self.records:
            lines.append("  no device trace either (device_trace=False or the trace failed)")
        print("\n".join(lines), flush=True)

    def __enter__(self) -> Profiler:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.analyse()


def write_training_trace(run_dir: str, records: list[dict], indent: int | None = 1) -> str:
    """``training_trace.csv``, ``training_trace.json`` and ``summary.txt`` in ``run_dir``;
    prints and returns the summary table."""
    with open(os.path.join(run_dir, "training_trace.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=step_trace.FIELDS)
        w.writeheader()
        w.writerows(records)
    summaries = {}
    tables = []
    for mode in dict.fromkeys(r["mode"] for r in records):
        summary = step_trace.summarize([r for r in records if r["mode"] == mode])
        summaries[mode] = summary
        tables.append(
            f"deepsink training trace ({mode}, {summary['records']} "
            f"{'sinks' if records[0]['sink'] else 'steps'}, {summary['steps']} steps):\n"
            + step_trace.table(summary)
        )
    with open(os.path.join(run_dir, "training_trace.json"), "w") as f:
        json.dump(
            {
                "fields_ms": list(step_trace.CRITICAL + step_trace.BACKGROUND),
                "records": records,
                "summary": summaries,
            },
            f,
            indent=indent,
        )
    text = "\n\n".join(tables)
    with open(os.path.join(run_dir, "summary.txt"), "w") as f:
        f.write(text + "\n")
    print(text, flush=True)
    return text


class context_profiling:  # noqa: N801 - used as a context manager, like contextlib's
    """``set_context(enable_profiling=True, profiling_options=...)``: each Model.train/eval/fit
    call is profiled into ``result_path`` (default ``./data``), unless a Profiler already runs."""

    def __enter__(self) -> None:
        self._profiler = None
        if not context.get_context("enable_profiling") or any(
            isinstance(x, Profiler) for x in step_trace._listeners
        ):
            return
        opts = json.loads(context.get_context("profiling_options") or "{}")
        self._profiler = Profiler(
            output_path=opts.get("result_path", "./data"),
            training_trace=opts.get("training_trace", "on") == "on",
        )

    def __exit__(self, *exc: Any) -> None:
        if self._profiler is not None:
            self._profiler.analyse()
