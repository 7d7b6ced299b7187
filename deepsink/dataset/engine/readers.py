"""File formats of the built-in sources: MNIST's IDX files (raw or gzip), CIFAR-10's binary batches,
image folders. Headers and sizes are checked when the dataset is built, so a bad file fails early
with its path; the bulk data is read on first use and shared by datasets reading the same file."""

from __future__ import annotations

import gzip
import os
import struct
import threading
import zlib
from functools import lru_cache

import numpy as np

IMAGES_MAGIC, LABELS_MAGIC = 2051, 2049
_MNIST_PREFIX = {
    "train": ["train"],
    "test": ["t10k"],
    "all": ["t10k", "train"],
}  # MindSpore's order
CIFAR_RECORD = 1 + 3 * 32 * 32
_lock = threading.Lock()


def _err(api: str, msg: str) -> ValueError:
    return ValueError(f"For '{api}', {msg}")


def check_dir(path: str, api: str) -> str:
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"For '{api}', 'dataset_dir' must be a path, but got {path!r}")
    path = os.fspath(path)
    if not os.path.isdir(path):
        raise _err(
            api,
            f"'dataset_dir' must be an existing directory, but got '{path}' (it does not "
            "exist or is not a directory)",
        )
    return path


def _resolve(folder: str, name: str) -> str | None:
    """``name`` in ``folder``, uncompressed preferred, else ``name.gz``."""
    for candidate in (name, name + ".gz"):
        path = os.path.join(folder, candidate)
        if os.path.isfile(path):
            return path
    return None


def mnist_files(folder: str, usage: str) -> list[tuple[str, str]]:
    """(images, labels) file pairs for ``usage``, in MindSpore's order ("all": test then train)."""
    pairs, missing = [], []
    for prefix in _MNIST_PREFIX[usage]:
        names = (f"{prefix}-images-idx3-ubyte", f"{prefix}-labels-idx1-ubyte")
        paths = [_resolve(folder, n) for n in names]
        if all(paths):
            pairs.append(tuple(paths))
        elif any(paths) or usage != "all":
            missing += [n for n, p in zip(names, paths) if p is None]
    if missing or not pairs:
        want = missing or ["train-images-idx3-ubyte", "train-labels-idx1-ubyte"]
        raise _err(
            "MnistDataset",
            f"'dataset_dir' must hold the MNIST files {want} (raw or .gz) "
            f"for usage '{usage}', but '{folder}' does not",
        )
    return pairs


_GZIP_ERRORS = (OSError, EOFError, zlib.error)


def _corrupt_gzip(path: str, e: BaseException) -> str:
    return (
        f"the gzip file '{path}' cannot be decompressed ({type(e).__name__}: {e}); it is "
        "corrupt or truncated: download it again, or use the uncompressed IDX file"
    )


def _header_and_size(path: str, nbytes: int) -> tuple[bytes, int]:
    """The first ``nbytes`` and the (uncompressed) total size of a raw or gzip file."""
    if path.endswith(".gz"):
        try:
            with gzip.open(path, "rb") as f:
                head = f.read(nbytes)
            with open(path, "rb") as f:
                f.seek(-4, os.SEEK_END)
                size = struct.unpack("<I", f.read(4))[0]  # gzip's ISIZE: the size mod 2**32
        except _GZIP_ERRORS as e:
            raise _err("MnistDataset", _corrupt_gzip(path, e)) from e
        return head, size
    with open(path, "rb") as f:
        head = f.read(nbytes)
    return head, os.path.getsize(path)


