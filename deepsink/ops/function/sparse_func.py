"""MindSpore's functional sparse ops: building, reading and converting ``COOTensor``,
``CSRTensor`` and ``RowTensor``, their products and sums with dense Tensors, and the sparse
arithmetic whose output pattern depends on the indices (``coo_add``, ``csr_add``, ``coalesce``).

Ops with a static output shape are ``jnp`` and compile (``jax.experimental.sparse`` for the
products). Ops whose output length depends on the indices' values run on concrete data
(PyNative, or op by op: inside a compiled function they raise ``ValueDependentShapeError``,
which makes a GRAPH_MODE Cell or ``jit`` function run op by op, as for ``unique``).
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import ValueDependentShapeError
from deepsink.common import dtype as mstype
from deepsink.common.concrete import concrete
from deepsink.common.sparse_tensor import (
    SPARSE_OPS,
    COOTensor,
    CSRTensor,
    RowTensorInner,
    coo_to_indptr,
    indptr_to_rows,
)
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U


def _host(a: jax.Array, api: str) -> np.ndarray:
    """``a``'s values on the host, for an op whose output length depends on them."""
    a = concrete(a)
    if isinstance(a, jax.core.Tracer):
        U.fail(
            api,
            "the output shape depends on the indices' values, so it cannot run inside "
            "a compiled (GRAPH_MODE / jit) function; call it in PyNative mode",
            ValueDependentShapeError,
        )
    return np.asarray(a)


def _need(x: Any, cls: type, api: str, arg: str = "input") -> None:
    if not isinstance(x, cls):
        U.fail(api, f"'{arg}' must be a {cls.__name__}, but got {type(x).__name__}", TypeError)


# --- building and reading ----------------------------------------------------------------------


def make_coo_tensor(indices: Any, values: Any, dense_shape: Any) -> COOTensor:
    """Build a COOTensor (MindSpore's ``MakeCOOTensor`` primitive, as in a graph).

    Args:
        indices (Tensor): 2-D int Tensor of shape :math:`(N, 2)`.
        values (Tensor): 1-D Tensor of shape :math:`(N,)`.
        dense_shape (tuple(int)): the dense shape.

    Returns:
        COOTensor.

    Raises:
        TypeError, ValueError: as ``COOTensor``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ops.make_coo_tensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([2.0]), (2, 2))
        >>> print(x.to_dense())
        [[0. 2.]
         [0. 0.]]
    """
    return COOTensor(indices, values, tuple(dense_shape))


def make_sparse_tensor(indices: Any, values: Any, dense_shape: Any) -> COOTensor:
    """``make_coo_tensor`` under its deprecated name.

    Args:
        indices (Tensor): 2-D int Tensor of shape :math:`(N, 2)`.
        values (Tensor): 1-D Tensor of shape :math:`(N,)`.
        dense_shape (tuple(int)): the dense shape.

    Returns:
        COOTensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.make_sparse_tensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([2.0]), (2, 2)).shape)
        (2, 2)
    """
    return make_coo_tensor(indices, values, dense_shape)


def make_csr_tensor(indptr: Any, indices: Any, values: Any, dense_shape: Any) -> CSRTensor:
    """Build a CSRTensor (MindSpore's ``MakeCSRTensor`` primitive).

    Args:
        indptr (Tensor): 1-D int row pointers.
        indices (Tensor): 1-D int column indices.
        values (Tensor): the values.
        dense_shape (tuple(int)): the dense shape.

    Returns:
        CSRTensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ops.make_csr_tensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                         ms.Tensor([2.0]), (2, 2))
        >>> print(x.to_dense())
        [[0. 2.]
         [0. 0.]]
    """
    return CSRTensor(indptr, indices, values, tuple(dense_shape))


def make_row_tensor_inner(indices: Any, values: Any, dense_shape: Any) -> RowTensorInner:
    """Build a RowTensor (MindSpore's ``MakeRowTensor`` primitive).

    Args:
        indices (Tensor): 1-D int Tensor, the rows.
        values (Tensor): the rows' values.
        dense_shape (tuple(int)): the dense shape.

    Returns:
        RowTensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ops.make_row_tensor_inner(ms.Tensor([1]), ms.Tensor([[2.0, 3.0]]), (3, 2))
        >>> print(x.dense_shape)
        (3, 2)
    """
    return RowTensorInner(indices, values, tuple(dense_shape))


def make_row_tensor(indices: Any, values: Any, dense_shape: Any) -> RowTensorInner:
    """``make_row_tensor_inner`` under its deprecated name.

    Args:
        indices (Tensor): 1-D int Tensor, the rows.
        values (Tensor): the rows' values.
        dense_shape (tuple(int)): the dense shape.

    Returns:
        RowTensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.make_row_tensor(ms.Tensor([1]), ms.Tensor([[2.0, 3.0]]), (3, 2)).values)
        [[2. 3.]]
    """
    return make_row_tensor_inner(indices, values, dense_shape)


def _getter(cls: type, attr: str, prim: str, doc_what: str):
    def get(x: Any) -> Any:
        _need(x, cls, prim)
        return getattr(x, attr)

    get.__name__ = get.__qualname__ = prim
    return get


