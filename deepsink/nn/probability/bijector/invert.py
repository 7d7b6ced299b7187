"""``Invert``: a bijector's inverse as a bijector."""

from __future__ import annotations

from typing import Any

from deepsink.common.tensor import Tensor
from deepsink.nn.probability.bijector.bijector import Bijector


class Invert(Bijector):
    """The inverse of ``bijector``: its ``forward`` is ``bijector.inverse`` and the other way
    round, with the log Jacobians swapped.

    Args:
        bijector (Bijector): the bijector to invert.
        name (str): Default: ``''`` (``'Invert'`` + the bijector's name).

    Raises:
        TypeError: ``bijector`` is not a Bijector.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> inv = msb.Invert(msb.ScalarAffine(2.0, 1.0))
        >>> print(inv.name, inv.forward(ms.Tensor(np.array([3.0], np.float32))))
        InvertScalarAffine [1.]
    """

    def __init__(self, bijector: Any, name: str = "") -> None:
        if not isinstance(bijector, Bijector):
            raise TypeError(
                f"For 'Invert', the 'bijector' should be a Bijector, but got "
                f"{type(bijector).__name__}."
            )
        name = name or ("Invert" + bijector.name)
        super().__init__(
            is_constant_jacobian=bijector.is_constant_jacobian,
            is_injective=bijector.is_injective,
            name=name,
            dtype=bijector.dtype,
            param={"bijector": bijector, "name": name},
        )
        self._bijector = bijector

    @property
    def bijector(self) -> Bijector:
        return self._bijector

    def _forward(self, x: Tensor) -> Tensor:
        return self._bijector._inverse(x)

    def _inverse(self, y: Tensor) -> Tensor:
        return self._bijector._forward(y)

    def _forward_log_jacobian(self, x: Tensor) -> Tensor:
        return self._bijector._inverse_log_jacobian(x)

    def _inverse_log_jacobian(self, y: Tensor) -> Tensor:
        return self._bijector._forward_log_jacobian(y)
