"""MindSpore's host random streams, the ones its weight initializers draw from.

MindSpore fills an initializer's buffer on the host from a Philox4x32-10 generator keyed by one
64-bit seed that it takes from NumPy's global generator (``np.random.randint(1, 2**63)``, which
``set_seed`` resets), through three float distributions computed in double precision and stored
as float32. Reproducing the stream, not just its distribution, is what makes ``set_seed(n)`` give
the same starting weights (and so the same losses) as MindSpore 2.10: programs and tests compare
trained values against numbers recorded on MindSpore.

The generator and the distributions are the published algorithms (Salmon et al., "Parallel
Random Numbers: As Easy as 1, 2, 3", SC'11; Box-Muller; the inverse-CDF truncated normal),
vectorized with NumPy. MindSpore fills a buffer above 1024 values in parallel tasks, each
restarting its distribution at its own offset of the one stream; the tasks start at multiples of
4 values and each value takes one 32-bit draw (Box-Muller: two per pair of values), so the split
does not change the values and one pass over the stream gives them.
"""

from __future__ import annotations

import numpy as np

_MASK = 0xFFFFFFFF
_M0, _M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)  # Philox4x32 multipliers
_W0, _W1 = 0x9E3779B9, 0xBB67AE85  # Weyl key increments
_F32 = np.float32


def numpy_seed() -> int:
    """The per-initializer seed MindSpore draws from NumPy's global generator."""
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


def philox4x32(counter, key):
    """Philox4x32-10 over arrays: the four counter words (uint64 arrays holding 32-bit values)
    encrypted under the two key words; returns the four result words."""
    c0, c1, c2, c3 = counter
    k0, k1 = (int(k) for k in key)
    for _ in range(10):
        p0, p1 = _M0 * c0, _M1 * c2
        c0, c1, c2, c3 = (
            (p1 >> np.uint64(32)) ^ c1 ^ np.uint64(k0),
            p1 & np.uint64(_MASK),
            (p0 >> np.uint64(32)) ^ c3 ^ np.uint64(k1),
            p0 & np.uint64(_MASK),
        )
        k0, k1 = (k0 + _W0) & _MASK, (k1 + _W1) & _MASK
    return c0, c1, c2, c3


def philox_stream(seed: int, start: int, count: int) -> np.ndarray:
    """``count`` uint32 values of the Philox4x32-10 stream keyed by ``seed``, from position
    ``start``: block ``i`` encrypts the 128-bit counter ``(i, seed)`` under the key ``seed``."""
    if count <= 0:
        return np.zeros(0, np.uint32)
    first, last = start // 4, (start + count - 1) // 4
    block = np.arange(first, last + 1, dtype=np.uint64)
    lo, hi = seed & _MASK, (seed >> 32) & _MASK
    c0, c1 = block & np.uint64(_MASK), block >> np.uint64(32)
    c2, c3 = np.full_like(block, lo), np.full_like(block, hi)
    out = np.stack(philox4x32((c0, c1, c2, c3), (lo, hi)), axis=1).reshape(-1).astype(np.uint32)
    offset = start - first * 4
    return out[offset : offset + count]


def _size(shape) -> int:
    return int(np.prod(shape, dtype=np.int64))


def uniform(seed: int, shape, a: float, b: float) -> np.ndarray:
    """float32 values uniform in [a, b): ``(b - a) * (u / 2**32) + a`` in double."""
    a, b = float(_F32(a)), float(_F32(b))

    s = philox_stream(seed, 0, _size(shape)).astype(np.float64) / 4294967296.0
    return ((b - a) * s + a).astype(_F32).reshape(shape)


def _unit_float(u: np.ndarray) -> np.ndarray:
    """[0, 1) from the low 23 bits of ``u`` as a float32 mantissa, widened to double."""
    bits = (u & np.uint32(0x7FFFFF)) | np.uint32(127 << 23)
    return (bits.view(_F32) - _F32(1.0)).astype(np.float64)


_TINY = float(_F32(1.0e-7))
_PI = float(_F32(3.1415926))


def normal(seed: int, shape, mean: float, sigma: float) -> np.ndarray:
    """float32 N(mean, sigma) by Box-Muller over pairs of the stream (cosine, then sine)."""
    mean, sigma = float(_F32(mean)), float(_F32(sigma))

    size = _size(shape)
    pairs = (size + 1) // 2
    u = philox_stream(seed, 0, 2 * pairs).reshape(pairs, 2)
    u1 = np.maximum(_unit_float(u[:, 0]), _TINY)
    u2 = np.maximum(_unit_float(u[:, 1]), _TINY)
    x = np.sqrt(-2.0 * np.log(u1)) * sigma
    y = 2.0 * _PI * u2
    z = np.stack([mean + x * np.cos(y), mean + x * np.sin(y)], axis=1).reshape(-1)
    return z[:size].astype(_F32).reshape(shape)


_ROOT_TWO = float(_F32(1.4142135))
_Z_MIN = float(np.nextafter(_F32(0.0), _F32(2.0)))
_Z_MAX = float(np.nextafter(_F32(2.0), _F32(0.0)))


def truncated_normal(seed: int, shape, a: float, b: float, mean: float, sigma: float):
    """float32 N(mean, sigma) restricted to [a, b] by the inverse CDF of one uniform per value."""
    from scipy import special  # on first use: SciPy is slow to import and rarely needed

    a, b, mean, sigma = (float(_F32(v)) for v in (a, b, mean, sigma))
    alpha, beta = (a - mean) / sigma, (b - mean) / sigma
    cdf_a = float(special.erfc(-alpha / _ROOT_TWO)) / 2.0
    cdf_b = float(special.erfc(-beta / _ROOT_TWO)) / 2.0

    u = philox_stream(seed, 0, _size(shape)).astype(np.float64) / 4294967296.0
    z = 2.0 * (cdf_a + u * (cdf_b - cdf_a))
    z = np.where(z <= 0.0, _Z_MIN, np.where(z >= 2.0, _Z_MAX, z))
    x = -special.erfcinv(z) * _ROOT_TWO
    return (mean + x * sigma).astype(_F32).reshape(shape)
