"""Blocks: the unit that flows between pipeline nodes.

A block holds ``n`` consecutive rows column by column. A column is either one stacked array
``[n, ...]`` (all rows share shape and dtype: the fast case, one numpy call serves all rows) or a
list of ``n`` per-row arrays (ragged rows, e.g. encoded images before Decode). After ``batch`` a
row is a whole batch. ``ids`` optionally carries each row's index in its source, for error messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from deepsink._core.names import type_repr

Column = np.ndarray | list


class Block(NamedTuple):
    cols: tuple[Column, ...]
    n: int
    ids: np.ndarray | None = None


def as_row_array(value) -> np.ndarray:
    """MindSpore's conversion of one Python value: int -> int64, float -> float64, str stays str."""
    if type(value).__module__.startswith("PIL."):
        return np.asarray(value)
    if isinstance(value, dict):  # MindSpore 2.x passes a dict through, its values as arrays
        return {k: in_dict(v) for k, v in value.items()}
    arr = np.asarray(value)
    if arr.dtype == object:
        raise TypeError(
            f"a dataset row value must be an array or a number, but got {type_repr(value)}"
        )
    return arr


def in_dict(value):
    """A value inside a dict row as MindSpore keeps it: nested dicts, lists and tuples keep their
    structure, the leaves become arrays."""
    if isinstance(value, list | tuple):
        return type(value)(in_dict(v) for v in value)
    return as_row_array(value)


def stack(rows: Sequence[np.ndarray]) -> Column:
    """Rows as one stacked array when they share shape and dtype, else as a list (ragged rows,
    or objects such as PIL images between the operations of one map)."""
    first = rows[0]
    if not all(isinstance(r, np.ndarray | np.generic) for r in rows):  # also dict rows
        return list(rows)
    if len(rows) == 1:  # one row: a view of it (a row of hundreds of MB is not copied)
        return np.asarray(first)[None]
    if all(r.shape == first.shape and r.dtype == first.dtype for r in rows):
        return np.stack(rows)
    return list(rows)


def materialize(col: Column) -> Column:
    """A map's output column as arrays: PIL images become numpy (HWC uint8), as MindSpore hands
    them to the next operation; other values go through ``as_row_array``."""
    if (
        isinstance(col, np.ndarray)
        and col.dtype == object
        and col.ndim == 1
        and all(isinstance(r, dict) for r in col)
    ):
        col = list(col)  # an operation's dicts, one per row
    if isinstance(col, np.ndarray) or all(isinstance(r, np.ndarray | np.generic) for r in col):
        return col
    if all(isinstance(r, dict) for r in col):  # dict rows: their values as arrays, as MindSpore
        return [as_row_array(r) for r in col]
    return stack([r if isinstance(r, np.ndarray | np.generic) else as_row_array(r) for r in col])


def rows(col: Column) -> Sequence[np.ndarray]:
    return col if isinstance(col, list) else list(col)


def take(col: Column, idx: np.ndarray) -> Column:
    if isinstance(col, list):
        return [col[i] for i in idx]
    return col[idx]


def concat(cols: Sequence[Column]) -> Column:
    if all(isinstance(c, np.ndarray) for c in cols):
        first = cols[0]
        if all(c.shape[1:] == first.shape[1:] and c.dtype == first.dtype for c in cols):
            return np.concatenate(cols)
    return stack([r for c in cols for r in rows(c)])


def slice_block(b: Block, start: int, stop: int) -> Block:
    ids = None if b.ids is None else b.ids[start:stop]
    return Block(tuple(c[start:stop] for c in b.cols), stop - start, ids)


def concat_blocks(blocks: Sequence[Block]) -> Block:
    if len(blocks) == 1:
        return blocks[0]
    cols = tuple(concat([b.cols[i] for b in blocks]) for i in range(len(blocks[0].cols)))
    ids = None
    if all(b.ids is not None for b in blocks):
        ids = np.concatenate([b.ids for b in blocks])
    return Block(cols, sum(b.n for b in blocks), ids)


def from_rows(row_list: Sequence[tuple[np.ndarray, ...]], ncols: int) -> Block:
    cols = tuple(stack([r[i] for r in row_list]) for i in range(ncols))
    return Block(cols, len(row_list))


def row(b: Block, i: int) -> tuple[np.ndarray, ...]:
    return tuple(c[i] for c in b.cols)


def nbytes(b: Block) -> int:
    """The bytes a block's arrays hold (list columns: the sum over their arrays)."""
    total = 0
    for col in b.cols:
        if isinstance(col, np.ndarray):
            total += col.nbytes
        else:
            total += sum(x.nbytes for x in col if isinstance(x, np.ndarray))
    return total
