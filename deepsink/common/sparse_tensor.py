"""MindSpore's sparse tensors: ``COOTensor``, ``CSRTensor``, ``RowTensor`` (and the deprecated
``SparseTensor``), each a small box of index and value arrays plus a static dense shape.

They are JAX pytrees (the arrays are the leaves, the shape is static), so they cross
``GRAPH_MODE``/``jit``, ``vmap`` and ``grad`` like Tensors. Conversions to dense and products
with dense matrices use ``jax.experimental.sparse`` (``BCOO``), whose duplicate-summing
``todense`` is MindSpore's ``tensor_scatter_add``; everything with a static output shape is
plain ``jnp`` and so compiles. The methods whose output size depends on the indices' values
(``coalesce``, ``add`` of two COOTensors) live with the functional ops, which run them on the host.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor

if TYPE_CHECKING:
    from jax.experimental import sparse as jsparse

_INDEX_DTYPES = (np.int16, np.int32, np.int64)

# ``COOTensor.coalesce``/``add`` and the CSR ops whose kernels are ops are bound here by
# ``deepsink.ops.function.sparse_func`` (common cannot import ops).
SPARSE_OPS: dict[str, Any] = {}


def _text(a: Any) -> str:
    """A value as MindSpore prints it inside a sparse tensor's repr (NumPy's layout, floats in
    ``%.8e``)."""
    a = np.asarray(a)
    if a.size == 0:
        return ""
    fmt = None
    if np.issubdtype(a.dtype, np.floating) or a.dtype.name == "bfloat16":
        a = a.astype(np.float64) if a.dtype.name == "bfloat16" else a
        fmt = {"float_kind": lambda v: f"{v: .8e}"}
    text = np.array2string(a, separator=" ", formatter=fmt, threshold=1000)
    return ("\n" if a.ndim > 1 else "") + text


def _tensor_text(a: jax.Array) -> str:
    shape = list(a.shape)
    return f"Tensor(shape={shape}, dtype={mstype.from_np(a.dtype)}, value={_text(a)})"


def _check_shape_tuple(shape: Any) -> None:
    if not isinstance(shape, tuple):
        raise TypeError(f"For SparseTensors, 'shape' must be tuple, but got {type(shape)}.")


def _check_tensor(x: Any, arg: str, who: str = "SparseTensors") -> None:
    if not isinstance(x, Tensor):
        raise TypeError(f"For {who}, '{arg}' must be Tensor, but got {type(x)}.")


class _Sparse:
    """What the sparse formats share: the values' dtype, size and itemsize, and printing."""

    _values: jax.Array
    _shape: tuple[int, ...]
    _sparse_operand = True  # ``Tensor <op> sparse`` defers to the sparse tensor's reflected op

    @property
    def values(self) -> Tensor:
        """The stored (non-zero) values."""
        return Tensor._from(self._values)

    @property
    def shape(self) -> tuple[int, ...]:
        """The dense shape."""
        return self._shape

    @property
    def dtype(self) -> mstype.Type:
        """The dtype of the values."""
        return mstype.from_np(self._values.dtype)

    @property
    def size(self) -> int:
        """The number of stored values."""
        return int(self._values.size)

    @property
    def itemsize(self) -> int:
        """The length of one value in bytes."""
        return self._values.dtype.itemsize

    @property
    def ndim(self) -> int:
        """The number of dense dimensions."""
        return len(self._shape)

    def _parts(self) -> list[tuple[str, jax.Array]]:
        raise NotImplementedError

    def __repr__(self) -> str:
        parts = ", ".join(f"{k}={_tensor_text(v)}" for k, v in self._parts())
        return f"{self._kind}(shape={list(self._shape)}, dtype={self.dtype}, {parts})"

    __str__ = __repr__


def _check_copy(other: Any, cls: type, arg: str, **given: Any) -> None:
    """MindSpore's rule for a sparse tensor built from another (``coo_tensor=``...): ``other`` is
    a ``cls`` and every other argument (``given``) is None."""
    if not isinstance(other, cls):
        raise TypeError(f"Expect input `{arg}` to be a {cls._kind}, but got {type(other)}")
    if any(v is not None for v in given.values()):
        names = ", ".join(f"`{n}`" for n in given)
        raise TypeError(f"If input `{arg}` is provided, {names} should all be `None`")


# --------------------------------------------------------------------------------- COOTensor


