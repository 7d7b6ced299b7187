"""SummaryRecord: write scalars, tensors, images and histograms to MindSpore's summary event
files (readable by MindSpore's and MindInsight's summary readers) and, by default, to a
TensorBoard event file next to them."""

from __future__ import annotations

import atexit
import logging
import os
import platform
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import numpy as np

from deepsink.ops.operations.summary_ops import take_summary_data
from deepsink.train.summary import _events
from deepsink.train.summary._tensorboard import TensorBoardWriter

SUMMARY_FORMATS = ("both", "mindspore", "tensorboard")

_VALUE_PLUGINS = ("scalar", "tensor", "image", "histogram")
_REFUSED_PLUGINS = {
    "graph": "the graph plugin stores MindSpore's graph IR (anf_ir GraphProto), which deepsink "
             "does not build; save programs with set_context(save_graphs=True)",
    "train_lineage": "lineage records belong to MindInsight's lineage plugin (not written)",
    "eval_lineage": "lineage records belong to MindInsight's lineage plugin (not written)",
    "dataset_graph": "lineage records belong to MindInsight's lineage plugin (not written)",
    "custom_lineage_data": "lineage records belong to MindInsight's lineage plugin (not written)",
    "landscape": "loss landscapes come from SummaryLandscape, which deepsink does not build",
}  # fmt: skip
_NAME_PART = re.compile(r"^[A-Za-z0-9_.\-]*$")
_logger = logging.getLogger("deepsink.summary")


