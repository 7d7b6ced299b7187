"""``LogNormal``: the distribution of :math:`e^X` for a normal :math:`X` of mean ``loc`` and
standard deviation ``scale``."""

from __future__ import annotations

import math
from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.exp import Exp
from deepsink.nn.probability.distribution._checks import check_dtype, describe
from deepsink.nn.probability.distribution.normal import Normal
from deepsink.nn.probability.distribution.transformed_distribution import (
    TransformedDistribution,
)


class LogNormal(TransformedDistribution):
    r"""The log-normal distribution: ``Exp`` applied to ``Normal(loc, scale)``, with its moments
    in closed form (:math:`E[Y] = e^{\mu + \sigma^2 / 2}`, ...).

    Args:
        loc (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`\mu`. Default:
            ``None`` (given on each call).
        scale (Union[int, float, list, numpy.ndarray, Tensor], optional): :math:`\sigma > 0`.
            Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``0``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'LogNormal'``.

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> d = msd.LogNormal(0.0, 1.0)
        >>> print(d.cdf(ms.Tensor(np.array([1.0], np.float32))))
        [0.5]
    """

    def __init__(
        self,
        loc: Any = None,
        scale: Any = None,
        seed: int = 0,
        dtype: Any = mstype.float32,
        name: str = "LogNormal",
    ) -> None:
        check_dtype(dtype, mstype.float_type, type(self).__name__)
        super().__init__(Exp(), Normal(loc, scale, seed, dtype), seed, name)
        self._reset_parameters(loc, scale)

    def _reset_parameters(self, loc: Any, scale: Any) -> None:
        self.default_parameters, self.parameter_names = [], []
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")

    @property
    def loc(self) -> Tensor | None:
        return self._loc

    @property
    def scale(self) -> Tensor | None:
        return self._scale

    def extend_repr(self) -> str:
        return describe(self, f"loc = {self._loc}, scale = {self._scale}")

    def _get_dist_type(self) -> str:
        return "LogNormal"

    def _get_dist_args(self, loc: Any = None, scale: Any = None) -> tuple:
        return self._check_param_type(loc, scale)

    def _mean(self, loc: Any = None, scale: Any = None) -> Tensor:
        loc, scale = self._check_param_type(loc, scale)
        return ops.exp(loc + 0.5 * ops.square(scale))

    def _mode(self, loc: Any = None, scale: Any = None) -> Tensor:
        loc, scale = self._check_param_type(loc, scale)
        return ops.exp(loc - ops.square(scale))

    def _var(self, loc: Any = None, scale: Any = None) -> Tensor:
        loc, scale = self._check_param_type(loc, scale)
        s2 = ops.square(scale)
        return ops.expm1(s2) * ops.exp(2.0 * loc + s2)

    def _entropy(self, loc: Any = None, scale: Any = None) -> Tensor:
        loc, scale = self._check_param_type(loc, scale)
        return loc + 0.5 + ops.log(scale) + 0.5 * math.log(2.0 * math.pi)

    def _kl_loss(
        self, dist: str, loc_b: Any, scale_b: Any, loc: Any = None, scale: Any = None
    ) -> Tensor:
        """KL(self || LogNormal(loc_b, scale_b)): that of the underlying normals."""
        self._check_dist(dist)
        loc_a, scale_a = self._check_param_type(loc, scale)
        return self._distribution._kl_loss("Normal", loc_b, scale_b, loc_a, scale_a)

    def _sample(self, shape: tuple = (), loc: Any = None, scale: Any = None) -> Tensor:
        return self._bijector.forward(self._distribution.sample(shape, loc, scale))