def _check_coo(indices: Any, values: Any, shape: Any) -> None:
    _check_tensor(indices, "indices")
    _check_tensor(values, "values")
    _check_shape_tuple(shape)
    ishp, vshp = tuple(indices.shape), tuple(values.shape)
    if len(shape) != 2:
        raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {shape}.")
    if not (ishp == (0,) and vshp == (0,)):
        size = 1
        for s in shape:
            if not isinstance(s, int) or isinstance(s, bool):
                raise TypeError(
                    f"For COOTensor, the element type of 'shape' must be int, but got {type(s)}"
                )
            if s <= 0:
                raise ValueError(
                    f"For COOTensor, the element of 'shape' must be positive, but got {s} in {shape}."
                )
            size *= s
        if len(vshp) >= 1 and size < vshp[0]:
            raise ValueError(
                f"For COOTensor, shape is too small: ({size}) to hold all values({vshp[0]})."
            )
        if len(ishp) != 2:
            raise ValueError(
                f"For COOTensor, 'indices' must be a 2-dimensional tensor, but got a {len(ishp)}"
                "-dimensional tensor."
            )
        if len(vshp) != 1:
            raise ValueError(
                f"For COOTensor, 'values' must be a 1-dimensional tensor, but got a {len(vshp)}"
                "-dimensional tensor."
            )
        if ishp[0] != vshp[0]:
            raise ValueError(
                "For COOTensor, 'indices.shape[0]' must be equal to 'values.shape[0]', but got "
                f"'indices.shape[0]' = {ishp[0]} and 'values.shape[0]' = {vshp[0]}."
            )
        if ishp[1] != 2:
            raise ValueError(f"For COOTensor, 'indices.shape[1]' must be 2, but got {ishp[1]}.")
    if indices._data.dtype not in _INDEX_DTYPES:
        raise TypeError(
            "For COOTensor, the type of 'indices' must be one of [int16, int32, int64], but got "
            f"{indices.dtype}."
        )


def _same_shape(a: Any, b: Any) -> None:
    if tuple(a.shape) != tuple(b.shape):
        raise ValueError("Input tensors should have the same shape.")


