"""``mindspore.profiler.EnvProfiler``: a profiler configured by the ``MS_PROFILER_OPTIONS``
environment variable (JSON), for programs that cannot be edited."""

from __future__ import annotations

import json
import os
from typing import Any

from deepsink import log as logger
from deepsink.train.profiling import Profiler, tensorboard_trace_handler

_PASSED = ("with_stack", "data_process", "start_profile")


class EnvProfiler:
    """``init_profiler()`` reads ``MS_PROFILER_OPTIONS`` (e.g. ``{"start": true,
    "output_path": "./prof", "with_stack": true}``) and, when ``start`` is true, starts a
    profiler whose traces go to ``output_path``; ``analyse()`` stops it, writing the trace.
    ``schedule`` and ``on_trace_ready`` cannot be given this way (as in MindSpore).

    Examples:
        >>> import deepsink as ms
        >>> ms.profiler.EnvProfiler.init_profiler()  # MS_PROFILER_OPTIONS unset: nothing starts
        >>> print(ms.profiler.EnvProfiler.profiler)
        None
    """

    NOT_SUPPORTED_PARAMS = ["schedule", "on_trace_ready"]
    profiler: Any = None

    @classmethod
    def init_profiler(cls) -> None:
        """Start the profiler ``MS_PROFILER_OPTIONS`` describes (nothing when it is unset)."""
        text = os.environ.get("MS_PROFILER_OPTIONS")
        if not text:
            return
        try:
            options = json.loads(text)
        except json.JSONDecodeError:
            logger.error("Failed to load MS_PROFILER_OPTIONS, json decode error.")
            return
        if not isinstance(options, dict) or not options.get("start", False):
            return
        kwargs = {k: options[k] for k in _PASSED if k in options}
        ignored = sorted(set(options) & set(cls.NOT_SUPPORTED_PARAMS))
        if ignored:
            logger.warning(f"MS_PROFILER_OPTIONS cannot set {ignored}; they are left out")
        handler = tensorboard_trace_handler(options.get("output_path"))
        cls.profiler = Profiler(on_trace_ready=handler, **kwargs)
        cls.profiler.start()

    def analyse(self) -> None:
        """Stop the profiler, writing its trace (nothing when none was started)."""
        if EnvProfiler.profiler is None:
            logger.info("Profiler is not initialized, skip analyse.")
            return
        EnvProfiler.profiler.stop()
