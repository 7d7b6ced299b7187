"""Model: MindSpore's high-level train/eval/predict/fit, over one loop driver.

The Model decides epochs, sink sizes and callbacks; the sink engine (``train.sink``) decides how the
steps run. With ``dataset_sink_mode=True`` step callbacks fire once per sink and ``cur_step_num``
advances by the sink's size (MindSpore's rule); otherwise they fire every step.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import jax
import numpy as np

from deepsink import amp, context, nn, ops
from deepsink import log as logger
from deepsink._compile import jit as _jit
from deepsink._core import checks as _checks
from deepsink._core import functional
from deepsink._core.tracebacks import api_boundary
from deepsink._core.validate import (
    check_bool,
    check_non_negative_int,
    check_positive_int,
    fail_arg,
    shown,
)
from deepsink.common.tensor import Tensor, unwrap, unwrap_tree, wrap
from deepsink.train import graceful_stop, step_trace
from deepsink.train.callback import CallbackManager, CallbackParam, RunContext
from deepsink.train.callback._backup_and_restore import RESUME_EPOCH
from deepsink.train.callback._callback import (
    callbacks_for_eval_in_fit,
    check_custom_callbacks,
    wants_per_step_outputs,
)
from deepsink.train.metrics import Loss, get_metrics
from deepsink.train.profiling import context_profiling
from deepsink.train.sink.queue import endless_batches
from deepsink.train.sink.session import SinkSession


def _check_dataset(dataset: Any, arg: str, api: str, need_size: bool = True) -> int | None:
    """The dataset's size per epoch. Without ``need_size`` (a sink of a fixed sink_size) the size
    is only read when known in advance: an endless source is not counted (which never ends)."""
    if not hasattr(dataset, "create_tuple_iterator") or not hasattr(dataset, "get_dataset_size"):
        fail_arg(api, arg, "a deepsink.dataset Dataset", shown(type(dataset).__name__), TypeError)
    if not need_size:
        known = getattr(dataset, "_known_size", None)
        size = known() if known is not None else dataset.get_dataset_size()
        if size is None:
            return None
    else:
        size = dataset.get_dataset_size()
    if not size or size <= 0:
        raise ValueError(
            f"For '{api}', '{arg}' must not be empty, but its get_dataset_size() is {size}; "
            "check the data path and batch(drop_remainder=...)"
        )
    return size


def _note_if_unbatched(exc: BaseException, dataset: Any) -> None:
    """A shape or type error while stepping over a dataset without a batch operation most likely
    comes from the missing batch axis: say so (once) under the error."""
    from deepsink.dataset.engine.nodes import BatchDataset

    node = dataset
    while node is not None:
        if isinstance(node, BatchDataset):
            return
        children = getattr(node, "children", None)
        node = children[0] if children else None
    if ".batch(" in str(exc) or any(".batch(" in n for n in getattr(exc, "__notes__", ())):
        return
    exc.add_note(
        "The dataset has no batch operation, so each step gets one sample without its batch "
        "axis; was .batch(batch_size) forgotten?"
    )


def _epochs_read(dataset: Any, lengths: list[int]) -> int:
    """The dataset epoch a run of ``lengths`` steps ends in, counted as the iterator counts them
    (from the start, a resumed run's skipped epochs included; -1 when the size is not known
    without counting, or the dataset repeats without end): the pipeline reads no further."""
    known = getattr(dataset, "_known_size", None)
    # a dataset-like object that is no Dataset: its own size, as MindSpore's Model reads it
    size = known() if known is not None else dataset.get_dataset_size()
    if not isinstance(size, int) or size <= 0:
        return -1
    start = getattr(dataset, "get_init_step", lambda: 0)()  # a resumed run starts this many
    # batches in (epochs count on)
    return -(-(start + sum(lengths)) // size)


def _check_sink_size(sink_size: Any, api: str) -> int:
    if isinstance(sink_size, bool) or not isinstance(sink_size, int):
        fail_arg(api, "sink_size", "-1 or a positive int", sink_size, TypeError)
    if sink_size == 0 or sink_size < -1:
        fail_arg(api, "sink_size", "-1 or a positive int", sink_size)
    return sink_size


def host_batches(dataset: Any, num_epochs: int = -1) -> Iterator[tuple]:
    """Batches as Tensors, epochs back to back (the non-sink counterpart of the device queue)."""
    with endless_batches(dataset, num_epochs) as it:
        for batch in it:
            yield tuple(Tensor(np.asarray(c)) for c in batch)


class _LastStepLoss(Loss):
    """fit's ``eval_loss``: the loss of the last step fed to it."""

    def update(self, *inputs: Any) -> None:
        self.clear()
        super().update(*inputs)


