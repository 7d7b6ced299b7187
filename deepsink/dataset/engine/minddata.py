"""``MindDataset``: rows of MindRecord files (``deepsink.mindrecord``) as a random-access source.

Columns are the schema's fields in sorted order (as MindSpore lists them): a string as a 0-d str
array, numbers as 0-d arrays of their type, ``bytes`` as a 1-element bytes array, array fields as
arrays of their schema shape.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.dataset.core import validator_helpers as vh
from deepsink.dataset.engine import datasets as _datasets
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import RandomSampler, Sampler, resolve, sample_count
from deepsink.dataset.engine.shuffle import SamplerDraws, mindrecord_order
from deepsink.dataset.engine.sources import _Source, reject_cache
from deepsink.mindrecord.reader import Shard, shard_paths


def _column(spec: dict, value: Any) -> np.ndarray:
    typ = spec["type"]
    if typ == "bytes":
        return np.array([bytes(value)])
    if typ == "string":
        return np.array(value)
    if "shape" in spec:
        return np.asarray(value, typ)
    return np.array(value, typ)


class _FileBlockSampler(Sampler):
    """MindDataset's per-file shuffles: ``'files'`` reads the files in a fresh random order each
    pass, each file's rows in order (Bert's pre-training reader); ``'infile'`` keeps the file order
    and shuffles the rows within each file. With ``num_shards``, the rows so ordered are dealt to
    the shards in turn, wrapped around so that every shard has the same count."""

    _builtin = True
    random = True

    def __init__(
        self,
        starts: np.ndarray,
        mode: str,
        num_samples: int | None,
        num_shards: int | None,
        shard_id: int | None,
    ) -> None:
        self.starts, self.mode = starts, mode
        self.num_samples = num_samples or None
        self.num_shards, self.shard_id = num_shards, shard_id

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        files = len(self.starts) - 1
        order = rng.permutation(files) if self.mode == "files" else np.arange(files)
        blocks = [np.arange(self.starts[i], self.starts[i + 1]) for i in order]
        if self.mode == "infile":
            blocks = [rng.permutation(b) for b in blocks]
        rows = np.concatenate(blocks).astype(np.int64) if blocks else np.zeros(0, np.int64)
        if self.num_shards is not None and len(rows):
            per = -(-len(rows) // self.num_shards)
            rows = rows[(self.shard_id + self.num_shards * np.arange(per)) % len(rows)]
        return rows if self.num_samples is None else rows[: self.num_samples]

    def count(self, n: int) -> int:
        return len(self.indices(n, np.random.default_rng(0)))


class _ShardShuffle(Sampler):
    """What a ``RandomSampler`` (without a child) does under ``MindDataset``: MindRecord's reader
    shuffles or resamples its own task list (``shuffle.mindrecord_order``), each pass working on the
    previous pass's rows; with replacement it gives ``num_samples`` rows even past the file's."""

    _builtin = True
    random = True

    def __init__(self, sampler: RandomSampler) -> None:
        self.replacement, self.num_samples = sampler.replacement, sampler.num_samples

    def indices(self, n: int, rng: np.random.Generator | None) -> np.ndarray:
        if isinstance(rng, SamplerDraws):
            return mindrecord_order(n, self.num_samples, self.replacement, rng.seed, rng.pass_no)
        if self.replacement:
            return rng.integers(0, n, self.count(n)) if n else np.zeros(0, np.int64)
        return rng.permutation(n)[: self.count(n)]

    def count(self, n: int) -> int:
        if self.replacement:
            return self.num_samples or n
        return min(n, self.num_samples or n)


def _shard_shuffle(sampler: Sampler) -> Sampler:
    """MindRecord's own shuffle in place of a plain ``RandomSampler``; other samplers as given."""
    if type(sampler) is RandomSampler and sampler.child_sampler is None:
        return _ShardShuffle(sampler)
    return sampler


