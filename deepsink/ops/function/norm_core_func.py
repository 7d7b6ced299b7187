"""The normalization layers' formulas on arrays (``nn.BatchNorm*``, ``nn.GroupNorm``,
``nn.InstanceNorm*``), written in ops so that nn computes through it. Each takes and returns
``jax.Array`` and checks nothing; the layers check their inputs."""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

from deepsink._core import norm
from deepsink._core.eager_program import eager_program


def batch_stats(xs: jax.Array, axes: tuple[int, ...], bshape: list[int]) -> tuple:
    """The batch mean and biased variance of ``xs`` over ``axes`` (the channel's shape
    ``bshape`` broadcasts the mean back)."""
    mean = jnp.mean(xs, axis=axes)
    var = jnp.mean(jnp.square(xs - mean.reshape(bshape)), axis=axes)
    return mean, var


def batch_norm_train(
    xs: jax.Array, gamma: jax.Array, beta: jax.Array, channel: int, eps: float
) -> tuple[jax.Array, jax.Array, jax.Array]:
    """``(y, mean, var)``: ``xs`` normalized with its batch statistics over every axis but
    ``channel`` (``var`` biased), scaled by ``gamma`` and shifted by ``beta``: the one training
    step of ``nn.BatchNorm*`` and ``ops.batch_norm``. On XLA:CPU it is ``_core.norm``'s tuned
    lowering (the sums as matmuls), elsewhere :func:`batch_stats` and :func:`scale_shift`."""
    if norm.use_matmul_sums():
        return norm.batch_norm_train(xs, gamma, beta, channel, eps)
    bshape = [1] * xs.ndim
    bshape[channel] = xs.shape[channel]
    mean, var = batch_stats(xs, tuple(i for i in range(xs.ndim) if i != channel), bshape)
    return scale_shift(xs, gamma, beta, mean, var, eps, bshape), mean, var


def scale_shift(
    xs: jax.Array, gamma: Any, beta: Any, mean: Any, var: Any, eps: float, bshape: list[int]
) -> jax.Array:
    """``(xs - mean) / sqrt(var + eps) * gamma + beta`` per channel, as one scale and shift."""
    return _scale_shift(xs, gamma, beta, mean, var, float(eps), tuple(bshape))


def moving_stats(
    mm: jax.Array, mv: jax.Array, mean: Any, var: Any, count: int, momentum: float
) -> tuple:
    """The running mean and variance moved by ``momentum`` towards the batch's ``mean`` and
    ``var`` (biased over ``count`` values, made unbiased); no gradient flows into them."""
    return _moving_stats(mm, mv, mean, var, int(count), float(momentum))


# Each is one jitted program (per shape, dtype and static argument): in PYNATIVE_MODE an eval-mode
# BatchNorm then compiles once per input shape instead of once per element-wise op and shape
# (seven), and layers of the same shape share it; inside a GRAPH_MODE trace the call is inlined.
@eager_program(static_argnums=(5, 6))
def _scale_shift(xs, gamma, beta, mean, var, eps, bshape):  # noqa: ANN001, ANN202
    scale = gamma * lax.rsqrt(var.astype(xs.dtype) + eps)
    shift = beta - mean * scale
    return xs * scale.reshape(bshape) + shift.reshape(bshape)


@eager_program(static_argnums=(4, 5))
def _moving_stats(mm, mv, mean, var, count, momentum):  # noqa: ANN001, ANN202
    mean, var = lax.stop_gradient(mean), lax.stop_gradient(var)
    unbiased = var * (count / (count - 1)) if count > 1 else var
    w = momentum
    return ((1 - w) * mm + w * mean).astype(mm.dtype), ((1 - w) * mv + w * unbiased).astype(
        mv.dtype
    )


def group_norm(xs: jax.Array, groups: int, gamma: Any, beta: Any, eps: float) -> jax.Array:
    """Each sample's ``groups`` channel groups of ``xs`` (N, C, *) normalized to zero mean and
    unit (biased) variance, then scaled and shifted per channel."""
    g = xs.reshape(xs.shape[0], groups, -1)
    mean = jnp.mean(g, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(g - mean), axis=-1, keepdims=True)
    y = ((g - mean) * lax.rsqrt(var + eps)).reshape(xs.shape)
    bshape = (1, xs.shape[1]) + (1,) * (xs.ndim - 2)
    return y * gamma.reshape(bshape) + beta.reshape(bshape)


def instance_norm(a: jax.Array, gamma: Any, beta: Any, eps: float) -> tuple:
    """``(y, mean, var)``: each (sample, channel) of ``a`` (N, C, *) normalized over its spatial
    axes with its own mean and biased variance, scaled and shifted per channel."""
    axes = tuple(range(2, a.ndim))
    mean = jnp.mean(a, axis=axes, keepdims=True)
    var = jnp.var(a, axis=axes, keepdims=True)
    bshape = (1, -1) + (1,) * (a.ndim - 2)
    y = (a - mean) / jnp.sqrt(var + eps)
    return y * gamma.reshape(bshape) + beta.reshape(bshape), mean, var


def instance_moving_stats(
    mm: jax.Array, mv: jax.Array, mean: Any, var: Any, shape: Any, momentum: float
) -> tuple:
    """The running statistics moved towards the batch average of the instance statistics
    (``mean``/``var`` of shape (N, C, 1, ...); the variance made unbiased over the spatial size)."""
    n = max(math.prod(shape[2:]), 1)
    batch_mean = jnp.mean(mean.reshape(shape[:2]), axis=0)
    batch_var = jnp.mean(var.reshape(shape[:2]), axis=0) * n / max(n - 1, 1)
    m = momentum
    return (
        (1 - m) * mm + m * lax.stop_gradient(batch_mean),
        (1 - m) * mv + m * lax.stop_gradient(batch_var),
    )
