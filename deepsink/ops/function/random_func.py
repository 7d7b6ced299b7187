"""The random ops of ``mindspore.ops`` (``ops.rand``, ``ops.randn``, ``ops.rand_like``, ``ops.randint``, ``ops.normal``,
``ops.multinomial``, ``ops.shuffle``, the channel dropouts, ``ops.gumbel_softmax``, ...).

The ops MindSpore builds on its ``StandardNormal``, ``UniformReal``, ``UniformInt`` and
``Multinomial`` kernels (``standard_normal``, ``normal``, ``randn``, ``randn_like``, ``uniform``,
``rand``, ``rand_like``, ``randint``, ``randint_like``, ``multinomial``) draw MindSpore's
numbers: each call takes its ``(seed, seed2)`` from the global seed and the op's seed counter
(``_core.random.graph_seed``) and draws from those kernels' streams (``_core.kernel_random``).
The others take keys from the global RNG state (``deepsink._core.random.next_key``), so results
repeat under ``set_seed`` and the state advances eagerly and inside compiled steps; an explicit
``seed`` argument gives a key of its own. Their samplers are ``jax.random``'s (see
docs/randomness.md for which ops draw which numbers).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import kernel_host_samplers as KHS
from deepsink._core import kernel_random as KR
from deepsink._core import kernel_samplers as KS
from deepsink._core import random as _random
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function.candidate_sampler_func import (
    log_uniform_candidate_sampler as log_uniform_candidate_sampler,
)
from deepsink.ops.function.candidate_sampler_func import (
    uniform_candidate_sampler as uniform_candidate_sampler,
)

__all__ = [
    "rand", "randn", "rand_like", "randn_like", "randint", "randint_like", "randperm", "multinomial",
    "bernoulli", "normal", "uniform", "standard_normal", "standard_laplace", "laplace",
    "random_poisson", "random_gamma", "shuffle", "random_categorical", "choice_with_mask",
    "rrelu", "dropout1d", "dropout2d", "dropout3d", "gumbel_softmax",
    "multinomial_with_replacement", "uniform_candidate_sampler", "log_uniform_candidate_sampler",
]  # fmt: skip


def _key(seed: Any = None) -> jax.Array:
    if seed is None:
        return _random.next_key()
    return jax.random.key(int(np.asarray(seed._data if isinstance(seed, Tensor) else seed)))


def _seeds(seed: Any, kernel_name: str) -> tuple[int, int]:
    """The ``(seed, seed2)`` MindSpore builds the op's kernel with (``_get_seed``)."""
    if isinstance(seed, Tensor):
        seed = int(np.asarray(seed._data))
    return _random.graph_seed(seed, kernel_name)


def _normal_kernel(shape: tuple, seeds: tuple[int, int]) -> jax.Array:
    """MindSpore's ``StandardNormal(seed, seed2)(shape)`` for one call."""
    n = int(np.prod(shape, dtype=np.int64))
    return KR.draw(KR.LEHMER, seeds, lambda st: KR.standard_normal(st, n)).reshape(shape)


def _uniform_kernel(shape: tuple, seeds: tuple[int, int]) -> jax.Array:
    """MindSpore's ``UniformReal(seed, seed2)(shape)`` for one call."""
    n = int(np.prod(shape, dtype=np.int64))
    return KR.draw(KR.MT, seeds, lambda st: KR.uniform_real(st, n)).reshape(shape)


def _int_kernel(shape: tuple, low: Any, high: Any, seeds: tuple[int, int]) -> jax.Array:
    """MindSpore's ``UniformInt(seed, seed2)(shape, low, high)`` for one call (Int32)."""
    n = int(np.prod(shape, dtype=np.int64))
    return KR.draw(KR.MT, seeds, lambda st: KR.uniform_int(st, n, low, high)).reshape(shape)