class MindDataset(_Source):
    """MindRecord files: ``dataset_files`` one file (its header names the other shards) or a
    list of files; ``columns_list`` picks columns.

    Args:
        dataset_files (Union[str, list[str]]): one file (its header names the other shards) or a list.
        columns_list (list[str], optional): the columns to read. Default: ``None``.
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (Union[bool, Shuffle], optional): shuffle the rows (``Shuffle.GLOBAL``), only
            the order of the files (``Shuffle.FILES``) or only the rows within each file
            (``Shuffle.INFILE``). Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        padded_sample (dict, optional): a row appended ``num_padded`` times (to even out shards). Default: ``None``.
        num_padded (int, optional): how many. Default: ``None``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: an argument is out of range.
        RuntimeError: a file is missing or not a MindRecord file.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> from deepsink.mindrecord import FileWriter
        >>> path = os.path.join(tempfile.mkdtemp(), 'data.mindrecord')
        >>> writer = FileWriter(path, shard_num=1)
        >>> writer.add_schema({'label': {'type': 'int32'}, 'x': {'type': 'float32', 'shape': [2]}}, 'example')
        >>> writer.write_raw_data([{'label': i, 'x': np.array([i, i], np.float32)} for i in range(3)])
        >>> writer.commit()
        >>> data = ds.MindDataset(path, shuffle=False)
        >>> print(data.get_dataset_size(), sorted(data.get_col_names()))
        3 ['label', 'x']
    """

    def __init__(
        self,
        dataset_files: str | list,
        columns_list: list[str] | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        sampler: Sampler | None = None,
        padded_sample: dict | None = None,
        num_padded: int | None = None,
        num_samples: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "MindDataset"
        if padded_sample is not None or num_padded is not None:
            raise NotImplementedError(f"For '{api}', padded_sample/num_padded are not supported")
        reject_cache(cache, api)
        block_mode = None
        if shuffle is not None and not isinstance(shuffle, bool):
            from deepsink.dataset.engine.sources import Shuffle

            if shuffle in (Shuffle.FILES, Shuffle.INFILE):
                if sampler is not None:
                    raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
                block_mode, shuffle = shuffle, None
            elif shuffle not in (Shuffle.GLOBAL, Shuffle.FALSE):
                raise NotImplementedError(
                    f"For '{api}', shuffle={shuffle!r} is not supported; use True, False, "
                    "Shuffle.GLOBAL, Shuffle.FILES or Shuffle.INFILE"
                )
            else:
                shuffle = shuffle == Shuffle.GLOBAL
        self.dataset_files = dataset_files
        self._shards = [Shard(p) for p in shard_paths(dataset_files)]
        self._schema = self._shards[0].schema
        names = sorted(self._schema)
        if columns_list is not None:
            columns_list = vh.check_columns(columns_list, "columns_list")
            unknown = [c for c in columns_list if c not in self._schema]
            if unknown:
                raise RuntimeError(
                    f"Invalid data, column {unknown[0]} does not exist in schema {names}."
                )
            names = list(columns_list)
        self._names = names
        self._starts = np.cumsum([0] + [len(s) for s in self._shards])
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        if block_mode is not None:
            smp = _FileBlockSampler(
                self._starts, block_mode.value, num_samples, num_shards, shard_id
            )
        tag = (tuple(str(p) for p in shard_paths(dataset_files)), tuple(names))
        super().__init__(smp, num_parallel_workers, tag)

    def _length(self) -> int:
        return int(self._starts[-1])

    def _num_rows(self) -> int:
        return sample_count(_shard_shuffle(self.sampler), self._length())

    def _run_sampler(self, ctx: ExecContext) -> Sampler:
        return _shard_shuffle(super()._run_sampler(ctx))

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = np.asarray(idx, np.int64)
        shard_of = np.searchsorted(self._starts, idx, side="right") - 1
        rows: list[dict | None] = [None] * len(idx)
        for s in np.unique(shard_of).tolist():
            where = np.flatnonzero(shard_of == s)
            local = idx[where] - self._starts[s]
            for w, row in zip(where.tolist(), self._shards[s].rows(local.tolist())):
                rows[w] = row
        return tuple([_column(self._schema[n], r[n]) for r in rows] for n in self._names)


# numpy dtype kind/size -> MindRecord type, as MindSpore's Dataset.save converts columns
def _record_type(dtype: np.dtype, column: str) -> str:
    if dtype.kind == "U":
        return "string"
    if dtype.kind == "S":
        return "bytes"
    if (
        dtype.kind == "b"
        or (dtype.kind == "i" and dtype.itemsize <= 4)
        or (dtype.kind == "u" and dtype.itemsize <= 2)
    ):
        return "int32"
    if dtype.kind in "iu":
        return "int64"
    if dtype.kind == "f":
        return "float64" if dtype.itemsize == 8 else "float32"
    raise TypeError(f"save: column {column!r} has dtype {dtype}, which MindRecord cannot hold")


def save_dataset(
    dataset: Any, file_name: str, num_files: int = 1, file_type: str = "mindrecord"
) -> None:
    """``Dataset.save``: the pipeline's rows into MindRecord files (MindSpore's column types:
    bool and small ints as int32, uint32/int64 as int64, float16 as float32; an array column keeps
    its trailing dimensions, its first one variable)."""
    from deepsink.mindrecord import FileWriter

    if file_type != "mindrecord":
        raise ValueError(f"save: file_type must be 'mindrecord', got {file_type!r}")
    if isinstance(num_files, bool) or not isinstance(num_files, int) or not 1 <= num_files <= 1000:
        raise ValueError(f"save: num_files should be an int in [1, 1000], got {num_files!r}")
    names = dataset.get_col_names()
    writer = None
    chunk: list[dict] = []
    for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
        if writer is None:
            schema = {}
            for n in names:
                v = np.asarray(row[n])
                spec: dict = {"type": _record_type(v.dtype, n)}
                if v.ndim:
                    if spec["type"] in ("string", "bytes"):
                        raise TypeError(
                            f"save: column {n!r} is an array of strings, which MindRecord cannot hold"
                        )
                    spec["shape"] = [-1, *v.shape[1:]]
                schema[n] = spec
            writer = FileWriter(file_name, shard_num=num_files)
            writer.add_schema(schema, "mindrecord")
        out = {}
        for n in names:
            v = np.asarray(row[n])
            t = writer._schema[n]["type"]
            out[n] = v.tobytes() if t == "bytes" else (str(v) if t == "string" else v.astype(t))
        chunk.append(out)
        if len(chunk) == 1000:
            writer.write_raw_data(chunk)
            chunk = []
    if writer is None:
        raise RuntimeError("save: the dataset has no rows to save")
    if chunk:
        writer.write_raw_data(chunk)
    writer.commit()


_datasets.register(save_dataset)  # found by Dataset.save
