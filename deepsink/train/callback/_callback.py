"""Callback, RunContext, CallbackParam and CallbackManager: the callback protocol of ``Model``.

The Model drives one :class:`CallbackManager` through the hooks in this order::

    on_train_begin
      on_train_epoch_begin                      (per epoch)
        on_train_step_begin / on_train_step_end (per step, or once per sink)
        [on_eval_* during fit]
      on_train_epoch_end                        (then the Model checks get_stop_requested())
    on_train_end

Every ``on_train_*`` / ``on_eval_*`` hook defaults to the MindSpore 1.x name (``on_train_step_end``
calls ``step_end``, ``on_eval_epoch_begin`` calls ``epoch_begin``, ...), so callbacks written
against either generation work, as in MindSpore 2.x.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import numpy as np

logger = logging.getLogger("deepsink")

_SINK_NOTE = (
    "With ``dataset_sink_mode=True`` the step hooks fire once per sink, not once per step, and\n"
    "        ``cur_step_num`` advances by the number of steps in that sink (``sink_size``)."
)

#: Hooks of the MindSpore 1.x protocol (aliases called for both train and eval).
OLD_HOOKS = ("begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end")


def _doc(text: str, sink: bool = False) -> Callable:
    """Attach a hook docstring (with the sink rule for step hooks)."""

    def deco(fn: Callable) -> Callable:
        body = text + (f"\n\n        {_SINK_NOTE}" if sink else "")
        fn.__doc__ = f"""{body}

        Args:
            run_context (RunContext): the running state; ``run_context.original_args()`` is the
                :class:`CallbackParam`.
        """
        return fn

    return deco


class Callback:
    """Base class of callbacks; every hook is a no-op.

    Override the MindSpore 2.x hooks (``on_train_step_end``, ``on_eval_epoch_end``, ...) or the
    1.x ones (``step_end``, ``epoch_end``, ...): each 2.x hook calls its 1.x counterpart by
    default, so a 1.x callback also runs during evaluation. Callbacks are context managers that
    the Model enters for the duration of ``train``/``eval``.

    A callback that sets ``needs_per_step_outputs = True`` (deepsink; see
    docs/monitoring.md) makes the Model hand it every step's outputs in
    ``cb_params.net_outputs_per_step``, also in sink mode, where the step hooks still fire once
    per sink: the sink then reads all its steps' outputs in its one device-to-host copy instead of
    the last step's.

    Examples:
        >>> class PrintStep(Callback):
        ...     def on_train_step_end(self, run_context):
        ...         print("step_num:", run_context.original_args().cur_step_num)
    """

    #: (deepsink) ask the Model for ``cb_params.net_outputs_per_step``. Default: ``False``.
    needs_per_step_outputs: bool = False

    def __enter__(self) -> Callback:
        return self

    def __exit__(self, *err: Any) -> Any:
        return None

    # --- MindSpore 1.x names (aliases for both train and eval) ----------------------------------
    @_doc("Called once before training or evaluation starts (1.x alias).")
    def begin(self, run_context: RunContext) -> None:
        pass

    @_doc("Called before each epoch (1.x alias).")
    def epoch_begin(self, run_context: RunContext) -> None:
        pass

    @_doc("Called before each step (1.x alias).", sink=True)
    def step_begin(self, run_context: RunContext) -> None:
        pass

    @_doc("Called after each step (1.x alias).", sink=True)
    def step_end(self, run_context: RunContext) -> None:
        pass

    @_doc("Called after each epoch (1.x alias).")
    def epoch_end(self, run_context: RunContext) -> None:
        pass

    @_doc("Called once after training or evaluation (1.x alias).")
    def end(self, run_context: RunContext) -> None:
        pass

    # --- MindSpore 2.x training hooks ---------------------------------------------------------
    @_doc("Called once before training; calls ``begin`` by default.")
    def on_train_begin(self, run_context: RunContext) -> None:
        self.begin(run_context)

    @_doc("Called before each training epoch; calls ``epoch_begin`` by default.")
    def on_train_epoch_begin(self, run_context: RunContext) -> None:
        self.epoch_begin(run_context)

    @_doc("Called before each training step; calls ``step_begin`` by default.", sink=True)
    def on_train_step_begin(self, run_context: RunContext) -> None:
        self.step_begin(run_context)

    @_doc("Called after each training step; calls ``step_end`` by default.", sink=True)
    def on_train_step_end(self, run_context: RunContext) -> None:
        self.step_end(run_context)

    @_doc("Called after each training epoch; calls ``epoch_end`` by default.")
    def on_train_epoch_end(self, run_context: RunContext) -> None:
        self.epoch_end(run_context)

    @_doc("Called once after training; calls ``end`` by default.")
    def on_train_end(self, run_context: RunContext) -> None:
        self.end(run_context)

    # --- MindSpore 2.x evaluation hooks ------------------------------------------------------
    @_doc("Called once before evaluation; calls ``begin`` by default.")
    def on_eval_begin(self, run_context: RunContext) -> None:
        self.begin(run_context)

    @_doc("Called before the evaluation epoch; calls ``epoch_begin`` by default.")
    def on_eval_epoch_begin(self, run_context: RunContext) -> None:
        self.epoch_begin(run_context)

    @_doc("Called before each evaluation step; calls ``step_begin`` by default.", sink=True)
    def on_eval_step_begin(self, run_context: RunContext) -> None:
        self.step_begin(run_context)

    @_doc("Called after each evaluation step; calls ``step_end`` by default.", sink=True)
    def on_eval_step_end(self, run_context: RunContext) -> None:
        self.step_end(run_context)

    @_doc("Called after the evaluation epoch; calls ``epoch_end`` by default.")
    def on_eval_epoch_end(self, run_context: RunContext) -> None:
        self.epoch_end(run_context)

    @_doc("Called once after evaluation; calls ``end`` by default.")
    def on_eval_end(self, run_context: RunContext) -> None:
        self.end(run_context)


# Fields that hold the network: reading one asks the Model to write its on-device state back first.
_NETWORK_FIELDS = frozenset({"train_network", "eval_network", "network", "optimizer"})


@dataclass(eq=False, repr=False)
class CallbackParam:
    """The Model's running state handed to callbacks (``run_context.original_args()``).

    A declared dataclass with MindSpore's field names. It also behaves like the dict MindSpore
    uses (``cb_params.get("cur_epoch_num", 1)``, ``cb_params["net_outputs"]``, ``"metrics" in
    cb_params``, ``pop``), where a declared field counts as present once it was assigned (also
    to None, as the Model assigns ``train_dataset_element = None`` before the first step) or
    given to the constructor as not None, and callbacks may set extra attributes of their own
    (``cb_params.my_value = 3``).

    Reading ``train_network``, ``eval_network``, ``network`` or ``optimizer`` first calls the
    Model's state-sync function (see :meth:`set_state_sync`), so a callback that looks at the
    Parameters sees the values the device holds, even while the sink keeps them on the device.

    Fields:
        mode: ``"train"`` or ``"eval"``.
        train_network / eval_network / network: the training Cell (with loss and optimizer),
            the evaluation Cell, and the user's backbone.
        loss_fn, optimizer: as passed to the Model.
        train_dataset, valid_dataset: the datasets being iterated.
        epoch_num: epochs this call will run (``epoch - initial_epoch``).
        batch_num: steps per epoch; ``sink_size`` when sinking with ``sink_size > 0``.
        cur_epoch_num: 1-based current epoch.
        cur_step_num: steps run so far in this call (cumulative over epochs); advances by the
            sink's step count once per sink in sink mode.
        net_outputs: outputs of the last step run (the loss, or a tuple whose first item is it).
        net_outputs_per_step: (deepsink) set only while a callback has ``needs_per_step_outputs``:
            a list with the outputs of every step since the last step hook; in sink mode one
            entry per step of the sink, each as numpy arrays (a tuple of them for a tuple output:
            read in the sink's one device-to-host copy), otherwise ``[net_outputs]``.
        dataset_sink_mode, sink_size: the sink settings in force.
        list_callback: the user's callbacks, as a list.
        parallel_mode, device_number: distributed settings.
        metrics: metric results after an evaluation (``{name: value}``).
        eval_results: ``metrics`` plus ``"eval_loss"``, set by ``fit``'s evaluation.
        train_dataset_element / eval_dataset_element: the last batch fed to the network.
        initial_step, last_save_ckpt_step, latest_ckpt_file, dataset_helper: as in MindSpore.
        loss_scale_mananger: the Model's ``loss_scale_manager`` (MindSpore's spelling of the key).
    """

    mode: str | None = None
    train_network: Any = None
    eval_network: Any = None
    network: Any = None
    loss_fn: Any = None
    optimizer: Any = None
    train_dataset: Any = None
    valid_dataset: Any = None
    epoch_num: int | None = None
    batch_num: int | None = None
    cur_epoch_num: int | None = None
    cur_step_num: int = 0
    initial_step: int | None = None
    net_outputs: Any = None
    net_outputs_per_step: list | None = None
    dataset_sink_mode: bool = False
    sink_size: int | None = None
    list_callback: list | None = None
    parallel_mode: str | None = None
    device_number: int | None = None
    metrics: dict | None = None
    eval_results: dict | None = None
    train_dataset_element: Any = None
    eval_dataset_element: Any = None
    dataset_helper: Any = None
    last_save_ckpt_step: int | None = None
    latest_ckpt_file: str | None = None
    loss_scale_mananger: Any = None  # MindSpore's key, spelled as MindSpore spells it
    _state_sync: Callable[[], None] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        present = {k for k in _DECLARED if object.__getattribute__(self, k) is not None}
        object.__setattr__(self, "_present", present)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in _DECLARED and "_present" in self.__dict__:
            self._present.add(name)

    def __getattribute__(self, name: str) -> Any:
        if name in _NETWORK_FIELDS:
            sync = object.__getattribute__(self, "_state_sync")
            if sync is not None:
                sync()
        return object.__getattribute__(self, name)

    def set_state_sync(self, fn: Callable[[], None] | None) -> None:
        """Register the Model's function that writes on-device state back into the Parameters.

        It runs whenever a callback reads a network field, so it must be cheap when nothing
        changed. After it ran, the Parameters are the source of truth again: a callback may
        have changed them (EarlyStopping restoring weights, ReduceLROnPlateau lowering the lr).
        """
        object.__setattr__(self, "_state_sync", fn)

    # --- the dict protocol MindSpore's callbacks use -------------------------------------------
    def keys(self) -> list[str]:
        """Names of the fields that are set (not None), then of the extra attributes."""
        declared = [k for k in _DECLARED if k in self._present]
        extras = [k for k in self.__dict__ if not k.startswith("_") and k not in _DECLARED]
        return declared + extras

    def items(self) -> list[tuple[str, Any]]:
        return [(k, getattr(self, k)) for k in self.keys()]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str) or key.startswith("_"):
            return False
        return key in self._present if key in _DECLARED else key in self.__dict__

    def __getitem__(self, key: str) -> Any:
        if key not in self:
            raise KeyError(key)
        return getattr(self, key)

    def __setitem__(self, key: str, value: Any) -> None:
        setattr(self, key, value)

    def get(self, key: str, default: Any = None) -> Any:
        """``cb_params[key]`` when set, else ``default`` (dict semantics)."""
        return getattr(self, key) if key in self else default

    def pop(self, key: str, *default: Any) -> Any:
        """Remove ``key`` (a declared field goes back to None, absent) and return its value."""
        if key not in self:
            if default:
                return default[0]
            raise KeyError(key)
        value = getattr(self, key)
        if key in _DECLARED:
            object.__setattr__(self, key, None)
            self._present.discard(key)
        else:
            delattr(self, key)
        return value

    def __repr__(self) -> str:
        shown = ("mode", "epoch_num", "batch_num", "cur_epoch_num", "cur_step_num")
        shown += ("dataset_sink_mode", "sink_size")
        parts = [f"{k}={self.__dict__.get(k)!r}" for k in shown if self.__dict__.get(k) is not None]
        return f"CallbackParam({', '.join(parts)})"


_DECLARED = tuple(f.name for f in dataclasses.fields(CallbackParam) if not f.name.startswith("_"))


class RunContext:
    """Holds the running state shared with callbacks, and the stop request.

    Args:
        original_args (Union[CallbackParam, dict]): the Model's state (``cb_params``).

    Raises:
        TypeError: if ``original_args`` is neither a CallbackParam nor a dict.

    Examples:
        >>> run_context = RunContext(CallbackParam(cur_epoch_num=4, cur_step_num=2))
        >>> run_context.request_stop()
        >>> run_context.get_stop_requested()
        True
    """

    def __init__(self, original_args: CallbackParam | dict) -> None:
        if not isinstance(original_args, CallbackParam | dict):
            raise TypeError(
                "For 'RunContext', 'original_args' must be a CallbackParam or dict, "
                f"but got {type(original_args).__name__}"
            )
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self) -> CallbackParam | dict:
        """The running state (``cb_params``); callbacks may read it and add attributes."""
        return self._original_args

    def request_stop(self) -> None:
        """Ask the Model to stop: it checks after each step (non-sink) and each epoch."""
        self._stop_requested = True

    def get_stop_requested(self) -> bool:
        """Whether a callback called :meth:`request_stop`."""
        return self._stop_requested


def _fan_out(hook: str) -> Callable[[CallbackManager, RunContext], None]:
    def run(self: CallbackManager, run_context: RunContext) -> None:
        for cb in self._callbacks:
            getattr(cb, hook)(run_context)

    run.__name__ = hook
    run.__doc__ = f"Call ``{hook}`` on every callback, in order."
    return run


class CallbackManager(Callback):
    """Runs a list of callbacks in order; the Model calls its hooks.

    Args:
        callbacks (Union[None, Callback, list[Callback], tuple[Callback]]): the callbacks.

    Raises:
        TypeError: if ``callbacks`` or one of its elements is not a Callback.

    Examples:
        >>> import deepsink as ms
        >>> class Count(ms.train.Callback):
        ...     def __init__(self):
        ...         self.steps = 0
        ...     def on_train_step_end(self, run_context):
        ...         self.steps += 1
        >>> count = Count()
        >>> manager = ms.train.CallbackManager([count])
        >>> manager.on_train_step_end(None)
        >>> print(count.steps)
        1
    """

    def __init__(self, callbacks: Callback | Iterable[Callback] | None) -> None:
        if callbacks is None:
            callbacks = []
        elif isinstance(callbacks, Callback):
            callbacks = [callbacks]
        elif isinstance(callbacks, list | tuple):
            for i, cb in enumerate(callbacks):
                if not isinstance(cb, Callback):
                    raise TypeError(
                        "For 'CallbackManager', every element of 'callbacks' must be a Callback, "
                        f"but got {type(cb).__name__} at index {i}"
                    )
        else:
            raise TypeError(
                "For 'CallbackManager', 'callbacks' must be None, a Callback or a list of "
                f"Callbacks, but got {type(callbacks).__name__}"
            )
        self._callbacks: list[Callback] = list(callbacks)
        self._stack: ExitStack | None = None

    @property
    def callbacks(self) -> list[Callback]:
        return list(self._callbacks)

    def __enter__(self) -> CallbackManager:
        if self._stack is None:
            self._stack = ExitStack().__enter__()
            entered = []
            for cb in self._callbacks:
                target = self._stack.enter_context(cb)
                if not isinstance(target, Callback):
                    logger.warning(
                        "%s.__enter__ should return self or a Callback; using the callback itself",
                        type(cb).__name__,
                    )
                    target = cb
                entered.append(target)
            self._callbacks = entered
        return self

    def __exit__(self, *err: Any) -> Any:
        stack, self._stack = self._stack, None
        return stack.__exit__(*err) if stack is not None else None

    begin = _fan_out("begin")
    epoch_begin = _fan_out("epoch_begin")
    step_begin = _fan_out("step_begin")
    step_end = _fan_out("step_end")
    epoch_end = _fan_out("epoch_end")
    end = _fan_out("end")
    on_train_begin = _fan_out("on_train_begin")
    on_train_epoch_begin = _fan_out("on_train_epoch_begin")
    on_train_step_begin = _fan_out("on_train_step_begin")
    on_train_step_end = _fan_out("on_train_step_end")
    on_train_epoch_end = _fan_out("on_train_epoch_end")
    on_train_end = _fan_out("on_train_end")
    on_eval_begin = _fan_out("on_eval_begin")
    on_eval_epoch_begin = _fan_out("on_eval_epoch_begin")
    on_eval_step_begin = _fan_out("on_eval_step_begin")
    on_eval_step_end = _fan_out("on_eval_step_end")
    on_eval_epoch_end = _fan_out("on_eval_epoch_end")
    on_eval_end = _fan_out("on_eval_end")


# --- helpers the Model and the built-in callbacks share --------------------------------------
def _is_builtin(cb: Callback) -> bool:
    return type(cb).__module__.startswith("deepsink.train.callback.")


def check_custom_callbacks(callbacks: Callback | Iterable[Callback] | None, mode: str) -> None:
    """MindSpore 2.x's check on user callbacks that override 1.x hook names.

    In ``fit`` (``mode="fit"``) such a callback raises ValueError, because its hooks would also
    fire during the evaluation inside fit; in ``train``/``eval`` it only logs a warning.
    """
    if callbacks is None:
        return
    cbs = [callbacks] if isinstance(callbacks, Callback) else list(callbacks)
    for cb in cbs:
        if _is_builtin(cb):
            continue
        old = sorted(set(OLD_HOOKS) & set(type(cb).__dict__))
        if not old:
            continue
        msg = (
            f"For {type(cb).__name__} callback, {old} methods may not be supported in later "
            "versions; use methods prefixed with 'on_train' or 'on_eval' instead when using "
            "customized callbacks"
        )
        if mode == "fit":
            raise ValueError(msg)
        logger.warning(msg)


def callbacks_for_eval_in_fit(callbacks: Iterable[Callback]) -> list[Callback]:
    """The callbacks that also see ``fit``'s evaluation: user callbacks and TimeMonitor.

    MindSpore keeps its other built-ins (LossMonitor, History, EarlyStopping, ...) out of the
    evaluation inside ``fit``. A built-in that does see it says so with the class attribute
    ``_in_fit_eval = True`` (TimeMonitor).
    """
    return [
        cb for cb in callbacks if not _is_builtin(cb) or getattr(type(cb), "_in_fit_eval", False)
    ]


def wants_per_step_outputs(callbacks: Iterable[Callback]) -> bool:
    """Whether one of ``callbacks`` (or of a CallbackManager among them) has
    ``needs_per_step_outputs``."""
    for cb in callbacks:
        if isinstance(cb, CallbackManager):
            if wants_per_step_outputs(cb.callbacks):
                return True
        elif getattr(cb, "needs_per_step_outputs", False):
            return True
    return False


def step_outputs(cb_params: Any) -> list[tuple[int, Any]]:
    """``(cur_step_num, outputs)`` of every step since the last step hook: from
    ``net_outputs_per_step`` when the Model set it, else just the last step's."""
    per_step = cb_params.get("net_outputs_per_step")
    last = cb_params.get("cur_step_num", 0)
    if not per_step:
        return [(last, cb_params.get("net_outputs"))]
    first = last - len(per_step) + 1
    return [(first + i, outs) for i, outs in enumerate(per_step)]


