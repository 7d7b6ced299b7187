"""Embedding lookup table (MindSpore's ``nn.Embedding``)."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp

from deepsink import _checkparam as validator
from deepsink._core.validate import check_bool, fail_arg
from deepsink.common import dtype as mstype
from deepsink.common import indexing
from deepsink.common.initializer import initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell
from deepsink.ops.function import embedding_func as E
from deepsink.ops.function.array_func import gather


class Embedding(Cell):
    r"""A lookup table: maps int ids of shape (*) to rows of a (vocab_size, embedding_size) table.
    The table starts from ``embedding_table`` (default ``'normal'``, N(0, 0.01)); row ``padding_idx``
    starts at zero but still receives gradients, as in MindSpore. ``use_one_hot`` computes the lookup
    as a one-hot matrix product.

    Args:
        vocab_size (int): the number of rows.
        embedding_size (int): the size of each row.
        use_one_hot (bool): look up by one-hot matmul. Default: ``False``.
        embedding_table (Union[Tensor, str, Initializer]): the table's initializer. Default: ``'normal'``.
        dtype (mindspore.dtype): a number type, recorded and shown in the repr (MindSpore documents
            it as the ids' type); the table is float32. Default: ``mstype.float32``.
        padding_idx (int, optional): a row initialised to zero. Default: ``None``.

    Inputs:
        - **x** (Tensor) - int ids, any shape, values in [-vocab_size, vocab_size) (negative ids
          count from the end, as MindSpore's Gather).

    Outputs:
        Tensor of shape :math:`(*x.shape, embedding\_size)`.

    Raises:
        TypeError: ``vocab_size`` or ``embedding_size`` is not an int, ``use_one_hot`` not a bool, or the ids not an int Tensor.
        ValueError: ``padding_idx`` is out of range.
        RuntimeError: an id is out of range (MindSpore's Gather error); inside a compiled program
            (``jit``, GRAPH_MODE, the sink), raised when the program runs.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> emb = nn.Embedding(4, 2, embedding_table='ones')
        >>> print(emb(ms.Tensor(np.array([[0, 3]], np.int32))))
        [[[1. 1.]
          [1. 1.]]]
    """

    def __init__(
        self,
        vocab_size: int,
        embedding_size: int,
        use_one_hot: bool = False,
        embedding_table: Any = "normal",
        dtype: Any = mstype.float32,
        padding_idx: int | None = None,
    ) -> None:
        super().__init__()
        for name, v in (("vocab_size", vocab_size), ("embedding_size", embedding_size)):
            if isinstance(v, bool) or not isinstance(v, int):
                fail_arg("Embedding", name, "an int", v, TypeError)
        self.vocab_size, self.embedding_size = vocab_size, embedding_size
        self.use_one_hot = check_bool(use_one_hot, "use_one_hot", "Embedding")
        if dtype not in mstype.number_type:
            fail_arg("Embedding", "dtype", "a number type", dtype, TypeError)
        self.dtype = dtype
        table = initializer(embedding_table, (vocab_size, embedding_size))._data
        if padding_idx is not None:
            if (
                isinstance(padding_idx, bool)
                or not isinstance(padding_idx, int)
                or not (0 <= padding_idx < vocab_size)
            ):
                fail_arg(
                    "Embedding", "padding_idx", f"an int in range [0, {vocab_size})", padding_idx
                )
            table = table.at[padding_idx].set(0)
        self.padding_idx = padding_idx
        self.embedding_table = Parameter(Tensor._from(table), name="embedding_table")

    def construct(self, ids: Tensor) -> Tensor:
        a = unwrap(ids)
        if not jnp.issubdtype(a.dtype, jnp.integer):
            raise TypeError(
                f"For 'Embedding', the input 'ids' must be an int tensor, but got {mstype.from_np(a.dtype)}"
            )
        table = self.embedding_table._data
        if self.use_one_hot:
            indexing.check_gather(a, self.vocab_size)  # eagerly, or when a compiled program runs
            out = E.one_hot_lookup(table, a)
        else:
            out = gather(Tensor._from(table), Tensor._from(a), 0)._data
        return Tensor._from(out)

    def extend_repr(self) -> str:
        return (
            f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
            f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
            f"dtype={self.dtype}, padding_idx={self.padding_idx}"
        )


class EmbeddingLookup(Cell):
    r"""A lookup table ``embedding_table`` of shape (vocab_size, embedding_size), read at
    ``indices``; an index outside ``[0, vocab_size)`` reads zeros (MindSpore's CPU lookup).
    With ``max_norm``, each looked-up row's L2 norm is clipped to it.

    ``slice_mode`` and ``manual_shapes`` choose how MindSpore shards the table in its
    semi-auto-parallel modes; deepsink's data-parallel training replicates the table, and these
    are validated but select nothing else, as in MindSpore without a parallel mode.

    Args:
        vocab_size (int): the number of rows.
        embedding_size (int): the size of each row.
        param_init (Union[Tensor, str, Initializer, numbers.Number]): the table's init.
            Default: ``'normal'``.
        target (str): ``'CPU'`` or ``'DEVICE'`` (where MindSpore runs the lookup; the same
            values here). Default: ``'CPU'``.
        slice_mode (str): ``'batch_slice'``, ``'field_slice'``, ``'table_row_slice'`` or
            ``'table_column_slice'``. Default: ``'batch_slice'``.
        manual_shapes (tuple, optional): the field-slice shard sizes. Default: ``None``.
        max_norm (Union[float, None]): the rows' norm limit. Default: ``None``.
        sparse (bool): sparse gradients (must be True with ``target='CPU'``, as MindSpore).
            Default: ``True``.
        dtype (mindspore.dtype): the table's dtype. Default: ``mstype.float32``.

    Inputs:
        - **indices** (Tensor) - integer indices.

    Outputs:
        Tensor of shape ``indices.shape + (embedding_size,)``.

    Raises:
        TypeError: ``sparse`` is not a bool.
        ValueError: ``target`` or ``slice_mode`` is unknown, ``sparse`` is False with
            ``target='CPU'``, or a size is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.EmbeddingLookup(4, 2, param_init='ones')
        >>> print(net(ms.Tensor([[1, 5]], ms.int32)))
        [[[1. 1.]
          [0. 0.]]]
    """

    _api = "EmbeddingLookup"

    def __init__(
        self,
        vocab_size: int,
        embedding_size: int,
        param_init: Any = "normal",
        target: str = "CPU",
        slice_mode: str = "batch_slice",
        manual_shapes: Any = None,
        max_norm: Any = None,
        sparse: bool = True,
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__()
        from deepsink._core.validate import check_positive_int

        api = self._api
        self.sparse = check_bool(sparse, "sparse", api)
        self.vocab_size = check_positive_int(vocab_size, "vocab_size", api)
        self.embedding_size = check_positive_int(embedding_size, "embedding_size", api)
        if target not in ("CPU", "DEVICE"):
            fail_arg(api, "target", "'CPU' or 'DEVICE'", target)
        if not sparse and target == "CPU":
            fail_arg(api, "sparse", "True when 'target' is 'CPU'", sparse)
        modes = ("field_slice", "table_row_slice", "table_column_slice", "batch_slice")
        if slice_mode not in modes:
            fail_arg(api, "slice_mode", f"one of {list(modes)}", slice_mode)
        self.target, self.slice_mode, self.manual_shapes = target, slice_mode, manual_shapes
        self.max_norm = max_norm
        self.embedding_table = Parameter(
            initializer(param_init, [vocab_size, embedding_size], dtype), name="embedding_table"
        )

    def _lookup(self, indices: Any) -> jax.Array:
        return E.masked_lookup(unwrap(self.embedding_table), unwrap(indices), self.max_norm)

    def construct(self, indices: Tensor) -> Tensor:
        return Tensor._from(self._lookup(indices))


class MultiFieldEmbeddingLookup(EmbeddingLookup):
    r"""Embeddings of sparse multi-field features: for each sample, the rows at
    ``input_indices`` are weighted by ``input_values`` and merged per field (``field_ids``) by
    ``operator``: ``'SUM'``, ``'MEAN'`` (divided by the sum of ``|values|``) or ``'MAX'``
    (entries with value 0 are padding and ignored; an empty field gives zeros).

    Args:
        vocab_size (int): the table's rows.
        embedding_size (int): the size of each row.
        field_size (int): the number of fields.
        param_init (Union[Tensor, str, Initializer, numbers.Number]): the table's init.
            Default: ``'normal'``.
        target (str): ``'CPU'`` or ``'DEVICE'``. Default: ``'CPU'``.
        slice_mode (str): the sharding mode (see ``EmbeddingLookup``). Default: ``'batch_slice'``.
        feature_num_list (tuple, optional): the field-slice shard sizes. Default: ``None``.
        max_norm (Union[float, None]): the rows' norm limit. Default: ``None``.
        sparse (bool): sparse gradients. Default: ``True``.
        operator (str): ``'SUM'``, ``'MEAN'`` or ``'MAX'``. Default: ``'SUM'``.
        dtype (mindspore.dtype): the table's dtype. Default: ``mstype.float32``.

    Inputs:
        - **input_indices** (Tensor) - :math:`(N, S)` int32/int64 row ids.
        - **input_values** (Tensor) - :math:`(N, S)` float32 weights.
        - **field_ids** (Tensor) - :math:`(N, S)` int32 field of each entry.

    Outputs:
        Tensor of shape :math:`(N, field\_size, embedding\_size)`.

    Raises:
        TypeError: an input has the wrong dtype.
        ValueError: ``operator`` is unknown, an input is not 2-D, or an argument of
            ``EmbeddingLookup`` is invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> net = nn.MultiFieldEmbeddingLookup(4, 2, 2, param_init='ones')
        >>> ids = ms.Tensor([[1, 2, 3]], ms.int32)
        >>> vals = ms.Tensor([[1.0, 2.0, 0.5]], ms.float32)
        >>> fields = ms.Tensor([[0, 0, 1]], ms.int32)
        >>> print(net(ids, vals, fields))
        [[[3.  3. ]
          [0.5 0.5]]]
    """

    _api = "MultiFieldEmbeddingLookup"

    def __init__(
        self,
        vocab_size: int,
        embedding_size: int,
        field_size: int,
        param_init: Any = "normal",
        target: str = "CPU",
        slice_mode: str = "batch_slice",
        feature_num_list: Any = None,
        max_norm: Any = None,
        sparse: bool = True,
        operator: str = "SUM",
        dtype: Any = mstype.float32,
    ) -> None:
        super().__init__(
            vocab_size,
            embedding_size,
            param_init,
            target,
            slice_mode,
            feature_num_list,
            max_norm,
            sparse,
            dtype,
        )
        from deepsink._core.validate import check_positive_int

        self.field_size = check_positive_int(field_size, "field_size", self._api)
        if operator not in ("SUM", "MAX", "MEAN"):
            fail_arg(self._api, "operator", "one of ['SUM', 'MAX', 'MEAN']", operator)
        self.operator = operator

    def construct(self, input_indices: Tensor, input_values: Tensor, field_ids: Tensor) -> Tensor:
        api = self._api
        idx, val, fid = unwrap(input_indices), unwrap(input_values), unwrap(field_ids)
        for arg, a in (("input_indices", idx), ("input_values", val), ("field_ids", fid)):
            if a.ndim != 2:
                raise ValueError(
                    f"For '{api}', the dimension of '{arg}' must be 2d, but got {a.ndim}"
                )
        for arg, a, kinds in (
            ("input_indices", idx, [mstype.int32, mstype.int64]),
            ("input_values", val, [mstype.float32]),
            ("field_ids", fid, [mstype.int32]),
        ):
            validator.check_type_name(arg, mstype.from_np(a.dtype), kinds, api)
        for axis, (n_ids, n_in) in enumerate(zip(fid.shape, idx.shape)):
            if n_ids != n_in:  # MindSpore sums the fields with UnsortedSegmentSum
                raise ValueError(
                    "For 'UnsortedSegmentSum', the whose shape of 'segment_ids' must equal to "
                    f"the shape of 'input_x', ids[{axis}] should be = input[{axis}]: {n_in}, "
                    f"but got {n_ids}"
                )
        emb = self._lookup(input_indices) * val[..., None]  # (N, S, E)
        return Tensor._from(E.merge_fields(emb, val, fid, self.field_size, self.operator))
