"""MindSpore's candidate samplers (``ops.uniform_candidate_sampler``,
``ops.log_uniform_candidate_sampler``): draw ``num_sampled`` class ids for sampled-softmax style
losses, with the expected count of every true and sampled class. ``unique`` draws with replacement until
``num_sampled`` different classes came up; the expected counts then use the number of draws, as
TensorFlow's and MindSpore's samplers do. Draws are ``jax.random.categorical``'s."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink import log as logger
from deepsink._core import random as _random
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _positive_int(api: str, name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int | np.integer):
        U.fail(api, f"'{name}' must be an int, but got {type(v).__name__}", TypeError)
    if v < 1:
        U.fail(api, f"'{name}' must be a positive int, but got {v}")
    return int(v)


def _checked(
    api: str,
    true_classes: Any,
    num_true: Any,
    num_sampled: Any,
    unique: Any,
    range_max: Any,
    seed: Any,
) -> tuple[jax.Array, int, int, int, int]:
    if not isinstance(true_classes, Tensor):
        U.fail(
            api,
            f"'true_classes' must be a Tensor, but got {type(true_classes).__name__}",
            TypeError,
        )
    x = true_classes._data
    if x.dtype not in (jnp.int32, jnp.int64):
        U.fail(
            api, f"'true_classes' must be int32 or int64, but got {true_classes.dtype}", TypeError
        )
    num_true = _positive_int(api, "num_true", num_true)
    num_sampled = _positive_int(api, "num_sampled", num_sampled)
    range_max = _positive_int(api, "range_max", range_max)
    if not isinstance(unique, bool):
        U.fail(api, f"'unique' must be a bool, but got {type(unique).__name__}", TypeError)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        U.fail(api, f"'seed' must be a non-negative int, but got {seed!r}", TypeError)
    if x.ndim != 2 or x.shape[1] != num_true:
        U.fail(
            api,
            f"'true_classes' must have shape (batch_size, num_true={num_true}), but got "
            f"{list(x.shape)}",
        )
    if unique and num_sampled > range_max:
        U.fail(
            api,
            f"with 'unique' True, 'num_sampled' ({num_sampled}) must not be greater than "
            f"'range_max' ({range_max})",
        )
    return x, num_true, num_sampled, range_max, int(seed)


def _draw_unique(
    key: jax.Array, logits: jax.Array, num_sampled: int
) -> tuple[jax.Array, jax.Array]:
    """Draw with replacement until ``num_sampled`` different classes came up; the classes in the
    order they first came and the number of draws it took."""

    def body(state):  # noqa: ANN001, ANN202
        i, tries, out, key = state
        key, sub = jax.random.split(key)
        c = jax.random.categorical(sub, logits).astype(out.dtype)
        new = ~jnp.any((out == c) & (jnp.arange(num_sampled) < i))
        out = jnp.where(new, out.at[i].set(c, mode="drop"), out)
        return i + new.astype(i.dtype), tries + 1, out, key

    init = (jnp.int32(0), jnp.int32(0), jnp.zeros(num_sampled, jnp.int32), key)
    _, tries, out, _ = jax.lax.while_loop(lambda s: s[0] < num_sampled, body, init)
    return out, tries


def _expected(p: jax.Array, num_sampled: int, tries: jax.Array) -> jax.Array:
    """TensorFlow's (and MindSpore's) expected count of a class of probability ``p`` after
    ``tries`` draws: ``p * num_sampled`` when every draw was kept, else
    ``1 - (1 - p) ** tries``."""
    tries = tries.astype(jnp.float32)
    return jnp.where(tries == num_sampled, p * num_sampled, -jnp.expm1(tries * jnp.log1p(-p)))


def _sample(
    api: str,
    prob_of: Any,
    range_max: int,
    x: jax.Array,
    num_sampled: int,
    unique: bool,
    seed: int,
    exclude_true: bool,
) -> tuple[Tensor, Tensor, Tensor]:
    """``prob_of(classes)``: the sampling probability of each class id (float32)."""
    p = prob_of(jnp.arange(range_max))
    logits = jnp.log(p)
    if exclude_true and unique:
        # MindSpore's kernel: true classes are not drawn, unless too few classes would remain,
        # where it warns and draws from all of them
        hit = jnp.zeros(p.shape, bool).at[x.reshape(-1)].set(True, mode="drop")
        enough = num_sampled + jnp.sum(hit) <= range_max
        if not isinstance(enough, jax.core.Tracer) and not bool(enough):
            logger.warning(
                f"For '{api}', 'range_max' is less than 'num_sampled' plus the number "
                "of distinct true classes: remove_accidental_hits is ignored"
            )
        logits = jnp.where(hit & enough, -jnp.inf, logits)
    key = _random.next_key() if seed == 0 else jax.random.key(seed)
    if unique:
        sampled, tries = _draw_unique(key, logits, num_sampled)
    else:
        sampled = jax.random.categorical(key, logits, shape=(num_sampled,))
        tries = jnp.int32(num_sampled)
    true_count = _expected(prob_of(x), num_sampled, tries)
    sampled_count = _expected(prob_of(sampled), num_sampled, tries)
    return (
        Tensor._from(sampled.astype(x.dtype)),
        Tensor._from(true_count),
        Tensor._from(sampled_count),
    )


def uniform_candidate_sampler(
    true_classes: Any,
    num_true: int,
    num_sampled: int,
    unique: bool,
    range_max: int,
    seed: int = 0,
    remove_accidental_hits: bool = False,
) -> tuple[Tensor, Tensor, Tensor]:
    """Uniform candidate sampling: ``num_sampled`` class ids drawn uniformly from
    ``[0, range_max)``.

    Args:
        true_classes (Tensor): int32/int64 of shape (batch_size, num_true), the target classes.
        num_true (int): the number of targets per example.
        num_sampled (int): the number of classes to draw.
        unique (bool): whether the draws are all different (without replacement).
        range_max (int): the number of possible classes.
        seed (int): random seed; 0 takes the global random state. Default ``0``.
        remove_accidental_hits (bool): with ``unique``, never draw one of ``true_classes``
            (ignored with a warning when too few classes would remain). Default ``False``.

    Returns:
        - **sampled_candidates** (Tensor) - shape (num_sampled,), the dtype of ``true_classes``.
        - **true_expected_count** (Tensor) - float32, the shape of ``true_classes``.
        - **sampled_expected_count** (Tensor) - float32, shape (num_sampled,).

    Raises:
        TypeError: If an argument has the wrong type or ``true_classes`` is not int32/int64.
        ValueError: If a count is not positive, ``true_classes`` is not (batch_size, num_true),
            or ``unique`` asks for more classes than there are.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1], [3], [4]], ms.int32)
        >>> sampled, true_count, sampled_count = ops.uniform_candidate_sampler(x, 1, 3, False, 4)
        >>> print(sampled.shape, true_count.shape, sampled_count)
        (3,) (3, 1) [0.75 0.75 0.75]
    """
    api = "uniform_candidate_sampler"
    x, _, num_sampled, range_max, seed = _checked(
        api, true_classes, num_true, num_sampled, unique, range_max, seed
    )
    if not isinstance(remove_accidental_hits, bool):
        U.fail(
            api,
            f"'remove_accidental_hits' must be a bool, but got "
            f"{type(remove_accidental_hits).__name__}",
            TypeError,
        )

    def prob_of(c: jax.Array) -> jax.Array:
        return jnp.full(c.shape, 1.0 / range_max, jnp.float32)

    return _sample(api, prob_of, range_max, x, num_sampled, unique, seed, remove_accidental_hits)


def log_uniform_candidate_sampler(
    true_classes: Any,
    num_true: int = 1,
    num_sampled: int = 5,
    unique: bool = True,
    range_max: int = 5,
    seed: int = 0,
) -> tuple[Tensor, Tensor, Tensor]:
    """Log-uniform (Zipfian) candidate sampling: class ``c`` of ``[0, range_max)`` is drawn with
    probability ``(log(c + 2) - log(c + 1)) / log(range_max + 1)``.

    Args:
        true_classes (Tensor): int32/int64 of shape (batch_size, num_true), the target classes.
        num_true (int): the number of targets per example. Default ``1``.
        num_sampled (int): the number of classes to draw. Default ``5``.
        unique (bool): whether the draws are all different. Default ``True``.
        range_max (int): the number of possible classes. Default ``5``.
        seed (int): random seed; 0 takes the global random state. Default ``0``.

    Returns:
        - **sampled_candidates** (Tensor) - shape (num_sampled,), the dtype of ``true_classes``.
        - **true_expected_count** (Tensor) - float32, the shape of ``true_classes``.
        - **sampled_expected_count** (Tensor) - float32, shape (num_sampled,).

    Raises:
        TypeError: If an argument has the wrong type or ``true_classes`` is not int32/int64.
        ValueError: If a count is not positive, ``true_classes`` is not (batch_size, num_true),
            or ``unique`` asks for more classes than there are.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor([[1], [3]], ms.int64)
        >>> _, true_count, _ = ops.log_uniform_candidate_sampler(x, 1, 3, False, 5, seed=1)
        >>> print(true_count.asnumpy().round(4))
        [[0.6789]
         [0.3736]]
    """
    api = "log_uniform_candidate_sampler"
    x, _, num_sampled, range_max, seed = _checked(
        api, true_classes, num_true, num_sampled, unique, range_max, seed
    )

    def prob_of(c: jax.Array) -> jax.Array:
        c = c.astype(jnp.float32)
        return ((jnp.log(c + 2) - jnp.log(c + 1)) / np.log(range_max + 1)).astype(jnp.float32)

    return _sample(api, prob_of, range_max, x, num_sampled, unique, seed, False)
