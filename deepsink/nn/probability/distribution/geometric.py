"""``Geometric``: the number of failures before the first success of Bernoulli trials of success
probability ``probs``."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._families import Probabilities


class Geometric(Probabilities):
    r"""The geometric distribution :math:`P(X = k) = p (1 - p)^k`, :math:`k = 0, 1, \dots`.

    Args:
        probs (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`p`, strictly
            between 0 and 1. Default: ``None`` (given on each call).
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): the type of the samples. Default: ``mstype.int32``.
        name (str, optional): Default: ``'Geometric'``.

    Raises:
        ValueError: an element of ``probs`` is not strictly between 0 and 1.
        TypeError: ``dtype`` is not a number type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> g = msd.Geometric(0.5)
        >>> print(g.prob(ms.Tensor(np.array([0.0, 2.0], np.float32))))
        [0.5   0.125]
    """

    def __init__(
        self,
        probs: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.int32,
        name: str = "Geometric",
    ) -> None:
        super().__init__(probs, seed, dtype, name, dict(locals()))

    def _mean(self, probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        return (1.0 - p) / p

    def _mode(self, probs1: Any = None) -> Tensor:
        return ops.zeros(self._check_param_type(probs1).shape, self.dtype)

    def _var(self, probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        return (1.0 - p) / ops.square(p)

    def _entropy(self, probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        return -((1.0 - p) * ops.log(1.0 - p) + p * ops.log(p)) / p

    def _prob(self, value: Any, probs1: Any = None) -> Tensor:
        k = ops.floor(self._value(value))
        p = self._check_param_type(probs1)
        pmf = p * ops.pow(1.0 - p, k)
        return ops.where(k < 0.0, ops.zeros_like(pmf), pmf)

    def _cdf(self, value: Any, probs1: Any = None) -> Tensor:
        k = ops.floor(self._value(value))
        p = self._check_param_type(probs1)
        cdf = 1.0 - ops.pow(1.0 - p, k + 1.0)
        return ops.where(k < 0.0, ops.zeros_like(cdf), cdf)

    def _kl_loss(self, dist: str, probs1_b: Any, probs1: Any = None) -> Tensor:
        """KL(self || Geometric(probs1_b))."""
        self._check_dist(dist)
        pb = ops.cast(self._check_value(probs1_b, "probs1_b"), self.parameter_type)
        pa = self._check_param_type(probs1)
        return ops.log(pa) - ops.log(pb) + (1.0 - pa) / pa * (ops.log(1.0 - pa) - ops.log(1.0 - pb))

    def _sample(self, shape: tuple = (), probs1: Any = None) -> Tensor:
        p = self._check_param_type(probs1)
        u = self._draw(tuple(shape) + tuple(p.shape), self.parameter_type)
        return ops.cast(ops.floor(ops.log1p(-u) / ops.log1p(-p)), self.dtype)
