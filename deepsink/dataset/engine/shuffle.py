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