coo_tensor_get_indices = _getter(COOTensor, "indices", "coo_tensor_get_indices", "indices")
coo_tensor_get_values = _getter(COOTensor, "values", "coo_tensor_get_values", "values")
coo_tensor_get_dense_shape = _getter(COOTensor, "shape", "coo_tensor_get_dense_shape", "shape")
csr_tensor_get_indptr = _getter(CSRTensor, "indptr", "csr_tensor_get_indptr", "indptr")
csr_tensor_get_indices = _getter(CSRTensor, "indices", "csr_tensor_get_indices", "indices")
csr_tensor_get_values = _getter(CSRTensor, "values", "csr_tensor_get_values", "values")
csr_tensor_get_dense_shape = _getter(CSRTensor, "shape", "csr_tensor_get_dense_shape", "shape")
row_tensor_get_indices = _getter(RowTensorInner, "indices", "row_tensor_get_indices", "indices")
row_tensor_get_values = _getter(RowTensorInner, "values", "row_tensor_get_values", "values")
row_tensor_get_dense_shape = _getter(
    RowTensorInner, "dense_shape", "row_tensor_get_dense_shape", "shape"
)
for _f, _what in (
    (coo_tensor_get_indices, "indices"),
    (coo_tensor_get_values, "values"),
    (coo_tensor_get_dense_shape, "dense shape"),
    (csr_tensor_get_indptr, "row pointers"),
    (csr_tensor_get_indices, "column indices"),
    (csr_tensor_get_values, "values"),
    (csr_tensor_get_dense_shape, "dense shape"),
    (row_tensor_get_indices, "row indices"),
    (row_tensor_get_values, "values"),
    (row_tensor_get_dense_shape, "dense shape"),
):
    _kind = _f.__name__.split("_tensor_")[0].upper()
    _f.__doc__ = (
        f"The {_what} of a {'RowTensor' if _kind == 'ROW' else _kind + 'Tensor'} (MindSpore's "
        f"``{_f.__name__}`` primitive; the property of the same meaning).\n\n"
        "    Args:\n        x: the sparse tensor.\n\n    Returns:\n        Tensor, or a tuple "
        "for the dense shape.\n\n    Raises:\n        TypeError: ``x`` is of another kind.\n\n"
        "    Examples:\n        >>> import deepsink as ms\n        >>> from deepsink import ops\n"
        "        >>> x = ms.COOTensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([2.0]), (2, 2))\n"
        "        >>> print(ops.coo_tensor_get_dense_shape(x))\n        (2, 2)\n"
    )


def row_tensor_add(x: Any, y: Any) -> RowTensorInner:
    """A RowTensor plus a dense Tensor broadcast onto its values (MindSpore's ``RowTensorAdd``,
    what ``+`` of a RowTensor and a Tensor does in a graph).

    Args:
        x (RowTensor): the RowTensor.
        y (Tensor): added to every stored row.

    Returns:
        RowTensor, with the same indices.

    Raises:
        TypeError: ``x`` is not a RowTensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.RowTensor(ms.Tensor([1]), ms.Tensor([[2.0, 3.0]]), (3, 2))
        >>> print(ops.row_tensor_add(x, ms.Tensor([1.0, 1.0])).values)
        [[3. 4.]]
    """
    _need(x, RowTensorInner, "row_tensor_add", "x")
    v = x._values + U.array(y, "row_tensor_add", "y").astype(x._values.dtype)
    return RowTensorInner._from(x._indices, v, x.dense_shape)


# --- conversions -------------------------------------------------------------------------------


def coo2csr(row_indices: Any, height: int) -> Tensor:
    """CSR row pointers from the row index of every entry (MindSpore's ``COO2CSR``).

    Args:
        row_indices (Tensor): 1-D int Tensor, the row of each entry.
        height (int): the number of rows.

    Returns:
        Tensor of ``height + 1`` row pointers, ``row_indices``' dtype.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.coo2csr(ms.Tensor([0, 0, 2], ms.int32), 4))
        [0 2 2 3 3]
    """
    rows = U.array(row_indices, "coo2csr", "row_indices")
    return Tensor._from(coo_to_indptr(rows, int(height)))


def csr2coo(indptr: Any, nnz: int) -> Tensor:
    """The row index of each of ``nnz`` entries from CSR row pointers (MindSpore's ``CSR2COO``).

    Args:
        indptr (Tensor): 1-D int row pointers.
        nnz (int): the number of entries.

    Returns:
        Tensor of ``nnz`` row indices, ``indptr``'s dtype.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> print(ops.csr2coo(ms.Tensor([0, 2, 2, 3], ms.int32), 3))
        [0 0 2]
    """
    return Tensor._from(indptr_to_rows(U.array(indptr, "csr2coo", "indptr"), int(nnz)))


def csr_to_coo(tensor: Any) -> COOTensor:
    """A 2-D CSRTensor as a COOTensor.

    Args:
        tensor (CSRTensor): 2-D.

    Returns:
        COOTensor.

    Raises:
        TypeError: ``tensor`` is not a CSRTensor.
        ValueError: it is not 2-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> print(ops.csr_to_coo(x).indices)
        [[0 1]]
    """
    if not isinstance(tensor, CSRTensor):
        raise TypeError("For functional operator csr_to_coo, input argument must be a CSRTensor.")
    coo = tensor.to_coo()  # MindSpore's kernel gives int32 coordinates whatever the input's
    return COOTensor._from(coo._indices.astype(jnp.int32), coo._values, coo.shape)


