"""The Householder form of the QR decomposition (LAPACK's ``geqrf``/``orgqr``/``ormqr``):
``ops.geqrf`` factors a matrix into reflectors and their scales, ``ops.orgqr`` forms the
orthogonal ``Q`` from them and ``ops.ormqr`` multiplies a matrix by ``Q`` without forming it.

``jnp.linalg.qr(mode="raw")`` gives the factorization; ``jax.lax.linalg.householder_product``
and ``jax.lax.linalg.ormqr`` the products. All take batches of matrices.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

__all__ = ["geqrf", "orgqr", "ormqr"]

_KINDS = (jnp.float32, jnp.float64, jnp.complex64, jnp.complex128)


def _matrix(x: Any, api: str, arg: str) -> jax.Array:
    if not isinstance(x, Tensor):
        U.fail(api, f"'{arg}' must be a Tensor, but got {type(x).__name__}", TypeError)
    a = x._data
    if a.dtype not in _KINDS:
        U.fail(
            api,
            f"'{arg}' must be float32, float64, complex64 or complex128, but got {x.dtype}",
            TypeError,
        )
    if a.ndim < 2:
        U.fail(api, f"the rank of '{arg}' must be greater than or equal to 2, but got {a.ndim}")
    return a


def geqrf(input: Any) -> tuple[Tensor, Tensor]:
    """Decomposes a matrix (or a batch) into Householder reflectors, LAPACK's ``geqrf``.

    Args:
        input (Tensor): ``(*, m, n)``, float32, float64, complex64 or complex128.

    Returns:
        A tuple (y, tau): ``y`` of the shape of ``input`` holds ``R`` on and above the diagonal
        and the reflectors below it; ``tau`` of shape ``(*, min(m, n))`` their scales.

    Raises:
        TypeError: If ``input`` is not a Tensor or its dtype is not supported.
        ValueError: If ``input`` has rank below 2.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]], ms.float32))
        >>> print(y[0])
        [-5.  -2.2]
        >>> print(tau)
        [1.6 0. ]
    """
    a = _matrix(input, "Geqrf", "x")
    h, tau = jnp.linalg.qr(a, mode="raw")
    return Tensor._from(jnp.swapaxes(h, -1, -2)), Tensor._from(tau)


def orgqr(input: Any, input2: Any) -> Tensor:
    """Forms the first ``n`` columns of the orthogonal ``Q`` of a QR decomposition from the
    Householder reflectors of :func:`geqrf`, LAPACK's ``orgqr``.

    Args:
        input (Tensor): The reflectors, ``(*, m, n)`` with ``m >= n``.
        input2 (Tensor): Their scales ``tau``, ``(*, k)`` with ``k <= n``.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: If an input is not a Tensor or the dtypes are not supported or differ.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]], ms.float32))
        >>> print(ops.orgqr(y, tau))
        [[-0.6 -0.8]
         [-0.8  0.6]]
    """
    a = _matrix(input, "Orgqr", "x")
    t = _taus(a, input2, "Orgqr")
    if a.shape[-2] < a.shape[-1] or t.shape[-1] > a.shape[-1]:
        U.fail(
            "Orgqr",
            f"'x' must have m >= n >= k (tau's length), but got shapes "
            f"{list(a.shape)} and {list(t.shape)}",
        )
    return Tensor._from(jax.lax.linalg.householder_product(a, t))


def ormqr(input: Any, tau: Any, other: Any, left: bool = True, transpose: bool = False) -> Tensor:
    """Multiplies ``other`` by the orthogonal ``Q`` whose Householder reflectors :func:`geqrf`
    returned, without forming ``Q``, LAPACK's ``ormqr``.

    Args:
        input (Tensor): The reflectors, ``(*, mn, k)`` (``mn`` the rows of ``other`` when
            ``left``, else its columns).
        tau (Tensor): Their scales, ``(*, min(mn, k))``.
        other (Tensor): The matrix ``C``, ``(*, m, n)``.
        left (bool, optional): ``Q @ C`` when True, ``C @ Q`` when False. Default ``True``.
        transpose (bool, optional): Use the conjugate transpose of ``Q``. Default ``False``.

    Returns:
        Tensor of the shape and dtype of ``other``.

    Raises:
        TypeError: If an input is not a Tensor, the dtypes differ or ``left``/``transpose``
            are not bools.
        ValueError: If the shapes do not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> y, tau = ops.geqrf(ms.Tensor([[3.0, 1.0], [4.0, 2.0]], ms.float32))
        >>> print(ops.ormqr(y, tau, ms.Tensor([[1.0, 0.0], [0.0, 1.0]], ms.float32)))
        [[-0.6 -0.8]
         [-0.8  0.6]]
    """
    for v, n in ((left, "left"), (transpose, "transpose")):
        if not isinstance(v, bool):
            U.fail("Ormqr", f"'{n}' must be a bool, but got {type(v).__name__}", TypeError)
    a = _matrix(input, "Ormqr", "x")
    t = _taus(a, tau, "Ormqr")
    c = _matrix(other, "Ormqr", "other")
    if c.dtype != a.dtype:
        U.fail(
            "Ormqr", f"'other' must have the dtype of 'x' ({a.dtype}), but got {c.dtype}", TypeError
        )
    mn = c.shape[-2] if left else c.shape[-1]
    if a.shape[-2] != mn or t.shape[-1] > min(a.shape[-2:]) or a.shape[:-2] != c.shape[:-2]:
        U.fail(
            "Ormqr",
            f"the shapes of 'x' {list(a.shape)}, 'tau' {list(t.shape)} and 'other' "
            f"{list(c.shape)} do not fit (left={left})",
        )
    return Tensor._from(jax.lax.linalg.ormqr(a, t, c, left=left, transpose=transpose))


def _taus(a: jax.Array, tau: Any, api: str) -> jax.Array:
    if not isinstance(tau, Tensor):
        U.fail(api, f"'tau' must be a Tensor, but got {type(tau).__name__}", TypeError)
    t = tau._data
    if t.dtype != a.dtype:
        U.fail(api, f"'tau' must have the dtype of 'x' ({a.dtype}), but got {tau.dtype}", TypeError)
    if t.ndim != a.ndim - 1 or t.shape[:-1] != a.shape[:-2]:
        U.fail(
            api,
            f"'tau' must have the batch shape of 'x' {list(a.shape[:-2])} and one more "
            f"axis, but got {list(t.shape)}",
        )
    return t
