"""``Cauchy``: the Cauchy distribution of location ``loc`` and scale ``scale`` (no mean or
variance)."""

from __future__ import annotations

import math
from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._families import LocationScale


def undefined(func: str, name: str) -> Any:
    raise ValueError(f"{func} is undefined for {name} distribution.")


class Cauchy(LocationScale):
    r"""The Cauchy distribution :math:`f(x) = 1 / (\pi s (1 + ((x - loc) / s)^2))`.

    Args:
        loc (Union[int, float, list, numpy.ndarray, Tensor], optional): the location. Default:
            ``None`` (given on each call).
        scale (Union[int, float, list, numpy.ndarray, Tensor], optional): the scale
            :math:`s > 0`. Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Cauchy'``.

    Raises:
        ValueError: an element of ``scale`` is not positive; ``mean``, ``sd`` and ``var`` are
            undefined.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> d = msd.Cauchy(0.0, 1.0)
        >>> print(d.cdf(ms.Tensor(np.array([1.0], np.float32))))
        [0.75]
    """

    def __init__(
        self,
        loc: Any = None,
        scale: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Cauchy",
    ) -> None:
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))

    def _mean(self, *args: Any, **kwargs: Any) -> Tensor:
        return undefined("mean", self.name)

    def _sd(self, *args: Any, **kwargs: Any) -> Tensor:
        return undefined("standard deviation", self.name)

    def _var(self, *args: Any, **kwargs: Any) -> Tensor:
        return undefined("variance", self.name)

    def _entropy(self, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.log(self._check_param_type(loc, scale)[1]) + math.log(4.0 * math.pi)

    def _log_prob(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        z, scale = self._z(value, loc, scale)
        return -ops.log(scale) - math.log(math.pi) - ops.log1p(ops.square(z))

    def _cdf(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return 0.5 + ops.atan(self._z(value, loc, scale)[0]) / math.pi

    def _log_cdf(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.log(self._cdf(value, loc, scale))

    def _survival_function(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return 0.5 - ops.atan(self._z(value, loc, scale)[0]) / math.pi

    def _kl_loss(
        self, dist: str, loc_b: Any, scale_b: Any, loc: Any = None, scale: Any = None
    ) -> Tensor:
        """KL(self || Cauchy(loc_b, scale_b))."""
        self._check_dist(dist)
        loc_b = ops.cast(self._check_value(loc_b, "loc_b"), self.parameter_type)
        scale_b = ops.cast(self._check_value(scale_b, "scale_b"), self.parameter_type)
        loc_a, scale_a = self._check_param_type(loc, scale)
        spread = ops.square(scale_a + scale_b) + ops.square(loc_a - loc_b)
        return ops.log(spread) - ops.log(4.0 * scale_a * scale_b)

    def _sample(self, shape: tuple = (), loc: Any = None, scale: Any = None) -> Tensor:
        return self._sample_from_uniform(shape, loc, scale, lambda u: ops.tan(math.pi * (u - 0.5)))
