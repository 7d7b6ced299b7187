"""``std::mt19937`` read through libstdc++'s distributions, as MindSpore 2.10's C++ random ops draw.

:class:`Draws` reproduces the distributions as GCC 9 (MindSpore 2.10's compiler) builds them:
``uniform_real_distribution<float>`` is ``float(r) / 2**32 * (b - a) + a`` in float arithmetic
(``generate_canonical<float>`` takes one output), and ``uniform_int_distribution<int>`` the
downscaling rejection ``r // ((2**32 - 1) // (b - a + 1))`` (GCC 11 later changed it to Lemire's
multiply-shift, which gives other integers). ``normal_distribution<float>`` is the Marsaglia
polar method: each pair of uniforms in (-1, 1) inside the unit circle gives two normals, the second
kept (``saved``) for the next call of the same distribution object.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

_U32 = 0xFFFFFFFF
_F32_ONE_BELOW = np.nextafter(np.float32(1.0), np.float32(0.0))


def round_half_away(v: float) -> int:
    """``std::round``: halves round away from zero (Python's ``round`` rounds them to even)."""
    r = math.floor(abs(v) + 0.5)
    return int(r if v >= 0 else -r)


def canonical_float(word: int | np.ndarray) -> np.float32 | np.ndarray:
    """libstdc++'s ``generate_canonical<float>`` of 32-bit outputs: ``float(r) / 2**32``, kept
    below 1."""
    c = np.float32(word) / np.float32(4294967296.0)
    return np.minimum(c, _F32_ONE_BELOW)


def scale32(c: float, a: float, b: float) -> np.float32:
    """``uniform_real_distribution<float>(a, b)`` of a canonical float ``c`` (kept below 1), in
    float arithmetic."""
    c = np.minimum(np.float32(c), _F32_ONE_BELOW)
    return c * (np.float32(b) - np.float32(a)) + np.float32(a)


class Draws:
    """A ``std::mt19937``'s outputs from ``start`` on, read in order through libstdc++'s
    distributions (``read(start, count)`` gives the outputs at those indices)."""

    def __init__(
        self,
        read: Callable[[int, int], np.ndarray],
        start: int = 0,
        saved: np.float32 | None = None,
    ) -> None:
        self._read, self.pos = read, start
        self._buf, self._at = np.empty(0, np.uint32), start
        # a normal_distribution's second value of its last pair, for its next call (the op keeps
        # its distribution object between rows, so a worker's rows share it)
        self.saved = saved

    @classmethod
    def seeded(cls, seed: int) -> Draws:
        """The outputs of a freshly seeded ``std::mt19937(seed)``."""
        gen = np.random.MT19937(0)
        gen._legacy_seeding(int(seed) & _U32)
        return cls(lambda start, count: gen.random_raw(count).astype(np.uint32))

    @classmethod
    def of_row(cls, u: np.ndarray | None) -> Draws:
        """The draws of one row without a seed: a ``std::mt19937`` seeded from the row's
        uniform."""
        return cls.seeded(int(float(np.asarray(u).ravel()[0]) * 2**32))

    def shuffled(self, n: int) -> np.ndarray:
        """``std::shuffle`` of ``0 .. n-1`` over these outputs, as libstdc++ runs it."""
        from deepsink._core.kernel_random import shuffled_range

        return shuffled_range(n, _Engine(self))

    def word(self) -> int:
        """The next 32-bit output."""
        k = self.pos - self._at
        if k >= len(self._buf):
            self._buf, self._at, k = self._read(self.pos, 16), self.pos, 0
        self.pos += 1
        return int(self._buf[k])

    def real32(self, a: float, b: float) -> np.float32:
        """``std::uniform_real_distribution<float>(a, b)``."""
        return scale32(canonical_float(self.word()), a, b)

    def normal32(self, stddev: float) -> np.float32:
        """``std::normal_distribution<float>(0, stddev)`` (libstdc++'s polar method; the spare
        value of a pair is returned by the next call)."""
        if self.saved is not None:
            z, self.saved = self.saved, None
        else:
            while True:
                # (float)(2.0f * u - 1.0): the subtraction of exact values rounds once to float
                x = np.float32(np.float32(2.0) * canonical_float(self.word()) - np.float32(1.0))
                y = np.float32(np.float32(2.0) * canonical_float(self.word()) - np.float32(1.0))
                r2 = np.float32(x * x + y * y)
                if 0.0 < r2 <= 1.0:
                    break
            # logf, then float arithmetic: -2 * log(r2) / r2, sqrtf
            log = np.float32(math.log(float(r2)))
            mult = np.float32(math.sqrt(float(np.float32(np.float32(-2.0) * log / r2))))
            self.saved = np.float32(x * mult)
            z = np.float32(y * mult)
        return np.float32(z * np.float32(stddev))

    def uniform_int(self, a: int, b: int) -> int:
        """``std::uniform_int_distribution<int>(a, b)`` (GCC 9's downscaling)."""
        span = b - a
        if span == _U32:
            return a + self.word()
        scaling = _U32 // (span + 1)
        past = (span + 1) * scaling
        while True:
            r = self.word()
            if r < past:
                return a + r // scaling


class _Engine:
    """:class:`Draws` as the engine ``kernel_random.shuffled_range`` reads (``std::mt19937``'s
    range: 0 to 2**32 - 1)."""

    low, span = 0, _U32

    def __init__(self, draws: Draws) -> None:
        self._draws = draws

    def __call__(self) -> int:
        return self._draws.word()
