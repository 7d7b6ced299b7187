"""``mindspore.mint.linalg``: ``inv``, ``qr``, ``norm``, ``vector_norm``, ``matrix_norm``."""

from __future__ import annotations

from collections import namedtuple
from typing import Any

import jax.numpy as jnp

from deepsink import ops
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

inv = ops.inverse


def qr(A: Any, mode: str = "reduced") -> Any:  # noqa: N803
    """The QR decomposition ``(Q, R)`` (``mode`` 'reduced', 'complete' or 'r')."""
    if mode not in ("reduced", "complete", "r"):
        U.fail("qr", f"'mode' must be 'reduced', 'complete' or 'r', but got {mode!r}")
    a = U.floating(U.array(A, "qr", "A"))
    if mode == "r":
        r = jnp.linalg.qr(a, mode="r")
        return namedtuple("qr", ["Q", "R"])(Tensor._from(jnp.zeros((0,), a.dtype)),
                                             Tensor._from(r))  # fmt: skip
    q, r = jnp.linalg.qr(a, mode=mode)
    return namedtuple("qr", ["Q", "R"])(Tensor._from(q), Tensor._from(r))


def vector_norm(x: Any, ord: Any = 2, dim: Any = None, keepdim: bool = False, *,  # noqa: A002
                dtype: Any = None) -> Tensor:  # fmt: skip
    """The ``ord``-norm of ``x`` as a vector (over ``dim``, all elements by default)."""
    a = U.floating(U.array(x, "vector_norm", "x"))
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "vector_norm"))
    ax = None if dim is None else U.axes(dim, a.ndim, "vector_norm", "dim")
    m = jnp.abs(a)
    if ord == float("inf"):
        r = jnp.max(m, axis=ax, keepdims=keepdim)
    elif ord == -float("inf"):
        r = jnp.min(m, axis=ax, keepdims=keepdim)
    elif ord == 0:
        r = jnp.sum(m != 0, axis=ax, keepdims=keepdim).astype(a.dtype)
    else:
        r = jnp.sum(m**ord, axis=ax, keepdims=keepdim) ** (1.0 / ord)
    return Tensor._from(r)


def matrix_norm(A: Any, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False, *,  # noqa: A002, N803
                dtype: Any = None) -> Tensor:  # fmt: skip
    """The matrix norm over the two dims ``dim`` ('fro', 'nuc', +-1, +-2, +-inf)."""
    a = U.floating(U.array(A, "matrix_norm", "A"))
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "matrix_norm"))
    return Tensor._from(jnp.linalg.norm(a, ord, tuple(dim), keepdim))


def norm(A: Any, ord: Any = None, dim: Any = None, keepdim: bool = False, *,  # noqa: A002, N803
         dtype: Any = None) -> Tensor:  # fmt: skip
    """``vector_norm`` for a 1-D ``dim``/input, ``matrix_norm`` for two dims (``ops.norm``)."""
    return ops.norm(A, ord, dim, keepdim, dtype=dtype)
