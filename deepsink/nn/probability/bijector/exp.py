"""``Exp``: :math:`y = e^x` (``PowerTransform`` of power 0)."""

from __future__ import annotations

from deepsink.nn.probability.bijector.power_transform import PowerTransform


class Exp(PowerTransform):
    r"""The exponential bijector :math:`y = e^x`.

    Args:
        name (str): Default: ``'Exp'``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> print(msb.Exp().inverse(ms.Tensor(np.array([1.0], np.float32))))
        [0.]
    """

    def __init__(self, name: str = "Exp") -> None:
        super().__init__(name=name)

    def extend_repr(self) -> str:
        return "exp" if self.is_scalar_batch else f"batch_shape = {self.batch_shape}"
