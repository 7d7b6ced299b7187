"""The Dataset base class: MindSpore's pipeline API over a tree of nodes.

A node answers statically for its column names and (when known) its rows per pass, and runs a pass
in one of two ways:

- ``_open(ctx) -> View`` when it is random-access (sources that read by index, maps over them,
  shuffles, take/skip, project/rename, zip/concat of such): any row by position, so a downstream
  ``batch`` gathers each block of rows with one fancy index and runs the maps once per block;
- ``_blocks(ctx, size)`` otherwise: a stream of blocks (iterable generators, filter, repeat, batch).

Each call starts one pass of that node (``ctx.next_pass``), so epochs and repeats reshuffle.
"""

from __future__ import annotations

import copy
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing
from typing import Any

import numpy as np

from deepsink._core.tracebacks import guard_methods
from deepsink._core.validate import fail_arg
from deepsink.dataset import config
from deepsink.dataset.core import validator_helpers as vh
from deepsink.dataset.core.validator_helpers import check_num_parallel_workers
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext, new_context, structural_tag
from deepsink.dataset.engine.parallel import ordered_map

COUNT_WARN_S = 10.0  # a get_dataset_size() dry run longer than this warns that it may never end
ROWS_PER_BLOCK = (
    256  # rows gathered and transformed together (fits the L2 cache for MNIST-sized rows)
)


# The operations and iterators built on Dataset (``nodes``, ``mapping``, ``split``, ``sources``,
# ``iterators``, ``device``) import this module; they register themselves here, so the base class
# finds them by name without importing its own subclasses.
_REGISTRY: dict[str, Any] = {}


def register(*objs: Any) -> None:
    """Make each class or function findable by ``registered(obj.__name__)``."""
    for obj in objs:
        _REGISTRY[obj.__name__] = obj


