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


@jax.jit
def _channel_dropout_run(state, x, keep_prob):
    """The kernel on ``x`` (at least 2-D; its first two axes are the channels) with the float32
    ``keep_prob``: ``(output, mask)`` and the engine state after. One
    ``bernoulli_distribution(keep_prob)`` draw per channel; ``keep_prob`` 0 draws nothing."""
    state = jnp.asarray(state, jnp.uint32).reshape(())
    channels = x.shape[0] * x.shape[1]
    if channels == 0:
        return (x, jnp.zeros(x.shape, jnp.bool_)), state
    zero = keep_prob == 0
    d = KR.lehmer_draws(state, 2 * channels)
    keep = (canonical_double(d[0::2], d[1::2]) < keep_prob.astype(jnp.float64)) & ~zero
    mask = jnp.broadcast_to(keep.reshape(x.shape[:2] + (1,) * (x.ndim - 2)), x.shape)
    scale = jnp.where(zero, jnp.float32(0), jnp.float32(1) / keep_prob)
    if x.dtype == jnp.float32:
        scaled = x * scale
    else:  # the kernel scales in float32 and casts back (integers truncate)
        scaled = (x.astype(jnp.float32) * scale).astype(x.dtype)
    out = jnp.where(mask, scaled, jnp.zeros((), x.dtype))
    return (out, mask), jnp.where(zero, state, d[-1].astype(jnp.uint32))


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


def channel_dropout(name: str, x, keep_prob: float):
    """MindSpore's ``Dropout2D``/``Dropout3D`` kernel on ``x``: ``(output, mask)``. PyNative calls
    continue the process-wide engine of the kernel's key; in a program being compiled each call
    site has an engine of its own, from state 1, continued from run to run (MindSpore's graph
    kernels)."""
    keep = np.float32(keep_prob)
    if functional.compiling() and not functional.capturing():
        engine = unseeded_engine()
    else:
        engine = SHARED.engine((name, float(keep), tuple(x.shape), str(x.dtype)))
    return engine.run(lambda st: _channel_dropout_run(st, x, keep))


# --- Bernoulli (MindSpore's Philox stream) ------------------------------------------------------


def philox_words(seed: int, offset: int, blocks: int, start: int = 0) -> np.ndarray:
    """``blocks`` 4-word outputs of MindSpore's ``PhiloxRandom(seed, offset)`` (key ``seed``,
    counter ``(i, offset)``) from block ``start``, flattened (uint32)."""
    i = np.arange(start, start + blocks, dtype=np.uint64)
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


# --- RandomGamma (MindSpore's Philox stream, Marsaglia and Tsang) ------------------------------

_PER_OUTPUT = 256  # Philox blocks reserved per output value


def _unit_doubles(words: np.ndarray) -> np.ndarray:
    """Doubles in ``[0, 1)`` from pairs of words: 20 bits of the first, all 32 of the second."""
    w = words.astype(np.uint64).reshape(-1, 2)
    bits = ((w[:, 0] & np.uint64(0xFFFFF)) << np.uint64(32)) | w[:, 1] | np.uint64(1023 << 52)
    return bits.view(np.float64) - 1.0


class _Blocks:
    """The Philox blocks of one output value: key ``seed``, counter ``start + i`` (128 bits, the
    upper 64 holding ``seed2``), read one after another."""

    def __init__(self, seed: int, seed2: int, start: int, first: np.ndarray) -> None:
        self.seed, self.seed2, self.start, self.first, self.i = seed, seed2, start, first, 0

    def next(self) -> np.ndarray:
        i, self.i = self.i, self.i + 1
        if i < self.first.shape[0]:
            return self.first[i]
        return _philox_blocks(self.seed, self.seed2, np.array([self.start + i], np.uint64))[0]


def _philox_blocks(seed: int, seed2: int, counters: np.ndarray) -> np.ndarray:
    """Philox4x32-10 blocks ``[len(counters), 4]`` of the 64-bit ``counters`` (low words), key
    ``seed`` and ``seed2`` in the counter's upper words."""
    m = np.uint64(0xFFFFFFFF)
    hi = np.uint64(seed2 & 0xFFFFFFFFFFFFFFFF)
    c = (
        counters & m,
        counters >> np.uint64(32),
        np.full_like(counters, hi & m),
        np.full_like(counters, hi >> np.uint64(32)),
    )
    words = philox4x32(c, (seed & 0xFFFFFFFF, (seed >> 32) & 0xFFFFFFFF))
    return np.stack(words, axis=1).astype(np.uint32)


def _gamma_one(blocks: _Blocks, alpha: float) -> float:
    uniform: list[float] = []

    def next_uniform() -> float:
        if not uniform:
            uniform.extend(_unit_doubles(blocks.next()).tolist())
        return uniform.pop()

    if abs(alpha - 1.0) <= 1e-14:  # an exponential
        return -math.log(1.0 - next_uniform())
    less = alpha < 1
    su = alpha + (2.0 / 3 if less else -1.0 / 3)
    cut = 1.0 / 3 / math.sqrt(su)
    normal: list[float] = []
    while True:
        if not normal:
            u = _unit_doubles(blocks.next()).tolist()  # Box-Muller: sine, then cosine
            r = math.sqrt(-2.0 * math.log(max(u[0], 1.0e-7)))
            angle = 2 * math.pi * u[1]
            normal.extend([math.sin(angle) * r, math.cos(angle) * r])
        x = normal.pop()
        v = 1 + cut * x
        if v <= 0:
            continue
        v = v * v * v
        u = next_uniform()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + su * (
            1 - v + math.log(v)
        ):
            res = su * v
            if less:
                res *= math.pow(next_uniform(), 1 / alpha)
            return res


class GammaKernel:
    """A RandomGamma kernel: its seeds and the Philox blocks its earlier launches reserved."""

    def __init__(self, seed: int, seed2: int) -> None:
        if seed == 0 and seed2 == 0:
            seed, seed2 = (int(np.random.SeedSequence().entropy % (1 << 64)) for _ in range(2))
        self.seed, self.seed2, self.used = seed, seed2, 0

    def samples(self, alphas: np.ndarray, count: int) -> np.ndarray:
        """``count`` samples per alpha (float64, ``[count, *alphas.shape]``)."""
        flat = alphas.reshape(-1).astype(np.float64)
        total = count * flat.size
        base, self.used = self.used, self.used + total * _PER_OUTPUT
        starts = base + _PER_OUTPUT * np.arange(total, dtype=np.uint64)
        first = _philox_blocks(
            self.seed, self.seed2, (starts[:, None] + np.arange(4, dtype=np.uint64)).reshape(-1)
        )
        first = first.reshape(total, 4, 4)
        out = np.empty((count, flat.size), np.float64)
        for k in range(total):  # output k: alpha k // count, its sample k % count
            blocks = _Blocks(self.seed, self.seed2, int(starts[k]), first[k])
            out[k % count, k // count] = _gamma_one(blocks, float(flat[k // count]))
        return out.reshape((count, *alphas.shape))