class COOTensor(_Sparse):
    """A sparse tensor in coordinate format: ``dense[indices[i]] = values[i]`` (MindSpore's
    ``COOTensor``; duplicate coordinates are summed when made dense).

    Args:
        indices (Tensor, optional): 2-D int16/int32/int64 Tensor of shape :math:`(N, 2)`, the
            coordinates of the values. Default: ``None``.
        values (Tensor, optional): 1-D Tensor of shape :math:`(N,)`, the values. Default: ``None``.
        shape (tuple(int), optional): the dense shape, of length 2. Default: ``None``.
        coo_tensor (COOTensor, optional): copy this COOTensor instead. Default: ``None``.

    Raises:
        TypeError: ``indices``/``values`` are not Tensors, ``shape`` is not a tuple, the indices
            are not int16/int32/int64, or ``coo_tensor`` is given with the other arguments.
        ValueError: the shapes of ``indices``, ``values`` and ``shape`` do not fit together.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import Tensor, COOTensor
        >>> indices = Tensor([[0, 1], [1, 2]], dtype=ms.int32)
        >>> values = Tensor([1, 2], dtype=ms.float32)
        >>> x = COOTensor(indices, values, (3, 4))
        >>> print(x.values)
        [1. 2.]
        >>> print(x.shape)
        (3, 4)
        >>> print(x.to_dense())
        [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
    """

    _kind = "COOTensor"

    def __init__(
        self, indices: Any = None, values: Any = None, shape: Any = None, coo_tensor: Any = None
    ) -> None:
        if coo_tensor is not None:
            _check_copy(
                coo_tensor, COOTensor, "coo_tensor", indices=indices, values=values, shapes=shape
            )
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        else:
            _check_coo(indices, values, shape)
        self._indices = jax.lax.stop_gradient(indices._data)
        self._values = values._data
        self._shape = tuple(int(s) for s in shape)

    @classmethod
    def _from(cls, indices: jax.Array, values: jax.Array, shape: tuple) -> COOTensor:
        t = object.__new__(cls)
        t._indices, t._values, t._shape = indices, values, tuple(shape)
        return t

    def _parts(self) -> list[tuple[str, jax.Array]]:
        return [("indices", self._indices), ("values", self._values)]

    @property
    def indices(self) -> Tensor:
        """The coordinates of the values, :math:`(N, 2)`."""
        return Tensor._from(self._indices)

    def _bcoo(self) -> jsparse.BCOO:
        from jax.experimental import sparse as jsparse  # on first use: it imports SciPy, slow

        return jsparse.BCOO((self._values, self._indices), shape=self._shape)

    def to_dense(self) -> Tensor:
        """The dense Tensor (duplicate coordinates summed).

        Returns:
            Tensor, of shape ``self.shape`` and the values' dtype.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.COOTensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([5.0]), (2, 2))
            >>> print(x.to_dense())
            [[0. 5.]
             [0. 0.]]
        """
        if self._indices.ndim != 2:  # the empty form (indices of shape (0,)), as MindSpore
            raise ValueError(
                "For TensorScatterAdd, the dimension of 'indices' cannot be less than 2, but got "
                f"{self._indices.ndim}"
            )
        return Tensor._from(self._bcoo().todense())

    def to_csr(self) -> CSRTensor:
        """The same tensor in CSR format (entries ordered by row, stably).

        Returns:
            CSRTensor.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.COOTensor(ms.Tensor([[1, 0], [0, 2]], ms.int32), ms.Tensor([1.0, 2.0]), (2, 3))
            >>> print(x.to_csr().indptr, x.to_csr().indices)
            [0 1 2] [2 0]
        """
        rows, cols = self._indices[:, 0], self._indices[:, 1]
        order = jnp.argsort(rows, stable=True)
        indptr = coo_to_indptr(rows[order], self._shape[0])
        return CSRTensor._from(indptr, cols[order], self._values[order], self._shape)

    def to_tuple(self) -> tuple[Tensor, Tensor, tuple[int, ...]]:
        """``(indices, values, shape)``.

        Returns:
            tuple.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.COOTensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([5.0]), (2, 2))
            >>> print(x.to_tuple()[2])
            (2, 2)
        """
        return self.indices, self.values, self._shape

    def astype(self, dtype: Any) -> COOTensor:
        """A copy with the values cast to ``dtype``.

        Args:
            dtype (Union[mindspore.dtype, numpy.dtype, str]): the values' new dtype.

        Returns:
            COOTensor.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.COOTensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([5.0]), (2, 2))
            >>> print(x.astype(ms.float64).dtype)
            Float64
        """
        return COOTensor._from(self._indices, self.values.astype(dtype)._data, self._shape)

    def abs(self) -> COOTensor:
        """The absolute values, at the same coordinates.

        Returns:
            COOTensor.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.COOTensor(ms.Tensor([[0, 1]], ms.int32), ms.Tensor([-5.0]), (2, 2))
            >>> print(x.abs().values)
            [5.]
        """
        return COOTensor._from(self._indices, jnp.abs(self._values), self._shape)

    def coalesce(self) -> COOTensor:
        """A copy with duplicate coordinates summed and the coordinates sorted (int64 indices).

        Returns:
            COOTensor.

        Examples:
            >>> import deepsink as ms
            >>> idx = ms.Tensor([[0, 1], [0, 1], [1, 2]], ms.int64)
            >>> x = ms.COOTensor(idx, ms.Tensor([1.0, 5.0, 4.0]), (3, 3)).coalesce()
            >>> print(x.values)
            [6. 4.]
        """
        return SPARSE_OPS["coo_coalesce"](self)

    def add(self, other: COOTensor, thresh: Any) -> COOTensor:
        """The sum with another COOTensor (``ops.coo_add``): summed entries smaller in magnitude
        than ``thresh`` are dropped.

        Args:
            other (COOTensor): the other summand (int64 indices, as this one's).
            thresh (Tensor): 0-D magnitude threshold.

        Returns:
            COOTensor.

        Examples:
            >>> import deepsink as ms
            >>> a = ms.COOTensor(ms.Tensor([[0, 1]], ms.int64), ms.Tensor([1.0]), (2, 2))
            >>> b = ms.COOTensor(ms.Tensor([[1, 0]], ms.int64), ms.Tensor([2.0]), (2, 2))
            >>> print(a.add(b, ms.Tensor(0.0)).values)
            [1. 2.]
        """
        return SPARSE_OPS["coo_add"](self, other, thresh)

    def __neg__(self) -> COOTensor:
        return COOTensor._from(self._indices, -self._values, self._shape)

    def _dense_other(self, other: Any, what: str) -> None:
        if not hasattr(other, "shape"):
            raise TypeError(f"COOTensor {what} with {type(other)} is not supported.")
        _same_shape(self, other)

    def __add__(self, other: Any) -> Any:
        self._dense_other(other, "add")
        if isinstance(other, Tensor):
            return _scatter_add(other._data, self._indices, self._values)
        if isinstance(other, COOTensor):
            return SPARSE_OPS["coo_add"](self, other, Tensor(0, self.dtype))
        raise TypeError(f"COOTensor add with {type(other)} is not supported.")

    def __sub__(self, other: Any) -> Any:
        self._dense_other(other, "subtract")
        if isinstance(other, Tensor):
            return _scatter_add(-other._data, self._indices, self._values)
        if isinstance(other, COOTensor):
            return SPARSE_OPS["coo_add"](self, -other, Tensor(0, self.dtype))
        raise TypeError(f"COOTensor subtract with {type(other)} is not supported.")

    def __mul__(self, other: Any) -> COOTensor:
        self._dense_other(other, "multiply")
        if isinstance(other, Tensor):
            picked = _gather(other._data, self._indices)
            return COOTensor._from(self._indices, self._values * picked, self._shape)
        raise TypeError(f"COOTensor multiply with {type(other)} is not supported.")

    def __truediv__(self, other: Any) -> COOTensor:
        self._dense_other(other, "divide")
        if isinstance(other, Tensor):
            picked = _gather(other._data, self._indices)
            return COOTensor._from(self._indices, self._values / picked, self._shape)
        raise TypeError(f"COOTensor divide with {type(other)} is not supported.")

    __div__ = __truediv__


