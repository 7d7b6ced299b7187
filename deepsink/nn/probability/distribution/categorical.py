"""``Categorical``: the distribution over the classes ``0 .. K - 1`` of probabilities ``probs``
(the last axis)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._checks import check_prob
from deepsink.nn.probability.distribution._families import Probabilities
from deepsink.nn.probability.distribution.distribution import check_tensor


def _check_probs(probs: Tensor) -> None:
    """2.10's checks: at least 1-D, each probability in (0, 1), each row summing to one."""
    p = np.asarray(probs.asnumpy())
    if p.ndim == 0:
        raise ValueError("probs for Categorical distribution must have rank >= 1.")
    check_prob(probs)
    total = p.sum(axis=-1)
    eps = np.finfo(total.dtype).eps
    if not np.allclose(total, np.ones(total.shape), rtol=eps * 10, atol=eps):
        raise ValueError(
            "Probabilities for each category should sum to one for Categorical distribution."
        )


class Categorical(Probabilities):
    r"""The categorical distribution :math:`P(X = k) = p_k`, :math:`k = 0, \dots, K - 1`, over
    the last axis of ``probs`` (the other axes are the batch).

    Args:
        probs (Union[list, numpy.ndarray, Tensor], optional): the class probabilities, each
            in (0, 1) and summing to one along the last axis. Default: ``None`` (given on each
            call).
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): the type of the samples and of ``mode``. Default:
            ``mstype.int32``.
        name (str, optional): Default: ``'Categorical'``.

    Raises:
        ValueError: ``probs`` is a scalar, has a probability outside (0, 1), or a row that does
            not sum to one.
        TypeError: ``dtype`` is not a number type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> c = msd.Categorical(np.array([0.25, 0.75], np.float32))
        >>> print(c.prob(ms.Tensor(np.array([0.0, 1.0], np.float32))), c.mode())
        [0.25 0.75] 1
    """

    def __init__(
        self,
        probs: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.int32,
        name: str = "Categorical",
    ) -> None:
        super().__init__(probs, seed, dtype, name, dict(locals()), _check_probs)
        if self._probs is not None:
            # the last axis holds the classes: the batch is the axes before it
            self._is_scalar_batch = self._probs.ndim == 1
            self._broadcast_shape = tuple(self._broadcast_shape[:-1])

    def extend_repr(self) -> str:
        if self.is_scalar_batch:
            return f"probs = {self._probs}"
        return f"batch_shape = {self._broadcast_shape}"

    def _classes(self, p: Tensor) -> Tensor:
        return ops.arange(0, p.shape[-1], dtype=p.dtype)

    def _mean(self, probs: Any = None) -> Tensor:
        p = self._check_param_type(probs)
        return ops.sum(p * self._classes(p), -1, keepdim=True)

    def _var(self, probs: Any = None) -> Tensor:
        p = self._check_param_type(probs)
        mean = ops.sum(p * self._classes(p), -1, keepdim=True)
        return ops.sum(p * ops.square(self._classes(p) - mean), -1, keepdim=True)

    def _mode(self, probs: Any = None) -> Tensor:
        return ops.cast(ops.argmax(self._check_param_type(probs), -1), self.dtype)

    def _entropy(self, probs: Any = None) -> Tensor:
        p = self._check_param_type(probs)
        return -ops.sum(p * ops.log(p), -1)

    def _kl_loss(self, dist: str, probs_b: Any, probs: Any = None) -> Tensor:
        """KL(self || Categorical(probs_b))."""
        self._check_dist(dist)
        pb = ops.cast(self._check_value(probs_b, "probs_b"), self.parameter_type)
        pa = self._check_param_type(probs)
        return ops.sum(pa * (ops.log(pa) - ops.log(pb)), -1)

    def _per_value(self, value: Any, probs: Any) -> tuple[Tensor, Tensor, Tensor]:
        """The class index of each value (truncated toward zero) and the probabilities broadcast
        to the values' batch: ``(index, probs, in_range)``."""
        value = check_tensor(value, "value")
        p = self._check_param_type(probs)
        k = p.shape[-1]
        index = ops.cast(ops.cast(value, mstype.float32), mstype.int32)
        batch = np.broadcast_shapes(tuple(index.shape), tuple(p.shape[:-1]))
        index = ops.broadcast_to(index, batch)
        p = ops.broadcast_to(p, batch + (k,))
        in_range = (index >= 0) & (index < k) & (ops.cast(value, mstype.float32) >= 0)
        return index, p, in_range

    def _prob(self, value: Any, probs: Any = None) -> Tensor:
        """``probs[..., value]``; NaN for a value outside ``0 .. K - 1``."""
        index, p, in_range = self._per_value(value, probs)
        safe = ops.where(in_range, index, ops.zeros_like(index))
        picked = ops.gather_elements(p, -1, ops.expand_dims(safe, -1)).squeeze(-1)
        return ops.where(in_range, picked, ops.full_like(picked, float("nan")))

    def _cdf(self, value: Any, probs: Any = None) -> Tensor:
        """The probability of the classes up to ``floor(value)``: 0 below class 0, 1 from the
        last class on."""
        value = ops.floor(ops.cast(check_tensor(value, "value"), mstype.float32))
        index, p, _ = self._per_value(value, probs)
        k = p.shape[-1]
        clipped = ops.clamp(index, 0, k - 1)
        cumulative = ops.cumsum(p, -1)
        picked = ops.gather_elements(cumulative, -1, ops.expand_dims(clipped, -1)).squeeze(-1)
        picked = ops.where(index >= k - 1, ops.ones_like(picked), picked)
        return ops.where(value < 0.0, ops.zeros_like(picked), picked)

    def _sample(self, shape: tuple = (), probs: Any = None) -> Tensor:
        p = self._check_param_type(probs)
        out = tuple(int(s) for s in shape) + tuple(p.shape[:-1])
        u = self._draw(out + (1,), self.parameter_type)
        below = ops.cast(u >= ops.cumsum(p, -1)[..., :-1], mstype.int32)  # classes passed
        return ops.cast(ops.sum(below, -1), self.dtype)