def step_loss(outputs: Any) -> Any:
    """:func:`loss_value` of one entry of ``net_outputs_per_step``: a numpy array stands for the
    one Tensor a network returns (a Python float), a tuple's first array keeps its dtype."""
    if isinstance(outputs, np.ndarray):
        return float(np.mean(outputs))
    return loss_value(outputs)


def loss_value(net_outputs: Any) -> Any:
    """The loss a callback reports: the first output if a tuple/list, averaged to a scalar.

    As in MindSpore, a network that returns one Tensor reports ``float(np.mean(values))`` (a
    Python float: a float32 loss prints with float64 digits, ``0.11018506437540054``), while the
    first Tensor of a tuple output keeps its dtype (a numpy scalar, printing ``0.110185064``).
    Anything else (a Python float, None) is returned as is.
    """
    if isinstance(net_outputs, tuple | list) and net_outputs:
        net_outputs = net_outputs[0]
    elif hasattr(net_outputs, "asnumpy"):
        return float(np.mean(net_outputs.asnumpy()))
    if hasattr(net_outputs, "asnumpy"):
        return np.mean(net_outputs.asnumpy())
    if hasattr(net_outputs, "__array__") and not isinstance(net_outputs, str):
        return np.mean(np.asarray(net_outputs))
    return net_outputs


def _handle_loss(loss: Any) -> Any:
    """MindSpore's private loss reader (mindocr's callbacks import it): a tuple's or list's first
    Tensor as it is, one Tensor's mean as a Python float, anything else unchanged."""
    if isinstance(loss, tuple | list):
        return loss[0] if loss and hasattr(loss[0], "asnumpy") else loss
    if hasattr(loss, "asnumpy"):
        return float(np.mean(loss.asnumpy()))
    return loss


def is_finite_number(value: Any) -> bool:
    """False for a NaN/Inf float; True for finite floats and for anything that is not a float."""
    if isinstance(value, float | np.floating):
        return bool(np.isfinite(value))
    return True
