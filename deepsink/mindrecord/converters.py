"""MindSpore's dataset-to-MindRecord converters (``mindspore.mindrecord.Cifar10ToMR``...): read a
dataset in its published layout and write it with :class:`FileWriter`, with MindSpore 2.10's
schemas, index fields, header/page sizes and file names, so MindSpore reads the files the same.

Images are JPEG-encoded by OpenCV as MindSpore's converters encode them (``cv2.imencode``).
``transform()`` runs the conversion and raises its error; ``run()`` returns :data:`SUCCESS`.
"""

from __future__ import annotations

import builtins
import csv
import gzip
import io
import os
import pickle
import re
from collections.abc import Iterator
from typing import Any

import numpy as np

from deepsink.mindrecord.writer import FileWriter

SUCCESS = 0
FAILED = 1
_BATCH = 256  # rows per write_raw_data call, as MindSpore's converters write them


def _check_path(path: Any, arg: str) -> str:
    if not path:
        raise ValueError(f"'{arg}' is not allowed None or empty!")
    if not isinstance(path, str):
        raise ValueError(f"File path: {path} is not string.")
    if path.endswith("/"):
        raise ValueError("File path can not end with '/'")
    return path


def _check_partitions(partition_number: Any) -> int:
    if isinstance(partition_number, bool) or not isinstance(partition_number, int):
        raise ValueError("The parameter partition_number must be int")
    return partition_number


def _jpeg(image: np.ndarray) -> bytes:
    import cv2

    ok, buf = cv2.imencode(".jpeg", image)
    if not ok:
        raise RuntimeError(f"OpenCV could not JPEG-encode an image of shape {image.shape}")
    return buf.tobytes()


def _write(writer: FileWriter, rows: Iterator[dict], parallel: bool = False) -> None:
    batch: list[dict] = []
    for row in rows:
        batch.append(row)
        if len(batch) == _BATCH:
            writer.write_raw_data(batch, parallel)
            batch = []
    if batch:
        writer.write_raw_data(batch, parallel)
    writer.commit()


def _large(writer: FileWriter) -> FileWriter:
    writer.set_header_size(1 << 24)
    writer.set_page_size(1 << 26)
    return writer


class _Converter:
    def transform(self, *args: Any, **kwargs: Any) -> None:
        """Convert; errors are raised (``run`` returns :data:`SUCCESS`)."""
        self.run(*args, **kwargs)


# --- CIFAR -----------------------------------------------------------------------------------


class _NumpyOnly(pickle.Unpickler):
    """Unpickles CIFAR's python batches (dicts of numpy arrays and lists) and nothing else."""

    _BUILTINS = {"list", "dict", "tuple", "set", "int", "float", "str", "bytes", "complex"}

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in self._BUILTINS:
            return getattr(builtins, name)
        if module in ("numpy.core.multiarray", "numpy._core.multiarray") and name == "_reconstruct":
            return np.ndarray.__reduce__(np.zeros(0))[0]
        if module == "numpy":
            return getattr(np, name)
        raise pickle.UnpicklingError(f"global '{module}.{name}' is forbidden")


def _load_batch(path: str, what: str) -> dict:
    with open(path, "rb") as f:
        data = f.read()
    try:
        return _NumpyOnly(io.BytesIO(data), encoding="bytes").load()
    except (pickle.UnpicklingError, UnicodeDecodeError) as e:
        raise RuntimeError(f"Not a valid {what} Dataset.") from e


def _images(batch: dict) -> np.ndarray:
    return np.asarray(batch[b"data"]).reshape([-1, 3, 32, 32]).transpose(0, 2, 3, 1)


def _cifar_writer(file_name: str, schema: dict, desc: str, fields: Any) -> FileWriter:
    writer = FileWriter(file_name, 1)
    writer.add_schema(schema, desc)
    if fields:
        writer.add_index(fields)
    return writer


def _check_fields(fields: Any) -> None:
    if fields and not isinstance(fields, list):
        raise ValueError("The parameter fields should be None or list")


