"""The pipeline operations but map (``mapping.py``): batch, shuffle, repeat, take, skip, project,
rename, zip, concat, filter. Each runs random-access (a View over its children's views) where its
children allow it, and as a stream of blocks otherwise; both ways give the same rows."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from typing import TYPE_CHECKING, Any

import numpy as np

from deepsink._core.validate import fail_arg
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.datasets import (
    ROWS_PER_BLOCK,
    Dataset,
    View,
    column_indices,
    column_names_arg,
)
from deepsink.dataset.engine.shuffle import mt19937_64, shuffle_order, shuffle_rows

if TYPE_CHECKING:
    from randomgen import MT64


def _regroup(rows: Iterator[tuple[tuple, Any]], ncols: int, size: int) -> Iterator[Block]:
    """(values, id) rows back into blocks of ``size``."""
    pending: list[tuple[tuple, Any]] = []
    for r in rows:
        pending.append(r)
        if len(pending) == size:
            yield _rows_block(pending, ncols)
            pending = []
    if pending:
        yield _rows_block(pending, ncols)


def _rows_block(rows: list[tuple[tuple, Any]], ncols: int) -> Block:
    b = blk.from_rows([r[0] for r in rows], ncols)
    ids = None if any(r[1] is None for r in rows) else np.asarray([r[1] for r in rows])
    return Block(b.cols, b.n, ids)


def _rows_of(blocks: Iterator[Block]) -> Iterator[tuple[tuple, Any]]:
    for b in blocks:
        for i in range(b.n):
            yield blk.row(b, i), None if b.ids is None else b.ids[i]


# -- batch -------------------------------------------------------------------------------------
class BatchInfo:
    """What a callable ``batch_size`` and ``per_batch_map`` receive: ``get_batch_num()`` and
    ``get_epoch_num()``, counted from 0.

    Args:
        batch_num (int): the batch's number.
        epoch_num (int): the epoch's number.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> sizes = data.batch(lambda info: info.get_batch_num() + 1)
        >>> print([len(x) for x, _ in sizes.create_tuple_iterator(output_numpy=True)])
        [1, 2, 3]
    """

    def __init__(self, batch_num: int, epoch_num: int) -> None:
        self._batch_num, self._epoch_num = batch_num, epoch_num

    def get_batch_num(self) -> int:
        return self._batch_num

    def get_epoch_num(self) -> int:
        return self._epoch_num


def _stack_values(values: list, name: str) -> Any:
    """One key of a batch of dict rows: nested dicts key by key, anything else stacked."""
    if isinstance(values[0], dict):
        keys = list(values[0])
        if any(not isinstance(v, dict) or list(v) != keys for v in values):
            raise RuntimeError(f"Cannot batch dicts with different keys in column '{name}'")
        return {k: _stack_values([v[k] for v in values], name) for k in keys}
    try:  # MindSpore builds each key's batch with np.array over the rows' values
        return np.array(values)
    except ValueError as e:
        raise RuntimeError(
            f"Failed to batch Python dictionary in column '{name}': {type(e).__name__}: {e}"
        ) from e


def _per_batch_columns(result: tuple, names: list[str], n: int) -> list:
    """The batch columns a ``per_batch_map`` returned, by MindSpore's rules: a dict is one dict
    row; an array is the batched column; anything else (a list) is the batch's rows. A dict
    cannot sit beside a list column, and beside a list every column must have one row per row of
    the input batch (``n``).
    A list of dict rows becomes one dict of per-key lists (the values are not stacked)."""
    kinds = [
        "dict" if isinstance(c, dict) else "array" if isinstance(c, np.ndarray) else "list"
        for c in result
    ]
    if "dict" in kinds and "list" in kinds:
        raise RuntimeError(
            "Failed to convert rows: mismatched types returned from per_batch_map function. If "
            "different types are returned, all of them should be convertible to Python lists. "
            "Got: Python dict"
        )
    if "list" in kinds:
        for name, kind, col in zip(names, kinds, result):
            m = len(col) if kind == "list" else col.shape[0] if col.ndim else 1
            if m != n:
                raise RuntimeError(
                    f"Invalid data, column: {name} expects: {n} rows returned from "
                    f"'per_batch_map', got: {m}"
                )
    produced = []
    for index, (name, kind, col) in enumerate(zip(names, kinds, result)):
        if kind == "list":
            rows = list(col)
            if rows and all(isinstance(r, dict) for r in rows):
                keys = list(rows[0])
                if any(list(r) != keys for r in rows):
                    raise RuntimeError(f"Cannot batch dicts with different keys in column '{name}'")
                produced.append({k: [blk.in_dict(r[k]) for r in rows] for k in keys})
                continue
            col = _stack_batch([blk.as_row_array(x) for x in rows], name, index)
        produced.append(blk.in_dict(col) if kind == "dict" else blk.as_row_array(col))
    return produced


def _elem_type(dtype: np.dtype) -> Any:
    """A column's element type as MindSpore's tensors hold it: strings (and bytes) of any
    length are one type."""
    return dtype.kind if dtype.kind in "US" else dtype


def _stack_batch(rows: list, name: str, index: int | None = None) -> np.ndarray:
    """Rows of one column stacked into its batch; rows of other types or shapes raise
    MindSpore's error, which names the column by its position (``index``) when known."""
    first = rows[0]
    if isinstance(first, dict):  # MindSpore batches a dict column key by key
        return _stack_values(rows, name)
    where = index if index is not None else f"'{name}'"
    for x in rows[1:]:
        if _elem_type(x.dtype) != _elem_type(first.dtype):
            raise RuntimeError(
                f"Cannot batch tensors with different types in column {where}. First element "
                f"had type {first.dtype} and this element had type {x.dtype}"
            )
        if x.shape != first.shape:
            raise RuntimeError(
                f"Cannot batch tensors with different shapes in column {where}. First element "
                f"had shape <{','.join(map(str, first.shape))}> and this element had shape "
                f"<{','.join(map(str, x.shape))}>"
            )
    return np.stack(rows)


