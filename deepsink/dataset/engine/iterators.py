"""Iterators: the pipeline runs on a background thread, a bounded queue ahead of the consumer.

MindSpore's epoch semantics: ``__next__`` raises StopIteration at the end of each epoch and the next
call starts the next epoch; asking past ``num_epochs`` raises RuntimeError (-1: epochs never run out,
but each still ends with StopIteration, so ``for epoch ...: for batch in it`` works as in MindSpore).
``next_batch`` / ``across_epochs`` continue across epoch ends without the StopIteration (for the
sink engine and other consumers that want one endless stream).

``close()`` (or leaving a ``with`` block, or dropping the iterator) stops the thread and releases
worker pools; an exception in the pipeline is re-raised in the consumer with its traceback.
"""

from __future__ import annotations

import queue
import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import closing
from typing import Any

import numpy as np

from deepsink._core.tracebacks import guard_methods
from deepsink._core.validate import fail_arg
from deepsink.common import dtype_rules
from deepsink.dataset import config
from deepsink.dataset.core import validator_helpers as vh
from deepsink.dataset.core.errors import pipeline_error, syntax_error
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.block import Block, slice_block
from deepsink.dataset.engine.context import ExecContext, new_context
from deepsink.dataset.engine.datasets import ROWS_PER_BLOCK, Dataset
from deepsink.dataset.engine.memory import tune_malloc
from deepsink.dataset.engine.parallel import JOIN_GRACE_S

_BLOCK, _EPOCH_END, _END, _ERROR = range(4)
_EOF = "EOF buffer encountered. User tries to fetch data beyond the specified number of epochs."

# MindSpore's list of the live iterators (weak references): ``_cleanup`` releases them all; an
# iterator leaves it when released or garbage-collected
ITERATORS_LIST: list[weakref.ref] = []


def _forget(ref: weakref.ref) -> None:
    if ref in ITERATORS_LIST:
        ITERATORS_LIST.remove(ref)


def _cleanup() -> None:
    """Releases every live iterator (their pipelines stop; a later ``next`` raises), newest first."""
    for ref in reversed(list(ITERATORS_LIST)):
        itr = ref()
        if itr is not None:
            itr.release()


def _put(q: queue.Queue, item: tuple, stop: threading.Event) -> bool:
    while not stop.is_set():
        try:
            q.put(item, timeout=0.05)
            return True
        except queue.Full:
            continue
    return False


def _items(
    root: Dataset, num_epochs: int, ctx: ExecContext, start: tuple[int, int]
) -> Iterator[tuple]:
    """The run as (kind, payload) items, from the resume position ``start``."""
    epoch, drop = start  # resume position (set_init_step): whole epochs, then rows
    for _ in range(epoch):
        root._skip_pass(ctx)
    while num_epochs == -1 or epoch < num_epochs:
        ctx.epoch = epoch
        with closing(root._blocks(ctx, ROWS_PER_BLOCK)) as blocks:
            for b in blocks:
                if drop:
                    k = min(drop, b.n)
                    b, drop = slice_block(b, k, b.n), drop - k
                if b.n:
                    yield (_BLOCK, b)
        ctx.end_epoch()
        yield (_EPOCH_END, epoch)
        epoch += 1
    yield (_END, None)


def _produce(
    root: Dataset,
    num_epochs: int,
    q: queue.Queue,
    stop: threading.Event,
    ctx: ExecContext,
    start: tuple[int, int],
) -> None:
    try:
        with closing(_items(root, num_epochs, ctx, start)) as items:
            for item in items:
                if not _put(q, item, stop):
                    return
    except BaseException as e:  # noqa: BLE001 - handed to the consumer
        _put(q, (_ERROR, e), stop)
    finally:
        ctx.close()


def _start_position(dataset: Dataset) -> tuple[int, int]:
    """(epochs to skip, rows to drop after them) for the dataset's ``set_init_step``."""
    init = dataset.get_init_step()
    if not init:
        return 0, 0
    size = dataset.get_dataset_size()
    if size <= 0:
        raise ValueError(
            f"For 'set_init_step', the dataset must have a finite size to start {init} steps in, "
            f"but get_dataset_size() is {size}"
        )
    return divmod(init, size)