def _float_dtype(dtype: Any, api: str, default: Any) -> np.dtype:
    dt = np.dtype(default) if dtype is None else U.dtype(dtype, api)
    if dt.kind != "f":
        U.fail(api, f"the 'dtype' must be a float type, but got {mstype.from_np(dt)}")
    return dt


def _int_dtype(dtype: Any, api: str, default: Any) -> np.dtype:
    """An integer dtype, as MindSpore's randint/randint_like require (Bool and UInt8 refused)."""
    dt = np.dtype(default) if dtype is None else U.dtype(dtype, api)
    if dt.kind != "i":
        U.fail(api, f"the 'dtype' must be an int type, but got {mstype.from_np(dt)}.")
    return dt


def _size(size: tuple, api: str) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], tuple | list):
        size = tuple(size[0])
    for v in size:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            U.fail(api, f"'size' must be non-negative ints, but got {size}", TypeError)
    return tuple(size)


def rand(*size: Any, dtype: Any = None, seed: int | None = None) -> Tensor:
    """Uniform samples in [0, 1) of shape ``size``."""
    shape = _size(size, "rand")
    dt = _float_dtype(dtype, "rand", np.float32)
    return Tensor._from(_uniform_kernel(shape, _seeds(seed, "rand")).astype(dt))


def randn(*size: Any, dtype: Any = None, seed: int | None = None) -> Tensor:
    """Standard normal samples of shape ``size``."""
    shape = _size(size, "randn")
    dt = _float_dtype(dtype, "randn", np.float32)
    return Tensor._from(_normal_kernel(shape, _seeds(seed, "randn")).astype(dt))


def rand_like(input: Any, seed: int | None = None, *, dtype: Any = None) -> Tensor:
    """Uniform ``[0, 1)`` numbers shaped like ``input`` (its float dtype unless ``dtype``)."""
    a = U.array(input, "rand_like")
    dt = _float_dtype(dtype, "rand_like", a.dtype)
    return Tensor._from(_uniform_kernel(a.shape, _seeds(seed, "rand_like")).astype(dt))


def randn_like(input: Any, seed: int | None = None, *, dtype: Any = None) -> Tensor:
    """Standard normal numbers shaped like ``input`` (Float32 unless ``dtype``)."""
    a = U.array(input, "randn_like")
    dt = _float_dtype(dtype, "randn_like", np.float32)
    return Tensor._from(_normal_kernel(a.shape, _seeds(seed, "randn_like")).astype(dt))


def _int_range(low: Any, high: Any, api: str) -> tuple[int, int]:
    for v, n in ((low, "low"), (high, "high")):
        if isinstance(v, bool) or not isinstance(v, int | np.integer):
            U.fail(api, f"'{n}' must be an int, but got {v!r}", TypeError)
    if low >= high:
        U.fail(api, f"'low' ({low}) must be less than 'high' ({high})")
    return int(low), int(high)


def randint(
    low: int, high: int, size: Any, seed: int | None = None, *, dtype: Any = None
) -> Tensor:
    """Integers uniform in ``[low, high)`` of shape ``size`` (Int64 by default)."""
    lo, hi = _int_range(low, high, "randint")
    shape = U.shape(size, "randint", "size", allow_int=False)
    dt = _int_dtype(dtype, "randint", np.int64)
    return Tensor._from(_int_kernel(shape, lo, hi, _seeds(seed, "randint")).astype(dt))


def randint_like(
    input: Any, low: int, high: int, seed: int | None = None, *, dtype: Any = None
) -> Tensor:
    """Integers uniform in ``[low, high)`` shaped like ``input`` (its dtype unless ``dtype``)."""
    a = U.array(input, "randint_like")
    lo, hi = _int_range(low, high, "randint_like")
    dt = _int_dtype(dtype, "randint_like", a.dtype)
    return Tensor._from(_int_kernel(a.shape, lo, hi, _seeds(seed, "randint_like")).astype(dt))


