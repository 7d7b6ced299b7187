"""``Bijector``: the base Cell of MindSpore's invertible transformations :math:`y = f(x)`, with
``forward``, ``inverse`` and the log Jacobian determinants of both, and the call form
``bijector('forward', x)``."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink import ops
from deepsink._checkparam import check_value_type
from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell

_CALLS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


class Bijector(Cell):
    """The base class of the bijectors.

    Args:
        is_constant_jacobian (bool): whether the Jacobian does not depend on the value.
            Default: ``False``.
        is_injective (bool): whether the transformation is one-to-one. Default: ``True``.
        name (str): the bijector's name. Default: ``None`` (the class name).
        dtype (mindspore.dtype): the type of the values it takes. Default: ``None`` (any float).
        param (dict): the subclass's arguments, with ``param_dict`` its named parameters.

    Raises:
        TypeError: ``name`` is not a str, or a value is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink.nn.probability import bijector as msb
        >>> print(msb.ScalarAffine(2.0, 1.0).forward(ms.Tensor(np.array([1.0], np.float32))))
        [3.]
    """

    def __init__(
        self,
        is_constant_jacobian: bool = False,
        is_injective: bool = True,
        name: str | None = None,
        dtype: Any = None,
        param: dict | None = None,
    ) -> None:
        super().__init__()
        name = type(self).__name__ if name is None else name
        check_value_type("name", name, [str], type(self).__name__)
        check_value_type("is_constant_jacobian", is_constant_jacobian, [bool], name)
        check_value_type("is_injective", is_injective, [bool], name)
        self._name, self._dtype = name, dtype
        self._is_constant_jacobian, self._is_injective = is_constant_jacobian, is_injective
        param = param or {}
        self._parameters = {k: v for k, v in param.items() if k != "self" and k[:1] != "_"}
        values = [v for v in self._parameters.get("param_dict", {}).values() if v is not None]
        self._is_scalar_batch = all(isinstance(v, int | float) for v in values)
        shapes = [np.shape(v.asnumpy() if isinstance(v, Tensor) else v) for v in values]
        self._batch_shape = tuple(np.broadcast_shapes(*shapes)) if shapes else ()

    @property
    def name(self) -> str:
        return self._name

    @property
    def dtype(self) -> Any:
        return self._dtype

    @property
    def parameters(self) -> dict:
        return self._parameters

    @property
    def is_constant_jacobian(self) -> bool:
        return self._is_constant_jacobian

    @property
    def is_injective(self) -> bool:
        return self._is_injective

    @property
    def batch_shape(self) -> tuple:
        return self._batch_shape

    @property
    def is_scalar_batch(self) -> bool:
        return self._is_scalar_batch

    def _add_parameter(self, value: Any, name: str) -> Tensor:
        return ops.cast(Tensor(value), mstype.float32 if self.dtype is None else self.dtype)

    def _value(self, value: Any) -> Tensor:
        if not isinstance(value, Tensor):
            raise TypeError(
                "For input value of bijector, input type must be a Tensor or Parameter."
            )
        return value

    def _param(self, param: Tensor, value: Tensor) -> Tensor:
        """A parameter in the value's dtype."""
        return ops.cast(param, value.dtype)

    def forward(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._forward(self._value(value), *args, **kwargs)

    def inverse(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._inverse(self._value(value), *args, **kwargs)

    def forward_log_jacobian(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._forward_log_jacobian(self._value(value), *args, **kwargs)

    def inverse_log_jacobian(self, value: Any, *args: Any, **kwargs: Any) -> Tensor:
        return self._inverse_log_jacobian(self._value(value), *args, **kwargs)

    def _forward(self, value: Tensor) -> Tensor:
        raise NotImplementedError(f"forward is not implemented for {self.name} bijector.")

    def _inverse(self, value: Tensor) -> Tensor:
        raise NotImplementedError(f"inverse is not implemented for {self.name} bijector.")

    def _forward_log_jacobian(self, value: Tensor) -> Tensor:
        raise NotImplementedError(
            f"forward_log_jacobian is not implemented for {self.name} bijector."
        )

    def _inverse_log_jacobian(self, value: Tensor) -> Tensor:
        raise NotImplementedError(
            f"inverse_log_jacobian is not implemented for {self.name} bijector."
        )

    def construct(self, name: str, *args: Any, **kwargs: Any) -> Tensor:
        if name not in _CALLS:
            raise NotImplementedError(f"{name} is not implemented for {self.name} bijector.")
        return getattr(self, name)(*args, **kwargs)
