"""The learning-rate schedules' formulas on the global step (``nn.ExponentialDecayLR``,
``nn.NaturalExpDecayLR``, ``nn.InverseDecayLR``, ``nn.CosineDecayLR``, ``nn.PolynomialDecayLR``,
``nn.WarmUpLR``), written in ops so that nn computes through it. They take the step as an array
and trace into the compiled training step; the schedules check their arguments."""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp


def step_float(step: Any) -> jax.Array:
    """The step as float32 (MindSpore casts the int step before the arithmetic)."""
    return jnp.asarray(step).astype(jnp.float32)


def decay_progress(step: jax.Array, decay_steps: int, stair: bool) -> jax.Array:
    """``step / decay_steps``, floored when ``stair``."""
    p = step / decay_steps
    return jnp.floor(p) if stair else p


def exponential_decay(lr: float, rate: float, p: jax.Array) -> jax.Array:
    """``lr * rate ** p``."""
    return lr * jnp.power(jnp.float32(rate), p)


def natural_exp_decay(
    lr: float, rate: float, step: jax.Array, decay_steps: int, stair: bool
) -> jax.Array:
    """``lr * e ** (-rate * step)``, the step floored to a multiple of ``decay_steps`` when
    ``stair``."""
    if stair:
        step = jnp.floor(step / decay_steps) * decay_steps
    return lr * jnp.power(jnp.float32(math.e), -rate * step)


def cosine_decay(min_lr: float, delta: float, step: jax.Array, decay_steps: int) -> jax.Array:
    """``min_lr + delta (1 + cos(pi min(step, decay_steps) / decay_steps))``."""
    p = jnp.minimum(step, decay_steps)
    # sin(pi (p + 0.5)) = cos(pi p), written as MindSpore computes it.
    return min_lr + delta * (1.0 + jnp.sin(math.pi * (p / decay_steps + 0.5)))


def polynomial_decay(
    diff: float, end: float, power: float, step: jax.Array, decay_steps: int, update: bool
) -> jax.Array:
    """``diff * (1 - step / horizon) ** power + end``: the horizon is ``decay_steps``, grown to
    the next multiple that the step has not passed when ``update``, else the step stops at it."""
    horizon = jnp.float32(decay_steps)
    if update:
        horizon = horizon * jnp.maximum(jnp.ceil(step / horizon), 1.0)
    else:
        step = jnp.minimum(step, horizon)
    return diff * jnp.power(1.0 - step / horizon, power) + end


def warmup(lr: float, step: jax.Array, warmup_steps: int) -> jax.Array:
    """``lr * min(step, warmup_steps) / warmup_steps``."""
    return lr * (jnp.minimum(step, warmup_steps) / warmup_steps)
