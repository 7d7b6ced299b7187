"""Image datasets whose labels ship as MATLAB ``.mat`` files (read with scipy): Oxford
Flowers-102 and Caltech-101, with MindSpore 2.10's columns, dtypes and row order (MindSpore reads
these two in Python; so does deepsink: images by PIL, converted to RGB, with ``decode``).
"""

from __future__ import annotations

import os

import numpy as np

from deepsink._core.validate import check_bool, check_one_of
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler, resolve
from deepsink.dataset.engine.sources import _Source


def _load_mat(path: str, api: str) -> dict:
    from scipy.io import loadmat

    if not os.path.isfile(path):
        raise RuntimeError(f"Invalid file, {api} can't find {path}.")
    return loadmat(path)


def _image(path: str, decode: bool) -> np.ndarray:
    if not os.path.exists(path):
        raise RuntimeError(f"Can not find image file: {path}")
    if decode:
        from PIL import Image

        with Image.open(path) as im:
            return np.asarray(im.convert("RGB"))
    return np.fromfile(path, dtype=np.uint8)


class Flowers102Dataset(_Source):
    """Oxford 102 Flowers (``jpg/image_NNNNN.jpg``, ``segmim/segmim_NNNNN.jpg``,
    ``imagelabels.mat``, ``setid.mat``): image, label (uint32, 0-101), and with
    ``task="Segmentation"`` the segmentation image between them.

    Args:
        dataset_dir (str): The folder of the files.
        task (str, optional): ``"Classification"`` (default) or ``"Segmentation"``.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default:
            train, test, valid ids in that order).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id: as
            :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``task`` or ``usage`` is not accepted.
        RuntimeError: A ``.mat`` file or an image is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> from scipy.io import savemat
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "jpg"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, "jpg", "image_00001.jpg"))
        >>> savemat(os.path.join(d, "imagelabels.mat"), {"labels": np.array([[77]])})
        >>> savemat(os.path.join(d, "setid.mat"), {"trnid": np.array([[1]]), "valid": np.zeros((1, 0)),
        ...                                        "tstid": np.zeros((1, 0))})
        >>> print(int(next(ds.Flowers102Dataset(d).create_tuple_iterator(output_numpy=True))[1]))
        76
    """

    def __init__(
        self,
        dataset_dir: str,
        task: str = "Classification",
        usage: str = "all",
        num_samples: int | None = None,
        num_parallel_workers: int | None = 1,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        api = "Flowers102Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.task = check_one_of(task, ["Classification", "Segmentation"], "task", api)
        self.usage = check_one_of(usage, ["train", "valid", "test", "all"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        labels = _load_mat(os.path.join(self.dataset_dir, "imagelabels.mat"), api)["labels"][0]
        self._labels = (labels - 1).astype(np.uint32)
        setid = _load_mat(os.path.join(self.dataset_dir, "setid.mat"), api)
        keys = {
            "train": ["trnid"],
            "test": ["tstid"],
            "valid": ["valid"],
            "all": ["trnid", "tstid", "valid"],
        }[self.usage]
        self._ids = [int(i) for k in keys for i in np.asarray(setid[k]).ravel()]
        self._names = (
            ["image", "label"]
            if self.task == "Classification"
            else ["image", "segmentation", "label"]
        )
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.task, self.usage, decode))

    def _length(self) -> int:
        return len(self._ids)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        images, segs, labels = [], [], []
        for i in idx:
            n = self._ids[int(i)]
            images.append(
                _image(os.path.join(self.dataset_dir, "jpg", f"image_{n:05d}.jpg"), self.decode)
            )
            if self.task == "Segmentation":
                seg = os.path.join(self.dataset_dir, "segmim", f"segmim_{n:05d}.jpg")
                segs.append(_image(seg, self.decode))
            labels.append(self._labels[n - 1])
        if self.task == "Segmentation":
            return images, segs, np.array(labels, np.uint32)
        return images, np.array(labels, np.uint32)


class Caltech101Dataset(_Source):
    """Caltech-101 (``101_ObjectCategories/<class>/image_NNNN.jpg``, ``Annotations/<class>/
    annotation_NNNN.mat``): image with category (int64, the class's position in sorted order,
    ``BACKGROUND_Google`` left out), annotation (the ``obj_contour`` float64 <2, N>), or both.

    Args:
        dataset_dir (str): The folder of ``101_ObjectCategories`` and ``Annotations``.
        target_type (str, optional): ``"category"`` (default), ``"annotation"`` or ``"all"``.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id: as
            :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``target_type`` is not accepted, or an image or annotation is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "101_ObjectCategories", "ant"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(
        ...     os.path.join(d, "101_ObjectCategories", "ant", "image_0001.jpg"))
        >>> print(ds.Caltech101Dataset(d).get_col_names())
        ['image', 'category']
    """

    _ANNOTATION_DIRS = {
        "Faces": "Faces_2",
        "Faces_easy": "Faces_3",
        "Motorbikes": "Motorbikes_16",
        "airplanes": "Airplanes_Side_2",
    }

    def __init__(
        self,
        dataset_dir: str,
        target_type: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = 1,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        api = "Caltech101Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.target_type = check_one_of(
            target_type or "category", ["category", "annotation", "all"], "target_type", api
        )
        self.decode = check_bool(decode, "decode", api)
        image_dir = os.path.join(self.dataset_dir, "101_ObjectCategories")
        readers.check_dir(image_dir, api)
        self.classes = sorted(c for c in os.listdir(image_dir) if c != "BACKGROUND_Google")
        # every class folder's files count as images_0001 ... image_<count>, as MindSpore counts
        self._items = []
        for k, c in enumerate(self.classes):
            sub = os.path.join(image_dir, c)
            if os.path.isdir(sub):
                self._items += [(k, i) for i in range(1, len(os.listdir(sub)) + 1)]
        self._names = {
            "category": ["image", "category"],
            "annotation": ["image", "annotation"],
            "all": ["image", "category", "annotation"],
        }[self.target_type]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.target_type, decode))

    def _length(self) -> int:
        return len(self._items)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        images, cats, anns = [], [], []
        for i in idx:
            k, n = self._items[int(i)]
            cls = self.classes[k]
            path = os.path.join(self.dataset_dir, "101_ObjectCategories", cls, f"image_{n:04d}.jpg")
            if not os.path.exists(path):
                raise ValueError(f"The image file {path} does not exist or permission denied!")
            images.append(_image(path, self.decode))
            cats.append(np.int64(k))
            if self.target_type != "category":
                folder = self._ANNOTATION_DIRS.get(cls, cls)
                ann = os.path.join(
                    self.dataset_dir, "Annotations", folder, f"annotation_{n:04d}.mat"
                )
                if not os.path.exists(ann):
                    raise ValueError(
                        f"The annotation file {ann} does not exist or permission denied!"
                    )
                anns.append(_load_mat(ann, "Caltech101Dataset")["obj_contour"])
        cols = {"image": images, "category": np.array(cats, np.int64), "annotation": anns}
        return tuple(cols[n] for n in self._names)