def randperm(n: int, seed: int = 0, offset: int = 0, dtype: Any = mstype.int64) -> Tensor:
    """A random permutation of ``0 .. n-1``, MindSpore's ``RandpermV2`` kernel: ``std::shuffle``
    with ``std::mt19937`` seeded with ``offset`` when it is not 0, else with ``seed`` (``-1``:
    fresh entropy). The global seed plays no part, as in MindSpore."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        U.fail("randperm", f"'n' must be a non-negative int, but got {n!r}")
    dt = U.dtype(dtype, "randperm")
    final = offset if offset != 0 else seed
    if final == -1:
        final = int(np.random.SeedSequence().entropy % (1 << 32))
    return Tensor._from(jnp.asarray(KR.mt_shuffled_range(n, int(final)).astype(dt)))


def multinomial(
    input: Any, num_samples: int, replacement: bool = True, seed: int | None = None
) -> Tensor:
    """``num_samples`` category indices per row drawn with the (unnormalized) weights ``input``;
    without ``replacement`` each category at most once. Int32."""
    p = U.floating(U.array(input, "multinomial"))
    if p.ndim not in (1, 2):
        U.fail("multinomial", f"'input' must be 1-D or 2-D, but got shape {list(p.shape)}")
    if not replacement and num_samples > p.shape[-1]:
        U.fail(
            "multinomial",
            f"'num_samples' ({num_samples}) must not exceed the number of "
            f"categories ({p.shape[-1]}) without replacement",
        )
    seeds = _seeds(seed, "multinomial")
    if not replacement:  # MindSpore's: the top ``num_samples`` of log(u) / (weight + 1e-6)
        u = _uniform_kernel(p.shape, seeds)
        _, idx = jax.lax.top_k(jnp.log(u) / (p + jnp.asarray(1e-6, p.dtype)), num_samples)
        return Tensor._from(idx.astype(jnp.int32))
    out = KR.draw(KR.LEHMER, seeds, lambda st: KR.multinomial(st, p, num_samples))
    return Tensor._from(out)


def multinomial_with_replacement(
    x: Any, seed: Any, offset: Any, numsamples: int, replacement: bool = False
) -> Tensor:
    """``numsamples`` category indices per row of the weights ``x`` (Int64), MindSpore's
    MultinomialWithReplacement kernel: its Philox stream keyed by ``seed`` from the counter
    ``offset`` (both 0: system entropy), a fresh kernel per call (``_core.kernel_host_samplers``)."""
    return multinomial_with_replacement_launch({}, x, seed, offset, numsamples, replacement)


def multinomial_with_replacement_launch(
    kernels: dict, x: Any, seed: Any, offset: Any, numsamples: Any, replacement: Any
) -> Tensor:
    """``multinomial_with_replacement`` on the kernel ``kernels`` keeps for ``x``'s signature (a
    Primitive instance keeps its kernels, whose generators go on from launch to launch)."""
    api = "MultinomialWithReplacement"
    values = []
    for v, n in ((seed, "seed"), (offset, "offset")):
        if isinstance(v, Tensor):
            v = U.host_values(v._data, api, n).reshape(-1)[0]
        elif isinstance(v, bool) or not isinstance(v, int):
            U.fail(api, f"the input[{n}] must be int, but got {type(v)}.", TypeError)
        values.append(int(v))
    a = U.array(x, api, "x")
    if a.dtype not in (jnp.float16, jnp.float32, jnp.float64):
        U.fail(
            api, f"'x' must be a float16, float32 or float64 Tensor, but got {a.dtype}", TypeError
        )
    if a.ndim not in (1, 2):
        U.fail(api, f"'x' must be 1-D or 2-D, but got shape {list(a.shape)}")
    if isinstance(numsamples, bool) or not isinstance(numsamples, int) or numsamples <= 0:
        U.fail(api, f"'numsamples' should be a nonnegative number, but got {numsamples}.")
    if not replacement and numsamples > a.shape[-1]:
        U.fail(
            api,
            f"the value of numsamples must equal or less than x_shape[-1], but got {numsamples}.",
        )
    w = U.host_values(a, api, "x")
    if np.any(w.astype(np.float64) < 0):
        U.fail(api, "each element of 'x' must be equal or greater than 0. ")
    if np.any(w.reshape(-1, w.shape[-1]).astype(np.float64).sum(axis=-1) <= 0):
        U.fail(api, "the sum of each row of 'x' must be greater than 0. ")
    key = (a.shape, str(a.dtype))
    if key not in kernels:
        kernels[key] = KHS.MultinomialKernel()
    out = KHS.multinomial_rows(w, kernels[key], *values, numsamples, bool(replacement))
    return Tensor._from(jnp.asarray(out.reshape(a.shape[:-1] + (numsamples,))))


def bernoulli(input: Any, p: Any = 0.5, seed: int | None = None) -> Tensor:
    """0/1 samples shaped and typed like ``input``, 1 with probability ``p`` (number or Tensor).

    With a ``seed`` (any int but -1), MindSpore's Bernoulli kernel: its Philox stream keyed by
    ``seed`` (``_core.kernel_samplers``); the kernel of a ``seed``, shapes and dtypes is kept for
    the process, and a call takes first what the last call of that kernel left of its last
    4-value block. Without one (``None`` or -1) MindSpore seeds from system entropy; deepsink
    draws from the global key (repeatable under ``set_seed``)."""
    a = U.array(input, "bernoulli")
    if seed is None or seed == -1:
        prob = p if isinstance(p, int | float) else U.array(p, "bernoulli", "p")
        return Tensor._from(jax.random.bernoulli(_key(None), prob, a.shape).astype(a.dtype))
    if isinstance(seed, bool) or not isinstance(seed, int):
        U.fail("bernoulli", f"'seed' must be an int, but got {seed!r}", TypeError)
    prob = U.array(p, "bernoulli", "p") if isinstance(p, Tensor) else jnp.asarray([p], jnp.float32)
    return Tensor._from(bernoulli_kernel(a, prob, seed))


def bernoulli_kernel(a: jax.Array, prob: jax.Array, seed: int) -> jax.Array:
    """MindSpore's Bernoulli kernel (``ops.bernoulli`` with a seed, ``ops.Bernoulli``)."""
    if prob.dtype.kind != "f":
        prob = prob.astype(jnp.float32)
    if prob.size == 0:
        U.fail("Bernoulli", "p can't be empty.")
    scalar = prob.ndim == 0 or (prob.ndim == 1 and prob.shape[0] == 1)
    if not scalar and prob.shape != a.shape:
        U.fail("bernoulli", "the shape of p is different from the shape of x.")
    key = ("Bernoulli", seed, a.shape, str(a.dtype), prob.shape, str(prob.dtype))
    kernel = KS.SHARED.bernoulli(key, seed)
    u = jnp.asarray(KS.unit_floats(kernel.words(int(np.prod(a.shape, dtype=np.int64)))))
    p = prob.reshape(()) if scalar else prob.reshape(-1)
    ones = jnp.where(u.astype(p.dtype) > p, 0, 1)
    return ones.reshape(a.shape).astype(a.dtype)


