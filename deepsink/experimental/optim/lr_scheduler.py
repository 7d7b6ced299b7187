"""``experimental.optim.lr_scheduler``: PyTorch-style schedulers that rewrite the learning-rate
Parameters of an ``experimental.optim`` (or ``mint.optim``) optimizer.

Each ``step()`` advances ``last_epoch`` (a float32 Parameter ``last_epoch_<Class>``) and writes
every group's new learning rate into its Parameter, which a compiled train step reads without
recompiling. The arithmetic is float32 as MindSpore's (its schedulers compute on the Parameters):
the chainable rules (``get_lr``) update the previous value, ``step(epoch)`` uses the closed form.
``get_last_lr()`` returns the current learning rates as Tensors.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink._core.public import missing_names as _missing_names
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor
from deepsink.experimental.optim.optimizer import Optimizer

__all__ = [
    "StepLR",
    "LinearLR",
    "LRScheduler",
    "ExponentialLR",
    "PolynomialLR",
    "MultiplicativeLR",
    "ConstantLR",
    "MultiStepLR",
    "LambdaLR",
    "SequentialLR",
    "ReduceLROnPlateau",
    "CyclicLR",
    "CosineAnnealingWarmRestarts",
    "CosineAnnealingLR",
]

f32 = np.float32
__getattr__ = _missing_names(__name__)


def _value(x: Any) -> np.float32:
    return f32(x.asnumpy() if isinstance(x, Tensor) else x)


def _assign(param: Parameter, value: Any) -> None:
    param.set_data(Tensor(np.asarray(value, np.float32)))


def _counter(name: str, value: float) -> Parameter:
    return Parameter(Tensor(f32(value)), name=name, requires_grad=False)


class LRScheduler:
    """The base: ``get_lr()`` gives each group's next learning rate from ``last_epoch``,
    ``base_lrs`` (the groups' ``initial_lr``) and the current ones."""

    def __init__(self, optimizer: Any, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        if isinstance(last_epoch, bool) or not isinstance(last_epoch, int):
            raise TypeError(
                f"The type of 'last_epoch' should be 'int', but got {type(last_epoch).__name__}"
            )
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", Tensor(_value(group["lr"])))
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(
                        f"param 'initial_lr' is not specified in param_groups[{i}] when resuming "
                        "an optimizer"
                    )
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = _counter(f"last_epoch_{type(self).__name__}", last_epoch)
        self.step()

    @property
    def _epoch(self) -> np.float32:
        return _value(self.last_epoch)

    def _lrs(self) -> list:
        return [_value(lr) for lr in self._last_lr]

    def _bases(self) -> list:
        return [_value(b) for b in self.base_lrs]

    def get_lr(self) -> list:
        """Each group's learning rate at ``last_epoch`` (a subclass's rule)."""
        raise NotImplementedError

    def get_last_lr(self) -> list:
        """The learning rates the last ``step`` set, as Tensors."""
        return [Tensor(_value(lr)) for lr in self._last_lr]

    def step(self, epoch: int | None = None) -> bool:
        """Advance one epoch (or jump to ``epoch``) and write the new learning rates."""
        if epoch is None:
            _assign(self.last_epoch, self._epoch + 1)
            values = self.get_lr()
        else:
            _assign(self.last_epoch, epoch)
            closed = getattr(self, "_get_closed_form_lr", None)
            values = closed() if closed is not None else self.get_lr()
        for lr, v in zip(self._last_lr, values):
            _assign(lr, v)
        return True


def _check_int(api: str, name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{api}', the '{name}' must be int, but got {type(value)}.")


def _check_float(api: str, name: str, value: Any) -> None:
    if not isinstance(value, float):
        raise TypeError(f"For '{api}', the '{name}' must be float, but got {type(value)}.")


class StepLR(LRScheduler):
    """Multiply the learning rate by ``gamma`` every ``step_size`` epochs."""

    def __init__(self, optimizer: Any, step_size: int, gamma: float = 0.1, last_epoch: int = -1):
        _check_int("StepLR", "step_size", step_size)
        _check_float("StepLR", "gamma", gamma)
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self._epoch
        factor = f32(1.0) if e == 0 or e % self.step_size != 0 else f32(self.gamma)
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        return [b * f32(self.gamma ** (self._epoch // self.step_size)) for b in self._bases()]


class MultiStepLR(LRScheduler):
    """Multiply the learning rate by ``gamma`` at each milestone epoch (by ``gamma**k`` where a
    milestone is listed ``k`` times)."""

    def __init__(
        self, optimizer: Any, milestones: list, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        if not isinstance(milestones, list):
            raise TypeError(
                f"The type of 'milestones' should be 'list', but got {type(milestones).__name__}"
            )
        for m in milestones:
            if isinstance(m, bool) or not isinstance(m, int):
                raise TypeError(
                    "For 'MultiStepLR', elements of the 'milestones' must be type of int, but got "
                    f"one element of 'milestones' type: {type(m)}."
                )
        if isinstance(gamma, bool) or not isinstance(gamma, float | int):
            raise TypeError(
                f"The type of 'gamma' should be 'float' or 'int', but got {type(gamma).__name__}"
            )
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        k = self.milestones.get(int(self._epoch), 0)
        return [lr * f32(self.gamma**k) if k else lr for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        k = bisect_right(sorted(self.milestones.elements()), int(self._epoch))
        return [b * f32(self.gamma**k) for b in self._bases()]


class ExponentialLR(LRScheduler):
    """Multiply the learning rate by ``gamma`` every epoch."""

    def __init__(self, optimizer: Any, gamma: float, last_epoch: int = -1) -> None:
        _check_float("ExponentialLR", "gamma", gamma)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        factor = f32(1.0) if self._epoch == 0 else f32(self.gamma)
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        return [b * f32(self.gamma**self._epoch) for b in self._bases()]


class PolynomialLR(LRScheduler):
    """Decay the learning rate by ``(1 - epoch/total_iters)**power`` until ``total_iters``."""

    def __init__(
        self, optimizer: Any, total_iters: int = 5, power: float = 1.0, last_epoch: int = -1
    ) -> None:
        _check_float("PolynomialLR", "power", power)
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        _check_int("PolynomialLR", "total_iters", total_iters)
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e, n = self._epoch, f32(self.total_iters)
        if e == 0 or e > n:
            return self._lrs()
        factor = ((f32(1) - e / n) / (f32(1) - (e - f32(1)) / n)) ** f32(self.power)
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        n = f32(self.total_iters)
        factor = (f32(1) - min(n, self._epoch) / n) ** f32(self.power)
        return [b * factor for b in self._bases()]


def _lambdas(api: str, optimizer: Any, lr_lambda: Any) -> list:
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, list | tuple):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    if not callable(lr_lambda):
        raise TypeError(f"For '{api}', 'lr_lambda' must be callable, but got {type(lr_lambda)}")
    return [lr_lambda] * n


class LambdaLR(LRScheduler):
    """The learning rate is ``initial_lr * lr_lambda(epoch)`` (one function, or one per group)."""

    def __init__(self, optimizer: Any, lr_lambda: Callable | list, last_epoch: int = -1) -> None:
        self.lr_lambdas = _lambdas("LambdaLR", optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = int(self._epoch)
        return [b * f32(fn(e)) for fn, b in zip(self.lr_lambdas, self._bases())]


class MultiplicativeLR(LRScheduler):
    """Multiply the learning rate by ``lr_lambda(epoch)`` every epoch after the first."""

    def __init__(self, optimizer: Any, lr_lambda: Callable | list, last_epoch: int = -1) -> None:
        self.lr_lambdas = _lambdas("MultiplicativeLR", optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = int(self._epoch)
        if e > 0:
            return [lr * f32(fn(e)) for fn, lr in zip(self.lr_lambdas, self._lrs())]
        return self._lrs()


class ConstantLR(LRScheduler):
    """Scale the learning rate by ``factor`` until epoch ``total_iters``."""

    def __init__(
        self, optimizer: Any, factor: float = 1.0 / 3, total_iters: int = 5, last_epoch: int = -1
    ) -> None:
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(
                "For 'ConstantLR', the type of total_iters must be int, but got "
                f"{type(total_iters)}."
            )
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self._epoch
        if e == 0:
            return [lr * f32(self.factor) for lr in self._lrs()]
        if e != self.total_iters:
            return self._lrs()
        return [lr / f32(self.factor) for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        scale = f32(self.factor + (self._epoch >= self.total_iters) * (1 - self.factor))
        return [b * scale for b in self._bases()]


class LinearLR(LRScheduler):
    """Scale the learning rate linearly from ``start_factor`` to ``end_factor`` over
    ``total_iters`` epochs."""

    def __init__(
        self,
        optimizer: Any,
        start_factor: float = 1.0 / 3,
        end_factor: float = 1.0,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError(
                "Starting multiplicative factor expected to be greater than 0 and less than or "
                "equal to 1."
            )
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(
                f"For 'LinearLR', the type of total_iters must be int, but got {type(total_iters)}."
            )
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e = self._epoch
        if e == 0:
            return [lr * f32(self.start_factor) for lr in self._lrs()]
        if e > self.total_iters:
            return self._lrs()
        d = self.end_factor - self.start_factor
        factor = f32(1.0) + f32(d) / (
            f32(self.total_iters * self.start_factor) + (e - f32(1)) * f32(d)
        )
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        d = self.end_factor - self.start_factor
        scale = self.start_factor + d * min(self.total_iters, float(self._epoch)) / self.total_iters
        return [b * f32(scale) for b in self._bases()]


class CosineAnnealingLR(LRScheduler):
    """Cosine annealing from the initial learning rate to ``eta_min`` over ``T_max`` epochs (and
    back up over the next ``T_max``)."""

    def __init__(
        self, optimizer: Any, T_max: int, eta_min: float = 0.0, last_epoch: int = -1
    ) -> None:
        if isinstance(eta_min, bool) or not isinstance(eta_min, float | int):
            raise TypeError(
                "For 'CosineAnnealingLR', the 'eta_min' must be float or int, but got "
                f"{type(eta_min)}."
            )
        _check_int("CosineAnnealingLR", "T_max", T_max)
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        e, t, lo = self._epoch, f32(self.T_max), f32(self.eta_min)
        pi = f32(math.pi)
        if e == 0:
            return self._lrs()
        if (e - 1 - t) % (2 * t) == 0:
            half = (f32(1) - np.cos(pi / t)) / f32(2)
            return [lr + (b - lo) * half for b, lr in zip(self._bases(), self._lrs())]
        ratio = (f32(1) + np.cos(pi * e / t)) / (f32(1) + np.cos(pi * (e - f32(1)) / t))
        return [ratio * (lr - lo) + lo for lr in self._lrs()]

    def _get_closed_form_lr(self) -> list:
        lo = f32(self.eta_min)
        c = (f32(1) + np.cos(f32(math.pi) * self._epoch / f32(self.T_max))) / f32(2)
        return [lo + (b - lo) * c for b in self._bases()]


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every ``T_i`` epochs (``T_0``, then ``T_0 * T_mult**k``)."""

    def __init__(
        self, optimizer: Any, T_0: int, T_mult: int = 1, eta_min: float = 0, last_epoch: int = -1
    ) -> None:
        if not isinstance(T_0, int) or T_0 <= 0:
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if not isinstance(T_mult, int) or T_mult < 1:
            raise ValueError(
                f"T_mult should be an integer and equal or greater than 1, but got {T_mult}"
            )
        if isinstance(eta_min, bool) or not isinstance(eta_min, float | int):
            raise TypeError(
                f"The type of 'eta_min' should be 'float' or 'int', but got {type(eta_min).__name__}"
            )
        self.T_0 = _counter("T_0", T_0)
        self.T_i = _counter("T_i", T_0)
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = _counter("T_cur", last_epoch)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list:
        lo = f32(self.eta_min)
        pct = f32(math.pi) * _value(self.T_cur) / _value(self.T_i)
        return [lo + (b - lo) * (f32(1) + np.cos(pct)) / f32(2) for b in self._bases()]

    def step(self, epoch: float | None = None) -> bool:
        if epoch is None and self._epoch < 0:
            epoch = 0
        t0, t_mult = _value(self.T_0), self.T_mult
        if epoch is None:
            epoch = self._epoch + 1
            t_cur, t_i = _value(self.T_cur) + 1, _value(self.T_i)
            if t_cur >= t_i:
                t_cur, t_i = t_cur - t_i, t_i * t_mult
        else:
            if epoch < 0:
                raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
            epoch = f32(epoch)
            t_cur, t_i = epoch, t0
            if epoch >= t0:
                if t_mult == 1:
                    t_cur = epoch % t0
                else:
                    n = int(math.log(epoch / t0 * (t_mult - 1) + 1, t_mult))
                    t_cur = epoch - t0 * (t_mult**n - 1) / (t_mult - 1)
                    t_i = t0 * t_mult**n
        _assign(self.T_cur, t_cur)
        _assign(self.T_i, t_i)
        _assign(self.last_epoch, math.floor(epoch))
        for lr, v in zip(self._last_lr, self.get_lr()):
            _assign(lr, v)
        return True


class CyclicLR(LRScheduler):
    """Cycle the learning rate between ``base_lr`` and ``max_lr`` (``'triangular'``,
    ``'triangular2'``, ``'exp_range'`` or a custom ``scale_fn``)."""

    def __init__(
        self,
        optimizer: Any,
        base_lr: Any,
        max_lr: Any,
        step_size_up: int = 2000,
        step_size_down: int | None = None,
        mode: str = "triangular",
        gamma: float = 1.0,
        scale_fn: Callable | None = None,
        scale_mode: str = "cycle",
        last_epoch: int = -1,
    ) -> None:
        base_lrs = self._per_group(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                _assign(group["lr"], lr)
        self.max_lrs = self._per_group(optimizer, max_lr, "max_lr")
        up = float(step_size_up)
        down = up if step_size_down is None else float(step_size_down)
        self.total_step_size = up + down
        self.step_up_ratio = up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [Tensor(f32(lr)) for lr in base_lrs]

    @staticmethod
    def _per_group(optimizer: Any, value: Any, name: str) -> list:
        n = len(optimizer.param_groups)
        if isinstance(value, list | tuple):
            if len(value) != n:
                raise ValueError(f"Expected {n} values for {name}, got {len(value)}")
            return list(value)
        return [value] * n

    def scale_fn(self, x: Any) -> Any:
        """The amplitude scale at cycle (or iteration) ``x``."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / (2.0 ** (x - 1))
        return self.gamma**x

    def get_lr(self) -> list:
        e = self._epoch
        cycle = np.floor(f32(1) + e / f32(self.total_step_size))
        x = f32(1) + e / f32(self.total_step_size) - cycle
        r = f32(self.step_up_ratio)
        scale = x / r if x <= r else (x - f32(1)) / (r - f32(1))
        at = cycle if self.scale_mode == "cycle" else e
        amp = f32(self.scale_fn(at))
        return [b + (f32(m) - b) * scale * amp for b, m in zip(self._bases(), self.max_lrs)]


class SequentialLR:
    """Run ``schedulers`` one after another, switching at the ``milestones`` epochs."""

    def __init__(
        self, optimizer: Any, schedulers: list, milestones: list, last_epoch: int = -1
    ) -> None:
        for i, s in enumerate(schedulers):
            if s.optimizer is not optimizer:
                raise ValueError(
                    "Sequential Schedulers expects all schedulers to belong to the same optimizer, "
                    f"but got scheduler at index {i} is different from the optimizer passed in."
                )
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                "Sequential Schedulers expects number of schedulers provided to be one more than "
                f"the number of milestone points, but got number of schedulers {len(schedulers)} "
                f"and the number of milestones {len(milestones)}"
            )
        self._schedulers = schedulers
        self.milestones = milestones
        self.last_epoch = _counter("last_epoch_SequentialLR", last_epoch + 1)
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            _assign(group["lr"], _value(group["initial_lr"]))
        for s in schedulers:
            _assign(s.last_epoch, _value(s.last_epoch) - 1)
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self) -> None:
        """Advance one epoch in the scheduler whose range holds it."""
        epoch = int(_value(self.last_epoch)) + 1
        _assign(self.last_epoch, epoch)
        idx = bisect_right(self.milestones, epoch)
        if idx > 0 and self.milestones[idx - 1] == epoch:
            self._schedulers[idx].step(0)
        else:
            self._schedulers[idx].step()

    def get_last_lr(self) -> list:
        return [Tensor(_value(lr)) for lr in self._last_lr]


class ReduceLROnPlateau:
    """Multiply the learning rate by ``factor`` when ``metrics`` stop improving for more than
    ``patience`` steps (``mode`` ``'min'``/``'max'``, ``threshold_mode`` ``'rel'``/``'abs'``),
    waiting ``cooldown`` steps after each reduction, never below ``min_lr``."""

    def __init__(
        self,
        optimizer: Any,
        mode: str = "min",
        factor: float = 0.1,
        patience: int = 10,
        threshold: float = 1e-4,
        threshold_mode: str = "rel",
        cooldown: int = 0,
        min_lr: Any = 0,
        eps: float = 1e-8,
    ) -> None:
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        n = len(optimizer.param_groups)
        if isinstance(min_lr, list | tuple):
            if len(min_lr) != n:
                raise ValueError(f"Expected {n} min_lrs, got {len(min_lr)}")
            self.min_lrs = [f32(v) for v in min_lr]
        else:
            self.min_lrs = [f32(min_lr)] * n
        if mode not in ("min", "max"):
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(
                f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}."
            )
        self.optimizer = optimizer
        self.factor = factor
        self.mode = mode
        self.patience = patience
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.cooldown = cooldown
        self.eps = eps
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.last_epoch = Parameter(
            Tensor(np.int32(0)), name="last_epoch_ReduceLROnPlateau", requires_grad=False
        )
        self.best = _counter("best", self.mode_worse)
        self.cooldown_counter = _counter("cooldown_counter", 0)
        self.wait = _counter("wait", 0)
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def _is_improvement(self, current: np.float32, best: np.float32) -> bool:
        t = f32(self.threshold)
        if self.mode == "min":
            return bool(
                current < (best * (f32(1) - t) if self.threshold_mode == "rel" else best - t)
            )
        return bool(current > (best * (t + f32(1)) if self.threshold_mode == "rel" else best + t))

    def in_cooldown(self) -> bool:
        return bool(_value(self.cooldown_counter) > 0)

    def step(self, metrics: Any) -> bool:
        """Record ``metrics`` for this epoch and reduce the learning rates if it plateaued."""
        self.last_epoch.set_data(Tensor(np.int32(int(self.last_epoch.asnumpy()) + 1)))
        current = _value(metrics)
        if self._is_improvement(current, _value(self.best)):
            _assign(self.best, current)
            _assign(self.wait, 0)
        else:
            _assign(self.wait, _value(self.wait) + 1)
        if self.in_cooldown():
            _assign(self.cooldown_counter, _value(self.cooldown_counter) - 1)
            _assign(self.wait, 0)
        if _value(self.wait) > self.patience:
            for lr, lo in zip(self._last_lr, self.min_lrs):
                old = _value(lr)
                new = max(old * f32(self.factor), lo)
                if old > new + f32(self.eps):
                    _assign(lr, new)
            _assign(self.cooldown_counter, self.cooldown)
            _assign(self.wait, 0)
        return True

    def get_last_lr(self) -> list:
        return [Tensor(_value(lr)) for lr in self._last_lr]