class SBDataset(_Source):
    """Semantic Boundaries Dataset (``img/<id>.jpg``, ``cls/<id>.mat``, ``train.txt``,
    ``val.txt``, ``train_noval.txt``): image and task, the ``GTcls`` annotation: ``"Boundaries"``
    (the 20 class boundary maps, uint8 <20, H, W>) or ``"Segmentation"`` (uint8 <H, W>).

    Args:
        dataset_dir (str): The folder of ``img``, ``cls`` and the id lists.
        task (str, optional): ``"Boundaries"`` (default) or ``"Segmentation"``.
        usage (str, optional): ``"train"``, ``"val"``, ``"train_noval"`` or ``"all"`` (default:
            train then val).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id: as
            :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``task`` or ``usage`` is not accepted.
        FileNotFoundError: An id list is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> from scipy.io import savemat
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "img")); os.makedirs(os.path.join(d, "cls"))
        >>> Image.fromarray(np.zeros((4, 5, 3), np.uint8)).save(os.path.join(d, "img", "a.jpg"))
        >>> savemat(os.path.join(d, "cls", "a.mat"), {"GTcls": {"Segmentation": np.ones((4, 5), np.uint8)}})
        >>> with open(os.path.join(d, "val.txt"), "w") as f:
        ...     _ = f.write("a\\n")
        >>> data = ds.SBDataset(d, task="Segmentation", usage="val")
        >>> print(next(data.create_dict_iterator(output_numpy=True))["task"].shape)
        (4, 5)
    """

    def __init__(
        self,
        dataset_dir: str,
        task: str = "Boundaries",
        usage: str = "all",
        num_samples: int | None = None,
        num_parallel_workers: int | None = 1,
        shuffle: bool | None = None,
        decode: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
    ) -> None:
        api = "SBDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.task = check_one_of(task, ["Boundaries", "Segmentation"], "task", api)
        self.usage = check_one_of(usage, ["train", "val", "train_noval", "all"], "usage", api)
        self.decode = bool(decode) if decode is not None else False
        names = []
        for part in ["train", "val"] if self.usage == "all" else [self.usage]:
            listing = os.path.join(self.dataset_dir, part + ".txt")
            if not os.path.exists(listing):
                raise FileNotFoundError(f"SBDataset: {listing} not found")
            with open(listing, encoding="utf-8") as f:
                names += [x.strip() for x in f.readlines()]
        self._ids = names
        self._names = ["image", "task"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(smp, num_parallel_workers, (self.task, self.usage, self.decode))

    def _annotation(self, name: str) -> np.ndarray:
        gt = _load_mat(os.path.join(self.dataset_dir, "cls", name + ".mat"), "SBDataset")["GTcls"][
            0
        ]
        field = gt[self.task][0]
        if self.task == "Boundaries":
            return np.stack([np.asarray(field[i][0].toarray()) for i in range(20)])
        return np.asarray(field, dtype=np.uint8)

    def _length(self) -> int:
        return len(self._ids)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        images, tasks = [], []
        for i in idx:
            name = self._ids[int(i)]
            images.append(_image(os.path.join(self.dataset_dir, "img", name + ".jpg"), self.decode))
            tasks.append(self._annotation(name))
        return images, tasks