def registered(name: str) -> Any:
    """The class or function registered under ``name`` (``BatchDataset``, ``split``, ...)."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RuntimeError(
            f"deepsink.dataset: {name!r} is not registered; import deepsink.dataset to load the "
            "pipeline's operations"
        ) from None


# Set while get_dataset_size derives a size (Dataset._counted_rows).
_COUNT = threading.local()


class _Empty(RuntimeError):
    """The pipeline produced no row."""


class View:
    """One pass of a random-access node: ``n`` rows, any of them by position."""

    n: int

    def gather(self, pos: np.ndarray) -> Block:
        raise NotImplementedError

    def blocks(
        self, size: int, workers: int = 1, stop: int | None = None, window: int | None = None
    ) -> Iterator[Block]:
        """Consecutive blocks of ``size`` rows (up to ``stop``), ``workers`` threads gathering
        with up to ``window`` blocks in flight (default ``2 * workers``)."""
        end = self.n if stop is None else min(stop, self.n)
        ranges = (np.arange(s, min(end, s + size)) for s in range(0, end, size))
        return ordered_map(self.gather, ranges, workers, window)


def _classes_below(node: Dataset) -> int | None:
    """MindSpore's class count of a pipeline: a labelled source's own, the largest of a concat's
    inputs, the last input of another node with several (a zip), None without a source that
    has classes."""
    count = getattr(node, "_num_classes", None)
    if count is not None:
        return count()
    if not node.children:
        return None
    if isinstance(node, registered("ConcatDataset")):
        counts = [c for c in map(_classes_below, node.children) if c is not None]
        return max(counts) if counts else None
    return _classes_below(node.children[-1])


class Dataset:
    """The base class of every dataset: sources (``GeneratorDataset``, ``MnistDataset``, ...) and the
    nodes their methods add (``map``, ``batch``, ``shuffle``, ...). A pipeline is a chain of them,
    run lazily by an iterator.

    Args:
        children (Sequence[Dataset]): the input datasets. Default: ``()``.
        num_parallel_workers (int, optional): workers. Default: ``None``.
        tag_params (tuple): parameters shown when the pipeline is printed. Default: ``()``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> pipeline = data.map(lambda x: x + 1, 'x').batch(3)
        >>> print(isinstance(pipeline, ds.Dataset), pipeline.get_dataset_size())
        True 2
    """

    def __init__(
        self,
        children: Sequence[Dataset] = (),
        num_parallel_workers: int | None = None,
        tag_params: tuple = (),
    ) -> None:
        self.children = list(children)
        # how many nodes were ever built on this one (MindSpore counts its ``parent`` list, dead
        # parents included): a non-root node built on twice makes the pipeline not a tree
        self._consumers = 0
        self._absorbed: list[Dataset] = []  # chained concats this one took the children of
        for child in self.children:
            child._consumers += 1
        if num_parallel_workers is not None:
            check_num_parallel_workers(num_parallel_workers, type(self).__name__)
        self.num_parallel_workers = num_parallel_workers
        child_tags = tuple(c._tag for c in self.children)
        self._tag = structural_tag(type(self).__name__, tag_params, child_tags)
        self._size: int | None = None
        # MindSpore's public attribute: None until get_dataset_size() is called on this node
        self.dataset_size: int | None = None
        self._first_row: tuple[np.ndarray, ...] | None = None
        self._init_step: int | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every source and node: a mistake in an argument shows the user's line only."""
        super().__init_subclass__(**kwargs)
        guard_methods(cls)

    # -- node protocol (overridden by subclasses) ----------------------------------------------
    def _column_names(self) -> list[str]:
        return self.children[0]._column_names()

    def _num_rows(self) -> int | None:
        """Rows per pass when known without running the pipeline."""
        return None

    def _validate(self) -> None:
        """MindSpore's checks of a node's arguments that it makes when the pipeline starts, not
        when the node is built (none by default)."""

    def _row_file(self, row: int) -> str | None:
        """The file source row ``row`` was read from, when a file source lies below through single
        children (named in a map's error, as MindSpore's "corresponding data file")."""
        return self.children[0]._row_file(row) if len(self.children) == 1 else None

    def _random_access(self) -> bool:
        return False

    def _open(self, ctx: ExecContext) -> View:
        raise NotImplementedError

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        yield from self._open(ctx).blocks(size)

    def _skip_pass(self, ctx: ExecContext) -> None:
        """Advance ``ctx`` past one pass of this node as if it had been read.

        Every random decision is a function of (seed, tag, pass, position), so skipping only has
        to advance the pass counters: a random-access node opens its view (cheap: no rows are
        read or mapped); a stream is read through, which is exact but costs a pass.
        """
        if self._random_access():
            self._open(ctx)
            return
        with closing(self._blocks(ctx, ROWS_PER_BLOCK)) as blocks:
            for _ in blocks:
                pass

    def _workers(self) -> int:
        return self.num_parallel_workers or config.get_num_parallel_workers()

    def _copy_node(self, children: list[Dataset]) -> Dataset:
        """This node over ``children`` (a shallow copy: same data, operations and tag, so seeds)."""
        new = copy.copy(self)
        new.children = children
        return new

    # -- operations ----------------------------------------------------------------------------
    def map(
        self,
        operations: Any = None,
        input_columns: str | Sequence[str] | None = None,
        output_columns: str | Sequence[str] | None = None,
        num_parallel_workers: int | None = None,
        python_multiprocessing: bool = False,
        max_rowsize: int | None = None,
        callbacks: Any = None,
    ) -> Dataset:
        """Applies ``operations`` (transforms or Python callables, in order) to ``input_columns`` of each
        row; the results replace them, or go to ``output_columns``.

        Args:
            operations (Union[Callable, list[Callable]]): the transforms.
            input_columns (Union[str, list[str]], optional): the columns passed in. Default: ``None`` (the first).
            output_columns (Union[str, list[str]], optional): the result columns. Default: ``None`` (the inputs).
            num_parallel_workers (int, optional): workers running the operations. Default: ``None``.
            python_multiprocessing (bool): run Python operations in processes. Default: ``False``.
            max_rowsize (int, optional): MindSpore's shared-memory row size. Default: ``None``.
            callbacks (Union[DSCallback, list[DSCallback]], optional): called as the rows go
                through (their begin/epoch/step hooks). Default: ``None``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            TypeError: an operation is not callable.
            ValueError: a column is not in the dataset.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> data = data.map(lambda x: x * 2, input_columns='x')
            >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
            [0, 2, 4, 6, 8, 10]
        """
        MapDataset = registered("MapDataset")

        return MapDataset(
            self,
            operations,
            input_columns,
            output_columns,
            num_parallel_workers,
            python_multiprocessing,
            callbacks=callbacks,
        )

    def batch(
        self,
        batch_size: Any,
        drop_remainder: bool = False,
        num_parallel_workers: int | None = None,
        *,
        per_batch_map: Any = None,
        input_columns: str | Sequence[str] | None = None,
        output_columns: str | Sequence[str] | None = None,
        python_multiprocessing: bool = False,
        max_rowsize: int | None = None,
    ) -> Dataset:
        """Stacks ``batch_size`` consecutive rows into one batch; the last batch is shorter unless
        ``drop_remainder``. ``batch_size`` may be a callable of a ``BatchInfo``, and ``per_batch_map``
        transforms each batch's columns.

        Args:
            batch_size (Union[int, Callable]): rows per batch.
            drop_remainder (bool): drop a last, incomplete batch. Default: ``False``.
            num_parallel_workers (int, optional): workers. Default: ``None``.
            per_batch_map (Callable, optional): ``f(*columns, batch_info) -> columns``. Keyword-only. Default: ``None``.
            input_columns, output_columns (Union[str, list[str]], optional): the columns ``per_batch_map``
                takes and gives. Keyword-only. Default: ``None``.
            kwargs (Any): MindSpore's other options.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            TypeError: ``batch_size`` is neither an int nor a callable.
            ValueError: ``batch_size`` is not positive, or ``input_columns`` is set without ``per_batch_map``.
            RuntimeError: rows of a batch have different shapes.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> batched = data.batch(4)
            >>> for x, y in batched.create_tuple_iterator(output_numpy=True):
            ...     print(x, y)
            [0 1 2 3] [ 0 10 20 30]
            [4 5] [40 50]
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, shuffle=False)  # a node feeds one consumer
            >>> print(data.batch(4, drop_remainder=True).get_dataset_size())
            1
        """
        BatchDataset = registered("BatchDataset")

        if max_rowsize is not None:  # MindSpore's shared-memory size per row (MB): checked
            vh.type_check(max_rowsize, (int, list), "max_rowsize")
            for v in max_rowsize if isinstance(max_rowsize, list) else [max_rowsize]:
                vh.type_check(v, (int,), "max_rowsize")
                vh.check_value(v, (-1, vh.INT32_MAX), "max_rowsize")
        return BatchDataset(
            self,
            batch_size,
            drop_remainder,
            num_parallel_workers,
            per_batch_map,
            input_columns,
            output_columns,
            python_multiprocessing,
        )

    def padded_batch(
        self,
        batch_size: Any,
        drop_remainder: bool = False,
        num_parallel_workers: int | None = None,
        pad_info: dict | None = None,
    ) -> Dataset:
        """``batch`` that first pads the columns named in ``pad_info`` to one shape per batch.

        Args:
            batch_size (Union[int, Callable]): rows per batch.
            drop_remainder (bool): drop a last, incomplete batch. Default: ``False``.
            num_parallel_workers (int, optional): workers. Default: ``None``.
            pad_info (dict, optional): ``{column: (shape, pad_value)}``; a None shape or axis pads to the
                longest in the batch. Default: ``None``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.GeneratorDataset([(np.array([1]),), (np.array([2, 3]),)], ['x'], shuffle=False)
            >>> for (x,) in data.padded_batch(2, pad_info={'x': (None, -1)}).create_tuple_iterator(output_numpy=True):
            ...     print(x)
            [[ 1 -1]
             [ 2  3]]
        """
        names = self._column_names()
        info = registered("check_pad_info")(pad_info, names)
        if not info:
            return self.batch(batch_size, drop_remainder, num_parallel_workers)
        return self.batch(
            batch_size,
            drop_remainder,
            num_parallel_workers,
            per_batch_map=registered("padded_batch_map")(names, info),
            input_columns=names,
            output_columns=names,
        )

    def bucket_batch_by_length(
        self,
        column_names: Any,
        bucket_boundaries: list[int],
        bucket_batch_sizes: list[int],
        element_length_function: Any = None,
        pad_info: dict | None = None,
        pad_to_bucket_boundary: bool = False,
        drop_remainder: bool = False,
    ) -> Dataset:
        """Groups rows into buckets by length (``bucket_boundaries``) and batches each bucket with its
        own batch size, padding within the batch; good for variable-length sequences.

        Args:
            column_names (list[str]): the columns whose length decides the bucket.
            bucket_boundaries (list[int]): increasing upper bounds of the buckets.
            bucket_batch_sizes (list[int]): one batch size per bucket (``len(bucket_boundaries) + 1``).
            element_length_function (Callable, optional): a row's length. Default: ``None`` (the first
                column's length).
            pad_info (dict, optional): as in ``padded_batch``. Default: ``None``.
            pad_to_bucket_boundary (bool): pad to the bucket's bound. Default: ``False``.
            drop_remainder (bool): drop the incomplete batches. Default: ``False``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> seqs = [(np.ones(n, np.int32),) for n in (1, 5, 2, 6)]
            >>> data = ds.GeneratorDataset(seqs, ['x'], shuffle=False)
            >>> data = data.bucket_batch_by_length(['x'], [4], [2, 2], pad_info={'x': (None, 0)})
            >>> print([x.shape for (x,) in data.create_tuple_iterator(output_numpy=True)])
            [(2, 2), (2, 6)]
        """
        return registered("BucketBatchDataset")(
            self,
            column_names,
            bucket_boundaries,
            bucket_batch_sizes,
            element_length_function,
            pad_info,
            pad_to_bucket_boundary,
            drop_remainder,
        )

    def device_que(
        self,
        send_epoch_end: bool = True,
        create_data_info_queue: bool = False,
        queue_name: str = "",
    ) -> Dataset:
        """A ``TransferDataset`` over this pipeline: ``send()`` runs it into a device queue.

        Args:
            send_epoch_end (bool): send an end-of-sequence at each epoch's end. Default: ``True``.
            create_data_info_queue (bool): keep the types and shapes of the batches sent.
                Default: ``False``.
            queue_name (str): the queue's name; ``""`` makes a new unique one. Default: ``""``.

        Returns:
            TransferDataset, which cannot be iterated.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, shuffle=False).batch(2)
            >>> sender = data.device_que()
            >>> sender.send(1)
            >>> sender.stop_send()
            >>> sender.release()
        """
        TransferDataset = registered("TransferDataset")

        return TransferDataset(self, send_epoch_end, create_data_info_queue, queue_name)

    def save(self, file_name: str, num_files: int = 1, file_type: str = "mindrecord") -> None:
        """Writes the pipeline's rows to MindRecord files, readable with ``MindDataset``.

        Args:
            file_name (str): the file (shards get a numeric suffix).
            num_files (int): the number of shards. Default: ``1``.
            file_type (str): ``'mindrecord'``. Default: ``'mindrecord'``.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> import os, tempfile
            >>> path = os.path.join(tempfile.mkdtemp(), 'data.mindrecord')
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> data.save(path)
            >>> print(ds.MindDataset(path, shuffle=False).get_dataset_size())
            6
        """
        registered("save_dataset")(self, file_name, num_files, file_type)

    def reset(self) -> None:
        """MindSpore's ``reset`` (between epochs of ``num_epochs=1`` iterators), which does
        nothing in 2.10: every deepsink iterator starts a fresh pass, so there is nothing to reset
        either.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> data.reset()
            >>> print(data.get_dataset_size())
            6
        """

    def sync_wait(self, condition_name: str, num_batch: int = 1, callback: Any = None) -> Dataset:
        """Adds a gate that blocks the pipeline until ``sync_update`` opens it: ``num_batch``
        batches pass at the start of each run, then each ``sync_update`` lets more through and
        calls ``callback`` with its data (a policy that follows the training loop).

        Args:
            condition_name (str): the gate's name, used by ``sync_update``.
            num_batch (int, optional): batches let through without waiting at the start. Default: ``1``.
            callback (callable, optional): called by ``sync_update`` with its ``data``. Default: ``None``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            TypeError: ``condition_name`` is not a str or ``num_batch`` not an int.
            ValueError: ``num_batch`` is not above 0.
            RuntimeError: ``condition_name`` is already in use in the pipeline.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, shuffle=False)
            >>> data = data.sync_wait(condition_name='step').batch(2)
            >>> for row in data.create_dict_iterator(num_epochs=1, output_numpy=True):
            ...     print(row['x'])
            ...     data.sync_update(condition_name='step')
            [0 1]
            [2 3]
            [4 5]
        """
        from deepsink.dataset.core.validator_helpers import check_independent_mode, type_check

        type_check(condition_name, (str,), "condition_name")
        type_check(num_batch, (int,), "num_batch")
        check_independent_mode("Dataset sync wait")
        return registered("SyncWaitDataset")(self, condition_name, num_batch, callback)

    def sync_update(
        self, condition_name: str, num_batch: int | None = None, data: Any = None
    ) -> None:
        """Opens the ``sync_wait`` gate named ``condition_name`` for ``num_batch`` more batches and
        calls its callback with ``data``.

        Args:
            condition_name (str): the gate's name.
            num_batch (int, optional): batches to let through; None: the gate's ``num_batch``.
                Default: ``None``.
            data (Any, optional): passed to the gate's callback. Default: ``None``.

        Raises:
            TypeError: ``condition_name`` is not a str.
            RuntimeError: ``num_batch`` is not a positive int, or no gate has that name (every
                gate of the pipeline is then disabled, so the pipeline does not block).

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> seen = []
            >>> data = ds.NumpySlicesDataset({'x': np.arange(4)}, shuffle=False)
            >>> data = data.sync_wait('step', callback=seen.append).batch(2)
            >>> for i, _ in enumerate(data.create_tuple_iterator(num_epochs=1)):
            ...     data.sync_update('step', data=i)
            >>> print(seen)
            [0, 1]
        """
        from deepsink.dataset.core.validator_helpers import check_independent_mode

        check_independent_mode("Dataset sync update")
        bad = isinstance(num_batch, bool) or not isinstance(num_batch, int | None)
        if bad or (isinstance(num_batch, int) and num_batch <= 0):
            self.disable_sync()
            raise RuntimeError(
                f"Sync_update batch size can only be positive integer, got: {num_batch}."
            )
        notifiers = self.get_sync_notifiers()
        if not isinstance(condition_name, str):
            raise TypeError(
                f"Argument condition_name with value {condition_name} is not of type str, "
                f"but got {type(condition_name)}."
            )
        if condition_name not in notifiers:
            self.disable_sync()
            raise RuntimeError("Condition name not found.")
        if num_batch is not None:
            num_batch *= self.get_batch_size()
        notifiers[condition_name](num_batch, data)

    def get_sync_notifiers(self) -> dict:
        """``{condition_name: release function}`` of the ``sync_wait`` gates below this node.

        Returns:
            dict, the gates' release functions by name.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(4)}, shuffle=False).sync_wait('a')
            >>> print(list(data.batch(2).get_sync_notifiers()))
            ['a']
        """
        return self.children[0].get_sync_notifiers() if self.children else {}

    def disable_sync(self) -> None:
        """Opens the ``sync_wait`` gates below this node for good (nothing blocks any more).

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(4)}, shuffle=False).sync_wait('a')
            >>> data.disable_sync()
            >>> print(len(list(data.batch(1).create_tuple_iterator(num_epochs=1))))
            4
        """
        if self.children:
            self.children[0].disable_sync()

    def is_sync(self) -> bool:
        """Whether a ``sync_wait`` gate lies below this node.

        Returns:
            bool, True if the pipeline holds a gate.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(4)}, shuffle=False)
            >>> print(data.is_sync(), data.sync_wait('a').is_sync())
            False True
        """
        return any(c.is_sync() for c in self.children)

    def shuffle(self, buffer_size: int) -> Dataset:
        """Shuffles the rows through a buffer of ``buffer_size`` rows: each output row is drawn at random
        from the buffer, which is refilled from the input (MindSpore's semantics; a buffer as large as
        the dataset gives a full shuffle). The order follows ``set_seed``.

        Args:
            buffer_size (int): the buffer's size, > 1.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            ValueError: ``buffer_size`` is not above 1.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(sorted(int(r[0]) for r in data.shuffle(6).create_tuple_iterator(output_numpy=True)))
            [0, 1, 2, 3, 4, 5]
        """
        ShuffleDataset = registered("ShuffleDataset")

        return ShuffleDataset(self, buffer_size)

    def repeat(self, count: int | None = None) -> Dataset:
        """Runs the pipeline ``count`` times per epoch.

        Args:
            count (int, optional): the repetitions; None or -1 repeats forever. Default: ``None``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            ValueError: ``count`` is 0 or below -1.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print([int(r[0]) for r in data.take(2).repeat(3).create_tuple_iterator(output_numpy=True)])
            [0, 1, 0, 1, 0, 1]
        """
        RepeatDataset = registered("RepeatDataset")

        return RepeatDataset(self, count)

    def take(self, count: int = -1) -> Dataset:
        """The first ``count`` rows.

        Args:
            count (int): the rows to keep; -1 keeps all. Default: ``-1``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            ValueError: ``count`` is 0 or below -1.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print([int(r[0]) for r in data.take(2).create_tuple_iterator(output_numpy=True)])
            [0, 1]
        """
        TakeDataset = registered("TakeDataset")

        return TakeDataset(self, count)

    def skip(self, count: int) -> Dataset:
        """All rows but the first ``count``.

        Args:
            count (int): the rows to drop, >= 0.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            ValueError: ``count`` is negative.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print([int(r[0]) for r in data.skip(4).create_tuple_iterator(output_numpy=True)])
            [4, 5]
        """
        SkipDataset = registered("SkipDataset")

        return SkipDataset(self, count)

    def project(self, columns: str | Sequence[str]) -> Dataset:
        """Keeps only ``columns``, in that order.

        Args:
            columns (Union[str, list[str]]): the columns.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            ValueError: a column is not in the dataset.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.project(['y', 'x']).get_col_names())
            ['y', 'x']
        """
        ProjectDataset = registered("ProjectDataset")

        return ProjectDataset(self, columns)

    def rename(
        self, input_columns: str | Sequence[str], output_columns: str | Sequence[str]
    ) -> Dataset:
        """Renames columns.

        Args:
            input_columns (Union[str, list[str]]): the current names.
            output_columns (Union[str, list[str]]): the new names, as many.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            ValueError: a column is missing, the lists differ in length, or a new name clashes.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.rename(['x'], ['image']).get_col_names())
            ['image', 'y']
        """
        RenameDataset = registered("RenameDataset")

        return RenameDataset(self, input_columns, output_columns)

    def apply(self, apply_func: Callable[[Dataset], Dataset]) -> Dataset:
        """The dataset ``apply_func`` builds from this one (a reusable piece of pipeline).

        Args:
            apply_func (Callable[[Dataset], Dataset]): takes this dataset, returns a dataset.

        Returns:
            Dataset, what ``apply_func`` returned.

        Raises:
            TypeError: ``apply_func`` is not callable, or did not return a Dataset.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6)}, shuffle=False)
            >>> print(data.apply(lambda d: d.batch(2)).get_dataset_size())
            3
        """
        if not callable(apply_func):
            raise TypeError("apply_func must be a function.")
        dataset = apply_func(self)
        if not isinstance(dataset, Dataset):
            raise TypeError("apply_func must return a dataset.")
        return dataset

    def flat_map(self, func: Callable[..., Dataset]) -> Dataset:
        """The datasets ``func`` builds from each row, one after another: each row's columns (NumPy
        arrays) are passed to ``func``, which returns a Dataset; the rows are read when this is called.

        Args:
            func (Callable): takes one row's columns, returns a Dataset.

        Returns:
            Dataset, the concatenation of what ``func`` returned.

        Raises:
            TypeError: ``func`` is not callable, or did not return a Dataset.

        Examples:
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset([[0, 1], [2, 3]], shuffle=False)
            >>> flat = data.flat_map(lambda row: ds.NumpySlicesDataset(row * 10, shuffle=False))
            >>> print([int(r[0]) for r in flat.create_tuple_iterator(output_numpy=True)])
            [0, 10, 20, 30]
        """
        if not callable(func):
            raise TypeError("func must be a function.")
        joined = None
        for row in self.create_tuple_iterator(num_epochs=1, output_numpy=True):
            part = func(*row)
            joined = part if joined is None else joined + part  # concat checks each Dataset
        if not isinstance(joined, Dataset):  # also: no rows, nothing returned
            raise TypeError("flat_map must return a Dataset object.")
        return joined

    def zip(self, datasets: Dataset | Sequence[Dataset]) -> Dataset:
        """The rows of this dataset and ``datasets`` side by side; as long as the shortest.

        Args:
            datasets (Union[Dataset, tuple[Dataset]]): the other datasets (no column names in common).

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            TypeError: an element is not a Dataset.
            ValueError: column names clash.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> other = ds.NumpySlicesDataset({'z': np.arange(3)}, shuffle=False)
            >>> zipped = data.zip(other)
            >>> print(zipped.get_col_names(), zipped.get_dataset_size())
            ['x', 'y', 'z'] 3
        """
        ZipDataset = registered("ZipDataset")

        others = [datasets] if isinstance(datasets, Dataset) else list(datasets)
        return ZipDataset([self, *others])

    def concat(self, datasets: Dataset | Sequence[Dataset]) -> Dataset:
        """The rows of this dataset, then those of ``datasets`` (``a + b`` is the same).

        Args:
            datasets (Union[Dataset, list[Dataset]]): datasets with the same columns.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            TypeError: an element is not a Dataset.
            RuntimeError: the columns differ.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> other = ds.NumpySlicesDataset({'x': np.arange(10, 12), 'y': np.arange(2)}, shuffle=False)
            >>> print([int(r[0]) for r in data.take(2).concat(other).create_tuple_iterator(output_numpy=True)])
            [0, 1, 10, 11]
        """
        ConcatDataset = registered("ConcatDataset")

        vh.type_check(datasets, (list, Dataset), "datasets")
        others = [datasets] if isinstance(datasets, Dataset) else list(datasets)
        # a chain ``a + b + c`` is one concat of three children (its RandomSampler interleaves
        # all three, as in MindSpore)
        if not (isinstance(self, ConcatDataset) and self._sampler is None):
            return ConcatDataset([self, *others])
        joined = ConcatDataset([*self.children, *others])
        # ``self`` is the child here as in MindSpore's nested concats, for the tree check
        for child in self.children:
            child._consumers -= 1
        self._consumers += 1
        joined._absorbed = [*self._absorbed, self]
        return joined

    def __add__(self, other: Dataset) -> Dataset:
        return self.concat(other)

    def filter(
        self,
        predicate: Any,
        input_columns: str | Sequence[str] | None = None,
        num_parallel_workers: int | None = None,
    ) -> Dataset:
        """Keeps the rows for which ``predicate(*columns)`` is true.

        Args:
            predicate (Callable): takes the ``input_columns`` and returns a bool.
            input_columns (Union[str, list[str]], optional): its inputs. Default: ``None`` (all columns).
            num_parallel_workers (int, optional): workers. Default: ``None``.

        Returns:
            Dataset, the new pipeline (the original is unchanged).

        Raises:
            TypeError: ``predicate`` is not callable.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print([int(r[0]) for r in data.filter(lambda x: x % 2 == 0, input_columns=['x']).create_tuple_iterator(output_numpy=True)])
            [0, 2, 4]
        """
        FilterDataset = registered("FilterDataset")

        return FilterDataset(self, predicate, input_columns, num_parallel_workers)

    def split(self, sizes: Sequence[int | float], randomize: bool = True) -> tuple[Dataset, ...]:
        """Splits the rows into disjoint datasets of ``sizes`` rows (ints summing to the dataset's size,
        or fractions summing to 1, rounded as MindSpore does).

        Args:
            sizes (Union[list[int], list[float]]): the parts' sizes.
            randomize (bool): draw the rows in one random order first. Default: ``True``.

        Returns:
            tuple[Dataset], the parts.

        Raises:
            ValueError: the sizes do not add up, or a part would be empty.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> train, test = data.split([4, 2], randomize=False)
            >>> print(train.get_dataset_size(), test.get_dataset_size())
            4 2
        """
        split = registered("split")

        return split(self, sizes, randomize)

    def use_sampler(self, new_sampler: Any) -> None:
        """Replace the sampler of this pipeline's sources (MindSpore's deprecated
        ``use_sampler``): every source below this node then reads through ``new_sampler``; a
        child of the replaced sampler (the rows of a ``split`` part) stays under the new one.

        Args:
            new_sampler (Sampler): the sampler the sources use from now on.

        Raises:
            TypeError: If `new_sampler` is None or not a sampler.

        Examples:
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset([5, 6, 7, 8], shuffle=False)
            >>> data.use_sampler(ds.SequentialSampler(start_index=2))
            >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
            [7, 8]
        """
        from deepsink.dataset.engine.samplers import Sampler

        if new_sampler is None:
            raise TypeError("Input sampler can not be None.")
        if not isinstance(new_sampler, Sampler):
            raise TypeError("Input sampler is not an instance of a sampler.")
        stack, found = [self], False
        while stack:
            node = stack.pop()
            if not node.children and hasattr(node, "sampler"):
                # MindSpore replaces the top sampler: the new one samples the old one's child
                child = node.sampler.child_sampler if node.sampler is not None else None
                if child is not None:
                    new_sampler.add_child(child)
                node.sampler, found = new_sampler, True
            stack.extend(node.children)
        if not found:
            raise RuntimeError("use_sampler: this pipeline has no source that takes a sampler")
        stack = [self]
        while stack:  # the cached sizes of the nodes above the sources are stale now
            node = stack.pop()
            node._size, node._first_row = None, None
            stack.extend(node.children)

    # -- vocabularies --------------------------------------------------------------------------
    def build_vocab(
        self, columns: Any, freq_range: Any, top_k: Any, special_tokens: Any, special_first: Any
    ) -> None:
        """Deprecated since MindSpore 2.0, where it builds nothing: it warns and returns None,
        as MindSpore 2.10's does. ``text.Vocab.from_dataset`` builds the Vocab.

        Args:
            columns (Union[str, list[str]]): the columns of words.
            freq_range (tuple[int]): the (min, max) count kept.
            top_k (int): the number of most frequent words kept.
            special_tokens (list[str]): the special tokens.
            special_first (bool): whether the special tokens come first.

        Returns:
            None.

        Examples:
            >>> import warnings
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({"t": ["a", "b", "a"]}, shuffle=False)
            >>> with warnings.catch_warnings(record=True):
            ...     print(data.build_vocab(["t"], None, None, None, True))
            None
        """
        warnings.warn(
            "mindspore.dataset.Dataset.build_vocab is deprecated from version 2.0 and will be "
            "removed in a future version. Use mindspore.dataset.text.Vocab.from_dataset instead.",
            DeprecationWarning,
            stacklevel=2,
        )

    def build_sentencepiece_vocab(
        self, columns: Any, vocab_size: Any, character_coverage: Any, model_type: Any, params: Any
    ) -> None:
        """Deprecated since MindSpore 2.0, where it builds nothing: it warns and returns None,
        as MindSpore 2.10's does. ``text.SentencePieceVocab.from_dataset`` trains the model.

        Args:
            columns (list[str]): the column of sentences.
            vocab_size (int): the number of pieces.
            character_coverage (float): the share of the characters covered.
            model_type (SentencePieceModel): the model type.
            params (dict): more options of SentencePiece's trainer.

        Returns:
            None.

        Examples:
            >>> import warnings
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({"t": ["a b", "b c"]}, shuffle=False)
            >>> with warnings.catch_warnings(record=True):
            ...     print(data.build_sentencepiece_vocab(["t"], 10, 1.0, None, {}))
            None
        """
        warnings.warn(
            "mindspore.dataset.Dataset.build_sentencepiece_vocab is deprecated from version 2.0 "
            "and will be removed in a future version. "
            "Use mindspore.dataset.text.SentencePieceVocab.from_dataset instead.",
            DeprecationWarning,
            stacklevel=2,
        )

    def _build_vocab(
        self, columns: Any, freq_range: Any, top_k: Any, special_tokens: Any, special_first: Any
    ) -> Any:
        """The ``text.Vocab`` of this dataset's words (``text.Vocab.from_dataset``'s engine)."""
        return registered("vocab_of_dataset")(
            self, columns, freq_range, top_k, special_tokens, special_first
        )

    def _build_sentencepiece_vocab(
        self, columns: Any, vocab_size: Any, character_coverage: Any, model_type: Any, params: Any
    ) -> Any:
        """A ``text.SentencePieceVocab`` trained on a column of this dataset's sentences."""
        return registered("sentencepiece_vocab_of_dataset")(
            self, columns, vocab_size, character_coverage, model_type, params
        )

    # -- properties ----------------------------------------------------------------------------
    def get_col_names(self) -> list[str]:
        """The names of the columns, in order.

        Returns:
            list[str], the names.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.get_col_names())
            ['x', 'y']
        """
        check_tree(self)
        return list(self._column_names())

    def get_dataset_size(self) -> int:
        """The number of rows (batches, after ``batch``) in one epoch, counted by a dry run when the
        pipeline cannot tell.

        Returns:
            int, the size.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.get_dataset_size(), data.batch(4).get_dataset_size())
            6 2
        """
        check_tree(self)
        outermost = getattr(_COUNT, "depth", 0) == 0
        if self._size is None:
            _COUNT.depth = getattr(_COUNT, "depth", 0) + 1
            try:
                n = self._num_rows()
            finally:
                _COUNT.depth -= 1
            if n is None:
                n = self._count_rows()
            self._size = n
        if outermost:
            self.dataset_size = self._size
        return self._size

    def _counted_rows(self) -> int | None:
        """For a source whose size is known only by reading it: inside ``get_dataset_size`` its
        rows counted by a dry run of the source alone (cached), so the operations above it derive
        their sizes without running (a map's function and callbacks never run for a size, as in
        MindSpore); elsewhere None (never counts)."""
        if not getattr(_COUNT, "depth", 0):
            return None
        if self._size is None:
            _COUNT.depth, depth = 0, _COUNT.depth
            try:
                self._size = self._count_rows()
            finally:
                _COUNT.depth = depth
        return self._size

    def _known_size(self) -> int | None:
        """Rows per epoch if known without running the pipeline (else None; never counts)."""
        return self._size if self._size is not None else self._num_rows()

    def _count_rows(self) -> int:
        """A dry run of one epoch. A source with no length (an iterable or callable
        GeneratorDataset) may be endless, so a count that runs long says why it is running."""
        ctx = new_context()
        ctx.getter = True
        started, warned, n = time.monotonic(), False, 0
        try:
            for b in self._blocks(ctx, ROWS_PER_BLOCK):
                n += b.n
                if not warned and time.monotonic() - started > COUNT_WARN_S:
                    warned = True
                    warnings.warn(
                        f"get_dataset_size() has counted {n} rows in {COUNT_WARN_S:g} s by running "
                        "the pipeline, because its size is not known in advance (a source without "
                        "__len__). If the source is endless this never ends: give it __len__ or "
                        "num_samples, or train with dataset_sink_mode=True and sink_size > 0, "
                        "which does not need the size",
                        RuntimeWarning,
                        stacklevel=3,
                    )
            return n
        finally:
            ctx.close()

    def _first(self) -> tuple[np.ndarray, ...]:
        if self._first_row is None:
            TupleIterator = registered("TupleIterator")
            it = TupleIterator(self, None, 1, True, True, _getter=True)
            try:
                self._first_row = tuple(next(it))
            except StopIteration:
                raise _Empty(
                    "the dataset is empty: it has no row to take shapes and types from"
                ) from None
            finally:
                it.close()
        return self._first_row

    def output_shapes(self) -> list[list[int]]:
        """The shapes of the first row's columns (the pipeline runs for them, as in MindSpore).

        Returns:
            list[list[int]], one shape per column ([] for an empty dataset).

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.batch(4).output_shapes())
            [[4], [4]]
        """
        first = self._first_or_none()
        return [] if first is None else [list(c.shape) for c in first]

    def output_types(self) -> list[np.dtype]:
        """The NumPy dtypes of the columns.

        Returns:
            list[numpy.dtype], one per column.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.output_types())
            [dtype('int64'), dtype('int64')]
        """
        first = self._first_or_none()
        return [] if first is None else [c.dtype for c in first]

    def _first_or_none(self) -> tuple[np.ndarray, ...] | None:
        try:
            return self._first()
        except _Empty:
            return None

    def get_batch_size(self) -> int:
        """The batch size set by ``batch`` (1 without it, -1 for a callable batch size).

        Returns:
            int, the batch size.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.get_batch_size(), data.batch(4).get_batch_size())
            1 4
        """
        BatchDataset = registered("BatchDataset")
        GeneratorDataset = registered("GeneratorDataset")

        node = _find(self, BatchDataset)
        if node is not None:  # a callable batch size has no one size: MindSpore reports -1
            return -1 if callable(node.batch_size) else node.batch_size
        src = _find(self, GeneratorDataset)
        return -1 if src is not None and src.batch_sampler is not None else 1

    def num_classes(self) -> int | None:
        """The number of classes of the source below (a labelled source such as
        ``ManifestDataset`` or ``ImageFolderDataset``); None for a source without classes.

        Returns:
            Union[int, None], the number of classes.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> print(ds.NumpySlicesDataset({'x': np.arange(6)}).num_classes())
            None
        """
        return _classes_below(self)

    def get_class_indexing(self) -> dict:
        """The class names and their label indexes of the first source below (a labelled source
        such as ``ImageFolderDataset`` or ``ManifestDataset`` defines them); ``{}`` for a source
        without classes.

        Returns:
            dict, the class names and their indexes.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> print(ds.NumpySlicesDataset({'x': np.arange(6)}).shuffle(2).get_class_indexing())
            {}
        """
        if self.children:
            return self.children[0].get_class_indexing()
        return {}

    def get_repeat_count(self) -> int:
        """The repeat count set by ``repeat`` (1 without it).

        Returns:
            int, the count.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> print(data.repeat(3).get_repeat_count())
            3
        """
        RepeatDataset = registered("RepeatDataset")

        node = _find(self, RepeatDataset)
        return node.count if node is not None else 1

    def set_init_step(self, init_step: int) -> None:
        """Start new iterators ``init_step`` batches (rows of this dataset) into the stream.

        MindSpore's API for resuming. Iterators created afterwards skip ``init_step //
        get_dataset_size()`` whole epochs without reading them (only the shuffle and augmentation
        counters advance) and then read and drop the remaining rows, so the rows that follow are
        exactly those an uninterrupted iterator would give. ``Model.train(initial_epoch=k)`` sets it
        for the duration of training.

        Args:
            init_step (int): the batches to skip, >= 0.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> data = data.batch(2)
            >>> data.set_init_step(1)
            >>> print([int(x[0]) for x, _ in data.create_tuple_iterator(output_numpy=True)])
            [2, 4]
        """
        if isinstance(init_step, bool) or not isinstance(init_step, int) or init_step < 0:
            fail_arg("set_init_step", "init_step", "a non-negative int", init_step, TypeError)
        self._init_step = init_step

    def get_init_step(self) -> int:
        """The step set by ``set_init_step`` here or on the single-child chain below, else 0.

        Returns:
            int, the step.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> data.set_init_step(2)
            >>> print(data.get_init_step())
            2
        """
        node: Dataset = self
        while node._init_step is None:
            if len(node.children) != 1:
                return 0
            node = node.children[0]
        return node._init_step

    # -- iteration -----------------------------------------------------------------------------
    def create_tuple_iterator(
        self,
        columns: Sequence[str] | None = None,
        num_epochs: int = -1,
        output_numpy: bool = False,
        do_copy: bool = True,
    ) -> Any:
        """An iterator of rows as tuples (numpy arrays, or Tensors unless ``output_numpy``);
        ``do_copy=False`` makes the Tensors on the faster path that does not ask for a copy.

        Args:
            columns (list[str], optional): the columns, in order. Default: ``None`` (all).
            num_epochs (int): the epochs the iterator can run; -1 for any. Default: ``-1``.
            output_numpy (bool): give NumPy arrays instead of Tensors. Default: ``False``.
            do_copy (bool): copy the data into new Tensors. Default: ``True``.

        Returns:
            Iterator, yielding one list of columns per row.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> for x, y in data.take(2).create_tuple_iterator():
            ...     print(x, y)
            0 0
            1 10
        """
        TupleIterator = registered("TupleIterator")

        return TupleIterator(self, columns, num_epochs, output_numpy, do_copy)

    def create_dict_iterator(
        self, num_epochs: int = -1, output_numpy: bool = False, do_copy: bool = True
    ) -> Any:
        """An iterator of rows as ``{column: value}``.

        Args:
            num_epochs (int): the epochs the iterator can run; -1 for any. Default: ``-1``.
            output_numpy (bool): give NumPy arrays instead of Tensors. Default: ``False``.
            do_copy (bool): copy the data into new Tensors. Default: ``True``.

        Returns:
            Iterator, yielding one ``{column: value}`` dict per row.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> for row in data.take(2).create_dict_iterator(output_numpy=True):
            ...     print(row['x'], row['y'])
            0 0
            1 10
        """
        DictIterator = registered("DictIterator")

        return DictIterator(self, None, num_epochs, output_numpy, do_copy)

    def __iter__(self) -> Any:
        return self.create_tuple_iterator(num_epochs=1)

    def device_split(self) -> tuple[Dataset, Any]:
        """(raw dataset, DeviceTransform | None): see ``engine/device.py``.

        Returns:
            tuple, ``(raw_dataset, transform)``: the pipeline without its trailing device-friendly
            operations, and those operations as one function of a batch (None when there are none).

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
            >>> raw, transform = data.batch(2).device_split()
            >>> print(transform)
            None
        """
        device_split = registered("device_split")

        return device_split(self)


