"""``mindspore.scipy.linalg`` on ``jax.scipy.linalg``: factorizations (``cholesky``,
``cho_factor``, ``lu``, ``lu_factor``, ``eigh``), solves (``cho_solve``, ``lu_solve``,
``solve_triangular``, ``lstsq``), ``inv``, ``det`` and ``block_diag``, with MindSpore 2.10's
argument checks. Integer matrices compute in Float64, as 2.10's do."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import jax.scipy.linalg as jsl

from deepsink.common.tensor import Tensor as _Tensor
from deepsink.ops import _utils as U
from deepsink.ops.function import array_ext_func, linalg_func
from deepsink.scipy import _checks as C

# MindSpore 2.10's __all__, and lu_solve and det that its module also has
__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "det", "eigh", "inv", "lstsq", "lu",
           "lu_factor", "lu_solve", "solve_triangular"]  # fmt: skip


def _flags(api: str, **flags: Any) -> None:
    for name, value in flags.items():
        C.flag(api, value, name)


def block_diag(*arrs: Any) -> _Tensor:
    """The block-diagonal matrix of the 0-, 1- or 2-D ``arrs`` (a (1, 0) matrix of none)."""
    if not arrs:
        return _Tensor._from(jnp.zeros((1, 0), jnp.float32))
    if any(U.array(a, "block_diag", "arrs").ndim > 2 for a in arrs):
        U.fail(
            "block_diag",
            "arguments to mindspore.scipy.linalg.block_diag must have at most 2 dimensions.",
        )
    return array_ext_func.block_diag(*arrs)


def inv(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> _Tensor:
    """The inverse of the square matrix ``a``."""
    _flags("inv", overwrite_a=overwrite_a, check_finite=check_finite)
    m = C.tensor("inv", a)
    C.square("inv", m)
    return _Tensor._from(jnp.linalg.inv(m))


def _cholesky(api: str, a: Any, lower: bool, overwrite_a: bool, check_finite: bool) -> _Tensor:
    _flags(api, overwrite_a=overwrite_a, check_finite=check_finite, lower=lower)
    m = C.tensor(api, a)
    C.square(api, m)
    return linalg_func.cholesky(_Tensor._from(m), upper=not lower)


def cholesky(
    a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> _Tensor:
    """The Cholesky factor of ``a``: ``L`` with ``a = L L^H`` when ``lower``, else ``U`` with
    ``a = U^H U``."""
    return _cholesky("cholesky", a, lower, overwrite_a, check_finite)


def cho_factor(
    a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> tuple[_Tensor, bool]:
    """``(c, lower)`` for :func:`cho_solve`: ``c`` is the Cholesky factor of ``a``."""
    return _cholesky("cho_factor", a, lower, overwrite_a, check_finite), lower


def cho_solve(
    c_and_lower: Any, b: Any, overwrite_b: bool = False, check_finite: bool = True
) -> _Tensor:
    """Solve ``A x = b`` given ``(c, lower)``, the Cholesky factorization of ``A``."""
    c, lower = c_and_lower
    _flags("cho_solve", overwrite_b=overwrite_b, check_finite=check_finite, lower=lower)
    cm, bm = C.tensor("cho_solve", c, "c"), C.tensor("cho_solve", b, "b")
    C.solve("cho_solve", c._data, b._data, "c", "b")
    return _Tensor._from(jsl.cho_solve((cm, lower), bm))


def eigh(
    a: Any,
    b: Any = None,
    lower: bool = True,
    eigvals_only: bool = False,
    overwrite_a: bool = False,
    overwrite_b: bool = False,
    turbo: bool = True,
    eigvals: Any = None,
    type: int = 1,
    check_finite: bool = True,
) -> Any:
    """Eigenvalues (ascending) and, unless ``eigvals_only``, eigenvectors (columns) of the
    Hermitian or real symmetric ``a``, read from its ``lower`` or upper triangle."""
    api = "eigh"
    _flags(
        api,
        lower=lower,
        eigvals_only=eigvals_only,
        overwrite_a=overwrite_a,
        overwrite_b=overwrite_b,
        turbo=turbo,
    )
    C.flag(api, type, "type", int)
    C.flag(api, check_finite, "check_finite")
    m = C.tensor(api, a, dtypes=("int32", "int64", "float32", "float64", "complex64", "complex128"))
    C.square(api, m)
    for name, value in (("b", b), ("eigvals", eigvals)):
        if value is not None:
            U.fail(api, f"currently only case {name}=None of '{api}' is implemented.")
    w, v = jnp.linalg.eigh(m, UPLO="L" if lower else "U", symmetrize_input=False)
    if eigvals_only:
        return _Tensor._from(w)
    return _Tensor._from(w), _Tensor._from(v)


def lu_factor(
    a: Any, overwrite_a: bool = False, check_finite: bool = True
) -> tuple[_Tensor, _Tensor]:
    """``(lu, piv)``: ``L`` (unit diagonal, below) and ``U`` in one matrix, and the Int32 row
    pivots (row ``i`` was swapped with row ``piv[i]``)."""
    _flags("lu_factor", overwrite_a=overwrite_a, check_finite=check_finite)
    m = C.tensor("lu_factor", a)
    C.square("lu_factor", m)
    lu_m, piv = jsl.lu_factor(m)
    return _Tensor._from(lu_m), _Tensor._from(piv.astype(jnp.int32))


def lu(
    a: Any, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True
) -> Any:
    """``(p, l, u)`` with ``a = p @ l @ u`` (``p`` an Int32 permutation matrix), or
    ``(p @ l, u)`` when ``permute_l``. ``a`` is (M, N) with M <= N."""
    _flags("lu", permute_l=permute_l, overwrite_a=overwrite_a, check_finite=check_finite)
    m = C.tensor("lu", a)
    if m.ndim != 2:
        U.fail("lu", f"the dimension of 'a' should be 2, but got {m.ndim}.")
    if m.shape[0] > m.shape[1]:
        U.fail("lu", "last two dimensions of LU decomposition must be row less or equal to col.")
    p, low, up = jsl.lu(m)
    if permute_l:
        return _Tensor._from(p @ low), _Tensor._from(up)
    return _Tensor._from(p.astype(jnp.int32)), _Tensor._from(low), _Tensor._from(up)


def lu_solve(
    lu_and_piv: Any, b: Any, trans: int = 0, overwrite_b: bool = False, check_finite: bool = True
) -> _Tensor:
    """Solve ``a x = b`` (``trans`` 0), ``a^T x = b`` (1) or ``a^H x = b`` (2) from
    :func:`lu_factor`'s ``(lu, piv)``."""
    api = "lu_solve"
    lu_matrix, pivot = lu_and_piv
    _flags(api, overwrite_b=overwrite_b, check_finite=check_finite)
    lm, bm = C.tensor(api, lu_matrix, "lu_matrix"), C.tensor(api, b, "b")
    piv = C.tensor(api, pivot, "pivot", ("int32",), cast=False)
    C.solve(api, lu_matrix._data, b._data, "lu_matrix", "b")
    if piv.ndim != 1:
        U.fail(api, f"the dimension of 'pivot' should be 1, but got {piv.ndim}.")
    if piv.shape[0] != lm.shape[0]:
        U.fail(
            api,
            f"the shape of 'lu_matrix' {tuple(lm.shape)} and 'pivot' "
            f"{tuple(piv.shape)} do not match.",
        )
    if isinstance(trans, bool) or trans not in (0, 1, 2):
        U.fail(api, f"the value of 'trans' should be one of (0, 1, 2), but got {trans}.")
    return _Tensor._from(jsl.lu_solve((lm, piv), bm, trans=trans))


