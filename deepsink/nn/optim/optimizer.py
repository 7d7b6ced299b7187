"""Optimizer: MindSpore's optimizer base Cell (parameters, learning rate, weight decay, groups).

All optimizer state is Parameters owned by the optimizer Cell, under MindSpore's names
(``global_step``, ``learning_rate``, ``moments.<param>``, ...), so it is part of every compiled
step's state and of checkpoints. ``construct(gradients)`` reads each Parameter's value at call time,
computes the update with optax transformations, and writes the results back with
``param._data = new``; the step counter and learning rate are traced values, never Python branches.

The built-in optimizers compile their step once (MindSpore decorates ``construct`` with ``@jit``),
so even in PYNATIVE mode one update is one XLA call; inside a compiled train step it is inlined.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from deepsink._compile import jit as _jit
from deepsink._core import semi_auto
from deepsink._core.validate import fail_arg, shown
from deepsink.common.parameter import Parameter, ParameterTuple
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.nn.learning_rate_schedule import LearningRateSchedule

_GROUP_KEYS = ["params", "lr", "weight_decay", "order_params", "grad_centralization"]


class _CellTuple(Cell):
    """An indexable tuple of Cells registered as children ``0, 1, ...`` (no name prefix)."""

    def __init__(self, cells: Sequence[Cell]) -> None:
        super().__init__(auto_prefix=False)
        self._items = tuple(cells)
        for i, c in enumerate(self._items):
            setattr(self, str(i), c)

    def __getitem__(self, i: int) -> Cell:
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(self._items)


class _ConvertToCell(LearningRateSchedule):
    """A fixed learning rate Parameter as a schedule (groups mixing fixed and dynamic lr)."""

    def __init__(self, learning_rate: Parameter) -> None:
        super().__init__()
        self.learning_rate = learning_rate

    def construct(self, global_step: Any) -> Tensor:
        return Tensor._from(self.learning_rate._data)


class _IteratorLearningRate(LearningRateSchedule):
    """A per-step list of learning rates, indexed by the global step.

    Past the end of the list the last value is held (MindSpore's CPU kernel raises there instead;
    a compiled step cannot raise on a traced index).
    """

    def __init__(self, learning_rate: Tensor, name: str) -> None:
        super().__init__()
        self.learning_rate = Parameter(learning_rate, name)

    def construct(self, global_step: Any) -> Tensor:
        table = self.learning_rate._data
        index = jnp.clip(jnp.asarray(unwrap(global_step)), 0, table.shape[0] - 1)
        return Tensor._from(table[index])


class _WrappedWeightDecay(Cell):
    """A weight decay schedule scaled by the loss scale."""

    def __init__(self, weight_decay: Cell, loss_scale: float = 1.0) -> None:
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = loss_scale

    def construct(self, global_step: Any) -> Tensor:
        return Tensor._from(unwrap(self.weight_decay(global_step)) * jnp.float32(self.loss_scale))


def _as_list(value: Any, arg: str, api: str) -> list:
    if value is None:
        fail_arg(api, arg, "a list of Parameters or of group dicts", None)
    if isinstance(value, dict) or not isinstance(value, Iterable) or isinstance(value, str):
        fail_arg(
            api,
            arg,
            "an iterable of Parameters or of group dicts",
            shown(type(value).__name__),
            TypeError,
        )
    items = list(value)
    if not items:
        raise ValueError(
            "For 'Optimizer', the argument parameters must not be empty "
            f"(a list of Parameters or of group dicts for '{api}')"
        )
    return items


def _record_init_args(self: Any, fn: Callable, args: tuple, kwargs: dict) -> None:
    """MindSpore's record of an optimizer's constructor arguments: ``init_params`` (``{"params":
    ...}``), ``init_learning_rate`` (None for a schedule Cell; a Tensor as a list) and
    ``init_args`` (the rest, defaults applied), which ``boost`` uses to rebuild the optimizer on
    other parameter groups."""
    bound = inspect.signature(fn).bind(self, *args, **kwargs)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    arguments.pop("self")
    if "params" in arguments:
        object.__setattr__(self, "init_params", {"params": arguments.pop("params")})
    if "optimizer" in arguments:
        inner = arguments.pop("optimizer")
        if hasattr(inner, "init_params"):  # not an optimizer: the constructor's check says so
            object.__setattr__(self, "init_params", {"params": inner.init_params["params"]})
    if "learning_rate" in arguments:
        lr = arguments.pop("learning_rate")
        if isinstance(lr, Tensor):
            lr = lr.asnumpy().tolist()
        object.__setattr__(self, "init_learning_rate", None if isinstance(lr, Cell) else lr)
    object.__setattr__(self, "init_args", arguments)


def opt_init_args_register(fn: Callable) -> Callable:
    """Decorate an optimizer's ``__init__`` so that it records its arguments (MindSpore's
    ``nn.optim.optimizer.opt_init_args_register``): ``init_params``, ``init_learning_rate``,
    ``init_args``.

    As MindSpore's, the decorated ``__init__`` shows the wrapper's own signature, ``(self, *args,
    **kwargs)``, not ``fn``'s: libraries read it (mindocr's optimizer factory passes only the
    config keys it finds there, and refuses an optimizer whose signature names ``clip``)."""

    def deco(self, *args, **kwargs):  # unannotated: its signature is shown as 2.10 shows it
        _record_init_args(self, fn, args, kwargs)
        fn(self, *args, **kwargs)

    deco._records_init_args = True
    return deco


def _record_once(fn: Callable) -> Callable:
    """The record of a subclass's ``__init__`` arguments, kept by the outermost constructor (a
    subclass's ``super().__init__`` does not overwrite it)."""

    @functools.wraps(fn)
    def deco(self: Any, *args: Any, **kwargs: Any) -> None:
        if "init_args" not in self.__dict__:
            _record_init_args(self, fn, args, kwargs)
        fn(self, *args, **kwargs)

    deco._records_init_args = True
    return deco


