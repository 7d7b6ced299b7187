"""``Dataset.sync_wait`` / ``sync_update``: a gate in the pipeline that the training loop opens.

A ``SyncWaitDataset`` lets rows through while its release count allows, then blocks the pipeline
thread until ``sync_update`` releases more (and calls the user's callback with the data it is
given), so a data policy can follow the training step by step. The counts are in rows: a ``batch``
above the gate multiplies them by its batch size, as in MindSpore.

The gate never hangs a run: a blocked wait gives up when its iterator is closed or stopped, and
after ``config.get_callback_timeout()`` seconds without an update it warns and opens for good (as
MindSpore does). Getter runs (``get_dataset_size``, ``output_shapes``) pass through it untouched.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import closing
from typing import Any

from deepsink.dataset import config
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.datasets import Dataset

WAIT_SLICE_S = 0.05  # how often a blocked gate checks that its run is still open


class _Cancelled(Exception):
    """The run closed while the gate waited."""


class BlockReleasePair:
    """The gate's count: ``row_count`` < 0 lets a row through; ``release`` lowers it.

    Args:
        init_release_rows (int): rows let through at the start of each iterator's run, > 0.
        callback (callable, optional): called with ``release``'s data. Default: ``None``.

    Raises:
        ValueError: ``init_release_rows`` is not above 0.

    Examples:
        >>> from deepsink.dataset.engine.sync import BlockReleasePair
        >>> pair = BlockReleasePair(2)
        >>> pair.release_func(3)
        >>> print(pair.row_count)
        -5
    """

    def __init__(self, init_release_rows: int, callback: Any = None) -> None:
        if isinstance(init_release_rows, int) and init_release_rows <= 0:
            raise ValueError("release_rows need to be greater than 0.")
        self.row_count = -init_release_rows
        self.cv = threading.Condition()
        self.callback = callback
        self.default_rows = init_release_rows
        self.disable = False

    def reset(self) -> None:
        with self.cv:
            self.row_count = -self.default_rows
            self.cv.notify_all()

    def update_batched_size(self, batch_size: int) -> None:
        if isinstance(batch_size, int) and batch_size <= 0:
            raise ValueError("batch_size need to be greater than 0.")
        self.row_count *= batch_size
        self.default_rows *= batch_size

    def block_func(self, cancelled: threading.Event | None = None) -> None:
        """Waits until a row may pass (or the gate is disabled), then counts it."""
        deadline = time.monotonic() + config.get_callback_timeout()
        with self.cv:
            while not (self.row_count < 0 or self.disable):
                if cancelled is not None and cancelled.is_set():
                    raise _Cancelled
                left = deadline - time.monotonic()
                if left <= 0:
                    from deepsink import log as logger

                    logger.warning(
                        "Timeout happened in sync_wait, maybe dataset.sync_update(condition=...) "
                        "is not added after dataset.create_dict_iterator(...), now disabling lock."
                    )
                    self.disable = True
                    break
                self.cv.wait(min(WAIT_SLICE_S, left))
            self.row_count += 1

    def release_func(self, pass_rows: int | None = None, data: Any = None) -> None:
        """Lets ``pass_rows`` more rows through (default: the initial count) and calls the
        callback with ``data``."""
        with self.cv:
            if pass_rows is None:
                pass_rows = self.default_rows
            self.row_count -= pass_rows
            if self.callback is not None:
                self.callback(data)
            self.cv.notify_all()

    def disable_lock(self) -> None:
        with self.cv:
            self.disable = True
            self.cv.notify_all()


class SyncWaitDataset(Dataset):
    """The node ``Dataset.sync_wait`` adds: rows pass one at a time while the gate allows.

    Users do not build it directly: ``Dataset.sync_wait`` returns it.

    Args:
        child (Dataset): the input.
        condition_name (str): the name ``sync_update`` opens the gate by.
        num_batch (int): batches let through at the start of each run, > 0.
        callback (callable, optional): called by ``sync_update`` with its data. Default: ``None``.

    Raises:
        ValueError: ``num_batch`` is not above 0.
        RuntimeError: ``condition_name`` is already used below in the pipeline.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.arange(4)}, shuffle=False)
        >>> print(type(data.sync_wait('step')).__name__)
        SyncWaitDataset
    """

    def __init__(self, child: Dataset, condition_name: str, num_batch: int, callback: Any) -> None:
        if isinstance(num_batch, int) and num_batch <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        self._condition_name = condition_name
        self._pair = BlockReleasePair(num_batch, callback)
        if condition_name in child.get_sync_notifiers():
            raise RuntimeError("Condition name is already in use.")
        super().__init__([child], None, (condition_name, num_batch))

    def _num_rows(self) -> int | None:
        return self.children[0]._num_rows()

    def get_sync_notifiers(self) -> dict:
        return {
            **self.children[0].get_sync_notifiers(),
            self._condition_name: self._pair.release_func,
        }

    def is_sync(self) -> bool:
        return True

    def update_sync_batch_size(self, batch_size: int) -> None:
        if isinstance(batch_size, int) and batch_size <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        self._pair.update_batched_size(batch_size)

    def disable_sync(self) -> None:
        self._pair.disable_lock()

    def _skip_pass(self, ctx: ExecContext) -> None:
        self.children[0]._skip_pass(ctx)

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        pass_no = ctx.next_pass(self)
        child = self.children[0]
        if ctx.getter:
            yield from child._blocks(ctx, size)
            return
        if pass_no == 0:  # a new iterator: the gate starts over, as MindSpore's bootstrap does
            self._pair.reset()
        with closing(child._blocks(ctx, 1)) as src:
            for b in src:
                for r in range(b.n):
                    try:
                        self._pair.block_func(ctx.cancelled)
                    except _Cancelled:
                        return
                    yield blk.slice_block(b, r, r + 1) if b.n > 1 else b


def update_batch_size_for_sync(node: Dataset, batch_size: Any) -> None:
    """A ``batch`` of ``batch_size`` over ``node``: the gates below count in its rows."""
    if callable(batch_size):
        return  # MindSpore leaves the gates' counts as they are for a per-batch size
    if isinstance(node, SyncWaitDataset):
        node.update_sync_batch_size(batch_size)
    for child in node.children:
        update_batch_size_for_sync(child, batch_size)


_datasets.register(SyncWaitDataset, update_batch_size_for_sync)
