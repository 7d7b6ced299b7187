"""MindSpore 2.10's CPU kernels ``TruncatedNormal`` and ``ParameterizedTruncatedNormal``, so that a
seeded program draws their numbers. Both seed ``std::default_random_engine`` (the Lehmer
generator) from ``GetSeed(seed, seed2)`` when the kernel is built and continue it from launch to
launch; each launch (each batch row, for the parameterized one) builds fresh distributions:

- ``std::normal_distribution<double>``: Marsaglia's polar method over doubles from
  ``generate_canonical<double>`` (two engine draws each); a pair gives two values, the second
  first.
- ``std::uniform_real_distribution<double>(0, 1)``: one such double.

``TruncatedNormal`` keeps the normals inside ``[-2, 2]``. ``ParameterizedTruncatedNormal`` picks
one of three rejection samplers per batch row from its normalised bounds (normals, uniforms on the
interval, or exponentials) and computes in the output's float type. The number of draws depends
on the values drawn, so both run on the host, as ``kernel_host_samplers`` do.
"""

from __future__ import annotations

import math

import numpy as np

from deepsink._core import kernel_random as KR
from deepsink._core.kernel_host_samplers import lehmer_for

_R = float(2**31 - 2)  # the Lehmer engine's max() - min()
_BELOW_ONE = math.nextafter(1.0, 0.0)
_MAX_ITERATIONS = 1000


def canonical(gen: KR.LehmerDraws) -> float:
    """``generate_canonical<double>`` over the Lehmer engine: two draws, below 1."""
    x1, x2 = gen(), gen()
    return min(((x1 - 1) + (x2 - 1) * _R) / (_R * _R), _BELOW_ONE)


class Normals:
    """A fresh ``std::normal_distribution<double>(0, 1)`` over the engine ``gen``."""

    def __init__(self, gen: KR.LehmerDraws) -> None:
        self.gen = gen
        self.saved: float | None = None

    def __call__(self) -> float:
        if self.saved is not None:
            value, self.saved = self.saved, None
            return value
        while True:
            x = 2.0 * canonical(self.gen) - 1.0
            y = 2.0 * canonical(self.gen) - 1.0
            r2 = x * x + y * y
            if 0.0 < r2 <= 1.0:
                break
        mult = math.sqrt(-2.0 * math.log(r2) / r2)
        self.saved = x * mult
        return y * mult


class TruncatedNormalKernel:
    """One ``TruncatedNormal`` kernel: its engine, seeded from ``GetSeed(seed, seed2)``."""

    def __init__(self, seed: int, seed2: int) -> None:
        self.gen = lehmer_for(seed, seed2)

    def launch(self, count: int) -> np.ndarray:
        """``count`` standard normals inside ``[-2, 2]`` (Float64)."""
        normal = Normals(self.gen)
        out = np.empty(count, np.float64)
        i = 0
        while i < count:
            v = normal()
            if -2.0 <= v <= 2.0:
                out[i] = v
                i += 1
        return out


class _Arith:
    """The kernel's arithmetic in its float type ``dtype``: every result rounded to it, and
    ``exp``/``log``/``sqrt`` computed as the C library's float functions (the correctly rounded
    value; Float16 goes through float32, as MindSpore's float16 does)."""

    def __init__(self, dtype: np.dtype) -> None:
        self.t = dtype.type
        self.wide = np.float64 if dtype == np.float64 else np.float32

    def __call__(self, v: float):
        return self.t(self.wide(v))

    def fn(self, f, v) -> object:
        return self(self.wide(f(float(v))))


