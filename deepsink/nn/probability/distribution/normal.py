"""``Normal``: the normal (Gaussian) distribution of mean ``mean`` and standard deviation ``sd``."""

from __future__ import annotations

import math
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


class Normal(Distribution):
    r"""The normal distribution :math:`f(x) = \exp(-(x - \mu)^2 / 2\sigma^2) / \sqrt{2\pi}\sigma`.

    Args:
        mean (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`\mu`. Default:
            ``None`` (given on each call).
        sd (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`\sigma > 0`.
            Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Normal'``.

    Raises:
        ValueError: an element of ``sd`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> n = msd.Normal(0.0, 1.0)
        >>> print(n.prob(ms.Tensor(np.array([0.0], np.float32))))
        [0.3989423]
    """

    def __init__(
        self,
        mean: Any = None,
        sd: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Normal",
    ) -> None:
        param = dict(locals())
        param["param_dict"] = {"mean": mean, "sd": sd}
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            check_positive(self._sd_value, "Standard deviation")
        self._draw = sampler("normal", self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"mean = {self._mean_value}, standard deviation = {self._sd_value}")

    def _get_dist_type(self) -> str:
        return "Normal"

    def _get_dist_args(self, mean: Any = None, sd: Any = None) -> tuple:
        return self._check_param_type(mean, sd)

    def _mean(self, mean: Any = None, sd: Any = None) -> Tensor:
        return self._check_param_type(mean, sd)[0]

    def _mode(self, mean: Any = None, sd: Any = None) -> Tensor:
        return self._check_param_type(mean, sd)[0]

    def _sd(self, mean: Any = None, sd: Any = None) -> Tensor:
        return self._check_param_type(mean, sd)[1]

    def _entropy(self, mean: Any = None, sd: Any = None) -> Tensor:
        sd = self._check_param_type(mean, sd)[1]
        return ops.log(sd) + 0.5 * math.log(2.0 * math.pi * math.e)

    def _log_prob(self, value: Any, mean: Any = None, sd: Any = None) -> Tensor:
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        z = (value - mean) / sd
        return -0.5 * ops.square(z) - ops.log(sd) - 0.5 * math.log(2.0 * math.pi)

    def _cdf(self, value: Any, mean: Any = None, sd: Any = None) -> Tensor:
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        return 0.5 * (1.0 + ops.erf((value - mean) / (sd * math.sqrt(2.0))))

    def _kl_loss(
        self, dist: str, mean_b: Any, sd_b: Any, mean: Any = None, sd: Any = None
    ) -> Tensor:
        """KL(self || Normal(mean_b, sd_b))."""
        self._check_dist(dist)
        mean_b, sd_b = self._check_value(mean_b, "mean_b"), self._check_value(sd_b, "sd_b")
        mean_b, sd_b = ops.cast(mean_b, self.parameter_type), ops.cast(sd_b, self.parameter_type)
        mean_a, sd_a = self._check_param_type(mean, sd)
        log_ratio = ops.log(sd_a) - ops.log(sd_b)
        return (
            0.5 * ops.square(mean_a / sd_b - mean_b / sd_b)
            + 0.5 * ops.expm1(2.0 * log_ratio)
            - log_ratio
        )

    def _sample(self, shape: tuple = (), mean: Any = None, sd: Any = None) -> Tensor:
        mean, sd = self._check_param_type(mean, sd)
        shape = tuple(shape) + tuple(mean.shape)
        return ops.cast(mean + sd * self._draw(shape, self.parameter_type), self.dtype)
