"""``TransformedDistribution``: the distribution of :math:`Y = f(X)` for a bijector :math:`f` and
a distribution of :math:`X`."""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.bijector import Bijector
from deepsink.nn.probability.distribution.distribution import Distribution


class TransformedDistribution(Distribution):
    r"""The distribution of :math:`Y = f(X)`: :math:`\log p_Y(y) = \log p_X(f^{-1}(y)) +
    \log |d f^{-1}(y) / dy|`, :math:`F_Y(y) = F_X(f^{-1}(y))` (for an increasing :math:`f`), and
    samples :math:`f(x)`. Its mean is :math:`f(E[X])` when :math:`f` is affine (a constant
    Jacobian); the other moments are not defined here.

    Args:
        bijector (Bijector): :math:`f`.
        distribution (Distribution): the distribution of :math:`X`.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        name (str, optional): Default: ``'transformed_distribution'``.

    Raises:
        TypeError: ``bijector`` is not a Bijector or ``distribution`` not a Distribution.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> from deepsink.nn.probability import distribution as msd
        >>> d = msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal(0.0, 1.0))
        >>> print(d.mean(), d.cdf(ms.Tensor(np.array([1.0], np.float32))))
        1.0 [0.5]
    """

    def __init__(
        self,
        bijector: Any,
        distribution: Any,
        seed: int | None = None,
        name: str = "transformed_distribution",
    ) -> None:
        if not isinstance(bijector, Bijector):
            raise TypeError(
                f"For '{name}', the 'bijector' should be a Bijector, but got "
                f"{type(bijector).__name__}."
            )
        if not isinstance(distribution, Distribution):
            raise TypeError(
                f"For '{name}', the 'distribution' should be a Distribution, but got "
                f"{type(distribution).__name__}."
            )
        param = dict(locals())
        super().__init__(seed, distribution.dtype, name, param)
        self._bijector, self._distribution = bijector, distribution
        self._is_linear_transformation = bijector.is_constant_jacobian

    @property
    def bijector(self) -> Bijector:
        return self._bijector

    @property
    def distribution(self) -> Distribution:
        return self._distribution

    @property
    def is_linear_transformation(self) -> bool:
        return self._is_linear_transformation

    def _x(self, value: Any) -> Tensor:
        return self._bijector.inverse(self._value(value))

    def _log_prob(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        jacobian = self._bijector.inverse_log_jacobian(self._value(value))
        return self._distribution.log_prob(self._x(value), *args, **kwargs) + jacobian

    def _cdf(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._distribution.cdf(self._x(value), *args, **kwargs)

    def _log_cdf(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._distribution.log_cdf(self._x(value), *args, **kwargs)

    def _survival_function(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._distribution.survival_function(self._x(value), *args, **kwargs)

    def _log_survival(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._distribution.log_survival(self._x(value), *args, **kwargs)

    def _mean(self, *args: Any, **kwargs: Any) -> Tensor:
        if not self._is_linear_transformation:
            raise ValueError("mean function must be implemented for non-linear transformation")
        return self._bijector.forward(self._distribution.mean(*args, **kwargs))

    def _sample(self, *args: Any, **kwargs: Any) -> Tensor:
        return self._bijector.forward(self._distribution.sample(*args, **kwargs))