def _check_part(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(
            f"For 'SummaryRecord', '{name}' should be str, but got {type(value).__name__}"
        )
    if not _NAME_PART.match(value):
        raise ValueError(
            f"For 'SummaryRecord', '{name}' may hold only letters, digits, '_', "
            f"'.' and '-', but got {value!r}"
        )
    return value


def event_file_name(prefix: str, suffix: str, time_second: str) -> str:
    """``<prefix>.out.events.summary.<seconds>.<device id>.<host><suffix>`` (MindSpore's)."""
    from deepsink import context

    device = context.get_context("device_id")
    try:
        from deepsink.communication import get_group_size, get_rank

        if get_group_size() > 1:
            device = get_rank()
    except (ImportError, RuntimeError):
        pass
    return f"{prefix}.out.events.summary.{time_second}.{device}.{platform.node()}{suffix}"


class SummaryRecord:
    """Write summary data (scalars, tensors, images, histograms) to an event file in
    ``log_dir``, MindSpore's format: ``add_value`` collects values, ``record(step)`` writes them
    as one event of that step.

    deepsink also writes the same values to a TensorBoard event file in ``log_dir``
    (``events.out.tfevents.<seconds>.<host><file_suffix>``, through ``tensorboardX``; a tensor
    summary appears there as a histogram), so ``tensorboard --logdir`` opens the run:
    ``summary_format`` chooses the files (see docs/monitoring.md). MindSpore's file is the same
    with or without it.

    Args:
        log_dir (str): the directory of the event file (created if missing).
        file_prefix (str, optional): the file name's prefix. Default: ``"events"``.
        file_suffix (str, optional): the file name's suffix. Default: ``"_MS"``.
        num_process (int, optional): MindSpore's writer processes; deepsink writes in the
            calling process (events are small). Default: ``32``.
        network (Cell, optional): MindSpore records its graph; deepsink has no MindSpore graph
            to record, so it must be None. Default: ``None``.
        max_file_size (int, optional): the most bytes the file may reach; a record that does not
            fit is dropped with a warning (or raises, with ``raise_exception``).
            Default: ``None`` (no limit).
        raise_exception (bool, optional): raise write errors instead of logging them.
            Default: ``False``.
        export_options (dict, optional): ``{"tensor_format": "npy"}`` also saves every tensor
            summary as ``export_<time>/tensor/<tag>_<step>.npy``. Default: ``None``.
        summary_format (str, optional): (deepsink, keyword-only) ``"both"``: MindSpore's
            summary file and a TensorBoard event file; ``"mindspore"``: MindSpore's only (as
            MindSpore); ``"tensorboard"``: TensorBoard's only. ``max_file_size`` bounds
            MindSpore's file. Default: ``"both"``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: for a bad prefix/suffix, export option or ``summary_format``.
        NotImplementedError: for a ``network`` (graph summaries).

    Examples:
        >>> import tempfile
        >>> import deepsink as ms
        >>> with ms.SummaryRecord(log_dir=tempfile.mkdtemp(), file_prefix="xx_",
        ...                       file_suffix="_yy") as summary_record:
        ...     summary_record.add_value("scalar", "loss", ms.Tensor(0.5))
        ...     print(summary_record.record(step=2))
        True
    """

    def __init__(
        self,
        log_dir: str,
        file_prefix: str = "events",
        file_suffix: str = "_MS",
        num_process: int = 32,
        network: Any = None,
        max_file_size: int | None = None,
        raise_exception: bool = False,
        export_options: dict | None = None,
        *,
        summary_format: str = "both",
    ) -> None:
        if not isinstance(log_dir, str) or not log_dir:
            raise TypeError(
                f"For 'SummaryRecord', 'log_dir' must be a non-empty str, but got {log_dir!r}"
            )
        _check_part("file_prefix", file_prefix)
        _check_part("file_suffix", file_suffix)
        if isinstance(num_process, bool) or not isinstance(num_process, int) or num_process < 1:
            raise TypeError(
                f"For 'SummaryRecord', 'num_process' must be a positive int, but got "
                f"{num_process!r}"
            )
        if max_file_size is not None and (
            isinstance(max_file_size, bool) or not isinstance(max_file_size, int)
        ):
            raise TypeError(
                f"For 'SummaryRecord', the 'max_file_size' should be int type, but got "
                f"type {type(max_file_size)}"
            )
        if not isinstance(raise_exception, bool):
            raise TypeError(
                f"For 'SummaryRecord', 'raise_exception' must be bool, but got "
                f"{type(raise_exception).__name__}"
            )
        if network is not None:
            raise NotImplementedError(
                f"For 'SummaryRecord', 'network': {_REFUSED_PLUGINS['graph']}"
            )
        if summary_format not in SUMMARY_FORMATS:
            raise ValueError(
                f"For 'SummaryRecord', 'summary_format' must be one of "
                f"{list(SUMMARY_FORMATS)}, but got {summary_format!r}"
            )
        self._export = self._export_options(export_options)
        self.max_file_size = (
            None if max_file_size is not None and max_file_size < 0 else max_file_size
        )
        self.raise_exception = raise_exception
        self._mode = "train"
        self._pool: list[tuple[str, str, np.ndarray]] = []
        self._session_end: Any = None  # the hparams session's end, written at close
        self._closed = False
        os.makedirs(log_dir, exist_ok=True)
        self.base_log_dir = log_dir
        seconds = str(int(time.time()))
        self._export_dir = os.path.join(log_dir, f"export_{seconds}") if self._export else None
        self._tensorboard = (
            TensorBoardWriter(log_dir, file_suffix) if summary_format != "mindspore" else None
        )
        self._file = None
        self._written = 0
        if summary_format == "tensorboard":
            self._path = self._tensorboard.path
        else:
            self._path = os.path.join(log_dir, event_file_name(file_prefix, file_suffix, seconds))
            self._file = open(self._path, "wb")  # noqa: SIM115 - held open until close()
            self._write(_events.version_event().SerializeToString())
        take_summary_data()  # the summary operators' values from before this record starts
        atexit.register(self.close)

    @staticmethod
    def _export_options(options: Any) -> dict | None:
        if options is None:
            return None
        if not isinstance(options, dict):
            raise TypeError(
                f"For 'SummaryRecord', 'export_options' must be a dict, but got "
                f"{type(options).__name__}"
            )
        for key, value in options.items():
            if key != "tensor_format":
                raise ValueError(
                    f"For 'SummaryRecord', the export option {key!r} is not "
                    f"supported; only 'tensor_format'"
                )
            if value not in (None, "npy"):
                raise ValueError(
                    f"For 'SummaryRecord', 'tensor_format' must be 'npy' or None, but got {value!r}"
                )
        return {k: v for k, v in options.items() if v is not None} or None

    def __enter__(self) -> SummaryRecord:
        if self._closed:
            raise ValueError(
                "For 'SummaryRecord', SummaryRecord has been closed, it can not be used again"
            )
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _write(self, data: bytes) -> None:
        record = _events.frame(data)
        if self.max_file_size is not None and self._written + len(record) > self.max_file_size:
            message = (
                f"'max_file_size' reached: There are {self.max_file_size - self._written} "
                f"bytes remaining, but the '{self._path}' requires to write "
                f"{len(record)} bytes."
            )
            if self.raise_exception:
                raise RuntimeWarning(message)
            _logger.warning(message)
            return
        self._file.write(record)
        self._written += len(record)

    def set_mode(self, mode: str) -> None:
        """``"train"`` or ``"eval"``: the mode of the data recorded (MindSpore's summary ops feed
        ``record`` only in train mode; ``add_value`` data is written in both).

        Raises:
            ValueError: for another mode.
        """
        if mode not in ("train", "eval"):
            raise ValueError(f"For 'set_mode', 'mode' must be 'train' or 'eval', but got {mode!r}")
        self._mode = mode

    def add_value(self, plugin: str, name: str, value: Any) -> None:
        """Add a value to the next ``record``.

        Args:
            plugin (str): ``"scalar"``, ``"tensor"``, ``"image"`` (NCHW, 1 or 3 channels) or
                ``"histogram"``.
            name (str): the tag.
            value (Tensor): the data.

        Raises:
            ValueError: for an unknown plugin or an empty name.
            TypeError: if ``value`` is not a Tensor.
            NotImplementedError: for the graph, lineage and landscape plugins.
        """
        from deepsink.common.tensor import Tensor

        if plugin in _REFUSED_PLUGINS:
            raise NotImplementedError(f"For 'SummaryRecord.add_value', {_REFUSED_PLUGINS[plugin]}")
        if plugin not in _VALUE_PLUGINS:
            raise ValueError(
                f"For 'SummaryRecord.add_value', no such 'plugin' of {plugin!r}, "
                f"expect value is one of [tensor, scalar, image, histogram, "
                f"train_lineage, eval_lineage, dataset_graph, custom_lineage_data, "
                f"graph, landscape]"
            )
        if not name or not isinstance(name, str):
            raise ValueError(
                f'For "SummaryRecord", the parameter "name" type should be str, but '
                f"got {type(name)}."
            )
        if not isinstance(value, Tensor):
            raise TypeError(
                f'For "SummaryRecord", the parameter "value" expect to be Tensor, but '
                f"got {type(value).__name__}"
            )
        data = value.asnumpy()
        if plugin == "scalar" and data.size != 1:
            raise ValueError(
                f"For 'SummaryRecord.add_value', a scalar must have one element, but "
                f"'{name}' has shape {data.shape}"
            )
        if plugin == "image" and (data.ndim != 4 or data.shape[1] not in (1, 3)):
            raise ValueError(
                f"For 'SummaryRecord.add_value', an image must be NCHW with 1 or 3 "
                f"channels, but '{name}' has shape {data.shape}"
            )
        if any(tag == name and p == plugin for p, tag, _ in self._pool):
            _logger.warning(
                "For 'SummaryRecord.add_value', %r has duplicate values; only the "
                "newest is recorded",
                f"{name}/{plugin}",
            )
            self._pool = [e for e in self._pool if not (e[0] == plugin and e[1] == name)]
        self._pool.append((plugin, name, data))

    def record(
        self,
        step: int,
        train_network: Any = None,
        plugin_filter: Callable[[str], bool] | None = None,
    ) -> bool:
        """Write the values added since the last ``record`` as the event of ``step``.

        Args:
            step (int): the step.
            train_network (Cell, optional): MindSpore records its graph once; accepted for
                MindSpore's call pattern, no graph is written. Default: ``None``.
            plugin_filter (Callable[[str], bool], optional): only plugins it returns True for are
                written. Default: ``None``.

        Returns:
            bool, whether the record was written (False once closed).

        Raises:
            TypeError: if ``step`` is not an int.
        """
        if isinstance(step, bool) or not isinstance(step, int | np.integer):
            raise TypeError(
                f"For 'record', the 'step' should be int, but got {type(step).__name__}"
            )
        if self._closed:
            _logger.error(
                "For 'SummaryRecord', The record writer is closed, please check if "
                "close() method is called"
            )
            return False
        if self._mode == "train":
            self._add_summary_tensor_data()
        pool, self._pool = self._pool, []
        if plugin_filter is not None:
            pool = [entry for entry in pool if plugin_filter(entry[0])]
        try:
            if pool and self._file is not None:
                self._write(_events.summary_event(pool, int(step)).SerializeToString())
            if pool and self._tensorboard is not None:
                self._tensorboard.write(pool, int(step))
            if self._export_dir is not None:
                self._export_tensors(pool, int(step))
        except (OSError, ValueError, TypeError) as exc:
            if self.raise_exception:
                raise
            _logger.error("For 'SummaryRecord.record', writing failed: %s", exc)
            return False
        return True

    def _add_summary_tensor_data(self) -> None:
        """Add the values the summary operators (``ops.ScalarSummary``...) put since the last
        record, each ``"tag[:Type]"`` under its plugin."""
        from deepsink.common.tensor import Tensor

        for name, data in take_summary_data().items():
            match = re.match(r"(.+)\[:(.+)\]", name)
            if match is None:
                _logger.warning("The name(%r) is invalid, expected 'TAG[:TYPE]'.", name)
                continue
            tag, plugin = match.groups()
            self.add_value(plugin.lower(), tag, Tensor(data))

    def _export_tensors(self, pool: list, step: int) -> None:
        directory = os.path.join(self._export_dir, "tensor")
        for plugin, tag, data in pool:
            if plugin == "tensor":
                os.makedirs(directory, exist_ok=True)
                np.save(os.path.join(directory, f"{quote(tag, safe='')}_{step}.npy"), data)

    @property
    def log_dir(self) -> str:
        """The full path of the event file (MindSpore's; TensorBoard's with
        ``summary_format="tensorboard"``)."""
        return self._path

    @property
    def tensorboard_file(self) -> str | None:
        """(deepsink) The full path of the TensorBoard event file; None without one."""
        return self._tensorboard.path if self._tensorboard is not None else None

    def add_graph(self, network: Any, batch: Any) -> bool:
        """(deepsink) Write the graph of ``network``'s compiled step on a batch like ``batch``
        (the columns it is called with: Tensors, arrays or ``jax.ShapeDtypeStruct``s) to the
        TensorBoard file, for TensorBoard's graph plugin: the step is traced, not run.

        Args:
            network (Cell): the network (a training cell: loss, gradients and update).
            batch (Union[list, tuple]): the network's inputs, or their shapes and dtypes.

        Returns:
            bool, whether it was written (False without a TensorBoard file, or once closed).
        """
        from deepsink.train.summary._tensorboard import step_graph

        if self._tensorboard is None or self._closed:
            return False
        columns = [c.asnumpy() if hasattr(c, "asnumpy") else c for c in batch]
        self._tensorboard.graph(step_graph(network, columns))
        return True

    def add_hparams(self, hparams: dict, metrics: Any = ()) -> bool:
        """(deepsink) Start a session of TensorBoard's hparams plugin in the TensorBoard file:
        the run's hyper-parameters and the scalar tags to compare runs by; :meth:`close` ends it.

        Args:
            hparams (dict): ``{name: value}``, values str, bool, int or float.
            metrics (Union[list, tuple]): scalar tags recorded in this run. Default: ``()``.

        Returns:
            bool, whether it was written (False without a TensorBoard file, or once closed).

        Raises:
            TypeError: for a value of another type.
        """
        if not isinstance(hparams, dict):
            raise TypeError(
                f"For 'SummaryRecord.add_hparams', 'hparams' must be a dict, but got "
                f"{type(hparams).__name__}"
            )
        for key, value in hparams.items():
            if not isinstance(value, str | bool | int | float):
                raise TypeError(
                    f"For 'SummaryRecord.add_hparams', the value of {key!r} must be "
                    f"str, bool, int or float, but got {type(value).__name__}"
                )
        if self._tensorboard is None or self._closed:
            return False
        end = self._tensorboard.hparams({str(k): v for k, v in hparams.items()}, list(metrics))
        self._session_end = end
        return True

    def flush(self) -> None:
        """Write what is buffered to disk."""
        if not self._closed:
            if self._file is not None:
                self._file.flush()
            if self._tensorboard is not None:
                self._tensorboard.flush()

    def close(self) -> None:
        """Flush and close the files (further records return False)."""
        if not self._closed:
            self._closed = True
            if self._file is not None:
                self._file.close()
            if self._tensorboard is not None:
                if self._session_end is not None:
                    self._tensorboard.end_hparams(self._session_end)
                self._tensorboard.close()
