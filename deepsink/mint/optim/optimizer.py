"""The base of ``mint.optim``: PyTorch-style optimizers as Cells.

Parameters come as an iterable of Parameters or of group dicts (``{'params': [...], 'lr': ...}``,
any other key overriding the optimizer's defaults for that group); ``param_groups`` holds them as
PyTorch does. The state (moments, the step count) is Parameters under MindSpore's mint names
(``exp_avg.<param>``, ``state_step``, ...), so it is threaded through compiled steps and saved
in checkpoints. Calling the optimizer with the gradients (aligned with ``parameters``) applies
one update, compiled once per learning-rate setting; inside a compiled train step (``Model``,
``jit``, the sunk loop) it is inlined. ``param_groups[i]['lr']`` may be changed between steps
(a scheduler's job); a compiled train step sees the value it was traced with.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import jax.numpy as jnp

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
            raise TypeError(
                f"For '{api}', 'params' must be an iterable of Parameters or dicts, "
                f"but got a {type(params).__name__}"
            )
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
                    raise TypeError(
                        f"For '{api}', parameters must be Parameters, but got {type(p).__name__}"
                    )
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

    def _check_group(self, group: dict) -> None:
        api = type(self).__name__
        lr = group["lr"]
        if isinstance(lr, bool) or not isinstance(lr, int | float) or lr < 0:
            raise ValueError(f"For '{api}', 'lr' must be a non-negative float, but got {lr!r}")
        wd = group.get("weight_decay", 0.0)
        if isinstance(wd, bool) or not isinstance(wd, int | float) or wd < 0:
            raise ValueError(
                f"For '{api}', 'weight_decay' must be a non-negative float, but got {wd!r}"
            )

    def state_like(self, prefix: str) -> ParameterTuple:
        """Zero state Parameters named ``prefix.<param name>``."""
        return self.parameters.clone(prefix=prefix, init="zeros")

    def construct(self, gradients: Any) -> tuple:
        grads = tuple(gradients)
        if len(grads) != len(self.parameters):
            raise ValueError(
                f"For '{type(self).__name__}', got {len(grads)} gradients for "
                f"{len(self.parameters)} parameters"
            )
        lrs = tuple(float(g["lr"]) for g in self.param_groups)
        if "_steps" not in self.__dict__:
            object.__setattr__(self, "_steps", {})
        steps = self.__dict__["_steps"]
        if lrs not in steps:  # one compiled step per learning-rate setting
            steps[lrs] = _jit.jit(functools.partial(self._step, lrs))
        steps[lrs](grads)
        return (True,) * len(grads)

    def _step(self, lrs: tuple, grads: tuple) -> None:
        self.update([jnp.asarray(unwrap(g)) for g in grads], lrs)

    def update(self, grads: list, lrs: tuple) -> None:
        """Write the new parameter and state values (``lrs``: each group's learning rate)."""
        raise NotImplementedError(type(self).__name__)


def write(param: Parameter, value: Any) -> None:
    """Store ``value`` in ``param`` keeping its dtype."""
    old = param._data
    param._data = value.astype(old.dtype) if value.dtype != old.dtype else value