class Model:
    """The high-level training and evaluation API (MindSpore's ``Model``): wraps a network with its
    loss and optimizer into a training Cell and runs it over a dataset, step by step or sunk
    (``dataset_sink_mode=True``: ``sink_size`` steps per device call).

    Args:
        network (Cell): the network; with ``loss_fn``, its output is the loss's logits.
        loss_fn (Cell, optional): the loss. Default: ``None`` (``network`` returns the loss, or
            is a training Cell already).
        optimizer (Cell, optional): updates the Parameters. Default: ``None`` (evaluation only).
        metrics (Union[dict, set], optional): names (``{"acc"}``) or ``{name: Metric}`` that
            ``eval`` computes. Default: ``None``.
        eval_network (Cell, optional): the evaluation network. Default: ``None`` (built from
            ``network`` and ``loss_fn``).
        eval_indexes (list[int], optional): which outputs of ``eval_network`` are the loss,
            the prediction and the label. Default: ``None``.
        amp_level (str): mixed precision, ``"O0"`` to ``"O3"`` or ``"auto"``. Default: ``"O0"``.
        boost_level (str): MindSpore's boost; only ``"O0"``. Default: ``"O0"``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``metrics`` are given without ``loss_fn`` or ``eval_network``, or a level is
            unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset as ds
        >>> from deepsink import nn
        >>> x = np.random.default_rng(0).normal(size=(64, 4)).astype(np.float32)
        >>> y = (x.sum(axis=1) > 0).astype(np.int32)
        >>> data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=False).batch(16)
        >>> net = nn.Dense(4, 2)
        >>> model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
        ...                  nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"})
        >>> model.train(2, data, dataset_sink_mode=True)
        >>> sorted(model.eval(data))
        ['acc']
    """

    def __init__(
        self,
        network: nn.Cell,
        loss_fn: Any = None,
        optimizer: Any = None,
        metrics: Any = None,
        eval_network: Any = None,
        eval_indexes: Any = None,
        amp_level: str = "O0",
        boost_level: str = "O0",
        **kwargs: Any,
    ) -> None:
        if not isinstance(network, nn.Cell):
            fail_arg("Model", "network", "a Cell", shown(type(network).__name__), TypeError)
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._amp_level = amp_level
        self._boost_level = boost_level
        self._amp_kwargs = kwargs
        self._metric_fns = get_metrics(metrics)
        if self._metric_fns:
            self._check_eval_setup(eval_network, eval_indexes)
        self._train_network = self._build_train_network()
        self._eval_network, self._eval_indexes = self._build_eval_network(
            eval_network, eval_indexes
        )
        self._cache: _jit.CompileCache = _jit.CompileCache()
        self._broadcast_done = False

    @property
    def train_network(self) -> nn.Cell:
        return self._train_network

    @property
    def predict_network(self) -> nn.Cell:
        return self._network

    @property
    def eval_network(self) -> nn.Cell | None:
        return self._eval_network

    def _build_train_network(self) -> nn.Cell:
        """MindSpore's rule: with an optimizer, ``amp.build_train_network`` (precision level, loss
        scaling); without one, the network (with its loss when given) as it is: the precision
        level then only makes evaluation cast outputs to float32 (``WithEvalCell``)."""
        amp._check_level(self._amp_level, "Model")
        amp._check_boost(self._boost_level)
        amp._check_kwargs(self._amp_kwargs)
        if self._optimizer is not None:
            network = amp.build_train_network(
                self._network,
                self._optimizer,
                self._loss_fn,
                self._amp_level,
                self._boost_level,
                **self._amp_kwargs,
            )
        elif self._loss_fn is not None:
            network = nn.WithLossCell(self._network, self._loss_fn)
        else:
            network = self._network
        self._declare_inputs(network)
        return network

    def _declare_inputs(self, network: nn.Cell) -> None:
        """MindSpore's rule: the network's set_inputs, then the loss's without its first input
        (the network's output), declare the inputs of the train (or eval) network built here."""
        declared = self._network.get_inputs()
        if declared is not None:
            loss_inputs = self._loss_fn.get_inputs() if self._loss_fn is not None else None
            if loss_inputs:
                declared = (*declared, *loss_inputs[1:])
            network.set_inputs(*declared)

    def _check_eval_setup(self, eval_network: Any, eval_indexes: Any) -> None:
        """MindSpore's checks when ``metrics`` are set: ``eval_indexes`` is None or a list of
        three, and there is an ``eval_network`` or a ``loss_fn`` to build one from."""
        if eval_network is not None:
            if eval_indexes is not None and not (
                isinstance(eval_indexes, list) and len(eval_indexes) == 3
            ):
                raise ValueError(
                    "The argument 'eval_indexes' must be a list or None. If 'eval_indexes' is a "
                    "list, length of it must be three. But got 'eval_indexes' "
                    f"{eval_indexes}"
                )
        elif self._loss_fn is None:
            raise ValueError(
                "If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if "
                "you don't want an evaluation.\nIf evaluation is required, you need to specify "
                "`eval_network`, which will be used in the framework to evaluate the model.\nFor "
                "the simple scenarios with one data, one label and one logits, `eval_network` is "
                "optional, and then you can set `eval_network` or `loss_fn`. For the latter case, "
                "framework will automatically build an evaluation network with `network` and "
                "`loss_fn`."
            )

    def _build_eval_network(self, eval_network: Any, eval_indexes: Any) -> tuple[Any, Any]:
        if eval_network is not None:
            return eval_network, list(eval_indexes) if eval_indexes is not None else None
        if self._loss_fn is not None:
            cast = self._amp_level in ("O2", "O3", "auto")
            network = nn.WithEvalCell(self._network, self._loss_fn, cast)
            self._declare_inputs(network)
            return network, [0, 1, 2]
        return None, None

    # --- the loop driver --------------------------------------------------------------------------
    def _steps(self, network: nn.Cell, dataset: Any, *args: Any, **kwargs: Any) -> Iterator[None]:
        """:meth:`_epoch_steps`, with a note on errors from a dataset without ``.batch()``."""
        try:
            yield from self._epoch_steps(network, dataset, *args, **kwargs)
        except (TypeError, ValueError) as exc:
            _note_if_unbatched(exc, dataset)
            raise

    def _epoch_steps(
        self,
        network: nn.Cell,
        dataset: Any,
        sink: bool,
        sink_lengths: Iterable[int],
        params: CallbackParam,
        run_context: RunContext,
        cbs: CallbackManager,
        phase: str,
        on_outputs: Any = None,
    ) -> Iterator[None]:
        """Generator: one iteration per epoch; runs that epoch's steps with the step callbacks."""
        step_begin = getattr(cbs, f"on_{phase}_step_begin")
        step_end = getattr(cbs, f"on_{phase}_step_end")
        element = f"{phase}_dataset_element"  # the batch the step runs on (train_/eval_...)
        lengths = list(sink_lengths)
        trace = step_trace.recorder(phase, sink)  # None unless profiling or TimeBreakdown listens
        per_step = wants_per_step_outputs(cbs.callbacks)  # a callback reads every step's outputs
        if sink:
            boxes = _jit.state_of(network)
            with SinkSession(
                network,
                boxes,
                dataset,
                iter(lengths),
                self._cache,
                measure=trace is not None,
                num_epochs=_epochs_read(dataset, lengths),
            ) as session:
                for n in lengths:
                    params.cur_step_num += n
                    # 2.10's sinking loop hands callbacks its sink iterator's item, an empty tuple
                    setattr(params, element, ())
                    if trace is not None:
                        self._traced_sink(
                            trace,
                            session,
                            n,
                            params,
                            run_context,
                            step_begin,
                            step_end,
                            on_outputs,
                            per_step,
                        )
                        yield
                        continue
                    step_begin(run_context)
                    outs = session.run("all" if on_outputs or per_step else "last")
                    _sink_outputs(params, outs, on_outputs, per_step)
                    step_end(run_context)
                    yield
            return
        if trace is not None:
            yield from self._traced_host_steps(
                trace,
                network,
                dataset,
                lengths,
                params,
                run_context,
                step_begin,
                step_end,
                on_outputs,
                phase,
                per_step,
            )
            return
        batches = host_batches(dataset, _epochs_read(dataset, lengths))
        try:
            for n in lengths:
                for batch in itertools.islice(batches, n):
                    params.cur_step_num += 1
                    setattr(params, element, list(batch))
                    step_begin(run_context)
                    outs = network(*batch)
                    if on_outputs:
                        on_outputs(outs)
                    params.net_outputs = outs
                    if per_step:
                        params.net_outputs_per_step = [outs]
                    step_end(run_context)
                    if run_context.get_stop_requested():
                        break
                jax.block_until_ready(unwrap_tree(params.net_outputs))
                _checks.raise_pending()  # data checks failed in compiled steps of this epoch
                yield
        finally:
            batches.close()

    @staticmethod
    def _traced_sink(
        trace, session, n, params, run_context, step_begin, step_end, on_outputs, per_step
    ) -> None:
        """One sink with its phases timed (``step_trace``): the same calls as the plain loop."""
        trace.begin(params.cur_epoch_num, params.cur_step_num, n)
        with trace.phase("callbacks"):
            step_begin(run_context)
        outs = session.run("all" if on_outputs or per_step else "last", trace=trace)
        with trace.phase("host"):
            _sink_outputs(params, outs, on_outputs, per_step)
        with trace.phase("callbacks"):
            step_end(run_context)
        trace.end()

    @staticmethod
    def _traced_host_steps(
        trace,
        network,
        dataset,
        lengths,
        params,
        run_context,
        step_begin,
        step_end,
        on_outputs,
        phase,
        per_step,
    ) -> Iterator[None]:
        """The non-sink loop with each step timed: fetching the batch, computing (until the
        device is done), callbacks. Waiting for each step costs its overlap with the next."""
        batches = host_batches(dataset, _epochs_read(dataset, lengths))
        try:
            for n in lengths:
                for _ in range(n):
                    trace.begin(params.cur_epoch_num, params.cur_step_num + 1, 1)
                    with trace.phase("data_wait"):
                        batch = next(batches)
                    params.cur_step_num += 1
                    setattr(params, f"{phase}_dataset_element", list(batch))
                    with trace.phase("callbacks"):
                        step_begin(run_context)
                    with trace.phase("compute"):
                        outs = network(*batch)
                        jax.block_until_ready(unwrap_tree(outs))
                    with trace.phase("host"):
                        if on_outputs:
                            on_outputs(outs)
                        params.net_outputs = outs
                        if per_step:
                            params.net_outputs_per_step = [outs]
                    with trace.phase("callbacks"):
                        step_end(run_context)
                    trace.end()
                    if run_context.get_stop_requested():
                        break
                _checks.raise_pending()  # data checks failed in compiled steps of this epoch
                yield
        finally:
            batches.close()

    # --- train ------------------------------------------------------------------------------------
    @api_boundary
    def train(
        self,
        epoch: int,
        train_dataset: Any,
        callbacks: Any = None,
        dataset_sink_mode: bool = False,
        sink_size: int = -1,
        initial_epoch: int = 0,
    ) -> None:
        """Train ``epoch - initial_epoch`` epochs (``sink_size`` steps each when sunk and > 0).

        Resuming with ``initial_epoch=k`` (after loading the epoch-k checkpoint into
        ``train_network``) also starts the dataset where epoch k ended, with the shuffles and
        augmentations it would have had, so the run continues as if never stopped; MindSpore
        restarts the dataset from its first epoch instead. ``cur_step_num`` counts the steps of
        this call (MindSpore's rule).

        Args:
            epoch (int): the epoch to train up to.
            train_dataset (Dataset): batches of (inputs..., label).
            callbacks (Union[Callback, list[Callback]], optional): Default: ``None``.
            dataset_sink_mode (bool): run ``sink_size`` steps per device call. Default: ``False``.
            sink_size (int): steps per sink; ``-1``: the dataset's size. Default: ``-1``.
            initial_epoch (int): the epoch to start after (resuming). Default: ``0``.

        Raises:
            ValueError: ``epoch`` is not above ``initial_epoch``, or ``sink_size`` is invalid.
            RuntimeError: the Model has no optimizer to train with.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> import deepsink.dataset as ds
            >>> from deepsink import nn
            >>> x = np.ones((32, 4), np.float32)
            >>> y = np.zeros((32,), np.int32)
            >>> data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"]).batch(8)
            >>> net = nn.Dense(4, 2)
            >>> model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
            ...                  reduction="mean"), nn.Momentum(net.trainable_params(), 0.1, 0.9))
            >>> model.train(1, data, dataset_sink_mode=True, sink_size=4)
        """
        self._fit(
            epoch,
            train_dataset,
            None,
            1,
            callbacks,
            dataset_sink_mode,
            False,
            sink_size,
            initial_epoch,
            "train",
        )

    @api_boundary
    def fit(
        self,
        epoch: int,
        train_dataset: Any,
        valid_dataset: Any = None,
        valid_frequency: int = 1,
        callbacks: Any = None,
        dataset_sink_mode: bool = False,
        valid_dataset_sink_mode: bool = False,
        sink_size: int = -1,
        initial_epoch: int = 0,
    ) -> None:
        """Train, evaluating ``valid_dataset`` every ``valid_frequency`` epochs (results in
        ``cb_params.eval_results``, before ``on_train_epoch_end``).

        Args:
            epoch (int): the number of epochs.
            train_dataset (Dataset): the training data.
            valid_dataset (Dataset, optional): evaluated every ``valid_frequency`` epochs. Default: ``None``.
            valid_frequency (int): epochs between evaluations. Default: ``1``.
            callbacks (Union[Callback, list[Callback]], optional): called during training. Default: ``None``.
            dataset_sink_mode (bool): train in sink mode. Default: ``False``.
            valid_dataset_sink_mode (bool): evaluate in sink mode. Default: ``False``.
            sink_size (int): steps per sink, -1 for an epoch. Default: ``-1``.
            initial_epoch (int): the epoch to start from. Default: ``0``.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> net = nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
            >>> data = {'x': np.ones((8, 2), np.float32), 'y': np.zeros((8, 1), np.float32)}
            >>> ds = ms.dataset.NumpySlicesDataset(data, shuffle=False).batch(4)
            >>> model = ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1), metrics={'loss'})
            >>> model.fit(2, ds, ds, callbacks=[ms.train.LossMonitor(2)])  # doctest: +ELLIPSIS
            epoch: 1 step: 2, loss is 0.64...
            Eval result: epoch 1, metrics: {'loss': 0.1023...}
            epoch: 2 step: 2, loss is 0.01638...
            Eval result: epoch 2, metrics: {'loss': 0.00262...}
        """
        self._fit(
            epoch,
            train_dataset,
            valid_dataset,
            valid_frequency,
            callbacks,
            dataset_sink_mode,
            valid_dataset_sink_mode,
            sink_size,
            initial_epoch,
            "fit",
        )

    def _fit(
        self,
        epoch,
        train_dataset,
        valid_dataset,
        valid_frequency,
        callbacks,
        sink,
        valid_sink,
        sink_size,
        initial_epoch,
        api,
    ) -> None:
        check_positive_int(epoch, "epoch", api)
        check_bool(sink, "dataset_sink_mode", api)
        check_non_negative_int(initial_epoch, "initial_epoch", api)
        if initial_epoch >= epoch:
            fail_arg(api, "initial_epoch", f"less than 'epoch' ({epoch})", initial_epoch)
        sink_size = _check_sink_size(sink_size, api)
        size = _check_dataset(train_dataset, "train_dataset", api, not sink or sink_size == -1)
        if valid_dataset is not None:
            if not isinstance(valid_frequency, list):
                check_positive_int(valid_frequency, "valid_frequency", api)
            if self._eval_network is None or not self._metric_fns:
                raise ValueError(
                    f"For '{api}', evaluating 'valid_dataset' needs 'metrics' and a 'loss_fn' or "
                    "'eval_network' in the Model"
                )
        if self._optimizer is None and self._loss_fn is not None:
            raise ValueError(f"For '{api}', 'optimizer' must be given to train with 'loss_fn'")
        check_custom_callbacks(callbacks, api)
        if self._loss_fn is None:
            _check_network_takes_columns(self._network, train_dataset, api)
        self._broadcast_parameters()
        per_epoch = size if not sink or sink_size == -1 else sink_size
        network = self._train_network.set_train(True)
        params = CallbackParam(
            train_network=network,
            optimizer=self._optimizer,
            loss_fn=self._loss_fn,
            train_dataset=train_dataset,
            valid_dataset=valid_dataset,
            epoch_num=epoch - initial_epoch,
            batch_num=per_epoch,
            cur_step_num=0,
            dataset_sink_mode=sink,
            mode="train",
            network=self._network,
            list_callback=_callback_list(callbacks),
            parallel_mode=context.get_auto_parallel_context("parallel_mode"),
            device_number=context.get_auto_parallel_context("device_num"),
        )
        if sink:  # MindSpore's sinking loop records its sink_size (the host loop does not)
            params.sink_size = sink_size
        # the fields 2.10 sets to None before the first step (present in cb_params.keys())
        params.train_dataset_element = params.last_save_ckpt_step = None
        params.latest_ckpt_file = params.initial_step = None
        params.loss_scale_mananger = self._amp_kwargs.get("loss_scale_manager")
        run_context = RunContext(params)
        with (
            context_profiling(),
            CallbackManager(callbacks) as cbs,
            graceful_stop.training(run_context),
        ):
            cbs.on_train_begin(run_context)
            start = _resume_epoch(params, initial_epoch)
            params.epoch_num = max(epoch - start, 0)
            plan = itertools.repeat(per_epoch, params.epoch_num)
            with _dataset_position(train_dataset, start * per_epoch):
                epochs = self._steps(
                    network, train_dataset, sink, plan, params, run_context, cbs, "train"
                )
                self._epochs(
                    epochs,
                    range(start, epoch),
                    params,
                    run_context,
                    cbs,
                    valid_dataset,
                    valid_frequency,
                    valid_sink,
                    network,
                )
            cbs.on_train_end(run_context)
        graceful_stop.exit_if_stopped()

    def _broadcast_parameters(self) -> None:
        """``parameter_broadcast=True``: rank 0's Parameters (and optimizer state) on every rank,
        once per Model, before its first training step (MindSpore broadcasts when it first compiles
        the training network)."""
        if not context.get_auto_parallel_context("parameter_broadcast"):
            return
        mode = context.get_auto_parallel_context("parallel_mode")
        if not context.data_parallel():
            raise ValueError(
                "stand_alone, semi_auto_parallel and auto_parallel do not support parameter "
                f"broadcast, parallel_mode: {mode}, parameter_broadcast:True"
            )
        if self._broadcast_done:
            return
        params = tuple(self._train_network.get_parameters())
        values = ops.Broadcast(0)(tuple(Tensor._from(v) for v in functional.values(params)))
        functional.update(params, tuple(unwrap(v) for v in values))
        self._broadcast_done = True

    def _epochs(
        self,
        epochs: Iterator[None],
        numbers: range,
        params: CallbackParam,
        run_context: RunContext,
        cbs: CallbackManager,
        valid_dataset: Any,
        valid_frequency: Any,
        valid_sink: bool,
        network: nn.Cell,
    ) -> None:
        """Run the epochs ``numbers`` (0-based) with their callbacks and fit's evaluations."""
        try:
            for ep in numbers:
                params.cur_epoch_num = ep + 1
                cbs.on_train_epoch_begin(run_context)
                next(epochs)
                evaluated = valid_dataset is not None and _due(ep + 1, valid_frequency)
                if evaluated:
                    self._eval_in_fit(valid_dataset, cbs.callbacks, valid_sink, params)
                    network.set_train(True)
                cbs.on_train_epoch_end(run_context)
                if evaluated:
                    params.pop("metrics", None)
                    params.pop("eval_results", None)
                if run_context.get_stop_requested():
                    break
        finally:
            epochs.close()

    def _eval_in_fit(
        self, dataset: Any, callbacks: list, sink: bool, params: CallbackParam
    ) -> None:
        """fit's evaluation: metrics plus ``eval_loss`` into the training cb_params; only user
        callbacks and TimeMonitor see it (MindSpore's rule). ``eval_loss`` is the loss of the last
        evaluation step (2.10 makes a new ``Loss`` metric at every step), and ``eval_results`` is
        set before ``on_eval_end``, as 2.10 sets them."""
        self._metric_fns["eval_loss"] = _LastStepLoss()
        try:
            with CallbackManager(callbacks_for_eval_in_fit(callbacks)) as cbs:
                results = self._eval(dataset, cbs, sink, params.cur_epoch_num, in_fit=True)
        finally:
            del self._metric_fns["eval_loss"]
        params.metrics = {k: v for k, v in results.items() if k != "eval_loss"}
        params.eval_results = results

    # --- eval / predict ---------------------------------------------------------------------------
    @api_boundary
    def eval(
        self, valid_dataset: Any, callbacks: Any = None, dataset_sink_mode: bool = False
    ) -> dict:
        """The metrics over one pass of ``valid_dataset``.

        Args:
            valid_dataset (Dataset): batches of (inputs..., label).
            callbacks (Union[Callback, list[Callback]], optional): Default: ``None``.
            dataset_sink_mode (bool): Default: ``False``.

        Returns:
            dict, ``{metric name: value}``.

        Raises:
            ValueError: the Model was built without metrics.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> import deepsink.dataset as ds
            >>> from deepsink import nn
            >>> x = np.ones((8, 4), np.float32)
            >>> y = np.zeros((8,), np.int32)
            >>> data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"]).batch(4)
            >>> net = nn.Dense(4, 2, weight_init="zeros", bias_init="zeros")
            >>> model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
            ...                  reduction="mean"), metrics={"loss"})
            >>> result = model.eval(data)
            >>> list(result), round(float(result["loss"]), 4)
            (['loss'], 0.6931)
        """
        check_bool(dataset_sink_mode, "dataset_sink_mode", "eval")
        check_custom_callbacks(callbacks, "eval")
        with context_profiling(), CallbackManager(callbacks) as cbs:
            return self._eval(valid_dataset, cbs, dataset_sink_mode, 1)

    def _eval(
        self, dataset: Any, cbs: CallbackManager, sink: bool, epoch: int, in_fit: bool = False
    ) -> dict:
        if self._eval_network is None:
            raise ValueError("For 'eval', the Model needs a 'loss_fn' or an 'eval_network'")
        if not self._metric_fns:
            raise ValueError("For 'eval', the Model needs 'metrics' (e.g. metrics={'acc'})")
        size = _check_dataset(dataset, "valid_dataset", "eval")
        network = self._eval_network.set_train(False)
        for m in self._metric_fns.values():
            m.clear()
        params = CallbackParam(
            eval_network=network,
            valid_dataset=dataset,
            epoch_num=1,
            batch_num=size,
            cur_epoch_num=epoch,
            cur_step_num=0,
            dataset_sink_mode=sink,
            mode="eval",
            net_outputs=None,
        )
        run_context = RunContext(params)
        cbs.on_eval_begin(run_context)
        cbs.on_eval_epoch_begin(run_context)
        steps = self._steps(
            network,
            dataset,
            sink,
            [size],
            params,
            run_context,
            cbs,
            "eval",
            on_outputs=self._update_metrics,
        )
        for _ in steps:
            pass
        results = {name: m.eval() for name, m in self._metric_fns.items()}
        params.metrics = results
        cbs.on_eval_epoch_end(run_context)
        if in_fit:
            params.metrics = {k: v for k, v in results.items() if k != "eval_loss"}
            params.eval_results = results
        cbs.on_eval_end(run_context)
        return results

    def _update_metrics(self, outputs: Any) -> None:
        """Feed metrics one step's outputs."""
        if isinstance(outputs, Tensor | np.ndarray):
            outputs = (outputs,)
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    @api_boundary
    def predict(self, *predict_data: Any, backend: str | None = None, config: Any = None) -> Any:
        """The network's output for ``predict_data`` in inference mode.

        Args:
            predict_data (Union[Tensor, int, float, str, None]): the network's inputs.
            backend (str, optional): ``'lite'`` asks for MindSpore Lite inference, which deepsink
                does not have: as MindSpore 2.10 does when ``mindspore_lite`` cannot be imported,
                it logs a warning once and runs the network. Default: ``None``.
            config (dict, optional): Lite's configuration, read only by Lite inference (so unused
                here, as in 2.10 without Lite). Default: ``None``.

        Returns:
            The network's output (computed with ``set_train(False)``).

        Raises:
            ValueError: ``backend`` is not ``'lite'`` or None, or an input Tensor is empty.
            TypeError: an input is not a Tensor, None, int, float or str (a NumPy array or a
                list too, as in 2.10).
            RuntimeError: the network returns None.

        Examples:
            >>> import numpy as np
            >>> import deepsink as ms
            >>> from deepsink import nn
            >>> model = ms.Model(nn.Dense(2, 1, weight_init='ones', bias_init='zeros'))
            >>> print(model.predict(ms.Tensor(np.array([[1.0, 2.0]], np.float32))))
            [[3.]]
        """
        if backend not in ("lite", None):
            raise ValueError(
                f"For Model.predict, `backend` should be 'lite' or None, but got {backend}"
            )
        if backend == "lite" and self.__dict__.get("_lite_infer", True):
            self._lite_infer = False  # as 2.10 after its failed import: warned once
            logger.warning("Import mindspore_lite failed, fallback to original inference!")
        for item in predict_data:
            if item is None:
                continue
            if isinstance(item, Tensor):
                if item.size == 0:
                    logger.critical("The input data can not be empty.")
                    raise ValueError("The input data can not be empty.")
                continue
            if not isinstance(item, int | float | str):
                kinds = "Tensor, None, int, float, str"
                raise TypeError(
                    f"The types of input data must be in the Union({kinds}, tuple[{kinds}], "
                    f"list[{kinds}], dict[{kinds}]), but got type {type(item).__name__}."
                )
        self._network.set_train(False)
        result = self._network(*predict_data)
        if result is None:
            raise RuntimeError(
                "The output data can not be None, please check your net or input data."
            )
        return result