class ParameterizedTruncatedNormalKernel:
    """One ``ParameterizedTruncatedNormal`` kernel: its engine, seeded from
    ``GetSeed(seed, seed2)``."""

    def __init__(self, seed: int, seed2: int) -> None:
        self.gen = lehmer_for(seed, seed2)

    def launch(self, rows: int, size: int, params: list[np.ndarray], dtype: np.dtype):
        """``(rows, size)`` samples; ``params`` are the ``(rows,)`` means, stdevs, mins and maxes
        in ``dtype``."""
        t = _Arith(np.dtype(dtype))
        out = np.empty((rows, size), dtype)
        for r in range(rows):
            mean, std, lo, hi = (t(p[r]) for p in params)
            if std <= 0:
                raise RuntimeError(
                    "For ParameterizedTruncatedNormal, stdevs value must be greater than 0 in "
                    "each batch."
                )
            if hi < lo:
                raise RuntimeError(
                    "For ParameterizedTruncatedNormal, max value must be greater than min value "
                    "in each batch."
                )
            out[r] = self._row(t, size, mean, std, lo, hi)
        return out

    def _row(self, t: _Arith, size: int, mean, std, lo, hi) -> np.ndarray:
        if (math.isinf(lo) and lo < 0) or hi < mean:
            lo, hi, std = hi, lo, t(-std)
        norm_min = t((lo - mean) / std)
        norm_max = t((hi - mean) / std)
        root = t.fn(math.sqrt, t(norm_min * norm_min + t(4)))
        g = t(t(0.5) + t(norm_min * t(norm_min - root)) / t(4))
        cutoff = t(t(t(2) * t.fn(math.exp, g)) / t(norm_min + root))
        inside = t(1.3)
        if (norm_min < -inside and norm_max >= 0) or (norm_max > inside and norm_min <= 0):
            z = self._normals(t, size, norm_min, norm_max)
        elif t(norm_max - norm_min) < cutoff:
            z = self._uniforms(t, size, norm_min, norm_max)
        else:
            z = self._exponentials(t, size, norm_min, norm_max)
        return np.asarray([t(t(v * std) + mean) for v in z], t.t)

    def _normals(self, t: _Arith, size: int, norm_min, norm_max) -> list:
        normal, out = Normals(self.gen), []
        while len(out) < size:
            for _ in range(_MAX_ITERATIONS + 1):
                v = t(normal())
                if norm_min <= v <= norm_max:
                    out.append(v)
                    break
            else:
                raise RuntimeError(
                    "For ParameterizedTruncatedNormal, randn rejection sampler exceeded maximum "
                    "iterations."
                )
        return out

    def _sample(self, t: _Arith, size: int, draw, what: str) -> list:
        out = []
        while len(out) < size:
            for it in range(_MAX_ITERATIONS):
                z, accept = draw()
                if accept or it + 1 >= _MAX_ITERATIONS:
                    if not accept:
                        raise RuntimeError(
                            f"For ParameterizedTruncatedNormal, {what} rejection sampler, "
                            "exceeded max iterations. Sample may contain outliers."
                        )
                    out.append(z)
                    break
        return out

    def _uniforms(self, t: _Arith, size: int, norm_min, norm_max) -> list:
        diff = t(norm_max - norm_min)
        plus = t(0) if norm_min < 0 else t(norm_min * norm_min)

        def draw():
            z = t(t(t(canonical(self.gen)) * diff) + norm_min)
            g = t(t(plus - t(z * z)) / t(2.0))
            return z, t(canonical(self.gen)) <= t.fn(math.exp, g)

        return self._sample(t, size, draw, "uniform")

    def _exponentials(self, t: _Arith, size: int, norm_min, norm_max) -> list:
        alpha = t(t(norm_min + t.fn(math.sqrt, t(norm_min * norm_min + t(4)))) / t(2))

        def draw():
            u = t(canonical(self.gen))
            z = t(t(-t.fn(math.log, u) / alpha) + norm_min)
            x = t(alpha - z) if norm_min < alpha else t(norm_min - alpha)
            g = t.fn(math.exp, t(t(-x * x) / t(2.0)))
            return z, t(canonical(self.gen)) <= g and z < norm_max

        return self._sample(t, size, draw, "exponential distribution")
