"""TensorFlow-style fractional pooling (Graham 2014) behind MindSpore's ``FractionalMaxPool``
and ``FractionalAvgPool`` primitives: NHWC input, the output ``floor(size / ratio)`` per axis,
windows given by random (or pseudo-random) cumulative pooling sequences that the primitives also
return. (``ops.fractional_max_pool2d`` is the other, PyTorch-style algorithm: fixed windows at
random starts; the two share no computation.)
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.graphs import composite
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def pooling_sequence(key: jax.Array, n_in: int, n_out: int, pseudo_random: bool) -> jax.Array:
    """The ``n_out + 1`` window boundaries over ``n_in``: equal steps when ``n_out`` divides
    ``n_in``; else steps of ``n_in // n_out`` or one more, shuffled (random) or
    ``ceil(alpha * (i + u)) - ceil(alpha * u)`` for ``alpha = n_in / n_out`` (pseudo-random)."""
    k = n_in // n_out
    if n_in % n_out == 0:
        return jnp.arange(n_out + 1, dtype=jnp.int64) * k
    if pseudo_random:
        alpha = n_in / n_out
        max_u = min((k + 2) / alpha - 1, (n_in + 1 - k) / alpha - (n_out - 1))
        u = jax.random.uniform(key, (), jnp.float32) * max_u
        i = jnp.arange(1, n_out, dtype=jnp.float32)
        mid = jnp.ceil(alpha * (i + u)) - jnp.ceil(alpha * u)
        return jnp.concatenate([jnp.zeros(1), mid, jnp.full(1, n_in)]).astype(jnp.int64)
    diff = np.full(n_out, k)
    diff[: n_in % n_out] += 1
    diff = jax.random.permutation(key, jnp.asarray(diff))
    return jnp.concatenate([jnp.zeros(1, diff.dtype), jnp.cumsum(diff)]).astype(jnp.int64)


def _members(seq: jax.Array, n_in: int, overlapping: bool) -> jax.Array:
    """(n_out, n_in) Bool: which inputs each window covers (its end too when overlapping)."""
    r = jnp.arange(n_in)
    end = jnp.minimum(seq[1:, None] + (1 if overlapping else 0), n_in)
    return (r[None, :] >= seq[:-1, None]) & (r[None, :] < end)


def fractional_pool(
    x: Any,
    pooling_ratio: list,
    pseudo_random: bool,
    overlapping: bool,
    key: jax.Array,
    mode: str,
    api: str,
) -> tuple:
    """Max (``mode='max'``) or mean pooling of NHWC ``x`` over the fractional windows; returns
    the output and the row and column sequences (Int64)."""
    a = U.array(x, api, "x")
    if a.ndim != 4:
        U.fail(api, f"'x' must be 4-D (N, H, W, C), but got shape {list(a.shape)}")
    n, h, w, c = a.shape
    oh, ow = int(h / pooling_ratio[1]), int(w / pooling_ratio[2])
    if oh <= 0 or ow <= 0:
        U.fail(
            api, f"'pooling_ratio' {pooling_ratio} leaves no output for the input {list(a.shape)}"
        )
    return tuple(
        Tensor._from(v)
        for v in _pool(
            a, key, out=(oh, ow), pseudo_random=pseudo_random, overlapping=overlapping, mode=mode
        )
    )


@composite(static_argnames=("out", "pseudo_random", "overlapping", "mode"))
def _pool(
    a: jax.Array, key: jax.Array, out: tuple, pseudo_random: bool, overlapping: bool, mode: str
) -> tuple:
    """The sequences drawn from ``key`` and the pooling over their windows, as one program."""
    _, h, w, _ = a.shape
    oh, ow = out
    kr, kc = jax.random.split(key)
    rows = pooling_sequence(kr, h, oh, pseudo_random)
    cols = pooling_sequence(kc, w, ow, pseudo_random)
    mr = _members(rows, h, overlapping)  # (oh, h)
    mc = _members(cols, w, overlapping)  # (ow, w)
    if mode == "max":
        low = (
            jnp.finfo(a.dtype).min
            if jnp.issubdtype(a.dtype, jnp.floating)
            else jnp.iinfo(a.dtype).min
        )
        t = jnp.max(jnp.where(mr[None, :, :, None, None], a[:, None], low), axis=2)  # n,oh,w,c
        y = jnp.max(jnp.where(mc[None, None, :, :, None], t[:, :, None], low), axis=3)
    else:
        f = a.astype(jnp.float32) if not jnp.issubdtype(a.dtype, jnp.floating) else a
        t = jnp.einsum("ir,nrwc->niwc", mr.astype(f.dtype), f)
        s = jnp.einsum("js,nisc->nijc", mc.astype(f.dtype), t)
        cnt = mr.sum(1)[:, None] * mc.sum(1)[None, :]
        y = (s / cnt[None, :, :, None].astype(f.dtype)).astype(a.dtype)
    return y, rows, cols
