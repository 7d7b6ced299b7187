"""``Poisson``: the Poisson distribution of rate ``rate``."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._checks import (
    check_dtype,
    check_not_scalar,
    check_positive,
    describe,
)
from deepsink.nn.probability.distribution._families import DISCRETE_TYPES
from deepsink.nn.probability.distribution.distribution import Distribution


class Poisson(Distribution):
    r"""The Poisson distribution :math:`P(X = k) = \lambda^k e^{-\lambda} / k!`.

    Args:
        rate (Union[list, numpy.ndarray, Tensor], optional): :math:`\lambda > 0` (not a Python
            scalar). Default: ``None`` (given on each call).
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): the type of the samples. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Poisson'``.

    Raises:
        TypeError: ``rate`` is a Python scalar, or ``dtype`` is not a number type.
        ValueError: an element of ``rate`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> p = msd.Poisson(np.array([2.0]))
        >>> print(p.mean(), p.cdf(ms.Tensor(np.array([-1.0], np.float32))))
        [2.] [0.]
    """

    def __init__(
        self,
        rate: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Poisson",
    ) -> None:
        param = dict(locals())
        param["param_dict"] = {"rate": rate}
        check_dtype(dtype, DISCRETE_TYPES, type(self).__name__)
        check_not_scalar(rate, "rate")
        super().__init__(seed, dtype, name, param)
        self._rate = self._add_parameter(rate, "rate")
        if self._rate is not None:
            check_positive(self._rate, "rate")
        self._poisson = ops.RandomPoisson(seed=self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"rate = {self._rate}")

    @property
    def rate(self) -> Tensor | None:
        return self._rate

    def _get_dist_type(self) -> str:
        return "Poisson"

    def _get_dist_args(self, rate: Any = None) -> tuple:
        return (self._check_param_type(rate),)

    def _mean(self, rate: Any = None) -> Tensor:
        return self._check_param_type(rate)

    def _mode(self, rate: Any = None) -> Tensor:
        return ops.floor(self._check_param_type(rate))

    def _var(self, rate: Any = None) -> Tensor:
        return self._check_param_type(rate)

    def _log_prob(self, value: Any, rate: Any = None) -> Tensor:
        value = self._value(value)
        rate = self._check_param_type(rate)
        k = ops.floor(value)
        log_pmf = k * ops.log(rate) - rate - ops.lgamma(k + 1.0)
        outside = (value < 0.0) | (k != value)
        return ops.where(outside, ops.full_like(log_pmf, float("-inf")), log_pmf)

    def _cdf(self, value: Any, rate: Any = None) -> Tensor:
        value = self._value(value)
        rate = self._check_param_type(rate)
        k = ops.floor(value)
        cdf = ops.igammac(k + 1.0, rate)  # P(X <= k) = Q(k + 1, rate)
        return ops.where(value < 0.0, ops.zeros_like(cdf), cdf)

    def _sample(self, shape: tuple = (), rate: Any = None) -> Tensor:
        rate = self._check_param_type(rate)
        draws = self._poisson(tuple(int(s) for s in shape), rate)
        return ops.cast(draws, self.dtype)
