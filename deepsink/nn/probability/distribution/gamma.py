"""``Gamma``: the gamma distribution of shape ``concentration`` and inverse scale ``rate``."""

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
from deepsink.nn.probability.distribution.distribution import Distribution


class Gamma(Distribution):
    r"""The gamma distribution :math:`f(x) = \beta^\alpha x^{\alpha - 1} e^{-\beta x} /
    \Gamma(\alpha)` for :math:`x > 0`.

    Args:
        concentration (Union[list, numpy.ndarray, Tensor], optional): :math:`\alpha > 0` (not a
            Python scalar). Default: ``None`` (given on each call).
        rate (Union[list, numpy.ndarray, Tensor], optional): :math:`\beta > 0`. Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Gamma'``.

    Raises:
        TypeError: a parameter is a Python scalar, or ``dtype`` is not a float type.
        ValueError: an element of a parameter is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> g = msd.Gamma(np.array([2.0]), np.array([1.0]))
        >>> print(g.mean(), g.var())
        [2.] [2.]
    """

    def __init__(
        self,
        concentration: Any = None,
        rate: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Gamma",
    ) -> None:
        param = dict(locals())
        param["param_dict"] = {"concentration": concentration, "rate": rate}
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        check_not_scalar(concentration, "concentration")
        check_not_scalar(rate, "rate")
        super().__init__(seed, dtype, name, param)
        self._concentration = self._add_parameter(concentration, "concentration")
        self._rate = self._add_parameter(rate, "rate")
        if self._concentration is not None:
            check_positive(self._concentration, "concentration")
        if self._rate is not None:
            check_positive(self._rate, "rate")
        self._gamma = ops.RandomGamma(seed=self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"concentration = {self._concentration}, rate = {self._rate}")

    @property
    def concentration(self) -> Tensor | None:
        return self._concentration

    @property
    def rate(self) -> Tensor | None:
        return self._rate

    def _get_dist_type(self) -> str:
        return "Gamma"

    def _get_dist_args(self, concentration: Any = None, rate: Any = None) -> tuple:
        return self._check_param_type(concentration, rate)

    def _mean(self, concentration: Any = None, rate: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration, rate)
        return a / b

    def _var(self, concentration: Any = None, rate: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration, rate)
        return a / ops.square(b)

    def _mode(self, concentration: Any = None, rate: Any = None) -> Tensor:
        """``(concentration - 1) / rate``; NaN where ``concentration`` is not above 1."""
        a, b = self._check_param_type(concentration, rate)
        mode = (a - 1.0) / b
        return ops.where(a > 1.0, mode, ops.full_like(mode, float("nan")))

    def _entropy(self, concentration: Any = None, rate: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration, rate)
        return a - ops.log(b) + ops.lgamma(a) + (1.0 - a) * ops.digamma(a)

    def _log_prob(self, value: Any, concentration: Any = None, rate: Any = None) -> Tensor:
        value = self._value(value)
        a, b = self._check_param_type(concentration, rate)
        return a * ops.log(b) + (a - 1.0) * ops.log(value) - b * value - ops.lgamma(a)

    def _cdf(self, value: Any, concentration: Any = None, rate: Any = None) -> Tensor:
        value = self._value(value)
        a, b = self._check_param_type(concentration, rate)
        return ops.igamma(a, b * value)

    def _kl_loss(
        self,
        dist: str,
        concentration_b: Any,
        rate_b: Any,
        concentration: Any = None,
        rate: Any = None,
    ) -> Tensor:
        """KL(self || Gamma(concentration_b, rate_b))."""
        self._check_dist(dist)
        a_b = ops.cast(self._check_value(concentration_b, "concentration_b"), self.parameter_type)
        b_b = ops.cast(self._check_value(rate_b, "rate_b"), self.parameter_type)
        a_a, b_a = self._check_param_type(concentration, rate)
        return (
            (a_a - a_b) * ops.digamma(a_a)
            - ops.lgamma(a_a)
            + ops.lgamma(a_b)
            + a_b * (ops.log(b_a) - ops.log(b_b))
            + a_a * (b_b - b_a) / b_a
        )

    def _sample(self, shape: tuple = (), concentration: Any = None, rate: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration, rate)
        draws = self._gamma(tuple(int(s) for s in shape), a)  # shape + batch shape, rate 1
        return ops.cast(draws / b, self.dtype)