def csr_to_dense(csr_tensor: Any) -> Tensor:
    """A 2-D CSRTensor as a dense Tensor.

    Args:
        csr_tensor (CSRTensor): 2-D.

    Returns:
        Tensor.

    Raises:
        TypeError: ``csr_tensor`` is not a CSRTensor.
        ValueError: it is not 2-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> print(ops.csr_to_dense(x))
        [[0. 2.]
         [0. 0.]]
    """
    if not isinstance(csr_tensor, CSRTensor):
        raise TypeError("For functional operator csr_to_dense, input argument must be a CSRTensor.")
    return csr_tensor.to_dense()


def _dense_2d(tensor: Any, api: str, kind: str) -> np.ndarray:
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For functional operator {api}, input argument must be a Tensor.")
    if tensor.ndim > 2:
        raise ValueError(f"Currently only support 2-D Tensor when converting to {kind}.")
    return _host(tensor._data, api)


def dense_to_sparse_coo(tensor: Any) -> COOTensor:
    """The non-zero entries of a 2-D Tensor as a COOTensor (int32 indices, row-major order).

    Args:
        tensor (Tensor): 2-D.

    Returns:
        COOTensor.

    Raises:
        TypeError: ``tensor`` is not a Tensor.
        ValueError: it is not 2-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ops.dense_to_sparse_coo(ms.Tensor([[0, 1.5], [2.0, 0]]))
        >>> print(x.indices)
        [[0 1]
         [1 0]]
    """
    a = _dense_2d(tensor, "dense_to_sparse_coo", "COOTensor")
    idx = np.argwhere(a).astype(np.int32)
    values = tensor._data[tuple(idx.T)]
    return COOTensor._from(jnp.asarray(idx), values, tuple(a.shape))


def dense_to_sparse_csr(tensor: Any) -> CSRTensor:
    """The non-zero entries of a 2-D Tensor as a CSRTensor (int32 indices).

    Args:
        tensor (Tensor): 2-D.

    Returns:
        CSRTensor.

    Raises:
        TypeError: ``tensor`` is not a Tensor.
        ValueError: it is not 2-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ops.dense_to_sparse_csr(ms.Tensor([[0, 1.5], [2.0, 0]]))
        >>> print(x.indptr, x.indices)
        [0 1 2] [1 0]
    """
    a = _dense_2d(tensor, "dense_to_sparse_csr", "CSRTensor")
    idx = np.argwhere(a).astype(np.int32)
    indptr = coo_to_indptr(jnp.asarray(idx[:, 0]), a.shape[0])
    values = tensor._data[tuple(idx.T)]
    return CSRTensor._from(indptr, jnp.asarray(idx[:, 1]), values, tuple(a.shape))


# --- CSR arithmetic ----------------------------------------------------------------------------


def _promote(values: jax.Array, y: jax.Array) -> tuple[jax.Array, jax.Array]:
    dt = jnp.promote_types(values.dtype, y.dtype)
    return values.astype(dt), y.astype(dt)


def _csr_elementwise(x: Any, y: Any, api: str, fn: Any) -> Any:
    _need(x, CSRTensor, api, "x")
    if isinstance(y, bool | int | float):
        y = Tensor(y)
    b = U.array(y, api, "y")
    if b.ndim == 0:  # MindSpore returns the dense values for a scalar
        return Tensor._from(fn(*_promote(x._values, b)).reshape(x._values.shape))
    if b.ndim > x.ndim:
        raise ValueError("dense tensor cannot broadcast to the sparse tensor.")
    try:
        dense = jnp.broadcast_to(b, x.shape)
    except ValueError:
        U.fail(
            api,
            f"'y' of shape {list(b.shape)} cannot broadcast to the CSRTensor's shape "
            f"{list(x.shape)}",
        )
    picked = dense[x._rows(), x._indices]
    values, picked = _promote(x._values, picked)
    return CSRTensor._from(x._indptr, x._indices, fn(values, picked), x.shape)


def csr_mul(x: Any, y: Any) -> Any:
    """A CSRTensor times a dense Tensor broadcast to its shape, at its stored entries.

    Args:
        x (CSRTensor): the sparse factor.
        y (Tensor): the dense factor; a 0-D one (or a Python number) gives the dense values.

    Returns:
        CSRTensor (Tensor of the values for a scalar ``y``).

    Raises:
        TypeError: ``x`` is not a CSRTensor.
        ValueError: ``y`` does not broadcast to ``x``'s shape.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> print(ops.csr_mul(x, ms.Tensor([[1.0, 3.0], [5.0, 7.0]])).values)
        [6.]
    """
    return _csr_elementwise(x, y, "csr_mul", jnp.multiply)


