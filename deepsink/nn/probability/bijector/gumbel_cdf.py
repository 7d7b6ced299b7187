"""``GumbelCDF``: :math:`y = \\exp(-\\exp(-(x - loc) / scale))`, the Gumbel distribution's CDF."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.bijector import Bijector


class GumbelCDF(Bijector):
    r"""The Gumbel CDF bijector :math:`y = \exp(-\exp(-(x - loc) / scale))`, onto (0, 1).

    Args:
        loc (Union[float, list, numpy.ndarray, Tensor]): the location. Default: ``0.0``.
        scale (Union[float, list, numpy.ndarray, Tensor]): the scale, positive. Default: ``1.0``.
        name (str): Default: ``'GumbelCDF'``.

    Raises:
        ValueError: an element of ``scale`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> print(msb.GumbelCDF(0.0, 1.0).forward(ms.Tensor(np.array([0.0], np.float32))))
        [0.36787945]
    """

    def __init__(self, loc: Any = 0.0, scale: Any = 1.0, name: str = "GumbelCDF") -> None:
        param = dict(locals())
        param["param_dict"] = {"loc": loc, "scale": scale}
        super().__init__(name=name, param=param)
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        if not (np.asarray(self._scale.asnumpy()) > 0).all():
            raise ValueError("scale must be greater than zero.")

    @property
    def loc(self) -> Tensor:
        return self._loc

    @property
    def scale(self) -> Tensor:
        return self._scale

    def extend_repr(self) -> str:
        if self.is_scalar_batch:
            return f"loc = {self.loc}, scale = {self.scale}"
        return f"batch_shape = {self.batch_shape}"

    def _z(self, x: Tensor) -> tuple[Tensor, Tensor]:
        scale = self._param(self._scale, x)
        return (x - self._param(self._loc, x)) / scale, scale

    def _forward(self, x: Tensor) -> Tensor:
        return ops.exp(-ops.exp(-self._z(x)[0]))

    def _inverse(self, y: Tensor) -> Tensor:
        return self._param(self._loc, y) - self._param(self._scale, y) * ops.log(-ops.log(y))

    def _forward_log_jacobian(self, x: Tensor) -> Tensor:
        z, scale = self._z(x)
        return -z - ops.exp(-z) - ops.log(scale)

    def _inverse_log_jacobian(self, y: Tensor) -> Tensor:
        return ops.log(self._param(self._scale, y)) - ops.log(-y * ops.log(y))
