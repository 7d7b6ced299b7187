"""``mindspore.scipy.fft``: the type-II discrete cosine transform and its inverse (``dct``,
``idct``, ``dctn``, ``idctn``) on ``jax.scipy.fft``, orthonormal as in MindSpore 2.10 (the only
``norm`` it offers, also its default)."""

from __future__ import annotations

import builtins
from typing import Any

import jax.numpy as jnp
import jax.scipy.fft as jfft

from deepsink.common.tensor import Tensor as _Tensor
from deepsink.ops import _utils as U

__all__ = ["dct", "dctn", "idct", "idctn"]


def _input(api: str, x: Any, type: Any, norm: Any) -> Any:
    if not isinstance(x, _Tensor):
        U.fail(api, f"'x' must be a Tensor, but got {builtins.type(x).__name__}.", TypeError)
    if type != 2:
        U.fail(api, f"only dct type II is supported currently, but got type {type}.")
    if norm not in (None, "ortho"):
        U.fail(api, f'only norm "ortho" is supported currently, but got {norm!r}.')
    a = x._data
    if a.dtype.kind == "b" or a.dtype.name in ("int8", "uint8", "bfloat16"):
        U.fail(api, f"'x' has unsupported dtype {a.dtype.name}.", TypeError)
    if a.dtype.kind in "iu" or a.dtype == jnp.float16:
        a = a.astype(jnp.float32)
    return a


def _n(api: str, n: Any) -> None:
    if n is not None and (not isinstance(n, int) or isinstance(n, bool)):
        U.fail(api, f"'n' must be an int, but got {builtins.type(n).__name__}.", TypeError)
    if n is not None and n < 1:
        U.fail(api, f"'n' must be at least 1, but got {n}.")


def _axes(api: str, a: Any, s: Any, axes: Any) -> tuple[Any, Any]:
    s = None if s is None else tuple(U.shape(s, api, "s"))
    axes = None if axes is None else U.axes(axes, a.ndim, api, "axes")
    if axes is not None and len(set(axes)) != len(axes):
        U.fail(api, f"'axes' must not repeat a dimension, but got {axes}.")
    if s is not None and any(v < 1 for v in s):
        U.fail(api, f"'s' must be at least 1 in each dimension, but got {s}.")
    if s is not None and axes is not None and len(s) != len(axes):
        U.fail(api, f"'s' {s} and 'axes' {axes} must have the same length.")
    return s, axes


def _check_axis(api: str, a: Any, axis: Any) -> int:
    if not isinstance(axis, int) or isinstance(axis, bool):
        U.fail(api, f"'axis' must be an int, but got {builtins.type(axis).__name__}.", TypeError)
    return U.axis(axis, a.ndim, api, "axis")


def dct(x: Any, type: int = 2, n: int | None = None, axis: int = -1, norm: Any = None) -> _Tensor:
    """The orthonormal type-II DCT of ``x`` along ``axis`` (zero-padded or cut to ``n``)."""
    a = _input("dct", x, type, norm)
    _n("dct", n)
    ax = _check_axis("dct", a, axis)
    return _Tensor._from(jfft.dct(a, type=2, n=n, axis=ax, norm="ortho"))


def idct(x: Any, type: int = 2, n: int | None = None, axis: int = -1, norm: Any = None) -> _Tensor:
    """The inverse of :func:`dct` (the orthonormal type-III DCT) along ``axis``."""
    a = _input("idct", x, type, norm)
    _n("idct", n)
    ax = _check_axis("idct", a, axis)
    return _Tensor._from(jfft.idct(a, type=2, n=n, axis=ax, norm="ortho"))


def dctn(x: Any, type: int = 2, s: Any = None, axes: Any = None, norm: Any = None) -> _Tensor:
    """:func:`dct` over ``axes`` (all, or the last ``len(s)``), each cut or padded to ``s``."""
    a = _input("dctn", x, type, norm)
    s, axes = _axes("dctn", a, s, axes)
    return _Tensor._from(jfft.dctn(a, type=2, s=s, axes=axes, norm="ortho"))


def idctn(x: Any, type: int = 2, s: Any = None, axes: Any = None, norm: Any = None) -> _Tensor:
    """The inverse of :func:`dctn`."""
    a = _input("idctn", x, type, norm)
    s, axes = _axes("idctn", a, s, axes)
    return _Tensor._from(jfft.idctn(a, type=2, s=s, axes=axes, norm="ortho"))


from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