def idx_shape(path: str, magic: int) -> tuple[int, ...]:
    """Validate an IDX file's magic number and length; return its shape."""
    ndim = 3 if magic == IMAGES_MAGIC else 1
    head, size = _header_and_size(path, 4 + 4 * ndim)
    if len(head) < 4 + 4 * ndim:
        raise _err(
            "MnistDataset",
            f"the IDX file '{path}' must have a {4 + 4 * ndim}-byte header, "
            f"but it is only {len(head)} bytes long",
        )
    got = struct.unpack(">I", head[:4])[0]
    if got != magic:
        raise _err(
            "MnistDataset",
            f"the IDX file '{path}' must start with the magic number {magic} "
            f"({magic:#010x}), but got {got} ({got:#010x})",
        )
    shape = struct.unpack(f">{ndim}I", head[4:])
    want = 4 + 4 * ndim + int(np.prod(shape))
    if size % 2**32 != want % 2**32:
        raise _err(
            "MnistDataset",
            f"the IDX file '{path}' must be {want} bytes long for its shape "
            f"{list(shape)}, but it is {size} bytes (truncated or padded)",
        )
    return shape


@lru_cache(maxsize=8)
def _load(path: str, mtime: float, offset: int, shape: tuple[int, ...]) -> np.ndarray:
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rb") as f:
            data = f.read()
    except _GZIP_ERRORS as e:
        if not path.endswith(".gz"):
            raise
        raise RuntimeError(f"For 'MnistDataset', {_corrupt_gzip(path, e)}") from e
    arr = np.frombuffer(data, np.uint8, count=int(np.prod(shape)), offset=offset)
    return arr.reshape(shape)


def load_idx(path: str, shape: tuple[int, ...]) -> np.ndarray:
    with _lock:
        return _load(path, os.path.getmtime(path), 4 + 4 * len(shape), tuple(shape))


def cifar10_files(folder: str, usage: str) -> list[str]:
    names = sorted(os.listdir(folder))
    train = [n for n in names if n.startswith("data_batch") and n.endswith(".bin")]
    test = [n for n in names if n == "test_batch.bin"]
    chosen = {"train": train, "test": test, "all": train + test}[usage]
    if not chosen:
        want = {
            "train": "data_batch_*.bin",
            "test": "test_batch.bin",
            "all": "data_batch_*.bin or test_batch.bin",
        }[usage]
        raise _err(
            "Cifar10Dataset",
            f"'dataset_dir' must hold the CIFAR-10 binary files {want} for "
            f"usage '{usage}', but '{folder}' does not",
        )
    paths = [os.path.join(folder, n) for n in chosen]
    for p in paths:
        size = os.path.getsize(p)
        if size == 0 or size % CIFAR_RECORD:
            raise _err(
                "Cifar10Dataset",
                f"the file '{p}' must hold whole {CIFAR_RECORD}-byte "
                f"records, but it is {size} bytes long",
            )
    return paths


@lru_cache(maxsize=4)
def _load_cifar(paths: tuple[str, ...], mtimes: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray]:
    raw = np.concatenate([np.fromfile(p, np.uint8) for p in paths]).reshape(-1, CIFAR_RECORD)
    images = raw[:, 1:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
    return np.ascontiguousarray(images), raw[:, 0].astype(np.uint32)


def load_cifar10(paths: list[str]) -> tuple[np.ndarray, np.ndarray]:
    with _lock:
        return _load_cifar(tuple(paths), tuple(os.path.getmtime(p) for p in paths))


def image_folder(
    folder: str, extensions: list[str] | None, class_indexing: dict[str, int] | None
) -> tuple[list[str], np.ndarray, dict]:
    """Files of ``folder/<class>/*`` sorted by class then name, their labels, the class index."""
    classes = sorted(d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d)))
    if class_indexing is None:
        class_indexing = {c: i for i, c in enumerate(classes)}
    exts = None if extensions is None else tuple(e.lower() for e in extensions)
    files, labels = [], []
    for c in classes:
        if c not in class_indexing:
            continue
        for name in sorted(os.listdir(os.path.join(folder, c))):
            path = os.path.join(folder, c, name)
            if os.path.isfile(path) and (exts is None or name.lower().endswith(exts)):
                files.append(path)
                labels.append(class_indexing[c])
    return files, np.asarray(labels, np.int32), class_indexing


def read_bytes(path: str) -> np.ndarray:
    with open(path, "rb") as f:
        return np.frombuffer(f.read(), np.uint8)