_TRANS = {"N": 0, "T": 1, "C": 2}


def solve_triangular(
    a: Any,
    b: Any,
    trans: Any = 0,
    lower: bool = False,
    unit_diagonal: bool = False,
    overwrite_b: bool = False,
    debug: Any = None,
    check_finite: bool = True,
) -> _Tensor:
    """Solve ``a x = b`` for a (batch of) triangular ``a`` (its ``lower`` or upper triangle);
    ``trans`` 0/'N', 1/'T' or 2/'C' solves with ``a``, ``a^T`` or ``a^H``."""
    api = "solve_triangular"
    if isinstance(trans, str):
        if trans not in _TRANS:
            U.fail(api, f"'trans' must be one of [0, 1, 2, 'N', 'T', 'C'], but got '{trans}'.")
        trans = _TRANS[trans]
    if isinstance(trans, bool) or trans not in (0, 1, 2):
        U.fail(
            "SolveTriangular",
            f"'trans' must be in [0, 1, 2, 'N', 'T', 'C'], but got [{trans}].",
            RuntimeError,
        )
    am, bm = U.array(a, api, "a"), U.array(b, api, "b")
    if am.ndim < 2 or am.shape[-1] != am.shape[-2]:
        U.fail(api, f"'a' must be a (batch of) square matrices, but got shape {list(am.shape)}.")
    if am.dtype != bm.dtype:
        U.fail(
            api,
            f"'a' and 'b' must have the same dtype, but got {am.dtype} and {bm.dtype}.",
            TypeError,
        )
    vector = bm.ndim == am.ndim - 1
    if bm.shape[: am.ndim - 2] != am.shape[:-2] or bm.shape[am.ndim - 2] != am.shape[-1]:
        U.fail(api, f"the shapes of 'a' {list(am.shape)} and 'b' {list(bm.shape)} do not match.")
    if am.dtype.kind in "iu":
        am, bm = am.astype(jnp.float32), bm.astype(jnp.float32)
    rhs = bm[..., None] if vector else bm
    x = jsl.solve_triangular(am, rhs, trans=trans, lower=lower, unit_diagonal=unit_diagonal)
    return _Tensor._from(x[..., 0] if vector else x)


