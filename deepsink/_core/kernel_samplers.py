"""More of MindSpore's CPU random kernels, so that a seeded program draws MindSpore 2.10's numbers
from them too: the channel dropouts (``Dropout2D``/``Dropout3D``), ``Bernoulli``,
``RandomCategorical`` and ``RandomPoisson`` (``kernel_random`` holds the engines they share with
``StandardNormal`` and friends).

- **Channel dropout** keeps one ``std::default_random_engine`` per kernel, built without a seed
  (state 1) whatever ``set_seed`` said, and PyNative keeps one kernel per ``keep_prob``, input
  shape and dtype for the whole process: every ``ops.dropout2d``/``nn.Dropout2d``/``Dropout2D``
  call with the same ``keep_prob``, shape and dtype continues that one stream. Each channel takes
  one ``bernoulli_distribution`` draw: ``generate_canonical<double>`` of two Lehmer draws below
  ``keep_prob``.
- **Bernoulli** draws from a Philox4x32-10 stream keyed by its ``seed`` (counter from 0), one
  32-bit value per element turned into a float in ``[0, 1)`` by its low 23 bits; an element is 1
  unless that float is above ``p``. The kernel restarts the stream at every launch but keeps the
  unused values of its last 4-value block, which the next launch of the same kernel takes first.
- **RandomCategorical** seeds ``std::default_random_engine`` from ``GetSeed(0, seed)``, draws one
  ``uniform_real_distribution<double>`` value per sample (cast to float, shared by all rows) and
  takes the first index whose cumulative ``exp(logit - max)`` reaches ``total * u``.
- **RandomPoisson** seeds ``std::mt19937`` with the low 32 bits of a PCG step of
  ``GetSeed(seed, seed2)`` and samples each rate in turn with Knuth's product of uniforms (rates
  below 10) or Hormann's transformed rejection (PTRS), both on ``uniform_real_distribution<double>``.
  Its draws take a data-dependent number of engine outputs one after another, so they are
  computed on the host (NumPy's ``MT19937`` is the same engine).
"""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import functional
from deepsink._core import kernel_random as KR
from deepsink._core.host_random import philox4x32

_R = float(2**31 - 2)  # the Lehmer engine's max() - min()
_BELOW_ONE = float(np.nextafter(1.0, 0.0))


def canonical_double(x1, x2):
    """``generate_canonical<double>`` over the Lehmer engine: two draws ``x1``, ``x2`` (uint64)
    as ``((x1 - 1) + (x2 - 1) r) / r**2``, below 1."""
    s = (x1 - 1).astype(jnp.float64) + (x2 - 1).astype(jnp.float64) * _R
    return jnp.minimum(s / (_R * _R), _BELOW_ONE)


# --- channel dropout (Dropout2D / Dropout3D) ----------------------------------------------------


@functools.partial(jax.jit, static_argnames=("channels", "keep_prob"))
def channel_keep(state, channels: int, keep_prob: float):
    """One ``bernoulli_distribution(keep_prob)`` draw per channel (bool) and the state after."""
    state = jnp.asarray(state, jnp.uint32).reshape(())
    if channels == 0 or keep_prob == 0:
        return jnp.zeros(channels, jnp.bool_), state
    x = KR.lehmer_draws(state, 2 * channels)
    keep = canonical_double(x[0::2], x[1::2]) < float(np.float32(keep_prob))
    return keep, x[-1].astype(jnp.uint32)


class _SharedKernels:
    """PyNative's kernel cache for kernels that keep state between launches whoever calls them:
    one kernel per key for the whole process (``clear`` forgets them, as a new process would)."""

    def __init__(self) -> None:
        self._kernels: dict[tuple, object] = {}

    def engine(self, key: tuple) -> KR.Engine:
        """The unseeded Lehmer engine of the kernel ``key`` (a channel dropout)."""
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = unseeded_engine()
        return kernel

    def bernoulli(self, key: tuple, seed: int) -> BernoulliKernel:
        """The Bernoulli kernel ``key`` (built with ``seed``)."""
        kernel = self._kernels.get(key)
        if kernel is None:
            kernel = self._kernels[key] = BernoulliKernel(seed)
        return kernel

    def clear(self) -> None:
        self._kernels.clear()


SHARED = _SharedKernels()


def unseeded_engine() -> KR.Engine:
    """A ``std::default_random_engine`` built without a seed: state 1."""
    engine = KR.Engine(KR.LEHMER, 0, 0)
    engine.set_state(1)
    return engine


def channel_dropout(name: str, x, keep_prob: float, channels: int):
    """MindSpore's ``Dropout2D``/``Dropout3D`` kernel on ``x`` (``channels`` leading channels):
    ``(output, mask)``. PyNative calls continue the process-wide engine of the kernel's key; in a
    program being compiled each call site has an engine of its own, from state 1, continued from
    run to run (MindSpore's graph kernels)."""
    if functional.compiling() and not functional.capturing():
        engine = unseeded_engine()
    else:
        engine = SHARED.engine((name, float(np.float32(keep_prob)), tuple(x.shape), str(x.dtype)))
    keep = engine.run(lambda st: channel_keep(st, channels, float(keep_prob)))
    mask = jnp.broadcast_to(keep.reshape(x.shape[:2] + (1,) * (x.ndim - 2)), x.shape)
    scale = np.float32(1.0) / np.float32(keep_prob) if keep_prob else np.float32(0)
    if x.dtype == jnp.float32:
        scaled = x * scale
    else:  # the kernel scales in float32 and casts back (integers truncate)
        scaled = (x.astype(jnp.float32) * scale).astype(x.dtype)
    return jnp.where(mask, scaled, jnp.zeros((), x.dtype)), mask


