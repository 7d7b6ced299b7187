"""Embedding lookup table (MindSpore's ``nn.Embedding``)."""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from deepsink._core.validate import check_bool, fail
from deepsink.common import dtype as mstype
from deepsink.common.initializer import initializer
from deepsink.common.parameter import Parameter
from deepsink.common.tensor import Tensor, unwrap
from deepsink.nn.cell import Cell


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
        - **x** (Tensor) - int ids, any shape, values in [0, vocab_size).

    Outputs:
        Tensor of shape :math:`(*x.shape, embedding\_size)`.

    Raises:
        TypeError: ``vocab_size`` or ``embedding_size`` is not an int, ``use_one_hot`` not a bool, or the ids not an int Tensor.
        ValueError: ``padding_idx`` is out of range, or an id is outside [0, vocab_size).

    Examples:
        >>> import numpy as np
        >>> import mindspore as ms
        >>> from mindspore import nn
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
                fail("Embedding", name, "an int", v, TypeError)
        self.vocab_size, self.embedding_size = vocab_size, embedding_size
        self.use_one_hot = check_bool(use_one_hot, "use_one_hot", "Embedding")
        if dtype not in mstype.number_type:
            fail("Embedding", "dtype", "a number type", dtype, TypeError)
        self.dtype = dtype
        table = initializer(embedding_table, (vocab_size, embedding_size))._data
        if padding_idx is not None:
            if (
                isinstance(padding_idx, bool)
                or not isinstance(padding_idx, int)
                or not (0 <= padding_idx < vocab_size)
            ):
                fail("Embedding", "padding_idx", f"an int in range [0, {vocab_size})", padding_idx)
            table = table.at[padding_idx].set(0)
        self.padding_idx = padding_idx
        self.embedding_table = Parameter(Tensor._from(table), name="embedding_table")

    def construct(self, ids: Tensor) -> Tensor:
        a = unwrap(ids)
        if not jnp.issubdtype(a.dtype, jnp.integer):
            raise TypeError(
                f"For 'Embedding', the input 'ids' must be an int tensor, but got {mstype.from_np(a.dtype)}"
            )
        if not isinstance(a, jax.core.Tracer) and a.size:
            host = np.asarray(a)
            lo, hi = int(host.min()), int(host.max())
            if lo < 0 or hi >= self.vocab_size:
                bad = lo if lo < 0 else hi
                fail("Embedding", "ids", f"in range [0, {self.vocab_size})", bad)
        table = self.embedding_table._data
        if self.use_one_hot:
            one_hot = jax.nn.one_hot(a.reshape(-1), self.vocab_size, dtype=table.dtype)
            out = (one_hot @ table).reshape(*a.shape, self.embedding_size)
        else:
            out = jnp.take(table, a, axis=0, mode="fill", fill_value=0)
        return Tensor._from(out)

    def extend_repr(self) -> str:
        return (
            f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
            f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
            f"dtype={self.dtype}, padding_idx={self.padding_idx}"
        )
