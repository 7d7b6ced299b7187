"""``ScalarAffine``: :math:`y = a x + b`."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.bijector import Bijector


class ScalarAffine(Bijector):
    r"""The affine bijector :math:`y = a x + b`; its log Jacobian is the constant
    :math:`\log |a|`.

    Args:
        scale (Union[float, list, numpy.ndarray, Tensor]): :math:`a`. Default: ``1.0``.
        shift (Union[float, list, numpy.ndarray, Tensor]): :math:`b`. Default: ``0.0``.
        name (str): Default: ``'ScalarAffine'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> print(msb.ScalarAffine(2.0, 1.0).inverse(ms.Tensor(np.array([3.0], np.float32))))
        [1.]
    """

    def __init__(self, scale: Any = 1.0, shift: Any = 0.0, name: str = "ScalarAffine") -> None:
        param = dict(locals())
        param["param_dict"] = {"scale": scale, "shift": shift}
        super().__init__(is_constant_jacobian=True, name=name, param=param)
        self._scale = self._add_parameter(scale, "scale")
        self._shift = self._add_parameter(shift, "shift")

    @property
    def scale(self) -> Tensor:
        return self._scale

    @property
    def shift(self) -> Tensor:
        return self._shift

    def extend_repr(self) -> str:
        if self.is_scalar_batch:
            return f"scale = {self.scale}, shift = {self.shift}"
        return f"batch_shape = {self.batch_shape}"

    def _forward(self, x: Tensor) -> Tensor:
        return self._param(self._scale, x) * x + self._param(self._shift, x)

    def _inverse(self, y: Tensor) -> Tensor:
        return (y - self._param(self._shift, y)) / self._param(self._scale, y)

    def _forward_log_jacobian(self, x: Tensor) -> Tensor:
        return ops.log(ops.abs(self._param(self._scale, x)))

    def _inverse_log_jacobian(self, y: Tensor) -> Tensor:
        return -ops.log(ops.abs(self._param(self._scale, y)))
