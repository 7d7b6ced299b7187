"""MindSpore's sparse primitive classes over (indices, values, shape) triples: ``Coalesce``,
``SparseToDense``, ``SparseTensorDenseAdd``, ``SparseTensorDenseMatmul``, ``SparseSlice`` and
``SparseGatherV2``. Each calls the functional op or the ``jnp`` expression that computes it.
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops._table_primitive import forwarding as _forwarding
from deepsink.ops.function import array_func as A
from deepsink.ops.function import sparse_func as SPF


def _coords(indices: Any, api: str) -> Any:
    idx = U.array(indices, api, "indices")
    if idx.dtype not in (np.int32, np.int64) or idx.ndim != 2:
        U.fail(
            api,
            f"'indices' must be a 2-D int32/int64 Tensor, but got {idx.ndim}-D "
            f"{mstype.from_np(idx.dtype)}",
            TypeError,
        )
    return idx


def _dense_shape(shape: Any, api: str, arg: str = "sparse_shape") -> tuple[int, ...]:
    if isinstance(shape, Tensor):
        return tuple(int(s) for s in SPF._host(shape._data, api).reshape(-1))
    if not isinstance(shape, tuple | list) or not all(isinstance(s, int) for s in shape):
        U.fail(api, f"'{arg}' must be a tuple of ints or a Tensor, but got {shape!r}", TypeError)
    return tuple(shape)


def _values(values: Any, n: int, api: str) -> Any:
    v = U.array(values, api, "values")
    if v.ndim != 1 or v.shape[0] != n:
        U.fail(
            api,
            f"'values' must be 1-D with one value per index ({n}), but got shape {list(v.shape)}",
        )
    return v


Coalesce = _forwarding(
    "Coalesce",
    SPF.coalesce,
    "x_indices, x_values, x_shape",
    __name__,
    """Sum the values at duplicate coordinates and sort them (``ops.coalesce``).

    Inputs:
        - **x_indices** (Tensor) - int64, :math:`(ndim, N)`.
        - **x_values** (Tensor) - float, :math:`(N,)`.
        - **x_shape** (Tensor) - int64, :math:`(ndim,)`.

    Outputs:
        tuple of Tensors ``(y_indices, y_values, y_shape)``.

    Raises:
        TypeError, ValueError: as ``ops.coalesce``.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> idx = ms.Tensor([[2, 0, 0], [1, 1, 1]], ms.int64)
        >>> _, values, _ = ops.Coalesce()(idx, ms.Tensor([1.0, 5.0, 4.0]), ms.Tensor([3, 3], ms.int64))
        >>> print(values)
        [9. 1.]
    """,
)


class SparseToDense(TablePrimitive):
    """The dense Tensor of ``sparse_shape`` with ``values`` at ``indices`` (a later duplicate
    overwrites an earlier one).

    Inputs:
        - **indices** (Tensor) - int32/int64, :math:`(N, ndim)`.
        - **values** (Tensor) - :math:`(N,)`.
        - **sparse_shape** (tuple(int)) - the dense shape.

    Outputs:
        Tensor of ``sparse_shape``.

    Raises:
        TypeError: ``indices`` is not a 2-D int Tensor or ``sparse_shape`` not a tuple of ints.
        ValueError: ``values`` does not have one value per index.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> out = ops.SparseToDense()(ms.Tensor([[0, 1], [1, 2]]), ms.Tensor([1.0, 2.0]), (3, 4))
        >>> print(out)
        [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
    """

    def __call__(self, indices: Any, values: Any, sparse_shape: Any) -> Tensor:
        idx = _coords(indices, "SparseToDense")
        v = _values(values, idx.shape[0], "SparseToDense")
        shape = _dense_shape(sparse_shape, "SparseToDense")
        out = jnp.zeros(shape, v.dtype).at[tuple(idx.T)].set(v)
        return Tensor._from(out)


class SparseTensorDenseAdd(TablePrimitive):
    """A sparse tensor (indices, values, shape) plus a dense Tensor of its shape.

    Inputs:
        - **x1_indices** (Tensor) - int32/int64, :math:`(N, ndim)`.
        - **x1_values** (Tensor) - :math:`(N,)`.
        - **x1_shape** (Tensor) - the dense shape, of ``x1_indices``' dtype.
        - **x2** (Tensor) - the dense summand, of that shape.

    Outputs:
        Tensor, ``x2``'s shape and dtype.

    Raises:
        TypeError: ``x1_shape`` is not a Tensor of ``x1_indices``' dtype.
        ValueError: ``x2``'s shape is not ``x1_shape``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> idx = ms.Tensor([[0, 1], [1, 2]], ms.int32)
        >>> out = ops.SparseTensorDenseAdd()(idx, ms.Tensor([1.0, 2.0]), ms.Tensor([2, 3], ms.int32),
        ...                                  ms.Tensor(np.ones((2, 3), np.float32)))
        >>> print(out)
        [[1. 2. 1.]
         [1. 1. 3.]]
    """

    def __call__(self, x1_indices: Any, x1_values: Any, x1_shape: Any, x2: Any) -> Tensor:
        api = "SparseTensorDenseAdd"
        idx = _coords(x1_indices, api)
        if not isinstance(x1_shape, Tensor) or x1_shape._data.dtype != idx.dtype:
            raise TypeError(
                f"The primitive[{api}]'s input arguments[indices, shape] must be all tensor and "
                f"those type must be same. But got input argument[shape]: {x1_shape!r}"
            )
        v = _values(x1_values, idx.shape[0], api)
        dense = U.array(x2, api, "x2")
        shape = _dense_shape(x1_shape, api, "x1_shape")
        if tuple(dense.shape) != shape:
            U.fail(
                api, f"'x2' must have the sparse shape {list(shape)}, but got {list(dense.shape)}"
            )
        return Tensor._from(dense.at[tuple(idx.T)].add(v.astype(dense.dtype)))


class SparseTensorDenseMatmul(TablePrimitive):
    """A 2-D sparse tensor (indices, values, shape) times a dense matrix, either optionally
    transposed first (``jax.experimental.sparse``).

    Args:
        adjoint_st (bool): transpose the sparse factor. Default: ``False``.
        adjoint_dt (bool): transpose the dense factor. Default: ``False``.

    Inputs:
        - **indices** (Tensor) - int32/int64, :math:`(N, 2)`.
        - **values** (Tensor) - :math:`(N,)`.
        - **sparse_shape** (Union[tuple(int), Tensor]) - the sparse factor's dense shape.
        - **dense** (Tensor) - 2-D.

    Outputs:
        Tensor.

    Raises:
        TypeError: ``adjoint_st``/``adjoint_dt`` are not bools.
        ValueError: the inner dimensions differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> idx = ms.Tensor([[0, 1], [1, 2]], ms.int32)
        >>> dense = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
        >>> print(ops.SparseTensorDenseMatmul()(idx, ms.Tensor([-1.0, 2.0]), (3, 4), dense))
        [[-2. -3.]
         [ 8. 10.]
         [ 0.  0.]]
    """

    _params = (("adjoint_st", False), ("adjoint_dt", False))

    def _init(self) -> None:
        for arg, v in (("adjoint_st", self.adjoint_st), ("adjoint_dt", self.adjoint_dt)):
            if not isinstance(v, bool):
                U.fail(
                    "SparseTensorDenseMatmul", f"'{arg}' must be a bool, but got {v!r}", TypeError
                )

    def __call__(self, indices: Any, values: Any, sparse_shape: Any, dense: Any) -> Tensor:
        return Tensor._from(
            sparse_dense_matmul(
                indices,
                values,
                sparse_shape,
                dense,
                self.adjoint_st,
                self.adjoint_dt,
                "SparseTensorDenseMatmul",
            )
        )


def sparse_dense_matmul(
    indices: Any,
    values: Any,
    sparse_shape: Any,
    dense: Any,
    adjoint_st: bool,
    adjoint_dt: bool,
    api: str,
) -> Any:
    """The array ``op(sparse) @ op(dense)`` of ``SparseTensorDenseMatmul``."""
    idx = _coords(indices, api)
    v = _values(values, idx.shape[0], api)
    shape = _dense_shape(sparse_shape, api)
    d = U.array(dense, api, "dense")
    if len(shape) != 2 or d.ndim != 2:
        U.fail(
            api,
            f"the sparse and dense factors must be 2-D, but got shapes {list(shape)} and "
            f"{list(d.shape)}",
        )
    if adjoint_st:
        idx, shape = idx[:, ::-1], shape[::-1]
    if adjoint_dt:
        d = d.T
    if shape[1] != d.shape[0]:
        U.fail(
            api,
            f"the sparse factor's columns ({shape[1]}) must equal the dense factor's rows "
            f"({d.shape[0]})",
        )
    dt = jnp.promote_types(v.dtype, d.dtype)
    from jax.experimental import sparse as jsparse  # on first use: it imports SciPy, slow

    m = jsparse.BCOO((v.astype(dt), idx), shape=shape)
    return jsparse.bcoo_dot_general(m, d.astype(dt), dimension_numbers=(([1], [0]), ([], [])))


class SparseSlice(TablePrimitive):
    """The part of a sparse tensor inside the box ``[start, start + size)`` (clipped to its
    shape), with coordinates relative to ``start``.

    Inputs:
        - **indices** (Tensor) - int64, :math:`(N, ndim)`.
        - **values** (Tensor) - :math:`(N,)`.
        - **shape** (Tensor) - int64, :math:`(ndim,)`.
        - **start** (Tensor) - int64, :math:`(ndim,)`.
        - **size** (Tensor) - int64, :math:`(ndim,)`.

    Outputs:
        tuple of Tensors ``(y_indices, y_values, out_shape)``.

    Raises:
        TypeError: an index input is not int64.
        ValueError: the lengths do not fit.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> idx = ms.Tensor([[0, 1], [1, 2], [1, 3], [2, 2]], ms.int64)
        >>> out = ops.SparseSlice()(idx, ms.Tensor([1, 2, 3, 4]), ms.Tensor([3, 4], ms.int64),
        ...                         ms.Tensor([0, 1], ms.int64), ms.Tensor([2, 3], ms.int64))
        >>> print(out[1], out[2])
        [1 2 3] [2 3]
    """

    def __call__(self, indices: Any, values: Any, shape: Any, start: Any, size: Any) -> tuple:
        api = "SparseSlice"
        arrs = {}
        for arg, x in (("indices", indices), ("shape", shape), ("start", start), ("size", size)):
            a = U.array(x, api, arg)
            if a.dtype != np.int64:
                U.fail(
                    api,
                    f"'{arg}' must be an int64 Tensor, but got {mstype.from_np(a.dtype)}",
                    TypeError,
                )
            arrs[arg] = SPF._host(a, api)
        idx, shp, lo, n = arrs["indices"], arrs["shape"], arrs["start"], arrs["size"]
        v = _values(values, idx.shape[0], api)
        if idx.ndim != 2 or not (idx.shape[1] == shp.size == lo.size == n.size):
            U.fail(
                api,
                f"'indices' ({list(idx.shape)}), 'shape', 'start' and 'size' must agree "
                "on the rank",
            )
        hi = np.minimum(lo + n, shp)
        keep = np.all((idx >= lo) & (idx < hi), axis=1)
        out_shape = np.maximum(hi - lo, 0).astype(np.int64)
        return (
            Tensor._from(jnp.asarray((idx[keep] - lo).astype(np.int64))),
            Tensor._from(v[jnp.asarray(np.nonzero(keep)[0])]),
            Tensor._from(jnp.asarray(out_shape)),
        )


SparseGatherV2 = _forwarding(
    "SparseGatherV2",
    A.gather,
    "input_params, input_indices, axis",
    __name__,
    """``Gather`` for sparse gradients: slices of ``input_params`` along ``axis`` at
    ``input_indices`` (the values are ``ops.gather``'s).

    Inputs:
        - **input_params** (Tensor) - the source.
        - **input_indices** (Tensor) - int indices.
        - **axis** (int) - the axis.

    Outputs:
        Tensor.

    Raises:
        TypeError, ValueError, RuntimeError: as ``ops.gather``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
        >>> print(ops.SparseGatherV2()(x, ms.Tensor([1, 2], ms.int32), 1))
        [[ 1.  2.]
         [ 5.  6.]
         [ 9. 10.]]
    """,
)


__all__ = [
    "Coalesce", "SparseGatherV2", "SparseSlice", "SparseTensorDenseAdd", "SparseTensorDenseMatmul",
    "SparseToDense",
]  # fmt: skip
