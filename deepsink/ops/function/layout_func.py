"""Ops that rearrange elements without arithmetic: triangles, rolls, flips, stacks and splits,
diagonals, grids (``ops.tril``, ``ops.roll``, ``ops.hstack``, ``ops.tensor_split``, ``ops.diag``...).
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

_int = U.integer


def _matrix(x: Any, api: str) -> Any:
    a = U.array(x, api)
    if a.ndim < 2:
        U.fail(api, f"'input' must have at least 2 dimensions, but got shape {list(a.shape)}")
    return a


def tril(input: Any, diagonal: int = 0) -> Tensor:
    """The lower triangle of the last two axes (entries above ``diagonal`` set to 0)."""
    a = _matrix(input, "tril")
    return Tensor._from(jnp.tril(a, _int(diagonal, "tril", "diagonal")))


def triu(input: Any, diagonal: int = 0) -> Tensor:
    """The upper triangle of the last two axes (entries below ``diagonal`` set to 0)."""
    a = _matrix(input, "triu")
    return Tensor._from(jnp.triu(a, _int(diagonal, "triu", "diagonal")))


def roll(input: Any, shifts: Any, dims: Any = None) -> Tensor:
    """Shift elements along ``dims`` by ``shifts`` (wrapping around); flattened when ``dims`` is
    None."""
    a = U.array(input, "roll")
    return Tensor._from(jnp.roll(a, shifts, dims))


def rot90(input: Any, k: int = 1, dims: Any = (0, 1)) -> Tensor:
    """Rotate by 90 degrees ``k`` times in the plane of ``dims`` (from the first toward the
    second)."""
    a = U.array(input, "rot90")
    dims = tuple(dims)
    if len(dims) != 2 or dims[0] % a.ndim == dims[1] % a.ndim:
        U.fail("rot90", f"'dims' must be two different axes, but got {dims}")
    return Tensor._from(jnp.rot90(a, _int(k, "rot90", "k"), dims))


def fliplr(input: Any) -> Tensor:
    return Tensor._from(jnp.fliplr(_matrix(input, "fliplr")))


def flipud(input: Any) -> Tensor:
    a = U.array(input, "flipud")
    if a.ndim < 1:
        U.fail("flipud", "'input' must have at least 1 dimension")
    return Tensor._from(jnp.flipud(a))


def _seq(tensors: Any, api: str) -> list:
    if not isinstance(tensors, list | tuple) or not tensors:
        U.fail(
            api,
            f"'tensors' must be a non-empty tuple or list of Tensors, but got {tensors!r}",
            TypeError,
        )
    arrays = [U.array(t, api, "tensors") for t in tensors]
    dt = U.promote(*(a.dtype for a in arrays))
    return [a.astype(dt) for a in arrays]


def hstack(tensors: Any) -> Tensor:
    return Tensor._from(jnp.hstack(_seq(tensors, "hstack")))


def vstack(tensors: Any) -> Tensor:
    return Tensor._from(jnp.vstack(_seq(tensors, "vstack")))


row_stack = vstack


def dstack(tensors: Any) -> Tensor:
    return Tensor._from(jnp.dstack(_seq(tensors, "dstack")))


def column_stack(tensors: Any) -> Tensor:
    return Tensor._from(jnp.column_stack(_seq(tensors, "column_stack")))


def atleast_1d(inputs: Any) -> Any:
    if isinstance(inputs, list | tuple):
        return tuple(Tensor._from(jnp.atleast_1d(U.array(t, "atleast_1d"))) for t in inputs)
    return Tensor._from(jnp.atleast_1d(U.array(inputs, "atleast_1d")))


def atleast_2d(inputs: Any) -> Any:
    if isinstance(inputs, list | tuple):
        return tuple(Tensor._from(jnp.atleast_2d(U.array(t, "atleast_2d"))) for t in inputs)
    return Tensor._from(jnp.atleast_2d(U.array(inputs, "atleast_2d")))


def atleast_3d(inputs: Any) -> Any:
    if isinstance(inputs, list | tuple):
        return tuple(Tensor._from(jnp.atleast_3d(U.array(t, "atleast_3d"))) for t in inputs)
    return Tensor._from(jnp.atleast_3d(U.array(inputs, "atleast_3d")))


def tensor_split(input: Any, indices_or_sections: Any, axis: int = 0) -> tuple[Tensor, ...]:
    """Split into ``indices_or_sections`` parts (an int: sizes differ by at most 1, the first ones
    larger) or at the given indices."""
    a = U.array(input, "tensor_split")
    ax = U.axis(axis, a.ndim, "tensor_split")
    ios = indices_or_sections
    if isinstance(ios, int) and not isinstance(ios, bool):
        if ios <= 0:
            U.fail("tensor_split", f"'indices_or_sections' must be positive, but got {ios}")
    elif isinstance(ios, list | tuple):
        ios = [_int(i, "tensor_split", "indices_or_sections") for i in ios]
    else:
        U.fail(
            "tensor_split",
            f"'indices_or_sections' must be an int or a tuple/list of ints, but got {ios!r}",
            TypeError,
        )
    return tuple(Tensor._from(p) for p in jnp.array_split(a, ios, axis=ax))


def hsplit(input: Any, indices_or_sections: Any) -> tuple[Tensor, ...]:
    a = U.array(input, "hsplit")
    return tensor_split(a, indices_or_sections, 1 if a.ndim > 1 else 0)


def vsplit(input: Any, indices_or_sections: Any) -> tuple[Tensor, ...]:
    return tensor_split(_matrix(input, "vsplit"), indices_or_sections, 0)


def dsplit(input: Any, indices_or_sections: Any) -> tuple[Tensor, ...]:
    a = U.array(input, "dsplit")
    if a.ndim < 3:
        U.fail("dsplit", f"'input' must have at least 3 dimensions, but got {a.ndim}")
    return tensor_split(a, indices_or_sections, 2)


def meshgrid(*inputs: Any, indexing: str = "xy") -> tuple[Tensor, ...]:
    """Coordinate grids from 1-D Tensors (``indexing="xy"``: Cartesian, ``"ij"``: matrix)."""
    if len(inputs) == 1 and isinstance(inputs[0], list | tuple):
        inputs = tuple(inputs[0])
    if indexing not in ("xy", "ij"):
        U.fail("meshgrid", f"'indexing' must be 'xy' or 'ij', but got {indexing!r}")
    arrays = [U.array(t, "meshgrid") for t in inputs]
    for a in arrays:
        if a.ndim != 1:
            U.fail("meshgrid", f"every input must be 1-D, but got shape {list(a.shape)}")
    return tuple(Tensor._from(g) for g in jnp.meshgrid(*arrays, indexing=indexing))


def diag(input: Any) -> Tensor:
    """A 1-D input becomes a diagonal matrix; (MindSpore's ``Diag``: an N-D input of shape S
    becomes S + S with the input on the diagonal)."""
    a = U.array(input, "diag")
    if a.ndim == 0:
        U.fail("diag", "'input' must have at least 1 dimension")
    if a.ndim == 1:
        return Tensor._from(jnp.diag(a))
    return Tensor._from(jnp.diag(a.reshape(-1)).reshape(a.shape + a.shape))


def diagflat(input: Any, offset: int = 0) -> Tensor:
    return Tensor._from(
        jnp.diagflat(U.array(input, "diagflat"), _int(offset, "diagflat", "offset"))
    )


def diagonal(input: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """The diagonal of the planes ``(dim1, dim2)``, as a new last axis."""
    a = _matrix(input, "diagonal")
    return Tensor._from(jnp.diagonal(a, _int(offset, "diagonal", "offset"), dim1, dim2))


def _diag(input: Any, k: int, api: str, arg: str) -> Tensor:
    """NumPy's and PyTorch's ``diag(v, k)`` (``deepsink.numpy.diag``, ``mint.diag``): the
    ``k``-th diagonal of a 2-D ``input``, or a matrix with the 1-D ``input`` on its ``k``-th
    diagonal (``ops.diag`` takes no ``k``)."""
    a = U.array(input, api, arg)
    if a.ndim not in (1, 2):
        U.fail(api, f"'{arg}' must be 1-D or 2-D, but got {a.ndim}-D")
    return diag_embed(a, k) if a.ndim == 1 else diagonal(a, k)


def diag_embed(input: Any, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """The last axis of ``input`` placed on the diagonal of new planes ``(dim1, dim2)``."""
    a = U.array(input, "diag_embed")
    n = a.shape[-1] + abs(offset)
    rows = jnp.arange(a.shape[-1]) + (0 if offset >= 0 else -offset)
    cols = rows + offset
    out = jnp.zeros(a.shape[:-1] + (n, n), a.dtype).at[..., rows, cols].set(a)
    nd = out.ndim
    d1, d2 = dim1 % nd, dim2 % nd
    if (d1, d2) != (nd - 2, nd - 1):
        out = jnp.moveaxis(out, (nd - 2, nd - 1), (d1, d2))
    return Tensor._from(out)


def trace(input: Any) -> Tensor:
    """The sum of the main diagonal of a 2-D Tensor."""
    a = U.array(input, "trace")
    if a.ndim != 2:
        U.fail("trace", f"'input' must be 2-D, but got shape {list(a.shape)}")
    return Tensor._from(jnp.trace(a))


def tril_indices(row: int, col: int, offset: int = 0, *, dtype: Any = None) -> Tensor:
    """The (2, N) coordinates of the lower triangle of a ``row x col`` matrix (Int64)."""
    r, c = np.tril_indices(row, offset, col)
    dt = U.dtype(dtype, "tril_indices") if dtype is not None else np.int64
    return Tensor._from(jnp.asarray(np.stack([r, c]), dt))


def triu_indices(row: int, col: int, offset: int = 0, *, dtype: Any = None) -> Tensor:
    """The (2, N) coordinates of the upper triangle of a ``row x col`` matrix (Int64)."""
    r, c = np.triu_indices(row, offset, col)
    dt = U.dtype(dtype, "triu_indices") if dtype is not None else np.int64
    return Tensor._from(jnp.asarray(np.stack([r, c]), dt))


def repeat_interleave(input: Any, repeats: Any, axis: int | None = None) -> Tensor:
    """Repeat each element ``repeats`` times (an int or one count per element) along ``axis``
    (the flattened input when None)."""
    a = U.array(input, "repeat_interleave")
    if isinstance(repeats, Tensor):
        repeats = np.asarray(repeats._data)
    return Tensor._from(jnp.repeat(a, repeats, axis=axis))


def repeat_elements(x: Any, rep: int, axis: int = 0) -> Tensor:
    a = U.array(x, "repeat_elements")
    return Tensor._from(jnp.repeat(a, _int(rep, "repeat_elements", "rep"), axis=axis))


def moveaxis(x: Any, source: Any, destination: Any) -> Tensor:
    return Tensor._from(jnp.moveaxis(U.array(x, "moveaxis"), source, destination))


movedim = moveaxis


def swapdims(input: Any, dim0: int, dim1: int) -> Tensor:
    return Tensor._from(jnp.swapaxes(U.array(input, "swapdims"), dim0, dim1))


def ravel(input: Any) -> Tensor:
    return Tensor._from(U.array(input, "ravel").reshape(-1))


def t(input: Any) -> Tensor:
    """The transpose of a 2-D Tensor (a 1-D Tensor is returned as is)."""
    a = U.array(input, "t")
    if a.ndim > 2:
        U.fail("t", f"'input' must be at most 2-D, but got shape {list(a.shape)}")
    return Tensor._from(a.T if a.ndim == 2 else a)
