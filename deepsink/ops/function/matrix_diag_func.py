"""Band diagonals of (batches of) matrices, MindSpore's ``MatrixDiagV3`` family:
``matrix_diag`` builds matrices from diagonals, ``matrix_diag_part`` reads them,
``matrix_set_diag`` replaces them. ``k`` is one diagonal (0 the main one, >0 above, <0 below) or
a ``(low, high)`` band; diagonals shorter than the longest are padded on the side ``align``
names (``"RIGHT_LEFT"``: superdiagonals right-aligned, subdiagonals left-aligned). The index maps
are built once with NumPy from the static shapes; the data moves with one gather or select.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

ALIGNS = ("LEFT_RIGHT", "LEFT_LEFT", "RIGHT_LEFT", "RIGHT_RIGHT")


def _band(k: Any, api: str) -> tuple[int, int]:
    if isinstance(k, Tensor):
        k = k.asnumpy().tolist()
    elif isinstance(k, np.ndarray):
        k = k.tolist()
    ks = list(k) if isinstance(k, list | tuple) else [k]
    if not 1 <= len(ks) <= 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in ks):
        U.fail(api, f"'k' must be an int or a pair of ints (low, high), but got {k!r}", TypeError)
    lo, hi = ks[0], ks[-1]
    if lo > hi:
        U.fail(api, f"the low end of 'k' must not exceed the high end, but got {k!r}")
    return lo, hi


def _align(align: Any, api: str) -> str:
    if align not in ALIGNS:
        U.fail(api, f"'align' must be one of {list(ALIGNS)}, but got {align!r}")
    return align


def _offset(d: int, length: int, max_len: int, align: str) -> int:
    """Where diagonal ``d``'s first element sits in its padded row."""
    right = align.startswith("RIGHT") if d >= 0 else align.endswith("RIGHT")
    return max_len - length if right else 0


def _diag_len(d: int, rows: int, cols: int) -> int:
    return max(0, min(rows + min(0, d), cols - max(0, d)))


def _part_index(rows: int, cols: int, lo: int, hi: int, align: str):
    """For each (diagonal row r, position n) of the packed form: the matrix (i, j) it reads, and
    whether it is a real element (else padding)."""
    max_len = max(_diag_len(d, rows, cols) for d in range(lo, hi + 1))
    nd = hi - lo + 1
    ii = np.zeros((nd, max_len), np.int64)
    jj = np.zeros((nd, max_len), np.int64)
    valid = np.zeros((nd, max_len), bool)
    for r in range(nd):
        d = hi - r
        length = _diag_len(d, rows, cols)
        off = _offset(d, length, max_len, align)
        for n in range(max_len):
            p = n - off
            if 0 <= p < length:
                ii[r, n], jj[r, n] = (p, p + d) if d >= 0 else (p - d, p)
                valid[r, n] = True
    return ii, jj, valid, max_len


def _scalar(v: Any, api: str, arg: str) -> Any:
    if isinstance(v, Tensor):
        if v.ndim != 0:
            U.fail(api, f"'{arg}' must be a scalar, but got shape {list(v.shape)}")
        return v.asnumpy().item()
    return v


def matrix_diag(
    x: Any,
    k: Any = 0,
    num_rows: Any = -1,
    num_cols: Any = -1,
    padding_value: Any = 0,
    align: str = "RIGHT_LEFT",
) -> Tensor:
    r"""Matrices whose diagonals ``k`` are ``x`` and whose other elements are ``padding_value``.

    Args:
        x (Tensor): the diagonals: shape :math:`(*, L)` for one diagonal, :math:`(*, D, L)` for
            a band of ``D = high - low + 1`` (the first row is diagonal ``high``).
        k (Union[int, tuple[int], Tensor]): the diagonal or ``(low, high)`` band. Default: ``0``.
        num_rows (Union[int, Tensor]): rows of the result; ``-1`` the smallest that fits.
        num_cols (Union[int, Tensor]): columns of the result; ``-1`` the smallest that fits.
        padding_value (Union[int, float, Tensor]): the value off the band. Default: ``0``.
        align (str): how shorter diagonals are packed: ``"RIGHT_LEFT"`` (default),
            ``"LEFT_RIGHT"``, ``"LEFT_LEFT"`` or ``"RIGHT_RIGHT"``.

    Returns:
        Tensor of shape :math:`(*, num\_rows, num\_cols)`, the dtype of ``x``.

    Raises:
        TypeError: ``k`` is not an int or pair of ints.
        ValueError: ``align`` is unknown, ``x`` has the wrong rank for ``k``, or ``num_rows`` /
            ``num_cols`` are too small.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.matrix_diag(ms.Tensor([1.0, 2.0]), k=1))
        [[0. 1. 0.]
         [0. 0. 2.]
         [0. 0. 0.]]
    """
    api = "matrix_diag"
    a = U.array(x, api, "x")
    lo, hi = _band(k, api)
    align = _align(align, api)
    band = lo != hi
    if a.ndim < (2 if band else 1):
        U.fail(api, f"'x' must have rank at least {2 if band else 1}, but got {a.ndim}")
    if band and a.shape[-2] != hi - lo + 1:
        U.fail(
            api, f"'x' must hold {hi - lo + 1} diagonals for k={(lo, hi)}, but got {a.shape[-2]}"
        )
    max_len = a.shape[-1]
    rows, cols = int(_scalar(num_rows, api, "num_rows")), int(_scalar(num_cols, api, "num_cols"))
    min_rows, min_cols = max_len - min(hi, 0), max_len + max(lo, 0)
    if rows == -1 and cols == -1:
        rows, cols = max(min_rows, min_cols), max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if (
        rows < min_rows
        and cols < min_cols
        or max(_diag_len(d, rows, cols) for d in range(lo, hi + 1)) != max_len
    ):
        U.fail(
            api,
            f"'num_rows' {rows} and 'num_cols' {cols} do not fit diagonals of length "
            f"{max_len} for k={(lo, hi)}",
        )
    ii, jj, valid, _ = _part_index(rows, cols, lo, hi, align)
    # the inverse map: for each (i, j) of the result, its (r, n) in the packed form, or none
    src = np.full((rows, cols), -1, np.int64)
    for r in range(ii.shape[0]):
        for n in range(ii.shape[1]):
            if valid[r, n]:
                src[ii[r, n], jj[r, n]] = r * max_len + n
    packed = a if band else a[..., None, :]
    flat = packed.reshape(packed.shape[:-2] + (-1,))
    gathered = jnp.take(flat, jnp.asarray(np.maximum(src, 0)), axis=-1)
    pad = jnp.asarray(_scalar(padding_value, api, "padding_value"), a.dtype)
    return Tensor._from(jnp.where(jnp.asarray(src >= 0), gathered, pad))


