"""MindSpore's sparse Cells: ``nn.SparseToDense`` (a COOTensor made dense) and
``nn.SparseTensorDenseMatmul`` (a sparse matrix times a dense one), over the sparse ops."""

from __future__ import annotations

from typing import Any

from deepsink.common.sparse_tensor import COOTensor
from deepsink.common.tensor import Tensor
from deepsink.nn.cell import Cell
from deepsink.ops.operations.sparse_ops import SparseTensorDenseMatmul as _SparseDenseMatmul


class SparseToDense(Cell):
    """The dense Tensor of a COOTensor (duplicate coordinates summed).

    Inputs:
        - **sparse_tensor** (COOTensor) - the sparse tensor.

    Outputs:
        Tensor, of the COOTensor's shape.

    Raises:
        TypeError: the input is not a COOTensor.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32), ms.Tensor([1.0, 2.0]), (3, 4))
        >>> print(nn.SparseToDense()(x))
        [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
    """

    def construct(self, sparse_tensor: Any) -> Tensor:
        if not isinstance(sparse_tensor, COOTensor):
            raise TypeError(
                "For 'SparseToDense', the 'sparse_tensor' must be a COOTensor, but got "
                f"{type(sparse_tensor).__name__}"
            )
        return sparse_tensor.to_dense()


class SparseTensorDenseMatmul(Cell):
    """A 2-D sparse tensor (indices, values, shape) times a dense matrix
    (``ops.SparseTensorDenseMatmul``).

    Args:
        adjoint_st (bool): transpose the sparse factor first. Default: ``False``.
        adjoint_dt (bool): transpose the dense factor first. Default: ``False``.

    Inputs:
        - **indices** (Tensor) - int32/int64, :math:`(N, 2)`.
        - **values** (Tensor) - :math:`(N,)`.
        - **sparse_shape** (tuple(int)) - the sparse factor's dense shape.
        - **dense** (Tensor) - 2-D.

    Outputs:
        Tensor.

    Raises:
        TypeError: ``adjoint_st``/``adjoint_dt`` are not bools.
        ValueError: the inner dimensions differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.SparseTensorDenseMatmul()
        >>> idx = ms.Tensor([[0, 1], [1, 2]], ms.int32)
        >>> dense = ms.Tensor(np.arange(8, dtype=np.float32).reshape(4, 2))
        >>> print(net(idx, ms.Tensor([-1.0, 2.0]), (3, 4), dense))
        [[-2. -3.]
         [ 8. 10.]
         [ 0.  0.]]
    """

    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False) -> None:
        super().__init__()
        self.adjoint_st = adjoint_st
        self.adjoint_dt = adjoint_dt
        self.sparse_dense_matmul = _SparseDenseMatmul(adjoint_st, adjoint_dt)

    def construct(self, indices: Any, values: Any, sparse_shape: Any, dense: Any) -> Tensor:
        return self.sparse_dense_matmul(indices, values, sparse_shape, dense)