def normal(shape: Any, mean: Any, stddev: Any, seed: int | None = None) -> Tensor:
    """Normal samples ``z * stddev + mean``, ``z`` standard normal of shape ``shape`` (broadcast
    with ``mean``/``stddev``)."""
    m = U.floating(U.array(mean, "normal", "mean"))
    s = U.floating(U.array(stddev, "normal", "stddev"))
    z = _normal_kernel(U.shape(shape, "normal"), _seeds(seed, "normal"))
    return Tensor._from(z * s + m)


def uniform(
    shape: Any, minval: Any, maxval: Any, seed: int | None = None, dtype: Any = mstype.float32
) -> Tensor:
    """Uniform samples in ``[minval, maxval)`` (floats) of shape ``shape``; Int32 ``dtype``
    draws integers."""
    dt = U.dtype(dtype, "uniform")
    lo, hi = U.array(minval, "uniform", "minval"), U.array(maxval, "uniform", "maxval")
    if (dt.kind == "i") != (lo.dtype.kind in "iu") or (dt.kind == "i") != (hi.dtype.kind in "iu"):
        U.fail(
            "uniform",
            f"'minval' and 'maxval' ({lo.dtype}, {hi.dtype}) must match 'dtype' "
            f"{mstype.from_np(dt)}",
            TypeError,
        )
    shp = U.shape(shape, "uniform")
    seeds = _seeds(seed, "uniform")
    if dt.kind == "i":
        return Tensor._from(_int_kernel(shp, lo, hi, seeds).astype(dt))
    return Tensor._from((_uniform_kernel(shp, seeds) * (hi - lo) + lo).astype(dt))


