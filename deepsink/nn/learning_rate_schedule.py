"""Learning rate schedules: Cells mapping the (traced) global step to a learning rate.

An optimizer calls ``schedule(global_step)`` every step inside the compiled step, so each schedule
is a pure jnp function of the step: no Python branching on its value.
"""

from __future__ import annotations

from typing import Any

from deepsink._core.validate import check_bool, check_positive_int, fail_arg
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function import lr_schedule_func as LR


def _check_float(value: Any, arg: str, api: str, *, positive: bool) -> float:
    if not isinstance(value, float):
        fail_arg(api, arg, "a float", value, TypeError)
    if positive and value <= 0.0:
        fail_arg(api, arg, "a positive float", value)
    if not positive and value < 0.0:
        fail_arg(api, arg, "a non-negative float", value)
    return value


def _step(global_step: Any) -> Any:
    """The step as float32 (MindSpore casts the int step before the arithmetic)."""
    return LR.step_float(unwrap(global_step))


class LearningRateSchedule(Cell):
    """Base of the schedules: ``construct(global_step) -> learning rate`` (a float32 Tensor).

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> class Halving(nn.learning_rate_schedule.LearningRateSchedule):
        ...     def construct(self, global_step):
        ...         return 0.1 * 0.5 ** global_step.astype(ms.float32)
        >>> lr = Halving()
        >>> print(lr(ms.Tensor(2, ms.int32)))
        0.025
    """

    def __init__(self) -> None:
        super().__init__()

    def construct(self, global_step: Any) -> Tensor:
        raise NotImplementedError(f"For '{type(self).__name__}', 'construct' is not implemented")


class _DecaySchedule(LearningRateSchedule):
    """Shared arguments of the three decay schedules."""

    def __init__(
        self, learning_rate: float, decay_rate: float, decay_steps: int, is_stair: bool = False
    ) -> None:
        super().__init__()
        api = type(self).__name__
        check_positive_int(decay_steps, "decay_steps", api)
        self.learning_rate = _check_float(learning_rate, "learning_rate", api, positive=True)
        self.decay_rate = _check_float(decay_rate, "decay_rate", api, positive=True)
        self.decay_steps = decay_steps
        self.is_stair = check_bool(is_stair, "is_stair", api)

    def _p(self, global_step: Any) -> Any:
        return LR.decay_progress(_step(global_step), self.decay_steps, self.is_stair)


class ExponentialDecayLR(_DecaySchedule):
    """``learning_rate * decay_rate ** p`` with ``p = step / decay_steps`` (floored if is_stair).

    Args:
        learning_rate (float): the initial rate, > 0.
        decay_rate (float): the decay rate, > 0.
        decay_steps (int): the steps per decay period.
        is_stair (bool): decay in whole periods (floor ``p``). Default: ``False``.

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Raises:
        TypeError: ``learning_rate`` or ``decay_rate`` is not a float, ``decay_steps`` not an int, or ``is_stair`` not a bool.
        ValueError: ``learning_rate``, ``decay_rate`` or ``decay_steps`` is not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lr = nn.ExponentialDecayLR(0.1, 0.9, decay_steps=2)
        >>> print([round(float(lr(ms.Tensor(step, ms.int32))), 6) for step in (0, 2, 4)])
        [0.1, 0.09, 0.081]
    """

    def construct(self, global_step: Any) -> Tensor:
        p = self._p(global_step)
        return Tensor._from(LR.exponential_decay(self.learning_rate, self.decay_rate, p))


class NaturalExpDecayLR(_DecaySchedule):
    """``learning_rate * e ** (-decay_rate * p)``.

    As in MindSpore's implementation, ``p`` is the step itself, or, with ``is_stair``, the step
    rounded down to a multiple of ``decay_steps``.

    Args:
        learning_rate, decay_rate, decay_steps, is_stair: as :class:`ExponentialDecayLR` (which
            also lists what it raises).

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lr = nn.NaturalExpDecayLR(0.1, 0.9, decay_steps=2, is_stair=True)
        >>> print([round(float(lr(ms.Tensor(step, ms.int32))), 6) for step in (0, 2, 4)])
        [0.1, 0.01653, 0.002732]
    """

    def construct(self, global_step: Any) -> Tensor:
        lr, rate, steps = self.learning_rate, self.decay_rate, self.decay_steps
        p = _step(global_step)
        return Tensor._from(LR.natural_exp_decay(lr, rate, p, steps, self.is_stair))


class InverseDecayLR(_DecaySchedule):
    """``learning_rate / (1 + decay_rate * p)`` with ``p = step / decay_steps``.

    Args:
        learning_rate, decay_rate, decay_steps, is_stair: as :class:`ExponentialDecayLR` (which
            also lists what it raises).

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lr = nn.InverseDecayLR(0.1, 0.5, decay_steps=2)
        >>> print([round(float(lr(ms.Tensor(step, ms.int32))), 6) for step in (0, 2, 4)])
        [0.1, 0.066667, 0.05]
    """

    def construct(self, global_step: Any) -> Tensor:
        return Tensor._from(self.learning_rate / (1 + self.decay_rate * self._p(global_step)))


