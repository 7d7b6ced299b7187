"""Image datasets stored as arrays (IDX, raw binary, text, MATLAB ``.mat``), decoded once into
uint8 image arrays and read by index: EMNIST, QMNIST, STL-10, Semeion, USPS and SVHN, with the
layouts, dtypes and split orders of MindSpore 2.10.
"""

from __future__ import annotations

import os
import struct
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, check_one_of
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.file_sources import _interleave, _line_source_args
from deepsink.dataset.engine.samplers import Sampler
from deepsink.dataset.engine.sources import Shuffle, _Source, reject_cache


def _need(path: str, api: str) -> str:
    if not os.path.isfile(path):
        raise RuntimeError(f"Invalid file, {api} can't find {path}.")
    return path


def _idx(path: str, api: str) -> np.ndarray:
    """Any IDX file (uint8 or big-endian int32 payload) as an array of its shape."""
    with open(_need(path, api), "rb") as f:
        data = f.read()
    if len(data) < 4 or data[0] or data[1]:
        raise RuntimeError(f"Invalid file, {path} is not an IDX file.")
    kind, ndim = data[2], data[3]
    shape = struct.unpack(f">{ndim}I", data[4 : 4 + 4 * ndim])
    dtype = {0x08: np.uint8, 0x0C: np.dtype(">i4")}.get(kind)
    if dtype is None:
        raise RuntimeError(
            f"Invalid file, {path} has IDX type {kind:#x} (uint8 or int32 expected)."
        )
    arr = np.frombuffer(data, dtype, count=int(np.prod(shape)), offset=4 + 4 * ndim)
    return arr.reshape(shape)


class _ArraySource(_Source):
    """``self._arrays``: the columns as whole arrays, rows taken by index."""

    _arrays: tuple

    def _length(self) -> int:
        return len(self._arrays[0])

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = np.asarray(idx, np.int64)
        return tuple(a[idx] for a in self._arrays)


class EMnistDataset(_ArraySource):
    """EMNIST (``emnist-<name>-<train|test>-{images-idx3,labels-idx1}-ubyte``): image uint8
    <28, 28, 1>, label uint32.

    Args:
        dataset_dir (str): The folder of the IDX files.
        name (str): ``"byclass"``, ``"bymerge"``, ``"balanced"``, ``"letters"``, ``"digits"`` or
            ``"mnist"``.
        usage (str, optional): ``"train"``, ``"test"`` or ``"all"`` (default: test, then train).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``name`` or ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A file is missing or is not IDX.

    Examples:
        >>> import os, struct, tempfile
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "emnist-digits-test-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
        >>> with open(os.path.join(d, "emnist-digits-test-labels-idx1-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">II", 2049, 1) + bytes([7]))
        >>> row = next(ds.EMnistDataset(d, "digits", usage="test").create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[1]))
        (28, 28, 1) 7
    """

    def __init__(
        self,
        dataset_dir: str,
        name: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "EMnistDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.name = check_one_of(
            name, ["byclass", "bymerge", "balanced", "letters", "digits", "mnist"], "name", api
        )
        self.usage = check_one_of(usage or "all", ["train", "test", "all"], "usage", api)
        reject_cache(cache, api)
        parts = ["test", "train"] if self.usage == "all" else [self.usage]
        images, labels = [], []
        for u in parts:
            stem = os.path.join(self.dataset_dir, f"emnist-{self.name}-{u}")
            images.append(_idx(f"{stem}-images-idx3-ubyte", api))
            labels.append(_idx(f"{stem}-labels-idx1-ubyte", api))
        self._arrays = (
            np.concatenate(images)[..., None],
            np.concatenate(labels).astype(np.uint32),
        )
        self._start(api, ["image", "label"], (self.name, self.usage), locals())


