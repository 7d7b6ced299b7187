"""``PowerTransform``: :math:`y = (1 + c x)^{1/c}`, :math:`y = e^x` at :math:`c = 0`."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.bijector import Bijector


class PowerTransform(Bijector):
    r"""The power transform :math:`y = (1 + c x)^{1/c}` (the Box-Cox inverse), :math:`e^x` when
    the power :math:`c` is 0.

    Args:
        power (Union[float, list, numpy.ndarray, Tensor]): :math:`c \ge 0`. Default: ``0.0``.
        name (str): Default: ``'PowerTransform'``.

    Raises:
        ValueError: an element of ``power`` is negative.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> print(msb.PowerTransform(0.5).forward(ms.Tensor(np.array([2.0], np.float32))))
        [4.]
    """

    def __init__(self, power: Any = 0.0, name: str = "PowerTransform") -> None:
        param = dict(locals())
        param["param_dict"] = {"power": power}
        super().__init__(name=name, param=param)
        self._power = self._add_parameter(power, "power")
        if (np.asarray(self._power.asnumpy()) < 0).any():
            raise ValueError("Power must be greater than or equal to zero.")

    @property
    def power(self) -> Tensor:
        return self._power

    def extend_repr(self) -> str:
        return (
            f"power = {self.power}" if self.is_scalar_batch else f"batch_shape = {self.batch_shape}"
        )

    def _c(self, value: Tensor) -> tuple[Tensor, Tensor]:
        c = self._param(self._power, value)
        return c, c == 0.0

    def _forward(self, x: Tensor) -> Tensor:
        c, zero = self._c(x)
        safe = ops.where(zero, ops.ones_like(c), c)
        return ops.where(zero, ops.exp(x), ops.pow(1.0 + x * safe, 1.0 / safe))

    def _inverse(self, y: Tensor) -> Tensor:
        c, zero = self._c(y)
        safe = ops.where(zero, ops.ones_like(c), c)
        return ops.where(zero, ops.log(y), (ops.pow(y, safe) - 1.0) / safe)

    def _forward_log_jacobian(self, x: Tensor) -> Tensor:
        c, zero = self._c(x)
        safe = ops.where(zero, ops.ones_like(c), c)
        return ops.where(zero, x + 0.0 * c, (1.0 / safe - 1.0) * ops.log1p(x * safe))

    def _inverse_log_jacobian(self, y: Tensor) -> Tensor:
        c, _ = self._c(y)
        return (c - 1.0) * ops.log(y)
