"""Image datasets in their released on-disk layouts, read as MindSpore 2.10 reads them.

Two shapes of source: file-list sources (a list of image files plus per-image label columns;
``image`` is the file's bytes, or RGB <H, W, 3> uint8 with ``decode=True``) and array sources
(IDX, binary, text or ``.mat`` files decoded into uint8 image arrays once). Both are random-access,
so ``sampler``, ``shuffle``, ``num_samples`` and shards act as for ``ImageFolderDataset``.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool, check_one_of
from deepsink.dataset.engine import readers
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler
from deepsink.dataset.engine.sources import _Source, reject_cache
from deepsink.dataset.engine.vision_sources import _images

_IMAGE_EXTS = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff")


def _sorted_dirs(folder: str) -> list[str]:
    return sorted(d for d in os.listdir(folder) if os.path.isdir(os.path.join(folder, d)))


def _sorted_images(folder: str, exts: tuple[str, ...] = _IMAGE_EXTS) -> list[str]:
    return [
        os.path.join(folder, n)
        for n in sorted(os.listdir(folder))
        if n.lower().endswith(exts) and os.path.isfile(os.path.join(folder, n))
    ]


def _need_file(path: str, api: str) -> str:
    if not os.path.isfile(path):
        raise RuntimeError(f"Invalid file, {api} can't find {path}.")
    return path


class _FileListSource(_Source):
    """``self._files`` (image paths) and ``self._cols`` (one array or list per extra column)."""

    _files: list[str]
    _cols: list[Any]
    decode: bool = False

    def _length(self) -> int:
        return len(self._files)

    def _row_file(self, row: int) -> str | None:
        return str(self._files[row]) if 0 <= row < len(self._files) else None

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        idx = [int(i) for i in idx]
        out = [_images([self._files[i] for i in idx], self.decode)]
        for col in self._cols:
            if isinstance(col, np.ndarray):
                out.append(col[np.asarray(idx, np.int64)])
            else:
                out.append([col[i] for i in idx])
        return tuple(out)


class Caltech256Dataset(_FileListSource):
    """Caltech-256 (``NNN.<name>/*.jpg`` class folders): image, label (int32 as MindSpore 2.10
    yields it, the class folder's position in sorted order).

    Args:
        dataset_dir (str): The folder of the 257 class folders.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "001.ak47"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, "001.ak47", "a.jpg"))
        >>> row = next(ds.Caltech256Dataset(d, decode=True).create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[1]))
        (4, 4, 3) 0
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "Caltech256Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        files, labels = readers.image_folder(self.dataset_dir, list(_IMAGE_EXTS), None)[:2]
        self._files, self._cols = files, [labels.astype(np.int32)]
        self._start(api, ["image", "label"], (decode,), locals())


class RenderedSST2Dataset(_FileListSource):
    """Rendered SST-2 (``{train,valid,test}/{negative,positive}/*.png``): image, label (uint32:
    0 negative, 1 positive).

    Args:
        dataset_dir (str): The folder of the split folders.
        usage (str, optional): ``"train"``, ``"val"`` (the ``valid`` folder), ``"test"`` or
            ``"all"`` (default: test, train, val).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``usage`` is not a split, or ``dataset_dir`` is not a folder.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "test", "positive"))
        >>> Image.fromarray(np.zeros((4, 8, 3), np.uint8)).save(
        ...     os.path.join(d, "test", "positive", "0.png"))
        >>> data = ds.RenderedSST2Dataset(d, usage="test", decode=True)
        >>> row = next(data.create_tuple_iterator(output_numpy=True))
        >>> print(row[0].shape, int(row[1]))
        (4, 8, 3) 1
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
        api = "RenderedSST2Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["val", "all", "train", "test"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        parts = ["test", "train", "val"] if self.usage == "all" else [self.usage]
        files, labels = [], []
        for u in parts:
            for label, kind in ((0, "negative"), (1, "positive")):
                folder = os.path.join(self.dataset_dir, "valid" if u == "val" else u, kind)
                if os.path.isdir(folder):
                    found = _sorted_images(folder)
                    files += found
                    labels += [label] * len(found)
        self._files, self._cols = files, [np.array(labels, np.uint32)]
        self._start(api, ["image", "label"], (self.usage, decode), locals())


class Food101Dataset(_FileListSource):
    """Food-101 (``images/<class>/<id>.jpg``, ``meta/{train,test}.txt``): image, label (the
    class name as a string).

    Args:
        dataset_dir (str): The folder of ``images`` and ``meta``.
        usage (str, optional): ``"train"``, ``"test"`` or ``"all"`` (default).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``usage`` is not a split, or ``dataset_dir`` is not a folder.
        RuntimeError: A listing or a listed image is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "images", "pie"))
        >>> os.makedirs(os.path.join(d, "meta"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, "images", "pie", "1.jpg"))
        >>> with open(os.path.join(d, "meta", "test.txt"), "w") as f:
        ...     _ = f.write("pie/1\\n")
        >>> row = next(ds.Food101Dataset(d, usage="test").create_tuple_iterator(output_numpy=True))
        >>> print(str(row[1]))
        pie
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
        api = "Food101Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "test", "all"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        parts = ["train", "test"] if self.usage == "all" else [self.usage]
        files, labels = [], []
        for u in parts:
            listing = _need_file(os.path.join(self.dataset_dir, "meta", f"{u}.txt"), api)
            with open(listing, encoding="utf-8") as f:
                for line in f:
                    item = line.strip()
                    if item:
                        files.append(
                            _need_file(os.path.join(self.dataset_dir, "images", item + ".jpg"), api)
                        )
                        labels.append(np.array(item.split("/")[0]))
        self._files, self._cols = files, [labels]
        self._start(api, ["image", "label"], (self.usage, decode), locals())


class SUN397Dataset(_FileListSource):
    """SUN397 (``ClassName.txt`` listing ``/a/abbey``-style classes, images under those
    folders): image, label (uint32, the class's line in ``ClassName.txt``); rows in class-path
    order.

    Args:
        dataset_dir (str): The folder of ``ClassName.txt`` and the letter folders.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.
        RuntimeError: ``ClassName.txt`` is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "a", "abbey"))
        >>> with open(os.path.join(d, "ClassName.txt"), "w") as f:
        ...     _ = f.write("/a/abbey\\n")
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(
        ...     os.path.join(d, "a", "abbey", "sun_a.jpg"))
        >>> print(ds.SUN397Dataset(d).get_dataset_size())
        1
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "SUN397Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        with open(_need_file(os.path.join(self.dataset_dir, "ClassName.txt"), api)) as f:
            classes = [ln.strip() for ln in f if ln.strip()]
        files, labels = [], []
        for k, c in sorted(enumerate(classes), key=lambda kc: kc[1]):
            folder = os.path.join(self.dataset_dir, c.lstrip("/"))
            if os.path.isdir(folder):
                found = _sorted_images(folder, (".jpg",))
                files += found
                labels += [k] * len(found)
        self._files, self._cols = files, [np.array(labels, np.uint32)]
        self._start(api, ["image", "label"], (decode,), locals())


class LSUNDataset(_FileListSource):
    """LSUN scenes (``<class>_<train|val>/`` image folders, ``test/``): image, label (uint32,
    the folder's position among the sorted folders read: with ``usage="all"`` a class's train
    and val folders get two labels, as in MindSpore 2.10; 0 for test).

    Args:
        dataset_dir (str): The folder of the class folders.
        usage (str, optional): ``"train"``, ``"valid"``, ``"test"`` or ``"all"`` (default).
        classes (list[str], optional): Scene classes to read; default all ten.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``usage`` or a class is not accepted.
        TypeError: ``classes`` is not a list.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "tower_val"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, "tower_val", "1.jpg"))
        >>> data = ds.LSUNDataset(d, usage="valid", classes=["bridge", "tower"])
        >>> print(int(next(data.create_tuple_iterator(output_numpy=True))[1]))
        1
    """

    CLASSES = [
        "bedroom", "bridge", "church_outdoor", "classroom", "conference_room", "dining_room",
        "kitchen", "living_room", "restaurant", "tower",
    ]  # fmt: skip

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        classes: Any = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "LSUNDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(usage or "all", ["train", "valid", "test", "all"], "usage", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        cls = self.CLASSES if classes is None else classes
        if not isinstance(cls, list):
            raise TypeError(
                f"Argument classes with value {classes!r} is not of type [<class 'list'>]."
            )
        for c in cls:
            check_one_of(c, self.CLASSES, "classes", api)
        self.classes = cls
        if self.usage == "test":
            folders = ["test"]
        else:
            splits = {"train": ["train"], "valid": ["val"], "all": ["train", "val"]}[self.usage]
            folders = sorted(f"{c}_{s}" for c in set(cls) for s in splits)
        # the label is the folder's position among the folders read, as MindSpore numbers them
        files, labels = [], []
        for k, name in enumerate(folders):
            folder = os.path.join(self.dataset_dir, name)
            if os.path.isdir(folder):
                found = _sorted_images(folder)
                files += found
                labels += [k] * len(found)
        self._files, self._cols = files, [np.array(labels, np.uint32)]
        self._start(api, ["image", "label"], (self.usage, tuple(cls), decode), locals())


class OmniglotDataset(_FileListSource):
    """Omniglot (``images_background`` or ``images_evaluation``, ``<alphabet>/<character>/
    *.png``): image, label (int32 as MindSpore 2.10 yields it, the character's position in
    sorted order).

    Args:
        dataset_dir (str): The folder of the two sets.
        background (bool, optional): ``True`` (default) the background set, ``False`` the
            evaluation set.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> p = os.path.join(d, "images_evaluation", "Latin", "character01")
        >>> os.makedirs(p)
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(p, "1.png"))
        >>> print(ds.OmniglotDataset(d, background=False).get_dataset_size())
        1
    """

    def __init__(
        self,
        dataset_dir: str,
        background: bool | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "OmniglotDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.background = True if background is None else check_bool(background, "background", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        root = os.path.join(
            self.dataset_dir, "images_background" if self.background else "images_evaluation"
        )
        readers.check_dir(root, api)
        files, labels, k = [], [], 0
        for alphabet in _sorted_dirs(root):
            for char in _sorted_dirs(os.path.join(root, alphabet)):
                found = _sorted_images(os.path.join(root, alphabet, char))
                files += found
                labels += [k] * len(found)
                k += 1
        self._files, self._cols = files, [np.array(labels, np.int32)]
        self._start(api, ["image", "label"], (self.background, decode), locals())


class Places365Dataset(_FileListSource):
    """Places365 (``places365_train_standard.txt`` / ``_challenge.txt`` / ``places365_val.txt``
    listings and the ``data_*``/``val_*`` image folders): image, label (uint32).

    Args:
        dataset_dir (str): The folder of the listings and image folders.
        usage (str, optional): ``"train-standard"`` (default), ``"train-challenge"`` or ``"val"``.
        small (bool, optional): 256x256 images (``True``, default) or the large ones.
        decode, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``usage`` is not accepted, or ``dataset_dir`` is not a folder.
        RuntimeError: The listing is missing.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "val_256"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, "val_256", "1.jpg"))
        >>> with open(os.path.join(d, "places365_val.txt"), "w") as f:
        ...     _ = f.write("1.jpg 7\\n")
        >>> data = ds.Places365Dataset(d, usage="val")
        >>> print(int(next(data.create_tuple_iterator(output_numpy=True))[1]))
        7
    """

    def __init__(
        self,
        dataset_dir: str,
        usage: str | None = None,
        small: bool = True,
        decode: bool = False,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "Places365Dataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.usage = check_one_of(
            usage or "train-standard", ["train-standard", "train-challenge", "val"], "usage", api
        )
        self.small = check_bool(small, "small", api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        size = "256" if self.small else "large"
        if self.usage == "val":
            listing, folder = "places365_val.txt", f"val_{size}"
        else:
            kind = self.usage.split("-")[1]
            listing, folder = f"places365_train_{kind}.txt", f"data_{size}_{kind}"
            if not self.small:
                folder = f"data_large_{kind}"
        files, labels = [], []
        with open(_need_file(os.path.join(self.dataset_dir, listing), api)) as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2:
                    files.append(os.path.join(self.dataset_dir, folder, parts[0].lstrip("/")))
                    labels.append(int(parts[1]))
        self._files, self._cols = files, [np.array(labels, np.uint32)]
        self._start(api, ["image", "label"], (self.usage, self.small, decode), locals())


class SBUDataset(_FileListSource):
    """SBU Captioned Photos (``SBU_captioned_photo_dataset_urls.txt``, ``..._captions.txt``,
    ``sbu_images/m_<server>_<photo>.jpg``): image, caption (string, trailing blanks removed);
    photos not on disk are skipped.

    Args:
        dataset_dir (str): The folder of the two listings and ``sbu_images``.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        RuntimeError: A listing is missing, or the two listings differ in length.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "sbu_images"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(
        ...     os.path.join(d, "sbu_images", "m_1_2.jpg"))
        >>> with open(os.path.join(d, "SBU_captioned_photo_dataset_urls.txt"), "w") as f:
        ...     _ = f.write("http://static.flickr.com/1/2.jpg\\n")
        >>> with open(os.path.join(d, "SBU_captioned_photo_dataset_captions.txt"), "w") as f:
        ...     _ = f.write("a black square\\n")
        >>> print(str(next(ds.SBUDataset(d).create_tuple_iterator(output_numpy=True))[1]))
        a black square
    """

    def __init__(
        self,
        dataset_dir: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "SBUDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        urls_file = os.path.join(self.dataset_dir, "SBU_captioned_photo_dataset_urls.txt")
        caps_file = os.path.join(self.dataset_dir, "SBU_captioned_photo_dataset_captions.txt")
        with open(_need_file(urls_file, api)) as f:
            urls = f.read().splitlines()
        with open(_need_file(caps_file, api), encoding="utf-8") as f:
            caps = f.read().splitlines()
        files, captions = [], []
        for k, (url, cap) in enumerate(zip(urls, caps)):
            if bool(url) != bool(cap):
                raise RuntimeError(
                    f"Invalid data, SBU url: {urls_file} and caption file: {caps_file} load empty "
                    f"data at line: {k}."
                )
            if not url:
                continue
            if len(url) <= 23:
                raise RuntimeError(f"Invalid url in {urls_file}: {url}")
            # the photo's file: the url after "http://static.flickr.co", "/" made "_"
            path = os.path.join(self.dataset_dir, "sbu_images", url[23:].replace("/", "_"))
            if os.path.isfile(path):
                files.append(path)
                captions.append(np.array(cap.rstrip(" ")))
        if not files:
            raise RuntimeError(
                f"Invalid data, no valid images in {os.path.join(self.dataset_dir, 'sbu_images')}"
                ", check SBU dataset."
            )
        self._files, self._cols = files, [captions]
        self._start(api, ["image", "caption"], (decode,), locals())


class FlickrDataset(_FileListSource):
    """Flickr8k / Flickr30k (images in ``dataset_dir``; ``annotation_file`` lines
    ``<image>#<k><TAB><caption>``): image, annotation (1-D strings, the image's captions); rows
    in image-name order.

    Args:
        dataset_dir (str): The folder of the images.
        annotation_file (str): The token file (``Flickr8k.token.txt``, ``results_20130124.token``).
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: ``dataset_dir`` is not a folder.
        RuntimeError: ``annotation_file`` is missing or a line is malformed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(os.path.join(d, "a.jpg"))
        >>> ann = os.path.join(d, "token.txt")
        >>> with open(ann, "w") as f:
        ...     _ = f.write("a.jpg#0\\tA dog .\\na.jpg#1\\tA pet .\\n")
        >>> row = next(ds.FlickrDataset(d, ann).create_tuple_iterator(output_numpy=True))
        >>> print(row[1].tolist())
        ['A dog .', 'A pet .']
    """

    def __init__(
        self,
        dataset_dir: str,
        annotation_file: str,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "FlickrDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.decode = check_bool(decode, "decode", api)
        self.annotation_file = annotation_file
        reject_cache(cache, api)
        captions: dict[str, list[str]] = {}
        with open(_need_file(annotation_file, api), encoding="utf-8") as f:
            for k, line in enumerate(f):
                if not line.strip():
                    continue
                if "\t" not in line or "#" not in line.split("\t")[0]:
                    raise RuntimeError(
                        f"Invalid data, line {k + 1} of {annotation_file} is not "
                        f"'<image>#<k><TAB><caption>': {line.strip()!r}"
                    )
                key, cap = line.rstrip("\r\n").split("\t", 1)
                captions.setdefault(key.rsplit("#", 1)[0], []).append(cap)
        files, anns = [], []
        for name, caps in sorted(captions.items()):
            path = os.path.join(self.dataset_dir, name)
            if os.path.isfile(path):
                files.append(path)
                anns.append(np.array(caps))
        self._files, self._cols = files, [anns]
        self._start(api, ["image", "annotation"], (decode,), locals())


class LFWDataset(_FileListSource):
    """Labeled Faces in the Wild (``lfw``/``lfw_funneled``/``lfw-deepfunneled`` image folders,
    ``people*.txt``/``pairs*.txt`` lists, ``lfw-names.txt``): task ``"people"`` gives image and
    label (uint32, the person's line in ``lfw-names.txt``); ``"pairs"`` gives image1, image2 and
    label (uint32, 1 for the same person).

    Args:
        dataset_dir (str): The folder of the image folders and lists.
        task (str, optional): ``"people"`` (default) or ``"pairs"``.
        usage (str, optional): ``"10fold"`` (``people.txt``/``pairs.txt``), ``"train"``
            (``*DevTrain.txt``), ``"test"`` (``*DevTest.txt``) or ``"all"`` (default: train, test).
        image_set (str, optional): ``"original"``, ``"funneled"`` (default) or ``"deepfunneled"``.
        num_samples, num_parallel_workers, shuffle, decode, sampler, num_shards, shard_id, cache:
            as :class:`mindspore.dataset.ImageFolderDataset`.

    Raises:
        ValueError: An argument is not accepted.
        RuntimeError: A list is missing or empty.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from PIL import Image
        >>> import deepsink.dataset as ds
        >>> d = tempfile.mkdtemp()
        >>> os.makedirs(os.path.join(d, "lfw_funneled", "Ann_Lee"))
        >>> Image.fromarray(np.zeros((4, 4, 3), np.uint8)).save(
        ...     os.path.join(d, "lfw_funneled", "Ann_Lee", "Ann_Lee_0001.jpg"))
        >>> for name, text in (("peopleDevTrain.txt", "1\\nAnn_Lee 1\\n"), ("peopleDevTest.txt", "0\\n"),
        ...                    ("lfw-names.txt", "Abe 3\\nAnn_Lee 1\\n")):
        ...     with open(os.path.join(d, name), "w") as f:
        ...         _ = f.write(text)
        >>> print(int(next(ds.LFWDataset(d).create_tuple_iterator(output_numpy=True))[1]))
        1
    """

    _FOLDERS = {"original": "lfw", "funneled": "lfw_funneled", "deepfunneled": "lfw-deepfunneled"}

    def __init__(
        self,
        dataset_dir: str,
        task: str | None = None,
        usage: str | None = None,
        image_set: str | None = None,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        decode: bool = False,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "LFWDataset"
        self.dataset_dir = readers.check_dir(dataset_dir, api)
        self.task = check_one_of(task or "people", ["people", "pairs"], "task", api)
        self.usage = check_one_of(usage or "all", ["10fold", "train", "test", "all"], "usage", api)
        self.image_set = check_one_of(
            image_set or "funneled", list(self._FOLDERS), "image_set", api
        )
        self.decode = check_bool(decode, "decode", api)
        reject_cache(cache, api)
        lists = []
        if self.usage == "10fold":
            lists.append(f"{self.task}.txt")
        if self.usage in ("train", "all"):
            lists.append(f"{self.task}DevTrain.txt")
        if self.usage in ("test", "all"):
            lists.append(f"{self.task}DevTest.txt")
        rows: list[
            list[str]
        ] = []  # people: [file, name]; pairs: [file1, name1, file2, name2, match]
        for name in lists:
            with open(_need_file(os.path.join(self.dataset_dir, name), api)) as f:
                lines = [ln.split() for ln in f]
            if not lines:
                raise RuntimeError(f"Invalid file, LFW annotation file is empty: {name}")
            rows += self._parse(lines)
        with open(_need_file(os.path.join(self.dataset_dir, "lfw-names.txt"), api)) as f:
            self.class_indexing = {ln.split()[0]: k for k, ln in enumerate(f) if ln.split()}
        folder = os.path.join(self.dataset_dir, self._FOLDERS[self.image_set])

        def path(file: str, person: str) -> str:
            return os.path.join(folder, person, file + ".jpg")

        if self.task == "people":
            self._files = [path(r[0], r[1]) for r in rows]
            self._cols = [np.array([self.class_indexing[r[1]] for r in rows], np.uint32)]
            names = ["image", "label"]
        else:
            self._files = [path(r[0], r[1]) for r in rows]
            self._second = [path(r[2], r[3]) for r in rows]
            self._cols = [np.array([int(r[4]) for r in rows], np.uint32)]
            names = ["image1", "image2", "label"]
        self._start(api, names, (self.task, self.usage, self.image_set, decode), locals())

    def _parse(self, lines: list[list[str]]) -> list[list[str]]:
        out = []
        if self.task == "people":
            folds, begin = (int(lines[0][0]), 1) if self.usage == "10fold" else (1, 0)
            for _ in range(folds):
                n = int(lines[begin][0])
                for person, count in (
                    (ln[0], int(ln[1])) for ln in lines[begin + 1 : begin + n + 1]
                ):
                    out += [[f"{person}_{k:04d}", person] for k in range(1, count + 1)]
                begin += n + 1
            return out
        if self.usage == "10fold":
            folds, n = int(lines[0][0]), int(lines[0][1])
        else:
            folds, n = 1, int(lines[0][0])
        begin = 1
        for _ in range(folds):
            for ln in lines[begin : begin + n]:  # same person: name i j
                out.append(
                    [f"{ln[0]}_{int(ln[1]):04d}", ln[0], f"{ln[0]}_{int(ln[2]):04d}", ln[0], "1"]
                )
            for ln in lines[begin + n : begin + 2 * n]:  # two people: name1 i name2 j
                out.append(
                    [f"{ln[0]}_{int(ln[1]):04d}", ln[0], f"{ln[2]}_{int(ln[3]):04d}", ln[2], "0"]
                )
            begin += 2 * n
        return out

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        if self.task == "people":
            return super()._read(idx, ctx)
        idx = [int(i) for i in idx]
        return (
            _images([self._files[i] for i in idx], self.decode),
            _images([self._second[i] for i in idx], self.decode),
            self._cols[0][np.asarray(idx, np.int64)],
        )