def csr_div(x: Any, y: Any) -> Any:
    """A CSRTensor divided by a dense Tensor broadcast to its shape, at its stored entries.

    Args:
        x (CSRTensor): the sparse dividend.
        y (Tensor): the dense divisor; a 0-D one (or a Python number) gives the dense values.

    Returns:
        CSRTensor (Tensor of the values for a scalar ``y``).

    Raises:
        TypeError: ``x`` is not a CSRTensor.
        ValueError: ``y`` does not broadcast to ``x``'s shape.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> print(ops.csr_div(x, ms.Tensor([[1.0, 4.0], [5.0, 7.0]])).values)
        [0.5]
    """
    return _csr_elementwise(x, y, "csr_div", jnp.divide)


def csr_mv(csr_tensor: Any, dense: Any) -> Tensor:
    """A 2-D CSRTensor times a dense column vector of shape ``(N, 1)``.

    Args:
        csr_tensor (CSRTensor): of shape ``(M, N)``.
        dense (Tensor): of shape ``(N, 1)``.

    Returns:
        Tensor of shape ``(M, 1)``.

    Raises:
        TypeError: ``csr_tensor`` is not a CSRTensor.
        ValueError: ``dense`` is not 2-D or does not have ``N`` rows.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> print(ops.csr_mv(x, ms.Tensor([[1.0], [3.0]])))
        [[6.]
         [0.]]
    """
    _need(csr_tensor, CSRTensor, "csr_mv", "csr_tensor")
    d = U.array(dense, "csr_mv", "dense")
    if d.ndim != 2 or csr_tensor.ndim != 2:
        raise ValueError(
            "Currently, only support 2-D inputs! But csr tensor has "
            f"{csr_tensor.ndim} dimensions, and dense tensor has {d.ndim} dimension(s). "
        )
    if d.shape[0] != csr_tensor.shape[1]:
        raise ValueError(
            f"The dense_vector's shape should be ({csr_tensor.shape[1]}, 1), but its "
            f"current shape is: {tuple(d.shape)}."
        )
    return _csr_matmul(csr_tensor, d)


def _csr_matmul(x: CSRTensor, d: jax.Array) -> Tensor:
    values, d = _promote(x._values, d)
    if values.size == 0:
        return Tensor._from(jnp.zeros((x.shape[0], d.shape[1]), values.dtype))
    from jax.experimental import sparse as jsparse  # on first use: it imports SciPy, slow

    m = CSRTensor._from(x._indptr, x._indices, values, x.shape)._bcoo()
    return Tensor._from(jsparse.bcoo_dot_general(m, d, dimension_numbers=(([1], [0]), ([], []))))


def _csr_mm_dense(x: CSRTensor, matrix: Tensor) -> Tensor:
    d = matrix._data
    if x.ndim != 2 or d.ndim != 2 or d.shape[0] != x.shape[1]:
        raise ValueError(
            f"For 'CSRTensor.mm', the matrix of shape {list(d.shape)} must be 2-D with "
            f"{x.shape[1]} rows (the CSRTensor's columns)"
        )
    return _csr_matmul(x, d)


def _csr_from_dense_pattern(dense: np.ndarray, mask: np.ndarray, idx_dtype: Any) -> tuple:
    rows, cols = np.nonzero(mask)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=mask.shape[0]))])
    return (
        jnp.asarray(indptr.astype(idx_dtype)),
        jnp.asarray(cols.astype(idx_dtype)),
        jnp.asarray(dense[rows, cols]),
    )


def _pattern(x: CSRTensor, api: str) -> np.ndarray:
    rows = _host(x._rows(), api)
    mask = np.zeros(x.shape[:2], bool)
    mask[rows, _host(x._indices, api)] = True
    return mask


def csr_mm(
    a: Any,
    b: Any,
    trans_a: bool = False,
    trans_b: bool = False,
    adjoint_a: bool = False,
    adjoint_b: bool = False,
) -> CSRTensor:
    """The product of two 2-D CSRTensors, as a CSRTensor whose pattern is the product's
    structural non-zeros (sorted by row, then column).

    Args:
        a (CSRTensor): the left factor.
        b (CSRTensor): the right factor.
        trans_a (bool): transpose ``a`` first. Default: ``False``.
        trans_b (bool): transpose ``b`` first. Default: ``False``.
        adjoint_a (bool): conjugate-transpose ``a`` first. Default: ``False``.
        adjoint_b (bool): conjugate-transpose ``b`` first. Default: ``False``.

    Returns:
        CSRTensor.

    Raises:
        TypeError: ``a`` or ``b`` is not a CSRTensor.
        ValueError: the inner dimensions differ.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> print(ops.csr_mm(a, a).values.shape)
        (0,)
    """
    if not isinstance(a, CSRTensor) or not isinstance(b, CSRTensor):
        raise TypeError(
            "For functional operator csr_mm, inputs a and b must be type of CSRTensor currently."
        )

    def operand(x: CSRTensor, trans: bool, adjoint: bool) -> tuple[np.ndarray, np.ndarray]:
        dense, mask = _host(x.to_dense()._data, "csr_mm"), _pattern(x, "csr_mm")
        if adjoint:
            return np.conj(dense).T, mask.T
        return (dense.T, mask.T) if trans else (dense, mask)

    da, ma = operand(a, trans_a, adjoint_a)
    db, mb = operand(b, trans_b, adjoint_b)
    if da.shape[1] != db.shape[0]:
        U.fail(
            "csr_mm",
            f"the inner dimensions must match, but got {list(da.shape)} and {list(db.shape)}",
        )
    product = np.matmul(da, db)
    mask = (ma.astype(np.int64) @ mb.astype(np.int64)) > 0
    indptr, indices, values = _csr_from_dense_pattern(product, mask, a._indices.dtype)
    return CSRTensor._from(indptr, indices, values, product.shape)


