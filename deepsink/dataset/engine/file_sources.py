"""More file sources: FashionMnistDataset and KMnistDataset (MNIST's IDX layout),
Cifar100Dataset (binary records with a coarse and a fine label), TextFileDataset (one string per
non-empty line) and CSVDataset.

All are random-access: the files are read once into memory and rows are taken by index, so the
samplers, shards and shuffles of the other sources apply unchanged.
"""

from __future__ import annotations

import csv
import os
from typing import Any

import numpy as np

from deepsink.dataset.core import validator_helpers as vh
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler, resolve
from deepsink.dataset.engine.shuffle import mt19937, std_shuffle
from deepsink.dataset.engine.sources import (
    MnistDataset,
    Shuffle,
    _shuffle_mode,
    _Source,
    _SourceView,
    _usage,
    find_files,
    reject_cache,
)


class FashionMnistDataset(MnistDataset):
    """Fashion-MNIST (same IDX files as MNIST): image uint8 <28, 28, 1>, label uint32.

    Args:
        dataset_dir (str): the folder of the IDX files.
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
        >>> data = ds.FashionMnistDataset(root, usage='train', shuffle=False)
        >>> print(data.get_dataset_size(), data.get_col_names())
        2 ['image', 'label']
    """


class KMnistDataset(MnistDataset):
    """Kuzushiji-MNIST (same IDX files as MNIST): image uint8 <28, 28, 1>, label uint32.

    Args:
        dataset_dir (str): the folder of the IDX files.
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
        >>> data = ds.KMnistDataset(root, usage='train', shuffle=False)
        >>> print(data.get_dataset_size(), data.get_col_names())
        2 ['image', 'label']
    """


CIFAR100_RECORD = 2 + 3 * 32 * 32


