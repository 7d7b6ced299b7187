"""Precomputed learning rate lists (MindSpore's ``nn.dynamic_lr``), one value per step.

Pass the list as an optimizer's ``learning_rate``: step ``i`` uses ``lr[i]``. The decay functions
count whole epochs: ``epoch = floor(step / step_per_epoch)``.
"""

from __future__ import annotations

import math
from typing import Any

from deepsink._core.validate import check_bool, check_positive_int, fail_arg


def _float(value: Any, arg: str, api: str, *, positive: bool) -> float:
    if not isinstance(value, float):
        fail_arg(api, arg, "a float", value, TypeError)
    if positive and value <= 0.0:
        fail_arg(api, arg, "a positive float", value)
    if value < 0.0:
        fail_arg(api, arg, "a non-negative float", value)
    return value


def _epochs(total_step: int, step_per_epoch: int, api: str) -> list[int]:
    check_positive_int(total_step, "total_step", api)
    check_positive_int(step_per_epoch, "step_per_epoch", api)
    return [i // step_per_epoch for i in range(total_step)]


def _decay_args(
    api: str,
    learning_rate: Any,
    decay_rate: Any,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: Any,
) -> list[int]:
    _float(learning_rate, "learning_rate", api, positive=True)
    _float(decay_rate, "decay_rate", api, positive=True)
    check_positive_int(decay_epoch, "decay_epoch", api)
    check_bool(is_stair, "is_stair", api)
    return _epochs(total_step, step_per_epoch, api)


def piecewise_constant_lr(milestone: Any, learning_rates: Any) -> list[float]:
    """``learning_rates[i]`` for the steps before ``milestone[i]`` (increasing step counts).

    Args:
        milestone (Union[list[int], tuple[int]]): increasing step counts; the last is the total.
        learning_rates (Union[list[float], tuple[float]]): the rate before each milestone, as many.

    Returns:
        list[float], one learning rate per step (``milestone[-1]`` values), to pass to an optimizer.

    Raises:
        TypeError: ``milestone`` or ``learning_rates`` is not a list or tuple.
        ValueError: their lengths differ, or ``milestone`` is not increasing.

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.piecewise_constant_lr([2, 5], [0.1, 0.05])
        >>> print([round(v, 6) for v in lr])
        [0.1, 0.1, 0.05, 0.05, 0.05]
    """
    api = "piecewise_constant_lr"
    if not isinstance(milestone, list | tuple):
        fail_arg(api, "milestone", "a list or tuple", milestone, TypeError)
    if not isinstance(learning_rates, list | tuple):
        fail_arg(api, "learning_rates", "a list or tuple", learning_rates, TypeError)
    if len(milestone) != len(learning_rates):
        fail_arg(
            api,
            "learning_rates",
            f"of the length of 'milestone' ({len(milestone)})",
            learning_rates,
        )
    lr: list[float] = []
    last = 0
    for i, (step, rate) in enumerate(zip(milestone, learning_rates)):
        check_positive_int(step, f"milestone[{i}]", api)
        _float(rate, f"learning_rates[{i}]", api, positive=False)
        if step < last:
            fail_arg(api, f"milestone[{i}]", f"at least milestone[{i - 1}] ({last})", step)
        lr += [rate] * (step - last)
        last = step
    return lr


def exponential_decay_lr(
    learning_rate: float,
    decay_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: bool = False,
) -> list[float]:
    """``learning_rate * decay_rate ** (epoch / decay_epoch)``, the exponent floored if is_stair.

    Args:
        learning_rate (float): the initial rate, > 0.
        decay_rate (float): the decay rate, > 0.
        total_step (int): the number of steps to produce.
        step_per_epoch (int): the steps per epoch.
        decay_epoch (int): the epochs per decay period.
        is_stair (bool): decay in whole periods. Default: ``False``.

    Returns:
        list[float], one learning rate per step (``total_step`` values), to pass to an optimizer.

    Raises:
        TypeError: a rate is not a float, a count not an int, or ``is_stair`` not a bool.
        ValueError: a rate or a count is not positive.

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.exponential_decay_lr(0.1, 0.9, total_step=6, step_per_epoch=2, decay_epoch=1)
        >>> print([round(v, 6) for v in lr])
        [0.1, 0.1, 0.09, 0.09, 0.081, 0.081]
    """
    args = (learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    epochs = _decay_args("exponential_decay_lr", *args)
    power = (lambda e: e // decay_epoch) if is_stair else (lambda e: e / decay_epoch)
    return [learning_rate * decay_rate ** power(e) for e in epochs]


def natural_exp_decay_lr(
    learning_rate: float,
    decay_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: bool = False,
) -> list[float]:
    """``learning_rate * e ** (-decay_rate * epoch)`` (epoch rounded down to a multiple of
    decay_epoch if is_stair), as MindSpore computes it.

    Args:
        learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair: as
            :func:`exponential_decay_lr`.

    Returns:
        list[float], as :func:`exponential_decay_lr` (which also lists what it raises).

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.natural_exp_decay_lr(0.1, 0.9, total_step=6, step_per_epoch=2, decay_epoch=2, is_stair=True)
        >>> print([round(v, 6) for v in lr])
        [0.1, 0.1, 0.1, 0.1, 0.01653, 0.01653]
    """
    args = (learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    epochs = _decay_args("natural_exp_decay_lr", *args)
    p = (lambda e: e // decay_epoch * decay_epoch) if is_stair else (lambda e: e)
    return [learning_rate * math.e ** (-decay_rate * p(e)) for e in epochs]


def inverse_decay_lr(
    learning_rate: float,
    decay_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    is_stair: bool = False,
) -> list[float]:
    """``learning_rate / (1 + decay_rate * epoch / decay_epoch)``, the ratio floored if is_stair.

    Args:
        learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair: as
            :func:`exponential_decay_lr`.

    Returns:
        list[float], as :func:`exponential_decay_lr` (which also lists what it raises).

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.inverse_decay_lr(0.1, 0.5, total_step=6, step_per_epoch=2, decay_epoch=1)
        >>> print([round(v, 6) for v in lr])
        [0.1, 0.1, 0.066667, 0.066667, 0.05, 0.05]
    """
    args = (learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    epochs = _decay_args("inverse_decay_lr", *args)
    if is_stair:
        return [learning_rate / (1 + decay_rate * (e // decay_epoch)) for e in epochs]
    return [learning_rate / (1 + decay_rate * e / decay_epoch) for e in epochs]


def cosine_decay_lr(
    min_lr: float, max_lr: float, total_step: int, step_per_epoch: int, decay_epoch: int
) -> list[float]:
    """``min_lr + 0.5 (max_lr - min_lr) (1 + cos(pi min(epoch, decay_epoch) / decay_epoch))``.

    Args:
        min_lr (float): the final rate, >= 0.
        max_lr (float): the initial rate, > min_lr.
        total_step (int): the number of steps to produce.
        step_per_epoch (int): the steps per epoch.
        decay_epoch (int): the epochs to decay over.

    Returns:
        list[float], one learning rate per step (``total_step`` values), to pass to an optimizer.

    Raises:
        TypeError: a rate is not a float or a count not an int.
        ValueError: ``min_lr`` is negative, ``max_lr`` not above it, or a count not positive.

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.cosine_decay_lr(0.01, 0.1, total_step=6, step_per_epoch=2, decay_epoch=2)
        >>> print([round(v, 6) for v in lr])
        [0.1, 0.1, 0.055, 0.055, 0.01, 0.01]
    """
    api = "cosine_decay_lr"
    _float(min_lr, "min_lr", api, positive=False)
    _float(max_lr, "max_lr", api, positive=True)
    check_positive_int(decay_epoch, "decay_epoch", api)
    if min_lr >= max_lr:
        fail_arg(api, "max_lr", f"greater than 'min_lr' ({min_lr})", max_lr)
    delta = 0.5 * (max_lr - min_lr)
    return [
        min_lr + delta * (1 + math.cos(math.pi * min(e, decay_epoch) / decay_epoch))
        for e in _epochs(total_step, step_per_epoch, api)
    ]


def polynomial_decay_lr(
    learning_rate: float,
    end_learning_rate: float,
    total_step: int,
    step_per_epoch: int,
    decay_epoch: int,
    power: float,
    update_decay_epoch: bool = False,
) -> list[float]:
    """``(lr - end_lr) (1 - epoch / decay_epoch) ** power + end_lr``, the epoch capped at
    decay_epoch; with ``update_decay_epoch`` the horizon grows to the next multiple instead.

    Args:
        learning_rate (float): the initial rate, > 0.
        end_learning_rate (float): the final rate, >= 0.
        total_step (int): the number of steps to produce.
        step_per_epoch (int): the steps per epoch.
        decay_epoch (int): the epochs to decay over.
        power (float): the polynomial's power, > 0.
        update_decay_epoch (bool): extend the horizon to the next multiple instead of holding the
            final rate. Default: ``False``.

    Returns:
        list[float], one learning rate per step (``total_step`` values), to pass to an optimizer.

    Raises:
        TypeError: a rate is not a float, a count not an int, or ``is_stair`` not a bool.
        ValueError: a rate or a count is not positive.

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.polynomial_decay_lr(0.1, 0.01, total_step=6, step_per_epoch=2, decay_epoch=2, power=1.0)
        >>> print([round(v, 6) for v in lr])
        [0.1, 0.1, 0.055, 0.055, 0.01, 0.01]
    """
    api = "polynomial_decay_lr"
    _float(learning_rate, "learning_rate", api, positive=True)
    _float(end_learning_rate, "end_learning_rate", api, positive=False)
    _float(power, "power", api, positive=True)
    check_positive_int(decay_epoch, "decay_epoch", api)
    check_bool(update_decay_epoch, "update_decay_epoch", api)
    delta = learning_rate - end_learning_rate
    lr = []
    for e in _epochs(total_step, step_per_epoch, api):
        if update_decay_epoch:
            horizon, epoch = decay_epoch * max(math.ceil(e / decay_epoch), 1), e
        else:
            horizon, epoch = decay_epoch, min(e, decay_epoch)
        lr.append(delta * (1 - epoch / horizon) ** power + end_learning_rate)
    return lr


def warmup_lr(
    learning_rate: float, total_step: int, step_per_epoch: int, warmup_epoch: int
) -> list[float]:
    """``learning_rate * min(epoch, warmup_epoch) / warmup_epoch``.

    Args:
        learning_rate (float): the rate reached at the end of the warm-up.
        total_step (int): the number of steps to produce.
        step_per_epoch (int): the steps per epoch.
        warmup_epoch (int): the warm-up's length in epochs.

    Returns:
        list[float], one learning rate per step (``total_step`` values), to pass to an optimizer.

    Raises:
        TypeError: a rate is not a float, a count not an int, or ``is_stair`` not a bool.
        ValueError: a rate or a count is not positive.

    Examples:
        >>> from deepsink import nn
        >>> lr = nn.warmup_lr(0.1, total_step=6, step_per_epoch=2, warmup_epoch=2)
        >>> print([round(v, 6) for v in lr])
        [0.0, 0.0, 0.05, 0.05, 0.1, 0.1]
    """
    api = "warmup_lr"
    _float(learning_rate, "learning_rate", api, positive=False)
    check_positive_int(warmup_epoch, "warmup_epoch", api)
    return [
        learning_rate * min(e, warmup_epoch) / warmup_epoch
        for e in _epochs(total_step, step_per_epoch, api)
    ]
