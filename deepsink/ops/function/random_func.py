"""Random tensors (``ops.rand``, ``ops.randn``, ``ops.rand_like``, ``ops.randn_like``,
``ops.randint``, ``ops.randint_like``).

Without ``seed`` each call draws a fresh key from the global key (``set_seed``), so sequences are
reproducible per global seed, eagerly and inside compiled code. With ``seed`` the draw depends on
that seed only (the same seed gives the same numbers). The values are JAX's generator's, not
MindSpore's Philox stream: the distribution is the same, the individual numbers differ.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink._core import random as _random
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _key(seed: Any) -> jax.Array:
    if seed is None:
        return _random.next_key()
    if isinstance(seed, bool) or not isinstance(seed, int):
        U.fail("rand", f"'seed' must be an int or None, but got {seed!r}", TypeError)
    return jax.random.key(seed)


def _size(size: tuple, api: str) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], tuple | list):
        size = tuple(size[0])
    for v in size:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            U.fail(api, f"'size' must be non-negative ints, but got {size}", TypeError)
    return tuple(size)


def _float_dtype(dtype: Any, api: str) -> Any:
    if dtype is None:
        return jnp.float32
    dt = mstype.to_np(dtype)
    if not jnp.issubdtype(dt, jnp.floating):
        U.fail(api, f"'dtype' must be a floating type, but got {dtype}", TypeError)
    return dt


def rand(*size: Any, dtype: Any = None, seed: int | None = None) -> Tensor:
    """Uniform samples in [0, 1) of shape ``size``."""
    shape = _size(size, "rand")
    return Tensor._from(jax.random.uniform(_key(seed), shape, _float_dtype(dtype, "rand")))


def randn(*size: Any, dtype: Any = None, seed: int | None = None) -> Tensor:
    """Standard normal samples of shape ``size``."""
    shape = _size(size, "randn")
    return Tensor._from(jax.random.normal(_key(seed), shape, _float_dtype(dtype, "randn")))


def rand_like(input: Any, seed: int | None = None, *, dtype: Any = None) -> Tensor:
    """Uniform samples shaped like ``input`` (its dtype unless ``dtype``)."""
    a = U.array(input, "rand_like")
    dt = _float_dtype(dtype, "rand_like") if dtype is not None else a.dtype
    return Tensor._from(jax.random.uniform(_key(seed), a.shape, dt))


def randn_like(input: Any, seed: int | None = None, *, dtype: Any = None) -> Tensor:
    """Standard normal samples shaped like ``input``."""
    a = U.array(input, "randn_like")
    dt = _float_dtype(dtype, "randn_like") if dtype is not None else a.dtype
    return Tensor._from(jax.random.normal(_key(seed), a.shape, dt))


def randint(low: int, high: int, size: Any, seed: int | None = None, *, dtype: Any = None
            ) -> Tensor:  # fmt: skip
    """Integers uniform in [low, high) of shape ``size`` (Int64 by default)."""
    if not isinstance(size, tuple | list):
        U.fail("randint", f"'size' must be a tuple, but got {size!r}", TypeError)
    if high <= low:
        U.fail("randint", f"'high' must be greater than 'low', but got low={low}, high={high}")
    dt = mstype.to_np(dtype) if dtype is not None else jnp.int64
    out = jax.random.randint(_key(seed), _size(tuple(size), "randint"), low, high, jnp.int32)
    return Tensor._from(out.astype(dt))


def randint_like(input: Any, low: int, high: int, seed: int | None = None, *, dtype: Any = None
                 ) -> Tensor:  # fmt: skip
    """Integers uniform in [low, high) shaped like ``input``."""
    a = U.array(input, "randint_like")
    return randint(low, high, a.shape, seed, dtype=dtype if dtype is not None else a.dtype)