guard_methods(Dataset)


def check_tree(root: Dataset) -> None:
    """ValueError when a node of the pipeline feeds two consumers (``d + d``, ``d.zip(d)``, or two
    nodes ever built on it, ``d.batch(2)`` after ``d.batch(1)``): MindSpore runs only trees and
    refuses such a pipeline when it runs or is asked about (the root itself may have several)."""
    seen: set[int] = set()
    stack = [(root, True)]
    while stack:
        node, is_root = stack.pop()
        shared = any(n._consumers > 1 for n in node._absorbed)
        if id(node) in seen or shared or (not is_root and node._consumers > 1):
            raise ValueError("The data pipeline is not a tree (i.e., one node has 2 consumers)")
        seen.add(id(node))
        node._validate()
        stack.extend((child, False) for child in node.children)


def copy_tree(root: Dataset) -> Dataset:
    """The pipeline as new nodes over the same data: an iterator runs its own copy of the tree, as
    MindSpore's does, so nodes changed or built on after it started do not reach it."""
    return _copied(root, {})


def _copied(node: Dataset, made: dict[int, Dataset]) -> Dataset:
    # a module function, not a closure over ``made``: a recursive closure is a reference cycle,
    # which would keep the copies (and the user's source data) alive until the next gc pass
    if id(node) not in made:
        made[id(node)] = node._copy_node([_copied(c, made) for c in node.children])
    return made[id(node)]


