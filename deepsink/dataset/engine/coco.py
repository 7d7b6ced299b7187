"""MindSpore's ``CocoDataset``: images and their COCO annotations, one row per annotated image.

The annotation file is read once (``json``) and indexed the way MindSpore's reader does: each
annotation belongs to its image's *file name*; rows are the entries of ``images`` in file order whose
file has at least one annotation (images without any are skipped). Columns per ``task``:

- ``Detection``: image, bbox float32 <n, 4>, category_id uint32 <n, 1>, iscrowd uint32 <n, 1>;
- ``Stuff``: image, segmentation float32 <p, m> (one row per polygon, or per crowd annotation's RLE
  counts, padded with -1 to the longest), iscrowd uint32 <n, 1>;
- ``Keypoint``: image, keypoints float32 <n, 51>, num_keypoints uint32 <n, 1>;
- ``Panoptic``: image, bbox, category_id, iscrowd, area (uint32 <n, 1>) from ``segments_info``;
- ``Captioning``: image, captions (text <n, 1>).

``extra_metadata`` adds the ``_meta-filename`` column (the file name without its extension), which
iterators leave out unless it is renamed, as in MindSpore. Malformed annotations (a missing
``images``/``annotations``/``categories`` section, an unknown category id) raise RuntimeError when
the dataset is read.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler, resolve
from deepsink.dataset.engine.sources import _Source

_COLUMNS = {
    "Detection": ["image", "bbox", "category_id", "iscrowd"],
    "Stuff": ["image", "segmentation", "iscrowd"],
    "Keypoint": ["image", "keypoints", "num_keypoints"],
    "Panoptic": ["image", "bbox", "category_id", "iscrowd", "area"],
    "Captioning": ["image", "captions"],
}
META_FILENAME = "_meta-filename"


def _u32(values: list) -> np.ndarray:
    return np.asarray(values, np.uint32).reshape(-1, 1)


def _f32(rows: list, width: int) -> np.ndarray:
    return np.asarray(rows, np.float32).reshape(-1, width)


def _padded(rows: list[list[float]]) -> np.ndarray:
    width = max(len(r) for r in rows)
    return np.asarray([list(r) + [-1.0] * (width - len(r)) for r in rows], np.float32)


class CocoDataset(_Source):
    """``CocoDataset(dataset_dir, annotation_file, task='Detection', num_samples=None,
    num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None,
    shard_id=None, cache=None, extra_metadata=False, decrypt=None)``.

    Args:
        dataset_dir (str): the image folder.
        annotation_file (str): the COCO JSON annotation file.
        task (str): ``'Detection'``, ``'Stuff'``, ``'Keypoint'``, ``'Panoptic'`` or ``'Captioning'``. Default: ``'Detection'``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        decode (bool): decode the images. Default: ``False``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.
        extra_metadata (bool): also give each image's file name. Default: ``False``.
        decrypt (Callable, optional): not supported. Default: ``None``.

    Raises:
        ValueError: ``task`` is unknown or an argument is out of range.
        RuntimeError: the annotation file is missing or invalid.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> import json, os, tempfile
        >>> root = tempfile.mkdtemp()
        >>> with open(os.path.join(root, 'a.jpg'), 'wb') as f:
        ...     _ = f.write(b'bytes')
        >>> ann = {'images': [{'id': 1, 'file_name': 'a.jpg'}], 'categories': [{'id': 1, 'name': 'cat'}],
        ...        'annotations': [{'id': 1, 'image_id': 1, 'bbox': [0, 0, 2, 2], 'category_id': 1, 'iscrowd': 0}]}
        >>> with open(os.path.join(root, 'ann.json'), 'w') as f:
        ...     json.dump(ann, f)
        >>> data = ds.CocoDataset(root, os.path.join(root, 'ann.json'), task='Detection', shuffle=False)
        >>> for row in data.create_dict_iterator(output_numpy=True):
        ...     print(row['bbox'], row['category_id'])
        [[0. 0. 2. 2.]] [[1]]
    """

    def __init__(
        self,
        dataset_dir: str,
        annotation_file: str,
        task: str = "Detection",
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
        api = "CocoDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        if not isinstance(annotation_file, str | os.PathLike):
            fail_arg(api, "annotation_file", "a path", annotation_file, TypeError)
        self.annotation_file = os.fspath(annotation_file)
        if not os.path.isfile(self.annotation_file) or not os.access(self.annotation_file, os.R_OK):
            raise ValueError(
                f"The file {self.annotation_file} does not exist or permission denied!"
            )
        if not isinstance(task, str):
            fail_arg(api, "task", "a str", task, TypeError)
        if task not in _COLUMNS:
            raise ValueError(f"Invalid task type: {task}.")
        self.task = task
        self.decode = check_bool(decode, "decode", api)
        self.extra_metadata = check_bool(extra_metadata, "extra_metadata", api)
        if decrypt is not None:
            fail_arg(api, "decrypt", "None (encrypted images are not supported)", decrypt)
        self._names = _COLUMNS[task] + ([META_FILENAME] if extra_metadata else [])
        self._index: tuple[list[str], list[tuple]] | None = None
        self._categories: dict[str, list[int]] = {}
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (task, self.annotation_file, decode))

    # -- the annotation file -------------------------------------------------------------------
    def _invalid(self, what: str) -> RuntimeError:
        return RuntimeError(
            f"Invalid annotation, {what} in annotation file: {self.annotation_file}"
        )

    def _load(self) -> tuple[list[str], list[tuple]]:
        """(file names, per-row annotation columns), read once."""
        if self._index is not None:
            return self._index
        try:
            with open(self.annotation_file, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            raise self._invalid(f"the file cannot be read as JSON ({e})") from e
        if not isinstance(doc, dict):
            raise self._invalid(f"the top level is a JSON {type(doc).__name__}, not an object")
        for key in ("images", "annotations") + (
            ("categories",) if self._needs_categories() else ()
        ):
            if key not in doc:
                raise self._invalid(f"the attribute of '{key}' is missing")
            if not isinstance(doc[key], list):
                raise self._invalid(f"the attribute of '{key}' is not a list")
        file_of = {
            self._get(img, "id", "images"): self._get(img, "file_name", "images")
            for img in doc["images"]
        }
        known = self._category_index(doc)
        by_file: dict[str, list[dict]] = {}
        for ann in doc["annotations"]:
            image = file_of.get(self._get(ann, "image_id", "annotations"))
            if image is None:
                raise self._invalid(
                    f"the image_id {ann.get('image_id')!r} of an annotation has no image"
                )
            cat = ann.get("category_id")
            if known is not None and cat is not None and cat not in known:
                raise self._invalid(
                    f"the attribute of 'category_id': {cat} is missing in the node of 'categories'"
                )
            by_file.setdefault(image, []).append(ann)
        files, rows = [], []
        for img in doc["images"]:
            anns = by_file.get(img["file_name"])
            if anns:
                files.append(img["file_name"])
                try:
                    rows.append(self._columns(anns, known))
                except (ValueError, TypeError) as e:  # a bbox of 3 numbers, a str for a number
                    raise self._invalid(
                        f"the annotations of image {img['file_name']!r} do not have the "
                        f"'{self.task}' layout ({e})"
                    ) from None
        self._index = files, rows
        return self._index

    def _get(self, node: Any, key: str, where: str) -> Any:
        """``node[key]``, or MindSpore's error naming the attribute, its node and the file."""
        if not isinstance(node, dict):
            raise self._invalid(
                f"an entry of '{where}' is a JSON {type(node).__name__}, not an object"
            )
        if key not in node:
            raise self._invalid(f"the attribute of '{key}' is missing in the node of '{where}'")
        return node[key]

    def _needs_categories(self) -> bool:
        return self.task in ("Detection", "Panoptic")

    def _category_index(self, doc: dict) -> set | None:
        if not self._needs_categories():
            return None
        cats = doc["categories"]
        ids = [self._get(c, "id", "categories") for c in cats]
        names = [self._get(c, "name", "categories") for c in cats]
        if self.task == "Panoptic":
            self._categories = {n: [i, c.get("isthing", 0)] for n, i, c in zip(names, ids, cats)}
        else:
            self._categories = {n: [i] for n, i in zip(names, ids)}
        return set(ids)

    def _columns(self, anns: list[dict], known: set | None) -> tuple:
        if self.task == "Detection":
            return (
                _f32([self._get(a, "bbox", "annotations") for a in anns], 4),
                _u32([self._get(a, "category_id", "annotations") for a in anns]),
                _u32([a.get("iscrowd", 0) for a in anns]),
            )
        if self.task == "Stuff":
            polygons: list[list[float]] = []
            for a in anns:
                seg = self._get(a, "segmentation", "annotations")
                if a.get("iscrowd", 0):
                    polygons.append(list(self._get(seg, "counts", "segmentation")))
                else:
                    polygons.extend(list(p) for p in seg)
            return _padded(polygons), _u32([a.get("iscrowd", 0) for a in anns])
        if self.task == "Keypoint":
            return (
                _f32([self._get(a, "keypoints", "annotations") for a in anns], 51),
                _u32([self._get(a, "num_keypoints", "annotations") for a in anns]),
            )
        if self.task == "Panoptic":
            segs = [s for a in anns for s in self._get(a, "segments_info", "annotations")]
            for s in segs:
                if known is not None and self._get(s, "category_id", "segments_info") not in known:
                    raise self._invalid(
                        f"the attribute of 'category_id': {s['category_id']} is missing in the "
                        "node of 'categories'"
                    )
            return (
                _f32([self._get(s, "bbox", "segments_info") for s in segs], 4),
                _u32([s["category_id"] for s in segs]),
                _u32([s.get("iscrowd", 0) for s in segs]),
                _u32([self._get(s, "area", "segments_info") for s in segs]),
            )
        captions = [self._get(a, "caption", "annotations") for a in anns]
        return (np.asarray(captions).reshape(-1, 1),)

    # -- the dataset ---------------------------------------------------------------------------
    def get_class_indexing(self) -> dict[str, list[int]]:
        """``{category name: [id]}`` (Detection) or ``[id, isthing]`` (Panoptic)."""
        if not self._needs_categories():
            raise NotImplementedError("Only 'Detection' and 'Panoptic' support get_class_indexing.")
        self._load()
        return {k: list(v) for k, v in self._categories.items()}

    def _length(self) -> int:
        return len(self._load()[0])

    def _read(self, idx: np.ndarray, ctx: ExecContext) -> tuple:
        files, rows = self._load()
        images = [readers.read_bytes(os.path.join(self.dataset_dir, files[i])) for i in idx]
        if self.decode:
            from deepsink.dataset.vision.transforms import Decode

            images = [Decode().apply(x) for x in images]
        cols = [blk.stack(images)]
        for k in range(len(_COLUMNS[self.task]) - 1):
            cols.append(blk.stack([rows[i][k] for i in idx]))
        if self.extra_metadata:
            cols.append(np.asarray([os.path.splitext(files[i])[0] for i in idx]))
        return tuple(cols)
