"""``experimental.optim.Optimizer``: the PyTorch-style optimizer base (``mint.optim`` builds on it).

Parameters come as an iterable of Parameters or of group dicts (``{'params': [...], 'lr': ...}``,
any other key overriding the optimizer's defaults for that group). Each group's learning rate
becomes a float32 Parameter (``learning_rate_group_<i>``, also in ``lrs``) that a scheduler
rewrites in place, so a compiled step reads the new value without recompiling; assigning a plain
number to ``param_groups[i]['lr']`` also works (the step is then compiled for that value).
The state (moments, step counts) is Parameters, threaded through compiled steps and saved in
checkpoints. Calling the optimizer with the gradients (aligned with ``parameters``) applies one
update, compiled once; inside a compiled train step (``jit``, ``Model``) it is inlined.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink._compile import jit as _jit
from deepsink.common.parameter import Parameter, ParameterTuple
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


class Optimizer(Cell):
    """PyTorch-style optimizer base.

    Args:
        params (Union[list(Parameter), list(dict)]): the Parameters, or group dicts.
        defaults (dict): the per-group hyper-parameters used where a group does not set them.
    """

    def __init__(self, params: Any, defaults: dict) -> None:
        super().__init__(auto_prefix=False)
        if params is None:
            raise ValueError("For 'Optimizer', the argument params can not be None.")
        if isinstance(params, Parameter | Tensor) or not isinstance(params, Iterable):
            raise TypeError(
                f"For 'Optimizer', the argument params must be Iterable type, but got {type(params)}."
            )
        items = list(params)
        if not items:
            raise ValueError("For 'Optimizer', the argument params must not be empty.")
        self.defaults = dict(defaults)
        self.state: defaultdict = defaultdict(dict)
        self.param_groups: list[dict] = []
        object.__setattr__(self, "lrs", [])
        self.group_start_id = [0]
        object.__setattr__(self, "_flat", [])
        for group in items if isinstance(items[0], dict) else [{"params": items}]:
            self._add_group(group)
        self.parameters = ParameterTuple(self._flat)

    def add_param_group(self, param_group: dict) -> None:
        """Add a group of Parameters (with its own options) to ``param_groups``. Its state is
        created at once, so the next step updates it."""
        self._add_group(param_group)
        self.parameters = ParameterTuple(self._flat)
        self._grow_state(self.param_groups[-1]["params"])
        self.__dict__.pop("_compiled", None)

    def _grow_state(self, params: list) -> None:
        """Extend each per-Parameter state tuple for Parameters added after construction."""
        for prefix, init in self.__dict__.get("_state_inits", {}).items():
            if isinstance(init, tuple):  # a scalar per Parameter
                new = self._scalars(prefix, init[1], params)
            else:
                new = ParameterTuple(params).clone(prefix=prefix, init=init)
            setattr(self, prefix, ParameterTuple(tuple(getattr(self, prefix)) + tuple(new)))

    def state_like(self, prefix: str, init: str = "zeros") -> ParameterTuple:
        """Per-Parameter state named ``prefix.<param name>`` (``init``: ``'zeros'``/``'ones'``),
        extended by :meth:`add_param_group`."""
        self.__dict__.setdefault("_state_inits", {})[prefix] = init
        return self.parameters.clone(prefix=prefix, init=init)

    def scalar_state(self, prefix: str, value: float) -> ParameterTuple:
        """A float32 scalar per Parameter named ``<prefix>_<param name>`` (MindSpore's ``mu_*``,
        ``eta_*``, ``mu_product_*``), extended by :meth:`add_param_group`."""
        self.__dict__.setdefault("_state_inits", {})[prefix] = ("scalar", value)
        return self._scalars(prefix, value, self.parameters)

    @staticmethod
    def _scalars(prefix: str, value: float, params: Any) -> ParameterTuple:
        return ParameterTuple(
            Parameter(Tensor(np.float32(value)), name=f"{prefix}_{p.name}", requires_grad=False)
            for p in params
        )

    def _add_group(self, param_group: Any) -> None:
        if not isinstance(param_group, dict):
            raise TypeError(
                f"For 'Optimizer', a param group must be a dict, but got {type(param_group).__name__}"
            )
        ps = param_group.get("params")
        if isinstance(ps, set):
            raise TypeError(
                "Optimizer parameters need to be organized in ordered collections, but the "
                "ordering of tensors in sets will change between runs. Please use a list instead."
            )
        ps = [ps] if isinstance(ps, Parameter) else list(ps)
        for p in ps:
            if not isinstance(p, Parameter):
                raise TypeError(
                    "Optimizer can only optimize Parameters, but one of the params is "
                    f"{type(p).__name__}"
                )
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if any(id(p) in seen for p in ps):
            raise ValueError("some parameters appear in more than one parameter group.")
        group = {**self.defaults, **param_group, "params": ps}
        group_id = len(self.param_groups)
        lr = self._build_lr(group["lr"], f"learning_rate_group_{group_id}")
        wd = group.get("weight_decay", 0.0)
        if isinstance(wd, bool) or not isinstance(wd, int | float):
            raise TypeError(
                "For 'Optimizer', the argument 'Weight_decay' must be int or float.but got "
                f"{type(wd)}"
            )
        if wd < 0:
            raise ValueError(
                f"For '{type(self).__name__}', the 'weight_decay' must be >= 0, but got {wd}"
            )
        group["lr"] = lr
        group["weight_decay"] = float(wd)
        self.lrs.append(lr)
        self.param_groups.append(group)
        self._flat.extend(ps)
        self.group_start_id.append(self.group_start_id[-1] + len(ps))

    def _build_lr(self, lr: Any, name: str) -> Parameter:
        if isinstance(lr, Parameter):
            return lr
        if isinstance(lr, bool) or not isinstance(lr, int | float | Tensor):
            raise TypeError(
                "For 'Optimizer', the argument 'learning_rate' must be int, float or Tensor, "
                f"but got {type(lr)}."
            )
        if isinstance(lr, Tensor):
            if lr.ndim != 0:
                raise ValueError(
                    "For 'Optimizer', if 'learning_rate' is a Tensor, then it should be scalar Tensor"
                )
            value = np.asarray(lr.asnumpy(), np.float32)
        else:
            if lr < 0:
                raise ValueError(
                    f"For '{type(self).__name__}', the 'lr' must be >= 0, but got {lr}"
                )
            value = np.float32(lr)
        return Parameter(Tensor(value), name=name, requires_grad=False)

    def group_lr(self, group_id: int) -> Any:
        """The learning rate of a group as an array: its Parameter's value (threaded through
        compiled steps) or the plain number assigned to ``param_groups[group_id]['lr']``."""
        lr = self.param_groups[group_id]["lr"]
        return lr._data if isinstance(lr, Parameter) else jnp.float32(lr)

    def group_grads(self, group_id: int, grads: list) -> list:
        """The gradients of one group, negated where the group sets ``maximize``."""
        gs = grads[self.group_start_id[group_id] : self.group_start_id[group_id + 1]]
        return [-g for g in gs] if self.param_groups[group_id].get("maximize") else gs

    def group_items(self, group_id: int, grads: list, decay: bool = True) -> list:
        """``(index, parameter, value, gradient)`` for each Parameter of a group: the gradient in
        the Parameter's dtype, negated with ``maximize``, plus ``weight_decay * value`` (the L2
        term) when ``decay``."""
        wd = self.param_groups[group_id]["weight_decay"]
        out = []
        for i, g in zip(self.group_indices(group_id), self.group_grads(group_id, grads)):
            p = self.parameters[i]
            x = p._data
            g = g.astype(x.dtype)
            if decay and wd:
                g = g + jnp.asarray(wd, x.dtype) * x
            out.append((i, p, x, g))
        return out

    def group_indices(self, group_id: int) -> range:
        return range(self.group_start_id[group_id], self.group_start_id[group_id + 1])

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    v = group[key]
                    v = float(v.asnumpy()) if isinstance(v, Parameter) else v
                    text += f"    {key}: {v}\n"
        return text + ")"

    def construct(self, gradients: Any) -> Any:
        grads = tuple(gradients)
        if len(grads) != len(self.parameters):
            raise ValueError(
                f"For '{type(self).__name__}', got {len(grads)} gradients for "
                f"{len(self.parameters)} parameters"
            )
        # plain-number learning rates are constants of the compiled step
        key = tuple(
            None if isinstance(g["lr"], Parameter) else float(g["lr"]) for g in self.param_groups
        )
        compiled = self.__dict__.setdefault("_compiled", {})
        if key not in compiled:
            compiled[key] = _jit.jit(self._step)
        compiled[key](grads)
        return True

    def _step(self, grads: tuple) -> None:
        self.update([jnp.asarray(unwrap(g)) for g in grads])

    def update(self, grads: list) -> None:
        """Write the new parameter and state values (``grads``: ``jax.Array`` aligned with
        ``parameters``)."""
        raise NotImplementedError(type(self).__name__)


def write(param: Parameter, value: Any) -> None:
    """Store ``value`` in ``param`` keeping its dtype."""
    old = param._data
    param._data = value.astype(old.dtype) if value.dtype != old.dtype else value


def check_positive(api: str, name: str, value: Any, allow_zero: bool = False) -> None:
    """MindSpore's ``check_not_less_than[_without_equal]``: ``value`` > 0 (>= 0 with
    ``allow_zero``); a Tensor learning rate passes."""
    if isinstance(value, Tensor):
        return
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"For '{api}', the '{name}' must be int or float, but got {type(value)}")
    if value < 0 or (value == 0 and not allow_zero):
        bound = ">= 0" if allow_zero else "> 0"
        raise ValueError(f"For '{api}', the '{name}' must be {bound}, but got {value}")


def check_range(
    api: str, name: str, value: Any, lo: float, hi: float, right_closed: bool = False
) -> None:
    """``lo <= value < hi`` (``<= hi`` when ``right_closed``), a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"For '{api}', the '{name}' must be a float, but got {type(value)}")
    if not (lo <= value and (value <= hi if right_closed else value < hi)):
        rng = f"[{lo}, {hi}]" if right_closed else f"[{lo}, {hi})"
        raise ValueError(f"For '{api}', the '{name}' must be in range {rng}, but got {value}")
