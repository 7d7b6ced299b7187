"""MindSpore 2.10's CPU kernels that pick indices on the host, so that a seeded program draws
their numbers: ``RandomChoiceWithMask``, ``MultinomialWithReplacement``,
``UniformCandidateSampler`` and ``LogUniformCandidateSampler``. Each takes a number of engine
draws that depends on the data (the count of True entries, the rejections of a ``unique``
sampler), so they are computed with NumPy; ``kernel_random`` and ``kernel_samplers`` hold the
engines.

- **RandomChoiceWithMask** seeds ``std::default_random_engine`` from ``GetSeed(seed, seed2)``,
  ``std::shuffle``s the positions of all True entries and keeps the first ``count``.
- **MultinomialWithReplacement** draws from ``PhiloxRandom(seed, offset)`` one 32-bit value per
  sample (its low 23 bits as a float in ``[0, 1)``, cast to the input's dtype) and picks, in
  double precision, the category whose cumulative weight is the smallest one reaching
  ``u * total``. It keeps its generator and the unused values of its last block between
  launches, and starts a new generator only when ``seed`` or ``offset`` change (the unused
  values of the old one are still taken first).
- **UniformCandidateSampler** seeds ``std::default_random_engine`` from ``GetSeed(seed, 0)`` and
  draws ``uniform_int_distribution(0, range_max - 1)`` values; ``unique`` rejects repeats (and,
  with ``remove_accidental_hits``, true classes) until ``num_sampled`` came up.
- **LogUniformCandidateSampler** keys a Philox generator with ``87654321`` and counts from
  ``(0, seed)``; every launch reserves ``2048 * num_sampled`` values from it and draws
  ``exp(d * log(range_max + 1)) - 1`` from doubles ``d`` of two values each.

Expected counts are computed as the kernels compute them, in float32:
``p * num_sampled`` when every draw was kept, else ``-expm1(tries * log1p(-p))``.
"""

from __future__ import annotations

import math

import numpy as np

from deepsink._core import kernel_random as KR
from deepsink._core.kernel_samplers import philox_words, unit_floats

_F32 = np.float32


def entropy64() -> int:
    """A 64-bit value from system entropy (MindSpore's ``std::random_device`` seeding)."""
    return int(np.random.SeedSequence().entropy % (1 << 64))


# --- RandomChoiceWithMask -----------------------------------------------------------------------


def lehmer_for(seed: int, seed2: int) -> KR.LehmerDraws:
    """A Lehmer engine (``std::default_random_engine``) seeded with ``GetSeed(seed, seed2)``."""
    return KR.LehmerDraws(KR.lehmer_start(KR.kernel_seed(seed, seed2)))


def choice_with_mask(values: np.ndarray, count: int, gen: KR.LehmerDraws):
    """``(index, mask)``: the coordinates (Int32 ``(count, rank)``) of ``count`` True entries of
    ``values`` in the order ``std::shuffle`` over ``gen`` puts all of them, zero-padded with a
    False mask where fewer exist."""
    nonzero = np.flatnonzero(values.reshape(-1))
    chosen = nonzero[KR.shuffled_range(nonzero.size, gen)[:count]]
    index = np.zeros((count, values.ndim), np.int32)
    index[: chosen.size] = np.stack(np.unravel_index(chosen, values.shape), axis=-1)
    mask = np.arange(count) < chosen.size
    return index, mask


# --- MultinomialWithReplacement -----------------------------------------------------------------


