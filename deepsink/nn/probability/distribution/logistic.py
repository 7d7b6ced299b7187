"""``Logistic``: the logistic distribution of location ``loc`` and scale ``scale``."""

from __future__ import annotations

import math
from typing import Any

from deepsink import ops
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.distribution._families import LocationScale


class Logistic(LocationScale):
    r"""The logistic distribution: :math:`F(x) = \sigma((x - loc) / scale)`.

    Args:
        loc (Union[int, float, list, numpy.ndarray, Tensor], optional): the location. Default:
            ``None`` (given on each call).
        scale (Union[int, float, list, numpy.ndarray, Tensor], optional): the scale, positive.
            Default: ``None``.
        seed (int, optional): the seed of ``sample``. Default: ``None``.
        dtype (mindspore.dtype, optional): a float type. Default: ``mstype.float32``.
        name (str, optional): Default: ``'Logistic'``.

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import distribution as msd
        >>> d = msd.Logistic(0.0, 1.0)
        >>> print(d.cdf(ms.Tensor(np.array([0.0], np.float32))))
        [0.5]
    """

    def __init__(
        self,
        loc: Any = None,
        scale: Any = None,
        seed: int | None = None,
        dtype: Any = mstype.float32,
        name: str = "Logistic",
    ) -> None:
        super().__init__(loc, scale, seed, dtype, name, dict(locals()))

    def _mean(self, loc: Any = None, scale: Any = None) -> Tensor:
        return self._check_param_type(loc, scale)[0]

    def _sd(self, loc: Any = None, scale: Any = None) -> Tensor:
        return self._check_param_type(loc, scale)[1] * (math.pi / math.sqrt(3.0))

    def _entropy(self, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.log(self._check_param_type(loc, scale)[1]) + 2.0

    def _log_prob(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        z, scale = self._z(value, loc, scale)
        return -z - 2.0 * ops.softplus(-z) - ops.log(scale)

    def _cdf(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.sigmoid(self._z(value, loc, scale)[0])

    def _log_cdf(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return -ops.softplus(-self._z(value, loc, scale)[0])

    def _survival_function(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return ops.sigmoid(-self._z(value, loc, scale)[0])

    def _log_survival(self, value: Any, loc: Any = None, scale: Any = None) -> Tensor:
        return -ops.softplus(self._z(value, loc, scale)[0])

    def _sample(self, shape: tuple = (), loc: Any = None, scale: Any = None) -> Tensor:
        return self._sample_from_uniform(shape, loc, scale, lambda u: ops.log(u) - ops.log1p(-u))