PREFETCH_BATCHES = 4  # batches of per-row map work in flight ahead of the batch being collated


def _per_row_work(node: Dataset) -> bool:
    """Whether a map below ``node`` runs per-row ops (decoding, OpenCV warps): its rows are
    big and costly, so batching takes one batch per block (a few MB that stay in cache and
    reach the consumer early) instead of ``ROWS_PER_BLOCK`` rows."""
    from deepsink.dataset.engine.mapping import MapDataset

    if isinstance(node, MapDataset) and not all(op.batched for op in node.operations):
        return True
    return any(_per_row_work(c) for c in node.children)


def _row_threads(node: Dataset) -> int:
    """Threads a map below ``node`` spreads its per-row ops over (0: none does).

    Over a random-access child the batch hands those threads chunks of ``CHUNK_ROWS`` rows itself,
    several batches' worth in flight, instead of each batch splitting into chunks on threads of
    its own: the workers stay busy across batch boundaries (reading, decoding and warping the next
    batch while the previous one is joined and handed on), as MindSpore's map workers keep working
    ahead of its batch op, and no more threads than the map's ``num_parallel_workers`` run its
    operations (each batch in flight splitting on threads of its own ran up to that number
    squared).
    """
    from deepsink.dataset.engine.mapping import MapDataset

    own = node._row_parallel() if isinstance(node, MapDataset) else 0
    return max([own, *(_row_threads(c) for c in node.children)])


def _invalid_batch_columns(inputs: list, outputs: list, available: list, per_batch_map) -> str:
    """MindSpore's words for ``batch`` columns it refuses when the pipeline runs: an input
    column that does not exist, or an output column that names a column ``per_batch_map`` does
    not take (it would shadow it); "" when the columns are valid."""
    missing = [n for n in inputs if n not in available]
    if missing:
        return f"Invalid input_columns, '{missing[0]}' of 'input_columns' doesn't exist."
    if per_batch_map is not None:
        shadow = [n for n in outputs if n in available and n not in inputs]
        if shadow:
            return (
                "Invalid output_columns, columns that are not involved in 'per_batch_map' should "
                f"not be in output_columns, but got columns that are not in input_columns: "
                f"{shadow}, output_columns: {outputs}."
            )
    return ""


