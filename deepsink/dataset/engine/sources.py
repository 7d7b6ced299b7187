"""Source datasets: MNIST, CIFAR-10, image folders, numpy slices, Python generators.

Every source that can read a row by index is random-access: a pass is its sampler's index array, and
a block of rows is one fancy index into the data (or one call per row for Python sources).
"""

from __future__ import annotations

import copy
import itertools
import os
from collections.abc import Iterator
from contextlib import closing, nullcontext
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import numpy as np

from deepsink._core.names import type_repr
from deepsink._core.validate import check_bool, check_one_of, fail_arg
from deepsink.common import dtype as mstype
from deepsink.dataset import config
from deepsink.dataset.core.errors import pipeline_error
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.block import Block
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.datasets import Dataset, View
from deepsink.dataset.engine.parallel import ProcessRunner
from deepsink.dataset.engine.samplers import (
    DistributedSampler,
    PKSampler,
    Sampler,
    SequentialSampler,
    chain,
    chain_draws,
    fresh_copy,
    resolve,
    sample_count,
    sample_ids,
)
from deepsink.dataset.engine.shuffle import SamplerDraws, mt19937_64, shuffle_order

if TYPE_CHECKING:
    from randomgen import MT64


class _Source(Dataset):
    """A random-access source: ``_length`` rows, ``_read(indices)`` columns."""

    _names: list[str]

    def __init__(self, sampler: Sampler, num_parallel_workers: int | None, tag: tuple) -> None:
        self.sampler = sampler
        super().__init__((), num_parallel_workers, tag)

    def _start(self, api: str, names: list[str], tag: tuple, args: dict) -> None:
        """Name the columns, resolve the sampling arguments (from ``args``, the constructor's
        ``locals()``: MindSpore's names sampler, shuffle, num_samples, num_shards, shard_id and
        num_parallel_workers) and start the source."""
        self._names = names
        keys = ("sampler", "shuffle", "num_samples", "num_shards", "shard_id")
        smp = resolve(api, *(args[k] for k in keys))
        _Source.__init__(self, smp, args["num_parallel_workers"], tag)

    def _length(self) -> int:
        raise NotImplementedError

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        raise NotImplementedError

    def _column_names(self) -> list[str]:
        return self._names

    def _num_rows(self) -> int:
        self._bind_labels()
        return sample_count(self.sampler, self._length())

    def _random_access(self) -> bool:
        return True

    def _bind_labels(self) -> None:
        """A PKSampler samples by class: hand it this source's label column (read once), at
        any place of the sampler chain."""
        pk = [s for s in chain(self.sampler) if hasattr(s, "bind_labels")]
        if not pk or getattr(self, "_bound_labels", None) is self.sampler:
            return
        for smp in pk:
            column = smp.class_column
            if column not in self._names:
                raise RuntimeError(
                    f"PKSampler: the dataset has no column {column!r} to sample by (columns "
                    f"{self._names})"
                )
            labels = self._read(np.arange(self._length()), None)[self._names.index(column)]
            smp.bind_labels(np.asarray([np.asarray(v).ravel()[0] for v in labels]))
        self._bound_labels = self.sampler

    def add_sampler(self, new_sampler: Sampler) -> None:
        """Sample the rows this source's sampler selects again with ``new_sampler``:
        ``new_sampler`` becomes the parent, the current sampler its child.

        Args:
            new_sampler (Sampler): the sampler added on top.

        Raises:
            RuntimeError: ``new_sampler`` already has a child.

        Examples:
            >>> import numpy as np
            >>> import deepsink.dataset as ds
            >>> data = ds.NumpySlicesDataset(np.arange(10), shuffle=False)
            >>> data.add_sampler(ds.DistributedSampler(num_shards=2, shard_id=1, shuffle=False))
            >>> print([int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)])
            [1, 3, 5, 7, 9]
        """
        if isinstance(self, GeneratorDataset | NumpySlicesDataset):
            _refuse_pk(new_sampler, RuntimeError)
        new_sampler = resolve(type(self).__name__, new_sampler, None, None, None, None)
        new_sampler.add_child(self.sampler)
        self.sampler = new_sampler
        self._size, self._first_row = None, None
        if hasattr(self, "_mapped"):
            self._mapped = None

    def _open(self, ctx: ExecContext) -> View:
        self._bind_labels()
        p = ctx.next_pass(self)
        rng = None
        if chain_draws(self.sampler):
            # shards must agree on one permutation across processes: use the configured seed
            shared = isinstance(self.sampler, DistributedSampler)
            seed = ctx.shared_seed if shared else ctx.seed
            rng = SamplerDraws(ctx.generator(self._tag, 2, p, shared=shared), seed, p)
        sampler = self._run_sampler(ctx)
        if p and not sampler._builtin:
            sampler.reset()  # MindSpore's per-repeat callback of a user sampler
        return _SourceView(self, sample_ids(sampler, self._length(), rng), ctx)

    def _run_sampler(self, ctx: ExecContext) -> Sampler:
        """The sampler this iterator runs: a user sampler is deep-copied once per iterator from
        its state when the dataset was built (MindSpore copies the pipeline per iterator), so its
        own random state replays for each new iterator and advances from epoch to epoch."""
        if self.sampler._builtin and self.sampler.child_sampler is None:
            return self.sampler
        return ctx.resource(
            ("sampler", id(self)), lambda: fresh_copy(self._pristine_sampler), lambda _: None
        )

    @property
    def _pristine_sampler(self) -> Sampler:
        kept = vars(self).get("_sampler_copy")
        if kept is None or kept[0] is not self.sampler:
            kept = self._sampler_copy = (self.sampler, fresh_copy(self.sampler))
        return kept[1]


