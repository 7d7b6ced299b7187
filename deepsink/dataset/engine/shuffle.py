"""MindSpore's buffer shuffle (its ShuffleOp), row for row: the same orders for the same seed.

The buffer fills with the first ``k`` rows. Each step draws ``r`` from a 64-bit Mersenne Twister
(``std::mt19937_64``, seeded with the pipeline seed), emits the row in slot ``r % size``, moves the
last buffered row into that slot and appends the next input row (while there is one), so the
buffer shrinks only once the input is exhausted. One draw per emitted row, so the stream and the
index forms below consume the generator identically. A pipeline's shuffle starts from the seed
in each new iterator and keeps drawing from the same generator epoch after epoch (MindSpore's
``reshuffle_each_epoch``).

- ``shuffle_rows``: streaming, holding at most ``k`` rows (any input).
- ``shuffle_order``: the same permutation on indices, when the input length is known and rows
  can be fetched by index (the engine then gathers rows lazily, per block).

The generator is randomgen's ``MT64``, its state set to what ``std::mt19937_64(seed)`` holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

import numpy as np
from randomgen import MT64

T = TypeVar("T")
_MASK = (1 << 64) - 1


def mt19937_64(seed: int) -> MT64:
    """An MT64 in the state of C++'s ``std::mt19937_64(seed)`` (its standard seeding)."""
    key = [seed & _MASK]
    for i in range(1, 312):
        prev = key[-1]
        key.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _MASK)
    gen = MT64(0)
    state = gen.state
    state["state"] = {"key": np.array(key, np.uint64), "pos": 312}
    gen.state = state
    return gen


def shuffle_rows(items: Iterable[T], k: int, gen: MT64) -> Iterator[T]:
    it = iter(items)
    buf: list[T] = []
    for item in it:
        buf.append(item)
        if len(buf) == k:
            break
    active = len(buf) == k
    while buf:  # one draw per row: the generator is left exactly where the next pass starts
        j = int(gen.random_raw()) % len(buf)
        yield buf[j]
        buf[j] = buf[-1]
        buf.pop()
        if active:
            try:
                buf.append(next(it))
            except StopIteration:
                active = False


def shuffle_order(n: int, k: int, gen: MT64) -> np.ndarray:
    """The order ``shuffle_rows(range(n), k, gen)`` emits."""
    raw = gen.random_raw(n) if n else np.zeros(0, np.uint64)
    size = np.minimum(np.minimum(k, n), n - np.arange(n))  # buffer size at each step
    slots = (raw % size.astype(np.uint64)).tolist() if n else []
    buf = list(range(min(k, n)))
    nxt = len(buf)
    out = np.empty(n, np.int64)
    for t, j in enumerate(slots):
        out[t] = buf[j]
        buf[j] = buf[-1]
        if nxt < n:
            buf[-1] = nxt
            nxt += 1
        else:
            buf.pop()
    return out


# --- RandomSampler: std::shuffle with std::mt19937 ------------------------------------------------
# MindSpore's RandomSampler seeds a 32-bit ``std::mt19937`` with the pipeline seed and permutes the
# row ids with ``std::shuffle`` (libstdc++'s, which draws two swap positions from one
# ``uniform_int_distribution`` call while the range allows); each later pass reseeds with
# ``seed + pass`` and shuffles the previous pass's order again. With replacement it draws each id
# from ``uniform_int_distribution(0, n - 1)`` after the same reseeding. The distribution is
# libstdc++'s downscaling form: draw ``r`` until ``r < range * (2**32-1 // range)``, then divide.
_U32 = 0xFFFFFFFF


def mt19937(seed: int):
    """A callable giving the 32-bit outputs of C++'s ``std::mt19937(seed)`` (NumPy's MT19937 with
    the reference ``init_genrand`` seeding, which is the C++ standard's)."""
    gen = np.random.MT19937(0)
    gen._legacy_seeding(seed & _U32)
    return gen.random_raw


def _uniform(raw, urange: int, span: int = _U32) -> int:
    """libstdc++'s ``uniform_int_distribution(0, urange)`` over a generator whose outputs less its
    minimum, ``raw()``, lie in ``[0, span]`` (a 32-bit generator by default)."""
    uerange = urange + 1
    scaling = span // uerange
    past = uerange * scaling
    while True:
        r = int(raw())
        if r < past:
            return r // scaling