class BatchDataset(Dataset):
    """The node that stacks rows into batches.

    Users do not build it directly: ``Dataset.batch`` returns it.

    Args:
        child (Dataset): the input.
        batch_size, drop_remainder, num_parallel_workers, per_batch_map, input_columns, output_columns:
            as in ``Dataset.batch``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.batch(2)).__name__)
        BatchDataset
    """

    def __init__(
        self,
        child: Dataset,
        batch_size: Any,
        drop_remainder: bool,
        num_parallel_workers: int | None,
        per_batch_map: Any = None,
        input_columns: Any = None,
        output_columns: Any = None,
        python_multiprocessing: bool = False,
    ) -> None:
        import inspect

        from deepsink.dataset.core.validator_helpers import (
            check_columns,
            check_num_parallel_workers,
            check_pos_int32,
            type_check,
        )

        if not (isinstance(batch_size, int) or callable(batch_size)):
            raise TypeError("batch_size should either be an int or a callable.")
        if isinstance(batch_size, bool):  # MindSpore takes a bool as the int it is
            batch_size = int(batch_size)
        if callable(batch_size):
            if len(inspect.signature(batch_size).parameters) != 1:
                raise ValueError("callable batch_size should take one parameter (BatchInfo).")
        elif batch_size != -1:
            check_pos_int32(batch_size, "batch_size")
        if num_parallel_workers is not None:
            check_num_parallel_workers(num_parallel_workers)
        type_check(drop_remainder, (bool,), "drop_remainder")
        if input_columns is not None and per_batch_map is None:
            raise ValueError("input_columns can be specified only when per_batch_map is set.")
        available = child._column_names()
        inputs = available
        self.input_columns: list[str] = []
        if input_columns is not None:
            inputs = check_columns(input_columns, "input_columns")
            self.input_columns = list(inputs)
            try:
                nparams = len(inspect.signature(per_batch_map).parameters)
            except (TypeError, ValueError):
                nparams = len(inputs) + 1
            if len(inputs) != nparams - 1:
                raise ValueError("The signature of per_batch_map should match with input columns.")
        outputs = inputs
        if output_columns is not None:
            outputs = check_columns(output_columns, "output_columns")
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError(f"per_batch_map should be a callable, but got {per_batch_map!r}")
        type_check(python_multiprocessing, (bool,), "python_multiprocessing")
        self.batch_size = batch_size
        self.drop_remainder = drop_remainder
        self.per_batch_map = per_batch_map
        self._invalid = _invalid_batch_columns(inputs, outputs, available, per_batch_map)
        if self._invalid:  # MindSpore builds the pipeline and refuses it when it is read
            inputs = outputs = [n for n in inputs if n in available]
        self._in_idx = column_indices(inputs, available, "input_columns", "batch")
        self._names = list(available)
        self._layout = [("keep", i) for i in range(len(available))]
        if per_batch_map is not None:
            if len(outputs) == len(inputs):
                for i, name in zip(self._in_idx, outputs):
                    self._names[i] = name
                self._layout = [
                    ("out", self._in_idx.index(i)) if i in self._in_idx else ("keep", i)
                    for i in range(len(available))
                ]
            else:  # outputs first, then the untouched columns
                kept = [i for i in range(len(available)) if i not in self._in_idx]
                self._names = outputs + [available[i] for i in kept]
                self._layout = [("out", k) for k in range(len(outputs))]
                self._layout += [("keep", i) for i in kept]
            if len(set(self._names)) != len(self._names):
                raise ValueError(
                    f"For 'batch', output_columns {outputs} clash with the columns {available}"
                )
        self.output_columns = outputs
        _datasets.registered("update_batch_size_for_sync")(child, batch_size)
        tag = (
            batch_size if isinstance(batch_size, int) else "callable",
            drop_remainder,
            getattr(per_batch_map, "__name__", None),
        )
        super().__init__([child], num_parallel_workers, tag)

    def _column_names(self) -> list[str]:
        if self._invalid:
            raise RuntimeError(self._invalid)
        return self._names

    def _fixed(self) -> bool:
        return isinstance(self.batch_size, int) and self.per_batch_map is None

    def _num_rows(self) -> int | None:
        n = self.children[0]._num_rows()
        if n is None or not isinstance(self.batch_size, int) or self.batch_size == -1:
            return None
        if n == -1:
            return -1
        return n // self.batch_size if self.drop_remainder else -(-n // self.batch_size)

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._invalid:
            raise RuntimeError(self._invalid)
        if self.batch_size == -1:
            raise RuntimeError("Batch size cannot be -1 without using batch sampler.")
        if not self._fixed():
            yield from self._general_blocks(ctx, size)
            return
        bs = self.batch_size
        child = self.children[0]
        rows_per_block = bs if _per_row_work(child) else max(1, ROWS_PER_BLOCK // bs) * bs
        if child._random_access():
            view = child._open(ctx)
            stop = (view.n // bs) * bs if self.drop_remainder else None
            threads = _row_threads(child)
            if threads > 1:
                from deepsink.dataset.engine.mapping import CHUNK_ROWS

                per_batch = -(-bs // CHUNK_ROWS)  # chunks per batch
                window = max(2 * threads, PREFETCH_BATCHES * per_batch)
                blocks = view.blocks(CHUNK_ROWS, max(threads, self._workers()), stop, window)
            else:
                blocks = view.blocks(rows_per_block, self._workers(), stop)
        else:
            blocks = child._blocks(ctx, rows_per_block)
        pending: list[Block] = []
        have = 0
        with closing(blocks):
            for b in blocks:
                pending.append(b)
                have += b.n
                if have >= bs:
                    merged = blk.concat_blocks(pending)
                    m = (merged.n // bs) * bs
                    yield self._batches(blk.slice_block(merged, 0, m), bs)
                    rest = blk.slice_block(merged, m, merged.n)
                    pending, have = ([rest] if rest.n else []), rest.n
        if have and not self.drop_remainder:
            yield self._batches(blk.concat_blocks(pending), have)

    def _general_blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        """Callable batch sizes and per_batch_map: batch by batch, on rows. ``BatchInfo`` counts
        batches from 0 in each pass (a repeat above starts over) and the iterator's epochs."""
        ctx.next_pass(self)
        epoch = ctx.epoch
        ncols = len(self.children[0]._column_names())
        batch_num = 0

        def target() -> int:
            bs = self.batch_size
            if callable(bs):
                bs = bs(BatchInfo(batch_num, epoch))
                if isinstance(bs, bool) or not isinstance(bs, int | np.integer):
                    raise RuntimeError(
                        "Invalid batch_size function, the return value of batch_size function "
                        f"cast failed: Unable to cast Python instance of type {type(bs)} to C++ "
                        "type 'int'"
                    )
                if bs <= 0:
                    raise RuntimeError(
                        "Invalid batch_size function, 'batch_size' function should return an "
                        f"integer greater than 0, but got: {bs}"
                    )
            return int(bs)

        out: list[tuple] = []
        pending: list[tuple] = []
        gated = self.is_sync()  # a sync_wait below waits on each batch reaching the consumer
        want = target()
        with closing(self.children[0]._blocks(ctx, size)) as src:
            for values, _ in _rows_of(src):
                pending.append(values)
                if len(pending) == want:
                    out.append(self._one_batch(pending, ncols, batch_num, epoch))
                    pending, batch_num = [], batch_num + 1
                    want = target()
                    if gated or len(out) >= max(1, size // max(want, 1)):
                        yield blk.from_rows(out, len(self._names))
                        out = []
        if pending and not self.drop_remainder:
            out.append(self._one_batch(pending, ncols, batch_num, epoch))
        if out:
            yield blk.from_rows(out, len(self._names))

    def _one_batch(self, rows: list[tuple], ncols: int, batch_num: int, epoch: int) -> tuple:
        names = self.children[0]._column_names()
        if self.per_batch_map is None:
            return tuple(_stack_batch([r[k] for r in rows], names[k], k) for k in range(ncols))
        args = [[r[k] for r in rows] for k in self._in_idx]
        try:
            result = self.per_batch_map(*args, BatchInfo(batch_num, epoch))
        except Exception as e:
            if getattr(self.per_batch_map, "_deepsink_own", False):
                raise  # padded_batch's own map: its error names the column, not a user's map
            raise RuntimeError(f"For 'batch', per_batch_map raised {type(e).__name__}: {e}") from e
        if result is None:
            raise RuntimeError(
                "For 'batch', per_batch_map returned None, but must return a tuple of columns"
            )
        if not isinstance(result, tuple) and len(self.output_columns) == 1:
            result = (result,)
        if not isinstance(result, tuple):
            raise RuntimeError(
                f"For 'batch', per_batch_map must return a tuple of columns, but returned "
                f"{type(result).__name__}"
            )
        if len(result) != len(self.output_columns):
            raise RuntimeError(
                "Invalid per_batch_map, the number of columns returned in 'per_batch_map' "
                f"function should be {len(self.output_columns)} , but got: {len(result)}"
            )
        produced = _per_batch_columns(result, self.output_columns, len(rows))
        kept = {
            k: _stack_batch([r[k] for r in rows], names[k], k)
            for kind, k in self._layout
            if kind == "keep"
        }
        return tuple(produced[k] if kind == "out" else kept[k] for kind, k in self._layout)

    def _skip_pass(self, ctx: ExecContext) -> None:
        child = self.children[0]
        if child._random_access():
            child._open(ctx)
        else:
            child._skip_pass(ctx)

    def _batches(self, b: Block, bs: int) -> Block:
        k = b.n // bs
        names = self._column_names()
        cols = []
        for index, (name, col) in enumerate(zip(names, b.cols)):
            if isinstance(col, np.ndarray):
                cols.append(np.ascontiguousarray(col).reshape(k, bs, *col.shape[1:]))
                continue
            batches = [_stack_batch(col[i * bs : (i + 1) * bs], name, index) for i in range(k)]
            cols.append(blk.stack(batches))
        return Block(tuple(cols), k)


# -- shuffle -----------------------------------------------------------------------------------
class ShuffleDataset(Dataset):
    """The node that shuffles rows through a buffer.

    Users do not build it directly: ``Dataset.shuffle`` returns it.

    Args:
        child (Dataset): the input.
        buffer_size (int): as in ``Dataset.shuffle``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.shuffle(4)).__name__)
        ShuffleDataset
    """

    def __init__(self, child: Dataset, buffer_size: int) -> None:
        from deepsink.dataset.core.validator_helpers import INT32_MAX, check_int

        check_int(buffer_size, (2, INT32_MAX), "buffer_size")
        if child.is_sync():
            raise RuntimeError("No shuffle after sync operators.")
        self.buffer_size = buffer_size
        super().__init__([child], None, (buffer_size,))

    def _num_rows(self) -> int | None:
        return self.children[0]._num_rows()

    def _random_access(self) -> bool:
        return self.children[0]._random_access()

    fixed_seed: int | None = None  # set by split: one order, not reshuffled each epoch

    def _generator(self, ctx: ExecContext) -> MT64:
        """This pass's generator: MindSpore's ShuffleOp seeds ``std::mt19937_64`` with the
        pipeline seed when an iterator starts and keeps drawing from it in later epochs."""
        ctx.next_pass(self)
        if self.fixed_seed is not None:  # split: the same order every pass
            return mt19937_64(self.fixed_seed)
        return ctx.resource(("shuffle", id(self)), lambda: mt19937_64(ctx.seed), lambda _: None)

    def _skip_pass(self, ctx: ExecContext) -> None:
        if self._random_access():
            self._open(ctx)
        else:  # the stream shuffle: one draw per row of the skipped pass, then the child's
            gen = self._generator(ctx)
            child = self.children[0]
            n = child._num_rows()
            if n is None:  # the draws depend on the row count: read the pass to count it
                with closing(child._blocks(ctx, 1024)) as src:
                    n = sum(b.n for b in src)
            else:
                child._skip_pass(ctx)
            if n > 0:
                gen.random_raw(n)

    def _open(self, ctx: ExecContext) -> View:
        child = self.children[0]._open(ctx)
        return _PositionsView(child, shuffle_order(child.n, self.buffer_size, self._generator(ctx)))

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._random_access():
            yield from self._open(ctx).blocks(size)
            return
        gen = self._generator(ctx)
        ncols = len(self._column_names())
        with closing(self.children[0]._blocks(ctx, size)) as src:
            shuffled = shuffle_rows(_rows_of(src), self.buffer_size, gen)
            yield from _regroup(shuffled, ncols, size)


# -- repeat, take, skip ------------------------------------------------------------------------
class RepeatDataset(Dataset):
    """The node that repeats its input.

    Users do not build it directly: ``Dataset.repeat`` returns it.

    Args:
        child (Dataset): the input.
        count (int): as in ``Dataset.repeat``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.repeat(2)).__name__)
        RepeatDataset
    """

    def __init__(self, child: Dataset, count: int | None) -> None:
        if count is None:
            count = -1
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(count, (int, type(None)), "repeat")
        if count <= 0 and count != -1:
            raise ValueError("count should be either -1 or positive integer, range[1, INT32_MAX].")
        self.count = count
        super().__init__([child], None, (count,))

    def _num_rows(self) -> int | None:
        n = self.children[0]._num_rows()
        if n is None or self.count == -1:
            return -1 if self.count == -1 else None
        return n * self.count

    def _skip_pass(self, ctx: ExecContext) -> None:
        if self.count == -1:
            raise ValueError(
                "For 'set_init_step', a dataset repeated endlessly (repeat(-1)) has no epoch to skip"
            )
        for _ in range(self.count):
            self.children[0]._skip_pass(ctx)

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        r = 0
        while self.count == -1 or r < self.count:
            with closing(self.children[0]._blocks(ctx, size)) as src:
                yield from src
            r += 1


def _count_arg(count: Any, api: str, allow_all: bool) -> int:
    """take: -1 or (0, INT32_MAX]; skip: [0, INT32_MAX] (MindSpore's checks and wording)."""
    from deepsink.dataset.core.validator_helpers import INT32_MAX, check_value, type_check

    type_check(count, (int,), "count")
    if allow_all:
        if count != -1 and not 0 < count <= INT32_MAX:
            raise ValueError(
                "count should be either -1 or within the required interval of "
                f"(0, {INT32_MAX}], got {count}."
            )
    else:
        check_value(count, (0, INT32_MAX), "count")
    return count


class TakeDataset(Dataset):
    """The node that keeps the first rows.

    Users do not build it directly: ``Dataset.take`` returns it.

    Args:
        child (Dataset): the input.
        count (int): as in ``Dataset.take``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.take(2)).__name__)
        TakeDataset
    """

    def __init__(self, child: Dataset, count: int) -> None:
        self.count = _count_arg(count, "take", True)
        super().__init__([child], None, (count,))

    def _limit(self, n: int) -> int:
        return n if self.count == -1 else min(n, self.count)

    def _num_rows(self) -> int | None:
        n = self.children[0]._num_rows()
        return None if n is None else self._limit(n)

    def _random_access(self) -> bool:
        return self.children[0]._random_access()

    def _open(self, ctx: ExecContext) -> View:
        child = self.children[0]._open(ctx)
        return _OffsetView(child, 0, self._limit(child.n))

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._random_access():
            yield from self._open(ctx).blocks(size)
            return
        left = self.count
        with closing(self.children[0]._blocks(ctx, size)) as src:
            for b in src:
                if left != -1 and b.n >= left:
                    if left:
                        yield blk.slice_block(b, 0, left)
                    return
                left = left if left == -1 else left - b.n
                yield b


class SkipDataset(Dataset):
    """The node that drops the first rows.

    Users do not build it directly: ``Dataset.skip`` returns it.

    Args:
        child (Dataset): the input.
        count (int): as in ``Dataset.skip``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.skip(2)).__name__)
        SkipDataset
    """

    def __init__(self, child: Dataset, count: int) -> None:
        self.count = _count_arg(count, "skip", False)
        super().__init__([child], None, (count,))

    def _num_rows(self) -> int | None:
        n = self.children[0]._num_rows()
        return None if n is None else max(0, n - self.count)

    def _random_access(self) -> bool:
        return self.children[0]._random_access()

    def _open(self, ctx: ExecContext) -> View:
        child = self.children[0]._open(ctx)
        return _OffsetView(child, self.count, max(0, child.n - self.count))

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._random_access():
            yield from self._open(ctx).blocks(size)
            return
        left = self.count
        with closing(self.children[0]._blocks(ctx, size)) as src:
            for b in src:
                if left >= b.n:
                    left -= b.n
                    continue
                yield blk.slice_block(b, left, b.n) if left else b
                left = 0


class _OffsetView(View):
    def __init__(self, child: View, offset: int, n: int) -> None:
        self.child, self.offset, self.n = child, offset, n

    def gather(self, pos: np.ndarray) -> Block:
        return self.child.gather(pos + self.offset)


# -- columns: project, rename ------------------------------------------------------------------
class _ColumnsDataset(Dataset):
    """Base of nodes that only select or rename columns."""

    _select: list[int]
    _names: list[str]

    def _column_names(self) -> list[str]:
        return self._names

    def _num_rows(self) -> int | None:
        return self.children[0]._num_rows()

    def _random_access(self) -> bool:
        return self.children[0]._random_access()

    def _pick(self, b: Block) -> Block:
        return Block(tuple(b.cols[i] for i in self._select), b.n, b.ids)

    def _open(self, ctx: ExecContext) -> View:
        return _PickView(self, self.children[0]._open(ctx))

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        with closing(self.children[0]._blocks(ctx, size)) as src:
            for b in src:
                yield self._pick(b)


class _PickView(View):
    def __init__(self, node: _ColumnsDataset, child: View) -> None:
        self.node, self.child, self.n = node, child, child.n

    def gather(self, pos: np.ndarray) -> Block:
        return self.node._pick(self.child.gather(pos))


class ProjectDataset(_ColumnsDataset):
    """The node that keeps some columns.

    Users do not build it directly: ``Dataset.project`` returns it.

    Args:
        child (Dataset): the input.
        columns (list[str]): as in ``Dataset.project``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.project('x')).__name__)
        ProjectDataset
    """

    def __init__(self, child: Dataset, columns: Any) -> None:
        names = column_names_arg(columns, "columns", "project", allow_none=False)
        self._select = column_indices(names, child._column_names(), "columns", "project")
        self._names = names
        super().__init__([child], None, tuple(names))


class RenameDataset(_ColumnsDataset):
    """The node that renames columns.

    Users do not build it directly: ``Dataset.rename`` returns it.

    Args:
        child (Dataset): the input.
        input_columns, output_columns: as in ``Dataset.rename``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.rename('x', 'a')).__name__)
        RenameDataset
    """

    def __init__(self, child: Dataset, input_columns: Any, output_columns: Any) -> None:
        inputs = column_names_arg(input_columns, "input_columns", "rename", allow_none=False)
        outputs = column_names_arg(output_columns, "output_columns", "rename", allow_none=False)
        if len(inputs) != len(outputs):
            fail_arg(
                "rename",
                "output_columns",
                f"{len(inputs)} names, as many as input_columns",
                outputs,
            )
        available = child._column_names()
        idx = column_indices(inputs, available, "input_columns", "rename")
        names = list(available)
        for i, name in zip(idx, outputs):
            names[i] = name
        if len(set(names)) != len(names):
            fail_arg(
                "rename", "output_columns", "names that do not clash with other columns", outputs
            )
        self._select, self._names = list(range(len(available))), names
        super().__init__([child], None, (tuple(inputs), tuple(outputs)))


# -- zip, concat -------------------------------------------------------------------------------
class ZipDataset(Dataset):
    """The node that puts datasets side by side.

    Users do not build it directly: ``Dataset.zip`` returns it.

    Args:
        datasets (list[Dataset]): the inputs.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.project('x').zip(data.project('y'))).__name__)
        ZipDataset
    """

    def __init__(self, datasets: list[Dataset]) -> None:
        for d in datasets:
            if not isinstance(d, Dataset):
                fail_arg("zip", "datasets", "Datasets", d, TypeError)
        names = [n for d in datasets for n in d._column_names()]
        if len(set(names)) != len(names):
            fail_arg("zip", "datasets", "datasets with distinct column names", names)
        self._names = names
        super().__init__(datasets)

    def _column_names(self) -> list[str]:
        return self._names

    def _num_rows(self) -> int | None:
        sizes = [c._num_rows() for c in self.children]
        return None if any(s is None for s in sizes) else min(sizes)

    def _random_access(self) -> bool:
        return all(c._random_access() for c in self.children)

    def _open(self, ctx: ExecContext) -> View:
        return _ZipView([c._open(ctx) for c in self.children])

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._random_access():
            yield from self._open(ctx).blocks(size)
            return
        sources = [closing(c._blocks(ctx, size)) for c in self.children]
        try:
            rows = zip(*(_rows_of(s.thing) for s in sources))
            merged = ((sum((r[0] for r in parts), ()), None) for parts in rows)
            yield from _regroup(merged, len(self._names), size)
        finally:
            for s in sources:
                s.thing.close()  # closing() itself has no close(); the generator does


class _ZipView(View):
    def __init__(self, children: list[View]) -> None:
        self.children, self.n = children, min(c.n for c in children)

    def gather(self, pos: np.ndarray) -> Block:
        parts = [c.gather(pos) for c in self.children]
        return Block(sum((p.cols for p in parts), ()), len(pos))


_CONCAT_COLUMNS = (
    "Invalid columns, 'column name' or 'column order' of concat datasets should be the same."
)


class ConcatDataset(Dataset):
    """The children's rows one after another. ``use_sampler``: a DistributedSampler (no
    shuffle) shards the concatenated rows (row ``p`` to shard ``p % num_shards``, as MindSpore's
    offset child samplers do); a RandomSampler interleaves the children at random each pass
    (the next row from a child picked uniformly among those with rows left).
    Children whose columns differ fail when the pipeline is read (RuntimeError, as 2.10).

    Users do not build it directly: ``Dataset.concat`` returns it.

    Args:
        datasets (list[Dataset]): the inputs, with the same columns.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> other = ds.NumpySlicesDataset({'x': np.arange(2), 'y': np.arange(2)}, shuffle=False)
        >>> both = data + other
        >>> print(type(both).__name__, both.get_dataset_size())
        ConcatDataset 8
    """

    def __init__(self, datasets: list[Dataset]) -> None:
        for d in datasets:
            if not isinstance(d, Dataset):
                fail_arg("concat", "datasets", "Datasets", d, TypeError)
        self._mismatch = _columns_differ(datasets)
        self._sampler: Any = None
        super().__init__(datasets)

    def _column_names(self) -> list[str]:
        if self._mismatch:
            raise RuntimeError(_CONCAT_COLUMNS)
        return self.children[0]._column_names()

    def use_sampler(self, sampler: Any) -> None:
        """Shard (DistributedSampler, shuffle=False) or shuffle the children (RandomSampler)."""
        from deepsink.dataset.engine.samplers import DistributedSampler, RandomSampler

        if not isinstance(sampler, DistributedSampler | RandomSampler):
            raise TypeError(
                f"The parameter {sampler} of concat must be DistributedSampler or RandomSampler!"
            )
        if isinstance(sampler, RandomSampler):
            if sampler.replacement:
                raise ValueError("The parameter replacement of RandomSampler must be False!")
            if sampler.num_samples is not None:
                raise ValueError(
                    "The parameter num_samples of RandomSampler is not support to be set!"
                )
        else:
            if sampler.shuffle:
                raise ValueError("The parameter shuffle of DistributedSampler must be False!")
            if sampler.num_samples is not None:
                raise ValueError(
                    "The parameter num_samples of DistributedSampler is not support to be set!"
                )
            for c in self.children:
                if isinstance(c, BatchDataset):
                    raise TypeError(
                        f"The parameter {c} of concat must not be BatchDataset or PaddedBatchDataset!"
                    )
        self._sampler = sampler
        self._size = None  # the size follows the new sampler

    def _sharded(self) -> tuple[int, int] | None:
        from deepsink.dataset.engine.samplers import DistributedSampler

        if isinstance(self._sampler, DistributedSampler):
            return self._sampler.num_shards, self._sampler.shard_id
        return None

    def _num_rows(self) -> int | None:
        sizes = [c._num_rows() for c in self.children]
        if any(s is None for s in sizes):
            return None
        total = sum(sizes)
        shard = self._sharded()
        if shard is not None:
            n, k = shard
            return len(range(k, total, n))
        return total

    def _random_access(self) -> bool:
        return all(c._random_access() for c in self.children)

    def _shuffled(self) -> bool:
        return self._sampler is not None and self._sharded() is None

    def _interleave(self, ctx: ExecContext, view: _ConcatView) -> np.ndarray:
        """A RandomSampler's order: each next row from a child picked uniformly among those with
        rows left (as MindSpore's concat picks), each child's rows in their own order."""
        rng = ctx.generator(self._tag, 3, ctx.next_pass(self))
        left = np.diff(view.starts).tolist()
        nxt = view.starts[:-1].tolist()
        live = [i for i, n in enumerate(left) if n]
        out = np.empty(view.n, np.int64)
        for p in range(view.n):
            i = live[int(rng.integers(len(live)))]
            out[p], nxt[i], left[i] = nxt[i], nxt[i] + 1, left[i] - 1
            if not left[i]:
                live.remove(i)
        return out

    def _open(self, ctx: ExecContext) -> View:
        self._column_names()
        view: View = _ConcatView([c._open(ctx) for c in self.children])
        shard = self._sharded()
        if shard is not None:
            view = _PositionsView(view, np.arange(shard[1], view.n, shard[0]))
        elif self._shuffled():
            view = _PositionsView(view, self._interleave(ctx, view))
        return view

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._random_access():
            yield from self._open(ctx).blocks(size)
            return
        self._column_names()
        if self._shuffled():  # streamed children: their rows are read first, then interleaved
            views = []
            for child in self.children:
                with closing(child._blocks(ctx, size)) as src:
                    views.append(_BlockView(list(src)))
            _check_concat_types([v.block for v in views if v.block is not None])
            view = _ConcatView(views)
            yield from _PositionsView(view, self._interleave(ctx, view)).blocks(size)
            return
        shard = self._sharded()
        start = 0
        types = None
        for child in self.children:
            with closing(child._blocks(ctx, size)) as src:
                for b in src:
                    types = _check_concat_types([b], types)
                    if shard is not None:
                        keep = np.flatnonzero(
                            (np.arange(start, start + b.n) % shard[0]) == shard[1]
                        )
                        start += b.n
                        if not len(keep):
                            continue
                        b = Block(
                            tuple(blk.take(c, keep) for c in b.cols),
                            len(keep),
                            None if b.ids is None else b.ids[keep],
                        )
                    yield b


def _columns_differ(datasets: list[Dataset]) -> bool:
    """Whether the datasets' columns differ (a child whose own columns clash counts as
    different); MindSpore reports it when the pipeline is read, not when it is built."""
    try:
        names = [d._column_names() for d in datasets]
    except RuntimeError:
        return True
    return any(n != names[0] for n in names)


def _col_types(b: Block) -> tuple:
    """Each column's element dtype in a block (None for rows that are not arrays)."""
    out = []
    for c in b.cols:
        first = c if isinstance(c, np.ndarray) else (c[0] if len(c) else None)
        out.append(first.dtype if isinstance(first, np.ndarray | np.generic) else None)
    return tuple(out)


def _check_concat_types(blocks: list[Block], want: tuple | None = None) -> tuple | None:
    """MindSpore's concat refuses children whose columns' data types differ (RuntimeError when
    the rows are read); returns the types seen."""
    for b in blocks:
        if not b.n:
            continue
        got = _col_types(b)
        if want is None:
            want = got
        elif any(g is not None and w is not None and g != w for g, w in zip(got, want)):
            raise RuntimeError(
                "Concat: the data types of the columns of the datasets must be the same, but got "
                f"{[str(t) for t in want]} and {[str(t) for t in got]}"
            )
    return want


class _BlockView(View):
    """The rows of blocks already read, by position."""

    def __init__(self, blocks: list[Block]) -> None:
        self.block = blk.concat_blocks(blocks) if blocks else None
        self.n = 0 if self.block is None else self.block.n

    def gather(self, pos: np.ndarray) -> Block:
        b = self.block
        return Block(
            tuple(blk.take(c, pos) for c in b.cols), len(pos), None if b.ids is None else b.ids[pos]
        )


class _PositionsView(View):
    """Some positions of another view, in order."""

    def __init__(self, child: View, positions: np.ndarray) -> None:
        self.child, self.positions, self.n = child, positions, len(positions)

    def gather(self, pos: np.ndarray) -> Block:
        return self.child.gather(self.positions[pos])


class _ConcatView(View):
    def __init__(self, children: list[View]) -> None:
        self.children = children
        self.starts = np.cumsum([0] + [c.n for c in children])
        self.types: tuple | None = None  # the column types of the rows read so far
        self.n = int(self.starts[-1])

    def gather(self, pos: np.ndarray) -> Block:
        which = np.searchsorted(self.starts, pos, side="right") - 1
        order = np.argsort(which, kind="stable")
        parts = [
            self.children[w].gather(pos[which == w] - self.starts[w]) for w in np.unique(which)
        ]
        self.types = _check_concat_types(parts, self.types)
        merged = blk.concat_blocks(parts)
        inverse = np.empty_like(order)
        inverse[order] = np.arange(len(order))
        cols = tuple(blk.take(c, inverse) for c in merged.cols)
        return Block(cols, len(pos))


# -- filter ------------------------------------------------------------------------------------
class FilterDataset(Dataset):
    """The node that keeps the rows a predicate accepts.

    Users do not build it directly: ``Dataset.filter`` returns it.

    Args:
        child (Dataset): the input.
        predicate, input_columns, num_parallel_workers: as in ``Dataset.filter``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> print(type(data.filter(lambda x: x > 2, ['x'])).__name__)
        FilterDataset
    """

    def __init__(
        self, child: Dataset, predicate: Any, input_columns: Any, num_parallel_workers: int | None
    ) -> None:
        if not callable(predicate):
            fail_arg("filter", "predicate", "a callable", predicate, TypeError)
        self.predicate = predicate
        names = column_names_arg(input_columns, "input_columns", "filter")
        self.input_columns = list(names or [])
        available = child._column_names()
        self._idx = column_indices(names, available, "input_columns", "filter") if names else None
        tag = (getattr(predicate, "__name__", type(predicate).__name__), tuple(names or ()))
        super().__init__([child], num_parallel_workers, tag)

    def _keep(self, values: tuple, index: int) -> bool:
        args = values if self._idx is None else tuple(values[i] for i in self._idx)
        try:
            return bool(np.asarray(self.predicate(*args)).item())
        except Exception as e:
            raise RuntimeError(
                f"For 'filter', the predicate failed at sample index {index}: "
                f"{type(e).__name__}: {e}"
            ) from e

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        ctx.next_pass(self)
        ncols = len(self._column_names())
        size = 1 if self.is_sync() else size  # a sync_wait below waits on the consumer
        with closing(self.children[0]._blocks(ctx, size)) as src:
            kept = (r for i, r in enumerate(_rows_of(src)) if self._keep(r[0], i))
            yield from _regroup(kept, ncols, size)


_datasets.register(
    BatchDataset,
    ConcatDataset,
    FilterDataset,
    ProjectDataset,
    RenameDataset,
    RepeatDataset,
    ShuffleDataset,
    SkipDataset,
    TakeDataset,
    ZipDataset,
)  # found by the Dataset base class