class Cifar10ToMR(_Converter):
    """Convert CIFAR-10's python version (``cifar-10-batches-py``: ``data_batch_*``,
    ``test_batch``) to ``destination`` (train) and ``destination + "_test"``; rows
    ``{"id", "label", "data"}`` with the image JPEG-encoded.

    Args:
        source (str): the directory of the batches.
        destination (str): the MindRecord file to write (its folder must exist).

    Raises:
        ValueError: ``source`` or ``destination`` is not a usable path, or a batch is missing.

    Examples:
        >>> from deepsink.mindrecord import Cifar10ToMR
        >>> Cifar10ToMR("cifar-10-batches-py", "cifar10.mindrecord").transform()  # doctest: +SKIP
    """

    def __init__(self, source: str, destination: str) -> None:
        self.source = _check_path(source, "source")
        files = os.listdir(source)
        if not any(f.startswith("data_batch_") for f in files):
            raise ValueError("Invalid path. data_batch_*")
        if not any(f.startswith("test_batch") for f in files):
            raise ValueError("Invalid path. test_batch")
        self.destination = _check_path(destination, "destination")

    def run(self, fields: list | None = None) -> int:
        """Write the two files; ``fields`` are index fields. Returns :data:`SUCCESS`."""
        _check_fields(fields)
        train_images, train_labels = [], []
        test = None
        for name in sorted(os.listdir(self.source)):
            path = os.path.join(os.path.realpath(self.source), name)
            if re.match("data_batch_*", name):
                batch = _load_batch(path, "Cifar10")
                train_images.append(_images(batch))
                train_labels.extend(batch[b"labels"])
            elif re.match("test_batch", name):
                test = _load_batch(path, "Cifar10")
        schema = {"id": {"type": "int64"}, "label": {"type": "int64"}, "data": {"type": "bytes"}}
        parts = [
            (self.destination, np.concatenate(train_images), train_labels, "img_train"),
            (self.destination + "_test", _images(test), list(test[b"labels"]), "img_test"),
        ]
        for file_name, images, labels, desc in parts:
            writer = _cifar_writer(file_name, schema, desc, fields)
            rows = (
                {"id": i, "data": _jpeg(img[..., [2, 1, 0]]), "label": int(label)}
                for i, (img, label) in enumerate(zip(images, labels))
            )
            _write(writer, rows)
        return SUCCESS


class Cifar100ToMR(_Converter):
    """Convert CIFAR-100's python version (``cifar-100-python``: ``train``, ``test``) to
    ``destination`` and ``destination + "_test"``; rows ``{"id", "fine_label",
    "coarse_label", "data"}`` with the image JPEG-encoded.

    Args:
        source (str): the directory of ``train`` and ``test``.
        destination (str): the MindRecord file to write (its folder must exist).

    Raises:
        ValueError: ``source`` or ``destination`` is not a usable path, or a file is missing.

    Examples:
        >>> from deepsink.mindrecord import Cifar100ToMR
        >>> Cifar100ToMR("cifar-100-python", "cifar100.mindrecord").transform()  # doctest: +SKIP
    """

    def __init__(self, source: str, destination: str) -> None:
        self.source = _check_path(source, "source")
        files = os.listdir(source)
        for needed in ("train", "test"):
            if needed not in files:
                raise ValueError(f"Invalid path. {needed}")
        self.destination = _check_path(destination, "destination")

    def run(self, fields: list | None = None) -> int:
        """Write the two files; ``fields`` are index fields. Returns :data:`SUCCESS`."""
        _check_fields(fields)
        schema = {"id": {"type": "int64"}, "fine_label": {"type": "int64"},
                  "coarse_label": {"type": "int64"}, "data": {"type": "bytes"}}  # fmt: skip
        for part, file_name, desc in (
            ("train", self.destination, "img_train"),
            ("test", self.destination + "_test", "img_test"),
        ):
            batch = _load_batch(os.path.join(os.path.realpath(self.source), part), "Cifar100")
            writer = _cifar_writer(file_name, schema, desc, fields)
            rows = (
                {
                    "id": i,
                    "data": _jpeg(img[..., [2, 1, 0]]),
                    "fine_label": int(fine),
                    "coarse_label": int(coarse),
                }
                for i, (img, fine, coarse) in enumerate(
                    zip(_images(batch), batch[b"fine_labels"], batch[b"coarse_labels"])
                )
            )
            _write(writer, rows)
        return SUCCESS


# --- MNIST -----------------------------------------------------------------------------------