class QMnistDataset(_ArraySource):
    """QMNIST (``qmnist-<train|test>-images-idx3-ubyte``, ``...-labels-idx2-int``; ``xnist-*``
    for ``usage="nist"``): image uint8 <28, 28, 1>, label uint32 (the class with ``compat``,
    else all 8 fields of the extended label).

    Args:
        dataset_dir (str): The folder of the IDX files.
        usage (str, optional): ``"train"``, ``"test"``, ``"test10k"``, ``"test50k"``, ``"nist"``
            or ``"all"`` (default: train, test, nist).
        compat (bool, optional): Class label only (``True``, default) or the 8 label fields.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A file is missing or is not IDX.

    Examples:
        >>> import os, struct, tempfile
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "qmnist-train-images-idx3-ubyte"), "wb") as f:
        ...     _ = f.write(struct.pack(">IIII", 2051, 1, 28, 28) + bytes(784))
        >>> with open(os.path.join(d, "qmnist-train-labels-idx2-int"), "wb") as f:
        ...     _ = f.write(struct.pack(">III", 3074, 1, 8) + struct.pack(">8i", 5, 1, 2, 3, 4, 5, 6, 7))
        >>> data = ds.QMnistDataset(d, usage="train", compat=False)
        >>> print(next(data.create_tuple_iterator(output_numpy=True))[1].tolist())
        [5, 1, 2, 3, 4, 5, 6, 7]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        compat: bool = True,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "QMnistDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(
            usage or "all", ["train", "test", "test10k", "test50k", "nist", "all"], "usage", api
        )
        self.compat = check_bool(compat, "compat", api)
        reject_cache(cache, api)
        prefix = {
            "train": ["qmnist-train"],
            "nist": ["xnist"],
            "all": ["qmnist-train", "qmnist-test", "xnist"],
        }
        images, labels = [], []
        for stem in prefix.get(self.usage, ["qmnist-test"]):
            path = os.path.join(self.dataset_dir, stem)
            images.append(_idx(f"{path}-images-idx3-ubyte", api))
            labels.append(_idx(f"{path}-labels-idx2-int", api))
        image, label = np.concatenate(images), np.concatenate(labels).astype(np.uint32)
        if self.usage == "test10k":
            image, label = image[:10000], label[:10000]
        elif self.usage == "test50k":
            image, label = image[10000:], label[10000:]
        self._arrays = (image[..., None], label[:, 0] if self.compat else label)
        self._start(api, ["image", "label"], (self.usage, self.compat), locals())


class STL10Dataset(_ArraySource):
    """STL-10 binary files (``{train,test}_X.bin``, ``{train,test}_y.bin``,
    ``unlabeled_X.bin``): image uint8 <96, 96, 3>, label int32 (0-9; -1 for unlabeled).

    Args:
        dataset_dir (str): The folder of the ``.bin`` files.
        usage (str, optional): ``"train"``, ``"test"``, ``"unlabeled"``, ``"train+unlabeled"``
            or ``"all"`` (default: test, train, unlabeled).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A file is missing or not whole images.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> np.zeros(3 * 96 * 96, np.uint8).tofile(os.path.join(d, "test_X.bin"))
        >>> np.array([3], np.uint8).tofile(os.path.join(d, "test_y.bin"))
        >>> row = next(ds.STL10Dataset(d, usage="test").create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[1]))
        (96, 96, 3) 2
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
        api = "STL10Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(
            usage or "all", ["train", "test", "unlabeled", "train+unlabeled", "all"], "usage", api
        )
        reject_cache(cache, api)
        parts = {
            "train+unlabeled": ["train", "unlabeled"],
            "all": ["test", "train", "unlabeled"],
        }.get(self.usage, [self.usage])
        images, labels = [], []
        for u in parts:
            raw = np.fromfile(_need(os.path.join(self.dataset_dir, f"{u}_X.bin"), api), np.uint8)
            if raw.size % (3 * 96 * 96):
                raise RuntimeError(f"Invalid file, {u}_X.bin is not a whole number of images.")
            # stored column-major per channel: N, C, W, H
            images.append(raw.reshape(-1, 3, 96, 96).transpose(0, 3, 2, 1))
            if u == "unlabeled":
                labels.append(np.full(len(images[-1]), -1, np.int32))
            else:
                y = np.fromfile(_need(os.path.join(self.dataset_dir, f"{u}_y.bin"), api), np.uint8)
                labels.append(y.astype(np.int32) - 1)
        self._arrays = (
            np.ascontiguousarray(np.concatenate(images)),
            np.concatenate(labels),
        )
        self._start(api, ["image", "label"], (self.usage,), locals())