def matrix_diag_part(
    x: Any, k: Any = 0, padding_value: Any = 0, align: str = "RIGHT_LEFT"
) -> Tensor:
    r"""The diagonals ``k`` of the matrices in ``x``, shorter ones padded with ``padding_value``.

    Args:
        x (Tensor): shape :math:`(*, M, N)`.
        k (Union[int, tuple[int], Tensor]): the diagonal or ``(low, high)`` band. Default: ``0``.
        padding_value (Union[int, float, Tensor]): fills the short diagonals. Default: ``0``.
        align (str): ``"RIGHT_LEFT"`` (default), ``"LEFT_RIGHT"``, ``"LEFT_LEFT"`` or
            ``"RIGHT_RIGHT"``.

    Returns:
        Tensor of shape :math:`(*, L)` for one diagonal, :math:`(*, D, L)` for a band.

    Raises:
        TypeError: ``k`` is not an int or pair of ints.
        ValueError: ``x`` has rank below 2, ``align`` is unknown or ``k`` is outside the matrix.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(9.0).reshape(3, 3), ms.float32)
        >>> print(ops.matrix_diag_part(x, k=(-1, 1)))
        [[0. 1. 5.]
         [0. 4. 8.]
         [3. 7. 0.]]
    """
    api = "matrix_diag_part"
    a = U.array(x, api, "x")
    if a.ndim < 2:
        U.fail(api, f"'x' must have rank at least 2, but got {a.ndim}")
    lo, hi = _band(k, api)
    align = _align(align, api)
    rows, cols = a.shape[-2:]
    if not (-rows < lo <= hi < cols) and not (rows == 0 or cols == 0):
        U.fail(api, f"'k' {(lo, hi)} must lie in ({-rows}, {cols}) for matrices {rows}x{cols}")
    ii, jj, valid, _ = _part_index(rows, cols, lo, hi, align)
    vals = a[..., ii, jj]
    pad = jnp.asarray(_scalar(padding_value, api, "padding_value"), a.dtype)
    out = jnp.where(jnp.asarray(valid), vals, pad)
    return Tensor._from(out if lo != hi else out[..., 0, :])


def matrix_set_diag(x: Any, diagonal: Any, k: Any = 0, align: str = "RIGHT_LEFT") -> Tensor:
    r"""``x`` with its diagonals ``k`` replaced by ``diagonal`` (packed as ``matrix_diag_part``
    returns them).

    Args:
        x (Tensor): shape :math:`(*, M, N)`.
        diagonal (Tensor): shape :math:`(*, L)` for one diagonal, :math:`(*, D, L)` for a band.
        k (Union[int, tuple[int], Tensor]): the diagonal or ``(low, high)`` band. Default: ``0``.
        align (str): ``"RIGHT_LEFT"`` (default), ``"LEFT_RIGHT"``, ``"LEFT_LEFT"`` or
            ``"RIGHT_RIGHT"``.

    Returns:
        Tensor, the shape and dtype of ``x``.

    Raises:
        TypeError: ``k`` is not an int or pair of ints.
        ValueError: ``diagonal``'s shape does not match ``x`` and ``k``, or ``align`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.zeros((2, 3)), ms.float32)
        >>> print(ops.matrix_set_diag(x, ms.Tensor([1.0, 2.0])))
        [[1. 0. 0.]
         [0. 2. 0.]]
    """
    api = "matrix_set_diag"
    a = U.array(x, api, "x")
    dg = U.array(diagonal, api, "diagonal")
    if a.ndim < 2:
        U.fail(api, f"'x' must have rank at least 2, but got {a.ndim}")
    lo, hi = _band(k, api)
    align = _align(align, api)
    rows, cols = a.shape[-2:]
    ii, jj, valid, max_len = _part_index(rows, cols, lo, hi, align)
    want = a.shape[:-2] + ((hi - lo + 1,) if lo != hi else ()) + (max_len,)
    if tuple(dg.shape) != want:
        U.fail(
            api,
            f"'diagonal' must have shape {list(want)} for 'x' {list(a.shape)} and "
            f"k={(lo, hi)}, but got {list(dg.shape)}",
        )
    packed = dg if lo != hi else dg[..., None, :]
    src = np.full((rows, cols), -1, np.int64)
    for r in range(ii.shape[0]):
        for n in range(ii.shape[1]):
            if valid[r, n]:
                src[ii[r, n], jj[r, n]] = r * max_len + n
    flat = packed.reshape(packed.shape[:-2] + (-1,)).astype(a.dtype)
    gathered = jnp.take(flat, jnp.asarray(np.maximum(src, 0)), axis=-1)
    return Tensor._from(jnp.where(jnp.asarray(src >= 0), gathered, a))