def standard_normal(shape: Any, seed: int | None = None) -> Tensor:
    """Standard normal Float32 samples of shape ``shape``."""
    shp = U.shape(shape, "standard_normal")
    return Tensor._from(_normal_kernel(shp, _seeds(seed, "standard_normal")))


def _laplace_kernel(shape: tuple, seeds: tuple[int, int]) -> jax.Array:
    """MindSpore's ``StandardLaplace(seed, seed2)(shape)`` for one call (Float32)."""
    n = int(np.prod(shape, dtype=np.int64))
    return KR.draw(KR.LEHMER, seeds, lambda st: KR.standard_laplace(st, n)).reshape(shape)


def standard_laplace(shape: Any, seed: int | None = None) -> Tensor:
    """Laplace(0, 1) Float32 samples of shape ``shape``, from MindSpore's StandardLaplace
    kernel (the Lehmer engine, seeded from the call's ``(seed, seed2)``)."""
    shp = U.shape(shape, "standard_laplace")
    return Tensor._from(_laplace_kernel(shp, _seeds(seed, "standard_laplace")))


def laplace(shape: Any, mean: Any, lambda_param: Any, seed: int | None = None) -> Tensor:
    """Laplace samples ``l * lambda_param + mean`` with ``l`` from MindSpore's StandardLaplace
    kernel of ``shape`` (broadcast with ``mean`` and ``lambda_param``)."""
    m = U.floating(U.array(mean, "laplace", "mean"))
    b = U.floating(U.array(lambda_param, "laplace", "lambda_param"))
    shp = U.shape(shape, "laplace")
    rnd = _laplace_kernel(shp, _seeds(seed, "laplace"))
    return Tensor._from((rnd * b + m).astype(jnp.float32))


def random_poisson(
    shape: Any, rate: Any, seed: int | None = None, dtype: Any = mstype.float32
) -> Tensor:
    """Poisson samples: ``shape`` draws for each rate, output ``shape + rate.shape``; MindSpore's
    RandomPoisson kernel built from the call's ``(seed, seed2)``."""
    return Tensor._from(poisson_kernel(shape, rate, _seeds(seed, "random_poisson"), dtype))


def poisson_kernel(shape: Any, rate: Any, seeds: Any, dtype: Any) -> jax.Array:
    """MindSpore's RandomPoisson kernel: ``shape`` samples of each rate. ``seeds`` is the kernel's
    ``(seed, seed2)`` or a host engine (``KS.MTUniform``) that goes on from an earlier call."""
    r = U.array(rate, "random_poisson", "rate")
    if r.dtype.kind not in "fiu":
        U.fail("random_poisson", f"'rate' must be a number Tensor, but got {r.dtype}", TypeError)
    shp = U.shape(shape, "random_poisson")
    dt = U.dtype(dtype, "random_poisson")
    count = int(np.prod(shp, dtype=np.int64))
    engine = (
        seeds if isinstance(seeds, KS.MTUniform) else KS.MTUniform(KS.poisson_engine_seed(*seeds))
    )
    out = KS.poisson_samples(engine, U.host_values(r, "random_poisson", "rate"), count)
    return jnp.asarray(out.astype(dt).reshape(shp + tuple(r.shape)))