class _Producer:
    """The background thread and its queue. Holds no reference to the iterator.

    The thread is a daemon and ``close`` waits for it a bounded time only: a user source stuck in a
    read that never returns is abandoned (it cannot block interpreter exit), and the run's worker
    processes are released from here instead of by the stuck thread.
    """

    def __init__(
        self, root: Dataset, num_epochs: int, start: tuple[int, int] = (0, 0), getter: bool = False
    ) -> None:
        tune_malloc()
        # a getter (output_shapes, ...) reads one row: no blocks computed ahead past the next
        size = 1 if getter else max(2, config.get_prefetch_size() // 4)
        self._q: queue.Queue = queue.Queue(maxsize=size)
        self._stop = threading.Event()
        self._ctx = new_context()
        self._ctx.getter = getter
        self._thread = threading.Thread(
            target=_produce,
            args=(root, num_epochs, self._q, self._stop, self._ctx, start),
            name="deepsink-dataset",
            daemon=True,
        )
        self._thread.start()

    def get(self) -> tuple:
        while True:
            try:
                return self._q.get(timeout=0.1)
            except queue.Empty:
                if self._stop.is_set():
                    raise RuntimeError("the dataset iterator is closed") from None
                if not self._thread.is_alive() and self._q.empty():
                    raise RuntimeError(
                        "the dataset pipeline thread stopped without a result"
                    ) from None

    def close(self) -> None:
        self._stop.set()
        self._ctx.cancelled.set()  # wakes a sync_wait blocked on the consumer
        if threading.current_thread() is self._thread:
            return
        deadline = time.monotonic() + JOIN_GRACE_S
        while self._thread.is_alive() and time.monotonic() < deadline:
            try:
                while True:
                    self._q.get_nowait()
            except queue.Empty:
                pass
            self._thread.join(timeout=0.05)
        if self._thread.is_alive():  # stuck in user code: abandon it, release its workers here
            self._ctx.close()


def _as_array(v: Any) -> Any:
    return np.asarray(v) if isinstance(v, np.generic) else v


class _InlineProducer:
    """Debug mode (``config.set_debug_mode``) and getters: the pipeline runs in the consumer's
    thread."""

    def __init__(
        self, root: Dataset, num_epochs: int, start: tuple[int, int] = (0, 0), getter: bool = False
    ) -> None:
        self._ctx = new_context()
        self._ctx.getter = getter
        self._items = _items(root, num_epochs, self._ctx, start)

    def get(self) -> tuple:
        try:
            return next(self._items)
        except StopIteration:
            raise RuntimeError("the dataset iterator is closed") from None
        except BaseException as e:  # noqa: BLE001 - handed to the consumer as the threaded path does
            return (_ERROR, e)

    def close(self) -> None:
        self._items.close()
        self._ctx.close()


def _no_copy(v: np.ndarray) -> Any:
    import jax.numpy as jnp

    return jnp.asarray(v, copy=False)


class TupleIterator:
    """The iterator ``create_tuple_iterator`` returns: each row as a list of Tensors (or NumPy
    arrays).

    Args:
        dataset (Dataset): the pipeline.
        columns (Sequence[str], optional): the columns.
        num_epochs (int): the epochs.
        output_numpy (bool): NumPy arrays instead of Tensors.
        do_copy (bool): copy the data. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> it = data.create_tuple_iterator(output_numpy=True)
        >>> print(type(it).__name__, [int(v) for v in next(it)])
        TupleIterator [0, 0]
    """

    def __init__(
        self,
        dataset: Dataset,
        columns: Sequence[str] | None,
        num_epochs: int,
        output_numpy: bool,
        do_copy: bool = True,
        _getter: bool = False,
    ) -> None:
        vh.check_int(num_epochs, (-1, vh.INT32_MAX), "num_epochs")
        vh.type_check(output_numpy, (bool,), "output_numpy")
        vh.type_check(do_copy, (bool,), "do_copy")
        if columns is not None:
            vh.type_check(columns, (list, str), "column_names")
        if num_epochs == 0:
            raise syntax_error(
                "RootNode: num_epochs should be either -1 or positive integer, num_epochs: 0"
            )
        names = dataset.get_col_names()
        if columns is None:
            # metadata columns (``_meta-*``, e.g. CocoDataset's extra_metadata) are left out
            # unless renamed or asked for, as in MindSpore
            self._select = [i for i, n in enumerate(names) if not n.startswith("_meta-")]
            self.column_names = [names[i] for i in self._select]
        else:
            wanted = [columns] if isinstance(columns, str) else list(columns)
            missing = [c for c in wanted if c not in names]
            if missing:
                fail_arg(
                    "create_tuple_iterator",
                    "columns",
                    f"names of existing columns {names}",
                    missing,
                )
            self._select = [names.index(c) for c in wanted]
            self.column_names = wanted
        self.num_epochs = num_epochs
        self._output_numpy = output_numpy
        self._do_copy = do_copy
        self._block: Block | None = None
        self._i = 0
        start = _start_position(dataset)
        self.epoch = start[0]
        # a getter (output_shapes, ...) needs one row: read in this thread, nothing computed ahead
        producer = _InlineProducer if config.get_debug_mode() or _getter else _Producer
        _datasets.check_tree(dataset)
        self._eof = False  # the epochs ran out: every later read says so
        # the pipeline this iterator runs: its own copy of the tree, as in MindSpore
        self.dataset = _datasets.copy_tree(dataset)
        self._runtime_context = producer(self.dataset, num_epochs, start, _getter)
        self._finalizer = weakref.finalize(self, self._runtime_context.close)
        self._ref = weakref.ref(self, _forget)
        ITERATORS_LIST.append(self._ref)

    def __iter__(self) -> TupleIterator:
        return self

    def _next_row(self) -> tuple[np.ndarray, ...]:
        while True:
            b = self._block
            if b is not None and self._i < b.n:
                i = self._i
                self._i += 1
                # a scalar column's row is a 0-d array (as MindSpore's), not a numpy scalar
                return tuple(_as_array(b.cols[k][i]) for k in self._select)
            producer = self._runtime_context  # AttributeError once stopped, as in MindSpore
            if self._eof:
                raise pipeline_error(_EOF)
            if not self._finalizer.alive:
                raise RuntimeError(
                    "Iterator does not have a running C++ pipeline: the dataset iterator is "
                    "closed (stop() or close() was called); create a new iterator"
                )
            kind, payload = producer.get()
            if kind == _BLOCK:
                self._block, self._i = payload, 0
            elif kind == _EPOCH_END:
                self._block = None
                self.epoch += 1
                raise StopIteration
            elif kind == _END:
                self.close()
                self._eof = True
                raise pipeline_error(_EOF)
            else:
                self.close()
                raise payload

    def _format(self, values: tuple[np.ndarray, ...]) -> Any:
        """A row as MindSpore 2.x gives it: a list of numpy arrays or of Tensors."""
        if self._output_numpy:  # MindSpore's buffers (64-bit ints print their dtype)
            return [dtype_rules.host_layout(v) if isinstance(v, np.ndarray) else v for v in values]
        from deepsink.common.tensor import Tensor, numpy_backed

        if any(isinstance(v, dict) for v in values):  # dict columns: their arrays as Tensors
            return [_tensors_in(v) for v in values]
        # string columns stay numpy (MindSpore has no string Tensor in the iterator either); the
        # Tensors print as MindSpore's over the row's NumPy buffer do (numpy_backed)
        if self._do_copy:
            return [v if v.dtype.kind in "USO" else numpy_backed(Tensor(v)) for v in values]
        # do_copy=False: MindSpore reuses the row's buffer for speed; here the row goes to the
        # array without the Tensor constructor's conversions and without asking for a copy
        # (numpy rows keep their dtype either way)
        return [
            v if v.dtype.kind in "USO" else numpy_backed(Tensor._from(_no_copy(v))) for v in values
        ]

    def __next__(self) -> Any:
        return self._format(self._next_row())

    def next_batch(self) -> Any:
        """The next row; at an epoch's end, the first row of the next epoch (no StopIteration).

        Not MindSpore API: for consumers that run epochs back to back (the sink engine). Raises
        StopIteration only when ``num_epochs`` are done or an epoch is empty.
        """
        for _ in range(2):
            if self.num_epochs != -1 and self.epoch >= self.num_epochs:
                break
            try:
                return self.__next__()
            except StopIteration:
                continue
        raise StopIteration

    def across_epochs(self) -> Iterator[Any]:
        """Rows of all epochs back to back (``for batch in it.across_epochs()``); see next_batch."""
        while True:
            try:
                yield self.next_batch()
            except StopIteration:
                return

    def close(self) -> None:
        """Stop the background thread and release the pipeline's workers."""
        self._block = None  # rows already fetched are not handed out after closing
        self._finalizer()

    def stop(self) -> None:
        """Ends the iterator now instead of when it is garbage-collected: the pipeline stops and
        the iterator lets go of it (a later ``next`` raises AttributeError, as in MindSpore).

        Examples:
            >>> import deepsink.dataset as ds
            >>> it = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).create_tuple_iterator()
            >>> print(int(next(it)[0]))
            1
            >>> it.stop()
        """
        self.close()
        if hasattr(self, "_runtime_context"):
            del self._runtime_context, self.dataset
        _forget(self._ref)

    def release(self) -> None:
        """The same as :meth:`stop`."""
        self.stop()

    def __enter__(self) -> TupleIterator:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class DictIterator(TupleIterator):
    """The iterator ``create_dict_iterator`` returns: each row as ``{column: value}``.

    Args:
        dataset (Dataset): the pipeline.
        columns (Sequence[str], optional): the columns.
        num_epochs (int): the epochs.
        output_numpy (bool): NumPy arrays instead of Tensors.
        do_copy (bool): copy the data. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(6), 'y': np.arange(6) * 10}, shuffle=False)
        >>> it = data.create_dict_iterator(output_numpy=True)
        >>> print(type(it).__name__, sorted(next(it)))
        DictIterator ['x', 'y']
    """

    def _format(self, values: tuple[np.ndarray, ...]) -> Any:
        return dict(zip(self.column_names, super()._format(values), strict=True))


def _tensors_in(value: Any) -> Any:
    """A row value with its numeric arrays as Tensors, through dicts (strings stay numpy)."""
    from deepsink.common.tensor import Tensor, numpy_backed

    if isinstance(value, dict):
        return {k: _tensors_in(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_tensors_in(v) for v in value)
    value = np.asarray(value)
    return value if value.dtype.kind in "USO" else numpy_backed(Tensor(value))


guard_methods(TupleIterator, ("__next__",))  # a column typo, a map's error: the user's line

_datasets.register(TupleIterator, DictIterator)  # found by the Dataset base class
