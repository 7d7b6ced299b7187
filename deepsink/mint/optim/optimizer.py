"""The base of ``mint.optim``: PyTorch-style optimizers as Cells.

Parameters come as an iterable of Parameters or of group dicts (``{'params': [...], 'lr': ...}``,
any other key overriding the optimizer's defaults for that group); ``param_groups`` holds them as
PyTorch does. All state (moments, the step count, one learning rate per group) is Parameters
under MindSpore's mint names (``exp_avg.<param>``, ``state_step``, ...), so it is threaded
through compiled steps and saved in checkpoints. Calling the optimizer with the gradients
(aligned with ``parameters``) applies one update, compiled once; inside a compiled train step
(``Model``, ``jit``, the sunk loop) it is inlined. ``param_groups[i]['lr']`` may be changed
between steps (a scheduler's job): the group's learning-rate Parameter takes the new value at
the next eager call.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import jit as _jit
from deepsink.common.parameter import Parameter, ParameterTuple
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


class Optimizer(Cell):
    """PyTorch-style optimizer base (``defaults``: the per-group hyper-parameters)."""

    def __init__(self, params: Any, defaults: dict) -> None:
        super().__init__(auto_prefix=False)
        api = type(self).__name__
        if isinstance(params, Parameter | Tensor):
            raise TypeError(f"For '{api}', 'params' must be an iterable of Parameters or dicts, "
                            f"but got a {type(params).__name__}")  # fmt: skip
        items = list(params) if isinstance(params, Iterable) else None
        if not items:
            raise ValueError(f"For '{api}', 'params' must not be empty")
        groups = items if isinstance(items[0], dict) else [{"params": items}]
        self.defaults = dict(defaults)
        self.param_groups = []
        flat: list[Parameter] = []
        for g in groups:
            if not isinstance(g, dict) or "params" not in g:
                raise TypeError(f"For '{api}', each group must be a dict with 'params'")
            ps = g["params"]
            ps = [ps] if isinstance(ps, Parameter) else list(ps)
            for p in ps:
                if not isinstance(p, Parameter):
                    raise TypeError(f"For '{api}', parameters must be Parameters, but got "
                                    f"{type(p).__name__}")  # fmt: skip
            unknown = set(g) - set(defaults) - {"params"}
            if unknown:
                raise ValueError(f"For '{api}', unknown group keys {sorted(unknown)}")
            group = {**self.defaults, **g, "params": ps}
            self._check_group(group)
            self.param_groups.append(group)
            flat.extend(ps)
        if len({id(p) for p in flat}) != len(flat):
            raise ValueError(f"For '{api}', a Parameter appears in more than one group")
        self.parameters = ParameterTuple(flat)
        self.group_of = tuple(i for i, g in enumerate(self.param_groups) for _ in g["params"])
        self.lrs = ParameterTuple(
            Parameter(
                Tensor(np.float32(g["lr"])), name=f"learning_rate_group_{i}", requires_grad=False
            )  # fmt: skip
            for i, g in enumerate(self.param_groups)
        )

    def _check_group(self, group: dict) -> None:
        api = type(self).__name__
        lr = group["lr"]
        if isinstance(lr, bool) or not isinstance(lr, int | float) or lr < 0:
            raise ValueError(f"For '{api}', 'lr' must be a non-negative float, but got {lr!r}")
        wd = group.get("weight_decay", 0.0)
        if isinstance(wd, bool) or not isinstance(wd, int | float) or wd < 0:
            raise ValueError(f"For '{api}', 'weight_decay' must be a non-negative float, but got "
                             f"{wd!r}")  # fmt: skip

    def state_like(self, prefix: str) -> ParameterTuple:
        """Zero state Parameters named ``prefix.<param name>``."""
        return self.parameters.clone(prefix=prefix, init="zeros")

    def construct(self, gradients: Any) -> tuple:
        grads = tuple(gradients)
        if len(grads) != len(self.parameters):
            raise ValueError(f"For '{type(self).__name__}', got {len(grads)} gradients for "
                             f"{len(self.parameters)} parameters")  # fmt: skip
        if not any(isinstance(unwrap(g), jax.core.Tracer) for g in grads):
            for p, g in zip(self.lrs, self.param_groups):  # a scheduler may have changed lr
                if float(np.asarray(p._data)) != np.float32(g["lr"]):
                    p._data = jnp.asarray(g["lr"], jnp.float32)
        if "_jitted_step" not in self.__dict__:
            object.__setattr__(self, "_jitted_step", _jit.jit(self._step))
        self.__dict__["_jitted_step"](grads)
        return (True,) * len(grads)

    def _step(self, grads: tuple) -> None:
        raw = [unwrap(g) for g in grads]
        self.update([jnp.asarray(g) for g in raw])

    def update(self, grads: list) -> None:
        """Write the new parameter and state values; per optimizer."""
        raise NotImplementedError(type(self).__name__)


def write(param: Parameter, value: Any) -> None:
    """Store ``value`` in ``param`` keeping its dtype."""
    old = param._data
    param._data = value.astype(old.dtype) if value.dtype != old.dtype else value
