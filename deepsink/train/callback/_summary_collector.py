"""SummaryCollector: record the loss, parameter histograms and input images of a training run
to MindSpore's summary files and TensorBoard's (through SummaryRecord), and to TensorBoard's also
the graph of the training step and the run's hyper-parameters."""

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
_NOT_WRITTEN = ("collect_eval_lineage", "collect_dataset_graph")
# written to the TensorBoard file only: the graph of the compiled step, the train lineage
_TENSORBOARD_ONLY = ("collect_graph", "collect_train_lineage")
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

    With a TensorBoard file (``summary_format`` ``"both"``, the default, or ``"tensorboard"``;
    see SummaryRecord) the same values go to it, and also, at the first collection, the graph of
    the compiled training step (``collect_graph``, TensorBoard's graph plugin) and, at the start,
    the train lineage as TensorBoard hyper-parameters (``collect_train_lineage``: learning rate,
    optimizer, loss function, epochs, batch size, dataset size, sink settings, parallel mode,
    device number, plus ``custom_lineage_data``), compared by ``loss/auto``. MindSpore's files
    hold neither (MindSpore's graph IR and MindInsight's lineage records are not built); the
    eval lineage and the dataset graph are written nowhere, and deepsink warns once when
    something asked for is not written (the defaults ask for them).

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
        summary_format (str, optional): (deepsink, keyword-only) see SummaryRecord.
            Default: ``"both"``.

    Raises:
        ValueError: for a non-positive frequency or size, an unknown key or a bad regular
            expression.
        TypeError: for a value of the wrong type.
        NotImplementedError: for ``collect_landscape`` (SummaryLandscape).

    Examples:
        >>> import tempfile
        >>> import warnings
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset as ds
        >>> from deepsink import nn
        >>> from deepsink.train import Model, SummaryCollector
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
        *,
        summary_format: str = "both",
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
        from deepsink.train.summary.summary_record import SUMMARY_FORMATS

        if summary_format not in SUMMARY_FORMATS:
            raise ValueError(
                f"For 'SummaryCollector', 'summary_format' must be one of "
                f"{list(SUMMARY_FORMATS)}, but got {summary_format!r}"
            )
        self._tensorboard = summary_format != "mindspore"
        unwritten = _NOT_WRITTEN if self._tensorboard else _NOT_WRITTEN + _TENSORBOARD_ONLY
        skipped = [k for k in unwritten if self._specified.get(k)]
        if custom_lineage_data and not self._tensorboard:
            skipped.append("custom_lineage_data")
        if skipped:
            warnings.warn(
                f"SummaryCollector: deepsink does not write {skipped} (MindSpore graph "
                f"IR and MindInsight lineage records)",
                stacklevel=2,
            )
        for key, value in (custom_lineage_data or {}).items():
            if not isinstance(key, str) or not isinstance(value, str | int | float):
                raise TypeError(
                    f"For 'SummaryCollector', 'custom_lineage_data' must map str to "
                    f"str, int or float, but got {key!r}: {value!r}"
                )
        self._custom_lineage = dict(custom_lineage_data or {})
        self._summary_format = summary_format
        self._graph_written = False
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
                summary_format=self._summary_format,
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
        if mode == "train" and self._tensorboard and self._specified.get("collect_train_lineage"):
            self._record.add_hparams(self._train_lineage(cb_params), ["loss/auto"])

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
        """Close the summary files."""
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
            self._collect_graph(cb_params)
            self._collect_input_data(cb_params)
            self._collect_loss(cb_params)
            self._collect_histograms(cb_params)
            self._record.record(int(cb_params.cur_step_num))
            self.recorded_steps.append(int(cb_params.cur_step_num))

    def _train_lineage(self, cb_params: Any) -> dict:
        """The run's hyper-parameters (MindSpore's train lineage fields that deepsink knows)."""
        lineage: dict[str, Any] = {}
        optimizer = cb_params.get("optimizer")
        if optimizer is not None:
            lineage["optimizer"] = type(optimizer).__name__
            lr = getattr(optimizer, "learning_rate", None)
            if lr is not None and not getattr(optimizer, "dynamic_lr", False):
                value = np.asarray(lr.asnumpy() if hasattr(lr, "asnumpy") else lr)
                if value.size == 1:
                    lineage["learning_rate"] = float(value.reshape(()))
        loss_fn = cb_params.get("loss_fn")
        if loss_fn is not None:
            lineage["loss_function"] = type(loss_fn).__name__
        dataset = cb_params.get("train_dataset")
        if dataset is not None:
            for key, getter in (
                ("batch_size", "get_batch_size"),
                ("train_dataset_size", "get_dataset_size"),
            ):
                try:
                    lineage[key] = int(getattr(dataset, getter)())
                except (AttributeError, TypeError, ValueError, RuntimeError):
                    pass
        for key in (
            "epoch_num",
            "dataset_sink_mode",
            "sink_size",
            "parallel_mode",
            "device_number",
        ):
            value = cb_params.get(key)
            if isinstance(value, str | bool | int | float):
                lineage["epoch" if key == "epoch_num" else key] = value
        lineage.update(self._custom_lineage)
        return lineage

    def _collect_graph(self, cb_params: Any) -> None:
        """Once: the graph of the training step, on the batch it ran (in sink mode, a batch of
        the dataset's shapes and types), to the TensorBoard file."""
        if self._graph_written or not self._tensorboard or not self._specified.get("collect_graph"):
            return
        self._graph_written = True
        import jax

        batch = cb_params.get("train_dataset_element")
        if not batch:
            dataset = cb_params.get("train_dataset")
            batch = [
                jax.ShapeDtypeStruct(tuple(s), t)
                for s, t in zip(dataset.output_shapes(), dataset.output_types())
            ]
        try:
            self._record.add_graph(cb_params.train_network, batch)
        except Exception as exc:  # an auxiliary record: say why, keep training
            _logger.warning(
                "SummaryCollector: the graph of the training step was not written "
                "(tracing it failed: %s: %s)",
                type(exc).__name__,
                exc,
            )

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
