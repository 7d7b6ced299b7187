"""The embedding layers' lookups on arrays (``nn.Embedding``'s one-hot product,
``nn.EmbeddingLookup``'s masked rows with ``max_norm``, ``nn.MultiFieldEmbeddingLookup``'s field
merge), written in ops so that nn computes through it. Each takes and returns ``jax.Array`` and
checks nothing; the layers check their inputs."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp


def one_hot_lookup(table: jax.Array, ids: jax.Array) -> jax.Array:
    """The rows of ``table`` (V, E) at ``ids`` (any shape; negative ids count from the end),
    computed as a one-hot matrix product."""
    vocab = table.shape[0]
    ids = jnp.where(ids < 0, ids + vocab, ids)
    one_hot = jax.nn.one_hot(ids.reshape(-1), vocab, dtype=table.dtype)
    return (one_hot @ table).reshape(*ids.shape, table.shape[1])


def masked_lookup(table: jax.Array, ids: jax.Array, max_norm: Any = None) -> jax.Array:
    """The rows of ``table`` at ``ids``, zeros for an id outside ``[0, V)``; with ``max_norm``
    each row is scaled down to at most that L2 norm."""
    inside = (ids >= 0) & (ids < table.shape[0])
    rows = jnp.take(table, jnp.clip(ids, 0, table.shape[0] - 1), axis=0)
    out = jnp.where(inside[..., None], rows, jnp.zeros((), rows.dtype))
    if max_norm is not None:
        l2 = jnp.sqrt(jnp.sum(jnp.square(out), axis=-1, keepdims=True))
        c = jnp.asarray(max_norm, out.dtype)
        out = out * c / jnp.maximum(l2, c)
    return out


def merge_fields(
    emb: jax.Array, val: jax.Array, fid: jax.Array, fields: int, operator: str
) -> jax.Array:
    """The embeddings ``emb`` (N, S, E), already weighted by ``val`` (N, S), merged per field
    ``fid`` (N, S) into (N, fields, E) by ``'SUM'``, ``'MEAN'`` (over the weights' absolute
    values) or ``'MAX'`` (over the non-zero weights; 0 for an empty field)."""
    onehot = fid[..., None] == jnp.arange(fields)  # (N, S, F)
    if operator == "MAX":
        masked = jnp.where(
            (onehot & (val != 0)[..., None])[..., None], emb[:, :, None], -3.402823466e38
        )
        merged = jnp.max(masked, axis=1)
        count = jnp.einsum("nsf,ns->nf", onehot.astype(val.dtype), jnp.abs(val))
        return merged * (count != 0)[..., None]
    merged = jnp.einsum("nsf,nse->nfe", onehot.astype(emb.dtype), emb)
    if operator == "MEAN":
        count = jnp.einsum("nsf,ns->nf", onehot.astype(val.dtype), jnp.abs(val))[..., None]
        merged = jnp.where(count == 0, 0.0, merged / jnp.where(count == 0, 1.0, count))
    return merged