def random_gamma(shape: Any, alpha: Any, seed: int | None = None) -> Tensor:
    """Gamma(alpha, 1) samples: ``shape`` draws for each alpha, output ``shape + alpha.shape``;
    MindSpore's RandomGamma kernel built from the call's ``(seed, seed2)``."""
    kernel = KS.GammaKernel(*_seeds(seed, "random_gamma"))
    return Tensor._from(gamma_kernel(kernel, shape, alpha))


def gamma_kernel(kernel: Any, shape: Any, alpha: Any) -> jax.Array:
    """MindSpore's RandomGamma kernel (``KS.GammaKernel``) on ``shape`` and ``alpha``."""
    a = U.array(alpha, "random_gamma", "alpha")
    if a.dtype.kind != "f":
        U.fail("random_gamma", f"'alpha' must be a float Tensor, but got {a.dtype}", TypeError)
    shp = U.shape(shape, "random_gamma")
    values = U.host_values(a, "random_gamma", "alpha")
    out = kernel.samples(values, int(np.prod(shp, dtype=np.int64)))
    return jnp.asarray(out.astype(a.dtype).reshape(shp + tuple(a.shape)))


def shuffled_rows(a: jax.Array, gen: Any) -> jax.Array:
    """MindSpore's RandomShuffle kernel: ``a``'s first axis permuted by ``std::shuffle`` over the
    host engine ``gen`` (a scalar or one row is returned as it is, drawing nothing)."""
    if a.ndim == 0 or a.shape[0] <= 1:
        return a
    return a[jnp.asarray(KR.shuffled_range(a.shape[0], gen))]


def shuffle(x: Any, seed: int | None = None) -> Tensor:
    """``x`` with its first axis randomly permuted, as MindSpore's RandomShuffle kernel does:
    ``std::shuffle`` over the Lehmer engine (``std::default_random_engine``) built from the
    call's ``(seed, seed2)``."""
    a = U.array(x, "shuffle", "x")
    seeds = _seeds(seed, "random_shuffle")
    return Tensor._from(shuffled_rows(a, KR.LehmerDraws(KR.lehmer_start(KR.kernel_seed(*seeds)))))


def random_categorical(
    logits: Any, num_sample: int, seed: int = 0, dtype: Any = mstype.int64
) -> Tensor:
    """``num_sample`` category indices per row of 2-D ``logits`` (unnormalized
    log-probabilities): MindSpore's RandomCategorical kernel seeded from ``GetSeed(0, seed)``
    (``seed`` 0: system entropy), a fresh kernel per call."""
    seeds = (0, _categorical_args(logits, num_sample, seed))
    return categorical_kernel(lambda fn: KR.draw(KR.LEHMER, seeds, fn), logits, num_sample, dtype)


def _categorical_args(logits: Any, num_sample: Any, seed: Any) -> int:
    for v, n in ((num_sample, "num_sample"), (seed, "seed")):
        if isinstance(v, bool) or not isinstance(v, int | np.integer):
            U.fail("random_categorical", f"'{n}' must be an int, but got {v!r}", TypeError)
    if num_sample <= 0:
        U.fail("random_categorical", f"'num_sample' must be > 0, but got {num_sample}")
    return int(seed) & 0xFFFFFFFF