def csr_reduce_sum(csr_tensor: Any, axis: int) -> Tensor:
    """The sum of each row of a 2-D CSRTensor (``axis`` 1 or -1), keeping the dimension.

    Args:
        csr_tensor (CSRTensor): the sparse tensor.
        axis (int): 1 or -1.

    Returns:
        Tensor of shape ``(shape[0], 1)``.

    Raises:
        TypeError: ``csr_tensor`` is not a CSRTensor.
        ValueError: ``axis`` is another value.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 2, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
        ...                  ms.Tensor([2.0, 3.0]), (2, 2))
        >>> print(ops.csr_reduce_sum(x, 1))
        [[5.]
         [0.]]
    """
    _need(csr_tensor, CSRTensor, "csr_reduce_sum", "csr_tensor")
    if isinstance(axis, bool) or not isinstance(axis, int) or axis not in (1, -1):
        raise ValueError(
            f"For CSRReduceSum, `axis` should be 1 or 1-dim. But got `axis`: {axis}and `1- dim`: "
            f"{1 - csr_tensor.ndim}."
        )
    x = csr_tensor
    sums = jax.ops.segment_sum(x._values, x._rows(), num_segments=x.shape[0])
    return Tensor._from(sums.reshape((x.shape[0], 1, *x.shape[2:])))


def csr_gather(indptr: Any, indices: Any, dense: Any, sparse_shape: Any) -> Tensor:
    """The entries of a dense Tensor at a CSR pattern (MindSpore's ``CSRGather``).

    Args:
        indptr (Tensor): 1-D int row pointers.
        indices (Tensor): 1-D int column indices.
        dense (Tensor): the dense Tensor, of ``sparse_shape``.
        sparse_shape (tuple(int)): the pattern's dense shape.

    Returns:
        Tensor, ``dense[row, indices[k]]`` for each entry ``k``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> d = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        >>> print(ops.csr_gather(ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([2, 0], ms.int32), d, (2, 3)))
        [2. 3.]
    """
    ptr = U.array(indptr, "csr_gather", "indptr")
    cols = U.array(indices, "csr_gather", "indices")
    d = U.array(dense, "csr_gather", "dense")
    if tuple(d.shape) != tuple(sparse_shape):
        U.fail(
            "csr_gather",
            f"'dense' must have the shape {tuple(sparse_shape)}, but got {tuple(d.shape)}",
        )
    return Tensor._from(d[indptr_to_rows(ptr, cols.shape[0]), cols])


def csr_softmax(logits: Any, dtype: Any) -> CSRTensor:
    """The softmax of each row's stored values of a 2-D CSRTensor (absent entries are not
    part of the row).

    Args:
        logits (CSRTensor): the sparse logits.
        dtype (mindspore.dtype): the values' dtype (float32 or float64).

    Returns:
        CSRTensor with the same pattern.

    Raises:
        TypeError: ``logits`` is not a CSRTensor, or ``dtype`` is not a float dtype.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.CSRTensor(ms.Tensor([0, 2, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
        ...                  ms.Tensor([1.0, 1.0]), (2, 2))
        >>> print(ops.csr_softmax(x, ms.float32).values)
        [0.5 0.5]
    """
    _need(logits, CSRTensor, "csr_softmax", "logits")
    if mstype.to_np(dtype) not in (np.float32, np.float64):
        U.fail("csr_softmax", f"'dtype' must be float32 or float64, but got {dtype}", TypeError)
    x = logits
    v = x._values.astype(mstype.to_np(dtype))
    rows, n = x._rows(), x.shape[0]
    top = jax.ops.segment_max(v, rows, num_segments=n)
    e = jnp.exp(v - top[rows])
    total = jax.ops.segment_sum(e, rows, num_segments=n)
    return CSRTensor._from(x._indptr, x._indices, e / total[rows], x.shape)


