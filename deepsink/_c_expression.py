"""``mindspore._c_expression``: the names of MindSpore's private C++ binding that libraries built on
MindSpore (mindnlp's initializers) and MindSpore's own test helpers (``typing``, ``security``) use,
each deepsink's own implementation of the same function."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from deepsink._core import host_random
from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype


def _random_normal(seed: int, data: np.ndarray, mean: float, sigma: float) -> None:
    """Fill ``data`` in place with MindSpore's host normal stream of ``seed`` (the values
    ``initializer.Normal`` draws), as MindSpore 2.10's binding does.

    Args:
        seed (int): the stream's 64-bit seed.
        data (numpy.ndarray): the float32 buffer to fill.
        mean (float): the mean.
        sigma (float): the standard deviation.

    Raises:
        TypeError: ``data`` is not a float32 NumPy array.

    Examples:
        >>> import numpy as np
        >>> from deepsink._c_expression import _random_normal
        >>> data = np.zeros(3, np.float32)
        >>> _random_normal(5, data, 0.0, 1.0)
        >>> print(data)
        [ 1.1987393  -1.5148976  -0.56773245]
    """
    if not isinstance(data, np.ndarray) or data.dtype != np.float32:
        shown = data.dtype if isinstance(data, np.ndarray) else type(data).__name__
        fail_arg("_random_normal", "data", "a float32 numpy.ndarray", shown, TypeError)
    data[...] = host_random.normal(seed, data.shape, mean, sigma)


# MindSpore 2.10's TypeId numbers of the Tensor dtypes (``typing.type_to_type_id``, recorded)
_TYPE_IDS = {
    "bool_": 30, "int8": 32, "int16": 33, "int32": 34, "int64": 35, "uint8": 37, "uint16": 38,
    "uint32": 39, "uint64": 40, "float16": 42, "float32": 43, "float64": 44, "bfloat16": 45,
    "complex64": 51, "complex128": 52,
}  # fmt: skip


def _type_to_type_id(t: Any) -> int:
    """MindSpore's TypeId number of the dtype ``t``."""
    for name, number in _TYPE_IDS.items():
        if getattr(mstype, name) == t:
            return number
    fail_arg("type_to_type_id", "t", "a Tensor dtype", t, TypeError)


def _type_id_to_type(type_id: int) -> Any:
    """The dtype of MindSpore's TypeId number ``type_id``."""
    for name, number in _TYPE_IDS.items():
        if number == type_id:
            return getattr(mstype, name)
    fail_arg("type_id_to_type", "type_id", "a Tensor dtype's TypeId number", type_id, TypeError)


# ``from mindspore._c_expression import typing``: the dtype <-> TypeId conversions
typing = SimpleNamespace(type_to_type_id=_type_to_type_id, type_id_to_type=_type_id_to_type)
# ``security.enable_security()``: whether the build removed its debugging features (MindSpore's
# ENABLE_SECURITY build option); deepsink keeps them all, as MindSpore's released builds do
security = SimpleNamespace(enable_security=lambda: False)