def categorical_kernel(run: Any, logits: Any, num_sample: int, dtype: Any) -> Tensor:
    """MindSpore's RandomCategorical kernel on a Lehmer engine: ``run(fn)`` runs ``fn(state) ->
    (result, state)`` on it (``KR.Engine.run`` or ``KR.draw``)."""
    lg = U.floating(U.array(logits, "random_categorical", "logits"))
    if lg.ndim != 2:
        U.fail("random_categorical", f"'logits' must be 2-D, but got shape {list(lg.shape)}")
    dt = U.dtype(dtype, "random_categorical")
    if dt not in (np.int16, np.int32, np.int64):
        U.fail(
            "random_categorical",
            f"'dtype' must be Int16, Int32 or Int64, but got {dtype}",
            TypeError,
        )
    out = run(lambda st: KS.categorical(st, lg, int(num_sample)))
    return Tensor._from(out.astype(dt))


def choice_with_mask(
    input_x: Any, count: int = 256, seed: int | None = None
) -> tuple[Tensor, Tensor]:
    """``count`` random coordinates of True entries of the Bool ``input_x`` (Int32, shape
    ``(count, rank)``), padded with zeros and a False mask where fewer exist: MindSpore's
    RandomChoiceWithMask kernel built from the call's ``(seed, seed2)``, whose Lehmer engine
    ``std::shuffle``s the positions of all True entries (``_core.kernel_host_samplers``)."""
    seeds = _seeds(seed, "choice_with_mask")
    return choice_with_mask_launch(input_x, count, KHS.lehmer_for(*seeds))


def choice_with_mask_launch(input_x: Any, count: Any, gen: KR.LehmerDraws) -> tuple[Tensor, Tensor]:
    """The RandomChoiceWithMask kernel with the Lehmer engine ``gen`` on ``input_x``."""
    api = "RandomChoiceWithMask"
    a = U.array(input_x, api, "input_x")
    if a.dtype != jnp.bool_:
        U.fail(api, f"'input_x' must be a Bool Tensor, but got {a.dtype}", TypeError)
    if not 1 <= a.ndim <= 5:
        U.fail(api, f"'input_x' must be 1-D to 5-D, but got shape {list(a.shape)}")
    if isinstance(count, bool) or not isinstance(count, int) or count <= 0:
        U.fail(api, f"'count' must be a positive int, but got {count!r}")
    index, mask = KHS.choice_with_mask(U.host_values(a, api, "input_x"), count, gen)
    return Tensor._from(jnp.asarray(index)), Tensor._from(jnp.asarray(mask))


def channel_dropout(name: str, input: Any, keep_prob: float, nd: int) -> tuple[Tensor, Tensor]:
    """MindSpore's ``Dropout2D``/``Dropout3D`` kernel (``nd`` spatial axes): ``(output, mask)``."""
    a = U.array(input, name, "x")
    if a.ndim != nd + 2:
        raise ValueError(
            f"For primitive[{name}], the rank of input  must be equal to {nd + 2} , "
            f"but got {a.ndim}."
        )
    x = a.astype(jnp.float32) if a.dtype == jnp.float16 else a  # no Float16 kernel: a cast
    out, mask = KS.channel_dropout(name, x, float(keep_prob))
    return Tensor._from(out.astype(a.dtype)), Tensor._from(mask)


def _check_p(name: str, p: Any, training: Any) -> None:
    if isinstance(p, bool) or not isinstance(p, int | float) or not 0 <= p <= 1:
        U.fail(name, f"'p' must be a number in range [0, 1], but got {p!r}")
    if not isinstance(training, bool):
        U.fail(name, f"'training' must be a bool, but got {training!r}", TypeError)


def dropout1d(input: Any, p: float = 0.5, training: bool = True) -> Tensor:
    """Zero whole channels of a ``(N, C, L)`` or ``(C, L)`` input with probability ``p`` and
    scale the rest by ``1/(1-p)``: MindSpore's ``Dropout2D`` kernel on the input widened to 4-D
    (see ``dropout2d``)."""
    _check_p("dropout1d", p, training)
    a = U.array(input, "dropout1d")
    if a.ndim not in (2, 3):
        U.fail("dropout1d", f"input shape should be 2D or 3D, but got {a.ndim}.")
    if not training:
        return Tensor._from(a)
    x = a[None, ..., None] if a.ndim == 2 else a[..., None]
    out, _ = channel_dropout("Dropout2D", x, 1.0 - p, 2)
    return Tensor._from(out._data.reshape(a.shape))


