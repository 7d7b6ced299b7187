"""The loss formulas on arrays, written once: ``ops``' loss functions and ``nn``'s loss Cells
compute through these. Each takes and returns ``jax.Array`` and checks nothing; the callers check
their arguments and raise their own API's errors."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp


def reduce_loss(loss: jax.Array, reduction: str, weight_sum: Any = None) -> jax.Array:
    """``loss`` reduced by ``'mean'`` (divided by ``weight_sum`` when given), ``'sum'`` or
    ``'none'`` (unchanged)."""
    if reduction == "mean":
        return jnp.mean(loss) if weight_sum is None else jnp.sum(loss) / weight_sum
    if reduction == "sum":
        return jnp.sum(loss)
    return loss


def broadcast(*arrays: jax.Array) -> list[jax.Array]:
    """The arrays broadcast to their common shape; ValueError when the shapes do not broadcast."""
    shape = jnp.broadcast_shapes(*(a.shape for a in arrays))
    return [jnp.broadcast_to(a, shape) for a in arrays]


def broadcast_to(x: jax.Array, shape: tuple[int, ...]) -> jax.Array:
    """``x`` broadcast to ``shape``; ValueError when it does not broadcast."""
    return jnp.broadcast_to(x, shape)


def weighted_loss(loss: jax.Array, reduction: str, weights: Any = 1.0) -> jax.Array:
    """MindSpore's ``LossBase.get_loss``: ``loss * weights`` reduced in float32, returned in the
    dtype of ``loss``."""
    x, w = broadcast(loss.astype(jnp.float32), jnp.asarray(weights, jnp.float32))
    return reduce_loss(x * w, reduction).astype(loss.dtype)


def squared_error(x: jax.Array, y: jax.Array) -> jax.Array:
    """``(x - y) ** 2``."""
    return jnp.square(x - y)


def absolute_error(x: jax.Array, y: jax.Array) -> jax.Array:
    """``|x - y|``, written ``sign(d) * d`` so that its derivative is 0 where ``x == y``
    (MindSpore's L1Loss gradient)."""
    d = x - y
    return jnp.sign(d) * d


def abs_error(x: jax.Array, y: jax.Array) -> jax.Array:
    """``|x - y|`` (JAX's derivative of ``abs``)."""
    return jnp.abs(x - y)


def root_mean_squared_error(x: jax.Array, y: jax.Array) -> jax.Array:
    """``sqrt(mean((x - y) ** 2))``."""
    return jnp.sqrt(jnp.mean((x - y) ** 2))


def smooth_l1(x: jax.Array, y: jax.Array, beta: float) -> jax.Array:
    """``0.5 d^2 / beta`` where ``d = |x - y| < beta``, else ``d - 0.5 beta``."""
    d = jnp.abs(x - y)
    return jnp.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)


def bce_with_logits(
    x: jax.Array, y: jax.Array, weight: Any = None, pos_weight: Any = None
) -> jax.Array:
    """Binary cross entropy of logits, MindSpore's kernel form
    ``(1 - y) x + ((pos_weight - 1) y + 1) softplus(-x)``, times ``weight``. Returned in the
    operands' common dtype; float16 (and bfloat16) compute in float32 and round once, as
    MindSpore's kernel does."""
    given = [a for a in (x, y, weight, pos_weight) if a is not None]
    out = jnp.result_type(*given)
    x, y, weight, pos_weight = (
        None if a is None else a.astype(jnp.promote_types(out, jnp.float32))
        for a in (x, y, weight, pos_weight)
    )
    softplus_neg = jax.nn.softplus(-x)  # -log(sigmoid(x)), stable and smooth at 0
    if pos_weight is not None:
        loss = (1 - y) * x + ((pos_weight - 1) * y + 1) * softplus_neg
    else:
        loss = (1 - y) * x + softplus_neg
    return (loss if weight is None else loss * weight).astype(out)


def one_hot(labels: jax.Array, classes: int, dtype: Any) -> jax.Array:
    """The one-hot rows of class indices ``labels`` (all zeros for an index out of range)."""
    return jax.nn.one_hot(labels, classes, dtype=dtype)