class Cifar100Dataset(_Source):
    """CIFAR-100's binary files (``train.bin``, ``test.bin``): image uint8 <32, 32, 3>,
    coarse_label and fine_label uint32. Any whole number of records is read (MindSpore insists
    on the full 50,000/10,000).

    Args:
        dataset_dir (str): the folder of ``train.bin`` and ``test.bin``.
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
        >>> record = bytes([1, 42]) + bytes(3072)  # coarse label, fine label, pixels
        >>> with open(os.path.join(root, 'test.bin'), 'wb') as f:
        ...     _ = f.write(record)
        >>> data = ds.Cifar100Dataset(root, usage='test', shuffle=False)
        >>> for image, coarse, fine in data.create_tuple_iterator(output_numpy=True):
        ...     print(image.shape, coarse, fine)
        (32, 32, 3) 1 42
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
        api = "Cifar100Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = _usage(usage, api)
        reject_cache(cache, api)
        names = {"train": ["train.bin"], "test": ["test.bin"], "all": ["train.bin", "test.bin"]}
        self._paths = [os.path.join(self.dataset_dir, n) for n in names[self.usage]]
        missing = [p for p in self._paths if not os.path.isfile(p)]
        if missing:
            raise RuntimeError(
                f"Invalid cifar100 file, Cifar100 train/test file is missing: {missing}"
            )
        for p in self._paths:
            if os.path.getsize(p) % CIFAR100_RECORD:
                raise RuntimeError(
                    f"Invalid cifar100 file, {p} is not a whole number of {CIFAR100_RECORD}-byte "
                    "records (make sure it is CIFAR-100 binary version)."
                )
        self._names = ["image", "coarse_label", "fine_label"]
        self._arrays: tuple | None = None
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.usage,))

    def _length(self) -> int:
        return sum(os.path.getsize(p) // CIFAR100_RECORD for p in self._paths)

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        if self._arrays is None:
            raw = np.concatenate(
                [np.fromfile(p, np.uint8).reshape(-1, CIFAR100_RECORD) for p in self._paths]
            )
            images = np.ascontiguousarray(raw[:, 2:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1))
            self._arrays = images, raw[:, 0].astype(np.uint32), raw[:, 1].astype(np.uint32)
        images, coarse, fine = self._arrays
        return images[idx], coarse[idx], fine[idx]


def _interleave(per_file: list[list], num_parallel_workers: int | None) -> list:
    """MindSpore's unshuffled row order over several files: file k is read by worker
    ``k % workers`` (its files one after another) and rows are taken from the workers in turn,
    one row each, a finished worker dropping out."""
    from deepsink.dataset import config

    workers = num_parallel_workers or config.get_num_parallel_workers()
    queues = [[r for f in per_file[w::workers] for r in f] for w in range(workers)]
    out, pos = [], 0
    while True:
        live = [q for q in queues if pos < len(q)]
        if not live:
            return out
        out.extend(q[pos] for q in live)
        pos += 1


def _line_source_args(
    api: str, shuffle: Any, num_samples: Any, num_shards: Any, shard_id: Any, cache: Any
) -> Sampler:
    """The sampler of a line-based source: Shuffle.GLOBAL (and ADAPTIVE, global below 100 million
    rows) shuffles the rows, False keeps file order; the per-file modes are not supported."""
    mode = _shuffle_mode(shuffle)
    if mode in (Shuffle.FILES, Shuffle.INFILE, Shuffle.PARTIAL):
        raise NotImplementedError(
            f"For '{api}', shuffle={mode!r} is not supported; use Shuffle.GLOBAL or False"
        )
    reject_cache(cache, api)
    shuffled = mode != Shuffle.FALSE
    return resolve(api, None, shuffled, num_samples, num_shards, shard_id, mappable=False)


class _LineSource(_Source):
    """A source of files read line by line (MindSpore's non-mappable file readers). Unshuffled
    or under ``Shuffle.FILES`` the rows are held in file order and each pass reads them in the
    order MindSpore's reader makes (``_files_order``: its shards, workers and file shuffle);
    under a global shuffle the samplers order them."""

    _file_rows: list[int] | None = None  # rows per file, when the reader's order applies
    _file_shuffle = False  # Shuffle.FILES: the file order reshuffled each pass

    def _line_sampler(
        self,
        api: str,
        shuffle: Any,
        num_samples: Any,
        num_parallel_workers: Any,
        num_shards: Any,
        shard_id: Any,
        cache: Any,
    ) -> Sampler:
        """The sampler of ``shuffle`` and the other reading arguments, checked; unshuffled or
        under ``Shuffle.FILES`` a sequential one (``_files_order`` reads the shard and
        ``num_samples``). ``Shuffle.INFILE`` and ``Shuffle.PARTIAL`` read unshuffled, as
        MindSpore's file readers do (they shuffle the files under FILES and GLOBAL only)."""
        mode = _shuffle_mode(shuffle)
        reader_order = mode in (Shuffle.FILES, Shuffle.FALSE, Shuffle.INFILE, Shuffle.PARTIAL)
        smp = _line_source_args(
            api, False if reader_order else shuffle, num_samples, num_shards, shard_id, cache
        )
        self._file_reading = (num_parallel_workers, num_samples, num_shards, shard_id)
        self._file_shuffle = mode == Shuffle.FILES
        self._file_rows = [] if reader_order else None
        return resolve(api, None, False, None, None, None) if reader_order else smp

    def _file_rows_read(self, per_file: list[list], num_parallel_workers: Any) -> list:
        """The rows of the files (one list per file) in the order the source holds them: file
        order when the reader's order applies (counting each file's rows), else as MindSpore's
        workers read them (``_interleave``)."""
        if self._file_rows is None:
            return _interleave(per_file, num_parallel_workers)
        self._file_rows = [len(f) for f in per_file]
        return [r for f in per_file for r in f]

    def _open(self, ctx: ExecContext) -> _SourceView:
        if self._file_rows is None:
            return super()._open(ctx)
        self._bind_labels()
        return _SourceView(self, self._files_order(ctx.seed, ctx.next_pass(self)), ctx)

    def _length(self) -> int:
        if self._file_rows is None:
            return len(self._rows[0])
        return len(self._files_order(0, 0))

    def _files_order(self, seed: int, pass_no: int) -> np.ndarray:
        """The rows of pass ``pass_no`` as MindSpore's reader makes them: under
        ``Shuffle.FILES`` each pass shuffles the previous pass's file order (``std::shuffle`` with
        ``std::mt19937(seed)``, or with ``mt19937(1)``, ``(2)``, ... when sharded); a shard reads
        its ``ceil(rows / num_shards)`` rows of that order (going round again past the end); the
        files (parts of files) go to the workers in turn and rows come from the workers in turn;
        ``num_samples`` rows at most."""
        workers, num_samples, num_shards, shard_id = self._file_reading
        _ = self._rows  # a source that reads its files when first needed (CSV) reads them now
        counts = self._file_rows
        order = list(range(len(counts)))
        for p in range(pass_no + 1 if self._file_shuffle else 0):
            std_shuffle(order, mt19937(seed if not num_shards or num_shards == 1 else p + 1))
        starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        total = int(starts[-1])
        devices, device = (num_shards, shard_id) if num_shards else (1, 0)
        per_shard = -(-total // devices)
        first, end = device * per_shard, (device + 1) * per_shard
        blocks, pre = [], 0
        while total and pre < end:
            for f in order:
                lo, hi = max(first - pre, 0), min(end - pre, counts[f])
                if lo < hi:
                    blocks.append(range(starts[f] + lo, starts[f] + hi))
                pre += counts[f]
        rows = np.array(_interleave(blocks, workers), np.int64)
        return rows if num_samples is None else rows[:num_samples]

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        return tuple([col[int(i)] for i in idx] for col in self._rows)


class TextFileDataset(_LineSource):
    r"""Each non-empty line of ``dataset_files`` (UTF-8, without its line break) as a string
    row in column ``text``.

    Args:
        dataset_files (Union[str, list[str]]): the files.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (files and rows), ``Shuffle.FILES``, or False.
            Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: no file matches, or an argument is out of range.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'lines.txt')
        >>> with open(path, 'w') as f:
        ...     _ = f.write('hello\n\nworld\n')
        >>> data = ds.TextFileDataset(path, shuffle=False)
        >>> print([str(t) for (t,) in data.create_tuple_iterator(output_numpy=True)])
        ['hello', 'world']
    """

    def __init__(
        self,
        dataset_files: Any,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "TextFileDataset"
        self.dataset_files = find_files(dataset_files, api)
        smp = self._line_sampler(
            api, shuffle, num_samples, num_parallel_workers, num_shards, shard_id, cache
        )
        per_file = []
        for path in self.dataset_files:
            with open(path, encoding="utf-8") as f:
                per_file.append([np.array(s) for s in (ln.rstrip("\r\n") for ln in f) if s])
        self._rows = (self._file_rows_read(per_file, num_parallel_workers),)
        self._names = ["text"]
        super().__init__(smp, num_parallel_workers, (tuple(self.dataset_files),))


def _csv_value(text: str, default: Any, path: str, line: int) -> np.ndarray:
    if isinstance(default, str) or default is None:
        return np.array(text if text != "" or default is None else default)
    if text == "":
        return np.array(default, np.int32 if isinstance(default, int) else np.float32)
    try:
        if isinstance(default, int):
            return np.array(int(text), np.int32)
        return np.array(float(text), np.float32)
    except ValueError:
        raise RuntimeError(
            f"Invalid csv, csv file: {path} parse failed at line {line}, type does not match."
        ) from None


class CSVDataset(_LineSource):
    r"""Rows of CSV files: ``column_names`` (default: the first file's header line, which is
    then skipped in every file); ``column_defaults`` gives each column's type (int -> int32,
    float -> float32, str) and the value of an empty field; without it every field is a string.

    Args:
        dataset_files (Union[str, list[str]]): the files.
        field_delim (str): the separator. Default: ``','``.
        column_defaults (list, optional): a default per column; its type sets the column's type. Default: ``None`` (strings).
        column_names (list[str], optional): the names. Default: ``None`` (the first line of the file).
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (Union[bool, Shuffle]): ``Shuffle.GLOBAL`` (files and rows), ``Shuffle.FILES``, or False.
            Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: no file matches, or an argument is out of range.
        RuntimeError: a row has the wrong number of fields or a value of the wrong type.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'data.csv')
        >>> with open(path, 'w') as f:
        ...     _ = f.write('a,b\n1,x\n2,y\n')
        >>> data = ds.CSVDataset(path, column_defaults=[0, ''], shuffle=False)
        >>> for a, b in data.create_tuple_iterator(output_numpy=True):
        ...     print(a, b)
        1 x
        2 y
    """

    def __init__(
        self,
        dataset_files: Any,
        field_delim: str = ",",
        column_defaults: list | None = None,
        column_names: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "CSVDataset"
        self.dataset_files = find_files(dataset_files, api)
        if field_delim is None:  # MindSpore's default
            field_delim = ","
        vh.type_check(field_delim, (str,), "field_delim")
        if len(field_delim) != 1 or field_delim in ('"', "\r", "\n"):
            raise ValueError(
                f"field_delim must be one character other than '\"', '\\r' and '\\n', got {field_delim!r}"
            )
        if column_defaults is not None:
            vh.type_check(column_defaults, (list,), "column_defaults")
            for i, d in enumerate(column_defaults):
                if isinstance(d, bool) or not isinstance(d, int | float | str):
                    raise TypeError(
                        f"column type in column_defaults[{i}] is not int, float or str, got {d!r}"
                    )
        if column_names is not None:
            # duplicates are refused when the pipeline starts (_validate), as MindSpore does
            many = isinstance(column_names, list)
            vh.check_columns(
                list(dict.fromkeys(column_names)) if many else column_names, "column_names"
            )
            column_names = list(column_names) if many else [column_names]
        smp = self._line_sampler(
            api, shuffle, num_samples, num_parallel_workers, num_shards, shard_id, cache
        )
        self.field_delim, self.column_defaults = field_delim, column_defaults
        self._workers_given = num_parallel_workers
        self._records: list | None = None  # read when the pipeline first needs them
        if column_names is None:  # the first line of the first file names the columns
            with open(self.dataset_files[0], newline="", encoding="utf-8") as f:
                column_names = next(csv.reader(f, delimiter=field_delim), None)
            if not column_names:
                raise ValueError(
                    f"For '{api}', no column names: give column_names or a header line"
                )
            self._header = True
        else:
            self._header = False
        n = len(column_names)
        self._defaults = column_defaults if column_defaults is not None else [None] * n
        self._names = list(column_names)
        super().__init__(smp, num_parallel_workers, (tuple(self.dataset_files), tuple(self._names)))

    def _validate(self) -> None:
        seen: set[str] = set()
        for name in self._names:
            if name in seen:
                raise RuntimeError(
                    "CSVDataset: 'column_names' : Invalid parameter, duplicate column names are "
                    f"not allowed: {name}"
                )
            seen.add(name)
        n = len(self._names)
        if len(self._defaults) != n:
            raise ValueError(
                f"The number of column_defaults ({len(self._defaults)}) and columns ({n}) must be "
                "the same."
            )

    @property
    def _rows(self) -> tuple[list]:
        """The records (file, line, fields), read when first needed, in the reader's order; the
        values are parsed as rows are read (MindSpore reports a bad value then)."""
        if self._records is None:
            self._broken: list[tuple] = []
            per_file = [self._file_records(path) for path in self.dataset_files]
            self._records = self._file_rows_read(per_file, self._workers_given)
        return (self._records,)

    def _file_records(self, path: str) -> list[tuple[str, int, list[str]]]:
        """A file's complete records; a malformed end is kept in ``_broken`` and reported when
        rows are read (MindSpore counts the records before it)."""
        out = []
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.reader(f, delimiter=self.field_delim, strict=True)
            start = 1  # the line a record starts on
            try:
                for k, fields in enumerate(reader):
                    if not (self._header and k == 0) and fields:
                        out.append((path, start, fields))
                    start = reader.line_num + 1
            except csv.Error as e:
                self._broken.append((path, out, start, e))
        return out

    def _check_read(self) -> None:
        """The errors MindSpore's reader meets when it runs: no record at all, then per broken
        file a bad value before the break, or the break itself."""
        if not self._rows[0]:
            files = ", ".join(self.dataset_files)
            raise RuntimeError(
                "Invalid data, CSVDataset API can't read the data file (interface mismatch or no "
                f"data found). Check csv file path:  {files}."
            )
        for path, records, start, e in self._broken:
            self._check_partial(path, records, start)
            why = (
                f"Invalid csv file, reach the end of file in quote field, check {path}."
                if "unexpected end of data" in str(e)
                else str(e)
            )
            raise RuntimeError(
                f"Invalid file, failed to parse csv file: {path} at line {start}. "
                f"Error message: {why}"
            )

    def _check_partial(self, path: str, records: list, start: int) -> None:
        """MindSpore parses a file as a stream, converting each field as it ends: a value of the
        wrong type in the records before a malformed end (or in the fields the last record
        completed) is reported instead of the malformed end."""
        for _, line, fields in records:
            for text, default in zip(fields, self._defaults):
                _csv_value(text, default, path, line)
        with open(path, newline="", encoding="utf-8") as f:
            last = list(csv.reader(f, delimiter=self.field_delim))[-1:]
        for text, default in zip(last[0][:-1] if last else [], self._defaults):
            _csv_value(text, default, path, start)

    def _row_file(self, row: int) -> str | None:
        records = self._rows[0]
        return records[row][0] if 0 <= row < len(records) else None

    def _open(self, ctx: ExecContext) -> _SourceView:
        self._check_read()
        return super()._open(ctx)

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        records, n = self._rows[0], len(self._names)
        cols: list[list] = [[] for _ in range(n)]
        for i in idx:
            path, line, fields = records[int(i)]
            if len(fields) != n:
                raise RuntimeError(
                    f"Invalid csv, the number of columns at line {line} of {path} is "
                    f"{len(fields)}, but {n} columns {self._names} were expected."
                )
            for k, (text, default) in enumerate(zip(fields, self._defaults)):
                cols[k].append(_csv_value(text, default, path, line))
        return tuple(cols)