def dropout2d(input: Any, p: float = 0.5, training: bool = True) -> Tensor:
    """Zero whole channels of an ``(N, C, H, W)`` input with probability ``p`` and scale the rest
    by ``1/(1-p)``: MindSpore's ``Dropout2D`` kernel, whose engine ignores every seed and goes on
    from call to call for the same ``p``, shape and dtype (``_core.kernel_samplers``)."""
    _check_p("dropout2d", p, training)
    if not training:
        return input if isinstance(input, Tensor) else Tensor._from(U.array(input, "dropout2d"))
    return channel_dropout("Dropout2D", input, 1.0 - p, 2)[0]


def dropout3d(input: Any, p: float = 0.5, training: bool = True) -> Tensor:
    """Zero whole channels of an ``(N, C, D, H, W)`` input with probability ``p`` and scale the
    rest by ``1/(1-p)``: MindSpore's ``Dropout3D`` kernel (as ``dropout2d``)."""
    _check_p("dropout3d", p, training)
    if not training:
        return input if isinstance(input, Tensor) else Tensor._from(U.array(input, "dropout3d"))
    return channel_dropout("Dropout3D", input, 1.0 - p, 3)[0]


def gumbel_softmax(logits: Any, tau: float = 1.0, hard: bool = False, dim: int = -1) -> Tensor:
    """``softmax((logits + g) / tau)`` with Gumbel noise ``g``; ``hard``: the one-hot of the
    argmax in the forward pass, the soft sample's gradient in the backward pass."""
    if tau <= 0:
        U.fail("gumbel_softmax", f"'tau' must be positive, but got {tau}")
    lg = U.array(logits, "gumbel_softmax", "logits")
    if lg.dtype.kind != "f":
        U.fail("gumbel_softmax", f"'logits' must be a float Tensor, but got {lg.dtype}", TypeError)
    ax = U.axis(dim, lg.ndim, "gumbel_softmax", "dim")
    # MindSpore's: ops.uniform's draw (its UniformReal kernel and seed counter) as Gumbel noise
    u = _uniform_kernel(lg.shape, _seeds(None, "uniform")).astype(lg.dtype)
    y = jax.nn.softmax((lg - jnp.log(-jnp.log(u))) / tau, axis=ax)
    if hard:
        onehot = jax.nn.one_hot(jnp.argmax(y, axis=ax), lg.shape[ax], axis=ax, dtype=y.dtype)
        y = onehot - jax.lax.stop_gradient(y) + y
    return Tensor._from(y)


def rrelu(input: Any, lower: float = 1.0 / 8, upper: float = 1.0 / 3) -> Tensor:
    """Leaky ReLU whose negative slope is drawn per element on every call (MindSpore 2.10 draws
    in eval mode too): ``ops.uniform(shape, lower, upper)``, MindSpore's UniformReal kernel and
    its seed counter, cast to the input's dtype."""
    for v, n in ((upper, "upper"), (lower, "lower")):
        if isinstance(v, bool) or not isinstance(v, int | float):
            U.fail("rrelu", f"'{n}' must be an int or a float, but got {type(v)}", TypeError)
    if lower > upper:
        U.fail(
            "rrelu",
            "the value of 'upper' must be greater than or equal to 'lower', but got "
            f"upper: {upper}, lower: {lower}. ",
        )
    if not isinstance(input, Tensor):
        U.fail("rrelu", f"the 'input' must be a Tensor but got {type(input)}.", TypeError)
    a = input._data
    lo, hi = jnp.float32(lower), jnp.float32(upper)
    slope = (_uniform_kernel(a.shape, _seeds(None, "uniform")) * (hi - lo) + lo).astype(a.dtype)
    return Tensor._from(jnp.where(a >= 0, a, a * slope))


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
