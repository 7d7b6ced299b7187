"""Multi-head attention (``nn.MultiheadAttention``'s forward, and through it the Transformer
layers'): projections, masks, scaled dot-product attention over the heads and the output
projection as one compiled program per input signature when called op by op
(``graphs.composite``). Masks are MindSpore's two kinds: bool (True = not attended) or float
(added to the logits); a ``key_padding_mask`` (batch, source) combines with either."""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops.function.nn_func import softmax


def _combine(attn: jax.Array | None, kpm: jax.Array | None, dtype: Any) -> jax.Array | None:
    """MindSpore 2.10's rule for the two masks, as one float to add to the logits: a bool
    ``attn_mask`` is OR-ed with the padding mask; a float one has the padding mask ADDED (a bool
    padding mask then adds 0/1, not -inf, exactly as MindSpore computes it); a bool result masks
    with -inf."""
    if kpm is not None:
        if attn is None:
            attn = kpm
        elif attn.dtype == jnp.bool_:
            attn = attn | (kpm != 0)
        else:
            attn = attn + kpm.astype(attn.dtype)
    if attn is None:
        return None
    if attn.dtype == jnp.bool_:
        return jnp.where(attn, -jnp.inf, 0.0).astype(dtype)
    return attn.astype(dtype)


def _pad_one(m: jax.Array | None) -> jax.Array | None:
    """A mask with one more (attended) source position."""
    return None if m is None else jnp.pad(m, [(0, 0)] * (m.ndim - 1) + [(0, 1)])


@composite(
    static_argnames=(
        "num_heads",
        "batch_first",
        "add_zero_attn",
        "dropout",
        "need_weights",
        "average",
    )
)
def multi_head_attention(
    query: jax.Array,
    key: jax.Array,
    value: jax.Array,
    in_weights: tuple,
    in_bias: jax.Array | None,
    bias_kv: tuple | None,
    out_weight: jax.Array,
    out_bias: jax.Array | None,
    attn_mask: jax.Array | None,
    key_padding_mask: jax.Array | None,
    rng: jax.Array | None,
    num_heads: int,
    batch_first: bool,
    add_zero_attn: bool,
    dropout: float,
    need_weights: bool,
    average: bool,
) -> tuple:
    """``(output, weights)`` of attention of ``query`` over ``key``/``value``: (L, N, E), or
    (N, L, E) with ``batch_first``, or unbatched (L, E). ``in_weights``: the packed (3E, E)
    in-projection, or the q/k/v projections; ``bias_kv``: ``(bias_k, bias_v)`` appended to the
    keys and values, or None; ``attn_mask``: (L, S) or (N * heads, L, S); ``rng``: the dropout
    key when ``dropout`` applies (training). ``weights`` is None unless ``need_weights``."""
    q, k, v = query, key, value
    batched = q.ndim == 3
    if not batched:
        q, k, v = q[:, None], k[:, None], v[:, None]
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask[None]
    elif batch_first:
        q, k, v = (jnp.swapaxes(t, 0, 1) for t in (q, k, v))
    tgt_len, bsz, e = q.shape
    dtype = q.dtype
    bq, bk, bv = (None, None, None) if in_bias is None else jnp.split(in_bias, 3)
    wq, wk, wv = jnp.split(in_weights[0], 3) if len(in_weights) == 1 else in_weights
    proj = lambda x, w, bias: x @ w.T + (0 if bias is None else bias)  # noqa: E731
    q, k, v = proj(q, wq, bq), proj(k, wk, bk), proj(v, wv, bv)
    h = num_heads
    d = e // h
    mask, kpm = attn_mask, key_padding_mask
    if mask is not None:  # -> (1 or N, 1 or heads, L, S)
        mask = mask[None, None] if mask.ndim == 2 else mask.reshape(bsz, h, *mask.shape[1:])
    if kpm is not None:
        kpm = kpm[:, None, None, :]
    if bias_kv is not None:
        k = jnp.concatenate([k, jnp.broadcast_to(bias_kv[0], (1, bsz, e))])
        v = jnp.concatenate([v, jnp.broadcast_to(bias_kv[1], (1, bsz, e))])
        mask, kpm = _pad_one(mask), _pad_one(kpm)
    # (L, N, E) -> (N, heads, L, d)
    split = lambda x: x.reshape(x.shape[0], bsz, h, d).transpose(1, 2, 0, 3)  # noqa: E731
    q, k, v = split(q), split(k), split(v)
    if add_zero_attn:
        zeros = jnp.zeros(k.shape[:2] + (1, d), k.dtype)
        k, v = jnp.concatenate([k, zeros], 2), jnp.concatenate([v, zeros], 2)
        mask, kpm = _pad_one(mask), _pad_one(kpm)
    logits = (q / math.sqrt(d)) @ jnp.swapaxes(k, -1, -2)  # (N, h, L, S)
    bias = _combine(mask, kpm, dtype)
    if bias is not None:
        logits = logits + bias
    weights = softmax(Tensor._from(logits), -1)._data
    dropped = weights
    if dropout:
        keep = jax.random.bernoulli(rng, 1.0 - dropout, weights.shape)
        dropped = jnp.where(keep, weights / (1.0 - dropout), 0).astype(weights.dtype)
    attn = dropped @ v  # (N, h, L, d)
    out = attn.transpose(2, 0, 1, 3).reshape(tgt_len, bsz, e)
    out = out @ out_weight.T + (0 if out_bias is None else out_bias)
    if not batched:
        out = out[:, 0]
    elif batch_first:
        out = jnp.swapaxes(out, 0, 1)
    if not need_weights:
        return out, None
    w = weights.mean(axis=1) if average else weights
    return out, (w if batched else w[0])