class MnistToMR(_Converter):
    """Convert MNIST's gzipped IDX files (``train-images-idx3-ubyte.gz``...) to
    ``<destination>_train.mindrecord`` and ``<destination>_test.mindrecord``; rows
    ``{"label", "data"}`` with the image JPEG-encoded, ``label`` indexed.

    Args:
        source (str): the directory of the four files.
        destination (str): the file name prefix.
        partition_number (int): shards per file. Default: ``1``.

    Raises:
        ValueError: a path is not usable, or ``partition_number`` is not an int.

    Examples:
        >>> from deepsink.mindrecord import MnistToMR
        >>> MnistToMR("mnist", "mnist").transform()  # doctest: +SKIP
    """

    _FILES = {
        "train": ("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
        "test": ("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"),
    }

    def __init__(self, source: str, destination: str, partition_number: int = 1) -> None:
        self.source = _check_path(source, "source")
        for names in self._FILES.values():
            for name in names:
                if not os.path.isfile(os.path.join(source, name)):
                    raise ValueError(f"Invalid path. {os.path.join(source, name)}")
        self.destination = _check_path(destination, "destination")
        self.partition_number = _check_partitions(partition_number)
        self._writers = {
            part: FileWriter(f"{destination}_{part}.mindrecord", self.partition_number)
            for part in self._FILES
        }

    def _read(self, name: str, skip: int) -> np.ndarray:
        with gzip.open(os.path.realpath(os.path.join(self.source, name)), "rb") as f:
            f.read(skip)
            return np.frombuffer(f.read(), dtype=np.uint8)

    def run(self) -> int:
        """Write the train and test files. Returns :data:`SUCCESS`."""
        for part, (images_file, labels_file) in self._FILES.items():
            images = self._read(images_file, 16).reshape(-1, 28, 28, 1)
            labels = self._read(labels_file, 8).astype(np.int64)
            writer = _large(self._writers[part])
            writer.add_schema(
                {"label": {"type": "int64"}, "data": {"type": "bytes"}}, "mnist_schema"
            )
            writer.add_index(["label"])
            rows = ({"label": int(y), "data": _jpeg(x)} for x, y in zip(images, labels))
            _write(writer, rows)
        return SUCCESS


# --- CSV -------------------------------------------------------------------------------------


def _column_type(values: list[str]) -> str:
    """The type pandas' ``read_csv`` infers for a column, as MindSpore's CsvToMR maps it:
    int64, float64, bool (stored as int32) or anything else (string)."""

    def all_parse(kind: type) -> bool:
        try:
            for v in values:
                kind(v)
        except ValueError:
            return False
        return True

    present = [v for v in values if v != ""]
    if present and len(present) == len(values) and all_parse(int):
        return "int64"
    if present and all(v in ("True", "False", "TRUE", "FALSE", "true", "false") for v in values):
        return "bool"
    if present and all(v == "" or _is_float(v) for v in values):
        return "float64"
    return "string"


def _is_float(v: str) -> bool:
    try:
        float(v)
    except ValueError:
        return False
    return True


def _cell(kind: str, v: str) -> Any:
    if kind == "int64":
        return int(v)
    if kind == "float64":
        return float(v) if v != "" else float("nan")
    if kind == "bool":
        return int(v.lower() == "true")
    return v


class CsvToMR(_Converter):
    """Convert a CSV file (first line: column names) to MindRecord; each column becomes a field
    typed as pandas infers it (int64, float64, bool as int32, else string), every field indexed.

    Args:
        source (str): the CSV file.
        destination (str): the MindRecord file to write.
        columns_list (list[str], optional): the columns to keep. Default: all.
        partition_number (int): shards. Default: ``1``.

    Raises:
        ValueError: a bad path, ``columns_list`` not a list of str, ``partition_number`` not an
            int, or a column name that starts with a digit.
        RuntimeError: a column of ``columns_list`` is not in the file.

    Examples:
        >>> from deepsink.mindrecord import CsvToMR
        >>> CsvToMR("data.csv", "data.mindrecord").transform()  # doctest: +SKIP
    """

    def __init__(
        self,
        source: str,
        destination: str,
        columns_list: list | None = None,
        partition_number: int = 1,
    ) -> None:
        if not isinstance(source, str):
            raise ValueError("The parameter source must be str.")
        self.source = _check_path(source, "source")
        if columns_list and (
            not isinstance(columns_list, list) or not all(isinstance(c, str) for c in columns_list)
        ):
            raise ValueError("The parameter columns_list must be list of str.")
        self.columns_list = columns_list
        if not isinstance(destination, str):
            raise ValueError("The parameter destination must be str.")
        self.destination = _check_path(destination, "destination")
        self.partition_number = _check_partitions(partition_number)
        self.writer = FileWriter(destination, self.partition_number)

    def run(self) -> int:
        """Write the file. Returns :data:`SUCCESS`."""
        if not os.path.exists(self.source):
            raise OSError(f"Csv file {self.source} do not exist.")
        with open(self.source, newline="") as f:
            header, *lines = list(csv.reader(f))
        columns = {
            name: [line[i] if i < len(line) else "" for line in lines]
            for i, name in enumerate(header)
        }
        wanted = self.columns_list or header
        for col in wanted:
            if col not in columns:
                raise RuntimeError(
                    f"The parameter columns_list is illegal, column {col} does not exist."
                )
        kinds = {col: _column_type(columns[col]) for col in wanted}
        schema = {col: {"type": "int32" if k == "bool" else k} for col, k in kinds.items()}
        writer = _large(self.writer)
        writer.add_schema(schema, "csv_schema")
        for col in wanted:
            if col.isdigit():
                raise ValueError(
                    f"The first line content: {col} of the CSV file is used as a column name and "
                    "does not allow starting with a number."
                )
        writer.add_index(list(wanted))
        rows = (
            {col: _cell(kinds[col], columns[col][r]) for col in wanted} for r in range(len(lines))
        )
        _write(writer, rows)
        return SUCCESS


# --- ImageNet --------------------------------------------------------------------------------


class ImageNetToMR(_Converter):
    """Convert an ImageNet-style folder tree to MindRecord: ``map_file`` lines
    ``<folder> <label>`` name the class folders under ``image_dir``; every ``*.JPEG``/``*.jpg``
    in them becomes a row ``{"label", "image", "file_name"}`` (the file's bytes as they are),
    ``label`` and ``file_name`` indexed.

    Args:
        map_file (str): the folder-to-label map.
        image_dir (str): the folder of the class folders.
        destination (str): the MindRecord file to write.
        partition_number (int): shards. Default: ``1``.

    Raises:
        ValueError: a bad path, ``partition_number`` not an int, or no class folder found.

    Examples:
        >>> from deepsink.mindrecord import ImageNetToMR
        >>> ImageNetToMR("labels_map.txt", "train", "imagenet.mindrecord").transform()  # doctest: +SKIP
    """

    def __init__(
        self, map_file: str, image_dir: str, destination: str, partition_number: int = 1
    ) -> None:
        self.map_file = _check_path(map_file, "map_file")
        self.image_dir = _check_path(image_dir, "image_dir")
        self.destination = _check_path(destination, "destination")
        self.partition_number = _check_partitions(partition_number)
        self.writer = FileWriter(destination, self.partition_number)

    def _rows(self) -> Iterator[dict]:
        path = os.path.realpath(self.map_file)
        if not os.path.exists(path):
            raise OSError(f"map file {self.map_file} not exists")
        folders = {}
        with open(path) as f:
            for line in f:
                parts = line.split(" ")
                folders[parts[1]] = parts[0]
        dirs = {label: os.path.join(self.image_dir, folder) for label, folder in folders.items()}
        dirs = {label: d for label, d in dirs.items() if os.path.isdir(d)}
        if not dirs:
            raise ValueError(f"Invalid path. not valid image dir in {self.image_dir}")
        for label, folder in dirs.items():
            for item in sorted(os.listdir(folder)):
                if not item.endswith(("JPEG", "jpg")):
                    continue
                file_name = os.path.join(folder, item)
                with open(os.path.realpath(file_name), "rb") as f:
                    data = f.read()
                if data:
                    yield {"file_name": file_name, "label": int(label), "image": data}

    def run(self) -> int:
        """Write the file. Returns :data:`SUCCESS`."""
        writer = _large(self.writer)
        writer.add_schema(
            {
                "label": {"type": "int32"},
                "image": {"type": "bytes"},
                "file_name": {"type": "string"},
            },
            "imagenet_schema",
        )
        writer.add_index(["label", "file_name"])
        _write(writer, self._rows(), parallel=True)
        return SUCCESS
