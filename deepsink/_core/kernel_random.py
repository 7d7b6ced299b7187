"""MindSpore's CPU random kernels: the streams ``StandardNormal``, ``UniformReal``, ``UniformInt``
and ``Dropout`` draw from, so that a program seeded with ``set_seed`` draws MindSpore 2.10's
numbers.

Each kernel mixes its two seeds into one 64-bit seed with one Philox4x32-10 block (counter
``(seed, seed2)``, a fixed key; MindSpore's ``random::GetSeed``) and seeds a C++ standard engine
with it when the kernel is built; every launch of that kernel continues the engine:

- ``StandardNormal`` (and Dropout): ``std::default_random_engine``, the Lehmer generator
  ``x <- 16807 x mod (2**31 - 1)``; ``std::normal_distribution<float>`` is Marsaglia's polar
  method (pairs of uniforms in the unit disc, a rejection loop; each accepted pair gives two
  values, the second first; an odd count drops the last one, as each launch has a fresh
  distribution). Dropout keeps an element when its uniform is below ``keep_prob``.
- ``UniformReal``/``UniformInt``: ``std::mt19937``; a double uniform takes two 32-bit draws
  (``generate_canonical``), an int in ``[a, b)`` one draw divided down to the range, rejecting
  the draws past the last whole multiple of it (libstdc++'s ``uniform_int_distribution``).

All of it is integer and float32 arithmetic computed with ``jax.numpy``, so it runs on the device
and inside compiled steps: the Lehmer generator jumps ahead (``x_i = x_0 a^(i+1)``) with two small
tables of powers, the Mersenne Twister regenerates its 624 words in four vector steps, and the
rejection loops accept or reject whole chunks of draws at once (``lax.while_loop`` only goes round
again in the rare case that a chunk did not accept enough).

The engine state of a kernel that outlives one call (a Primitive instance, a random op inside a
compiled function) lives in a slot of a state table, a state box that compiled Cells carry like
the global key, so its draws continue from call to call and from step to step as MindSpore's do.
"""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import functional
from deepsink._core import random as _random
from deepsink._core.functional import StateBox
from deepsink._core.host_random import philox4x32

_A = 16807  # minstd_rand0's multiplier
_M = 2**31 - 1  # its modulus
_U32 = 0xFFFFFFFF


def kernel_seed(seed: int, seed2: int) -> int:
    """MindSpore's ``random::GetSeed``: the 64-bit engine seed of a kernel built with ``seed`` and
    ``seed2`` (both 0: fresh entropy, as its ``std::random_device``)."""
    if seed == 0 and seed2 == 0:
        return int(np.random.SeedSequence().entropy % (1 << 32))
    words = [
        np.uint64(v) for v in (seed & _U32, (seed >> 32) & _U32, seed2 & _U32, (seed2 >> 32) & _U32)
    ]
    r = philox4x32(words, (0x3EC8F720, 0x02461E29))
    return (int(r[1]) << 32) | int(r[0])


# --- the Lehmer generator (std::default_random_engine) -----------------------------------------


def lehmer_start(seed64: int) -> int:
    """The engine state after ``seed(seed64)``: ``seed64 mod (2**31 - 1)``, 1 instead of 0."""
    return seed64 % _M or 1


def _mulmod(a, b):
    """``a * b mod (2**31 - 1)`` for uint64 arrays below 2**31 (Mersenne reduction)."""
    p = a * b
    r = (p & jnp.uint64(_M)) + (p >> jnp.uint64(31))
    return jnp.where(r >= _M, r - _M, r)


_BLOCK = 1024