def csr_add(a: Any, b: Any, alpha: Any, beta: Any) -> CSRTensor:
    """``alpha * a + beta * b`` of two 2-D CSRTensors, on the union of their patterns (sorted by
    row, then column).

    Args:
        a (CSRTensor): the first summand.
        b (CSRTensor): the second summand, of ``a``'s shape.
        alpha (Tensor): ``a``'s factor.
        beta (Tensor): ``b``'s factor.

    Returns:
        CSRTensor.

    Raises:
        TypeError: ``a`` or ``b`` is not a CSRTensor.
        ValueError: their shapes differ.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
        ...                  ms.Tensor([2.0]), (2, 2))
        >>> b = ms.CSRTensor(ms.Tensor([0, 0, 1], ms.int32), ms.Tensor([0], ms.int32),
        ...                  ms.Tensor([5.0]), (2, 2))
        >>> print(ops.csr_add(a, b, ms.Tensor(1.0), ms.Tensor(2.0)).to_dense())
        [[ 0.  2.]
         [10.  0.]]
    """
    _need(a, CSRTensor, "csr_add", "a")
    _need(b, CSRTensor, "csr_add", "b")
    if a.shape != b.shape:
        raise ValueError("Input tensors should have the same shape.")
    al = U.array(alpha, "csr_add", "alpha").astype(a._values.dtype)
    be = U.array(beta, "csr_add", "beta").astype(a._values.dtype)
    dense = al * a.to_dense()._data + be * b.to_dense()._data.astype(a._values.dtype)
    mask = _pattern(a, "csr_add") | _pattern(b, "csr_add")
    rows, cols = np.nonzero(mask)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=mask.shape[0]))])
    dt = a._indices.dtype
    return CSRTensor._from(
        jnp.asarray(indptr.astype(dt)),
        jnp.asarray(cols.astype(dt)),
        dense[jnp.asarray(rows), jnp.asarray(cols)],
        a.shape,
    )


# --- COO arithmetic ----------------------------------------------------------------------------


def _int64_indices(x: COOTensor, api: str, arg: str) -> None:
    if x._indices.dtype != np.int64:
        raise TypeError(
            f"For primitive[{api}], the input argument[{arg}] must be a type of "
            f"{{Tensor[Int64]}}, but got Tensor[{mstype.from_np(x._indices.dtype)}]."
        )