def _check_network_takes_columns(network: nn.Cell, dataset: Any, api: str) -> None:
    """Without a loss_fn the network itself is trained on every dataset column and must return
    the loss; say so up front instead of failing inside construct with an argument-count error."""
    names = list(dataset.get_col_names()) if hasattr(dataset, "get_col_names") else None
    if not names:
        return
    try:
        sig = inspect.signature(network.construct)
    except (TypeError, ValueError):
        return
    try:
        sig.bind(*names)
    except TypeError:
        raise TypeError(
            f"For '{api}', the Model has no 'loss_fn', so the network is trained as it is: it is "
            f"called with every dataset column ({len(names)}: {names}) and must return the loss, "
            f"but {type(network).__name__}.construct{sig} cannot take {len(names)} inputs. Give "
            "the Model a loss and an optimizer (Model(net, loss_fn=..., optimizer=...)), or pass a "
            "network that computes its own loss (e.g. nn.TrainOneStepCell(nn.WithLossCell(net, "
            "loss), optimizer))"
        ) from None


def _callback_list(callbacks: Any) -> list:
    """The user's callbacks as a list (``cb_params.list_callback``)."""
    if callbacks is None:
        return []
    return list(callbacks) if isinstance(callbacks, list | tuple) else [callbacks]


def _resume_epoch(params: CallbackParam, initial_epoch: int) -> int:
    """The first epoch to run: ``initial_epoch``, or later when a callback restored a backup in
    ``on_train_begin`` (``BackupAndRestore`` sets ``cb_params.resume_epoch``)."""
    restored = params.pop(RESUME_EPOCH, None)
    if restored is None:
        return initial_epoch
    start = max(initial_epoch, int(restored))
    params.cur_epoch_num = start
    return start


