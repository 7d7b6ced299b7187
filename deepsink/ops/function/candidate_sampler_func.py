"""The candidate samplers of sampled-softmax training (``ops.uniform_candidate_sampler``,
``ops.log_uniform_candidate_sampler``): ``num_sampled`` classes drawn from a uniform or a
log-uniform (Zipfian) distribution over ``[0, range_max)``, with the expected count of each true
and sampled class under that sampling (TensorFlow's definitions, which MindSpore follows).

With ``unique`` the classes are drawn with rejection until ``num_sampled`` distinct ones are
found; the expected counts then use the number of draws that took. Draws run on the host with a
NumPy generator seeded from the op's key (``seed`` 0: the global stream).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import random as _random
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = ["uniform_candidate_sampler", "log_uniform_candidate_sampler"]


def _check(api: str, true_classes: Any, num_true: Any, num_sampled: Any, unique: Any,
           range_max: Any, seed: Any) -> np.ndarray:  # fmt: skip
    if not isinstance(true_classes, Tensor):
        U.fail(api, f"'true_classes' must be a Tensor, but got {type(true_classes).__name__}",
               TypeError)  # fmt: skip
    for v, n in ((num_true, "num_true"), (num_sampled, "num_sampled"), (range_max, "range_max"),
                 (seed, "seed")):  # fmt: skip
        if not isinstance(v, int) or isinstance(v, bool):
            U.fail(api, f"'{n}' must be an int, but got {type(v).__name__}", TypeError)
    if not isinstance(unique, bool):
        U.fail(api, f"'unique' must be a bool, but got {type(unique).__name__}", TypeError)
    if range_max < 1 or num_sampled < 1 or num_true < 1 or seed < 0:
        U.fail(api, f"'range_max', 'num_sampled' and 'num_true' must be positive and 'seed' "
               f"non-negative, but got {range_max}, {num_sampled}, {num_true}, {seed}")  # fmt: skip
    if unique and num_sampled > range_max:
        U.fail(api, f"with unique=True, 'num_sampled' ({num_sampled}) must not exceed "
               f"'range_max' ({range_max})")  # fmt: skip
    t = np.asarray(true_classes._data)
    if t.ndim != 2 or t.shape[1] != num_true:
        U.fail(api, f"'true_classes' must have shape (batch_size, {num_true}), but got "
               f"{list(t.shape)}")  # fmt: skip
    return t


def _sample(api: str, true_classes: Any, num_true: int, num_sampled: int, unique: bool,
            range_max: int, seed: int, draw: Callable, prob: Callable) -> tuple:  # fmt: skip
    t = _check(api, true_classes, num_true, num_sampled, unique, range_max, seed)
    key = _random.next_key() if seed == 0 else jax.random.key(seed)
    rng = np.random.default_rng(np.asarray(jax.random.key_data(key)).astype(np.uint64))
    if unique:
        picked: list[int] = []
        seen: set[int] = set()
        tries = 0
        while len(picked) < num_sampled:
            c = int(draw(rng, 1)[0])
            tries += 1
            if c not in seen:
                seen.add(c)
                picked.append(c)
        sampled = np.asarray(picked)
    else:
        sampled = draw(rng, num_sampled)
        tries = num_sampled

    def expected(c: np.ndarray) -> np.ndarray:
        p = prob(c.astype(np.float64))
        return (-np.expm1(tries * np.log1p(-p)) if unique else p * num_sampled).astype(np.float32)

    return (Tensor._from(jnp.asarray(sampled, t.dtype)), Tensor._from(jnp.asarray(expected(t))),
            Tensor._from(jnp.asarray(expected(sampled))))  # fmt: skip


def uniform_candidate_sampler(true_classes: Any, num_true: int, num_sampled: int, unique: bool,
                              range_max: int, seed: int = 0,
                              remove_accidental_hits: bool = False) -> tuple:  # fmt: skip
    """Samples classes uniformly from ``[0, range_max)`` for sampled-softmax training.

    Args:
        true_classes (Tensor): ``(batch_size, num_true)`` int32/int64 target classes.
        num_true (int): Target classes per example.
        num_sampled (int): How many classes to sample.
        unique (bool): Sample distinct classes (then ``num_sampled <= range_max``).
        range_max (int): The number of classes.
        seed (int, optional): Non-negative; 0 takes the global stream. Default ``0``.
        remove_accidental_hits (bool, optional): Kept for the caller's loss: the three outputs
            are the same either way (as MindSpore's kernel returns them); the hits are removed
            by ``ComputeAccidentalHits``/the loss. Default ``False``.

    Returns:
        A tuple (sampled_candidates, true_expected_count, sampled_expected_count): the
        ``(num_sampled,)`` classes (dtype of ``true_classes``) and the float32 expected counts
        of the true and the sampled classes.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a size is not positive or the shapes do not fit.

    Examples:
        >>> import mindspore as ms
        >>> from mindspore import ops
        >>> tc = ms.Tensor([[1], [3]], ms.int64)
        >>> s, t, e = ops.uniform_candidate_sampler(tc, 1, 3, False, 5, seed=1)
        >>> print(s.shape, t)
        (3,) [[0.6]
         [0.6]]
    """
    if not isinstance(remove_accidental_hits, bool):
        U.fail("UniformCandidateSampler", "'remove_accidental_hits' must be a bool, but got "
               f"{type(remove_accidental_hits).__name__}", TypeError)  # fmt: skip
    return _sample("UniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                   range_max, seed, lambda rng, n: rng.integers(0, range_max, n),
                   lambda c: np.full(c.shape, 1.0 / range_max))  # fmt: skip


def log_uniform_candidate_sampler(true_classes: Any, num_true: int = 1, num_sampled: int = 5,
                                  unique: bool = True, range_max: int = 5,
                                  seed: int = 0) -> tuple:  # fmt: skip
    """Samples classes from the log-uniform (Zipfian) distribution over ``[0, range_max)``,
    ``P(c) = (log(c + 2) - log(c + 1)) / log(range_max + 1)``, for sampled-softmax training.

    Args:
        true_classes (Tensor): ``(batch_size, num_true)`` int64 target classes.
        num_true (int, optional): Target classes per example. Default ``1``.
        num_sampled (int, optional): How many classes to sample. Default ``5``.
        unique (bool, optional): Sample distinct classes. Default ``True``.
        range_max (int, optional): The number of classes. Default ``5``.
        seed (int, optional): Non-negative; 0 takes the global stream. Default ``0``.

    Returns:
        A tuple (sampled_candidates, true_expected_count, sampled_expected_count), as
        ``uniform_candidate_sampler`` returns it.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a size is not positive or the shapes do not fit.

    Examples:
        >>> import mindspore as ms
        >>> from mindspore import ops
        >>> tc = ms.Tensor([[1], [3]], ms.int64)
        >>> s, t, e = ops.log_uniform_candidate_sampler(tc, 1, 4, False, 5, seed=1)
        >>> print(s.shape, t)
        (4,) [[0.90517753]
         [0.49815515]]
    """
    log_range = np.log(range_max + 1.0)
    return _sample("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                   range_max, seed,
                   lambda rng, n: np.minimum(np.floor(np.exp(rng.random(n) * log_range)) - 1,
                                             range_max - 1).astype(np.int64),
                   lambda c: (np.log(c + 2.0) - np.log(c + 1.0)) / log_range)  # fmt: skip