def _gather(dense: jax.Array, indices: jax.Array) -> jax.Array:
    return dense[tuple(indices[:, k] for k in range(indices.shape[1]))]


def _scatter_add(dense: jax.Array, indices: jax.Array, values: jax.Array) -> Tensor:
    at = tuple(indices[:, k] for k in range(indices.shape[1]))
    return Tensor._from(dense.at[at].add(values.astype(dense.dtype)))


def coo_to_indptr(rows: jax.Array, height: int) -> jax.Array:
    """CSR row pointers of ``height`` rows from the row index of every entry (any order)."""
    counts = jnp.bincount(rows, length=height) if rows.size else jnp.zeros(height, rows.dtype)
    return jnp.concatenate([jnp.zeros(1, rows.dtype), jnp.cumsum(counts).astype(rows.dtype)])


def indptr_to_rows(indptr: jax.Array, nnz: int) -> jax.Array:
    """The row of each of the ``nnz`` entries of a CSR tensor with row pointers ``indptr``."""
    pos = jnp.arange(nnz, dtype=indptr.dtype)
    return (jnp.searchsorted(indptr, pos, side="right") - 1).astype(indptr.dtype)


# --------------------------------------------------------------------------------- CSRTensor


def _check_csr(indptr: Any, indices: Any, values: Any, shape: Any) -> None:
    _check_tensor(indptr, "indptr", "CSRTensor")
    _check_tensor(indices, "indices")
    _check_tensor(values, "values")
    _check_shape_tuple(shape)
    pshp, ishp, vshp = tuple(indptr.shape), tuple(indices.shape), tuple(values.shape)
    if not (pshp == (0,) and ishp == (0,) and vshp == (0,)):
        size = vsize = 1
        for s in shape:
            if not isinstance(s, int) or isinstance(s, bool):
                raise TypeError(
                    f"For CSRTensor, the element type of shape must be int, but got {type(s)}"
                )
            if s <= 0:
                raise ValueError(
                    f"For CSRTensor, the element of shape must be positive, but got {s}"
                )
            size *= s
        for s in vshp:
            if s <= 0:
                raise ValueError(f"The element of shape must be positive, but got {s}")
            vsize *= s
        if size < vsize:
            raise ValueError(
                f"Shape total size: {size} is too small to hold {vsize} non-zero values."
            )
        if len(ishp) != 1:
            raise ValueError(
                "For CSRTensor, indices must be a 1-dimensional tensor, but got a "
                f"{len(ishp)} dimension tensor."
            )
        if len(pshp) != 1:
            raise ValueError(
                "For CSRTensor, indptr must be a 1-dimensional tensor, but got a "
                f"{len(pshp)} dimension tensor."
            )
        if shape[0] + 1 != pshp[0]:
            raise ValueError(
                f"For CSRTensor, indptr must have length (1 + shape[0]), but got: {pshp[0]}"
            )
        if ishp[0] != vshp[0]:
            raise ValueError(
                "For CSRTensor, indices and values must equal in their shape, but got indices "
                f"shape: {ishp[0]}, values shape: {vshp[0]}."
            )
        if len(vshp) + 1 != len(shape):
            raise ValueError(
                "Values' dimension should equal to CSRTensor's dimension - 1, but got Values' "
                f"dimension: {len(vshp)} , CSRTensor's dimension: {len(shape)}"
            )
        if vshp[1:] != tuple(shape[2:]):
            raise ValueError(
                "CSRTensor's shape[2: ] must be equal to value's shape[1: ], but CSRTensor's "
                f"shape[2: ] got: {tuple(shape[2:])} and value's shape[1: ] got: {vshp[1:]}"
            )
    for arg, x in (("indptr", indptr), ("indices", indices)):
        if x._data.dtype not in _INDEX_DTYPES:
            raise TypeError(
                f"For CSRTensor, {arg} must have int16 or int32 or int64 data type, but got "
                f"{x.dtype}."
            )