class CosineDecayLR(LearningRateSchedule):
    """``min_lr + 0.5 (max_lr - min_lr) (1 + cos(pi min(step, decay_steps) / decay_steps))``.

    Args:
        min_lr (float): the final rate, >= 0.
        max_lr (float): the initial rate, > min_lr.
        decay_steps (int): the steps to decay over.

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Raises:
        TypeError: a rate is not a float or ``decay_steps`` not an int.
        ValueError: ``min_lr`` is negative, ``max_lr`` not above it, or ``decay_steps`` not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lr = nn.CosineDecayLR(0.01, 0.1, decay_steps=4)
        >>> print([round(float(lr(ms.Tensor(step, ms.int32))), 6) for step in (0, 2, 4)])
        [0.1, 0.055, 0.01]
    """

    def __init__(self, min_lr: float, max_lr: float, decay_steps: int) -> None:
        super().__init__()
        api = "CosineDecayLR"
        self.min_lr = _check_float(min_lr, "min_lr", api, positive=False)
        self.max_lr = _check_float(max_lr, "max_lr", api, positive=True)
        self.decay_steps = check_positive_int(decay_steps, "decay_steps", api)
        if min_lr >= max_lr:
            fail_arg(api, "max_lr", f"greater than 'min_lr' ({min_lr})", max_lr)
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step: Any) -> Tensor:
        step = _step(global_step)
        return Tensor._from(LR.cosine_decay(self.min_lr, self.delta, step, self.decay_steps))


class PolynomialDecayLR(LearningRateSchedule):
    """``(lr - end_lr) (1 - step / decay_steps) ** power + end_lr``, the step capped at
    decay_steps; with ``update_decay_steps`` the horizon grows to the next multiple instead.

    Args:
        learning_rate (float): the initial rate, > 0.
        end_learning_rate (float): the final rate, >= 0.
        decay_steps (int): the steps to decay over.
        power (float): the polynomial's power, > 0.
        update_decay_steps (bool): extend the horizon to the next multiple of ``decay_steps`` instead
            of holding the final rate. Default: ``False``.

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Raises:
        TypeError: a rate or ``power`` is not a float, ``decay_steps`` not an int, or ``update_decay_steps`` not a bool.
        ValueError: a rate, ``power`` or ``decay_steps`` is out of range.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lr = nn.PolynomialDecayLR(0.1, 0.01, decay_steps=4, power=1.0)
        >>> print([round(float(lr(ms.Tensor(step, ms.int32))), 6) for step in (0, 2, 4)])
        [0.1, 0.055, 0.01]
    """

    def __init__(
        self,
        learning_rate: float,
        end_learning_rate: float,
        decay_steps: int,
        power: float,
        update_decay_steps: bool = False,
    ) -> None:
        super().__init__()
        api = "PolynomialDecayLR"
        self.start_learning_rate = _check_float(learning_rate, "learning_rate", api, positive=True)
        self.end_learning_rate = _check_float(
            end_learning_rate, "end_learning_rate", api, positive=False
        )
        self.decay_steps = check_positive_int(decay_steps, "decay_steps", api)
        self.power = _check_float(power, "power", api, positive=True)
        self.update_decay_steps = check_bool(update_decay_steps, "update_decay_steps", api)
        self.diff_learning_rate = learning_rate - end_learning_rate

    def construct(self, global_step: Any) -> Tensor:
        lr = LR.polynomial_decay(
            self.diff_learning_rate,
            self.end_learning_rate,
            self.power,
            _step(global_step),
            self.decay_steps,
            self.update_decay_steps,
        )
        return Tensor._from(lr)


class WarmUpLR(LearningRateSchedule):
    """``learning_rate * min(step, warmup_steps) / warmup_steps``.

    Args:
        learning_rate (float): the rate reached at the end of the warm-up, >= 0.
        warmup_steps (int): the warm-up's length.

    Inputs:
        - **global_step** (Tensor) - the current step, a scalar int Tensor.

    Outputs:
        Tensor, the learning rate, a float32 scalar.

    Raises:
        TypeError: ``learning_rate`` is not a float or ``warmup_steps`` not an int.
        ValueError: ``learning_rate`` is negative or ``warmup_steps`` not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> lr = nn.WarmUpLR(0.1, warmup_steps=4)
        >>> print([round(float(lr(ms.Tensor(step, ms.int32))), 6) for step in (0, 2, 4)])
        [0.0, 0.05, 0.1]
    """

    def __init__(self, learning_rate: float, warmup_steps: int) -> None:
        super().__init__()
        api = "WarmUpLR"
        self.learning_rate = _check_float(learning_rate, "learning_rate", api, positive=False)
        self.warmup_steps = check_positive_int(warmup_steps, "warmup_steps", api)

    def construct(self, global_step: Any) -> Tensor:
        return Tensor._from(LR.warmup(self.learning_rate, _step(global_step), self.warmup_steps))
