"""``Bernoulli``: the distribution of one trial that gives 1 with probability ``probs``."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._families import Probabilities


class Bernoulli(Probabilities):
    r"""The Bernoulli distribution: :math:`P(X = 1) = p`, :math:`P(X = 0) = 1 - p`.

    Args:
        probs (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`p`, strictly
            between 0 and 1. Default: ``None`` (given on each call).
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): the type of the samples. Default: ``mstype.int32``.
        name (str, optional): Default: ``'Bernoulli'``.

    Raises:
        ValueError: an element of ``probs`` is not strictly between 0 and 1.
        TypeError: ``dtype`` is not a number type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> b = msd.Bernoulli(0.3)
        >>> print(b.prob(ms.Tensor(np.array([0.0, 1.0], np.float32))))
        [0.7 0.3]
    """

    def __init__(
        self,
        probs: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.int32,
        name: str = "Bernoulli",
    ) -> None:
        super().__init__(probs, seed, dtype, name, dict(locals()))

    def _mean(self, probs1: Any = None) -> Tensor:
        return self._check_param_type(probs1)

    def _mode(self, probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        return ops.cast(p > 0.5, self.dtype)

    def _var(self, probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        return p * (1.0 - p)

    def _entropy(self, probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        return -(p * ops.log(p) + (1.0 - p) * ops.log(1.0 - p))

    def _log_prob(self, value: Any, probs1: Any = None) -> Tensor:
        value = self._value(value)
        p = self._check_param_type(probs1)
        return value * ops.log(p) + (1.0 - value) * ops.log(1.0 - p)

    def _cdf(self, value: Any, probs1: Any = None) -> Tensor:
        value = self._value(value)
        p = self._check_param_type(probs1)
        below_one = ops.where(value < 1.0, 1.0 - p, ops.ones_like(p))
        return ops.where(value < 0.0, ops.zeros_like(below_one), below_one)

    def _kl_loss(self, dist: str, probs1_b: Any, probs1: Any = None) -> Tensor:
        """KL(self || Bernoulli(probs1_b))."""
        self._check_dist(dist)
        pb = ops.cast(self._check_value(probs1_b, "probs1_b"), self.parameter_type)
        pa = self._check_param_type(probs1)
        return pa * (ops.log(pa) - ops.log(pb)) + (1.0 - pa) * (
            ops.log(1.0 - pa) - ops.log(1.0 - pb)
        )

    def _sample(self, shape: tuple = (), probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        u = self._draw(tuple(shape) + tuple(p.shape), self.parameter_type)
        return ops.cast(u < p, self.dtype)