class MultinomialKernel:
    """One ``MultinomialWithReplacement`` kernel: its generator and the unused values of the last
    4-value block it drew."""

    def __init__(self) -> None:
        self.seeds: tuple[int, int] | None = None
        self.block = 0
        self.left = np.zeros(0, np.uint32)

    def words(self, seed: int, offset: int, n: int) -> np.ndarray:
        if self.seeds != (seed, offset):
            self.seeds, self.block = (seed, offset), 0
            if seed == 0 and offset == 0:  # both 0: a generator from system entropy
                self.seeds = (entropy64(), entropy64())
        take = min(n, self.left.size)
        head, self.left = self.left[:take], self.left[take:]
        need = n - take
        if need == 0:
            return head
        blocks = -(-need // 4)
        fresh = philox_words(*self.seeds, blocks, self.block)
        self.block += blocks
        self.left = fresh[need:]
        return np.concatenate([head, fresh[:need]])


def _pick(cdf: np.ndarray, total: float, u: np.ndarray) -> np.ndarray:
    """For each ``u``: the last category whose cumulative weight is the smallest one in
    ``[u * total, total]`` (zero weights keep a cumulative weight of 0)."""
    rr = u[:, None] * total
    ok = (cdf[None, :] >= rr) & (cdf[None, :] <= total)
    best = np.where(ok, cdf[None, :], total).min(axis=1)
    hits = cdf[None, :] == best[:, None]
    return cdf.size - 1 - np.argmax(hits[:, ::-1], axis=1)


def _cumulative(w: np.ndarray) -> tuple[np.ndarray, float]:
    running = np.cumsum(w)  # added one after another, as the kernel does
    return np.where(w != 0, running, 0.0), float(running[-1])


def multinomial_rows(
    x: np.ndarray, kernel: MultinomialKernel, seed: int, offset: int, n: int, replacement: bool
) -> np.ndarray:
    """The kernel's launch on the rows of ``x`` (1-D or 2-D): Int64 ``(rows, n)``."""
    rows = x.reshape(-1, x.shape[-1])
    u = unit_floats(kernel.words(seed, offset, rows.shape[0] * n))
    u = u.astype(x.dtype).astype(np.float64).reshape(rows.shape[0], n)
    out = np.zeros((rows.shape[0], n), np.int64)
    for i, row in enumerate(rows.astype(np.float64)):
        if replacement:
            out[i] = _pick(*_cumulative(row), u[i])
            continue
        weight = row.copy()
        zeros = np.flatnonzero(row == 0)
        for j in range(n):
            if j >= row.size - zeros.size:
                out[i, j] = zeros[j - row.size + zeros.size]
                continue
            out[i, j] = _pick(*_cumulative(weight), u[i, j : j + 1])[0]
            weight[out[i, j]] = 0.0
    return out


# --- the candidate samplers ---------------------------------------------------------------------


def expected_counts(p: np.ndarray, num_sampled: int, tries: int) -> np.ndarray:
    """The kernels' float32 expected count of classes of probability ``p`` after ``tries``
    (``log1pf`` and ``expm1f`` rounded from double, as the C library's are)."""
    p = p.astype(_F32)
    if tries == num_sampled:
        return p * _F32(num_sampled)
    log = np.log1p(-p.astype(np.float64)).astype(_F32)
    return (-np.expm1((_F32(tries) * log).astype(np.float64))).astype(_F32)


class UniformSamplerKernel:
    """One ``UniformCandidateSampler`` kernel: its Lehmer engine and its
    ``remove_accidental_hits`` flag, which a launch with too few classes left turns off for
    good."""

    def __init__(self, seed: int, remove_accidental_hits: bool) -> None:
        self.gen = lehmer_for(seed, 0)
        self.remove_hits = remove_accidental_hits

    def launch(self, true_classes: np.ndarray, num_sampled: int, unique: bool, range_max: int):
        """``(sampled, true_expected, sampled_expected)`` for one batch of true classes."""
        if not unique:
            sampled = [KR.uniform_below(self.gen, range_max) for _ in range(num_sampled)]
            tries = num_sampled
        else:
            hits = set(true_classes.reshape(-1).tolist()) if self.remove_hits else set()
            if num_sampled + len(hits) > range_max:
                self.remove_hits, hits = False, set()
            sampled, seen, tries = [], set(), 0
            while len(sampled) < num_sampled:
                c = KR.uniform_below(self.gen, range_max)
                tries += 1
                if c not in seen and c not in hits:
                    seen.add(c)
                    sampled.append(c)
        p = _F32(1.0) / _F32(range_max)
        count = expected_counts(np.asarray(p), num_sampled, tries)
        return (
            np.asarray(sampled, true_classes.dtype),
            np.full(true_classes.shape, count, _F32),
            np.full(num_sampled, count, _F32),
        )


_LOG_UNIFORM_KEY = 87654321


class LogUniformSamplerKernel:
    """One ``LogUniformCandidateSampler`` kernel: the launches it made so far (each reserves
    ``2048 * num_sampled`` values of its Philox stream)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.launches = 0

    def _doubles(self, start: int):
        """Doubles in ``[0, 1)`` from the stream's blocks from ``start`` on (two values each)."""
        while True:
            words = philox_words(_LOG_UNIFORM_KEY, self.seed, 64, start).astype(np.uint64)
            start += 64
            bits = ((words[0::2] & np.uint64(0xFFFFF)) << np.uint64(32)) | words[1::2]
            yield from ((bits | np.uint64(1023 << 52)).view(np.float64) - 1.0).tolist()

    def launch(self, true_classes: np.ndarray, num_sampled: int, unique: bool, range_max: int):
        """``(sampled, true_expected, sampled_expected)``; ``true_classes`` Int64."""
        start = self.launches * ((2048 * num_sampled + 3) // 4)
        self.launches += 1
        log_range = math.log1p(range_max)
        doubles = self._doubles(start)
        sampled: list[int] = []
        tries = 0
        while len(sampled) < num_sampled:
            tries += 1
            value = (int(math.exp(next(doubles) * log_range)) - 1) % range_max
            if not unique or value not in sampled:
                sampled.append(value)

        def prob(c: np.ndarray) -> np.ndarray:
            c = c.astype(np.float64)
            return (np.log((c + 2.0) / (c + 1.0)) / log_range).astype(_F32)

        out = np.asarray(sampled, np.int64)
        return (
            out,
            expected_counts(prob(true_classes), num_sampled, tries).reshape(true_classes.shape),
            expected_counts(prob(out), num_sampled, tries),
        )