def std_shuffle(items: list, raw, span: int = _U32) -> list:
    """libstdc++'s ``std::shuffle(items, g)`` in place (and returned), ``raw`` the generator (its
    outputs less its minimum, in ``[0, span]``)."""
    n = len(items)
    if n < 2:
        return items
    if span // n >= n:  # two swap positions per draw
        i = 1
        if n % 2 == 0:
            j = _uniform(raw, 1, span)
            items[i], items[j] = items[j], items[i]
            i += 1
        while i != n:
            width = i + 1
            x = _uniform(raw, width * (width + 1) - 1, span)
            p1, p2 = divmod(x, width + 1)
            items[i], items[p1] = items[p1], items[i]
            i += 1
            items[i], items[p2] = items[p2], items[i]
            i += 1
        return items
    for i in range(1, n):
        j = _uniform(raw, i, span)
        items[i], items[j] = items[j], items[i]
    return items


_LAST_ORDER: dict[tuple[int, int], tuple[int, list]] = {}


def sampler_permutation(n: int, seed: int, pass_no: int) -> np.ndarray:
    """MindSpore's RandomSampler order of ``n`` rows in pass ``pass_no`` (0 first) for ``seed``
    (each pass reshuffles the previous one; the latest order per (seed, n) is kept)."""
    key = (seed, n)
    done, order = _LAST_ORDER.get(key, (-1, list(range(n))))
    if done > pass_no:
        done, order = -1, list(range(n))
    order = list(order)
    for p in range(done + 1, pass_no + 1):
        order = std_shuffle(order, mt19937(seed + p))
    _LAST_ORDER.clear()
    _LAST_ORDER[key] = (pass_no, order)
    return np.asarray(order, np.int64)


def sampler_draws(n: int, count: int, seed: int, pass_no: int) -> np.ndarray:
    """MindSpore's RandomSampler(replacement=True): ``count`` ids in [0, n) in pass ``pass_no``."""
    raw = mt19937(seed + pass_no)
    return np.asarray([_uniform(raw, n - 1) for _ in range(count)], np.int64)


# --- MindDataset: MindRecord's ShardShuffle ---------------------------------------------------------
# MindRecord's reader shuffles its task list itself: each pass adds one to its seed (the pipeline
# seed, so the first pass uses ``seed + 1``) and replaces the list by its shuffled (or resampled)
# form, so each pass works on the previous pass's rows. Without replacement it applies
# ``std::shuffle`` with ``std::default_random_engine`` (libstdc++'s ``minstd_rand0``) and keeps the
# first ``num_samples``; with replacement row ``i`` of the pass is the previous list's entry
# ``uniform_int_distribution(0, len - 1)`` of a fresh ``std::mt19937(pass seed + i)``.
_MINSTD_M = 2**31 - 1
_MINSTD_SPAN = _MINSTD_M - 3  # max() - min() of minstd_rand0's outputs [1, 2**31 - 2]


def minstd_rand0(seed: int):
    """A callable giving C++'s ``std::minstd_rand0(seed)`` outputs less its minimum (1)."""
    x = (seed % _MINSTD_M) or 1

    def raw() -> int:
        nonlocal x
        x = 16807 * x % _MINSTD_M
        return x - 1

    return raw


_LAST_MINDRECORD: dict[tuple, tuple[int, list]] = {}


def mindrecord_order(
    n: int, num_samples: int | None, replacement: bool, seed: int, pass_no: int
) -> np.ndarray:
    """MindRecord's row ids of pass ``pass_no`` (0 first) of ``n`` rows for ``seed`` (the latest
    pass's list per arguments is kept, since each pass reshuffles the previous one)."""
    key = (n, num_samples, replacement, seed)
    done, rows = _LAST_MINDRECORD.get(key, (-1, list(range(n))))
    if done > pass_no:
        done, rows = -1, list(range(n))
    for p in range(done + 1, pass_no + 1):
        pass_seed = (seed + 1 + p) & _U32
        if replacement:
            count, last = num_samples or len(rows), len(rows) - 1
            picks = [_uniform(mt19937((pass_seed + i) & _U32), last) for i in range(count)]
        else:
            perm = std_shuffle(list(range(len(rows))), minstd_rand0(pass_seed), _MINSTD_SPAN)
            picks = perm[: num_samples or len(rows)]
        rows = [rows[i] for i in picks]
    _LAST_MINDRECORD.clear()
    _LAST_MINDRECORD[key] = (pass_no, rows)
    return np.asarray(rows, np.int64)


class SamplerDraws:
    """A pass's random source for the samplers: a NumPy Generator (what every sampler but
    RandomSampler draws from), with the pipeline seed and pass number that MindSpore's
    RandomSampler draws from (``sampler_permutation``, ``sampler_draws``)."""

    def __init__(self, rng: np.random.Generator, seed: int, pass_no: int) -> None:
        self.rng, self.seed, self.pass_no = rng, seed, pass_no

    def __getattr__(self, name: str):
        return getattr(self.rng, name)
