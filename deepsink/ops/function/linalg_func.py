"""Linear algebra and statistics of ``mindspore.ops``: decompositions (``svd``, ``qr``,
``cholesky``, ``eig``, ``pinv``, ``lstsq``), solves, the ``addmm`` family, norms and distances
(``vector_norm``, ``matrix_norm``, ``cdist``, ``cosine_similarity``), and statistics
(``cov``, ``quantile``, ``nanmedian``, ``histc``, ``bincount``, ``trapz``).

All run on ``jnp.linalg`` / ``jax.scipy.linalg`` (LAPACK on CPU, cuSOLVER on GPU); integer inputs
of float-valued math compute in Float32.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops.amp_strategy import amp_rule
from deepsink.ops.function.loss_func import (
    cosine_similarity as cosine_similarity,  # one implementation
)

__all__ = [
    "cholesky", "cholesky_inverse", "cholesky_solve", "eig", "eigvals", "svd", "qr", "pinv",
    "lstsq", "matrix_exp", "matrix_solve", "matrix_determinant", "log_matrix_determinant",
    "lu_solve", "lu_unpack", "ger", "addmm", "addmv", "addr", "addbmm", "baddbmm", "adjoint",
    "vector_norm", "matrix_norm", "dist", "cdist", "pdist", "cosine_similarity", "renorm", "cov",
    "quantile", "nanquantile", "nanmedian", "histc", "bincount", "trapz", "batch_dot",
]  # fmt: skip


def _f(x: Any, api: str, arg: str = "input") -> jax.Array:
    return U.floating(U.array(x, api, arg))


def _square(a: jax.Array, api: str, arg: str = "input") -> None:
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        U.fail(api, f"'{arg}' must be a (batch of) square matrices, but got shape {list(a.shape)}")


# --- decompositions -----------------------------------------------------------------------------
def cholesky(input_x: Any, upper: bool = False) -> Tensor:
    """The Cholesky factor of a symmetric positive-definite matrix: ``L`` with ``L @ L^T``, or
    ``U`` with ``U^T @ U`` when ``upper``."""
    a = _f(input_x, "cholesky", "input_x")
    _square(a, "cholesky", "input_x")
    low = jnp.linalg.cholesky(a)
    return Tensor._from(jnp.swapaxes(low, -1, -2).conj() if upper else low)


def cholesky_inverse(input_x: Any, upper: bool = False) -> Tensor:
    """The inverse of ``A`` given its Cholesky factor ``input_x``."""
    f = _f(input_x, "cholesky_inverse", "input_x")
    _square(f, "cholesky_inverse", "input_x")
    eye = jnp.eye(f.shape[-1], dtype=f.dtype)
    return Tensor._from(jsl.cho_solve((f, not upper), eye))


def cholesky_solve(input: Any, input2: Any, upper: bool = False) -> Tensor:
    """Solve ``A X = input`` given the Cholesky factor ``input2`` of ``A``."""
    b, f = _f(input, "cholesky_solve"), _f(input2, "cholesky_solve", "input2")
    return Tensor._from(jsl.cho_solve((f, not upper), b))


def eig(A: Any) -> tuple[Tensor, Tensor]:
    """Eigenvalues and right eigenvectors of a square matrix (complex results; CPU only in XLA)."""
    a = _f(A, "eig", "A")
    _square(a, "eig", "A")
    w, v = jnp.linalg.eig(a)
    return Tensor._from(w), Tensor._from(v)


def eigvals(A: Any) -> Tensor:
    """The (complex) eigenvalues of a square matrix."""
    return eig(A)[0]


def svd(input: Any, full_matrices: bool = False, compute_uv: bool = True) -> Any:
    """``(s, u, v)`` with ``input = u @ diag(s) @ v^H`` (MindSpore's order and ``v``, not
    ``v^H``); only ``s`` when not ``compute_uv``."""
    a = _f(input, "svd")
    if not compute_uv:
        return Tensor._from(jnp.linalg.svd(a, compute_uv=False))
    u, s, vh = jnp.linalg.svd(a, full_matrices=full_matrices)
    return Tensor._from(s), Tensor._from(u), Tensor._from(jnp.swapaxes(vh, -1, -2).conj())


def qr(input: Any, mode: str = "reduced") -> tuple[Tensor, Tensor]:
    """The QR decomposition; ``mode`` 'reduced', 'complete' (square Q) or 'r' (Q empty)."""
    if mode not in ("reduced", "complete", "r"):
        U.fail("qr", f"'mode' must be 'reduced', 'complete' or 'r', but got {mode!r}", TypeError)
    a = _f(input, "qr")
    q, r = jnp.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        q = jnp.zeros((0,), a.dtype)
    return Tensor._from(q), Tensor._from(r)


def pinv(x: Any, *, atol: Any = None, rtol: Any = None, hermitian: bool = False) -> Tensor:
    """The Moore-Penrose pseudo-inverse; singular values below ``max(atol, rtol * s_max)`` count
    as zero (``rtol`` defaults to ``eps * max(m, n)`` when neither is given)."""
    a = _f(x, "pinv", "x")
    if hermitian:
        w, v = jnp.linalg.eigh(a)
        u, s, vh = v, jnp.abs(w), jnp.swapaxes(v * jnp.sign(w)[..., None, :], -1, -2).conj()
    else:
        u, s, vh = jnp.linalg.svd(a, full_matrices=False)
    smax = jnp.max(s, axis=-1, keepdims=True)
    if atol is None and rtol is None:
        rtol = jnp.finfo(a.dtype).eps * max(a.shape[-2:])
    cut = jnp.maximum(
        0.0 if atol is None else U.array(atol, "pinv", "atol"),
        (0.0 if rtol is None else U.array(rtol, "pinv", "rtol")) * smax,
    )
    sinv = jnp.where(s > cut, 1 / jnp.where(s > cut, s, 1), 0).astype(a.dtype)
    vt, ut = jnp.swapaxes(vh, -1, -2).conj(), jnp.swapaxes(u, -1, -2).conj()
    return Tensor._from(vt @ (sinv[..., :, None] * ut))


def lstsq(input: Any, A: Any) -> Tensor:
    """The least-squares solution ``X`` of ``A X = input``... note MindSpore's order: ``input`` is
    ``A`` ``(m, n)`` and ``A`` is the right-hand side ``(m, k)``; the result is ``(n, k)``."""
    a, b = _f(input, "lstsq"), _f(A, "lstsq", "A")
    return Tensor._from(jnp.linalg.lstsq(a, b)[0])


def matrix_exp(input: Any) -> Tensor:
    """The matrix exponential of square matrices (batched)."""
    a = _f(input, "matrix_exp")
    _square(a, "matrix_exp")
    return Tensor._from(jsl.expm(a))


def matrix_solve(matrix: Any, rhs: Any, adjoint: bool = False) -> Tensor:
    """Solve ``matrix X = rhs`` (``matrix^H X = rhs`` with ``adjoint``)."""
    m, b = _f(matrix, "matrix_solve", "matrix"), _f(rhs, "matrix_solve", "rhs")
    if adjoint:
        m = jnp.swapaxes(m, -1, -2).conj()
    return Tensor._from(jnp.linalg.solve(m, b))


def matrix_determinant(input: Any) -> Tensor:
    """The determinant of square matrices (batched)."""
    a = _f(input, "matrix_determinant")
    _square(a, "matrix_determinant")
    return Tensor._from(jnp.linalg.det(a))


def log_matrix_determinant(input: Any) -> tuple[Tensor, Tensor]:
    """``(sign, log|det|)`` of square matrices."""
    a = _f(input, "log_matrix_determinant")
    _square(a, "log_matrix_determinant")
    sign, ld = jnp.linalg.slogdet(a)
    return Tensor._from(sign.astype(a.dtype)), Tensor._from(ld.astype(a.dtype))


def lu_solve(b: Any, LU_data: Any, LU_pivots: Any) -> Tensor:
    """Solve ``A X = b`` from ``A``'s packed LU factors and 1-based pivots (``ops.lu``'s form)."""
    rhs, lu = _f(b, "lu_solve", "b"), _f(LU_data, "lu_solve", "LU_data")
    piv = U.array(LU_pivots, "lu_solve", "LU_pivots").astype(jnp.int32) - 1
    return Tensor._from(jsl.lu_solve((lu, piv), rhs))


def lu_unpack(
    LU_data: Any, LU_pivots: Any, unpack_data: bool = True, unpack_pivots: bool = True
) -> tuple[Tensor, Tensor, Tensor]:
    """``(P, L, U)`` from packed LU factors and 1-based pivots, with ``P @ L @ U = A``."""
    lu = U.array(LU_data, "lu_unpack", "LU_data")
    piv = np.asarray(U.array(LU_pivots, "lu_unpack", "LU_pivots")).astype(np.int64) - 1
    m, n = lu.shape[-2:]
    k = min(m, n)
    low = jnp.tril(lu[..., :, :k], -1) + jnp.eye(m, k, dtype=lu.dtype)
    up = jnp.triu(lu[..., :k, :])
    perm = np.broadcast_to(np.arange(m), piv.shape[:-1] + (m,)).copy()
    for idx in np.ndindex(piv.shape[:-1]):
        p = perm[idx]
        for i, j in enumerate(piv[idx]):
            p[i], p[j] = p[j], p[i]
    pmat = jnp.swapaxes(jax.nn.one_hot(jnp.asarray(perm), m, dtype=lu.dtype), -1, -2)
    return Tensor._from(pmat), Tensor._from(low), Tensor._from(up)


# --- products -----------------------------------------------------------------------------------
def _scaled(api: str, base: Any, prod: jax.Array, beta: Any, alpha: Any) -> Tensor:
    b = U.array(base, api)
    dt = U.promote(b.dtype, prod.dtype)
    return Tensor._from((beta * b + alpha * prod).astype(dt))


def ger(input: Any, vec2: Any) -> Tensor:
    """The outer product of two 1-D Tensors."""
    a, b = U.array(input, "ger"), U.array(vec2, "ger", "vec2")
    if a.ndim != 1 or b.ndim != 1:
        U.fail(
            "ger",
            f"'input' and 'vec2' must be 1-D, but got shapes {list(a.shape)}, {list(b.shape)}",
        )
    dt = U.promote(a.dtype, b.dtype)
    return Tensor._from(jnp.outer(a.astype(dt), b.astype(dt)))


def _batch_dot_axes(axes: Any, n1: int, n2: int) -> list[int]:
    """MindSpore's rules for ``batch_dot``'s ``axes``: the contracted axis of each input, counted
    with the batch axis (so never 0), negatives from the end; ``None`` picks the last axis of
    ``x1`` and the second-to-last of ``x2`` (its last when ``x2`` is 2-D)."""
    api = "batch_dot"
    if axes is None:
        return [n1 - 1, n2 - 1 if n2 == 2 else n2 - 2]
    if isinstance(axes, bool) or not isinstance(axes, (int, list, tuple)):
        U.fail(
            api,
            f"type of 'axes' must be one of those: int, tuple(int), list(int), but got "
            f"{type(axes).__name__}",
        )
    if isinstance(axes, int):
        if axes == 0:
            U.fail(api, f"'axes' should not be equal to 0, but got {axes}")
        if axes > n1 or axes > n2:
            U.fail(
                api,
                f"'axes' cannot be greater than the ranks of 'x1' ({n1}) and 'x2' ({n2}), "
                f"but got {axes}",
            )
        out = [axes + n1, axes + n2] if axes < 0 else [axes, axes]
    else:
        if 0 in axes:
            U.fail(api, f"'axes' cannot contain 0, but got axes: {axes}")
        if len(axes) != 2:
            U.fail(api, f"length of 'axes' must be equal to 2, but got {len(axes)}")
        for i, a in enumerate(axes):
            if isinstance(a, bool) or not isinstance(a, int):
                U.fail(api, f"'axes[{i}]' must be an int, but got {type(a).__name__}", TypeError)
        out = [axes[0] + n1 if axes[0] < 0 else axes[0], axes[1] + n2 if axes[1] < 0 else axes[1]]
    if out[0] < 0 or out[1] < 0 or out[0] > n1 or out[1] > n2:
        U.fail(api, f"'axes' {axes} is out of range for inputs of ranks {n1} and {n2}")
    return out


def batch_dot(x1: Any, x2: Any, axes: Any = None) -> Tensor:
    """Computation of batch dot product between samples in two tensors containing batch dims.

    For each sample ``b`` of the shared leading (batch) axis, ``x1[b]`` and ``x2[b]`` are
    contracted over one axis each (``np.tensordot``); the result is
    ``(batch,) + free axes of x1 + free axes of x2``. A 2-D input counts as having a length-1
    axis added (``x1`` at axis 1, ``x2`` at the end), which is squeezed out again afterwards.

    Args:
        x1 (Tensor): float32, rank >= 2, batch size first.
        x2 (Tensor): float32, rank >= 2, the same batch size.
        axes (Union[int, tuple(int), list(int)]): the contracted axis of ``x1`` and of ``x2``
            (an int: the same for both), counted including the batch axis. Default ``None``:
            the last axis of ``x1`` and the second-to-last of ``x2`` (its last if 2-D).

    Returns:
        Tensor, float32.

    Raises:
        TypeError: If ``x1`` or ``x2`` is not float32, or ``axes`` holds a non-int.
        ValueError: If a rank is below 2, the batch sizes differ, or ``axes`` is 0, contains 0,
            is out of range or is not of length 2.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x1 = ops.ones((2, 2, 3), ms.float32)
        >>> x2 = ops.ones((2, 3, 2), ms.float32)
        >>> print(ops.batch_dot(x1, x2, (-1, -2)))
        [[[3. 3.]
          [3. 3.]]
         [[3. 3.]
          [3. 3.]]]
    """
    api = "batch_dot"
    a, b = U.array(x1, api, "x1"), U.array(x2, api, "x2")
    if a.ndim < 2 or b.ndim < 2:
        U.fail(
            api,
            f"the inputs x1, x2 should have 'dimension >= 2', but got ranks {a.ndim} and {b.ndim}",
        )
    for arg, v in (("x1", a), ("x2", b)):
        if v.dtype != jnp.float32:
            U.fail(api, f"'{arg}' must be a float32 Tensor, but got {v.dtype}", TypeError)
    if a.shape[0] != b.shape[0]:
        U.fail(
            api,
            f"the inputs 'x1', 'x2' should have the same batch sizes, but got "
            f"{a.shape[0]} and {b.shape[0]}",
        )
    ax = _batch_dot_axes(axes, a.ndim, b.ndim)
    n1, n2 = a.ndim, b.ndim
    if n1 == 2:
        a = a[:, None, :]
        ax[0] += 1
    if n2 == 2:
        b = b[:, :, None]
    if ax[0] >= a.ndim or ax[1] >= b.ndim or a.shape[ax[0]] != b.shape[ax[1]]:
        U.fail(
            api,
            f"the contracted axes {ax} of shapes {list(a.shape)} and {list(b.shape)} "
            f"must exist and have the same length",
        )
    out = jax.vmap(lambda p, q: jnp.tensordot(p, q, axes=([ax[0] - 1], [ax[1] - 1])))(a, b)
    if n1 == 2:
        out = jnp.squeeze(out, 1)
    elif n2 == 2:
        out = jnp.squeeze(out, -1)
    return Tensor._from(out)


def addmm(input: Any, mat1: Any, mat2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (mat1 @ mat2)``."""
    return _scaled(
        "addmm", input, U.array(mat1, "addmm", "mat1") @ U.array(mat2, "addmm", "mat2"), beta, alpha
    )