class CSRTensor(_Sparse):
    """A sparse tensor in compressed sparse row format (MindSpore's ``CSRTensor``): row ``i``'s
    entries are ``values[indptr[i]:indptr[i+1]]`` at columns ``indices[indptr[i]:indptr[i+1]]``.

    Args:
        indptr (Tensor, optional): 1-D int16/int32/int64 Tensor of length ``shape[0] + 1``, the
            row pointers. Default: ``None``.
        indices (Tensor, optional): 1-D int16/int32/int64 Tensor, the column of each value.
            Default: ``None``.
        values (Tensor, optional): the values, ``values.shape[0] == indices.shape[0]`` and
            ``values.shape[1:] == shape[2:]``. Default: ``None``.
        shape (tuple(int), optional): the dense shape. Default: ``None``.
        csr_tensor (CSRTensor, optional): copy this CSRTensor instead. Default: ``None``.

    Raises:
        TypeError: an argument is not a Tensor / tuple, the index dtypes are not int16, int32 or
            int64, or ``csr_tensor`` is given with the other arguments.
        ValueError: the shapes do not fit together.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import Tensor, CSRTensor
        >>> indptr = Tensor([0, 1, 2], ms.int32)
        >>> indices = Tensor([0, 1], ms.int32)
        >>> values = Tensor([1, 2], ms.float32)
        >>> x = CSRTensor(indptr, indices, values, (2, 4))
        >>> print(x.shape, x.dtype)
        (2, 4) Float32
        >>> print(x.to_dense())
        [[1. 0. 0. 0.]
         [0. 2. 0. 0.]]
    """

    _kind = "CSRTensor"

    def __init__(
        self,
        indptr: Any = None,
        indices: Any = None,
        values: Any = None,
        shape: Any = None,
        csr_tensor: Any = None,
    ) -> None:
        if csr_tensor is not None:
            given = {"indptr": indptr, "indices": indices, "values": values, "shapes": shape}
            _check_copy(csr_tensor, CSRTensor, "csr_tensor", **given)
            c = csr_tensor
            indptr, indices, values, shape = c.indptr, c.indices, c.values, c.shape
        else:
            _check_csr(indptr, indices, values, shape)
        self._indptr = jax.lax.stop_gradient(indptr._data)
        self._indices = jax.lax.stop_gradient(indices._data)
        self._values = values._data
        self._shape = tuple(int(s) for s in shape)

    @classmethod
    def _from(cls, indptr: Any, indices: Any, values: Any, shape: tuple) -> CSRTensor:
        t = object.__new__(cls)
        t._indptr, t._indices, t._values, t._shape = indptr, indices, values, tuple(shape)
        return t

    def _parts(self) -> list[tuple[str, jax.Array]]:
        return [("indptr", self._indptr), ("indices", self._indices), ("values", self._values)]

    @property
    def indptr(self) -> Tensor:
        """The row pointers, ``shape[0] + 1`` long."""
        return Tensor._from(self._indptr)

    @property
    def indices(self) -> Tensor:
        """The column of each value."""
        return Tensor._from(self._indices)

    def _rows(self) -> jax.Array:
        return indptr_to_rows(self._indptr, self._values.shape[0])

    def _check_2d(self) -> None:
        if self.ndim != 2:
            raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")

    def _bcoo(self) -> jsparse.BCOO:
        from jax.experimental import sparse as jsparse  # on first use: it imports SciPy, slow

        idx = jnp.stack([self._rows(), self._indices.astype(self._indptr.dtype)], axis=1)
        return jsparse.BCOO((self._values, idx), shape=self._shape)

    def to_tuple(self) -> tuple[Tensor, Tensor, Tensor, tuple[int, ...]]:
        """``(indptr, indices, values, shape)``.

        Returns:
            tuple.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.to_tuple()[3])
            (2, 2)
        """
        return self.indptr, self.indices, self.values, self._shape

    def to_coo(self) -> COOTensor:
        """The same tensor in COO format (2-D only).

        Returns:
            COOTensor.

        Raises:
            ValueError: the CSRTensor is not 2-D.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.to_coo().indices)
            [[0 1]]
        """
        self._check_2d()
        idx = jnp.stack([self._rows(), self._indices.astype(self._indptr.dtype)], axis=1)
        return COOTensor._from(idx.astype(self._indices.dtype), self._values, self._shape)

    def to_dense(self) -> Tensor:
        """The dense Tensor (2-D only).

        Returns:
            Tensor.

        Raises:
            ValueError: the CSRTensor is not 2-D.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.to_dense())
            [[0. 2.]
             [0. 0.]]
        """
        self._check_2d()
        if self._values.size == 0:
            return Tensor._from(jnp.zeros(self._shape, self._values.dtype))
        return Tensor._from(self._bcoo().todense())

    def astype(self, dtype: Any) -> CSRTensor:
        """A copy with the values cast to ``dtype``.

        Args:
            dtype (Union[mindspore.dtype, numpy.dtype, str]): the values' new dtype.

        Returns:
            CSRTensor.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.astype(ms.float64).dtype)
            Float64
        """
        values = self.values.astype(dtype)._data
        return CSRTensor._from(self._indptr, self._indices, values, self._shape)

    def abs(self) -> CSRTensor:
        """The absolute values, in the same places.

        Returns:
            CSRTensor.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([-2.0]), (2, 2))
            >>> print(x.abs().values)
            [2.]
        """
        return CSRTensor._from(self._indptr, self._indices, jnp.abs(self._values), self._shape)

    def mv(self, dense_vector: Any) -> Tensor:
        """The product with a dense column vector of shape ``(shape[1], 1)``.

        Args:
            dense_vector (Tensor): of shape ``(shape[1], 1)``.

        Returns:
            Tensor of shape ``(shape[0], 1)``.

        Raises:
            TypeError: ``dense_vector`` is not a Tensor.
            ValueError: ``dense_vector`` is not 2-D, or its first dimension is not ``shape[1]``.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.mv(ms.Tensor([[1.0], [3.0]])))
            [[6.]
             [0.]]
        """
        if not isinstance(dense_vector, Tensor):
            raise TypeError(
                "For 'CSRTensor.mv', the type of 'dense_vector' should be one of '['Tensor', "
                f"'TensorPy']', but got type '{type(dense_vector).__name__}'."
            )
        return SPARSE_OPS["csr_mv"](self, dense_vector)

    def mm(self, matrix: Any) -> Any:
        """The product with a dense matrix (a Tensor) or a CSRTensor of ``shape[1]`` rows.

        Args:
            matrix (Union[Tensor, CSRTensor]): the right factor.

        Returns:
            Tensor, or CSRTensor when ``matrix`` is a CSRTensor.

        Raises:
            TypeError: ``matrix`` is neither.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.mm(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
            [[6. 8.]
             [0. 0.]]
        """
        if isinstance(matrix, CSRTensor):
            return SPARSE_OPS["csr_mm"](self, matrix)
        if not isinstance(matrix, Tensor):
            raise TypeError(
                "For 'CSRTensor.mm', the type of 'matrix' should be one of '['Tensor', "
                f"'TensorPy']', but got type '{type(matrix).__name__}'."
            )
        return SPARSE_OPS["csr_mm_dense"](self, matrix)

    def sum(self, axis: int) -> Tensor:
        """The sum along ``axis`` (1 or -1: each row's sum), keeping the dimension.

        Args:
            axis (int): 1 or -1.

        Returns:
            Tensor of shape ``(shape[0], 1)``.

        Raises:
            ValueError: ``axis`` is another value.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 2, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
            ...                  ms.Tensor([2.0, 3.0]), (2, 2))
            >>> print(x.sum(1))
            [[5.]
             [0.]]
        """
        return SPARSE_OPS["csr_reduce_sum"](self, axis)

    def add(self, b: CSRTensor, alpha: Any, beta: Any) -> CSRTensor:
        """``alpha * self + beta * b`` (``ops.csr_add``).

        Args:
            b (CSRTensor): the other summand.
            alpha (Tensor): this one's factor.
            beta (Tensor): ``b``'s factor.

        Returns:
            CSRTensor.

        Examples:
            >>> import deepsink as ms
            >>> x = ms.CSRTensor(ms.Tensor([0, 1, 1], ms.int32), ms.Tensor([1], ms.int32),
            ...                  ms.Tensor([2.0]), (2, 2))
            >>> print(x.add(x, ms.Tensor(1.0), ms.Tensor(2.0)).values)
            [6.]
        """
        return SPARSE_OPS["csr_add"](self, b, alpha, beta)

    def __mul__(self, other: Any) -> Any:
        return SPARSE_OPS["csr_mul"](self, other)

    def __rmul__(self, other: Any) -> Any:  # ``dense * csr``: the product is commutative
        return SPARSE_OPS["csr_mul"](self, other)

    def __truediv__(self, other: Any) -> Any:
        return SPARSE_OPS["csr_div"](self, other)

    __div__ = __truediv__

    def __neg__(self) -> CSRTensor:
        return CSRTensor._from(self._indptr, self._indices, -self._values, self._shape)

    def __add__(self, other: Any) -> CSRTensor:
        if not hasattr(other, "shape"):
            raise TypeError(f"CSRTensor add with {type(other)} is not supported.")
        _same_shape(self, other)
        if isinstance(other, CSRTensor):
            one = Tensor(1, self.dtype)
            return SPARSE_OPS["csr_add"](self, other, one, one)
        raise TypeError(f"CSRTensor add with {type(other)} is not supported.")

    def __sub__(self, other: Any) -> CSRTensor:
        if not hasattr(other, "shape"):
            raise TypeError(f"CSRTensor subtract with {type(other)} is not supported.")
        _same_shape(self, other)
        if isinstance(other, CSRTensor):
            return SPARSE_OPS["csr_add"](self, other, Tensor(1, self.dtype), Tensor(-1, self.dtype))
        raise TypeError(f"CSRTensor subtract with {type(other)} is not supported.")