def column_names_arg(value: Any, arg: str, api: str, allow_none: bool = True) -> list[str] | None:
    """A column name or list of names as a list (None stays None when allowed)."""
    if value is None and allow_none:
        return None
    names = [value] if isinstance(value, str) else value
    if (
        not isinstance(names, list | tuple)
        or not names
        or not all(isinstance(n, str) for n in names)
    ):
        fail_arg(api, arg, "a column name or a non-empty list of column names", value, TypeError)
    return list(names)


def column_indices(names: list[str], available: list[str], arg: str, api: str) -> list[int]:
    """Positions of ``names`` in ``available``; an unknown name is an error naming the argument."""
    missing = [n for n in names if n not in available]
    if missing:
        fail_arg(
            api,
            arg,
            f"names of existing columns {available}",
            names if len(names) > 1 else names[0],
        )
    return [available.index(n) for n in names]


def _find(node: Dataset, cls: type) -> Any:
    """The first ``cls`` node on the chain from ``node`` down its first children."""
    while node is not None:
        if isinstance(node, cls):
            return node
        node = node.children[0] if node.children else None
    return None


# MindSpore 2.10 sorts its datasets by the data they may carry (``TextBaseDataset``: every pipeline
# stage and the text and generator sources); deepsink's datasets are one class, so each is one
TextBaseDataset = Dataset
