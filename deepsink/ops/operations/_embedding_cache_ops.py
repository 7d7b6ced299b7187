"""MindSpore's embedding-cache primitives (``mindspore/ops/operations/_embedding_cache_ops.py``,
deprecated since 2.8): ``MapUniform`` (spread keys over groups) and ``SubAndFilter`` (shift ids
into a cache's range and keep those inside)."""

from __future__ import annotations

from deepsink.ops._table_primitive import forwarding as _forwarding
from deepsink.ops.function import sequence_func as SQ

MapUniform = _forwarding(
    "MapUniform",
    SQ.map_uniform,
    "input, per_group_size, group_num",
    __name__,
    """Maps each key to ``key % group_num * per_group_size + key // group_num``.

    Inputs:
        - **input** (Tensor) - Integer keys.
        - **per_group_size** (int) - The size of each group.
        - **group_num** (int) - The number of groups.

    Outputs:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: If ``input`` is not an integer Tensor or a size is not an int.
        ValueError: If a size is not positive.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.ops.operations import _embedding_cache_ops as E
        >>> x = ms.Tensor([0, 1, 2, 3, 4, 5, 6, 7], ms.int32)
        >>> print(E.MapUniform()(x, 4, 2))
        [0 4 1 5 2 6 3 7]
    """,
)


SubAndFilter = _forwarding(
    "SubAndFilter",
    SQ.sub_and_filter,
    "input_x, max_num, offset",
    __name__,
    """Subtracts ``offset`` and keeps the results in ``[0, max_num)`` with their positions.

    Inputs:
        - **input_x** (Tensor) - Integer ids.
        - **max_num** (int) - The exclusive upper bound after the shift.
        - **offset** (int) - The shift.

    Outputs:
        Tuple of ``filter_res`` and ``filter_idx``, ``input_x``'s dtype.

    Raises:
        TypeError: If ``input_x`` is not an integer Tensor or ``max_num``/``offset`` not ints.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.ops.operations import _embedding_cache_ops as E
        >>> res, idx = E.SubAndFilter()(ms.Tensor([1, 3, 5, 8, 9, 16], ms.int32), 10, 5)
        >>> print(res, idx)
        [0 3 4] [2 3 4]
    """,
)