def addmv(input: Any, mat: Any, vec: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (mat @ vec)``."""
    return _scaled(
        "addmv", input, U.array(mat, "addmv", "mat") @ U.array(vec, "addmv", "vec"), beta, alpha
    )


def addr(x: Any, vec1: Any, vec2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * x + alpha * outer(vec1, vec2)``."""
    return _scaled(
        "addr",
        x,
        jnp.outer(U.array(vec1, "addr", "vec1"), U.array(vec2, "addr", "vec2")),
        beta,
        alpha,
    )


def addbmm(input: Any, batch1: Any, batch2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * sum_b(batch1[b] @ batch2[b])``."""
    p = jnp.sum(U.array(batch1, "addbmm", "batch1") @ U.array(batch2, "addbmm", "batch2"), axis=0)
    return _scaled("addbmm", input, p, beta, alpha)


def baddbmm(input: Any, batch1: Any, batch2: Any, beta: Any = 1, alpha: Any = 1) -> Tensor:
    """``beta * input + alpha * (batch1 @ batch2)`` per batch."""
    p = U.array(batch1, "baddbmm", "batch1") @ U.array(batch2, "baddbmm", "batch2")
    return _scaled("baddbmm", input, p, beta, alpha)


def adjoint(x: Any) -> Tensor:
    """The conjugate transpose of the last two axes."""
    return Tensor._from(jnp.swapaxes(U.array(x, "adjoint", "x"), -1, -2).conj())


# --- norms and distances ------------------------------------------------------------------------
def vector_norm(
    x: Any, ord: Any = 2, axis: Any = None, keepdims: bool = False, *, dtype: Any = None
) -> Tensor:
    """The vector ``ord``-norm over ``axis`` (all elements when None); ``ord`` may be inf, -inf, 0
    or any number."""
    a = _f(x, "vector_norm", "x")
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "vector_norm"))
    ax = U.axes(axis, a.ndim, "vector_norm")
    if ax is None:
        a, ax = a.reshape(-1), (0,)
        if keepdims:
            res = vector_norm(Tensor._from(a), ord)._data
            return Tensor._from(
                res.reshape((1,) * np.ndim(x._data if isinstance(x, Tensor) else x))
            )
    m = jnp.abs(a)
    if ord == float("inf"):
        r = jnp.max(m, axis=ax, keepdims=keepdims)
    elif ord == -float("inf"):
        r = jnp.min(m, axis=ax, keepdims=keepdims)
    elif ord == 0:
        r = jnp.sum(m != 0, axis=ax, keepdims=keepdims).astype(a.dtype)
    else:
        r = jnp.sum(m**ord, axis=ax, keepdims=keepdims) ** (1.0 / ord)
    return Tensor._from(r)


def matrix_norm(
    A: Any, ord: Any = "fro", axis: Any = (-2, -1), keepdims: bool = False, *, dtype: Any = None
) -> Tensor:
    """The matrix norm over the two axes ``axis``: 'fro', 'nuc', inf, -inf, 1, -1, 2, -2."""
    a = _f(A, "matrix_norm", "A")
    if dtype is not None:
        a = a.astype(U.dtype(dtype, "matrix_norm"))
    if ord not in ("fro", "nuc", 1, -1, 2, -2, float("inf"), -float("inf")):
        U.fail(
            "matrix_norm",
            f"'ord' must be one of 'fro', 'nuc', inf, -inf, 1, -1, 2, -2, but got {ord!r}",
        )
    ax = U.axes(axis, a.ndim, "matrix_norm")
    return Tensor._from(
        jnp.linalg.matrix_norm(jnp.moveaxis(a, ax, (-2, -1)), ord=ord, keepdims=False).reshape(
            tuple(1 if i in ax else d for i, d in enumerate(a.shape))
            if keepdims
            else tuple(d for i, d in enumerate(a.shape) if i not in ax)
        )
    )


def _pnorm(d: jax.Array, p: float, axis: int = -1) -> jax.Array:
    if p == float("inf"):
        return jnp.max(jnp.abs(d), axis=axis)
    if p == 0:
        return jnp.sum(d != 0, axis=axis).astype(d.dtype)
    return jnp.sum(jnp.abs(d) ** p, axis=axis) ** (1.0 / p)


def dist(input: Any, other: Any, p: float = 2) -> Tensor:
    """The ``p``-norm of ``input - other`` over all elements (a 0-d Tensor)."""
    a, b = U.binary(input, other, "dist")
    return Tensor._from(_pnorm((U.floating(a) - U.floating(b)).reshape(-1), p))


@amp_rule("Cdist")
def cdist(x1: Any, x2: Any, p: float = 2.0) -> Tensor:
    """The ``p``-norm distances between the rows of ``x1`` ``(B, P, M)`` and ``x2`` ``(B, R, M)``:
    ``(B, P, R)``."""
    a, b = _f(x1, "cdist", "x1"), _f(x2, "cdist", "x2")
    if p < 0:
        U.fail("cdist", f"'p' must be non-negative, but got {p}")
    return Tensor._from(_pnorm(a[..., :, None, :] - b[..., None, :, :], p))


@amp_rule("Pdist")
def pdist(input: Any, p: float = 2.0) -> Tensor:
    """The ``p``-norm distances between every pair ``i < j`` of rows of ``input`` ``(N, M)``,
    flattened in row order: ``N (N - 1) / 2`` values."""
    a = _f(input, "pdist")
    if p < 0:
        U.fail("pdist", f"'p' must be non-negative, but got {p}")
    i, j = np.triu_indices(a.shape[-2], 1)
    return Tensor._from(_pnorm(a[..., i, :] - a[..., j, :], p))


@amp_rule("Renorm")
def renorm(input: Any, p: int, axis: int, maxnorm: float) -> Tensor:
    """Rescale each slice along ``axis`` whose ``p``-norm exceeds ``maxnorm`` to norm ``maxnorm``."""
    a = _f(input, "renorm")
    ax = U.axis(axis, a.ndim, "renorm")
    others = tuple(i for i in np.arange(a.ndim) if i != ax)
    norm = jnp.sum(jnp.abs(a) ** p, axis=others, keepdims=True) ** (1.0 / p)
    scale = jnp.where(norm > maxnorm, maxnorm / (norm + 1e-7), 1.0)
    return Tensor._from((a * scale).astype(a.dtype))


# --- statistics ---------------------------------------------------------------------------------
def cov(input: Any, *, correction: int = 1, fweights: Any = None, aweights: Any = None) -> Tensor:
    """The covariance matrix of the variables in the rows of ``input`` (observations in columns)."""
    a = _f(input, "cov")
    fw = None if fweights is None else U.array(fweights, "cov", "fweights")
    aw = None if aweights is None else U.array(aweights, "cov", "aweights")
    return Tensor._from(jnp.cov(a, ddof=correction, fweights=fw, aweights=aw).astype(a.dtype))


def _quantile(api: str, fn: Any, input: Any, q: Any, axis: Any, keepdims: bool) -> Tensor:
    a = U.array(input, api)
    if a.dtype.kind != "f":
        U.fail(api, f"'input' must be a float Tensor, but got dtype {a.dtype}", TypeError)
    qa = jnp.asarray(q if isinstance(q, int | float) else U.array(q, api, "q"), a.dtype)
    if bool(jnp.any((qa < 0) | (qa > 1))):
        U.fail(api, f"'q' must be in [0, 1], but got {np.asarray(qa).tolist()}")
    ax = None if axis is None else U.axis(axis, a.ndim, api, "axis")
    return Tensor._from(fn(a, qa, axis=ax, keepdims=keepdims).astype(a.dtype))


def quantile(input: Any, q: Any, axis: int | None = None, keepdims: bool = False) -> Tensor:
    """The ``q``-th quantiles (linear interpolation) along ``axis`` (all elements when None)."""
    return _quantile("quantile", jnp.quantile, input, q, axis, keepdims)


def nanquantile(input: Any, q: Any, axis: int | None = None, keepdims: bool = False) -> Tensor:
    """``quantile`` that ignores NaN."""
    return _quantile("nanquantile", jnp.nanquantile, input, q, axis, keepdims)


def nanmedian(input: Any, axis: int = -1, keepdims: bool = False) -> tuple[Tensor, Tensor]:
    """The lower median ignoring NaN along ``axis`` and its index (Int64)."""
    a = U.array(input, "nanmedian")
    ax = U.axis(axis, a.ndim, "nanmedian")
    order = jnp.argsort(a, axis=ax)  # NaN sorts last
    valid = jnp.sum(~jnp.isnan(a), axis=ax, keepdims=True)
    k = jnp.maximum((valid - 1) // 2, 0)
    idx = jnp.take_along_axis(order, k, axis=ax)
    val = jnp.take_along_axis(a, idx, axis=ax)
    if not keepdims:
        val, idx = jnp.squeeze(val, ax), jnp.squeeze(idx, ax)
    return Tensor._from(val), Tensor._from(idx.astype(jnp.int64))


def histc(input: Any, bins: int = 100, min: float = 0.0, max: float = 0.0) -> Tensor:
    """Counts in ``bins`` equal bins over ``[min, max]`` (the data's range when both are 0);
    values outside are ignored. Same float dtype as ``input``."""
    a = U.floating(U.array(input, "histc"))
    lo, hi = float(min), float(max)
    if lo == hi:
        lo, hi = float(jnp.min(a)), float(jnp.max(a))
    if lo > hi:
        U.fail("histc", f"'max' ({max}) must be larger than 'min' ({min})")
    counts, _ = jnp.histogram(a.reshape(-1), bins=bins, range=(lo, hi))
    return Tensor._from(counts.astype(a.dtype))


def bincount(input: Any, weights: Any = None, minlength: int = 0) -> Tensor:
    """How often each non-negative integer occurs in 1-D ``input`` (weighted sums with
    ``weights``); at least ``minlength`` bins. Float32, as MindSpore returns it."""
    return Tensor._from(_bincount(input, weights, minlength).astype(jnp.float32))


def _bincount(input: Any, weights: Any, minlength: int) -> jax.Array:
    """The counts behind ``bincount`` in their natural dtype: Int32 counts, or sums in the
    ``weights`` dtype (``mint.bincount`` keeps them, Int64 for counts; ``ops`` returns Float32).
    Eager: the length depends on the values."""
    a = U.array(input, "bincount")
    if a.ndim != 1 or a.dtype.kind not in "iu":
        U.fail(
            "bincount",
            f"'input' must be a 1-D integer Tensor, but got {a.dtype} shape {list(a.shape)}",
            TypeError,
        )
    vals = np.asarray(a)
    if vals.size and vals.min() < 0:
        U.fail("bincount", "'input' must be non-negative")
    n = int(np.maximum(vals.max() + 1 if vals.size else 0, minlength))
    w = None if weights is None else U.array(weights, "bincount", "weights")
    return jnp.bincount(a, w, length=n)


def trapz(y: Any, x: Any = None, *, dx: float = 1.0, dim: int = -1) -> Tensor:
    """The trapezoid-rule integral of ``y`` along ``dim``, at points ``x`` or spacing ``dx``."""
    a = _f(y, "trapz", "y")
    ax = U.axis(dim, a.ndim, "trapz", "dim")
    xs = None if x is None else U.array(x, "trapz", "x")
    return Tensor._from(jnp.trapezoid(a, xs, dx=dx, axis=ax).astype(a.dtype))


# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