# --------------------------------------------------------------------------------- RowTensor


class RowTensorInner(_Sparse):
    """A set of slices of a dense tensor along its first axis: ``dense[indices[i]] =
    values[i]`` (MindSpore's ``RowTensorInner``, the class behind ``RowTensor``).

    Args:
        indices (Tensor): 1-D int Tensor of shape :math:`(d_0,)`, the rows. Default: ``None``.
        values (Tensor): Tensor of shape :math:`(d_0, d_1, ..., d_n)`, the rows' values.
            Default: ``None``.
        shape (tuple(int)): the dense shape :math:`(l_0, d_1, ..., d_n)`. Default: ``None``.
        row_tensor (RowTensor): copy this RowTensor instead. Default: ``None``.

    Raises:
        TypeError: ``row_tensor`` is not a RowTensor, or is given with the other arguments;
            ``indices``/``values`` are not Tensors or ``shape`` is not a tuple.
        ValueError: ``values`` does not fit ``shape`` or ``indices``.

    Examples:
        >>> import deepsink as ms
        >>> x = ms.RowTensor(ms.Tensor([0]), ms.Tensor([[1, 2]], ms.float32), (3, 2))
        >>> print(x.values)
        [[1. 2.]]
        >>> print(x.dense_shape)
        (3, 2)
    """

    _kind = "RowTensor"

    def __init__(
        self, indices: Any = None, values: Any = None, shape: Any = None, row_tensor: Any = None
    ) -> None:
        if row_tensor is not None:
            _check_copy(
                row_tensor,
                RowTensorInner,
                "row_tensor",
                indices=indices,
                values=values,
                shapes=shape,
            )
            indices, values, shape = row_tensor.indices, row_tensor.values, row_tensor.dense_shape
        _check_tensor(indices, "indices", "RowTensor")
        _check_tensor(values, "values", "RowTensor")
        if not isinstance(shape, tuple | list):
            raise TypeError(f"For RowTensor, 'shape' must be tuple, but got {type(shape)}.")
        if (
            indices.ndim != 1
            or values.ndim != len(shape)
            or (
                values.ndim
                and (values.shape[0] != indices.shape[0] or values.shape[1:] != tuple(shape[1:]))
            )
        ):
            raise ValueError(
                f"For RowTensor, 'values' of shape {values.shape} must be (len(indices), "
                f"*shape[1:]) for 1-D 'indices' of shape {indices.shape} and shape {tuple(shape)}"
            )
        self._indices = jax.lax.stop_gradient(indices._data)
        self._values = values._data
        self._shape = tuple(int(s) for s in shape)

    @classmethod
    def _from(cls, indices: Any, values: Any, shape: tuple) -> RowTensorInner:
        t = object.__new__(cls)
        t._indices, t._values, t._shape = indices, values, tuple(shape)
        return t

    def _parts(self) -> list[tuple[str, jax.Array]]:
        return [("indices", self._indices), ("values", self._values)]

    @property
    def indices(self) -> Tensor:
        """The rows of the dense tensor that the values fill."""
        return Tensor._from(self._indices)

    @property
    def dense_shape(self) -> tuple[int, ...]:
        """The dense shape."""
        return self._shape