class _SourceView(View):
    def __init__(self, source: _Source, indices: np.ndarray, ctx: ExecContext) -> None:
        self.source, self.indices, self.ctx, self.n = source, indices, ctx, len(indices)

    batches: list | None = None

    def gather(self, pos: np.ndarray) -> Block:
        if self.batches is not None:  # a batch sampler's lists of indices
            return Block(self.source._read([self.batches[p] for p in pos], self.ctx), len(pos))
        idx = self.indices[pos]
        return Block(self.source._read(idx, self.ctx), len(idx), idx)


def reject_cache(cache: Any, api: str) -> None:
    """MindSpore's cache server (``cache=``) has no deepsink counterpart: refuse it, never ignore."""
    if cache is not None:
        raise NotImplementedError(f"For '{api}', cache (MindSpore's cache server) is not supported")


def _usage(usage: str | None, api: str) -> str:
    return check_one_of("all" if usage is None else usage, ["train", "test", "all"], "usage", api)


class MnistDataset(_Source):
    """MNIST from a folder of IDX files (raw or ``.gz``): image uint8 <28, 28, 1>, label uint32.

    Args:
        dataset_dir (str): the folder of the IDX files (``train-images-idx3-ubyte``, ...; raw or ``.gz``).
        usage (str, optional): ``'train'``, ``'test'`` or ``'all'``. Default: ``None`` (all).
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: an argument is out of range (``usage``, ``num_shards``/``shard_id``, ``num_samples``).
        RuntimeError: ``dataset_dir`` does not hold the expected files, or ``sampler`` is combined with ``shuffle`` or sharding.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, 'train-images-idx3-ubyte'), 'wb') as f:
        ...     _ = f.write(np.array([2051, 2, 28, 28], '>u4').tobytes() + bytes(2 * 28 * 28))
        >>> with open(os.path.join(root, 'train-labels-idx1-ubyte'), 'wb') as f:
        ...     _ = f.write(np.array([2049, 2], '>u4').tobytes() + bytes([3, 7]))
        >>> data = ds.MnistDataset(root, usage='train', shuffle=False)
        >>> for image, label in data.create_tuple_iterator(output_numpy=True):
        ...     print(image.shape, image.dtype, label)
        (28, 28, 1) uint8 3
        (28, 28, 1) uint8 7
    """

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
                fail_arg(
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
    """CIFAR-10's binary batches: image uint8 <32, 32, 3>, label uint32. Any whole number of
    records is read (MindSpore 2.10 insists on files of 10,000 records).

    Args:
        dataset_dir (str): the folder of ``data_batch_*.bin`` and ``test_batch.bin``.
        usage (str, optional): ``'train'``, ``'test'`` or ``'all'``. Default: ``None`` (all).
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: an argument is out of range (``usage``, ``num_shards``/``shard_id``, ``num_samples``).
        RuntimeError: ``dataset_dir`` does not hold the expected files, or ``sampler`` is combined with ``shuffle`` or sharding.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> record = bytes([6]) + bytes(3072)  # a label, then the 3x32x32 pixels
        >>> with open(os.path.join(root, 'test_batch.bin'), 'wb') as f:
        ...     _ = f.write(record * 2)
        >>> data = ds.Cifar10Dataset(root, usage='test', shuffle=False)
        >>> for image, label in data.create_tuple_iterator(output_numpy=True):
        ...     print(image.shape, label)
        (32, 32, 3) 6
        (32, 32, 3) 6
    """

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
    """``dataset_dir/<class>/<file>``: image (bytes, or RGB with ``decode``), label int32.

    Args:
        dataset_dir (str): the root folder, one sub-folder per class.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        extensions (list[str], optional): the file extensions to read. Default: ``None`` (all images).
        class_indexing (dict[str, int], optional): the label of each class folder. Default: ``None``
            (sorted folder names numbered from 0).
        decode (bool): decode the images to RGB arrays. Default: ``False`` (raw bytes).
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: an argument is out of range (``usage``, ``num_shards``/``shard_id``, ``num_samples``).
        RuntimeError: ``dataset_dir`` does not hold the expected files, or ``sampler`` is combined with ``shuffle`` or sharding.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> for cls in ('cat', 'dog'):
        ...     os.makedirs(os.path.join(root, cls))
        ...     with open(os.path.join(root, cls, 'a.jpg'), 'wb') as f:
        ...         _ = f.write(b'not decoded')
        >>> data = ds.ImageFolderDataset(root, shuffle=False)
        >>> print([int(label) for _, label in data.create_tuple_iterator(output_numpy=True)])
        [0, 1]
    """

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
        self._user_classes = None if class_indexing is None else list(class_indexing)
        self.extensions = list(extensions or [])
        if not self._files:
            fail_arg(
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

    def _num_classes(self) -> int:
        """The class folders, or the classes of ``class_indexing`` (each must be a folder: MindSpore
        checks that only when asked the count)."""
        if self._user_classes is None:
            return len(self.class_indexing)
        for name in self._user_classes:
            if not os.path.isdir(os.path.join(self.dataset_dir, name)):
                raise pipeline_error(
                    f"Invalid subdirectory, class: {name} doesn't exist in {self.dataset_dir} ."
                )
        return len(self._user_classes)

    def _length(self) -> int:
        return len(self._files)

    def _row_file(self, row: int) -> str | None:
        return str(self._files[row]) if 0 <= row < len(self._files) else None

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        images = [readers.read_bytes(self._files[i]) for i in idx]
        if self.decode:
            from deepsink.dataset.vision.transforms import Decode

            decode = Decode()
            for k, i in enumerate(idx):
                try:
                    images[k] = decode.apply(images[k])
                except Exception as e:
                    raise RuntimeError(
                        f"Invalid image, {self._files[i]} decode failed, the image is broken: {e}"
                    ) from e
        return blk.stack(images), self._labels[idx]


class NumpySlicesDataset(_Source):
    """Rows sliced along axis 0 of ``data`` (an array, a list, a tuple of columns, or a dict).

    Args:
        data (Union[list, tuple, dict, numpy.ndarray]): the columns; rows are their slices along axis 0.
        column_names (list[str], optional): the names (a dict's keys otherwise; ``column_0``, ... by
            default). Default: ``None``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.

    Raises:
        ValueError: the columns have different lengths, or ``column_names`` does not match.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.NumpySlicesDataset({'x': np.array([[1, 2], [3, 4]]), 'y': np.array([0, 1])}, shuffle=False)
        >>> for x, y in data.create_tuple_iterator(output_numpy=True):
        ...     print(x, y)
        [1 2] 0
        [3 4] 1
    """

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
        from deepsink.dataset.core import validator_helpers as vh

        api = "NumpySlicesDataset"
        _refuse_pk(sampler, ValueError)
        if data is None or (hasattr(data, "__len__") and len(data) == 0):
            raise ValueError("Argument data cannot be empty")
        if isinstance(data, dict):
            names, cols = list(data), [_slice_column(v) for v in data.values()]
        elif isinstance(data, tuple):
            names, cols = None, [_slice_column(v) for v in data]
        else:
            names, cols = None, [_slice_column(data)]
        if column_names is not None:
            names = vh.check_columns(column_names, "column_names")
        names = names or [f"column_{i}" for i in range(len(cols))]
        if len(names) != len(cols):
            fail_arg(
                api, "column_names", f"{len(cols)} names, one per column of data", column_names
            )
        lengths = {len(c) if isinstance(c, list) or c.ndim else -1 for c in cols}
        if -1 in lengths or len(lengths) != 1:
            fail_arg(
                api,
                "data",
                "columns of equal length (sliced along axis 0)",
                [len(c) if isinstance(c, list) else c.shape for c in cols],
            )
        self._cols, self._names = cols, names
        smp = resolve(
            api,
            _generator_sampler(sampler),
            shuffle,
            num_samples,
            num_shards,
            shard_id,
            exclusive=False,
        )
        shapes = tuple(len(c) if isinstance(c, list) else c.shape for c in cols)
        super().__init__(smp, num_parallel_workers, (tuple(names), shapes))

    def _length(self) -> int:
        return len(self._cols[0])

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        return tuple(blk.take(c, idx) if isinstance(c, list) else c[idx] for c in self._cols)


def _slice_column(values: Any) -> np.ndarray | list:
    """A column of NumpySlicesDataset: one array sliced along axis 0, or, when its rows differ in
    shape (``[[1], [2, 3]]``), the list of row arrays."""
    try:
        return np.asarray(values)
    except ValueError:
        rows = [np.asarray(v) for v in values]
        return blk.stack(rows) if rows else np.zeros(0)


class _RowFetcher:
    """Reads rows of a random-access Python source (in a worker process when asked).

    With a batch sampler each "index" is a list of source indices: the rows are read and merged
    into one batch, by ``collate_fn(*columns)`` or by stacking each column.
    """

    def __init__(
        self,
        source: Any,
        ncols: int,
        types: list | None,
        batched: bool = False,
        collate: Any = None,
    ) -> None:
        self.source, self.ncols, self.types = source, ncols, types
        self.batched, self.collate = batched, collate

    def __call__(self, idx: Any) -> list[tuple]:
        if self.batched:
            return [self._batch(b) for b in idx]
        return [_row(self._get(int(i)), self.ncols, self.types, int(i)) for i in idx]

    def _batch(self, indices: Any) -> tuple:
        if not isinstance(indices, list | tuple | np.ndarray):
            raise RuntimeError(
                f"Batch sampler should return a list, but got an integer or {type(indices).__name__}"
                f": {indices!r}"
            )
        for i in indices:
            if isinstance(i, bool) or not isinstance(i, int | np.integer):
                raise RuntimeError(
                    f"Python sampler should return index of type integer, but got {i!r}"
                )
        items = [_columns_of(self._get(int(i)), self.ncols) for i in indices]
        columns = [[it[k] for it in items] for k in range(self.ncols)]
        if self.collate is not None:
            out = self.collate(*columns)
            out = out if isinstance(out, tuple) else (out,)
            return _row(out if len(out) > 1 else out[0], self.ncols, self.types, -1)
        return tuple(np.stack([blk.as_row_array(v) for v in col]) for col in columns)

    def _get(self, i: int) -> Any:
        try:
            return self.source[i]
        except Exception as e:
            raise RuntimeError(
                f"For 'GeneratorDataset', source[{i}] raised {type(e).__name__}: {e}"
            ) from e


def _columns_of(item: Any, ncols: int) -> tuple:
    """A source item as its column values: a tuple or list holds one value per column; anything
    else (an array, a number, a string, a dict) is the value of the only column."""
    if isinstance(item, tuple | list):
        values = tuple(item)
    else:
        values = (item,)
    if len(values) != ncols:
        raise RuntimeError(
            "Invalid Python function, the 'source' of 'GeneratorDataset' should return same number "
            f"of NumPy arrays as specified in column_names, the size of column_names is:{ncols} "
            f"and number of returned NumPy array is:{len(values)}"
        )
    return values


def _convert_in_dict(value: Any, k: int) -> Any:
    """A value inside a dict row: nested dicts, lists and tuples keep their structure (as 2.10)."""
    if isinstance(value, list | tuple):
        return type(value)(_convert_in_dict(v, k) for v in value)
    return _convert(value, k)


def _convert(value: Any, k: int) -> Any:
    """One column value as MindSpore stores it: numpy (int -> int64, float -> float64, str), a
    Tensor as its numpy array, a dict kept as a Python dict of such values (as 2.10 does)."""
    if isinstance(value, dict):
        return {key: _convert_in_dict(v, k) for key, v in value.items()}
    if hasattr(value, "asnumpy"):
        value = value.asnumpy()
    try:
        arr = np.asarray(value)
    except ValueError:
        arr = np.asarray(value, dtype=object)
    if arr.dtype == object:
        which = "" if k < 0 else f"{k + 1}th item of "
        raise RuntimeError(
            f"Invalid data, Data type of {which}the input or its converted Numpy array is expected "
            f"to be int or float or str, but got {arr.dtype}."
        )
    return arr


def _row(item: Any, ncols: int, types: list | None, index: int) -> tuple:
    values = _columns_of(item, ncols)
    single = not isinstance(item, tuple | list)
    arrays = tuple(_convert(v, -1 if single else k) for k, v in enumerate(values))
    if types:
        arrays = tuple(
            a.astype(mstype.to_np(t)) if isinstance(a, np.ndarray) else a
            for a, t in zip(arrays, types)
        )
    return arrays


class _GeneratorWrapper:
    """A generator object as a source that can be iterated again each epoch (``itertools.tee``)."""

    def __init__(self, generator: Any) -> None:
        self._new, self._gen = itertools.tee(generator)

    def __iter__(self) -> Any:
        self._new, self._gen = itertools.tee(self._gen)
        return self._new


class _BatchSamplerIndices(Sampler):
    """A user batch sampler (``__iter__`` or ``__getitem__``): one pass = one iteration of it."""

    def __init__(self, batch_sampler: Any) -> None:
        self.batch_sampler = batch_sampler

    def batches(self) -> list:
        return list(iter(self.batch_sampler))

    def count(self, n: int) -> int:
        if hasattr(self.batch_sampler, "__len__"):
            return len(self.batch_sampler)
        return len(self.batches())


class GeneratorDataset(_Source):
    """Rows from Python: a random-access source (``__getitem__`` and ``__len__``), an iterable, or a
    callable returning an iterator. A tuple/list item holds one value per column; other items are
    the one column's value (numbers become int64/float64, strings stay strings).

    ``batch_sampler`` (random-access sources) yields lists of indices; each list makes one row of
    the dataset, merged by ``collate_fn(*columns)`` or by stacking each column.
    ``dataset[i]`` reads the source item the first epoch's sampler puts at position ``i``.

    Args:
        source (Union[Callable, Iterable, Sequence]): a random-access object (``__getitem__`` and
            ``__len__``), an iterable, or a callable returning an iterator; each item is a tuple of columns.
        column_names (Union[str, list[str]], optional): the columns' names. Default: ``None``.
        column_types (list[mindspore.dtype], optional): the columns' types. Default: ``None``.
        schema (Union[str, Schema], optional): names and types from a schema. Default: ``None``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int): workers reading a random-access source. Default: ``1``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        python_multiprocessing (bool): use processes for the workers. Default: ``True``.
        max_rowsize (int, optional): kept for MindSpore's signature. Default: ``None``.
        batch_sampler (Iterable, optional): yields lists of indices, one batch each. Default: ``None``.
        collate_fn (Callable, optional): merges a batch's rows, with ``batch_sampler``. Default: ``None``.

    Raises:
        TypeError: ``source`` is neither random-access, iterable nor callable.
        ValueError: ``column_names`` is missing or does not match the items.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> class Squares:
        ...     def __getitem__(self, i):
        ...         return np.array(i), np.array(i * i)
        ...     def __len__(self):
        ...         return 4
        >>> data = ds.GeneratorDataset(Squares(), column_names=['x', 'y'], shuffle=False)
        >>> print([(int(x), int(y)) for x, y in data.create_tuple_iterator(output_numpy=True)])
        [(0, 0), (1, 1), (2, 4), (3, 9)]
    """

    def __init__(
        self,
        source: Any,
        column_names: Any = None,
        column_types: list | None = None,
        schema: Any = None,
        num_samples: int | None = None,
        num_parallel_workers: int = 1,
        shuffle: bool | None = None,
        sampler: Any = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        python_multiprocessing: bool = True,
        max_rowsize: int | None = None,
        batch_sampler: Any = None,
        collate_fn: Any = None,
    ) -> None:
        import types as pytypes

        from deepsink.dataset.core import validator_helpers as vh
        from deepsink.dataset.engine.schema import Schema, np_type

        api = "GeneratorDataset"
        _refuse_pk(sampler, ValueError)
        if isinstance(source, zip):  # iterable once only: keep its items
            source = list(source)
        if isinstance(source, pytypes.GeneratorType):
            source = _GeneratorWrapper(source)
        self._specs = None
        if schema is not None:
            if not isinstance(schema, Schema):
                schema = Schema(schema)
            self._specs = schema.column_specs()
            if column_names is None:
                column_names = [c[0] for c in self._specs]
            if column_types is None:
                column_types = [np_type(c[1]) for c in self._specs]
        if column_names is None:
            raise ValueError("Neither column_names nor schema are provided.")
        self._names = vh.check_columns(column_names, "column_names")
        self.schema = schema
        self.source = source
        self.column_types = column_types
        self.python_multiprocessing = check_bool(
            python_multiprocessing, "python_multiprocessing", api
        )
        if num_parallel_workers is not None:
            vh.check_num_parallel_workers(num_parallel_workers)
        if max_rowsize is not None:
            vh.type_check(max_rowsize, (int,), "max_rowsize")
            vh.check_value(max_rowsize, (-1, vh.INT32_MAX), "max_rowsize")
        self._getitem = hasattr(source, "__getitem__")
        self._ra = self._getitem and hasattr(source, "__len__")
        if not self._getitem and not (callable(source) or hasattr(source, "__iter__")):
            raise TypeError(
                "Input source must either be a callable, iterable, or random accessible object, "
                f"but got {type_repr(source)}."
            )
        self.batch_sampler, self.collate_fn = batch_sampler, collate_fn
        if collate_fn is not None and batch_sampler is None:
            raise ValueError("collate_fn can be specified only when batch_sampler is set.")
        if batch_sampler is not None:
            if any(v is not None for v in (num_samples, shuffle, num_shards, shard_id, sampler)):
                raise ValueError(
                    "batch_sampler is mutually exclusive with num_samples, shuffle, num_shards, "
                    "shard_id and sampler."
                )
            if not (hasattr(batch_sampler, "__getitem__") or hasattr(batch_sampler, "__iter__")):
                raise TypeError("batch_sampler should have __getitem__ or __iter__ method.")
            if not self._getitem:
                raise ValueError(
                    "batch_sampler is not supported if source does not have attribute "
                    "'__getitem__'."
                )
            if collate_fn is not None and not callable(collate_fn):
                raise TypeError("collate_fn should be callable.")
            smp: Sampler = _BatchSamplerIndices(batch_sampler)
            self._pristine_batch_sampler = copy.deepcopy(batch_sampler)
        elif self._getitem:
            smp = resolve(
                api,
                _generator_sampler(sampler),
                shuffle,
                num_samples,
                num_shards,
                shard_id,
                exclusive=False,
            )
        else:
            for name, value in (("num_shards", num_shards), ("sampler", sampler)):
                if value is not None:
                    raise ValueError(
                        f"{name} is not supported if source does not have attribute '__getitem__'."
                    )
            if shuffle:  # MindSpore reads such a source in order whatever shuffle says
                config._warn_once(
                    "generator-shuffle",
                    "GeneratorDataset: shuffle=True needs a random-access source (__getitem__ "
                    "and __len__); this iterable source is read in order (use .shuffle(n))",
                )
            smp = resolve(api, None, False, num_samples, None, None)
        self.num_samples = num_samples
        self._mapped: np.ndarray | None = None
        tag = (tuple(self._names), getattr(source, "__name__", type(source).__name__))
        super().__init__(smp, num_parallel_workers, tag)

    def _random_access(self) -> bool:
        return self._getitem

    def _length(self) -> int:
        if not hasattr(self.source, "__len__"):
            raise RuntimeError(
                "Attempt to construct a random access dataset, '__len__' method is required!"
            )
        return len(self.source)

    def _num_rows(self) -> int | None:
        if self._getitem:
            if isinstance(self.sampler, _BatchSamplerIndices):
                return self.sampler.count(0)
            return super()._num_rows()
        if hasattr(self.source, "__len__") and not callable(self.source):
            n = len(self.source)
            return n if not self.num_samples else min(n, self.num_samples)
        return self._counted_rows()

    def _open(self, ctx: ExecContext) -> View:
        runner = self._runner(ctx)
        if runner is not None:
            runner.restart_deal()  # each epoch's rows are dealt from worker 0, as in MindSpore
        if isinstance(self.sampler, _BatchSamplerIndices):
            ctx.next_pass(self)
            # each iterator runs its own copy of the user's sampler from the state it had when
            # the dataset was built (MindSpore deep-copies the pipeline per iterator)
            sampler = ctx.resource(
                ("batch_sampler", id(self)),
                lambda: _BatchSamplerIndices(copy.deepcopy(self._pristine_batch_sampler)),
                lambda _: None,
            )
            batches = sampler.batches()
            view = _SourceView(self, np.arange(len(batches)), ctx)
            view.batches = batches
            return view
        view = super()._open(ctx)
        want = None if self.sampler._builtin else self.sampler.num_samples
        if want is not None and view.n != want:  # a user sampler's length promised more rows
            raise RuntimeError(
                f"The actual amount of data read from generator {view.n} is different from "
                f"generator.len {want}, you should adjust generator.len to make them match."
            )
        return view

    def _fetcher(self) -> _RowFetcher:
        batched = isinstance(self.sampler, _BatchSamplerIndices)
        return _RowFetcher(
            self.source, len(self._names), self.column_types, batched, self.collate_fn
        )

    def _runner(self, ctx: ExecContext) -> ProcessRunner | None:
        # a getter (output_shapes, output_types) reads here, starting no process (MindSpore)
        single = self._workers() <= 1 or config.get_debug_mode() or ctx.getter
        if not self.python_multiprocessing or single:
            return None
        fetch = self._fetcher()
        return ctx.resource(
            ("generator", id(self)),
            lambda: ProcessRunner(
                fetch, self._workers(), config.get_multiprocessing_start_method()
            ),
            lambda r: r.close(),
        )

    def _workers(self) -> int:
        return self.num_parallel_workers or 1

    def _read(self, idx: Any, ctx: ExecContext) -> tuple:
        runner = self._runner(ctx)
        if runner is None:
            rows = self._fetcher()(idx)
        else:
            rows = [None] * len(idx)
            dealt = [(pos, runner.submit(idx[pos], w)) for w, pos in runner.deal(len(idx))]
            for pos, fut in dealt:
                for p, r in zip(pos, runner.result(fut)):
                    rows[p] = r
        return tuple(blk.stack([r[k] for r in rows]) for k in range(len(self._names)))

    def __getitem__(self, index: Any) -> Any:
        """The source item at position ``index`` of the first epoch's sample order."""
        from deepsink.dataset.core.validator_helpers import type_check
        from deepsink.dataset.engine.context import new_context

        type_check(index, (int, np.number), "index")
        if not self._getitem:
            raise RuntimeError("Dataset don't support randomized access.")
        if isinstance(self.sampler, _BatchSamplerIndices):
            raise RuntimeError(
                "GeneratorDataset with batch_sampler does not support random access."
            )
        if index < 0:
            raise RuntimeError(f"Index [{index}] can not be a negative number.")
        if self._mapped is None:
            ctx = new_context()
            try:
                rng = None
                if chain_draws(self.sampler):
                    shared = isinstance(self.sampler, DistributedSampler)
                    seed = ctx.shared_seed if shared else ctx.seed
                    rng = SamplerDraws(ctx.generator(self._tag, 2, 0, shared=shared), seed, 0)
                self._mapped = sample_ids(self.sampler, self._length(), rng)
            finally:
                ctx.close()
        if index >= len(self._mapped):
            raise RuntimeError(f"Index [{index}] exceeded the number of data samples.")
        return self.source[int(self._mapped[int(index)])]

    def _blocks(self, ctx: ExecContext, size: int) -> Iterator[Block]:
        if self._getitem:
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


def _refuse_pk(sampler: Any, error: type[Exception]) -> None:
    """MindSpore's GeneratorDataset (NumpySlicesDataset is one) has no class ids to give a
    PKSampler: it refuses one when built (ValueError) or added (RuntimeError)."""
    if isinstance(sampler, PKSampler):
        raise error(
            "GeneratorDataset doesn't support PKSampler" + ("." if error is ValueError else "")
        )


def _generator_sampler(sampler: Any) -> Any:
    """A generator source's sampler: a Sampler or an iterable of indices (not a bare int)."""
    if sampler is None or isinstance(sampler, Sampler):
        return sampler
    try:
        iter(sampler)
    except TypeError as exc:
        raise TypeError(
            "sampler should be either iterable or from mindspore.dataset.samplers."
        ) from exc
    return sampler


class Shuffle(StrEnum):
    r"""Shuffle levels of file sources (MindSpore's ``ds.Shuffle``).

    - ``GLOBAL``: shuffle the file order and the rows (as ``shuffle=True``);
    - ``FILES``: shuffle the file order only, rows in file order;
    - ``INFILE``: keep the file order, shuffle the rows within each file;
    - ``ADAPTIVE``: GLOBAL (partial above 100 million rows); ``PARTIAL``: files, then rows within
      consecutive chunks of one million;
    - ``FALSE``: no shuffle.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'lines.txt')
        >>> with open(path, 'w') as f:
        ...     _ = f.write('a\nb\n')
        >>> data = ds.TextFileDataset(path, shuffle=ds.Shuffle.GLOBAL)
        >>> print(ds.Shuffle.GLOBAL.value, data.get_dataset_size())
        global 2
    """

    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


_PARTIAL_CHUNK = 1_000_000


def _shuffle_mode(shuffle: Any) -> Shuffle:
    if shuffle is None or shuffle is True:
        return Shuffle.GLOBAL
    if shuffle is False:
        return Shuffle.FALSE
    if isinstance(shuffle, Shuffle):
        return shuffle
    raise TypeError(
        "shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
        "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'."
    )


def find_files(patterns: Any, api: str) -> list[str]:
    """Files matching ``patterns`` (a glob or a list of globs), sorted (MindSpore's order)."""
    import glob

    from deepsink.dataset.core.validator_helpers import type_check

    type_check(patterns, (str, list), "dataset_files")
    pats = [patterns] if isinstance(patterns, str) else list(patterns)
    for i, p in enumerate(pats):
        type_check(p, (str,), f"dataset_files[{i}]")
    files, missing = [], []
    for p in pats:
        hits = sorted(glob.glob(p)) if glob.has_magic(p) else ([p] if os.path.isfile(p) else [])
        (files.extend(hits) if hits else missing.append(p))
    if missing:
        raise ValueError(f"The following patterns did not match any files: {missing}.")
    return sorted(files)


def _decode_feature(
    name: str, kind: str, values: list, type_name: str, shape: list | None, rank: int
) -> np.ndarray:
    """One Example feature as the schema's column (type, shape), MindSpore's conversions."""
    from deepsink.dataset.engine.schema import np_type

    if kind == "bytes" and type_name in ("string", "bytes"):
        arr = np.array([v.decode() if type_name == "string" else v for v in values])
    elif kind == "bytes":
        dt = np.dtype(np_type(type_name))
        parts = [np.frombuffer(v, dt) for v in values]
        if len(parts) == 1:
            arr = parts[0].copy()
        elif parts and all(len(p) == len(parts[0]) for p in parts):
            arr = np.stack(parts)
        else:
            arr = np.concatenate(parts) if parts else np.zeros(0, dt)
    elif kind in ("int64", "float"):
        arr = np.asarray(values, np.int64 if kind == "int64" else np.float32)
        if type_name in ("string", "bytes") or (np.dtype(np_type(type_name)).kind == "f") != (
            kind == "float"
        ):
            raise RuntimeError(
                f"Invalid column type for '{name}': the TFRecord feature is a {kind} list, "
                f"but the schema says {type_name}."
            )
        arr = arr.astype(np_type(type_name), copy=False)
    else:
        raise RuntimeError(f"The TFRecord feature '{name}' holds no values (kind not set).")
    if shape is not None:
        try:
            return arr.reshape(shape)
        except ValueError:
            raise RuntimeError(
                f"Column '{name}' has {arr.size} values, which do not fit the schema shape {shape}."
            ) from None
    if rank == 0 and arr.size == 1 and kind != "bytes":
        return arr.reshape(())
    return arr


class TFRecordDataset(_Source):
    """Rows of ``tf.train.Example`` records in TFRecord files (no TensorFlow needed).

    Columns and types come from ``schema`` (a ``Schema`` or its JSON file), else from the first
    record (names sorted; int64 list -> int64, float list -> float32, bytes -> uint8).
    ``num_shards``/``shard_id`` split by files (file ``i`` to shard ``i % num_shards``), or with
    ``shard_equal_rows`` by rows: every shard gets ``ceil(rows / num_shards)``, wrapping around.

    Args:
        dataset_files (Union[str, list[str]]): the files (a glob pattern is expanded).
        schema (Union[str, Schema], optional): columns and types. Default: ``None`` (from the first record).
        columns_list (list[str], optional): the columns to read. Default: ``None``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (files and rows), ``Shuffle.FILES``, or False.
            Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        shard_equal_rows (bool): give every shard the same number of rows. Default: ``False``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.
        compression_type (str, optional): ``''``, ``'GZIP'`` or ``'ZLIB'``. Default: ``None``.

    Raises:
        ValueError: no file matches, or an argument is out of range.
        RuntimeError: a file is not a valid TFRecord file.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> from deepsink.dataset.engine import tfrecord  # writes what tf.io.TFRecordWriter writes
        >>> path = os.path.join(tempfile.mkdtemp(), 'data.tfrecord')
        >>> records = [tfrecord.serialize_example({'x': np.array([i, i + 1]), 'name': 'row%d' % i}) for i in range(2)]
        >>> tfrecord.write_records(path, records)
        >>> data = ds.TFRecordDataset(path, shuffle=False)
        >>> print(sorted(data.get_col_names()), data.get_dataset_size())
        ['name', 'x'] 2
    """

    def __init__(
        self,
        dataset_files: Any,
        schema: Any = None,
        columns_list: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        shard_equal_rows: bool = False,
        cache: Any = None,
        compression_type: str | None = None,
    ) -> None:
        from deepsink.dataset.core import validator_helpers as vh
        from deepsink.dataset.engine import tfrecord
        from deepsink.dataset.engine.schema import Schema

        api = "TFRecordDataset"
        self.dataset_files = find_files(dataset_files, api)
        self.schema_file = schema if isinstance(schema, str) else ""  # written by serialize
        if schema is not None and not isinstance(schema, Schema):
            vh.type_check(schema, (str, Schema), "schema")
            schema = Schema(schema)
        self.schema = schema
        if columns_list is not None:
            columns_list = vh.check_columns(columns_list, "columns_list")
        self.columns_list = list(columns_list or [])
        if num_samples is not None:
            vh.check_num_samples(num_samples)
        if num_parallel_workers is not None:
            vh.check_num_parallel_workers(num_parallel_workers)
        self.shuffle_mode = _shuffle_mode(shuffle)
        vh.check_shards(num_shards, shard_id)
        vh.type_check(shard_equal_rows, (bool,), "shard_equal_rows")
        self.compression_type = "" if compression_type is None else compression_type
        if self.compression_type not in ("", "GZIP", "ZLIB"):
            raise ValueError(
                "Input compression_type can only be either '' (no compression), 'ZLIB', or 'GZIP'."
            )
        reject_cache(cache, api)
        if (
            self.compression_type
            and num_shards is not None
            and len(self.dataset_files) < num_shards
        ):
            raise ValueError(
                f"The number of dataset files ({len(self.dataset_files)}) must not be less than "
                f"num_shards ({num_shards}) when compression_type is set."
            )
        self.num_shards, self.shard_id = num_shards, shard_id
        self.shard_equal_rows = shard_equal_rows
        if num_shards is not None and not shard_equal_rows and len(self.dataset_files) < num_shards:
            raise RuntimeError(
                "Invalid file, numbers of tfrecord file should not less than num_shards when "
                f"shard_equal_rows is false, but got numbers of tfrecord file: "
                f"{len(self.dataset_files)}, num_shards: {num_shards}"
            )
        self._files = [tfrecord.open_file(f, self.compression_type) for f in self.dataset_files]
        self._starts = np.cumsum([0] + [len(f) for f in self._files])
        if schema is not None:
            specs = schema.column_specs()
            if not specs:
                raise RuntimeError(f"For '{api}', the schema has no columns")
        else:
            first = next((f for f in self._files if len(f)), None)
            if first is None:
                raise RuntimeError(
                    f"For '{api}', the files {self.dataset_files} hold no records to take the "
                    "columns from; give a schema"
                )
            kinds = {"int64": "int64", "float": "float32", "bytes": "uint8"}
            example = first.example(0)
            specs = [(n, kinds.get(example[n][0], "uint8"), None, 1) for n in sorted(example)]
        if columns_list is not None:
            have = {s[0]: s for s in specs}
            missing = [c for c in columns_list if c not in have]
            if missing:
                raise RuntimeError(
                    f"Invalid columns_list, tfrecord file failed to find column name: "
                    f"{missing[0]} (columns: {list(have)})"
                )
            specs = [have[c] for c in columns_list]
        self._specs = specs
        self._names = [s[0] for s in specs]
        if not num_samples and schema is not None:
            num_samples = schema.num_rows or None
        self.num_samples = num_samples or None
        smp = SequentialSampler()  # the row order is built per pass in _rows
        tag = (tuple(self.dataset_files), tuple(self._names), self.shuffle_mode.value)
        super().__init__(smp, num_parallel_workers, tag)

    def _length(self) -> int:
        return int(self._starts[-1])

    def _rows(
        self,
        rng: np.random.Generator | None,
        shared: np.random.Generator | None,
        gen: MT64 | None = None,
    ) -> np.ndarray:
        """This shard's global row indices for one pass, in reading order. ``GLOBAL`` shuffles
        the rows read (the first ``num_samples``) as MindSpore's reader-side ShuffleOp does:
        its buffer holds ``max(4 * rows per file, 10000)`` rows, its generator is ``gen``."""
        mode = self.shuffle_mode
        order = np.arange(len(self._files))
        if mode in (Shuffle.GLOBAL, Shuffle.ADAPTIVE, Shuffle.FILES, Shuffle.PARTIAL):
            order = shared.permutation(len(self._files))
        if self.num_shards is not None and not self.shard_equal_rows:
            order = order[self.shard_id :: self.num_shards]
        segments = [np.arange(self._starts[i], self._starts[i + 1]) for i in order]
        if mode == Shuffle.INFILE:
            segments = [rng.permutation(s) for s in segments]
        rows = np.concatenate(segments) if segments else np.zeros(0, np.int64)
        if self.num_shards is not None and self.shard_equal_rows and len(rows):
            per = -(-len(rows) // self.num_shards)
            rows = rows[(self.shard_id * per + np.arange(per)) % len(rows)]
        if mode in (Shuffle.GLOBAL, Shuffle.ADAPTIVE):
            rows = rows if self.num_samples is None else rows[: self.num_samples]
            if gen is None:  # only the count is wanted
                return rows
            per_file = len(rows) // max(len(order), 1)
            return rows[shuffle_order(len(rows), max(4 * per_file, 10000), gen)]
        if mode == Shuffle.PARTIAL:
            rows = np.concatenate(
                [
                    rng.permutation(rows[s : s + _PARTIAL_CHUNK])
                    for s in range(0, len(rows), _PARTIAL_CHUNK)
                ]
                or [rows]
            )
        return rows if self.num_samples is None else rows[: self.num_samples]

    def _num_rows(self) -> int:
        rng = np.random.default_rng(0)
        return len(self._rows(rng, rng))

    def _open(self, ctx: ExecContext) -> View:
        p = ctx.next_pass(self)
        rng = ctx.generator(self._tag, 2, p)
        shared = ctx.generator(self._tag, 3, p, shared=True)  # shards agree on the file order
        gen = ctx.resource(
            ("tfrecord-shuffle", id(self)), lambda: mt19937_64(ctx.seed), lambda _: None
        )
        return _SourceView(self, self._rows(rng, shared, gen), ctx)

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:

        which = np.searchsorted(self._starts, idx, side="right") - 1
        rows = []
        for i, f in zip(idx, which):
            file = self._files[f]
            example = file.example(int(i - self._starts[f]))
            row = []
            for name, type_name, shape, rank in self._specs:
                if name not in example:
                    raise RuntimeError(
                        f"Invalid data, the record {int(i - self._starts[f])} of "
                        f"'{file.path}' has no feature '{name}'."
                    )
                kind, values = example[name]
                row.append(_decode_feature(name, kind, values, type_name, shape, rank))
            rows.append(tuple(row))
        return tuple(blk.stack([r[k] for r in rows]) for k in range(len(self._specs)))


_datasets.register(GeneratorDataset)  # found by the Dataset base class
