"""TensorFlow-style fractional pooling (Graham 2014) behind MindSpore's ``FractionalMaxPool``
and ``FractionalAvgPool`` primitives: NHWC input, the output ``floor(size / ratio)`` per axis,
windows given by random (or pseudo-random) cumulative pooling sequences that the primitives also
return, drawn as MindSpore 2.10's CPU kernels draw them (a Lehmer engine built from the seed at
every launch, on the host). (``ops.fractional_max_pool2d`` is the other, PyTorch-style algorithm: fixed windows at
random starts; the two share no computation.)
"""

from __future__ import annotations

import math
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import kernel_random as KR
from deepsink._core.graphs import composite
from deepsink._core.kernel_host_samplers import entropy64
from deepsink._core.kernel_truncated_normal import canonical
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def pool_seed(deterministic: bool, seed: int, seed2: int, api: str) -> int:
    """The engine seed of one launch, as MindSpore's kernel picks it: ``seed`` (``seed2`` when
    ``seed`` is 0) when ``deterministic``, fresh entropy when both are 0 there; 0 otherwise, where
    setting either seed is an error."""
    if not deterministic:
        if seed or seed2:
            raise ValueError(
                f"For '{api}', both 'seed' and 'seed2' must be 0 if 'deterministic' is false."
            )
        return 0
    if seed == 0 and seed2 == 0:
        return entropy64() & 0x7FFFFFFF
    return seed if seed else seed2


def _engine(seed: int) -> KR.LehmerDraws:
    """``std::default_random_engine`` built from the kernel's ``int`` seed."""
    as_int = (seed + 2**31) % 2**32 - 2**31
    return KR.LehmerDraws(KR.lehmer_start(as_int % 2**64))


def pooling_sequence(seed: int, n_in: int, n_out: int, pseudo_random: bool, api: str) -> np.ndarray:
    """The ``n_out + 1`` window boundaries over ``n_in`` (MindSpore's CPU kernel, each axis with
    a fresh engine from ``seed``): equal steps when ``n_out`` divides ``n_in``; else steps of
    ``k = n_in // n_out`` or one more, ``std::shuffle``d (random) or ``ceil(alpha * (i + u)) - 1``
    for ``alpha = n_in / n_out`` and one uniform ``u`` (pseudo-random)."""
    k = n_in // n_out
    if n_in % n_out == 0:
        diff = np.full(n_out, k, np.int64)
    elif pseudo_random:
        alpha = n_in / n_out
        if alpha == n_out - 1:
            raise ValueError(
                f"For {api}, the input_length and output_length is wrong, please check the "
                "parameter 'pooling ratio'."
            )
        max_u = min((k + 2) / alpha - 1, (n_in + 1 - k) / alpha - (n_out - 1))
        u = canonical(_engine(seed)) * max_u
        inner = [math.ceil(alpha * (i + u)) for i in range(1, n_out)]
        diff = np.diff(np.asarray([1, *inner, n_in + 1], np.int64))
    else:
        diff = np.full(n_out, k, np.int64)
        diff[: n_in % n_out] += 1
        diff = diff[KR.shuffled_range(n_out, _engine(seed))]
    bad = np.flatnonzero((diff < k) | (diff > k + 1))
    if bad.size:
        raise ValueError(f"For {api}, GeneratePoolingSequence diff[{bad[0]}] is error")
    return np.concatenate([[0], np.cumsum(diff)]).astype(np.int64)


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
    seed: int,
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
    rows = pooling_sequence(seed, h, oh, pseudo_random, api)
    cols = pooling_sequence(seed, w, ow, pseudo_random, api)
    return tuple(Tensor._from(v) for v in _pool(a, rows, cols, overlapping=overlapping, mode=mode))


@composite(static_argnames=("overlapping", "mode"))
def _pool(
    a: jax.Array, rows: jax.Array, cols: jax.Array, overlapping: bool, mode: str
) -> jax.Array:
    """The pooling over the windows the sequences give, as one program."""
    _, h, w, _ = a.shape
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
