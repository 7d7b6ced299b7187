"""SummaryCollector: record the loss, parameter histograms and input images of a training run
to MindSpore's summary files (through SummaryRecord)."""

from __future__ import annotations

import logging
import re
import warnings
from typing import Any

import numpy as np

from deepsink.train.callback._callback import Callback, RunContext

_DEFAULTS: dict[str, Any] = {
    "collect_metric": True, "collect_graph": True, "collect_train_lineage": True,
    "collect_eval_lineage": True, "collect_input_data": True, "collect_dataset_graph": True,
    "histogram_regular": None, "collect_landscape": None,
}  # fmt: skip
_NOT_WRITTEN = (
    "collect_graph",
    "collect_train_lineage",
    "collect_eval_lineage",
    "collect_dataset_graph",
)
_logger = logging.getLogger("deepsink.summary")


def _positive(name: str, value: Any, allow_none: bool = False) -> Any:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(
            f"For 'SummaryCollector', the '{name}' must be a positive int, but got {value!r}"
        )
    return value


class SummaryCollector(Callback):
    """Collect the training loss (``loss/auto``), histograms of parameters
    (``<name>/auto``) and image inputs (``input_data/auto``) into a summary file in
    ``summary_dir`` at the first step and every ``collect_freq`` steps (epochs in sink mode).

    The network graph, the train/eval lineage and the dataset graph belong to MindSpore's
    graph IR and MindInsight's lineage plugin: deepsink does not write them, and warns once when
    they are asked for (they are by default).

    Args:
        summary_dir (str): the directory of the summary file.
        collect_freq (int, optional): collect every this many steps. Default: ``10``.
        num_process (int, optional): see SummaryRecord. Default: ``32``.
        collect_specified_data (dict, optional): ``collect_metric`` (bool), ``collect_input_data``
            (bool), ``histogram_regular`` (a regular expression over parameter names; None: the
            first five parameters), ``collect_graph``, ``collect_train_lineage``,
            ``collect_eval_lineage``, ``collect_dataset_graph`` (bool, not written),
            ``collect_landscape`` (must be None). Default: ``None``.
        keep_default_action (bool, optional): start from the defaults and update them with
            ``collect_specified_data`` (True) or collect only what it names (False).
            Default: ``True``.
        custom_lineage_data (dict, optional): lineage data; not written. Default: ``None``.
        collect_tensor_freq (int, optional): MindSpore's TensorSummary frequency; deepsink's
            networks emit no summary ops, so only checked. Default: ``None``.
        max_file_size (int, optional): see SummaryRecord. Default: ``None``.
        export_options (dict, optional): see SummaryRecord. Default: ``None``.

    Raises:
        ValueError: for a non-positive frequency or size, an unknown key or a bad regular
            expression.
        TypeError: for a value of the wrong type.
        NotImplementedError: for ``collect_landscape`` (SummaryLandscape).

    Examples:
        >>> import tempfile
        >>> import warnings
        >>> import numpy as np
        >>> import mindspore as ms
        >>> import mindspore.dataset as ds
        >>> from mindspore import nn
        >>> from mindspore.train import Model, SummaryCollector
        >>> net = nn.Dense(2, 1)
        >>> model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        >>> data = ds.NumpySlicesDataset({"x": np.ones((4, 2), np.float32),
        ...                               "y": np.ones((4, 1), np.float32)}).batch(2)
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     collector = SummaryCollector(tempfile.mkdtemp(), collect_freq=1)
        >>> model.train(1, data, callbacks=[collector], dataset_sink_mode=False)
        >>> print(collector.recorded_steps)
        [1, 2]
    """

    def __init__(
        self,
        summary_dir: str,
        collect_freq: int = 10,
        num_process: int = 32,
        collect_specified_data: dict | None = None,
        keep_default_action: bool = True,
        custom_lineage_data: dict | None = None,
        collect_tensor_freq: int | None = None,
        max_file_size: int | None = None,
        export_options: dict | None = None,
    ) -> None:
        super().__init__()
        if not isinstance(summary_dir, str) or not summary_dir:
            raise TypeError(
                f"For 'SummaryCollector', 'summary_dir' must be a non-empty str, but "
                f"got {summary_dir!r}"
            )
        self._collect_freq = _positive("collect_freq", collect_freq)
        self._collect_tensor_freq = _positive("collect_tensor_freq", collect_tensor_freq, True)
        self._max_file_size = _positive("max_file_size", max_file_size, True)
        if not isinstance(keep_default_action, bool):
            raise TypeError(
                f"For 'SummaryCollector', 'keep_default_action' must be bool, but got "
                f"{type(keep_default_action).__name__}"
            )
        self._specified = self._process(collect_specified_data, keep_default_action)
        if self._specified.get("collect_landscape"):
            raise NotImplementedError(
                "For 'SummaryCollector', 'collect_landscape' needs "
                "SummaryLandscape, which deepsink does not build"
            )
        if custom_lineage_data is not None and not isinstance(custom_lineage_data, dict):
            raise TypeError(
                f"For 'SummaryCollector', 'custom_lineage_data' must be a dict, but "
                f"got {type(custom_lineage_data).__name__}"
            )
        skipped = [k for k in _NOT_WRITTEN if self._specified.get(k)]
        if custom_lineage_data:
            skipped.append("custom_lineage_data")
        if skipped:
            warnings.warn(
                f"SummaryCollector: deepsink does not write {skipped} (MindSpore graph "
                f"IR and MindInsight lineage records)",
                stacklevel=2,
            )
        self._summary_dir, self._num_process = summary_dir, num_process
        self._export_options = export_options
        self._record: Any = None
        self._first_step = True
        self._sink = False
        self.recorded_steps: list[int] = []

    @staticmethod
    def _process(specified: Any, keep_default: bool) -> dict:
        if specified is None:
            return dict(_DEFAULTS) if keep_default else {}
        if not isinstance(specified, dict):
            raise TypeError(
                f"For 'SummaryCollector', 'collect_specified_data' must be a dict, but "
                f"got {type(specified).__name__}"
            )
        unexpected = set(specified) - set(_DEFAULTS)
        if unexpected:
            raise ValueError(
                f"For 'SummaryCollector', the keys {unexpected} of "
                f"`collect_specified_data` are unsupported, expect the follow keys: "
                f"{list(_DEFAULTS)}"
            )
        regular = specified.get("histogram_regular")
        if regular is not None:
            if not isinstance(regular, str):
                raise TypeError(
                    f"For 'SummaryCollector', 'histogram_regular' must be str or None, "
                    f"but got {type(regular).__name__}"
                )
            try:
                re.compile(regular)
            except re.error as exc:
                raise ValueError(
                    f"For `collect_specified_data`, the value of `histogram_regular` "
                    f"is not a valid regular expression. Detail: {exc}."
                ) from exc
        for key in set(_DEFAULTS) - {"histogram_regular", "collect_landscape"}:
            if key in specified and not isinstance(specified[key], bool):
                raise TypeError(
                    f"For 'SummaryCollector', '{key}' must be bool, but got "
                    f"{type(specified[key]).__name__}"
                )
        return {**_DEFAULTS, **specified} if keep_default else dict(specified)

    def _open(self) -> None:
        if self._record is None:
            from deepsink.train.summary import SummaryRecord

            self._record = SummaryRecord(
                self._summary_dir,
                num_process=self._num_process,
                max_file_size=self._max_file_size,
                export_options=self._export_options,
            )

    def __enter__(self) -> SummaryCollector:
        self._open()
        self._first_step = True
        return self

    def __exit__(self, *exc: Any) -> None:
        self.end(None)

    def begin(self, run_context: RunContext) -> None:
        """Open the summary file and note the run's mode."""
        cb_params = run_context.original_args()
        mode = cb_params.get("mode", "train")
        if mode not in ("train", "eval"):
            raise ValueError(
                f"Only support `train` (model.train) and `eval` (model.eval) mode, "
                f"but got `{mode}` mode."
            )
        self._open()
        self._record.set_mode(mode)
        self._sink = bool(cb_params.get("dataset_sink_mode", False))

    def step_end(self, run_context: RunContext) -> None:
        """Collect at the first step and every ``collect_freq`` steps (step mode)."""
        if not self._sink:
            self._maybe_collect(run_context.original_args())

    def epoch_end(self, run_context: RunContext) -> None:
        """Collect every ``collect_freq`` epochs (sink mode); flush."""
        if self._sink:
            self._maybe_collect(run_context.original_args())
        if self._record is not None:
            self._record.flush()

    def end(self, run_context: Any) -> None:
        """Close the summary file."""
        if self._record is not None:
            self._record.close()
            self._record = None

    def _maybe_collect(self, cb_params: Any) -> None:
        if cb_params.get("mode", "train") != "train":
            return
        self._open()
        current = cb_params.cur_epoch_num if self._sink else cb_params.cur_step_num
        if self._first_step or current % self._collect_freq == 0:
            self._first_step = False
            self._collect_input_data(cb_params)
            self._collect_loss(cb_params)
            self._collect_histograms(cb_params)
            self._record.record(int(cb_params.cur_step_num))
            self.recorded_steps.append(int(cb_params.cur_step_num))

    def _collect_loss(self, cb_params: Any) -> None:
        from deepsink.common.tensor import Tensor

        if not self._specified.get("collect_metric"):
            return
        output = cb_params.get("net_outputs")
        if isinstance(output, list | tuple):
            output = output[0] if output else None
        if output is None:
            _logger.warning(
                "Can not find any output by this network, so SummaryCollector will "
                "not collect loss."
            )
            self._specified["collect_metric"] = False
            return
        loss = output.asnumpy() if isinstance(output, Tensor) else np.asarray(output)
        self._record.add_value("scalar", "loss/auto", Tensor(np.mean(loss)))

    def _collect_histograms(self, cb_params: Any) -> None:
        if "histogram_regular" not in self._specified:
            return
        optimizer = cb_params.get("optimizer")
        params = list(getattr(optimizer, "parameters", None) or [])
        regular = self._specified.get("histogram_regular")
        chosen = [p for p in params if re.match(regular, p.name)] if regular else params[:5]
        for p in chosen:
            self._record.add_value("histogram", f"{p.name}/auto", p)

    def _collect_input_data(self, cb_params: Any) -> None:
        from deepsink.common.tensor import Tensor

        if not self._specified.get("collect_input_data"):
            return
        data = cb_params.get("train_dataset_element")
        if isinstance(data, list | tuple):
            data = data[0] if data else None
        if not isinstance(data, Tensor):
            self._specified["collect_input_data"] = False
            _logger.warning(
                "The 'train_dataset_element' is not a Tensor, so SummaryCollector "
                "will not record the input data."
            )
            return
        try:
            self._record.add_value("image", "input_data/auto", data)
        except (TypeError, ValueError):
            self._specified["collect_input_data"] = False
            _logger.warning(
                "The input data of network are not image, so will not collect by SummaryCollector."
            )