@functools.lru_cache(maxsize=64)
def _power_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``low[j] = a^(j+1)`` for ``j < _BLOCK`` and ``high[h] = a^(h _BLOCK)`` for the blocks of
    ``n`` draws: draw ``i`` of a stream at ``x`` is ``x high[i // _BLOCK] low[i % _BLOCK]``."""
    width = min(n, _BLOCK)
    low = np.empty(width, np.uint64)
    v = 1
    for j in range(width):
        v = v * _A % _M
        low[j] = v
    step, high = pow(_A, _BLOCK, _M), np.empty(-(-n // _BLOCK), np.uint64)
    v = 1
    for h in range(high.size):
        high[h] = v
        v = v * step % _M
    return low, high


def lehmer_draws(state, n: int):
    """The next ``n`` raw draws (uint64, in ``[1, 2**31 - 2]``) of the engine at ``state``."""
    low, high = _power_tables(n)
    x = jnp.asarray(state, jnp.uint64)
    rows = _mulmod(x, jnp.asarray(high))
    return _mulmod(rows[:, None], jnp.asarray(low)[None, :]).reshape(-1)[:n]


def _canonical_float(x):
    """``generate_canonical<float>`` of one Lehmer draw: ``float(x - 1) / 2**31``, below 1."""
    u = (x - 1).astype(jnp.float32) / jnp.float32(2.0**31)
    return jnp.minimum(u, jnp.float32(np.nextafter(np.float32(1), np.float32(0))))


@functools.partial(jax.jit, static_argnames=("n", "keep_prob"))
def dropout_mask(state, n: int, keep_prob: float):
    """Dropout's keep mask (bool, ``n`` values) and the engine state after it."""
    state = jnp.asarray(state, jnp.uint32).reshape(())
    if n == 0:
        return jnp.zeros(0, jnp.bool_), state
    x = lehmer_draws(state, n)
    return _canonical_float(x) < jnp.float32(keep_prob), x[-1].astype(jnp.uint32)


@functools.partial(jax.jit, static_argnames=("n",))
def standard_laplace(state, n: int):
    """MindSpore's StandardLaplace kernel: per value one Lehmer uniform ``v`` in
    ``(nextafter(-1, 0), 1)`` (``uniform_real_distribution<float>``: ``u * (b - a) + a`` in
    float32) and ``-sign(v) * log(1 - |v|)`` computed in double, stored as float32; the engine
    state after them."""
    state = jnp.asarray(state, jnp.uint32).reshape(())
    if n == 0:
        return jnp.zeros(0, jnp.float32), state
    x = lehmer_draws(state, n)
    lo = np.nextafter(np.float32(-1), np.float32(0))
    v = _canonical_float(x) * (np.float32(1) - lo) + lo
    sign = jnp.where(jnp.signbit(v), -1.0, 1.0)
    out = -sign * jnp.log(1.0 - jnp.abs(v).astype(jnp.float64))
    return out.astype(jnp.float32), x[-1].astype(jnp.uint32)


@functools.partial(jax.jit, static_argnames=("keep_prob",))
def dropout(state, x, keep_prob: float):
    """MindSpore's Dropout kernel on ``x``: ``(output, mask)`` and the engine state after it.
    The mask has ``x``'s dtype; the output is ``mask * x * scale`` with ``scale = 1 / keep_prob``
    in float32 cast to ``x``'s dtype (float16: ``x * scale`` in float32, then cast)."""
    keep, st = dropout_mask(state, int(np.prod(x.shape, dtype=np.int64)), keep_prob)
    mask = keep.reshape(x.shape).astype(x.dtype)
    scale = np.float32(1.0) / np.float32(keep_prob)
    if x.dtype == jnp.float16:
        out = mask * (x.astype(jnp.float32) * scale).astype(jnp.float16)
    else:
        out = mask * x * jnp.asarray(scale, x.dtype)
    return (out, mask), st


@functools.partial(jax.jit, static_argnames=("num_samples",))
def multinomial(state, probs, num_samples: int):
    """MindSpore's Multinomial kernel: for each row of ``probs`` (1-D or 2-D, float) its
    cumulative sums (added one after another, in ``probs``' dtype) divided by their total, then
    per sample one uniform of the Lehmer engine and the first index whose cumulative value is
    above it (a binary search over all but the last). Int32 indices and the state after them."""
    rows = probs.reshape(-1, probs.shape[-1])
    state = jnp.asarray(state, jnp.uint32).reshape(())
    n = rows.shape[0] * num_samples
    if n == 0:
        return jnp.zeros((*probs.shape[:-1], num_samples), jnp.int32), state

    def add(total, col):
        total = total + col
        return total, total

    _, cum = jax.lax.scan(add, jnp.zeros(rows.shape[0], rows.dtype), rows.T)
    cum = cum.T
    total = cum[:, -1:]
    cum = jnp.where(total != 0, cum / jnp.where(total != 0, total, 1), cum)
    x = lehmer_draws(state, n)
    u = _canonical_float(x).astype(rows.dtype).reshape(rows.shape[0], num_samples)
    idx = jax.vmap(lambda c, v: jnp.searchsorted(c[:-1], v, side="right"))(cum, u)
    return idx.astype(jnp.int32).reshape(*probs.shape[:-1], num_samples), x[-1].astype(jnp.uint32)


def _polar_chunk(state, pairs: int):
    x = lehmer_draws(state, 2 * pairs)
    u = _canonical_float(x).reshape(pairs, 2)
    a = jnp.float32(2.0) * u[:, 0] - jnp.float32(1.0)
    b = jnp.float32(2.0) * u[:, 1] - jnp.float32(1.0)
    # each square rounded to float32, then their float32 sum: what the C++ computes, where XLA
    # would fuse ``a * a + b * b`` into one fused multiply-add with another rounding
    # (in double, the roundings to float32 made explicit: XLA drops a float32 round trip)
    a64, b64 = a.astype(jnp.float64), b.astype(jnp.float64)
    aa, bb = (jax.lax.reduce_precision(v * v, 8, 23) for v in (a64, b64))
    r2 = (aa + bb).astype(jnp.float32)
    ok = (r2 <= 1.0) & (r2 != 0.0)
    safe = jnp.where(ok, r2, jnp.float32(0.5))
    # glibc's logf is correctly rounded, XLA's float32 log is not: round the double log
    log = jnp.log(safe.astype(jnp.float64)).astype(jnp.float32)
    mult = jnp.sqrt(jnp.float32(-2.0) * log / safe)
    return jnp.stack([b * mult, a * mult], axis=1), ok, x[1::2]


def _chunk_size(need: int, accept: float) -> int:
    return int(need / accept + 6 * math.sqrt(need) + 16)


def _rejection_loop(chunk, state, need: int, size: int, width: int, dtype):
    """Run ``chunk(state, size) -> (values [size, width], accepted [size], after)`` until
    ``need`` rows are accepted; ``after(i)`` is the engine state once row ``i`` is used.
    Returns the accepted rows and the state after the last one used."""

    def body(carry):
        out, count, st = carry
        vals, ok, after = chunk(st, size)
        pos = count + jnp.cumsum(ok, dtype=jnp.int32) - 1
        dest = jnp.where(ok & (pos < need), pos, need)
        out = out.at[dest].set(vals, mode="drop")
        got = count + jnp.sum(ok, dtype=jnp.int32)
        last = jnp.where(got >= need, jnp.argmax(ok & (pos == need - 1)), size - 1)
        return out, jnp.minimum(got, need), after(last).astype(st.dtype)

    init = (jnp.zeros((need, width), dtype), jnp.int32(0), jnp.asarray(state))
    out, _, st = jax.lax.while_loop(lambda c: c[1] < need, body, init)
    return out, st


@functools.partial(jax.jit, static_argnames=("n",))
def standard_normal(state, n: int):
    """``n`` float32 N(0, 1) values of ``std::normal_distribution<float>`` over the Lehmer
    engine at ``state``, and the state after them."""
    state = jnp.asarray(state, jnp.uint32).reshape(())
    if n == 0:
        return jnp.zeros(0, jnp.float32), state
    need = (n + 1) // 2

    def chunk(st, size):
        vals, ok, after = _polar_chunk(st, size)
        return vals, ok, lambda i: after[i]

    out, st = _rejection_loop(chunk, state, need, _chunk_size(need, math.pi / 4), 2, jnp.float32)
    return out.reshape(-1)[:n], st


# --- the Mersenne Twister (std::mt19937) -------------------------------------------------------

_N = 624  # the Mersenne Twister's words


@functools.lru_cache(maxsize=256)
def mt_start(seed64: int) -> np.ndarray:
    """The 624 words of ``std::mt19937`` seeded with ``seed64`` (taken modulo 2**32), then the
    read position 624 (the words are regenerated before the first draw)."""
    mt = np.empty(_N + 1, np.uint32)
    v = seed64 & _U32
    mt[0] = v
    for i in range(1, _N):
        v = (1812433253 * (v ^ (v >> 30)) + i) & _U32
        mt[i] = v
    mt[_N] = _N
    return mt


def _twist(mt):
    """The next 624 words (untempered), in the four steps the recurrence allows."""

    def step(cur, nxt, far):
        y = (cur & jnp.uint32(0x80000000)) | (nxt & jnp.uint32(0x7FFFFFFF))
        mag = jnp.where((y & 1) == 1, jnp.uint32(0x9908B0DF), jnp.uint32(0))
        return far ^ (y >> 1) ^ mag

    a = step(mt[0:227], mt[1:228], mt[397:624])
    b = step(mt[227:454], mt[228:455], a)
    c = step(mt[454:623], mt[455:624], b[:169])
    d = step(mt[623:624], a[0:1], b[169:170])
    return jnp.concatenate([a, b, c, d])


def _temper(y):
    y = y ^ (y >> 11)
    y = y ^ ((y << 7) & jnp.uint32(0x9D2C5680))
    y = y ^ ((y << 15) & jnp.uint32(0xEFC60000))
    return y ^ (y >> 18)


def mt_draws(state, n: int):
    """The next ``n`` 32-bit outputs of the engine ``state`` (624 words and the read position),
    and the states after each of them (as a function of how many are used)."""
    words, pos = state[:_N], state[_N].astype(jnp.int32)
    blocks = -(-n // _N) + 1

    def gen(w, _):
        w = _twist(w)
        return w, w

    _, more = jax.lax.scan(gen, words, None, length=blocks)
    every = jnp.concatenate([words[None], more])  # [blocks + 1, 624]
    raw = jax.lax.dynamic_slice(every.reshape(-1), (pos,), (n,))

    def after(used):
        end = pos + used
        k = (end - 1) // _N
        return jnp.concatenate([every[k], (end - k * _N).astype(jnp.uint32)[None]])

    return _temper(raw), after


@functools.partial(jax.jit, static_argnames=("n",))
def uniform_real(state, n: int):
    """``n`` float32 values of ``uniform_real_distribution<double>(0, 1)`` (two draws each)."""
    if n == 0:
        return jnp.zeros(0, jnp.float32), jnp.asarray(state)
    d, after = mt_draws(jnp.asarray(state, jnp.uint32), 2 * n)
    d = d.astype(jnp.float64).reshape(n, 2)
    u = (d[:, 0] + d[:, 1] * 4294967296.0) / 18446744073709551616.0
    u = jnp.minimum(u, np.nextafter(1.0, 0.0))
    return u.astype(jnp.float32), after(2 * n)


@functools.partial(jax.jit, static_argnames=("n",))
def uniform_int(state, n: int, low, high):
    """``n`` int32 values of ``uniform_int_distribution<int>(low, high - 1)`` (``low`` and
    ``high`` may be traced scalars)."""
    if n == 0:
        return jnp.zeros(0, jnp.int32), jnp.asarray(state)
    low = jnp.asarray(low, jnp.int64)
    span = (jnp.asarray(high, jnp.int64) - low).astype(jnp.uint64)  # the range plus one
    # libstdc++'s downscaling (the library MindSpore 2.10 is built with): a draw below
    # ``past``, the largest multiple of ``scaling`` that fits, divided by ``scaling``
    scaling = jnp.uint64(_U32) // span
    past = span * scaling

    def chunk(st, k):
        d, after = mt_draws(st, k)
        d = d.astype(jnp.uint64)
        ok = d < past
        vals = ((d // scaling).astype(jnp.int64) + low).astype(jnp.int32)
        return vals[:, None], ok, lambda i: after(i + 1)

    # a chunk sized for ranges whose rejections stay under 1% (all but the widest); wider ones
    # may take another round
    out, st = _rejection_loop(
        chunk, jnp.asarray(state, jnp.uint32), n, _chunk_size(n, 0.99), 1, jnp.int32
    )
    return out[:, 0], st


# --- where kernels keep their engines ----------------------------------------------------------

_LEHMER_SLOTS = 4096
_MT_SLOTS = 64


class _Table(StateBox):
    """Engine states, one row per kernel that outlives a call: the state words, then the
    generation of the kernel the row belongs to (a row is reused when the table wraps)."""

    requires_grad = False

    def __init__(self, name: str, rows: int, width: int) -> None:
        self.name = name
        self._rows = rows
        # a host array until first written (no device work at import); compiled Cells carry it
        self._value = np.zeros((rows, width + 1), np.uint32)
        self._next = 0

    def claim(self) -> tuple[int, int]:
        """A free row and a fresh generation number (Python ints)."""
        slot, gen = self._next % self._rows, self._next // self._rows + 1
        self._next += 1
        return slot, gen


LEHMER = _Table("_lehmer_engines", _LEHMER_SLOTS, 1)
MT = _Table("_mt19937_engines", _MT_SLOTS, _N + 1)
for _box in (LEHMER, MT):
    _random.register_state_box(_box)


class Engine:
    """The engine of one kernel: built from ``(seed, seed2)`` when first used, then kept in a
    table row so that each use continues it (eagerly and inside compiled steps)."""

    def __init__(self, table: _Table, seed: int, seed2: int) -> None:
        self.table, self.seed, self.seed2 = table, seed, seed2
        self._row: tuple[int, int] | None = None
        self._start: np.ndarray | None = None

    def __deepcopy__(self, memo) -> Engine:
        # a copied Primitive (a deep-copied network) gets a kernel of its own, in the one table
        return Engine(self.table, self.seed, self.seed2)

    __copy__ = lambda self: self.__deepcopy__(None)  # noqa: E731

    def _initial(self) -> np.ndarray:
        if self._start is None:
            s = kernel_seed(self.seed, self.seed2)
            if self.table is LEHMER:
                self._start = np.array([lehmer_start(s)], np.uint32)
            else:
                self._start = mt_start(s)
        return self._start

    def run(self, fn):
        """``fn(state) -> (result, new_state)`` on this engine's state; stores the new state."""
        if self._row is None:
            self._row = self.table.claim()
        slot, gen = self._row
        table = jnp.asarray(self.table._data)
        row = table[slot]
        state = jnp.where(row[-1] == gen, row[:-1], jnp.asarray(self._initial()))
        out, new = fn(state)
        new = jnp.concatenate([jnp.asarray(new, jnp.uint32).reshape(-1), jnp.uint32(gen)[None]])
        self.table._data = table.at[slot].set(new)
        return out

    def set_state(self, state: int) -> None:
        """Continue from the Lehmer engine state ``state`` (a restored checkpoint): the engine
        starts again, in a fresh table row, from that state instead of its seeds' (no table
        write here, so this is safe while a program is traced)."""
        self._row = None
        self._start = np.array([state], np.uint32)

    def once(self, fn):
        """``fn(state)``'s result on the engine as built, leaving no state behind (a kernel
        built for one call: MindSpore's functional random ops in PyNative)."""
        return fn(jnp.asarray(self._initial()))[0]


def primitive_engine(prim, table: _Table, seed: int, seed2: int, signature) -> Engine:
    """The engine of a random Primitive instance's kernel for inputs of ``signature`` (their
    shapes and dtypes): built from the seeds on first use and continued by each later call, as
    MindSpore keeps one kernel per instance and input signature, whose engine lives on between
    launches (a call with other shapes gets a kernel of its own, starting from the seeds)."""
    engines = prim.__dict__.setdefault("_kernel_engines", {})
    engine = engines.get(signature)
    if engine is None:
        for arg, v in (("seed", seed), ("seed2", seed2)):
            if isinstance(v, bool) or not isinstance(v, int | np.integer):
                raise TypeError(f"For '{prim.name}', the '{arg}' must be an int, but got {v!r}.")
            if v < 0:
                raise ValueError(f"For '{prim.name}', the '{arg}' must be >= 0, but got {v}.")
        engine = engines[signature] = Engine(table, int(seed), int(seed2))
        pending = prim.__dict__.pop("_pending_engine_state", None)
        if pending is not None and table is LEHMER:
            engine.set_state(pending)  # restored from a checkpoint before the first call
    return engine


def engine_state(engine: Engine) -> int:
    """A Lehmer engine's current state (its seeds' start if it has not drawn yet)."""
    if engine._row is not None:
        slot, gen = engine._row
        row = np.asarray(engine.table._data[slot])
        if int(row[-1]) == gen:
            return int(row[0])
    return int(engine._initial()[0])


def primitive_state(prim) -> int:
    """The state of a random Primitive's (first) Lehmer engine, 0 when it has none (a state is
    never 0)."""
    for engine in vars(prim).get("_kernel_engines", {}).values():
        if engine.table is LEHMER:
            return engine_state(engine)
    return 0


def restore_engines(prims: list, states: list[int]) -> None:
    """Give the random Primitives ``prims`` the engine states ``primitive_state`` saved, one each
    in order (0: none): an engine continues from its state; a Primitive not called yet takes it
    when its engine is made."""
    for prim, state in zip(prims, states, strict=False):
        if not state:
            continue
        engines = [e for e in vars(prim).get("_kernel_engines", {}).values() if e.table is LEHMER]
        if engines:
            engines[0].set_state(state)
        else:
            prim.__dict__["_pending_engine_state"] = state


def draw(table: _Table, seeds: tuple[int, int], fn):
    """A functional random op's kernel, built with ``seeds`` for this call: as in MindSpore's
    PyNative a fresh engine each call (the seed counter moved on); in a program being compiled
    the kernel of that call site, whose engine continues from one run of the program to the
    next, as in MindSpore's graph mode. A PyNative capture runs such a call op by op, since each
    call builds a new kernel from new seeds."""
    if functional.capturing():
        raise functional.HostRead("a random op's per-call seed")
    engine = Engine(table, *seeds)
    return engine.run(fn) if functional.compiling() else engine.once(fn)


# --- std::shuffle (RandpermV2 over std::mt19937, RandomShuffle over the Lehmer engine) ----------


class _MTDraws:
    """``std::mt19937(seed)``'s 32-bit outputs on the host, drawn in blocks (NumPy's MT19937 is
    the same generator; its legacy integer seeding is ``init_genrand``, as ``mt19937(seed)``)."""

    low, span = 0, _U32  # the engine's min() and max() - min()

    def __init__(self, seed: int) -> None:
        self._gen = np.random.RandomState(seed & _U32)._bit_generator
        self._buf: list[int] = []
        self._pos = 0

    def __call__(self) -> int:
        if self._pos == len(self._buf):
            self._buf, self._pos = self._gen.random_raw(1024).tolist(), 0
        self._pos += 1
        return self._buf[self._pos - 1]


class LehmerDraws:
    """``std::default_random_engine``'s outputs on the host from the state ``state``; ``state``
    is the engine's state after the draws so far."""

    low, span = 1, _M - 2

    def __init__(self, state: int) -> None:
        self.state = state

    def __call__(self) -> int:
        self.state = self.state * _A % _M
        return self.state


def uniform_below(gen, span: int) -> int:
    """libstdc++'s ``uniform_int_distribution(0, span - 1)`` over ``gen`` (downscaling:
    rejecting draws past the last whole multiple of ``span``)."""
    scaling = gen.span // span
    past = span * scaling
    while True:
        r = gen() - gen.low
        if r < past:
            return r // scaling


def shuffled_range(n: int, gen) -> np.ndarray:
    """``std::shuffle`` of ``0 .. n-1`` with the engine ``gen`` as libstdc++ runs it: when
    ``n * n`` fits the engine's range, one draw places two elements (an even ``n`` first swaps
    element 1 alone), otherwise one draw per element. Computed on the host: the result depends
    only on ``n`` and the engine's seeds, both known when a program is built."""
    a = list(range(n))
    if n > 1 and gen.span // n >= n:
        i = 1
        if n % 2 == 0:
            j = uniform_below(gen, 2)
            a[i], a[j] = a[j], a[i]
            i += 1
        while i != n:
            span = i + 1
            x = uniform_below(gen, span * (span + 1))
            for j in (x // (span + 1), x % (span + 1)):
                a[i], a[j] = a[j], a[i]
                i += 1
    else:
        for i in range(1, n):
            j = uniform_below(gen, i + 1)
            a[i], a[j] = a[j], a[i]
    return np.asarray(a, np.int64)


def mt_shuffled_range(n: int, seed: int) -> np.ndarray:
    """``std::shuffle`` of ``0 .. n-1`` with ``std::mt19937(seed)`` (MindSpore's RandpermV2)."""
    return shuffled_range(n, _MTDraws(seed))
