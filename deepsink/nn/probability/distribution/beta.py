"""``Beta``: the beta distribution on (0, 1) of concentrations ``concentration1`` (of 1) and
``concentration0`` (of 0)."""

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


def _lbeta(a: Tensor, b: Tensor) -> Tensor:
    return ops.lgamma(a) + ops.lgamma(b) - ops.lgamma(a + b)


class Beta(Distribution):
    r"""The beta distribution :math:`f(x) = x^{\alpha - 1} (1 - x)^{\beta - 1} / B(\alpha, \beta)`.

    Args:
        concentration1 (Union[list, numpy.ndarray, Tensor], optional): :math:`\alpha > 0` (not a
            Python scalar). Default: ``None`` (given on each call).
        concentration0 (Union[list, numpy.ndarray, Tensor], optional): :math:`\beta > 0`.
            Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Beta'``.

    Raises:
        TypeError: a parameter is a Python scalar, or ``dtype`` is not a float type.
        ValueError: an element of a parameter is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> b = msd.Beta(np.array([2.0]), np.array([2.0]))
        >>> print(b.mean(), b.mode())
        [0.5] [0.5]
    """

    def __init__(
        self,
        concentration1: Any = None,
        concentration0: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Beta",
    ) -> None:
        param = dict(locals())
        param["param_dict"] = {"concentration1": concentration1, "concentration0": concentration0}
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        check_not_scalar(concentration1, "concentration1")
        check_not_scalar(concentration0, "concentration0")
        super().__init__(seed, dtype, name, param)
        self._concentration1 = self._add_parameter(concentration1, "concentration1")
        self._concentration0 = self._add_parameter(concentration0, "concentration0")
        if self._concentration1 is not None:
            check_positive(self._concentration1, "concentration1")
        if self._concentration0 is not None:
            check_positive(self._concentration0, "concentration0")
        self._gamma = ops.RandomGamma(seed=self.seed)

    def extend_repr(self) -> str:
        return describe(
            self,
            f"concentration1 = {self._concentration1}, concentration0 = {self._concentration0}",
        )

    @property
    def concentration1(self) -> Tensor | None:
        return self._concentration1

    @property
    def concentration0(self) -> Tensor | None:
        return self._concentration0

    def _get_dist_type(self) -> str:
        return "Beta"

    def _get_dist_args(self, concentration1: Any = None, concentration0: Any = None) -> tuple:
        return self._check_param_type(concentration1, concentration0)

    def _mean(self, concentration1: Any = None, concentration0: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration1, concentration0)
        return a / (a + b)

    def _var(self, concentration1: Any = None, concentration0: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration1, concentration0)
        total = a + b
        return a * b / (ops.square(total) * (total + 1.0))

    def _mode(self, concentration1: Any = None, concentration0: Any = None) -> Tensor:
        """``(a - 1) / (a + b - 2)``; NaN unless both concentrations are above 1."""
        a, b = self._check_param_type(concentration1, concentration0)
        mode = (a - 1.0) / (a + b - 2.0)
        return ops.where((a > 1.0) & (b > 1.0), mode, ops.full_like(mode, float("nan")))

    def _entropy(self, concentration1: Any = None, concentration0: Any = None) -> Tensor:
        a, b = self._check_param_type(concentration1, concentration0)
        return (
            _lbeta(a, b)
            - (a - 1.0) * ops.digamma(a)
            - (b - 1.0) * ops.digamma(b)
            + (a + b - 2.0) * ops.digamma(a + b)
        )

    def _log_prob(
        self, value: Any, concentration1: Any = None, concentration0: Any = None
    ) -> Tensor:
        value = self._value(value)
        a, b = self._check_param_type(concentration1, concentration0)
        return (a - 1.0) * ops.log(value) + (b - 1.0) * ops.log1p(-value) - _lbeta(a, b)

    def _kl_loss(
        self,
        dist: str,
        concentration1_b: Any,
        concentration0_b: Any,
        concentration1: Any = None,
        concentration0: Any = None,
    ) -> Tensor:
        """KL(self || Beta(concentration1_b, concentration0_b))."""
        self._check_dist(dist)
        a_b = ops.cast(self._check_value(concentration1_b, "concentration1_b"), self.parameter_type)
        b_b = ops.cast(self._check_value(concentration0_b, "concentration0_b"), self.parameter_type)
        a_a, b_a = self._check_param_type(concentration1, concentration0)
        return (
            _lbeta(a_b, b_b)
            - _lbeta(a_a, b_a)
            + (a_a - a_b) * ops.digamma(a_a)
            + (b_a - b_b) * ops.digamma(b_a)
            + (a_b - a_a + b_b - b_a) * ops.digamma(a_a + b_a)
        )

    def _sample(
        self, shape: tuple = (), concentration1: Any = None, concentration0: Any = None
    ) -> Tensor:
        a, b = self._check_param_type(concentration1, concentration0)
        shape = tuple(int(s) for s in shape)
        x, y = self._gamma(shape, a), self._gamma(shape, b)  # X / (X + Y) is Beta(a, b)
        return ops.cast(x / (x + y), self.dtype)