class SemeionDataset(_ArraySource):
    """Semeion handwritten digits (``semeion.data``: 256 pixel values and a one-hot label of
    10 per line): image uint8 <16, 16> (the file's 0/1 values, as MindSpore 2.10 yields them),
    label uint32.

    Args:
        dataset_dir (str): The folder of ``semeion.data``.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.
        RuntimeError: The file is missing or a line has not 266 values.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "semeion.data"), "w") as f:
        ...     _ = f.write(" ".join(["1.0000"] * 256 + ["0"] * 3 + ["1"] + ["0"] * 6) + "\\n")
        >>> row = next(ds.SemeionDataset(d).create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[0][0, 0]), int(row[1]))
        (16, 16) 1 3
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "SemeionDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        reject_cache(cache, api)
        path = _need(os.path.join(self.dataset_dir, "semeion.data"), api)
        images, labels = [], []
        with open(path) as f:
            for k, line in enumerate(f):
                vals = line.split()
                if not vals:
                    continue
                if len(vals) != 266:
                    raise RuntimeError(
                        f"Invalid data, line {k + 1} of {path} has {len(vals)} values, not 266."
                    )
                px = np.array([float(v) for v in vals[:256]])
                images.append(px.reshape(16, 16).astype(np.uint8))
                labels.append(int(np.argmax([float(v) for v in vals[256:]])))
        self._arrays = (np.array(images, np.uint8).reshape(-1, 16, 16), np.array(labels, np.uint32))
        self._start(api, ["image", "label"], (), locals())


class USPSDataset(_ArraySource):
    """USPS digits (``usps`` and ``usps.t`` in LIBSVM format, values in [-1, 1]): image uint8
    <16, 16, 1>, label uint32 (0-9).

    Args:
        dataset_dir (str): The folder of ``usps`` and ``usps.t``.
        usage (str, optional): ``"train"``, ``"test"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.TextFileDataset`.
        shuffle (Union[bool, Shuffle], optional): Default: ``Shuffle.GLOBAL``.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A file is missing or a line is not LIBSVM.

    Examples:
        >>> import os, tempfile
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> with open(os.path.join(d, "usps.t"), "w") as f:
        ...     _ = f.write("3 " + " ".join(f"{i}:1" for i in range(1, 257)) + "\\n")
        >>> row = next(ds.USPSDataset(d, usage="test").create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[0][0, 0, 0]), int(row[1]))
        (16, 16, 1) 255 2
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: Any = Shuffle.GLOBAL,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "USPSDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "test", "all"], "usage", api)
        smp = _line_source_args(api, shuffle, num_samples, num_shards, shard_id, cache)
        names = {"train": ["usps"], "test": ["usps.t"], "all": ["usps", "usps.t"]}[self.usage]
        per_file = []
        for n in names:
            path = _need(os.path.join(self.dataset_dir, n), api)
            rows = []
            with open(path) as f:
                for k, line in enumerate(f):
                    parts = line.split()
                    if not parts:
                        continue
                    try:
                        px = np.zeros(256, np.float32)
                        for i, item in enumerate(parts[1:]):
                            pos, v = item.split(":")
                            if int(pos) != i + 1:
                                raise ValueError(f"pixel {pos} where pixel {i + 1} belongs")
                            px[i] = np.float32(v)
                        if len(parts) != 257:
                            raise ValueError(f"{len(parts) - 1} pixels, not 256")
                        label = int(parts[0]) - 1
                    except (ValueError, IndexError) as e:
                        raise RuntimeError(
                            f"Invalid data, line {k + 1} of {path} is not LIBSVM: {e}"
                        ) from e
                    # float32 arithmetic, truncated: MindSpore's conversion from [-1, 1]
                    image = ((px + np.float32(1)) / np.float32(2) * np.float32(255)).astype(
                        np.uint8
                    )
                    image = image.reshape(16, 16, 1)
                    rows.append((image, np.uint32(label)))
            per_file.append(rows)
        rows = _interleave(per_file, num_parallel_workers)
        self._arrays = (
            np.array([r[0] for r in rows], np.uint8).reshape(-1, 16, 16, 1),
            np.array([r[1] for r in rows], np.uint32),
        )
        self._names = ["image", "label"]
        _Source.__init__(self, smp, num_parallel_workers, (self.usage,))


class SVHNDataset(_ArraySource):
    """SVHN cropped digits (``{train,test,extra}_32x32.mat``): image uint8 <32, 32, 3>, label
    uint32 (0-9; the files' 10 for digit 0 read as 0).

    Args:
        dataset_dir (str): The folder of the ``.mat`` files.
        usage (str, optional): ``"train"``, ``"test"``, ``"extra"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A file is missing or lacks ``X``/``y``.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from scipy.io import savemat
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> savemat(os.path.join(d, "test_32x32.mat"),
        ...         {"X": np.zeros((32, 32, 3, 1), np.uint8), "y": np.array([[10]], np.uint8)})
        >>> row = next(ds.SVHNDataset(d, usage="test").create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[1]))
        (32, 32, 3) 0
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = 1,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        from scipy.io import loadmat

        api = "SVHNDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "test", "extra", "all"], "usage", api)
        parts = ["train", "test", "extra"] if self.usage == "all" else [self.usage]
        images, labels = [], []
        for u in parts:
            m = loadmat(_need(os.path.join(self.dataset_dir, f"{u}_32x32.mat"), api))
            if "X" not in m or "y" not in m:
                raise RuntimeError(f"Invalid file, {u}_32x32.mat has no 'X' and 'y'.")
            images.append(np.transpose(m["X"], (3, 0, 1, 2)).astype(np.uint8))
            labels.append((m["y"].astype(np.int64).ravel() % 10).astype(np.uint32))
        self._arrays = (np.ascontiguousarray(np.concatenate(images)), np.concatenate(labels))
        self._start(api, ["image", "label"], (self.usage,), locals())


class PhotoTourDataset(_ArraySource):
    """Photo Tourism patches (``<name>/patches*.bmp``: 1024x1024 sheets of 16x16 patches of
    64x64, ``info.txt``, ``m50_100000_100000_0.txt``): ``usage="train"`` gives image (uint8
    <64, 64, 1>, one per ``info.txt`` line); ``"test"`` gives image1, image2 and matches (uint32,
    1 when the two patches show the same 3D point) per line of the m50 file.

    Args:
        dataset_dir (str): The folder of the named sets.
        name (str): ``"notredame"``, ``"yosemite"``, ``"liberty"``, ``"notredame_harris"``,
            ``"yosemite_harris"`` or ``"liberty_harris"``.
        usage (str, optional): ``"train"`` (default) or ``"test"``.
        num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache: as
            :class:`mindspore.dataset.MnistDataset`.

    Raises:
        ValueError: ``name`` or ``usage`` is not accepted.
        RuntimeError: A file is missing, or a patch index is past the sheets.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "liberty"))
        >>> Image.fromarray(np.zeros((1024, 1024), np.uint8)).save(os.path.join(d, "liberty", "patches0000.bmp"))
        >>> with open(os.path.join(d, "liberty", "info.txt"), "w") as f:
        ...     _ = f.write("0 0\\n1 0\\n")
        >>> with open(os.path.join(d, "liberty", "m50_100000_100000_0.txt"), "w") as f:
        ...     _ = f.write("0 0 0 1 0 0 0\\n")
        >>> row = next(ds.PhotoTourDataset(d, "liberty", "test").create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[2]))
        (64, 64, 1) 1
    """

    NAMES = [
        "notredame",
        "yosemite",
        "liberty",
        "notredame_harris",
        "yosemite_harris",
        "liberty_harris",
    ]

    def __init__(
        self,
        dataset_dir: str,
        name: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        from PIL import Image

        api = "PhotoTourDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.name = check_one_of(name, self.NAMES, "name", api)
        self.usage = check_one_of(usage or "train", ["train", "test"], "usage", api)
        reject_cache(cache, api)
        folder = os.path.join(self.dataset_dir, self.name)
        with open(_need(os.path.join(folder, "info.txt"), api)) as f:
            n = sum(1 for ln in f if ln.strip())
        sheets = []
        for k in range((n + 255) // 256):
            with Image.open(_need(os.path.join(folder, f"patches{k:04d}.bmp"), api)) as im:
                sheet = np.asarray(im.convert("L"))
            sheets.append(sheet.reshape(16, 64, 16, 64).transpose(0, 2, 1, 3).reshape(256, 64, 64))
        patches = (
            np.concatenate(sheets)[:n, :, :, None] if sheets else np.zeros((0, 64, 64, 1), np.uint8)
        )
        if self.usage == "train":
            self._arrays = (np.ascontiguousarray(patches),)
            names = ["image"]
        else:
            pairs = []
            with open(_need(os.path.join(folder, "m50_100000_100000_0.txt"), api)) as f:
                for line in f:
                    p = line.split()
                    if len(p) >= 5:
                        pairs.append((int(p[0]), int(p[3]), int(p[1] == p[4])))
            a = np.array(pairs, np.int64).reshape(-1, 3)
            if a.size and a[:, :2].max() >= n:
                raise RuntimeError(f"Invalid data, {api}: a patch index is past the {n} patches.")
            self._arrays = (patches[a[:, 0]], patches[a[:, 1]], a[:, 2].astype(np.uint32))
            names = ["image1", "image2", "matches"]
        self._start(api, names, (self.name, self.usage), locals())