def det(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> _Tensor:
    """The determinant of the square matrix ``a``."""
    _flags("det", overwrite_a=overwrite_a, check_finite=check_finite)
    if not isinstance(a, _Tensor):
        C.tensor("det", a)
    C.square("det", a._data)
    return linalg_func.matrix_determinant(_Tensor._from(C.tensor("det", a)))


_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")


def lstsq(A: Any, B: Any, rcond: Any = None, driver: str | None = None) -> tuple[_Tensor, ...]:
    """Least squares ``min ||A X - B||``: ``(solution, residuals, rank, singular_values)`` as
    MindSpore's (and LAPACK's) drivers give them: residuals only for a full-rank tall ``A`` with a
    driver other than ``gelsy``, the rank for all but ``gels``, singular values only for
    ``gelsd``/``gelss``."""
    api = "lstsq"
    if driver is not None and driver not in _DRIVERS:
        U.fail(api, f"'driver' must be one of {list(_DRIVERS)} or None, but got '{driver}'.")
    drv = driver or "gelsy"
    am, bm = U.floating(U.array(A, api, "A")), U.floating(U.array(B, api, "B"))
    if am.ndim < 2:
        U.fail(api, f"'A' must have at least 2 dimensions, but got shape {list(am.shape)}.")
    vector = bm.ndim == am.ndim - 1
    rhs = bm[..., None] if vector else bm
    if rhs.shape[-2] != am.shape[-2]:
        U.fail(api, f"the rows of 'A' {list(am.shape)} and 'B' {list(bm.shape)} must match.")
    x, _, rank, sv = jnp.linalg.lstsq(am, rhs, rcond=rcond)
    m, n = am.shape[-2:]
    if m > n and drv != "gelsy":
        r = rhs - am @ x
        res = jnp.sum(jnp.abs(r) ** 2, axis=-2)
        res = res[..., 0] if vector else res
    else:
        res = jnp.zeros((0,), x.dtype)
    sv = sv if drv in ("gelsd", "gelss") else jnp.zeros((0,), x.dtype)
    rank = jnp.asarray(rank, jnp.int64) if drv != "gels" else jnp.zeros((0,), jnp.int64)
    x = x[..., 0] if vector else x
    return _Tensor._from(x), _Tensor._from(res), _Tensor._from(rank), _Tensor._from(sv)


from deepsink._core.public import missing_names as _missing_names  # noqa: E402

__getattr__ = _missing_names(__name__)
