"""The argument checks of ``mindspore.scipy`` with MindSpore 2.10's messages and error types."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

_FLOATS = ("int32", "int64", "float32", "float64")
_NAMES = {"int32": "Int32", "int64": "Int64", "float32": "Float32", "float64": "Float64",
          "complex64": "Complex64", "complex128": "Complex128"}  # fmt: skip


def flag(api: str, value: Any, arg: str, kind: type = bool) -> None:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        U.fail(
            api,
            f"the type of '{arg}' should be {kind.__name__}, but got '{value}' with type "
            f"{type(value).__name__}.",
            TypeError,
        )


def tensor(
    api: str, x: Any, arg: str = "a", dtypes: tuple[str, ...] = _FLOATS, cast: bool = True
) -> jax.Array:
    """``x``'s array after 2.10's Tensor and dtype checks; integers compute in Float64."""
    if not isinstance(x, Tensor):
        U.fail(api, f"the type of '{arg}' should be Tensor, but got {type(x).__name__}.", TypeError)
    a = x._data
    if a.dtype.name not in dtypes:
        want = ", ".join(_NAMES[d] for d in dtypes)
        U.fail(
            api,
            f"the data type of '{arg}' should be one of [{want}], but got "
            f"{_NAMES.get(a.dtype.name, a.dtype.name)}.",
            TypeError,
        )
    if cast and a.dtype.kind in "iu":
        a = a.astype(jnp.float64)
    return a


def square(api: str, a: Any, arg: str = "a") -> None:
    if a.ndim != 2:
        U.fail(api, f"the dimension of '{arg}' should be 2, but got {a.ndim}.")
    if a.shape[0] != a.shape[1]:
        U.fail(
            api,
            f"the matrix '{arg}' should be a square matrix like (N, N), but got {tuple(a.shape)}.",
        )


def solve(api: str, a: Any, b: Any, a_name: str, b_name: str) -> None:
    """2.10's check of a square system ``a x = b`` with ``b`` of shape (N,) or (N, M)."""
    square(api, a, a_name)
    if b.ndim not in (1, 2):
        U.fail(api, f"the dimension of '{b_name}' should be one of (1, 2), but got {b.ndim}.")
    if a.shape[-1] != b.shape[0]:
        U.fail(
            api,
            f"the last two dimensions of '{a_name}' and '{b_name}' should be matched, but "
            f"got shape of {tuple(a.shape)} and {tuple(b.shape)}. Please make sure that the "
            f"shape of '{a_name}' and '{b_name}' be like (N, N) X (N, M) or (N, N) X (N).",
        )
    if a.dtype != b.dtype:
        U.fail(
            api,
            f"the data type of '{a_name}' and '{b_name}' should be the same, but got the "
            f"data type of '{a_name}' is {_NAMES.get(a.dtype.name)} and the data type of "
            f"'{b_name}' is {_NAMES.get(b.dtype.name)}.",
            TypeError,
        )
