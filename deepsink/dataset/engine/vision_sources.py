"""Vision dataset folders: VOCDataset (PASCAL VOC detection and segmentation) and CelebADataset.

Layouts, columns and dtypes as MindSpore 2.10 reads them: VOC boxes are ``[xmin, ymin, width,
height]`` float32 with uint32 ``label``/``difficult``/``truncate`` columns of shape <N, 1>, labels
from ``class_indexing`` (default: the object names in sorted order); CelebA's ``attr`` is the 40
(or however many) attributes of ``list_attr_celeba.txt`` as uint32 0/1, its split from
``list_eval_partition.txt``, the images in ``dataset_dir`` itself.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, check_one_of
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler, resolve
from deepsink.dataset.engine.sources import _Source, reject_cache


def _images(paths: list[str], decode: bool) -> Any:
    images = [readers.read_bytes(p) for p in paths]
    if decode:
        from deepsink.dataset.vision.transforms import Decode

        images = [Decode().apply(x) for x in images]
    return blk.stack(images) if images else images


def _no_cache(api: str, cache: Any, decrypt: Any = None) -> None:
    reject_cache(cache, api)
    if decrypt is not None:
        raise NotImplementedError(f"For '{api}', decrypt is not supported")


def _voc_objects(path: str) -> list[tuple[str, list[float], int, int]]:
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as e:
        raise RuntimeError(f"Invalid xml file, failed to parse {path}: {e}") from e
    out = []
    for obj in root.iter("object"):
        name = (obj.findtext("name") or "").strip()
        box = obj.find("bndbox")
        if not name or box is None:
            raise RuntimeError(f"Invalid data, an object in {path} has no name or no bndbox.")
        x0, y0, x1, y1 = (float(box.findtext(t) or "nan") for t in ("xmin", "ymin", "xmax", "ymax"))
        if not (x0 > 0 and y0 > 0 and x1 > x0 and y1 > y0):
            raise RuntimeError(
                f"Invalid bndbox, the coordinate of bndbox in {path} should be greater than 0, "
                f"but got {{{x0:g}, {y0:g}, {x1:g}, {y1:g}}}"
            )
        diff = int(float(obj.findtext("difficult") or 0))
        trunc = int(float(obj.findtext("truncated") or 0))
        out.append((name, [x0, y0, x1 - x0, y1 - y0], diff, trunc))
    return out


class VOCDataset(_Source):
    r"""PASCAL VOC: ``task`` "Detection" (image, bbox, label, difficult, truncate) from
    ``ImageSets/Main/<usage>.txt`` and ``Annotations``, or "Segmentation" (image, target) from
    ``ImageSets/Segmentation/<usage>.txt`` and ``SegmentationClass``.

    Args:
        dataset_dir (str): the VOC folder (``JPEGImages``, ``ImageSets``, ...).
        task (str): ``'Segmentation'`` or ``'Detection'``. Default: ``'Segmentation'``.
        usage (str): the list file in ``ImageSets/<task>/``, e.g. ``'train'``. Default: ``'train'``.
        class_indexing (dict, optional): the label of each class name (Detection). Default: ``None``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        decode (bool): decode the images. Default: ``False``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.
        extra_metadata (bool): not supported (must be False). Default: ``False``.
        decrypt (Callable, optional): not supported. Default: ``None``.

    Raises:
        ValueError: an argument is out of range (``usage``, ``num_shards``/``shard_id``, ``num_samples``).
        RuntimeError: ``dataset_dir`` does not hold the expected files, or ``sampler`` is combined with ``shuffle`` or sharding.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> for sub in ('JPEGImages', 'SegmentationClass', 'ImageSets/Segmentation'):
        ...     os.makedirs(os.path.join(root, sub))
        >>> with open(os.path.join(root, 'ImageSets/Segmentation/train.txt'), 'w') as f:
        ...     _ = f.write('img1\n')
        >>> for sub, ext in (('JPEGImages', 'jpg'), ('SegmentationClass', 'png')):
        ...     with open(os.path.join(root, sub, 'img1.' + ext), 'wb') as f:
        ...         _ = f.write(b'bytes')
        >>> data = ds.VOCDataset(root, task='Segmentation', usage='train', shuffle=False)
        >>> print(data.get_col_names(), data.get_dataset_size())
        ['image', 'target'] 1
    """

    def __init__(
        self,
        dataset_dir: str,
        task: str = "Segmentation",
        usage: str = "train",
        class_indexing: dict | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
        extra_metadata: bool = False,
        decrypt: Any = None,
    ) -> None:
        api = "VOCDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.task = check_one_of(task, ["Segmentation", "Detection"], "task", api)
        if not isinstance(usage, str):
            raise TypeError(f"Argument usage with value {usage!r} is not of type [<class 'str'>].")
        self.usage = usage
        self.decode = check_bool(decode, "decode", api)
        if extra_metadata:
            raise NotImplementedError(f"For '{api}', extra_metadata is not supported")
        _no_cache(api, cache, decrypt)
        if class_indexing is not None and self.task != "Detection":
            raise ValueError("class_indexing is only supported for Detection task.")
        self.user_class_indexing = dict(class_indexing or {})  # written by serialize
        sub = "Main" if self.task == "Detection" else "Segmentation"
        listing = os.path.join(self.dataset_dir, "ImageSets", sub, f"{usage}.txt")
        if not os.path.isfile(listing):
            raise ValueError(f"Invalid file, failed to open file: {listing} (usage {usage!r}).")
        with open(listing) as f:
            ids = [line.strip() for line in f if line.strip()]
        self._images = [os.path.join(self.dataset_dir, "JPEGImages", f"{i}.jpg") for i in ids]
        if self.task == "Segmentation":
            self._targets = [
                os.path.join(self.dataset_dir, "SegmentationClass", f"{i}.png") for i in ids
            ]
            self._names = ["image", "target"]
        else:
            self._objects = [
                _voc_objects(os.path.join(self.dataset_dir, "Annotations", f"{i}.xml")) for i in ids
            ]
            names = sorted({o[0] for objs in self._objects for o in objs})
            if class_indexing is None:
                class_indexing = {n: k for k, n in enumerate(names)}
            elif not isinstance(class_indexing, dict):
                raise TypeError(
                    f"class_indexing should be a dict, got {type(class_indexing).__name__}"
                )
            missing = [n for n in names if n not in class_indexing]
            if missing:
                raise RuntimeError(
                    f"Invalid data, class name {missing[0]!r} is not in class_indexing {class_indexing}."
                )
            self.class_indexing = dict(class_indexing)
            self._names = ["image", "bbox", "label", "difficult", "truncate"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.task, usage, decode))

    def get_class_indexing(self) -> dict[str, int]:
        if self.task != "Detection":
            raise RuntimeError("get_class_indexing is only supported for Detection task.")
        return dict(self.class_indexing)

    def _length(self) -> int:
        return len(self._images)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = [int(i) for i in idx]
        images = _images([self._images[i] for i in idx], self.decode)
        if self.task == "Segmentation":
            return images, _images([self._targets[i] for i in idx], self.decode)
        boxes, labels, diffs, truncs = [], [], [], []
        for i in idx:
            objs = self._objects[i]
            boxes.append(np.array([o[1] for o in objs], np.float32).reshape(-1, 4))
            labels.append(
                np.array([[self.class_indexing[o[0]]] for o in objs], np.uint32).reshape(-1, 1)
            )
            diffs.append(np.array([[o[2]] for o in objs], np.uint32).reshape(-1, 1))
            truncs.append(np.array([[o[3]] for o in objs], np.uint32).reshape(-1, 1))
        return images, boxes, labels, diffs, truncs


class CelebADataset(_Source):
    r"""CelebA: image (bytes, or RGB with ``decode``) and attr (uint32 0/1 per attribute);
    ``usage`` "train", "valid", "test" (partitions 0, 1, 2) or "all".

    Args:
        dataset_dir (str): the folder of the images, ``list_attr_celeba.txt`` and
            ``list_eval_partition.txt``.
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        usage (str): ``'train'``, ``'valid'``, ``'test'`` or ``'all'``. Default: ``'all'``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        decode (bool): decode the images. Default: ``False``.
        extensions (list[str], optional): the image extensions to read. Default: ``None``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.
        decrypt (Callable, optional): not supported. Default: ``None``.

    Raises:
        ValueError: ``usage`` is unknown.
        RuntimeError: the attribute or partition file is missing or invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, 'list_attr_celeba.txt'), 'w') as f:
        ...     _ = f.write('1\nSmiling Young\n000001.jpg 1 -1\n')
        >>> with open(os.path.join(root, '000001.jpg'), 'wb') as f:
        ...     _ = f.write(b'bytes')
        >>> data = ds.CelebADataset(root, shuffle=False)
        >>> for image, attr in data.create_tuple_iterator(output_numpy=True):
        ...     print(attr)
        [1 0]
    """

    def __init__(
        self,
        dataset_dir: str,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        usage: str = "all",
        sampler: Sampler | None = None,
        decode: bool = False,
        extensions: list[str] | None = None,
        num_samples: int | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
        decrypt: Any = None,
    ) -> None:
        api = "CelebADataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage, ["train", "valid", "test", "all"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        self.extensions = [] if extensions is None else list(extensions)
        _no_cache(api, cache, decrypt)
        attr_file = os.path.join(self.dataset_dir, "list_attr_celeba.txt")
        if not os.path.isfile(attr_file):
            raise RuntimeError(f"Invalid file, failed to open CelebA attribute file: {attr_file}")
        with open(attr_file) as f:
            lines = [ln.split() for ln in f.read().splitlines()]
        try:
            count = int(lines[0][0])
        except (IndexError, ValueError) as e:
            raise RuntimeError(
                f"Invalid data, the first line of {attr_file} must be the image count"
            ) from e
        self.attributes = lines[1]
        rows = [ln for ln in lines[2 : 2 + count] if ln]
        partition = None
        if self.usage != "all":
            part_file = os.path.join(self.dataset_dir, "list_eval_partition.txt")
            if not os.path.isfile(part_file):
                raise RuntimeError(
                    f"Invalid file, failed to open CelebA partition file: {part_file}"
                )
            with open(part_file) as f:
                partition = dict(ln.split()[:2] for ln in f if ln.strip())
            want = str({"train": 0, "valid": 1, "test": 2}[self.usage])
            rows = [r for r in rows if partition.get(r[0]) == want]
        exts = None if extensions is None else {e.lower() for e in extensions}
        if exts is not None:
            rows = [r for r in rows if os.path.splitext(r[0])[1].lower() in exts]
        self._files = [os.path.join(self.dataset_dir, r[0]) for r in rows]
        self._attrs = np.array(
            [[1 if int(v) == 1 else 0 for v in r[1:]] for r in rows], np.uint32
        ).reshape(len(rows), len(self.attributes))
        self._names = ["image", "attr"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.usage, decode))

    def _length(self) -> int:
        return len(self._files)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = np.asarray(idx, np.int64)
        return _images([self._files[int(i)] for i in idx], self.decode), self._attrs[idx]