class RowTensor(RowTensorInner):
    """MindSpore's ``RowTensor`` (deprecated there since 1.7): ``dense[indices[i], ...] =
    values[i, ...]``; see ``RowTensorInner``.

    Args:
        indices (Tensor): 1-D int Tensor of shape :math:`(d_0,)`. Default: ``None``.
        values (Tensor): Tensor of shape :math:`(d_0, d_1, ..., d_n)`. Default: ``None``.
        shape (tuple(int)): the dense shape. Default: ``None``.
        row_tensor (RowTensor): copy this RowTensor instead. Default: ``None``.

    Raises:
        TypeError: as ``RowTensorInner``.
        ValueError: as ``RowTensorInner``.

    Examples:
        >>> import deepsink as ms
        >>> x = ms.RowTensor(ms.Tensor([0]), ms.Tensor([[1, 2]], ms.float32), (3, 2))
        >>> print(x.indices)
        [0]
    """


# ------------------------------------------------------------------------------- SparseTensor


class SparseTensor(_Sparse):
    """MindSpore's deprecated ``SparseTensor`` (use ``COOTensor``): ``dense[indices[i]] =
    values[i]``, with only the ``indices``, ``values`` and ``shape`` properties.

    Args:
        indices (Tensor): 2-D int Tensor of shape :math:`(N, ndims)`.
        values (Tensor): 1-D Tensor of shape :math:`(N,)`.
        shape (tuple(int)): the dense shape.

    Raises:
        TypeError: the arguments are not ``(Tensor, Tensor, tuple)``.

    Examples:
        >>> import deepsink as ms
        >>> x = ms.SparseTensor(ms.Tensor([[0, 1], [1, 2]]), ms.Tensor([1, 2], ms.float32), (3, 4))
        >>> print(x.values)
        [1. 2.]
        >>> print(x.shape)
        (3, 4)
    """

    _kind = "COOTensor"

    def __init__(self, indices: Any, values: Any, shape: Any) -> None:
        if not (
            isinstance(indices, Tensor) and isinstance(values, Tensor) and isinstance(shape, tuple)
        ):
            raise TypeError("Inputs must follow: COOTensor(indices, values, shape).")
        self._indices = jax.lax.stop_gradient(indices._data)
        self._values = values._data
        self._shape = tuple(int(s) for s in shape)

    @classmethod
    def _from(cls, indices: Any, values: Any, shape: tuple) -> SparseTensor:
        t = object.__new__(cls)
        t._indices, t._values, t._shape = indices, values, tuple(shape)
        return t

    def _parts(self) -> list[tuple[str, jax.Array]]:
        return [("indices", self._indices), ("values", self._values)]

    @property
    def indices(self) -> Tensor:
        """The coordinates of the values."""
        return Tensor._from(self._indices)


# The arrays are the pytree's leaves and the dense shape its static part, so a sparse tensor
# is an argument or a result of a compiled function like a Tensor.
for _cls in (COOTensor, RowTensorInner, RowTensor, SparseTensor):
    jax.tree_util.register_pytree_node(
        _cls,
        lambda t: ((t._indices, t._values), t._shape),
        lambda shape, c, cls=_cls: cls._from(c[0], c[1], shape),
    )
jax.tree_util.register_pytree_node(
    CSRTensor,
    lambda t: ((t._indptr, t._indices, t._values), t._shape),
    lambda shape, c: CSRTensor._from(c[0], c[1], c[2], shape),
)

__all__ = ["COOTensor", "CSRTensor", "RowTensor", "RowTensorInner", "SparseTensor"]
