"""``linear_sum_assignment``: the minimum (or maximum) weight matching of a bipartite graph, by
SciPy's solver on the host (a ``jax.pure_callback``, so it also runs inside compiled graphs)."""

from __future__ import annotations

import sys
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import scipy.optimize

from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U

_DTYPES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16",
           "uint32", "uint64", "bool")  # fmt: skip


def _assign(cost: np.ndarray, limit: np.ndarray, maximize: bool) -> tuple[np.ndarray, np.ndarray]:
    n = min(cost.shape)
    cols = int(min(max(int(limit), 0), cost.shape[1]))
    rows_out = np.full(n, -1, np.int64)
    cols_out = np.full(n, -1, np.int64)
    if cols:
        r, c = scipy.optimize.linear_sum_assignment(
            np.asarray(cost[:, :cols], np.float64), maximize=maximize
        )
        rows_out[: len(r)], cols_out[: len(c)] = r, c
    return rows_out, cols_out


_NO_LIMIT = Tensor(sys.maxsize)  # MindSpore 2.10's default: every column


def linear_sum_assignment(
    cost_matrix: Any, maximize: bool, dimension_limit: Any = _NO_LIMIT
) -> tuple[Tensor, Tensor]:
    """``(row_ind, col_ind)``, each of length ``min(cost_matrix.shape)``: the rows matched to the
    columns at least (or, with ``maximize``, at most) total cost, using only the first
    ``dimension_limit`` columns; unmatched places are -1."""
    api = "linear_sum_assignment"
    if not isinstance(cost_matrix, Tensor):
        U.fail(
            api, f"'cost_matrix' must be a Tensor, but got {type(cost_matrix).__name__}.", TypeError
        )
    cost = cost_matrix._data
    if cost.dtype.name not in _DTYPES:
        U.fail(
            api,
            f"'cost_matrix' must have one of the dtypes {list(_DTYPES)}, but got "
            f"{cost.dtype.name}.",
            TypeError,
        )
    if not isinstance(maximize, bool):
        U.fail(api, f"'maximize' must be a bool, but got {type(maximize).__name__}.", TypeError)
    limit = U.array(dimension_limit, api, "dimension_limit")
    if limit.dtype != jnp.int64:
        U.fail(
            api, f"'dimension_limit' must have dtype int64, but got {limit.dtype.name}.", TypeError
        )
    if cost.ndim != 2:
        U.fail(api, f"the rank of 'cost_matrix' must be 2, but got {cost.ndim}.")
    n = min(cost.shape)
    out = jax.ShapeDtypeStruct((n,), jnp.int64)
    rows, cols = jax.pure_callback(
        lambda c, lim: _assign(np.asarray(c), np.asarray(lim), maximize), (out, out), cost, limit
    )
    return Tensor._from(rows), Tensor._from(cols)