class Optimizer(Cell):
    """Base of the optimizers (MindSpore's ``nn.Optimizer``).

    Args:
        learning_rate: a float/int (fixed, kept in the Parameter ``learning_rate``), a 0-d Tensor
            (fixed), a list/1-D array/1-D Tensor (the i-th step takes the i-th value, the last one
            is held past the end), or a ``LearningRateSchedule`` called with the global step.
        parameters: Parameters (a list, ParameterTuple or any iterable such as
            ``filter(lambda p: p.requires_grad, net.get_parameters())``), or group dicts with the
            keys ``params`` and optionally ``lr``, ``weight_decay``, ``grad_centralization``,
            plus one ``{'order_params': [...]}`` entry fixing the order.
        weight_decay: a float/int >= 0, or a Cell called with the global step. Without groups it
            skips Parameters whose name contains 'beta' or 'gamma' (MindSpore's rule). Default: 0.0.
        loss_scale: gradients are divided by it; must be > 0. Default: 1.0.

    Inputs:
        - **gradients** (tuple[Tensor]) - one per Parameter, in ``params`` order.

    Outputs:
        Tensor, True (the Parameters are updated in place).

    Raises:
        TypeError: ``params`` is not a list of Parameters or group dicts, or ``loss_scale`` not a float.
        ValueError: ``learning_rate``, ``weight_decay`` or ``loss_scale`` is negative (``loss_scale`` must be positive).

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> class PlainSGD(nn.Optimizer):
        ...     def construct(self, gradients):
        ...         lr = self.get_lr()
        ...         for p, g in zip(self.parameters, gradients):
        ...             p.set_data(p - lr * g)
        ...         return True
        >>> net = nn.Dense(2, 1, weight_init='ones', has_bias=False)
        >>> opt = PlainSGD(0.1, net.trainable_params())
        >>> for _ in range(2):
        ...     _ = opt((ms.Tensor(np.array([[1.0, 2.0]], np.float32)),))
        >>> print(net.weight.asnumpy())
        [[0.79999995 0.6       ]]
    """

    _pynative_capture = True  # one captured program per update in PYNATIVE_MODE

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # every optimizer records its constructor's arguments, as MindSpore's decorate theirs
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is not None and not getattr(init, "_records_init_args", False):
            cls.__init__ = _record_once(init)

    def __init__(
        self, learning_rate: Any, parameters: Any, weight_decay: Any = 0.0, loss_scale: float = 1.0
    ) -> None:
        super().__init__(auto_prefix=False)
        api = type(self).__name__
        parameters = _as_list(parameters, "parameters", api)
        if not all(isinstance(p, Parameter) for p in parameters) and not all(
            isinstance(p, dict) for p in parameters
        ):
            bad = next(p for p in parameters if not isinstance(p, Parameter | dict))
            fail_arg(
                api,
                "parameters",
                "a list of Parameters or a list of group dicts (not mixed)",
                shown(f"an element of type {type(bad).__name__}"),
                TypeError,
            )
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        if not isinstance(loss_scale, float):
            fail_arg(api, "loss_scale", "a float", loss_scale, TypeError)
        if loss_scale <= 0.0:
            fail_arg(api, "loss_scale", "a positive float", loss_scale)
        self.loss_scale = loss_scale
        self.dynamic_lr = False
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self.is_group = False
        self.is_group_lr = False
        self.is_group_params_ordered = False
        self.global_step = Parameter(Tensor(np.zeros([1], np.int32)), name="global_step")
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            self._init_group_params(parameters, learning_rate, weight_decay)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)

    # --- construction -------------------------------------------------------------------------
    def _init_opt_attrs(self, learning_rate: Any, parameters: list, weight_decay: Any) -> None:
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            if self.dynamic_lr:
                self.learning_rate = _CellTuple(self.group_lr)
            else:
                self.learning_rate = ParameterTuple(self.group_lr)
        else:
            self.learning_rate = self._build_single_lr(learning_rate, "learning_rate")
        if self.is_group:
            self.parameters = ParameterTuple(self.group_params)
            self.decay_flags = tuple(isinstance(w, Cell) or w > 0 for w in self.group_weight_decay)
            self.dynamic_decay_flags = tuple(isinstance(w, Cell) for w in self.group_weight_decay)
            # a fixed decay as a float32 Tensor, as MindSpore stores it (custom optimizers
            # dispatch MultitypeFuncGraphs registered for 'Tensor' on it)
            self.weight_decay = tuple(
                w if isinstance(w, Cell) else Tensor(np.float32(w)) for w in self.group_weight_decay
            )
            cells = [w for w in self.group_weight_decay if isinstance(w, Cell)]
            if cells:
                self._weight_decay_cells = _CellTuple(cells)
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
        else:
            self.parameters = ParameterTuple(parameters)
            self.decay_flags = tuple(
                "beta" not in p.name and "gamma" not in p.name for p in self.parameters
            )
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self.weight_decay = (
                weight_decay if isinstance(weight_decay, Cell) else Tensor(np.float32(weight_decay))
            )
        self._check_unique(self.parameters)
        self.reciprocal_scale = 1.0 / self.loss_scale
        self.need_scale = self.loss_scale != 1.0
        self.param_length = len(self.parameters)
        # MindSpore's attributes that custom optimizers (the model zoo's AdamWeightDecayForBert,
        # Lamb variants) map over in their construct: every parameter is updated here (no
        # parallel optimizer shards them), and the composite mappers
        from deepsink.ops.composite import HyperMap, Map
        from deepsink.ops.operations import AssignAdd

        self.use_parallel = False
        self.optim_filter = (True,) * self.param_length
        self.map_ = Map()
        self.hyper_map = HyperMap()
        # what MindSpore's optimizers step ``global_step`` with (mindcv's AdamW.get_lr uses them)
        self.assignadd = AssignAdd()
        self.global_step_increase_tensor = Tensor(np.array([1], np.int32))

    @property
    def _parameters(self) -> ParameterTuple:
        return self.parameters

    def _check_unique(self, params: Sequence[Parameter]) -> None:
        seen: set[int] = set()
        names: set[str] = set()
        for p in params:
            if id(p) in seen:
                raise RuntimeError(
                    f"For '{type(self).__name__}', the Parameter '{p.name}' is given more than "
                    "once; every Parameter must be optimized once (check the groups' 'params')"
                )
            if p.name in names:
                raise ValueError(
                    f"For '{type(self).__name__}', two different Parameters are named '{p.name}'; "
                    "the optimizer state is named after them (moments.<name>), so names must be "
                    "unique: give each Parameter its own name"
                )
            seen.add(id(p))
            names.add(p.name)

    def _preprocess_weight_decay(self, weight_decay: Any) -> Any:
        api = type(self).__name__
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        if isinstance(weight_decay, bool) or not isinstance(weight_decay, int | float):
            fail_arg(
                api,
                "weight_decay",
                "a float, int or Cell",
                shown(type(weight_decay).__name__),
                TypeError,
            )
        if weight_decay < 0:
            fail_arg(api, "weight_decay", "a non-negative number", weight_decay)
        return float(weight_decay) * self.loss_scale

    def _preprocess_single_lr(self, learning_rate: Any) -> Any:
        """A float, a 0-d float32 Tensor, a 1-D float32 Tensor or a schedule Cell."""
        api = type(self).__name__
        if isinstance(learning_rate, int | float) and not isinstance(learning_rate, bool):
            if learning_rate < 0:
                fail_arg(api, "learning_rate", "a non-negative number", learning_rate)
            return float(learning_rate)
        if (
            isinstance(learning_rate, Tensor | jax.Array | np.ndarray)
            and np.ndim(learning_rate) == 0
        ):
            return Tensor(np.asarray(unwrap(learning_rate), np.float32))
        if isinstance(learning_rate, LearningRateSchedule):
            self.dynamic_lr = True
            return learning_rate
        if isinstance(learning_rate, Tensor | jax.Array | np.ndarray):
            if np.ndim(learning_rate) > 1:
                fail_arg(
                    api,
                    "learning_rate",
                    "a scalar or a 1-D Tensor",
                    shown(f"a {np.ndim(learning_rate)}-D Tensor"),
                )
            self.dynamic_lr = True
            return Tensor(np.asarray(unwrap(learning_rate), np.float32))
        if isinstance(learning_rate, Iterable) and not isinstance(learning_rate, str | dict):
            values = np.asarray(list(learning_rate), np.float32)
            if values.ndim != 1 or values.size == 0:
                fail_arg(api, "learning_rate", "a non-empty list of numbers", learning_rate)
            self.dynamic_lr = True
            return Tensor(values)
        fail_arg(
            api,
            "learning_rate",
            "an int, float, Tensor, list or LearningRateSchedule",
            shown(type(learning_rate).__name__),
            TypeError,
        )

    def _build_single_lr(self, learning_rate: Any, name: str) -> Any:
        """A Parameter for a fixed lr, a schedule Cell for a dynamic one."""
        if isinstance(learning_rate, float):
            learning_rate = Tensor(learning_rate)
        if isinstance(learning_rate, Tensor) and learning_rate.ndim == 0:
            lr = Parameter(Tensor(np.asarray(learning_rate._data, np.float32)), name)
            return _ConvertToCell(lr) if self.is_group_lr and self.dynamic_lr else lr
        if isinstance(learning_rate, Tensor):
            return _IteratorLearningRate(learning_rate, name)
        return learning_rate

    def _init_group_params(self, groups: list[dict], learning_rate: Any, weight_decay: Any) -> None:
        api = type(self).__name__
        self.group_params: list[Parameter] = []
        self.group_lr: list[Any] = []
        self.group_weight_decay: list[Any] = []
        self.group_grad_centralization: list[bool] = []
        ordered: list[Parameter] | None = None
        for group in groups:
            bad = [k for k in group if k not in _GROUP_KEYS]
            if bad:
                fail_arg(
                    api,
                    "parameters",
                    f"group dicts whose keys are among {_GROUP_KEYS}",
                    bad,
                    KeyError,
                )
            if "order_params" in group:
                if len(group) > 1:
                    fail_arg(
                        api, "parameters", "an 'order_params' dict with no other key", sorted(group)
                    )
                ordered = _as_list(group["order_params"], "order_params", api)
                self.is_group_params_ordered = True
                continue
            if "params" not in group:
                fail_arg(
                    api, "parameters", "group dicts with a 'params' key", sorted(group), KeyError
                )
            group["params"] = _as_list(group["params"], "params of a group", api)
            for i, p in enumerate(group["params"]):
                if not isinstance(p, Parameter):
                    fail_arg(
                        api,
                        "params of a group",
                        "Parameters",
                        shown(f"{type(p).__name__} at index {i}"),
                        TypeError,
                    )
            if "lr" in group:
                self.is_group_lr = True
                group["lr"] = self._preprocess_single_lr(group["lr"])
        sizes = {
            lr.size
            for lr in [learning_rate] + [g.get("lr") for g in groups]
            if isinstance(lr, Tensor) and lr.ndim == 1
        }
        if len(sizes) > 1:
            fail_arg(api, "learning_rate", "lists of the same length in every group", sorted(sizes))
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        names: set[str] = set()
        for index, group in enumerate(groups):
            if "order_params" in group:
                continue
            if "lr" in group:
                lr = self._build_single_lr(group["lr"], f"learning_rate_group_{index}")
            else:
                lr = default_lr
            wd = self._preprocess_weight_decay(group.get("weight_decay", weight_decay))
            gc = group.get("grad_centralization", False)
            if not isinstance(gc, bool):
                fail_arg(api, "grad_centralization", "a bool", gc, TypeError)
            self.grad_centralization = self.grad_centralization or gc
            for p in group["params"]:
                if p.name in names:
                    raise RuntimeError(
                        f"For '{api}', the Parameter '{p.name}' appears in more than one group; "
                        "every Parameter must be in exactly one group"
                    )
                names.add(p.name)
                self.group_params.append(p)
                self.group_lr.append(lr)
                self.group_weight_decay.append(wd)
                self.group_grad_centralization.append(gc)
        if ordered:
            self._order_group_params(ordered)

    def _order_group_params(self, ordered: list[Parameter]) -> None:
        api = type(self).__name__
        if len(ordered) != len(self.group_params):
            fail_arg(
                api,
                "order_params",
                f"{len(self.group_params)} Parameters (those of the groups)",
                shown(f"{len(ordered)} Parameters"),
            )
        position = {p.name: i for i, p in enumerate(self.group_params)}
        missing = [p.name for p in ordered if p.name not in position]
        if missing:
            fail_arg(
                api,
                "order_params",
                "the Parameters of the groups",
                shown(f"unknown Parameters {missing}"),
            )
        order = [position[p.name] for p in ordered]
        for attr in ("group_params", "group_lr", "group_weight_decay", "group_grad_centralization"):
            values = getattr(self, attr)
            setattr(self, attr, [values[i] for i in order])

    # --- what subclasses call in construct ----------------------------------------------------
    def _update_local_parameters_name(self, prefix: str = "", recurse: bool = True) -> None:
        """Prefix the names of this optimizer's own state (step, learning rate, moments...) with
        ``prefix``; the Parameters it updates keep theirs (MindSpore's rule, which
        ``boost.FreezeOpt`` uses to keep the state of its per-group optimizers apart)."""
        users = {id(p) for p in self.parameters}
        for name, param in self.parameters_and_names(expand=recurse):
            if id(param) not in users:
                param.name = prefix + name

    def _is_dynamic_lr_or_weight_decay(self) -> bool:
        """Whether the learning rate or the weight decay is a schedule (MindSpore's name, which a
        subclass's own ``get_lr`` uses to decide whether to step ``global_step``)."""
        return self.dynamic_lr or self.dynamic_weight_decay

    def get_lr(self) -> Any:
        """The learning rate of the current step: a Tensor, or a tuple (one per Parameter) with
        group learning rates. For a fixed lr it is the ``learning_rate`` Parameter itself. It does
        not move ``global_step`` (as in MindSpore: the built-in optimizers step it)."""
        if not self.dynamic_lr:
            return self.learning_rate
        if self.is_group_lr:
            values: dict[int, Tensor] = {}
            out = []
            for cell in self.learning_rate:
                if id(cell) not in values:
                    values[id(cell)] = cell(self.global_step).reshape(())
                out.append(values[id(cell)])
            return tuple(out)
        return self.learning_rate(self.global_step).reshape(())

    def get_weight_decay(self) -> Any:
        """The weight decay of the current step (a number, Tensor, or a tuple with groups)."""
        if not self.dynamic_weight_decay:
            return self.weight_decay
        if self.is_group:
            return tuple(
                w(self.global_step) if flag else w
                for w, flag in zip(self.weight_decay, self.dynamic_decay_flags)
            )
        return self.weight_decay(self.global_step)

    def get_lr_parameter(self, param: Any) -> Any:
        """The learning rate Parameter (or schedule) used for ``param`` (or a list of them)."""
        api = "get_lr_parameter"
        params = param if isinstance(param, list) else [param]
        if not isinstance(param, Parameter | list):
            fail_arg(
                api,
                "param",
                "a Parameter or a list of Parameters",
                shown(type(param).__name__),
                TypeError,
            )
        ids = [id(p) for p in self.parameters]
        out = []
        for p in params:
            if id(p) not in ids:
                fail_arg(api, "param", "a Parameter of this optimizer", getattr(p, "name", p))
            lr = self.learning_rate[ids.index(id(p))] if self.is_group_lr else self.learning_rate
            out.append(
                lr.learning_rate if isinstance(lr, _ConvertToCell | _IteratorLearningRate) else lr
            )
        return out if isinstance(param, list) else out[0]

    def flatten_gradients(self, gradients: tuple) -> tuple:
        """The gradients unchanged (deepsink never flattens parameters into one buffer)."""
        return gradients

    def decay_weight(self, gradients: tuple) -> tuple:
        """``grad + weight_decay * param`` for the Parameters that decay (L2 on the gradient)."""
        if not self.exec_weight_decay:
            return gradients
        grads = self._decayed(_arrays(gradients), self._decay_values())
        return tuple(Tensor._from(g) for g in grads)

    def gradients_centralization(self, gradients: tuple) -> tuple:
        """Centralized gradients for groups with ``grad_centralization`` (MindSpore's rule: only
        Parameters of rank >= 2 whose second dimension is a multiple of 16)."""
        if not self.is_group or not any(self.grad_centralization_flags):
            return gradients
        grads = self._centralized(_arrays(gradients))
        return tuple(Tensor._from(g) for g in grads)

    def scale_grad(self, gradients: tuple) -> tuple:
        """Gradients divided by the loss scale."""
        if not self.need_scale:
            return gradients
        return tuple(Tensor._from(g) for g in self._scaled(_arrays(gradients)))

    # --- array-level helpers used by the built-in optimizers ------------------------------------
    def _check_gradients(self, gradients: Any) -> tuple:
        api = type(self).__name__
        if not isinstance(gradients, tuple | list):
            fail_arg(
                api,
                "gradients",
                "a tuple of Tensors (one per optimized Parameter)",
                shown(type(gradients).__name__),
                RuntimeError,  # MindSpore's Map raises RuntimeError on mismatched arguments
            )
        if len(gradients) != self.param_length:
            fail_arg(
                api,
                "gradients",
                f"a tuple of {self.param_length} Tensors (one per Parameter)",
                shown(f"{len(gradients)} gradients"),
                RuntimeError,
            )
        grads = _arrays(gradients)
        for p, g in zip(self.parameters, grads):
            if tuple(g.shape) != p.shape:
                fail_arg(
                    api,
                    "gradients",
                    f"shaped like the Parameters; '{p.name}' has shape {list(p.shape)}",
                    shown(f"a gradient of shape {list(g.shape)}"),
                )
        # hsdp / parallel optimizer level2-3: each gradient split as its Parameter is
        return tuple(semi_auto.constrain_gradient(p, g) for p, g in zip(self.parameters, grads))

    def _decay_values(self) -> list:
        wd = self.get_weight_decay()
        values = wd if self.is_group else (wd,) * self.param_length
        return [jnp.asarray(unwrap(w), jnp.float32) for w in values]

    def _decayed(self, grads: Sequence[Any], decays: Sequence[Any]) -> list:
        out = []
        for g, p, wd, flag in zip(grads, self.parameters, decays, self.decay_flags):
            if flag:
                g, _ = optax.add_decayed_weights(wd.astype(g.dtype)).update(
                    g, optax.EmptyState(), p._data
                )
            out.append(g)
        return out

    def _centralized(self, grads: Sequence[Any]) -> list:
        central = optax.centralize()
        out = []
        for g, flag in zip(grads, self.grad_centralization_flags):
            if flag and g.ndim >= 2 and g.shape[1] % 16 == 0:
                g, _ = central.update(g, optax.EmptyState())
            out.append(g)
        return out

    def _scaled(self, grads: Sequence[Any]) -> list:
        scale = optax.scale(self.reciprocal_scale)
        return [scale.update(g, optax.EmptyState())[0] for g in grads]

    def _prepared_gradients(self, gradients: Any, decay: bool = True) -> list:
        """The gradients after weight decay, centralization and loss-scale division (in that
        order, as MindSpore's optimizers apply them)."""
        grads = list(self._check_gradients(gradients))
        if decay and self.exec_weight_decay:
            grads = self._decayed(grads, self._decay_values())
        if self.is_group and any(self.grad_centralization_flags):
            grads = self._centralized(grads)
        if self.need_scale:
            grads = self._scaled(grads)
        return grads

    def _lr_values(self) -> list:
        """One float32 learning rate array per Parameter for this step."""
        lr = self.get_lr()
        values = lr if isinstance(lr, tuple) else (lr,) * self.param_length
        return [jnp.asarray(unwrap(v), jnp.float32).reshape(()) for v in values]

    def _advance_step(self) -> None:
        self.global_step._data = self.global_step._data + 1

    _decoupled_decay = False

    def construct(self, *args: Any) -> tuple:
        """Apply one update from ``gradients`` (aligned with ``self.parameters``), compiled once
        per gradient signature; returns MindSpore's success flags."""
        if type(self)._update is Optimizer._update:
            raise NotImplementedError(
                f"For '{type(self).__name__}', the optimizer base class has no update rule; "
                "subclasses implement 'construct' or '_update(grads, lrs)'"
            )
        if len(args) != 1:
            raise TypeError(
                f"For '{type(self).__name__}', construct takes the gradients tuple as its one "
                f"argument, but got {len(args)} arguments"
            )
        (gradients,) = args
        self._jitted(self._apply)(gradients)
        return (True,) * self.param_length

    def _apply(self, gradients: Any) -> None:
        grads = self._prepared_gradients(gradients, decay=not self._decoupled_decay)
        lrs = self._lr_values()
        self._advance_step()
        self._update(grads, lrs)

    def _update(self, grads: list, lrs: list) -> None:
        """Write the new parameter and state values (``param._data = ...``); per optimizer."""
        raise NotImplementedError(
            f"For '{type(self).__name__}', implement 'construct' or '_update(grads, lrs)'"
        )

    def _jitted(self, step: Any) -> Any:
        """``step`` compiled once per gradient signature (inlined when already traced)."""
        key = "_jitted_step"
        if key not in self.__dict__:
            object.__setattr__(self, key, _jit.jit(step))
        return self.__dict__[key]

    # --- misc -----------------------------------------------------------------------------------
    @property
    def unique(self) -> bool:
        return getattr(self, "_unique", True)

    @unique.setter
    def unique(self, value: bool) -> None:
        if not isinstance(value, bool):
            fail_arg(type(self).__name__, "unique", "a bool", value, TypeError)
        object.__setattr__(self, "_unique", value)

    @property
    def target(self) -> str:
        """Where MindSpore updates the Parameters: the device target unless set (see
        ``_set_base_target``)."""
        if "_target" in self.__dict__:
            return self.__dict__["_target"]
        from deepsink import context

        return context.get_context("device_target")

    @target.setter
    def target(self, value: str) -> None:
        raise NotImplementedError(
            f"For '{type(self).__name__}', the property 'target' can be set only on the "
            "optimizers that have a host (CPU) variant: Adam, FTRL, LazyAdam, ProximalAdagrad, "
            "AdaFactor"
        )

    def _set_base_target(self, value: str) -> None:
        """MindSpore's checks for ``opt.target = value``. The value is recorded: in MindSpore
        it picks the host kernel for *sparse* gradients only, and deepsink's gradients are dense
        (the dense update is the same on every target)."""
        if not isinstance(value, str):
            raise TypeError(
                "For 'Optimizer', the property 'target' must be string, but got "
                f"{type(value).__name__} {value!r}"
            )
        if value not in ("CPU", "Ascend", "GPU"):
            raise ValueError(
                "For 'Optimizer', the property 'target' must be one of ['CPU', 'Ascend', 'GPU'], "
                f"but got {value!r}"
            )
        current = self.target
        if (current, value) in (
            ("CPU", "Ascend"),
            ("CPU", "GPU"),
            ("Ascend", "GPU"),
            ("GPU", "Ascend"),
        ):
            raise ValueError(
                f"For 'Optimizer', the property 'target' cannot be set to {value!r} in the "
                f"{current!r} environment"
            )
        object.__setattr__(self, "_target", value)


class _HostTarget:
    """The ``target`` property of the optimizers MindSpore can run on the host (CPU)."""

    @property
    def target(self) -> str:
        return Optimizer.target.fget(self)

    @target.setter
    def target(self, value: str) -> None:
        self._set_base_target(value)


def _arrays(values: Sequence[Any]) -> list:
    return [unwrap(v) for v in values]


def write(param: Parameter, value: Any) -> None:
    """Store ``value`` in ``param`` keeping the Parameter's dtype (the update may promote)."""
    old = param._data
    param._data = value.astype(old.dtype) if value.dtype != old.dtype else value
