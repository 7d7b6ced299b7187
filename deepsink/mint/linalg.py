"""``mindspore.mint.linalg``: ``inv``, ``qr``, ``norm``, ``vector_norm``, ``matrix_norm`` under
PyTorch's argument names; the computations are ``ops``' (``ops.inverse``, ``ops.qr``,
``ops.norm``, ``ops.vector_norm``, ``ops.matrix_norm``)."""

from __future__ import annotations

from collections import namedtuple
from typing import Any

from deepsink import ops
from deepsink._core.public import public_names as _public_names
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

inv = ops.inverse
_QR = namedtuple("qr", ["Q", "R"])


def qr(A: Any, mode: str = "reduced") -> Any:  # noqa: N803
    """The QR decomposition ``(Q, R)`` (``mode`` 'reduced', 'complete' or 'r'; ``ops.qr``)."""
    if mode not in ("reduced", "complete", "r"):
        U.fail("qr", f"'mode' must be 'reduced', 'complete' or 'r', but got {mode!r}")
    return _QR(*ops.qr(A, mode))


def vector_norm(
    x: Any,
    ord: Any = 2,
    dim: Any = None,
    keepdim: bool = False,
    *,  # noqa: A002
    dtype: Any = None,
) -> Tensor:
    """The ``ord``-norm of ``x`` as a vector, over ``dim`` (all elements by default;
    ``ops.vector_norm``)."""
    return ops.vector_norm(x, ord, dim, keepdim, dtype=dtype)


def matrix_norm(
    A: Any,
    ord: Any = "fro",
    dim: Any = (-2, -1),
    keepdim: bool = False,
    *,  # noqa: A002, N803
    dtype: Any = None,
) -> Tensor:
    """The matrix norm over the two dims ``dim`` ('fro', 'nuc', +-1, +-2, +-inf;
    ``ops.matrix_norm``)."""
    return ops.matrix_norm(A, ord, dim, keepdim, dtype=dtype)


norm = ops.norm


# ``from mindspore.mint.linalg import *``: the functions, not this module's imports
__all__ = [n for n in _public_names(globals()) if n != "Tensor"]