# --- Bernoulli (MindSpore's Philox stream) ------------------------------------------------------


def philox_words(seed: int, offset: int, blocks: int) -> np.ndarray:
    """The first ``blocks`` 4-word outputs of MindSpore's ``PhiloxRandom(seed, offset)`` (key
    ``seed``, counter ``(i, offset)``), flattened (uint32)."""
    i = np.arange(blocks, dtype=np.uint64)
    mask = np.uint64(0xFFFFFFFF)
    counter = (
        i & mask,
        i >> np.uint64(32),
        np.full_like(i, offset & 0xFFFFFFFF),
        np.full_like(i, (offset >> 32) & 0xFFFFFFFF),
    )
    words = philox4x32(counter, (seed & 0xFFFFFFFF, (seed >> 32) & 0xFFFFFFFF))
    return np.stack(words, axis=1).reshape(-1).astype(np.uint32)


class BernoulliKernel:
    """One Bernoulli kernel's state: its seed and the unused values of the last block it drew."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.left = np.zeros(0, np.uint32)

    def words(self, n: int) -> np.ndarray:
        """The ``n`` 32-bit values a launch takes: the values left from the last launch, then the
        stream from its start; keeps the rest of the last block for the next launch."""
        take = min(n, self.left.size)
        head, self.left = self.left[:take], self.left[take:]
        need = n - take
        if need == 0:
            return head
        fresh = philox_words(self.seed, 0, -(-need // 4))
        self.left = fresh[need:]
        return np.concatenate([head, fresh[:need]])


def unit_floats(words: np.ndarray) -> np.ndarray:
    """Floats in ``[0, 1)`` from the low 23 bits of each word (``RandFloat``)."""
    bits = (words & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return bits.view(np.float32) - np.float32(1.0)


# --- RandomCategorical --------------------------------------------------------------------------


@functools.partial(jax.jit, static_argnames=("num_sample",))
def categorical(state, logits, num_sample: int):
    """MindSpore's RandomCategorical kernel on 2-D ``logits``: int64 indices and the state."""
    state = jnp.asarray(state, jnp.uint32).reshape(())
    dt = logits.dtype
    if num_sample == 0:
        return jnp.zeros((logits.shape[0], 0), jnp.int64), state
    x = KR.lehmer_draws(state, 2 * num_sample)
    u = canonical_double(x[0::2], x[1::2]).astype(jnp.float32).astype(dt)
    e = jnp.exp((logits - jnp.max(logits, axis=1, keepdims=True)).astype(jnp.float32)).astype(dt)

    def add(total, col):
        total = total + col
        return total, total

    _, cdf = jax.lax.scan(add, jnp.zeros(logits.shape[0], dt), e.T)
    cdf = cdf.T  # [rows, classes], summed one after another as the kernel does
    find = cdf[:, -1:] * u[None, :]  # [rows, samples]
    idx = jnp.sum(cdf[:, None, :] < find[:, :, None], axis=-1)
    return idx.astype(jnp.int64), x[-1].astype(jnp.uint32)


# --- RandomPoisson (host: a sequential sampler) -------------------------------------------------


def poisson_engine_seed(seed: int, seed2: int) -> int:
    """The ``std::mt19937`` seed of a RandomPoisson kernel: a PCG step of ``GetSeed``, low 32
    bits."""
    base = KR.kernel_seed(seed, seed2)
    return (base * 6364136223846793005 + 0xDA3E39CB94B95BDB) & 0xFFFFFFFF


class MTUniform:
    """``uniform_real_distribution<double>(0, 1)`` over ``std::mt19937(seed)`` on the host."""

    def __init__(self, seed: int) -> None:
        self._draw = KR._MTDraws(seed)

    def __call__(self) -> float:
        lo, hi = self._draw(), self._draw()
        return min((lo + hi * 4294967296.0) / 18446744073709551616.0, _BELOW_ONE)


def _poisson_one(u: MTUniform, rate: float) -> float:
    if rate < 10.0:  # Knuth: multiply uniforms until the product falls to exp(-rate)
        x, prod, limit = 0.0, 1.0, math.exp(-rate)
        while True:
            prod *= u()
            if prod <= limit:
                return x
            x += 1.0
    if math.isinf(rate):
        return math.inf
    # Hormann's transformed rejection with squeeze (PTRS)
    log_rate, b = math.log(rate), 0.931 + 2.53 * math.sqrt(rate)
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    while True:
        uu = u() - 0.5
        v = u()
        us = 0.5 - abs(uu)
        k = math.floor((2 * a / us + b) * uu + rate + 0.43)
        if us >= 0.07 and v <= vr:
            return k
        if k < 0 or (us < 0.013 and v > us):
            continue
        s = math.log(v * inv_alpha / (a / (us * us) + b))
        t = -rate + k * log_rate - math.lgamma(k + 1)
        if s <= t:
            return k


def poisson_samples(u: MTUniform, rates: np.ndarray, count: int) -> np.ndarray:
    """``count`` samples per rate (float64, ``[count, *rates.shape]``), drawn rate by rate as the
    kernel does (all samples of the first rate, then the next)."""
    flat = rates.reshape(-1).astype(np.float64)
    out = np.empty((count, flat.size), np.float64)
    for i, rate in enumerate(flat.tolist()):
        for j in range(count):
            out[j, i] = _poisson_one(u, rate)
    return out.reshape((count, *rates.shape))
