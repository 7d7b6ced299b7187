"""``mindspore.profiler.DynamicProfilerMonitor``: start and stop profiling while training runs,
from a JSON file the user edits.

``<cfg_path>/profiler_config.json`` holds ``start_step`` and ``stop_step`` (-1: off) and the
profiler options (``with_stack``, ``analyse``...). The monitor reads it at most every
``poll_interval`` seconds, at a step; when the step count reaches ``start_step`` it starts a
:class:`~deepsink.train.profiling.Profiler` writing to
``<output_path>/rank<r>_start<s>_stop<e>/``, and after step ``stop_step`` it stops it (and
analyses, unless ``analyse`` is false). It is a training Callback (``Model.train(...,
callbacks=[monitor])``) or, in a custom loop, ``monitor.step()`` once per step.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

from deepsink import log as logger
from deepsink._core.validate import fail_arg
from deepsink.train.callback import Callback
from deepsink.train.profiling import Profiler

_DEFAULTS = {
    "start_step": -1, "stop_step": -1, "aic_metrics": "AiCoreNone", "profiler_level": "Level0",
    "analyse_mode": -1, "activities": ["CPU", "NPU"], "export_type": ["text"],
    "profile_memory": False, "mstx": False, "parallel_strategy": False, "with_stack": False,
    "data_simplification": True, "l2_cache": False, "analyse": True, "record_shapes": False,
    "prof_path": "./", "mstx_domain_include": [], "mstx_domain_exclude": [], "host_sys": [],
    "sys_io": False, "sys_interconnection": False,
}  # fmt: skip


def _print(msg: str) -> None:
    print("[Dynamic Profiler] " + msg, flush=True)


class DynamicProfilerMonitor(Callback):
    """Profile the steps ``profiler_config.json`` names, re-reading it as training runs.

    Args:
        cfg_path (str): the directory of ``profiler_config.json`` (created with every option
            at its default, profiling off, when missing).
        output_path (str): where the runs go. Default: ``"./dyn_profile_data"``.
        poll_interval (int): the least seconds between two reads of the file; not an int >= 1
            resets it to 2 with an error log, as MindSpore does. Default: ``2``.

    Raises:
        TypeError: ``cfg_path`` or ``output_path`` is not a str.

    Examples:
        >>> import json, os, tempfile
        >>> import deepsink as ms
        >>> cfg = tempfile.mkdtemp()
        >>> monitor = ms.profiler.DynamicProfilerMonitor(cfg_path=cfg, output_path=cfg)
        ... # doctest: +ELLIPSIS
        [Dynamic Profiler] Init config json file: ...
        >>> print(json.load(open(os.path.join(cfg, "profiler_config.json")))["start_step"])
        -1
    """

    def __init__(
        self,
        cfg_path: str | None = None,
        output_path: str = "./dyn_profile_data",
        poll_interval: int = 2,
        **kwargs: Any,
    ) -> None:
        if not isinstance(cfg_path, str) or not cfg_path:
            fail_arg(
                "DynamicProfilerMonitor", "cfg_path", "a directory path (str)", cfg_path, TypeError
            )
        if not isinstance(output_path, str) or not output_path:
            fail_arg("DynamicProfilerMonitor", "output_path", "a str", output_path, TypeError)
        if isinstance(poll_interval, bool) or not isinstance(poll_interval, int):
            logger.error("Poll interval must be an integer, reset to 2.")
            poll_interval = 2
        if poll_interval < 1:
            logger.error("Poll interval must be greater than 1, reset to 2.")
            poll_interval = 2
        self._cfg_json_path = os.path.realpath(os.path.join(cfg_path, "profiler_config.json"))
        self._output_path = output_path
        self._poll_interval = poll_interval
        self._kwargs = kwargs
        if not os.path.exists(self._cfg_json_path):
            os.makedirs(cfg_path, exist_ok=True)
            with open(self._cfg_json_path, "w") as f:
                json.dump(_DEFAULTS, f, indent=4)
        _print(f"Init config json file: {self._cfg_json_path}")
        self._step_num = 0
        self._config: dict = dict(_DEFAULTS)
        self._read_at = float("-inf")
        self._profiler: Profiler | None = None
        self._stop_step = -1
        self._last_start = None

    def _read(self) -> dict:
        now = time.monotonic()
        if now - self._read_at >= self._poll_interval:
            self._read_at = now
            try:
                with open(self._cfg_json_path) as f:
                    self._config = {**_DEFAULTS, **json.load(f)}
            except (OSError, json.JSONDecodeError) as e:
                logger.error(f"Dynamic profiler json is not valid ({e}), please check the file.")
        return self._config

    def step(self) -> None:
        """Count one step: start or stop profiling as the config file says.

        Raises:
            RuntimeError: ``start_step`` is after ``stop_step``.
        """
        config = self._read()
        start, stop = config["start_step"], config["stop_step"]
        if self._profiler is None and start != -1 and start != self._last_start:
            if stop < start:
                raise RuntimeError(
                    f"For 'DynamicProfilerMonitor', 'start_step' ({start}) must not be after "
                    f"'stop_step' ({stop}) in {self._cfg_json_path}"
                )
            if self._step_num == start:
                rank = int(os.environ.get("RANK_ID", os.environ.get("RANK", "0")) or 0)
                out = os.path.join(self._output_path, f"rank{rank}_start{start}_stop{stop}")
                self._profiler = Profiler(output_path=out, with_stack=bool(config["with_stack"]))
                self._stop_step, self._analyse, self._last_start = stop, config["analyse"], start
                _print(
                    f"Rank {rank} Dynamic profiler start at step {start}, will stop at step {stop}"
                )
        if self._profiler is not None:
            self._profiler.step()
            if self._step_num == self._stop_step:
                self._finish()
        self._step_num += 1

    def _finish(self) -> None:
        prof, self._profiler = self._profiler, None
        if self._analyse:
            prof.analyse()
        else:
            prof.stop()
        _print(f"Dynamic profiler stop at step {self._stop_step}")

    def on_train_step_end(self, run_context: Any) -> None:
        """Callback hook: one :meth:`step` per training step."""
        self.step()

    def on_train_end(self, run_context: Any) -> None:
        """Callback hook: a profile still running at the end of training is stopped."""
        if self._profiler is not None:
            self._finish()
