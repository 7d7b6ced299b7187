"""Image datasets with per-image annotations read from their released layouts: WIDER FACE,
KITTI object detection, DIV2K super-resolution pairs and Cityscapes, as MindSpore 2.10 reads
them. File-list sources like those of ``image_sources``: images are the files' bytes, or RGB
with ``decode=True``; every annotation is parsed when the dataset is built.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, check_one_of
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.image_sources import _FileListSource, _need_file, _sorted_dirs
from deepsink.dataset.engine.samplers import Sampler
from deepsink.dataset.engine.sources import reject_cache
from deepsink.dataset.engine.vision_sources import _images


class WIDERFaceDataset(_FileListSource):
    """WIDER FACE (``WIDER_<split>/images/<event>/*.jpg``, ``wider_face_split/
    wider_face_<split>_bbx_gt.txt``): image, bbox (uint32 <N, 4>), blur, expression,
    illumination, occlusion, pose, invalid (uint32 <N, 1> each); ``usage="test"`` gives image
    only (from ``wider_face_test_filelist.txt``).

    Args:
        dataset_dir (str): The folder of the ``WIDER_*`` folders and ``wider_face_split``.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default: train
            and valid).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A listing is missing or malformed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "WIDER_val", "images", "0--Parade"))
        >>> os.makedirs(os.path.join(d, "wider_face_split"))
        >>> Image.fromarray(np.zeros((8, 8, 3), np.uint8)).save(
        ...     os.path.join(d, "WIDER_val", "images", "0--Parade", "a.jpg"))
        >>> with open(os.path.join(d, "wider_face_split", "wider_face_val_bbx_gt.txt"), "w") as f:
        ...     _ = f.write("0--Parade/a.jpg\\n1\\n1 2 3 4 0 0 0 0 0 0\\n")
        >>> row = next(ds.WIDERFaceDataset(d, usage="valid").create_dict_iterator(output_numpy=True))
        >>> print(row["bbox"].tolist(), row["bbox"].dtype)
        [[1, 2, 3, 4]] uint32
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "WIDERFaceDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "test", "valid", "all"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        split_dir = os.path.join(self.dataset_dir, "wider_face_split")
        files: list[str] = []
        if self.usage == "test":
            listing = _need_file(os.path.join(split_dir, "wider_face_test_filelist.txt"), api)
            with open(listing) as f:
                for line in f:
                    if line.strip():
                        files.append(
                            os.path.join(self.dataset_dir, "WIDER_test", "images", line.strip())
                        )
            self._files, self._cols = files, []
            names = ["image"]
        else:
            parts = (
                ["train", "val"]
                if self.usage == "all"
                else [{"train": "train", "valid": "val"}[self.usage]]
            )
            cols: list[list] = [[] for _ in range(7)]
            for p in parts:
                listing = _need_file(os.path.join(split_dir, f"wider_face_{p}_bbx_gt.txt"), api)
                with open(listing) as f:
                    lines = [ln.strip() for ln in f]
                k = 0
                while k < len(lines):
                    if not lines[k]:
                        k += 1
                        continue
                    name = lines[k]
                    try:
                        n = int(lines[k + 1])
                        rows = [
                            [int(v) for v in lines[k + 2 + j].split()] for j in range(max(n, 1))
                        ]
                    except (IndexError, ValueError) as e:
                        raise RuntimeError(
                            f"Invalid data, {listing} is malformed near line {k + 1}: {e}"
                        ) from e
                    k += 2 + max(n, 1)
                    a = np.array(rows, np.int64).reshape(-1, 10).astype(np.uint32)
                    files.append(os.path.join(self.dataset_dir, f"WIDER_{p}", "images", name))
                    cols[0].append(a[:, 0:4])
                    # file order: blur expression illumination invalid occlusion pose
                    for c, j in enumerate(range(4, 10), start=1):
                        cols[c].append(a[:, j : j + 1])
            # MindSpore's columns: bbox, blur, expression, illumination, occlusion, pose, invalid
            order = [0, 1, 2, 3, 5, 6, 4]
            self._files, self._cols = files, [cols[i] for i in order]
            names = [
                "image",
                "bbox",
                "blur",
                "expression",
                "illumination",
                "occlusion",
                "pose",
                "invalid",
            ]
        self._start(api, names, (self.usage, decode), locals())


_KITTI_CLASSES = {
    "Car",
    "Van",
    "Truck",
    "Pedestrian",
    "Person_sitting",
    "Cyclist",
    "Tram",
    "Misc",
    "DontCare",
}


class KITTIDataset(_FileListSource):
    """KITTI object detection (``data_object_image_2/{training,testing}/image_2/*.png``,
    ``data_object_label_2/training/label_2/*.txt``): for ``usage="train"`` image, label
    (uint32 <N, 1>: the classes numbered in the order they first appear in the label files, as
    MindSpore 2.10 numbers them), truncated (float32 <N, 1>), occluded (uint32 <N, 1>), alpha (float32
    <N, 1>), bbox (float32 <N, 4>), dimensions (float32 <N, 3>), location (float32 <N, 3>),
    rotation_y (float32 <N, 1>); for ``"test"`` image only.

    Args:
        dataset_dir (str): The folder of ``data_object_image_2`` and ``data_object_label_2``.
        usage (str, optional): ``"train"`` (default) or ``"test"``.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: A label file is missing or has an unknown class.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> img = os.path.join(d, "data_object_image_2", "training", "image_2")
        >>> lab = os.path.join(d, "data_object_label_2", "training", "label_2")
        >>> os.makedirs(img); os.makedirs(lab)
        >>> Image.fromarray(np.zeros((8, 8, 3), np.uint8)).save(os.path.join(img, "000000.png"))
        >>> with open(os.path.join(lab, "000000.txt"), "w") as f:
        ...     _ = f.write("Car 0.0 0 -1.5 1 2 5 6 1.5 1.6 3.9 1.0 1.5 8.0 -1.6\\n")
        >>> row = next(ds.KITTIDataset(d).create_dict_iterator(output_numpy=True))
        >>> print(row["label"].tolist(), row["bbox"].tolist())
        [[0]] [[1.0, 2.0, 5.0, 6.0]]
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "KITTIDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "train", ["train", "test"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        sub = "training" if self.usage == "train" else "testing"
        img_dir = os.path.join(self.dataset_dir, "data_object_image_2", sub, "image_2")
        readers.check_dir(img_dir, api)
        stems = sorted(os.path.splitext(n)[0] for n in os.listdir(img_dir) if n.endswith(".png"))
        self._files = [os.path.join(img_dir, s + ".png") for s in stems]
        if self.usage == "test":
            self._cols, names = [], ["image"]
        else:
            lab_dir = os.path.join(self.dataset_dir, "data_object_label_2", sub, "label_2")
            cols: list[list] = [[] for _ in range(8)]
            # labels number the classes in the order they first appear (MindSpore's numbering)
            self.class_indexing: dict[str, int] = {}
            for s in stems:
                path = _need_file(os.path.join(lab_dir, s + ".txt"), api)
                objs = []
                with open(path) as f:
                    for line in f:
                        p = line.split()
                        if not p:
                            continue
                        if len(p) < 15 or p[0] not in _KITTI_CLASSES:
                            raise RuntimeError(
                                f"Invalid data, {path} has a bad line: {line.strip()!r}"
                            )
                        objs.append(p)
                for o in objs:
                    self.class_indexing.setdefault(o[0], len(self.class_indexing))
                vals = np.array([[float(v) for v in o[1:15]] for o in objs], np.float32).reshape(
                    -1, 14
                )
                labels = [[self.class_indexing[o[0]]] for o in objs]
                cols[0].append(np.array(labels, np.uint32).reshape(-1, 1))
                cols[1].append(vals[:, 0:1])
                cols[2].append(vals[:, 1:2].astype(np.uint32))
                cols[3].append(vals[:, 2:3])
                cols[4].append(vals[:, 3:7])
                cols[5].append(vals[:, 7:10])
                cols[6].append(vals[:, 10:13])
                cols[7].append(vals[:, 13:14])
            self._cols = cols
            names = [
                "image",
                "label",
                "truncated",
                "occluded",
                "alpha",
                "bbox",
                "dimensions",
                "location",
                "rotation_y",
            ]
        self._start(api, names, (self.usage, decode), locals())


class DIV2KDataset(_FileListSource):
    """DIV2K super-resolution pairs (``DIV2K_<split>_HR/NNNN.png`` and the low-resolution
    ``DIV2K_<split>_LR_<downgrade>/...``): hr_image, lr_image.

    Args:
        dataset_dir (str): The folder of the DIV2K folders.
        usage (str, optional): ``"train"`` (default), ``"valid"`` or ``"all"``.
        downgrade (str, optional): ``"bicubic"`` (default), ``"unknown"``, ``"mild"``,
            ``"difficult"`` or ``"wild"``.
        scale (int, optional): 2 (default), 3, 4 or 8 (8: bicubic only; mild/difficult/wild: 4).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: An argument is not accepted.
        RuntimeError: A high-resolution image has no low-resolution partner.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "DIV2K_train_HR"))
        >>> os.makedirs(os.path.join(d, "DIV2K_train_LR_bicubic", "X2"))
        >>> Image.fromarray(np.zeros((8, 8, 3), np.uint8)).save(os.path.join(d, "DIV2K_train_HR", "0001.png"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(
        ...     os.path.join(d, "DIV2K_train_LR_bicubic", "X2", "0001x2.png"))
        >>> row = next(ds.DIV2KDataset(d, decode=True).create_dict_iterator(output_numpy=True))
        >>> print(row["hr_image"].shape, row["lr_image"].shape)
        (8, 8, 3) (4, 4, 3)
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str = "train",
        downgrade: str = "bicubic",
        scale: int = 2,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "DIV2KDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage, ["train", "valid", "all"], "usage", api)
        self.downgrade = check_one_of(
            downgrade, ["bicubic", "unknown", "mild", "difficult", "wild"], "downgrade", api
        )
        if isinstance(scale, bool) or scale not in (2, 3, 4, 8):
            raise ValueError("Input scale is not within the valid set of [2, 3, 4, 8].")
        if scale == 8 and self.downgrade != "bicubic":
            raise ValueError("DIV2KNode: scale equal to 8 is allowed only in bicubic downgrade.")
        if self.downgrade in ("mild", "difficult", "wild") and scale != 4:
            raise ValueError(f"DIV2KNode: {self.downgrade} downgrade requires scale equal to 4.")
        self.scale = scale
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        parts = ["train", "valid"] if self.usage == "all" else [self.usage]
        hr, lr = [], []
        for u in parts:
            hr_dir = os.path.join(self.dataset_dir, f"DIV2K_{u}_HR")
            readers.check_dir(hr_dir, api)
            if self.downgrade in ("bicubic", "unknown"):
                lr_dir = os.path.join(
                    self.dataset_dir, f"DIV2K_{u}_LR_{self.downgrade}", f"X{scale}"
                )
                suffix = f"x{scale}"
            else:
                lr_dir = os.path.join(self.dataset_dir, f"DIV2K_{u}_LR_{self.downgrade}")
                suffix = "x4" + self.downgrade[0]
            for name in sorted(os.listdir(hr_dir)):
                stem, ext = os.path.splitext(name)
                if ext.lower() != ".png":
                    continue
                partner = os.path.join(lr_dir, f"{stem}{suffix}{ext}")
                if not os.path.isfile(partner):
                    raise RuntimeError(f"Invalid file, {api}: {partner} does not exist.")
                hr.append(os.path.join(hr_dir, name))
                lr.append(partner)
        self._files, self._lr = hr, lr
        self._cols = []
        self._start(
            api, ["hr_image", "lr_image"], (self.usage, self.downgrade, scale, decode), locals()
        )

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = [int(i) for i in idx]
        return (
            _images([self._files[i] for i in idx], self.decode),
            _images([self._lr[i] for i in idx], self.decode),
        )


class CityscapesDataset(_FileListSource):
    """Cityscapes (``leftImg8bit/<split>/<city>/*_leftImg8bit.png`` and ``gtFine`` or
    ``gtCoarse``): image and task, the annotation of ``task``: ``"instance"`` (instanceIds),
    ``"semantic"`` (labelIds), ``"color"`` (color) images, or ``"polygon"`` (the polygons JSON
    as a string).

    Args:
        dataset_dir (str): The folder of ``leftImg8bit`` and ``gtFine``/``gtCoarse``.
        usage (str, optional): fine: ``"train"`` (default), ``"test"``, ``"val"``, ``"all"``;
            coarse: ``"train"``, ``"train_extra"``, ``"val"``, ``"all"``.
        quality_mode (str, optional): ``"fine"`` (default) or ``"coarse"``.
        task (str, optional): ``"instance"`` (default), ``"semantic"``, ``"polygon"``, ``"color"``.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: An argument is not accepted.
        RuntimeError: An image has no annotation file.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> for sub, name in (("leftImg8bit", "a_000000_000019_leftImg8bit.png"),
        ...                   ("gtFine", "a_000000_000019_gtFine_instanceIds.png")):
        ...     os.makedirs(os.path.join(d, sub, "train", "a"))
        ...     Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, sub, "train", "a", name))
        >>> print(ds.CityscapesDataset(d).get_dataset_size())
        1
    """

    _SUFFIX = {
        "instance": "instanceIds.png",
        "semantic": "labelIds.png",
        "color": "color.png",
        "polygon": "polygons.json",
    }

    def __init__(
        self,
        dataset_dir: str,
        usage: str = "train",
        quality_mode: str = "fine",
        task: str = "instance",
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "CityscapesDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.task = check_one_of(task, ["instance", "semantic", "polygon", "color"], "task", api)
        self.quality_mode = check_one_of(quality_mode, ["fine", "coarse"], "quality_mode", api)
        splits = (
            ["train", "test", "val"]
            if self.quality_mode == "fine"
            else ["train", "train_extra", "val"]
        )
        self.usage = check_one_of(usage, [*splits, "all"], "usage", api)
        self.decode = bool(decode) if decode is not None else False
        reject_cache(cache, api)
        gt = "gtFine" if self.quality_mode == "fine" else "gtCoarse"
        parts = splits if self.usage == "all" else [self.usage]
        files, targets = [], []
        for u in parts:
            img_root = os.path.join(self.dataset_dir, "leftImg8bit", u)
            if not os.path.isdir(img_root):
                raise RuntimeError(f"Invalid folder, {api}: {img_root} does not exist.")
            for city in _sorted_dirs(img_root):
                for name in sorted(os.listdir(os.path.join(img_root, city))):
                    if not name.endswith("_leftImg8bit.png"):
                        continue
                    stem = name[: -len("leftImg8bit.png")]
                    target = os.path.join(
                        self.dataset_dir, gt, u, city, f"{stem}{gt}_{self._SUFFIX[self.task]}"
                    )
                    files.append(os.path.join(img_root, city, name))
                    targets.append(_need_file(target, api))
        self._files, self._targets, self._cols = files, targets, []
        self._start(
            api,
            ["image", "task"],
            (self.usage, self.quality_mode, self.task, self.decode),
            locals(),
        )

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = [int(i) for i in idx]
        images = _images([self._files[i] for i in idx], self.decode)
        if self.task == "polygon":
            tasks = []
            for i in idx:
                with open(self._targets[i], encoding="utf-8") as f:
                    tasks.append(np.array(json.dumps(json.load(f), separators=(",", ":"))))
            return images, tasks
        return images, _images([self._targets[i] for i in idx], self.decode)
