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
from enum import Enum
from typing import Any

import jax

from deepsink import context
from deepsink import log as logger
from deepsink._core.validate import fail_arg
from deepsink.train import step_trace


class ProfilerAction(Enum):
    """What a scheduled :class:`Profiler` does at a step (MindSpore's ``ProfilerAction``)."""

    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


class Schedule:
    """Which steps a :class:`Profiler` records (MindSpore's ``mindspore.profiler.schedule``).

    After ``skip_first`` steps the profiler cycles: ``wait`` idle steps, ``warmup`` steps with the
    trace started, then ``active`` recorded steps; the trace of a cycle is saved (and
    ``on_trace_ready`` called) after its last active step. ``repeat`` cycles (0: until stopped).
    XLA's profiler cannot drop part of a trace, so a saved trace holds the warm-up steps too;
    its step annotations tell them apart.

    Args:
        wait (int): idle steps per cycle (keyword only, as every argument).
        active (int): recorded steps per cycle.
        warmup (int): warm-up steps per cycle. Default: ``0``.
        repeat (int): cycles; 0 repeats until stopped. Default: ``0``.
        skip_first (int): idle steps before the first cycle. Default: ``0``.

    A value that is not a non-negative int (``active``: not a positive int) is reset to its
    default with a warning, as MindSpore does.

    Examples:
        >>> import deepsink as ms
        >>> s = ms.profiler.schedule(wait=1, warmup=1, active=2, repeat=1)
        >>> print([s(i).name for i in range(5)])
        ['NONE', 'WARM_UP', 'RECORD', 'RECORD_AND_SAVE', 'NONE']
    """

    def __init__(
        self, *, wait: int, active: int, warmup: int = 0, repeat: int = 0, skip_first: int = 0
    ) -> None:
        self.wait, self.active, self.warmup = wait, active, warmup
        self.repeat, self.skip_first = repeat, skip_first
        for name, least in (
            ("wait", 0),
            ("warmup", 0),
            ("active", 1),
            ("repeat", 0),
            ("skip_first", 0),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                logger.warning(
                    f"Parameter '{name}' should be of type int, but got "
                    f"{type(value).__name__}. reset to int {least}."
                )
                setattr(self, name, least)
        if self.warmup == 0:
            logger.warning("Profiler won't be using warmup, this can skew profiler results")

    def __call__(self, step: int) -> ProfilerAction:
        """The action at ``step`` (counted from 0)."""
        if step < 0:
            raise ValueError("Invalid parameter step, which must be not less than 0.")
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        cycle = self.wait + self.warmup + self.active
        if 0 < self.repeat <= step / cycle:
            return ProfilerAction.NONE
        at = step % cycle
        if at < self.wait:
            return ProfilerAction.NONE
        if at < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return ProfilerAction.RECORD if at < cycle - 1 else ProfilerAction.RECORD_AND_SAVE

    def to_dict(self) -> dict:
        """The parameters as a dict."""
        return {"wait": self.wait, "active": self.active, "warmup": self.warmup,
                "repeat": self.repeat, "skip_first": self.skip_first}  # fmt: skip

    def __repr__(self) -> str:
        return (
            f"Schedule(wait={self.wait!r}, active={self.active!r}, warmup={self.warmup!r}, "
            f"repeat={self.repeat!r}, skip_first={self.skip_first!r})"
        )


class TraceHandler:
    """What :func:`tensorboard_trace_handler` returns: called with the profiler when a trace is
    saved; a :class:`Profiler` given one writes its runs under ``dir_name``."""

    def __init__(self, dir_name: str, worker_name: str, analyse_flag: bool, async_mode: bool):
        self.dir_name, self.worker_name = dir_name, worker_name
        self.analyse_flag, self.async_mode = analyse_flag, async_mode

    def __call__(self, prof: Profiler) -> None:
        if self.analyse_flag:
            prof.analyse(mode="async" if self.async_mode else "sync")


def tensorboard_trace_handler(
    dir_name: str | None = None,
    worker_name: str | None = None,
    analyse_flag: bool = True,
    async_mode: bool = False,
) -> TraceHandler:
    """The ``on_trace_ready`` handler that writes each saved trace under ``dir_name`` (a
    TensorBoard logdir: ``tensorboard --logdir dir_name`` opens the profile plugin) and, with
    ``analyse_flag``, the training trace files next to it.

    Args:
        dir_name (str, optional): the directory. Default: ``"./data"``.
        worker_name (str, optional): the prefix of each run's directory name. Default:
            ``"<host>_<pid>"``.
        analyse_flag (bool): run ``analyse()`` on each saved trace. Default: ``True``.
        async_mode (bool): passed to ``analyse`` as ``mode="async"``. Default: ``False``.

    Returns:
        the handler, a callable taking the profiler.

    Raises:
        TypeError: ``dir_name`` or ``worker_name`` is not a str.

    Examples:
        >>> import deepsink as ms
        >>> handler = ms.profiler.tensorboard_trace_handler("./prof")
        >>> print(handler.dir_name)
        ./prof
    """
    if dir_name is None:
        dir_name = "./data"
    if not isinstance(dir_name, str) or not dir_name:
        fail_arg("tensorboard_trace_handler", "dir_name", "a non-empty str", dir_name, TypeError)
    if worker_name is None:
        worker_name = f"{socket.gethostname()}_{os.getpid()}"
    if not isinstance(worker_name, str) or not worker_name:
        fail_arg("tensorboard_trace_handler", "worker_name", "a str", worker_name, TypeError)
    if not isinstance(analyse_flag, bool):
        logger.warning("analyse_flag is not bool, set by default.")
        analyse_flag = True
    if not isinstance(async_mode, bool):
        logger.warning("async_mode is not bool, set by default.")
        async_mode = False
    return TraceHandler(dir_name, worker_name, analyse_flag, async_mode)


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
        on_trace_ready (Callable): called with the profiler after each device trace is saved
            (at ``stop()``, or at the end of each scheduled cycle); a
            :func:`tensorboard_trace_handler` also sets where the runs are written.
        schedule (Callable): which steps to record, e.g. :class:`Schedule`: ``step()`` advances
            it, and each cycle's trace is saved in a run directory of its own. Default: record
            from ``start()`` to ``stop()``.
        training_trace (bool): write the training trace (deepsink). Default: ``True``.
        device_trace (bool): record the ``jax.profiler`` device trace (deepsink). Default: ``True``.
        Other MindSpore arguments (``profiler_level``, ``activities``, ``aic_metrics``, ...) select
        Ascend hardware collectors: accepted with a one-time note.

    Raises:
        TypeError: an unknown argument or a wrong type.

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
        self._schedule: Callable | None = kwargs.get("schedule")
        if self._schedule is not None and not callable(self._schedule):
            fail_arg(
                "Profiler", "schedule", "a callable (e.g. a schedule)", self._schedule, TypeError
            )
        self._on_ready: Callable | None = kwargs.get("on_trace_ready")
        self._worker = f"{socket.gethostname()}_{os.getpid()}"
        self.output_path = kwargs.get("output_path", "./data")
        if isinstance(self._on_ready, TraceHandler):
            self.output_path, self._worker = self._on_ready.dir_name, self._on_ready.worker_name
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
        self._running = False  # collecting now
        self._started = False  # between start() and stop()
        self._step_num = 0
        self._action = ProfilerAction.NONE
        self._user_step = 0
        self._step_annotation: Any = None
        if kwargs.get("start_profile", True):
            self.start()

    # --- collection -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start collecting (a no-op when already started); with a ``schedule``, from the action
        of the current step."""
        if self._started:
            return
        self._started = True
        if self._schedule is None:
            self._begin()
        else:
            self._follow(self._schedule(self._step_num))

    def _follow(self, action: ProfilerAction) -> None:
        """Start or end the collection as the schedule's ``action`` says."""
        if not isinstance(action, ProfilerAction):
            fail_arg(
                "Profiler", "schedule", "a callable returning a ProfilerAction", action, TypeError
            )
        self._action = action
        if action is ProfilerAction.NONE and self._running:
            self._end()
        elif action is not ProfilerAction.NONE and not self._running:
            self._begin()

    def _begin(self) -> None:
        if self._schedule is not None or self.run_dir is None:  # each scheduled cycle: a new run
            stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")
            name = f"{self._worker}_{stamp}_deepsink"
            self.records = []
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
        self._open_user_step()

    def stop(self) -> None:
        """Stop collecting; the device trace is written now (and ``on_trace_ready`` called,
        unless a schedule was only waiting or warming up)."""
        if not self._started:
            return
        self._started = False
        if self._running:
            self._end()

    def _end(self) -> None:
        save = self._schedule is None or self._action in (
            ProfilerAction.RECORD,
            ProfilerAction.RECORD_AND_SAVE,
        )
        self._close_user_step()
        step_trace.unsubscribe(self)
        self._running = False
        if self._tracing:
            self._tracing = False
            jax.profiler.stop_trace()
        if save and self._on_ready is not None:
            self._on_ready(self)

    def step(self) -> None:
        """Mark a step boundary in a custom training loop: the device trace shows one
        ``deepsink.user_step`` annotation per step (Model runs are annotated per sink already);
        with a ``schedule``, move it to the next step (saving a finished cycle's trace)."""
        if not self._started:
            return
        self._close_user_step()
        self._user_step += 1
        if self._schedule is not None:
            self._step_num += 1
            if self._action is ProfilerAction.RECORD_AND_SAVE and self._running:
                self._end()
            self._follow(self._schedule(self._step_num))
        self._open_user_step()

    def _open_user_step(self) -> None:
        if self._running and self.annotate and self._step_annotation is None:
            self._step_annotation = jax.profiler.StepTraceAnnotation(
                "deepsink.user_step", step_num=self._user_step
            )
            self._step_annotation.__enter__()

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
        if self._running:
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
        if self._schedule is None:
            self.analyse()
        else:  # each cycle was saved (and handed to on_trace_ready) at its end
            self.stop()


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