def dice(x: jax.Array, y: jax.Array, smooth: float) -> jax.Array:
    """``1 - 2 sum(x y) / (sum(x^2) + sum(y^2) + smooth)`` over all elements."""
    inter = jnp.sum(x * y)
    union = jnp.sum(x * x) + jnp.sum(y * y)
    return 1 - 2 * inter / (union + smooth)


def focal(x: jax.Array, y: jax.Array, weight: Any, gamma: float) -> jax.Array:
    """Focal loss ``-(1 - p)^gamma log p`` of the softmax over axis 1 of ``x`` (N, C, ...),
    averaged over the classes; ``y`` holds class indices with one channel (M, 1, ...) or is
    one-hot like ``x``. ``weight`` (C,) or None weighs the log-probabilities. As MindSpore's
    GatherD reads them, class indices pick from the first M rows of ``x`` (``M <= N``): the
    loss has one row per label row."""
    c = x.shape[1]
    x3 = x.reshape(x.shape[0], c, -1)
    y3 = y.reshape(y.shape[0], y.shape[1], -1)
    logp = jax.nn.log_softmax(x3, axis=1)
    w = None if weight is None else jnp.asarray(weight, x.dtype)
    if y.shape[1] == 1:
        idx = y3.astype(jnp.int32)
        logp = jnp.take_along_axis(logp[: idx.shape[0], :, : idx.shape[2]], idx, axis=1)
        p = jnp.exp(logp)
        if w is not None:
            logp = logp * w[idx]
        return jnp.mean(-((1 - p) ** gamma) * logp, axis=(1, 2))  # one value per label row
    p = jnp.exp(logp)
    if w is not None:
        logp = logp * w[None, :, None]
    return jnp.mean(-((1 - p) ** gamma) * y3.astype(x.dtype) * logp, axis=-1)


def l1_norm(w: jax.Array) -> jax.Array:
    """``sum(|w|)``."""
    return jnp.sum(jnp.abs(w))


def pairwise_distance(a: jax.Array, b: jax.Array) -> jax.Array:
    """The Euclidean distance of the rows of ``a`` and ``b`` (summed over axis 1)."""
    d = jnp.abs(a - b)
    return jnp.sqrt(jnp.sum(d * d, axis=1))


def triplet_margin(d_pos: jax.Array, d_neg: jax.Array, d_swap: Any, margin: float) -> jax.Array:
    """``max(d_pos - d_neg + margin, 0)``, ``d_neg`` first lowered to ``d_swap`` where that is
    smaller (the swap rule) when ``d_swap`` is given."""
    if d_swap is not None:
        d_neg = jnp.minimum(d_neg, d_swap)
    return jnp.maximum(d_pos - d_neg + margin, 0)


def sampled_softmax(
    w: jax.Array,
    b: jax.Array,
    y: jax.Array,
    x: jax.Array,
    sampled: Any,
    true_count: Any,
    sampled_count: Any,
    num_true: int,
) -> jax.Array:
    """The per-example softmax cross entropy over the true classes ``y`` (N, T) and the
    ``sampled`` negatives, each logit ``x @ w[c] + b[c]`` less the log of its expected count."""
    sampled = jnp.asarray(sampled).astype(jnp.int32)
    true_w, sampled_w = w[y], w[sampled]  # (N, T, D), (S, D)
    true_logits = jnp.sum(x[:, None, :] * true_w, axis=-1) + b[y]
    sampled_logits = x @ sampled_w.T + b[sampled]
    true_logits = true_logits - jnp.log(jnp.asarray(true_count, x.dtype))
    sampled_logits = sampled_logits - jnp.log(jnp.asarray(sampled_count, x.dtype))
    out = jnp.concatenate([true_logits, sampled_logits], axis=1)
    target = jnp.concatenate(
        [
            jnp.full(true_logits.shape, 1.0 / num_true, x.dtype),
            jnp.zeros(sampled_logits.shape, x.dtype),
        ],
        axis=1,
    )
    z = jnp.exp(out - jnp.max(out, axis=1, keepdims=True))
    pred = z / jnp.sum(z, axis=1, keepdims=True)
    return -jnp.sum(target * jnp.log(pred + 1.0e-20), axis=1)
