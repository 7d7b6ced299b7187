"""``Softplus``: :math:`y = \\log(1 + e^{k x}) / k`."""

from __future__ import annotations

from typing import Any

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.bijector import Bijector


class Softplus(Bijector):
    r"""The softplus bijector :math:`y = \log(1 + e^{k x}) / k` of sharpness :math:`k`.

    Args:
        sharpness (Union[float, list, numpy.ndarray, Tensor]): :math:`k`. Default: ``1.0``.
        name (str): Default: ``'Softplus'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> print(msb.Softplus(1.0).forward(ms.Tensor(np.array([0.0], np.float32))))
        [0.6931472]
    """

    def __init__(self, sharpness: Any = 1.0, name: str = "Softplus") -> None:
        param = dict(locals())
        param["param_dict"] = {"sharpness": sharpness}
        super().__init__(name=name, param=param)
        self._sharpness = self._add_parameter(sharpness, "sharpness")

    @property
    def sharpness(self) -> Tensor:
        return self._sharpness

    def extend_repr(self) -> str:
        if self.is_scalar_batch:
            return f"sharpness = {self.sharpness}"
        return f"batch_shape = {self.batch_shape}"

    def _forward(self, x: Tensor) -> Tensor:
        k = self._param(self._sharpness, x)
        return ops.softplus(k * x) / k

    def _inverse(self, y: Tensor) -> Tensor:
        k = self._param(self._sharpness, y)
        return ops.log(ops.expm1(k * y)) / k

    def _forward_log_jacobian(self, x: Tensor) -> Tensor:
        k = self._param(self._sharpness, x)
        return -ops.softplus(-k * x)

    def _inverse_log_jacobian(self, y: Tensor) -> Tensor:
        ky = self._param(self._sharpness, y) * y
        return ky - ops.log(ops.expm1(ky))
