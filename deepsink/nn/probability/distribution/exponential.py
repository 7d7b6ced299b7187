"""``Exponential``: the exponential distribution of rate ``rate``."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._checks import (
    check_dtype,
    check_positive,
    describe,
    sampler,
)
from deepsink.nn.probability.distribution.distribution import Distribution


class Exponential(Distribution):
    r"""The exponential distribution :math:`f(x) = \lambda e^{-\lambda x}` for :math:`x \ge 0`.

    Args:
        rate (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`\lambda > 0`.
            Default: ``None`` (given on each call).
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Exponential'``.

    Raises:
        ValueError: an element of ``rate`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> e = msd.Exponential(2.0)
        >>> print(e.cdf(ms.Tensor(np.array([0.5], np.float32))))
        [0.63212055]
    """

    def __init__(
        self,
        rate: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Exponential",
    ) -> None:
        param = dict(locals())
        param["param_dict"] = {"rate": rate}
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._rate = self._add_parameter(rate, "rate")
        if self._rate is not None:
            check_positive(self._rate, "rate")
        self._draw = sampler("uniform", self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"rate = {self._rate}")

    @property
    def rate(self) -> Tensor | None:
        return self._rate

    def _get_dist_type(self) -> str:
        return "Exponential"

    def _get_dist_args(self, rate: Any = None) -> tuple:
        return (self._check_param_type(rate),)

    def _mean(self, rate: Any = None) -> Tensor:
        return 1.0 / self._check_param_type(rate)

    def _mode(self, rate: Any = None) -> Tensor:
        return ops.zeros(self._check_param_type(rate).shape, self.dtype)

    def _sd(self, rate: Any = None) -> Tensor:
        return 1.0 / self._check_param_type(rate)

    def _entropy(self, rate: Any = None) -> Tensor:
        return 1.0 - ops.log(self._check_param_type(rate))

    def _log_prob(self, value: Any, rate: Any = None) -> Tensor:
        value = self._value(value)
        rate = self._check_param_type(rate)
        inside = ops.log(rate) - rate * value
        return ops.where(value < 0, ops.full_like(inside, float("-inf")), inside)

    def _cdf(self, value: Any, rate: Any = None) -> Tensor:
        value = self._value(value)
        rate = self._check_param_type(rate)
        inside = -ops.expm1(-rate * value)
        return ops.where(value < 0, ops.zeros_like(inside), inside)

    def _log_survival(self, value: Any, rate: Any = None) -> Tensor:
        value = self._value(value)
        rate = self._check_param_type(rate)
        inside = -rate * value
        return ops.where(value < 0, ops.zeros_like(inside), inside)

    def _kl_loss(self, dist: str, rate_b: Any, rate: Any = None) -> Tensor:
        """KL(self || Exponential(rate_b))."""
        self._check_dist(dist)
        rate_b = ops.cast(self._check_value(rate_b, "rate_b"), self.parameter_type)
        rate_a = self._check_param_type(rate)
        return ops.log(rate_a) - ops.log(rate_b) + rate_b / rate_a - 1.0

    def _sample(self, shape: tuple = (), rate: Any = None) -> Tensor:
        rate = self._check_param_type(rate)
        u = self._draw(tuple(shape) + tuple(rate.shape), self.parameter_type)
        return ops.cast(-ops.log1p(-u) / rate, self.dtype)
