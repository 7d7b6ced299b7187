"""``Gumbel``: the Gumbel (type I extreme value) distribution of location ``loc`` and scale
``scale``."""

from __future__ import annotations

import math
from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._families import LocationScale

EULER_GAMMA = 0.5772156649015329


class Gumbel(LocationScale):
    r"""The Gumbel distribution :math:`F(x) = \exp(-\exp(-(x - loc) / scale))`.

    Args:
        loc (Union[int, float, list, numpy.ndarray, Tensor]): the location.
        scale (Union[int, float, list, numpy.ndarray, Tensor]): the scale, positive.
        seed (int, optional): the seed of ``sample``. Default: ``0``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Gumbel'``.

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> d = msd.Gumbel(0.0, 1.0)
        >>> print(d.mode(), d.cdf(ms.Tensor(np.array([0.0], np.float32))))
        0.0 [0.36787945]
    """

    LOC_TEXT = "loc"

    def __init__(
        self,
        loc: Any,
        scale: Any,
        seed: int = 0,
        dtype: Any = mstype.float32,
        name: str = "Gumbel",
    ) -> None:
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))

    def _mean(self, loc: Any = None, scale: Any = None) -> Tensor:
        loc, scale = self._check_param_type(loc, scale)
        return loc + scale * EULER_GAMMA

    def _sd(self, loc: Any = None, scale: Any = None) -> Tensor:
        return self._check_param_type(loc, scale)[1] * (math.pi / math.sqrt(6.0))

    def _entropy(self, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.log(self._check_param_type(loc, scale)[1]) + (EULER_GAMMA + 1.0)

    def _log_prob(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        z, scale = self._z(value, loc, scale)
        return -(z + ops.exp(-z)) - ops.log(scale)

    def _cdf(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.exp(-ops.exp(-self._z(value, loc, scale)[0]))

    def _log_cdf(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return -ops.exp(-self._z(value, loc, scale)[0])

    def _kl_loss(
        self, dist: str, loc_b: Any, scale_b: Any, loc: Any = None, scale: Any = None
    ) -> Tensor:
        """KL(self || Gumbel(loc_b, scale_b))."""
        self._check_dist(dist)
        loc_b = ops.cast(self._check_value(loc_b, "loc_b"), self.parameter_type)
        scale_b = ops.cast(self._check_value(scale_b, "scale_b"), self.parameter_type)
        loc_a, scale_a = self._check_param_type(loc, scale)
        ratio = scale_a / scale_b
        return (
            ops.log(scale_b)
            - ops.log(scale_a)
            + EULER_GAMMA * (ratio - 1.0)
            + ops.exp((loc_b - loc_a) / scale_b + ops.lgamma(ratio + 1.0))
            - 1.0
            + (loc_a - loc_b) / scale_b
        )

    def _sample(self, shape: tuple = (), loc: Any = None, scale: Any = None) -> Tensor:
        return self._sample_from_uniform(shape, loc, scale, lambda u: -ops.log(-ops.log(u)))