def _coalesce_np(idx: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sorted unique coordinates (rows of ``idx``), each value's slot, and the summed values."""
    if idx.shape[0] == 0:
        return idx, np.zeros(0, np.int64), values
    uniq, inverse = np.unique(idx, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    summed = np.zeros(uniq.shape[0], values.dtype)
    np.add.at(summed, inverse, values)
    return uniq, inverse, summed


def _merge_add(
    i1: np.ndarray, v1: np.ndarray, i2: np.ndarray, v2: np.ndarray, thresh: Any
) -> tuple[np.ndarray, np.ndarray]:
    """Merge two coordinate lists taken as sorted (row-major), as MindSpore's ``SparseAdd``:
    equal coordinates are summed and kept when ``thresh <= |sum|``; others are kept as they are."""
    out_i, out_v, a, b = [], [], 0, 0
    while a < len(i1) and b < len(i2):
        ka, kb = tuple(i1[a]), tuple(i2[b])
        if ka < kb:
            out_i.append(i1[a]), out_v.append(v1[a])
            a += 1
        elif kb < ka:
            out_i.append(i2[b]), out_v.append(v2[b])
            b += 1
        else:
            s = v1[a] + v2[b]
            if thresh <= np.abs(s):
                out_i.append(i1[a]), out_v.append(s)
            a, b = a + 1, b + 1
    out_i += list(i1[a:]) + list(i2[b:])
    out_v += list(v1[a:]) + list(v2[b:])
    idx = np.asarray(out_i, np.int64).reshape(-1, 2)
    return idx, np.asarray(out_v, v1.dtype).reshape(-1)


def coo_add(x1: Any, x2: Any, thresh: Any) -> COOTensor:
    """The sum of two COOTensors of one shape, their coordinates taken as sorted (row-major) and
    merged: a coordinate in both is summed and kept when ``thresh <= |sum|``; a coordinate in one
    is kept as it is (MindSpore's ``SparseAdd``).

    Args:
        x1 (COOTensor): the first summand (int64 indices).
        x2 (COOTensor): the second summand (int64 indices).
        thresh (Tensor): 0-D magnitude threshold.

    Returns:
        COOTensor with int64 coordinates.

    Raises:
        TypeError: an input is not a COOTensor, or its indices are not int64.
        ValueError: the shapes differ, or ``thresh`` is not 0-D.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int64), ms.Tensor([-1.0, 2.0]), (3, 4))
        >>> b = ms.COOTensor(ms.Tensor([[0, 1], [2, 2]], ms.int64), ms.Tensor([1.0, 0.5]), (3, 4))
        >>> print(ops.coo_add(a, b, ms.Tensor(0.0)).values)
        [0.  2.  0.5]
    """
    _need(x1, COOTensor, "coo_add", "x1")
    _need(x2, COOTensor, "coo_add", "x2")
    _int64_indices(x1, "SparseAdd", "x1_indices")
    _int64_indices(x2, "SparseAdd", "x2_indices")
    if x1.shape != x2.shape:
        raise ValueError("Input tensors should have the same shape.")
    t = U.array(thresh, "coo_add", "thresh")
    if t.ndim != 0:
        U.fail("coo_add", f"'thresh' must be 0-D, but got shape {list(t.shape)}")
    dt = jnp.promote_types(x1._values.dtype, x2._values.dtype)
    idx, vals = _merge_add(
        _host(x1._indices, "coo_add"),
        _host(x1._values.astype(dt), "coo_add"),
        _host(x2._indices, "coo_add"),
        _host(x2._values.astype(dt), "coo_add"),
        _host(t.astype(dt), "coo_add"),
    )
    return COOTensor._from(jnp.asarray(idx), jnp.asarray(vals), x1.shape)


def coalesce(x_indices: Any, x_values: Any, x_shape: Any) -> tuple[Tensor, Tensor, Tensor]:
    """Sum the values at duplicate coordinates and sort the coordinates (MindSpore's
    ``Coalesce``; coordinates are the columns of ``x_indices``).

    Args:
        x_indices (Tensor): int64 Tensor of shape :math:`(ndim, N)`.
        x_values (Tensor): float16/float32/float64 Tensor of shape :math:`(N,)`.
        x_shape (Tensor): int64 Tensor of shape :math:`(ndim,)`, the dense shape.

    Returns:
        tuple of Tensors: ``y_indices`` (int64, :math:`(ndim, z)`), ``y_values`` (:math:`(z,)`),
        ``y_shape`` (int64).

    Raises:
        TypeError: the indices or shape are not int64, or the values not float.
        ValueError: the ranks or lengths do not fit, or an index is negative or out of range.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> idx = ms.Tensor([[0, 0, 1], [1, 1, 2]], ms.int64)
        >>> y_indices, y_values, y_shape = ops.coalesce(idx, ms.Tensor([1.0, 5.0, 4.0]),
        ...                                             ms.Tensor([3, 3], ms.int64))
        >>> print(y_values)
        [6. 4.]
    """
    api = "Coalesce"
    idx = U.array(x_indices, api, "x_indices")
    val = U.array(x_values, api, "x_values")
    shp = U.array(x_shape, api, "x_shape")
    for arg, a in (("x_indices", idx), ("x_shape", shp)):
        if a.dtype != np.int64:
            raise TypeError(
                f"For primitive[{api}], the input argument[{arg}] must be a type of "
                f"{{Tensor[Int64]}}, but got Tensor[{mstype.from_np(a.dtype)}]."
            )
    if val.dtype not in (np.float16, np.float32, np.float64):
        raise TypeError(
            f"For primitive[{api}], the input argument[x_values] must be a type of "
            f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got "
            f"Tensor[{mstype.from_np(val.dtype)}]."
        )
    if idx.ndim != 2 or val.ndim != 1 or shp.ndim != 1:
        U.fail(
            api,
            f"'x_indices' must be 2-D and 'x_values', 'x_shape' 1-D, but got shapes "
            f"{list(idx.shape)}, {list(val.shape)}, {list(shp.shape)}",
        )
    if idx.shape[1] != val.shape[0] or idx.shape[0] != shp.shape[0]:
        U.fail(
            api,
            f"'x_indices' of shape {list(idx.shape)} must be (len(x_shape), "
            f"len(x_values)) = ({shp.shape[0]}, {val.shape[0]})",
        )
    i = _host(idx, api).T
    s = _host(shp, api)
    if i.size and (i < 0).any():
        raise ValueError(
            f"For {api}, values of elements of x_indices must be non-negative, but "
            f"got {i.T.tolist()}"
        )
    if i.size and (i >= s[None, :]).any():
        raise ValueError(
            f"For {api}, values of elements of x_indices can not exceed the limit set "
            f"by x_shape {s.tolist()}, but got {i.T.tolist()}"
        )
    uniq, _, summed = _coalesce_np(i, _host(val, api))
    return (
        Tensor._from(jnp.asarray(uniq.T.astype(np.int64).reshape(i.shape[1], -1))),
        Tensor._from(jnp.asarray(summed)),
        Tensor._from(shp),
    )


def _coo_coalesce(x: COOTensor) -> COOTensor:
    _int64_indices(x, "Coalesce", "x_indices")
    shape = Tensor(np.asarray(x.shape, np.int64))
    idx, val, _ = coalesce(Tensor._from(x._indices.T), x.values, shape)
    return COOTensor._from(idx._data.T, val._data, x.shape)


def coo_concat(sp_input: Any, concat_dim: int = 0) -> COOTensor:
    """Concatenate 2-D COOTensors (int64 indices) along ``concat_dim``; the result's entries are
    sorted by coordinate.

    Args:
        sp_input (Union[list(COOTensor), tuple(COOTensor)]): at least two COOTensors whose shapes
            agree except along ``concat_dim``.
        concat_dim (int): the axis, in ``[-2, 2)``. Default: ``0``.

    Returns:
        COOTensor.

    Raises:
        TypeError: the inputs are not COOTensors with int64 indices.
        ValueError: fewer than two inputs, ``concat_dim`` out of range, or shapes that differ
            off the concatenation axis.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> a = ms.COOTensor(ms.Tensor([[0, 1]], ms.int64), ms.Tensor([1.0]), (2, 2))
        >>> b = ms.COOTensor(ms.Tensor([[1, 0]], ms.int64), ms.Tensor([2.0]), (2, 3))
        >>> print(ops.coo_concat((a, b), 1).to_dense())
        [[0. 1. 0. 0. 0.]
         [0. 0. 2. 0. 0.]]
    """
    if not isinstance(sp_input, list | tuple) or len(sp_input) < 2:
        raise ValueError("For coo_concat, not support COOTensor input number < 2.")
    for k, x in enumerate(sp_input):
        _need(x, COOTensor, "coo_concat", f"sp_input[{k}]")
        _int64_indices(x, "SparseConcat", f"indices{k}")
    if isinstance(concat_dim, bool) or not isinstance(concat_dim, int) or not -2 <= concat_dim < 2:
        U.fail("coo_concat", f"'concat_dim' must be an int in [-2, 2), but got {concat_dim!r}")
    axis = concat_dim % 2
    other = 1 - axis
    first = sp_input[0].shape
    for x in sp_input[1:]:
        if x.shape[other] != first[other]:
            U.fail(
                "coo_concat",
                f"the shapes must agree off 'concat_dim' {concat_dim}, but got "
                f"{first} and {x.shape}",
            )
    offset, parts, values = 0, [], []
    for x in sp_input:
        parts.append(x._indices.at[:, axis].add(offset))
        values.append(x._values)
        offset += x.shape[axis]
    idx = jnp.concatenate(parts)
    vals = jnp.concatenate([v.astype(jnp.result_type(*values)) for v in values])
    order = jnp.lexsort((idx[:, 1], idx[:, 0]))
    shape = (offset, first[1]) if axis == 0 else (first[0], offset)
    return COOTensor._from(idx[order], vals[order], shape)


def sparse_segment_mean(x: Any, indices: Any, segment_ids: Any) -> Tensor:
    """The mean of the rows ``x[indices]`` in each segment of the sorted ``segment_ids``; the
    output has ``segment_ids[-1] + 1`` rows (an empty segment gives zeros).

    Args:
        x (Tensor): float Tensor of rank >= 1.
        indices (Tensor): 1-D int32/int64, the rows of ``x`` to take.
        segment_ids (Tensor): 1-D int32/int64, sorted, the segment of each taken row.

    Returns:
        Tensor of shape ``(segment_ids[-1] + 1, *x.shape[1:])``.

    Raises:
        TypeError: ``x`` is not a float Tensor or the ids are not int32/int64.
        ValueError: ``indices`` and ``segment_ids`` differ in length, are not 1-D, the ids are
            not sorted, or an index is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
        >>> print(ops.sparse_segment_mean(x, ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 0, 1], ms.int32)))
        [[ 2.  3.  4.  5.]
         [ 8.  9. 10. 11.]]
    """
    api = "sparse_segment_mean"
    a = U.array(x, api, "x")
    idx = U.array(indices, api, "indices")
    seg = U.array(segment_ids, api, "segment_ids")
    if not jnp.issubdtype(a.dtype, jnp.floating):
        U.fail(api, f"'x' must be a float Tensor, but got {mstype.from_np(a.dtype)}", TypeError)
    for arg, t in (("indices", idx), ("segment_ids", seg)):
        if t.dtype not in (np.int32, np.int64):
            U.fail(
                api, f"'{arg}' must be int32 or int64, but got {mstype.from_np(t.dtype)}", TypeError
            )
        if t.ndim != 1:
            U.fail(api, f"'{arg}' must be 1-D, but got shape {list(t.shape)}")
    if a.ndim < 1 or idx.shape[0] != seg.shape[0]:
        U.fail(
            api,
            f"'indices' ({idx.shape[0]}) and 'segment_ids' ({seg.shape[0]}) must have "
            "one length and 'x' rank >= 1",
        )
    s = _host(seg, api)
    i = _host(idx, api)
    if s.size and (np.diff(s) < 0).any():
        U.fail(api, f"'segment_ids' must be sorted, but got {s.tolist()}")
    if i.size and ((i < 0).any() or (i >= a.shape[0]).any()):
        U.fail(api, f"'indices' must be in [0, {a.shape[0]}), but got {i.tolist()}")
    n = int(s[-1]) + 1 if s.size else 0
    total = jax.ops.segment_sum(a[i], jnp.asarray(s), num_segments=n)
    count = jnp.bincount(jnp.asarray(s), length=n).astype(a.dtype)
    count = count.reshape((n,) + (1,) * (a.ndim - 1))
    return Tensor._from(jnp.where(count > 0, total / jnp.maximum(count, 1), 0).astype(a.dtype))


SPARSE_OPS.update(
    coo_add=coo_add,
    coo_coalesce=_coo_coalesce,
    csr_add=csr_add,
    csr_mul=csr_mul,
    csr_div=csr_div,
    csr_mv=csr_mv,
    csr_mm=csr_mm,
    csr_mm_dense=_csr_mm_dense,
    csr_reduce_sum=csr_reduce_sum,
)

__all__ = [
    "coalesce", "coo2csr", "coo_add", "coo_concat", "coo_tensor_get_dense_shape",
    "coo_tensor_get_indices", "coo_tensor_get_values", "csr2coo", "csr_add", "csr_div",
    "csr_gather", "csr_mm", "csr_mul", "csr_mv", "csr_reduce_sum", "csr_softmax",
    "csr_tensor_get_dense_shape", "csr_tensor_get_indices", "csr_tensor_get_indptr",
    "csr_tensor_get_values", "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo",
    "dense_to_sparse_csr", "make_coo_tensor", "make_csr_tensor", "make_row_tensor",
    "make_row_tensor_inner", "make_sparse_tensor", "row_tensor_add", "row_tensor_get_dense_shape",
    "row_tensor_get_indices", "row_tensor_get_values", "sparse_segment_mean",
]  # fmt: skip

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
