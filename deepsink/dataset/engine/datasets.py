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

import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import closing
from typing import Any

import numpy as np

from deepsink._core.validate import fail
from deepsink.dataset import config
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


class _Empty(RuntimeError):
    """The pipeline produced no row."""


class View:
    """One pass of a random-access node: ``n`` rows, any of them by position."""

    n: int

    def gather(self, pos: np.ndarray) -> Block:
        raise NotImplementedError

    def blocks(self, size: int, workers: int = 1, stop: int | None = None) -> Iterator[Block]:
        """Consecutive blocks of ``size`` rows (up to ``stop``), ``workers`` threads gathering."""
        end = self.n if stop is None else min(stop, self.n)
        ranges = (np.arange(s, min(end, s + size)) for s in range(0, end, size))
        return ordered_map(self.gather, ranges, workers)


class Dataset:
    """Base of every dataset node (sources and operations)."""

    def __init__(
        self,
        children: Sequence[Dataset] = (),
        num_parallel_workers: int | None = None,
        tag_params: tuple = (),
    ) -> None:
        self.children = list(children)
        if num_parallel_workers is not None:
            check_num_parallel_workers(num_parallel_workers, type(self).__name__)
        self.num_parallel_workers = num_parallel_workers
        child_tags = tuple(c._tag for c in self.children)
        self._tag = structural_tag(type(self).__name__, tag_params, child_tags)
        self._size: int | None = None
        self._first_row: tuple[np.ndarray, ...] | None = None
        self._init_step: int | None = None

    # -- node protocol (overridden by subclasses) ----------------------------------------------
    def _column_names(self) -> list[str]:
        return self.children[0]._column_names()

    def _num_rows(self) -> int | None:
        """Rows per pass when known without running the pipeline."""
        return None

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

    # -- operations ----------------------------------------------------------------------------
    def map(
        self,
        operations: Any = None,
        input_columns: str | Sequence[str] | None = None,
        output_columns: str | Sequence[str] | None = None,
        num_parallel_workers: int | None = None,
        python_multiprocessing: bool = False,
        max_rowsize: int | None = None,
    ) -> Dataset:
        """Apply ``operations`` (transforms or callables) to ``input_columns`` of each row."""
        MapDataset = registered("MapDataset")

        return MapDataset(
            self,
            operations,
            input_columns,
            output_columns,
            num_parallel_workers,
            python_multiprocessing,
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
        """Stack ``batch_size`` consecutive rows into one (the last one shorter unless dropped).

        ``batch_size`` may be a callable of a ``BatchInfo``; ``per_batch_map(*columns, batch_info)``
        gets each of ``input_columns`` as a list of the batch's rows and returns a tuple of columns
        (``output_columns``), as MindSpore's.
        """
        BatchDataset = registered("BatchDataset")

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
        """``batch`` with the columns of ``pad_info`` padded to one shape per batch (see
        ``engine/padding.py``)."""
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
        """Group rows by length into buckets and batch each bucket (``engine/bucket.py``)."""
        return registered("bucket_batch_by_length")(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                      element_length_function, pad_info, pad_to_bucket_boundary,
                                      drop_remainder)  # fmt: skip

    def save(self, file_name: str, num_files: int = 1, file_type: str = "mindrecord") -> None:
        """The pipeline's rows into MindRecord files (``engine/minddata.py``)."""
        registered("save_dataset")(self, file_name, num_files, file_type)

    def reset(self) -> None:
        """MindSpore's ``reset`` (between epochs of ``num_epochs=1`` iterators), which does
        nothing in 2.10: every deepsink iterator starts a fresh pass, so there is nothing to reset
        either."""

    def shuffle(self, buffer_size: int) -> Dataset:
        """Shuffle through a buffer of ``buffer_size`` rows (MindSpore's buffer semantics)."""
        ShuffleDataset = registered("ShuffleDataset")

        return ShuffleDataset(self, buffer_size)

    def repeat(self, count: int | None = None) -> Dataset:
        """Run the pipeline ``count`` times per epoch (None or -1: forever)."""
        RepeatDataset = registered("RepeatDataset")

        return RepeatDataset(self, count)

    def take(self, count: int = -1) -> Dataset:
        """The first ``count`` rows (-1: all)."""
        TakeDataset = registered("TakeDataset")

        return TakeDataset(self, count)

    def skip(self, count: int) -> Dataset:
        """All rows but the first ``count``."""
        SkipDataset = registered("SkipDataset")

        return SkipDataset(self, count)

    def project(self, columns: str | Sequence[str]) -> Dataset:
        """Keep ``columns``, in that order."""
        ProjectDataset = registered("ProjectDataset")

        return ProjectDataset(self, columns)

    def rename(
        self, input_columns: str | Sequence[str], output_columns: str | Sequence[str]
    ) -> Dataset:
        RenameDataset = registered("RenameDataset")

        return RenameDataset(self, input_columns, output_columns)

    def zip(self, datasets: Dataset | Sequence[Dataset]) -> Dataset:
        """Rows side by side (columns must not clash); as long as the shortest input."""
        ZipDataset = registered("ZipDataset")

        others = [datasets] if isinstance(datasets, Dataset) else list(datasets)
        return ZipDataset([self, *others])

    def concat(self, datasets: Dataset | Sequence[Dataset]) -> Dataset:
        """Rows of ``self`` then of ``datasets`` (same columns)."""
        ConcatDataset = registered("ConcatDataset")

        others = [datasets] if isinstance(datasets, Dataset) else list(datasets)
        return ConcatDataset([self, *others])

    def __add__(self, other: Dataset) -> Dataset:
        return self.concat(other)

    def filter(
        self,
        predicate: Any,
        input_columns: str | Sequence[str] | None = None,
        num_parallel_workers: int | None = None,
    ) -> Dataset:
        """Keep the rows for which ``predicate(*columns)`` is true."""
        FilterDataset = registered("FilterDataset")

        return FilterDataset(self, predicate, input_columns, num_parallel_workers)

    def split(self, sizes: Sequence[int | float], randomize: bool = True) -> tuple[Dataset, ...]:
        """Disjoint datasets of ``sizes`` rows (ints summing to the size, or fractions summing
        to 1, MindSpore's rounding). ``randomize``: rows drawn in one random order fixed at split
        time (so the splits never overlap, every epoch); else consecutive rows."""
        split = registered("split")

        return split(self, sizes, randomize)

    def use_sampler(self, new_sampler: Any) -> None:
        """Replace the sampler of this pipeline's sources (MindSpore's deprecated
        ``use_sampler``): every source below this node then reads through ``new_sampler``.

        Args:
            new_sampler (Sampler): the sampler the sources use from now on.

        Raises:
            TypeError: If `new_sampler` is None or not a sampler.

        Examples:
            >>> import mindspore.dataset as ds
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
                node.sampler, found = new_sampler, True
            stack.extend(node.children)
        if not found:
            raise RuntimeError("use_sampler: this pipeline has no source that takes a sampler")
        stack = [self]
        while stack:  # the cached sizes of the nodes above the sources are stale now
            node = stack.pop()
            node._size, node._first_row = None, None
            stack.extend(node.children)

    # -- properties ----------------------------------------------------------------------------
    def get_col_names(self) -> list[str]:
        return list(self._column_names())

    def get_dataset_size(self) -> int:
        """Rows (batches, after ``batch``) per epoch; counted by a dry run when not known."""
        if self._size is None:
            n = self._num_rows()
            if n is None:
                n = self._count_rows()
            self._size = n
        return self._size

    def _known_size(self) -> int | None:
        """Rows per epoch if known without running the pipeline (else None; never counts)."""
        return self._size if self._size is not None else self._num_rows()

    def _count_rows(self) -> int:
        """A dry run of one epoch. A source with no length (an iterable or callable
        GeneratorDataset) may be endless, so a count that runs long says why it is running."""
        ctx = new_context()
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
            it = self.create_tuple_iterator(num_epochs=1, output_numpy=True)
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
        """Shapes of the first row's columns (MindSpore runs the pipeline for them too); [] when
        the dataset has no rows."""
        first = self._first_or_none()
        return [] if first is None else [list(c.shape) for c in first]

    def output_types(self) -> list[np.dtype]:
        first = self._first_or_none()
        return [] if first is None else [c.dtype for c in first]

    def _first_or_none(self) -> tuple[np.ndarray, ...] | None:
        try:
            return self._first()
        except _Empty:
            return None

    def get_batch_size(self) -> int:
        BatchDataset = registered("BatchDataset")
        GeneratorDataset = registered("GeneratorDataset")

        node = _find(self, BatchDataset)
        if node is not None:
            return node.batch_size
        src = _find(self, GeneratorDataset)
        return -1 if src is not None and src.batch_sampler is not None else 1

    def get_repeat_count(self) -> int:
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
        """
        if isinstance(init_step, bool) or not isinstance(init_step, int) or init_step < 0:
            fail("set_init_step", "init_step", "a non-negative int", init_step, TypeError)
        self._init_step = init_step

    def get_init_step(self) -> int:
        """The step set by ``set_init_step`` here or on the single-child chain below, else 0."""
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
        ``do_copy=False`` makes the Tensors on the faster path that does not ask for a copy."""
        TupleIterator = registered("TupleIterator")

        return TupleIterator(self, columns, num_epochs, output_numpy, do_copy)

    def create_dict_iterator(
        self, num_epochs: int = -1, output_numpy: bool = False, do_copy: bool = True
    ) -> Any:
        """An iterator of rows as ``{column: value}``."""
        DictIterator = registered("DictIterator")

        return DictIterator(self, None, num_epochs, output_numpy, do_copy)

    def __iter__(self) -> Any:
        return self.create_tuple_iterator(num_epochs=1)

    def device_split(self) -> tuple[Dataset, Any]:
        """(raw dataset, DeviceTransform | None): see ``engine/device.py``."""
        device_split = registered("device_split")

        return device_split(self)


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
        fail(api, arg, "a column name or a non-empty list of column names", value, TypeError)
    return list(names)


def column_indices(names: list[str], available: list[str], arg: str, api: str) -> list[int]:
    """Positions of ``names`` in ``available``; an unknown name is an error naming the argument."""
    missing = [n for n in names if n not in available]
    if missing:
        fail(
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