@contextmanager
def _dataset_position(dataset: Any, step: int) -> Iterator[None]:
    """Start the dataset ``step`` batches in while training resumes (``initial_epoch`` > 0), so
    the resumed epochs see the batches, shuffles and augmentations an uninterrupted run would.
    A position the user set with ``set_init_step`` is left alone."""
    if not step or not hasattr(dataset, "set_init_step") or dataset.get_init_step():
        yield
        return
    before = dataset._init_step
    dataset.set_init_step(step)
    try:
        yield
    finally:
        dataset._init_step = before


def _due(epoch: int, valid_frequency: int | list) -> bool:
    """MindSpore's rule: evaluate at epochs divisible by the frequency (or listed in it)."""
    if isinstance(valid_frequency, list):
        return epoch in valid_frequency
    return epoch % valid_frequency == 0


def _sink_outputs(params: CallbackParam, outs: Any, on_outputs: Any, per_step: bool) -> None:
    """Hand a sink's outputs on: ``outs`` is the last step's (``session.run("last")``) or every
    step's (``"all"``, read in the sink's one host copy); each step's go to ``on_outputs`` (the
    metrics), and with ``per_step`` to ``cb_params.net_outputs_per_step``, one entry per step: the
    step's outputs as numpy arrays (a tuple of them for a tuple output)."""
    if on_outputs or per_step:
        if on_outputs:
            for step_outs in outs:
                on_outputs(step_outs)
        if per_step:  # numpy, as read: a Tensor per step would cost a device copy each
            params.net_outputs_per_step = [_as_arrays(o) for o in outs]
        outs = outs[-1]
    params.net_outputs = wrap(_as_arrays(outs))


def _as_arrays(outs: Any) -> Any:
    return (
        tuple(np.asarray(o) for o in outs) if isinstance(outs, tuple | list) else np.asarray(outs)
    )
