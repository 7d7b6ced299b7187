"""MindSpore's candidate samplers (``ops.uniform_candidate_sampler``,
``ops.log_uniform_candidate_sampler``): draw ``num_sampled`` class ids for sampled-softmax style
losses, with the expected count of every true and sampled class. ``unique`` draws with replacement until
``num_sampled`` different classes came up; the expected counts then use the number of draws, as
TensorFlow's and MindSpore's samplers do. The draws are MindSpore 2.10's CPU kernels'
(``_core.kernel_host_samplers``): the same seed gives the same classes as on MindSpore."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core import kernel_host_samplers as KHS
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _positive_int(api: str, name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int | np.integer):
        U.fail(api, f"'{name}' must be an int, but got {type(v).__name__}", TypeError)
    if v < 1:
        U.fail(api, f"'{name}' must be a positive int, but got {v}")
    return int(v)


def _checked(api: str, true_classes: Any, args: tuple) -> tuple[jax.Array, int, int, int, int]:
    """``true_classes`` and ``args`` (``num_true, num_sampled, unique, range_max, seed``)
    checked."""
    num_true, num_sampled, unique, range_max, seed = args
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


def _launch(kernels: dict, make: Any, x: jax.Array, api: str, *args: Any) -> tuple:
    """One launch of the kernel ``kernels`` keeps for ``x``'s signature (``make()`` builds it):
    a Primitive instance keeps its kernels and their streams go on, the functional op builds a
    fresh one per call, as MindSpore's PyNative does."""
    key = (x.shape, str(x.dtype))
    if key not in kernels:
        kernels[key] = make()
    values = np.asarray(U.host_values(x, api, "true_classes"))
    sampled, true_count, sampled_count = kernels[key].launch(values, *args)
    return (
        Tensor._from(jnp.asarray(sampled)),
        Tensor._from(jnp.asarray(true_count)),
        Tensor._from(jnp.asarray(sampled_count)),
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
        seed (int): the kernel's seed (``GetSeed(seed, 0)``; 0: system entropy, as in
            MindSpore). Default ``0``.
        remove_accidental_hits (bool): with ``unique``, never draw one of ``true_classes``
            (turned off for good when too few classes would remain). Default ``False``.

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
    args = (num_true, num_sampled, unique, range_max, seed, remove_accidental_hits)
    return _sampler_launch("uniform_candidate_sampler", {}, true_classes, *args)


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
        seed (int): the kernel's seed: its Philox stream is keyed by 87654321 and starts at
            ``(0, seed)``, so ``0`` draws repeatable numbers too. Default ``0``.

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
    args = (num_true, num_sampled, unique, range_max, seed)
    return _sampler_launch("log_uniform_candidate_sampler", {}, true_classes, *args)


def _sampler_launch(
    api: str,
    kernels: dict,
    true_classes: Any,
    num_true: Any,
    num_sampled: Any,
    unique: Any,
    range_max: Any,
    seed: Any,
    remove_accidental_hits: Any = False,
) -> tuple[Tensor, Tensor, Tensor]:
    """``uniform_candidate_sampler`` or ``log_uniform_candidate_sampler`` (``api``) on the
    kernels of ``kernels`` (see ``_launch``)."""
    args = (num_true, num_sampled, unique, range_max, seed)
    x, _, num_sampled, range_max, seed = _checked(api, true_classes, args)
    if not isinstance(remove_accidental_hits, bool):
        U.fail(
            api,
            f"'remove_accidental_hits' must be a bool, but got "
            f"{type(remove_accidental_hits).__name__}",
            TypeError,
        )

    def make() -> Any:
        if api == "uniform_candidate_sampler":
            return KHS.UniformSamplerKernel(seed, remove_accidental_hits)
        return KHS.LogUniformSamplerKernel(seed)

    return _launch(kernels, make, x, api, num_sampled, unique, range_max)
