"""ManifestDataset (image lists in MindSpore's manifest JSON-lines format) and RandomDataset
(rows of random values shaped by a schema), plus the two sources deepsink cannot serve:
``OBSMindDataset`` (MindRecord shards on Huawei OBS cloud storage) and ``DatasetCache``.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from deepsink._core.unsupported import unsupported
from deepsink._core.validate import check_bool, check_one_of
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.image_sources import _FileListSource
from deepsink.dataset.engine.samplers import Sampler, resolve
from deepsink.dataset.engine.schema import Schema, np_type
from deepsink.dataset.engine.sources import _Source, reject_cache


class ManifestDataset(_FileListSource):
    """Images listed in a manifest file (one JSON object per line with ``source``, ``usage``
    and ``annotation: [{"name": <class>}, ...]``): image, label (int32 as MindSpore 2.10 yields
    it: a scalar for one class name, 1-D for several).

    Args:
        dataset_file (str): The manifest file.
        usage (str, optional): ``"train"`` (default), ``"eval"`` or ``"inference"``: the lines
            whose ``usage`` (any case) it is.
        num_samples, num_parallel_workers, shuffle, sampler, decode, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.
        class_indexing (dict, optional): Class name to index; default the names in sorted order.
            Names it lacks are dropped from the labels; lines left without a label (or listed
            without an annotation) are skipped, as MindSpore does.

    Raises:
        ValueError: The file is missing, or ``usage`` is not accepted.
        RuntimeError: When the pipeline starts: a line is not JSON or lacks a field, or a listed
            image is missing or empty.

    Examples:
        >>> import json, os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> img = os.path.join(d, "1.jpg")
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(img)
        >>> with open(os.path.join(d, "m.json"), "w") as f:
        ...     _ = f.write(json.dumps({"source": img, "usage": "TRAIN",
        ...                             "annotation": [{"name": "dog"}]}) + "\\n")
        >>> data = ds.ManifestDataset(os.path.join(d, "m.json"))
        >>> print(next(data.create_tuple_iterator(output_numpy=True))[1], data.get_class_indexing())
        0 {'dog': 0}
    """

    def __init__(
        self,
        dataset_file: str,
        usage: str = "train",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        class_indexing: dict | None = None,
        decode: bool = False,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "ManifestDataset"
        if not isinstance(dataset_file, str) or not os.path.isfile(dataset_file):
            path = os.path.abspath(dataset_file) if isinstance(dataset_file, str) else dataset_file
            raise ValueError(f"The file {path} does not exist or permission denied!")
        self.dataset_file = dataset_file
        self.usage = check_one_of(usage, ["train", "eval", "inference"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError(f"class_indexing should be a dict, got {type(class_indexing).__name__}")
        # what the user gave, as MindSpore writes it into the pipeline's JSON
        self._user_classes = dict(class_indexing) if isinstance(class_indexing, dict) else {}
        self._manifest: tuple | None = None  # read when the pipeline first needs it
        self._start(api, ["image", "label"], (dataset_file, self.usage, decode), locals())

    def _read_manifest(self) -> tuple:
        """The manifest's rows as MindSpore's ManifestOp prepares them when the pipeline starts:
        per line, the image must exist and is kept only if it starts like a JPEG, PNG, GIF or
        BMP; then lines of another ``usage`` are skipped; a line's labels are its annotation
        names (those in ``class_indexing`` when given), a line left without one is skipped.
        Returns (files, label column, class indexing, number of class names kept)."""
        path = self.dataset_file
        entries = []
        given = self._user_classes
        with open(path, encoding="utf-8") as f:
            number = 1  # MindSpore's line count (lines of dropped images are not counted)
            for line in f:
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except ValueError as e:
                    raise RuntimeError(
                        f"Invalid manifest file, parse ManiFest file: {path} failed, {e}"
                    ) from e
                source = obj.get("source", "")
                if source == "":
                    raise RuntimeError(
                        f"Invalid manifest file, 'source' is missing in file: {path} at line {number}"
                    )
                if not _image_type(source):
                    continue
                usage = str(obj.get("usage", ""))
                if usage == "":
                    raise RuntimeError(
                        f"Invalid manifest file, 'usage' is missing in file: {path} at line {number}"
                    )
                if usage.lower() != self.usage:
                    continue
                if "annotation" not in obj:
                    raise RuntimeError(
                        f"Invalid manifest file, parse ManiFest file: {path} failed, "
                        "[json.exception.out_of_range.403] key 'annotation' not found"
                    )
                labels = []
                for annotation in obj["annotation"]:
                    name = annotation.get("name", "")
                    if name == "":
                        raise RuntimeError(
                            "Invalid manifest file, 'name' attribute of label is missing in "
                            f"file: {path} at line {number}"
                        )
                    if not given or name in given:
                        labels.append(name)
                if labels:
                    entries.append((source, labels))
                number += 1
        if not entries:
            raise RuntimeError(
                "Invalid data, ManifestDataset API can't read the data file (interface mismatch or "
                f"no data found). Check file path: {path}"
            )
        names = sorted({n for _, labels in entries for n in labels})
        indexing = dict(given) if given else {n: i for i, n in enumerate(names)}
        files = [e[0] for e in entries]
        labels = [np.array([indexing[n] for n in e[1]], np.int32) for e in entries]
        column = [lab[0] if lab.size == 1 else lab for lab in labels]
        return files, [column], indexing, len(names)

    def _parsed(self) -> tuple:
        if self._manifest is None:
            self._manifest = self._read_manifest()
        return self._manifest

    @property
    def _files(self) -> list[str]:
        return self._parsed()[0]

    @property
    def _cols(self) -> list:
        return self._parsed()[1]

    @property
    def class_indexing(self) -> dict[str, int]:
        return dict(self._parsed()[2])

    def _num_classes(self) -> int:
        """The class names the rows carry (what ``num_classes`` reports)."""
        return self._parsed()[3]

    def get_class_indexing(self) -> dict[str, int]:
        return self.class_indexing


def _image_type(source: str) -> bool:
    """MindSpore's check of a manifest's image: it must exist and be readable; only a file that
    starts like a JPEG, PNG, GIF or BMP is used (others are dropped)."""
    if not os.path.isfile(source):
        raise RuntimeError(f"Invalid file path, {source} does not exist.")
    with open(source, "rb") as f:
        head = f.read(3)
    if len(head) < 3:
        raise RuntimeError(
            f"Invalid manifest file, failed to read {source} : the manifest file is damaged or "
            "permission denied."
        )
    return head in (b"\xff\xd8\xff", b"\x89PN", b"GIF") or head[:2] == b"BM"


_RANDOM_TYPES = [
    "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
    "float16", "float32", "float64",
]  # fmt: skip


class RandomDataset(_Source):
    """Rows of random values: each column of ``schema`` (its type and shape; a column without a
    shape is a scalar) holds one random value repeated over its shape, as MindSpore fills it.
    Without a schema the columns are drawn too (1-4 columns ``c0``, ``c1``, ... of a random
    numeric type, rank 1-4, each dimension 1-32), and without ``total_rows`` the row count
    (1-1024). Everything random comes from the dataset seed.

    Args:
        total_rows (int, optional): Rows to generate. Default: random.
        schema (Union[str, Schema], optional): The columns (a schema file or ``Schema``).
        columns_list (list[str], optional): Which of the schema's columns to keep.
        num_samples (int, optional): How many rows to read. Default: all.
        num_parallel_workers (int, optional): Workers of the pipeline.
        cache (None): MindSpore's cache server is not supported.
        shuffle (bool, optional): Shuffle the rows. Default: ``None``.
        num_shards (int, optional): Number of shards. shard_id (int, optional): This shard.

    Raises:
        TypeError: ``total_rows`` is not an int or ``columns_list`` is not a list.
        ValueError: A name of ``columns_list`` is not a schema column.

    Examples:
        >>> import deepsink.dataset as ds
        >>> from deepsink import dtype as mstype
        >>> schema = ds.Schema()
        >>> schema.add_column("image", de_type=mstype.uint8, shape=[2])
        >>> data = ds.RandomDataset(schema=schema, total_rows=3)
        >>> row = next(data.create_tuple_iterator(output_numpy=True))
        >>> print(data.get_dataset_size(), row[0].dtype, row[0].shape, row[0][0] == row[0][1])
        3 uint8 (2,) True
    """

    def __init__(
        self,
        total_rows: int | None = None,
        schema: Any = None,
        columns_list: list[str] | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        cache: Any = None,
        shuffle: bool | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        api = "RandomDataset"
        reject_cache(cache, api)
        if total_rows is not None and (
            isinstance(total_rows, bool) or not isinstance(total_rows, int)
        ):
            raise TypeError(
                f"Argument total_rows with value {total_rows!r} is not of type [<class 'int'>]."
            )
        if total_rows is not None and total_rows < 0:
            raise ValueError(
                f"Input total_rows is not within the required interval of [0, 2147483647], got {total_rows}."
            )
        from deepsink.dataset import config

        rng = np.random.default_rng(config.get_seed())
        if schema is None:
            specs = []
            for i in range(int(rng.integers(1, 5))):
                rank = int(rng.integers(1, 5))
                shape = [int(v) for v in rng.integers(1, 33, rank)]
                specs.append((f"c{i}", str(rng.choice(_RANDOM_TYPES[1:])), shape))
        else:
            sch = schema if isinstance(schema, Schema) else Schema(schema)
            specs = [(n, t, s if s is not None else []) for n, t, s, _ in sch.column_specs()]
        if columns_list is not None:
            if not isinstance(columns_list, list):
                raise TypeError(
                    f"Argument columns_list with value {columns_list!r} is not of type [<class 'list'>]."
                )
            known = [s[0] for s in specs]
            for c in columns_list:
                if c not in known:
                    raise ValueError(f"Invalid column name {c!r}: not in the schema's {known}.")
            specs = [s for s in specs if s[0] in columns_list]
        self.total_rows = int(rng.integers(1, 1025)) if total_rows is None else total_rows
        self._specs = [(n, np.dtype(np_type(t)), tuple(s)) for n, t, s in specs]
        self._names = [s[0] for s in self._specs]
        smp = resolve(api, None, shuffle, num_samples, num_shards, shard_id, mappable=False)
        super().__init__(smp, num_parallel_workers, (self.total_rows, tuple(self._names)))

    def _length(self) -> int:
        return self.total_rows

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        from deepsink.dataset import config

        cols = []
        for k, (_, dtype, shape) in enumerate(self._specs):
            col = []
            for i in idx:  # a value per (row, column), the same whichever order rows are read
                rng = np.random.default_rng([config.get_seed(), int(i), k])
                if dtype.kind == "b":
                    v = rng.integers(0, 2) == 1
                elif dtype.kind in "iu":
                    info = np.iinfo(dtype)
                    v = rng.integers(info.min, info.max, endpoint=True, dtype=dtype)
                else:
                    v = rng.uniform(-1e3, 1e3)
                col.append(np.full(shape, v, dtype))
            cols.append(col)
        return tuple(cols)


OBSMindDataset = unsupported(
    "mindspore.dataset",
    "OBSMindDataset",
    "it streams MindRecord shards from Huawei OBS cloud storage through the OBS SDK and a "
    "MindSpore sync server; copy the files locally and read them with MindDataset",
)

DatasetCache = unsupported(
    "mindspore.dataset",
    "DatasetCache",
    "it is the client of MindSpore's tensor cache server (the cache_admin C++ service), which "
    "deepsink does not ship; sources and maps read directly (leave cache=None)",
)

sync_wait_for_dataset = unsupported(
    "mindspore.dataset",
    "sync_wait_for_dataset",
    "it waits, through OBS storage, for every device of an OBSMindDataset job to download its "
    "shards; deepsink has no OBS source (copy the files locally and use MindDataset)",
    kind="function",
)
