"""``bucket_batch_by_length``: rows grouped by length into buckets, each batched on its own.

A row's length is ``element_length_function(*columns)`` (default: the first dimension of the one
named column). Bucket ``i`` holds lengths in ``[boundaries[i - 1], boundaries[i])`` (bucket 0 from
0, the last one unbounded) and is emitted as a batch when it holds ``bucket_batch_sizes[i]`` rows;
what is left at the end of the pass comes out bucket by bucket (unless ``drop_remainder``). Batches
are padded as ``padded_batch`` pads them; with ``pad_to_bucket_boundary`` a None dimension of
``pad_info`` pads to the bucket's boundary minus one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import closing

import numpy as np

from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.datasets import Dataset
from deepsink.dataset.engine.nodes import _rows_of, _stack_batch
from deepsink.dataset.engine.padding import check_pad_info, pad_rows


class BucketBatchDataset(Dataset):
    def __init__(
        self,
        child: Dataset,
        column_names: Sequence[str],
        bucket_boundaries: Sequence[int],
        bucket_batch_sizes: Sequence[int],
        element_length_function: Callable | None,
        pad_info: dict | None,
        pad_to_bucket_boundary: bool,
        drop_remainder: bool,
    ) -> None:
        type_check(column_names, (list, str), "column_names")
        names = [column_names] if isinstance(column_names, str) else list(column_names)
        available = child._column_names()
        for i, n in enumerate(names):
            type_check(n, (str,), f"column_names[{i}]")
        # a missing column fails when the pipeline runs (RuntimeError), as in MindSpore
        self._missing = [n for n in names if n not in available]
        self._len_idx = [available.index(n) for n in names if n in available]
        type_check(bucket_boundaries, (list,), "bucket_boundaries")
        if not bucket_boundaries:
            raise ValueError("bucket_boundaries cannot be empty.")
        if any(isinstance(b, bool) or not isinstance(b, int) for b in bucket_boundaries):
            raise TypeError(f"bucket_boundaries should be a list of int, got {bucket_boundaries}.")
        if any(b <= 0 for b in bucket_boundaries):
            raise ValueError(
                f"bucket_boundaries must only contain positive numbers. Got {bucket_boundaries}."
            )
        if any(a >= b for a, b in zip(bucket_boundaries, bucket_boundaries[1:])):
            raise ValueError(
                f"bucket_boundaries should be strictly increasing, got {bucket_boundaries}."
            )
        type_check(bucket_batch_sizes, (list,), "bucket_batch_sizes")
        if any(isinstance(b, bool) or not isinstance(b, int) for b in bucket_batch_sizes):
            raise TypeError(
                f"bucket_batch_sizes should be a list of int, got {bucket_batch_sizes}."
            )
        if any(b <= 0 for b in bucket_batch_sizes):
            raise ValueError(
                f"bucket_batch_sizes should be a list of positive numbers, got {bucket_batch_sizes}."
            )
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError(
                "bucket_batch_sizes must contain one element more than bucket_boundaries."
            )
        if element_length_function is None and len(names) != 1:
            raise ValueError(
                "If element_length_function is not specified, exactly one column name should be passed."
            )
        if element_length_function is not None and not callable(element_length_function):
            raise TypeError("element_length_function must be callable.")
        type_check(pad_to_bucket_boundary, (bool,), "pad_to_bucket_boundary")
        type_check(drop_remainder, (bool,), "drop_remainder")
        self._pad = check_pad_info(pad_info, available)
        if pad_info is not None and not pad_info:  # {}: every column to the batch's longest
            self._pad = {n: (None, None) for n in available}
        if pad_to_bucket_boundary and not self._pad:
            raise ValueError("pad_to_bucket_boundary needs pad_info.")
        self.boundaries, self.sizes = list(bucket_boundaries), list(bucket_batch_sizes)
        self.length_fn, self.pad_to_boundary, self.drop_remainder = (
            element_length_function,
            pad_to_bucket_boundary,
            drop_remainder,
        )
        super().__init__(
            [child], None, (tuple(names), tuple(bucket_boundaries), tuple(bucket_batch_sizes))
        )

    def _num_rows(self) -> int | None:
        return None

    def _length(self, row: tuple) -> int:
        cols = [row[i] for i in self._len_idx]
        if self.length_fn is None:
            return int(np.asarray(cols[0]).shape[0]) if np.ndim(cols[0]) else 1
        return int(self.length_fn(*cols))

    def _batch(self, rows: list[tuple], bucket: int) -> tuple:
        names = self.children[0]._column_names()
        out = []
        for k, name in enumerate(names):
            col = [r[k] for r in rows]
            if name in self._pad:
                shape, value = self._pad[name]
                if self.pad_to_boundary and bucket < len(self.boundaries):
                    rank = np.ndim(col[0])
                    shape = [
                        self.boundaries[bucket] - 1 if d is None else d
                        for d in (shape or [None] * rank)
                    ]
                col = pad_rows(col, shape, value, name)
            out.append(_stack_batch(col, name))
        return tuple(out)

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._missing:
            raise RuntimeError(
                "BucketBatchByLength: Couldn't find the specified column in the dataset: "
                f"{self._missing[0]!r} (columns {self.children[0]._column_names()})"
            )
        buckets: list[list[tuple]] = [[] for _ in self.sizes]
        ncols = len(self._column_names())
        with closing(self.children[0]._blocks(ctx, size)) as src:
            for row, _ in _rows_of(src):
                n = self._length(row)
                k = int(np.searchsorted(self.boundaries, n, side="right"))
                buckets[k].append(row)
                if len(buckets[k]) == self.sizes[k]:
                    yield blk.from_rows([self._batch(buckets[k], k)], ncols)
                    buckets[k] = []
        if not self.drop_remainder:
            for k, rows in enumerate(buckets):
                if rows:
                    yield blk.from_rows([self._batch(rows, k)], ncols)


_datasets.register(BucketBatchDataset)  # found by the Dataset base class
