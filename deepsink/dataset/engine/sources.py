"""Source datasets: MNIST, CIFAR-10, image folders, numpy slices, Python generators.

Every source that can read a row by index is random-access: a pass is its sampler's index array, and
a block of rows is one fancy index into the data (or one call per row for Python sources).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import closing, nullcontext
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, check_one_of, fail, shown
from deepsink.common import dtype as mstype
from deepsink.dataset import config
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.datasets import Dataset, View
from deepsink.dataset.engine.parallel import ProcessRunner
from deepsink.dataset.engine.samplers import DistributedSampler, Sampler, resolve


class _Source(Dataset):
    """A random-access source: ``_length`` rows, ``_read(indices)`` columns."""

    _names: list[str]

    def __init__(self, sampler: Sampler, num_parallel_workers: int | None, tag: tuple) -> None:
        self.sampler = sampler
        super().__init__((), num_parallel_workers, tag)

    def _length(self) -> int:
        raise NotImplementedError

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        raise NotImplementedError

    def _column_names(self) -> list[str]:
        return self._names

    def _num_rows(self) -> int:
        return self.sampler.count(self._length())

    def _random_access(self) -> bool:
        return True

    def _open(self, ctx: ExecContext) -> View:
        p = ctx.next_pass(self)
        rng = None
        if self.sampler.random:
            # shards must agree on one permutation across processes: use the configured seed
            shared = isinstance(self.sampler, DistributedSampler)
            rng = ctx.generator(self._tag, 2, p, shared=shared)
        return _SourceView(self, self.sampler.indices(self._length(), rng), ctx)


class _SourceView(View):
    def __init__(self, source: _Source, indices: np.ndarray, ctx: ExecContext) -> None:
        self.source, self.indices, self.ctx, self.n = source, indices, ctx, len(indices)

    def gather(self, pos: np.ndarray) -> Block:
        idx = self.indices[pos]
        return Block(self.source._read(idx, self.ctx), len(idx), idx)


def _usage(usage: str | None, api: str) -> str:
    return check_one_of("all" if usage is None else usage, ["train", "test", "all"], "usage", api)


class MnistDataset(_Source):
    """MNIST from a folder of IDX files (raw or ``.gz``): image uint8 <28, 28, 1>, label uint32."""

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "MnistDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, api)
        self._files = []
        for images, labels in readers.mnist_files(self.dataset_dir, self.usage):
            ishape = readers.idx_shape(images, readers.IMAGES_MAGIC)
            lshape = readers.idx_shape(labels, readers.LABELS_MAGIC)
            if ishape[0] != lshape[0]:
                fail(
                    api,
                    "dataset_dir",
                    f"a folder whose image and label files hold as many "
                    f"records ('{images}': {ishape[0]} images, '{labels}': {lshape[0]} labels)",
                    self.dataset_dir,
                )
            self._files.append((images, ishape, labels, lshape))
        self._names = ["image", "label"]
        self._arrays: tuple[np.ndarray, np.ndarray] | None = None
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.usage,))

    def _length(self) -> int:
        return sum(f[1][0] for f in self._files)

    def _data(self) -> tuple[np.ndarray, np.ndarray]:
        if self._arrays is None:  # read on first use (a race only reads twice)
            parts = [
                (readers.load_idx(i, s), readers.load_idx(lp, ls)) for i, s, lp, ls in self._files
            ]
            images = np.concatenate([p[0] for p in parts]) if len(parts) > 1 else parts[0][0]
            labels = np.concatenate([p[1] for p in parts]) if len(parts) > 1 else parts[0][1]
            self._arrays = images[..., None], labels.astype(np.uint32)
        return self._arrays

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        images, labels = self._data()
        return images[idx], labels[idx]


class Cifar10Dataset(_Source):
    """CIFAR-10's binary batches: image uint8 <32, 32, 3>, label uint32."""

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "Cifar10Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, api)
        self._paths = readers.cifar10_files(self.dataset_dir, self.usage)
        self._names = ["image", "label"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.usage,))

    def _length(self) -> int:
        return sum(os.path.getsize(p) // readers.CIFAR_RECORD for p in self._paths)

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        images, labels = readers.load_cifar10(self._paths)
        return images[idx], labels[idx]


class ImageFolderDataset(_Source):
    """``dataset_dir/<class>/<file>``: image (bytes, or RGB with ``decode``), label int32."""

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        extensions: list[str] | None = None,
        class_indexing: dict[str, int] | None = None,
        decode: bool = False,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "ImageFolderDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.decode = check_bool(decode, "decode", api)
        self._files, self._labels, self.class_indexing = readers.image_folder(
            self.dataset_dir, extensions, class_indexing
        )
        if not self._files:
            fail(
                api,
                "dataset_dir",
                "a folder of class folders holding image files",
                self.dataset_dir,
            )
        self._names = ["image", "label"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (tuple(sorted(self.class_indexing)), decode))

    def get_class_indexing(self) -> dict[str, int]:
        return dict(self.class_indexing)

    def _length(self) -> int:
        return len(self._files)

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        images = [readers.read_bytes(self._files[i]) for i in idx]
        if self.decode:
            from deepsink.dataset.vision.transforms import Decode

            images = [Decode().apply(x) for x in images]
        return blk.stack(images), self._labels[idx]


def _columns_arg(column_names: Any, api: str) -> list[str]:
    names = [column_names] if isinstance(column_names, str) else column_names
    if (
        not isinstance(names, list | tuple)
        or not names
        or not all(isinstance(n, str) for n in names)
    ):
        fail(
            api,
            "column_names",
            "a column name or a non-empty list of names",
            column_names,
            TypeError,
        )
    if len(set(names)) != len(names):
        fail(api, "column_names", "distinct names", column_names)
    return list(names)


class NumpySlicesDataset(_Source):
    """Rows sliced along axis 0 of ``data`` (an array, a list, a tuple of columns, or a dict)."""

    def __init__(
        self,
        data: Any,
        column_names: Any = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        api = "NumpySlicesDataset"
        if isinstance(data, dict):
            names, cols = list(data), [np.asarray(v) for v in data.values()]
        elif isinstance(data, tuple):
            names, cols = None, [np.asarray(v) for v in data]
        else:
            names, cols = None, [np.asarray(data)]
        if column_names is not None:
            names = _columns_arg(column_names, api)
        names = names or [f"column_{i}" for i in range(len(cols))]
        if len(names) != len(cols):
            fail(api, "column_names", f"{len(cols)} names, one per column of data", column_names)
        lengths = {len(c) if c.ndim else -1 for c in cols}
        if -1 in lengths or len(lengths) != 1:
            fail(
                api,
                "data",
                "columns of equal length (sliced along axis 0)",
                [c.shape for c in cols],
            )
        self._cols, self._names = cols, names
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (tuple(names), tuple(c.shape for c in cols)))

    def _length(self) -> int:
        return len(self._cols[0])

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        return tuple(c[idx] for c in self._cols)


class _RowFetcher:
    """Reads rows of a random-access Python source (in a worker process when asked)."""

    def __init__(self, source: Any, ncols: int, types: list | None) -> None:
        self.source, self.ncols, self.types = source, ncols, types

    def __call__(self, idx: Any) -> list[tuple]:
        return [_row(self._get(int(i)), self.ncols, self.types, int(i)) for i in idx]

    def _get(self, i: int) -> Any:
        try:
            return self.source[i]
        except Exception as e:
            raise RuntimeError(
                f"For 'GeneratorDataset', source[{i}] raised {type(e).__name__}: {e}"
            ) from e


def _row(item: Any, ncols: int, types: list | None, index: int) -> tuple:
    values = (
        tuple(item)
        if isinstance(item, tuple | list) and ncols > 1
        else (tuple(item) if isinstance(item, tuple) else (item,))
    )
    if len(values) != ncols:
        raise ValueError(
            f"For 'GeneratorDataset', every row must have {ncols} columns (one per "
            f"column name), but row {index} has {len(values)}"
        )
    arrays = tuple(blk.as_row_array(v) for v in values)
    if types:
        arrays = tuple(a.astype(mstype.to_np(t)) for a, t in zip(arrays, types))
    return arrays


class GeneratorDataset(_Source):
    """Rows from Python: a random-access source (``__getitem__`` and ``__len__``), an iterable, or a
    callable returning an iterator. Each row is a tuple of arrays (numbers become int64/float64)."""

    def __init__(
        self,
        source: Any,
        column_names: Any = None,
        column_types: list | None = None,
        schema: Any = None,
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        python_multiprocessing: bool = True,
        max_rowsize: int | None = None,
    ) -> None:
        api = "GeneratorDataset"
        self._names = _columns_arg(column_names, api)
        self.source = source
        self.column_types = column_types
        self.python_multiprocessing = check_bool(
            python_multiprocessing, "python_multiprocessing", api
        )
        self._ra = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if not self._ra and not (callable(source) or hasattr(source, "__iter__")):
            fail(
                api,
                "source",
                "a random-access object, an iterable or a callable",
                source,
                TypeError,
            )
        if self._ra:
            smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        else:
            if sampler is not None or shuffle or num_shards is not None:
                fail(
                    api,
                    "source",
                    "random-access (__getitem__ and __len__) to use shuffle, sampler or num_shards",
                    shown(type(source).__name__),
                )
            smp = resolve(api, None, False, num_samples, None, None)
        self.num_samples = num_samples
        tag = (tuple(self._names), getattr(source, "__name__", type(source).__name__))
        super().__init__(smp, num_parallel_workers, tag)

    def _random_access(self) -> bool:
        return self._ra

    def _length(self) -> int:
        return len(self.source)

    def _num_rows(self) -> int | None:
        if self._ra:
            return super()._num_rows()
        return None

    def _runner(self, ctx: ExecContext) -> ProcessRunner | None:
        if not self.python_multiprocessing or self._workers() <= 1:
            return None
        fetch = _RowFetcher(self.source, len(self._names), self.column_types)
        return ctx.resource(
            ("generator", id(self)),
            lambda: ProcessRunner(
                fetch, self._workers(), config.get_multiprocessing_start_method()
            ),
            lambda r: r.close(),
        )

    def _workers(self) -> int:
        return self.num_parallel_workers or 1

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        runner = self._runner(ctx)
        if runner is None:
            rows = _RowFetcher(self.source, len(self._names), self.column_types)(idx)
        else:
            step = -(-len(idx) // self._workers())
            futures = [runner.submit(idx[s : s + step]) for s in range(0, len(idx), step)]
            rows = [r for f in futures for r in runner.result(f)]
        return tuple(blk.stack([r[k] for r in rows]) for k in range(len(self._names)))

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._ra:
            yield from super()._blocks(ctx, size)
            return
        ctx.next_pass(self)
        limit = self.num_samples or None
        src = iter(self.source() if callable(self.source) else self.source)
        ncols, pending = len(self._names), []
        with closing(src) if hasattr(src, "close") else nullcontext():
            for i in itertools.count():
                if limit is not None and i >= limit:
                    break
                try:
                    item = next(src)
                except StopIteration:
                    break
                except Exception as e:
                    raise RuntimeError(
                        f"For 'GeneratorDataset', the source raised "
                        f"{type(e).__name__} after {i} rows: {e}"
                    ) from e
                pending.append(_row(item, ncols, self.column_types, i))
                if len(pending) == size:
                    yield blk.from_rows(pending, ncols)
                    pending = []
        if pending:
            yield blk.from_rows(pending, ncols)
