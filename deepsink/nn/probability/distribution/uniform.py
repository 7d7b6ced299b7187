"""``Uniform``: the continuous uniform distribution on ``[low, high]``."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._checks import (
    check_dtype,
    check_less,
    describe,
    sampler,
)
from deepsink.nn.probability.distribution.distribution import Distribution


class Uniform(Distribution):
    r"""The uniform distribution :math:`f(x) = 1 / (high - low)` on :math:`[low, high]`.

    Args:
        low (Union[int, float, list, numpy.ndarray, Tensor], optional): the lower bound.
            Default: ``None`` (given on each call).
        high (Union[int, float, list, numpy.ndarray, Tensor], optional): the upper bound, above
            ``low``. Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Uniform'``.

    Raises:
        ValueError: ``low`` is not below ``high``.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> u = msd.Uniform(0.0, 2.0)
        >>> print(u.prob(ms.Tensor(np.array([1.0, 3.0], np.float32))))
        [0.5 0. ]
    """

    def __init__(
        self,
        low: Any = None,
        high: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Uniform",
    ) -> None:
        param = dict(locals())
        param["param_dict"] = {"low": low, "high": high}
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        super().__init__(seed, dtype, name, param)
        self._low = self._add_parameter(low, "low")
        self._high = self._add_parameter(high, "high")
        if self._low is not None and self._high is not None:
            check_less(self._low, self._high, "low", "high")
        self._draw = sampler("uniform", self.seed)

    def extend_repr(self) -> str:
        return describe(self, f"low = {self._low}, high = {self._high}")

    @property
    def low(self) -> Tensor | None:
        return self._low

    @property
    def high(self) -> Tensor | None:
        return self._high

    def _get_dist_type(self) -> str:
        return "Uniform"

    def _get_dist_args(self, low: Any = None, high: Any = None) -> tuple:
        return self._check_param_type(low, high)

    def _range(self, low: Any, high: Any) -> tuple[Tensor, Tensor]:
        return self._check_param_type(low, high)

    def _mean(self, low: Any = None, high: Any = None) -> Tensor:
        low, high = self._range(low, high)
        return (low + high) / 2.0

    def _var(self, low: Any = None, high: Any = None) -> Tensor:
        low, high = self._range(low, high)
        return ops.square(high - low) / 12.0

    def _entropy(self, low: Any = None, high: Any = None) -> Tensor:
        low, high = self._range(low, high)
        return ops.log(high - low)

    def _prob(self, value: Any, low: Any = None, high: Any = None) -> Tensor:
        value = self._value(value)
        low, high = self._range(low, high)
        inside = (value >= low) & (value <= high)
        density = 1.0 / (high - low)
        return ops.where(inside, density, ops.zeros_like(density))

    def _cdf(self, value: Any, low: Any = None, high: Any = None) -> Tensor:
        value = self._value(value)
        low, high = self._range(low, high)
        return ops.clamp((value - low) / (high - low), 0.0, 1.0)

    def _kl_loss(
        self, dist: str, low_b: Any, high_b: Any, low: Any = None, high: Any = None
    ) -> Tensor:
        """KL(self || Uniform(low_b, high_b)): infinite unless ``[low, high]`` lies inside
        ``[low_b, high_b]``."""
        self._check_dist(dist)
        low_b = ops.cast(self._check_value(low_b, "low_b"), self.parameter_type)
        high_b = ops.cast(self._check_value(high_b, "high_b"), self.parameter_type)
        low_a, high_a = self._range(low, high)
        kl = ops.log(high_b - low_b) - ops.log(high_a - low_a)
        inside = (low_b <= low_a) & (high_a <= high_b)
        return ops.where(inside, kl, ops.full_like(kl, float("inf")))

    def _sample(self, shape: tuple = (), low: Any = None, high: Any = None) -> Tensor:
        low, high = self._range(low, high)
        u = self._draw(tuple(shape) + tuple(low.shape), self.parameter_type)
        return ops.cast(low + (high - low) * u, self.dtype)
