"""Sources of rows made in memory: PaddedDataset (a list of dicts, MindSpore's padding for even
shards) and FakeImageDataset (random images and labels)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.dataset.core import validator_helpers as vh
from deepsink.dataset.engine import block as blk
from deepsink.dataset.engine.context import ExecContext
from deepsink.dataset.engine.samplers import Sampler, SequentialSampler, resolve
from deepsink.dataset.engine.sources import _Source, reject_cache


class PaddedDataset(_Source):
    """The rows of ``padded_samples`` (dicts with the same keys, in the first dict's order).

    Args:
        padded_samples (list[dict]): the rows, dicts with the same keys.

    Raises:
        TypeError: ``padded_samples`` is not a list of dicts.
        ValueError: it is empty or the keys differ.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.PaddedDataset([{'x': np.array([1])}, {'x': np.array([2])}])
        >>> print([int(x[0]) for (x,) in data.create_tuple_iterator(output_numpy=True)])
        [1, 2]
    """

    def __init__(self, padded_samples: list[dict]) -> None:
        vh.type_check(padded_samples, (list,), "padded_samples")
        if not padded_samples:
            raise ValueError("The size of padded_samples(list) should be greater than 0.")
        for i, s in enumerate(padded_samples):
            vh.type_check(s, (dict,), f"padded_samples[{i}]")
        names = list(padded_samples[0])
        for i, s in enumerate(padded_samples):
            if list(s) != names:
                raise ValueError(f"padded_samples[{i}] has the keys {list(s)}, expected {names}.")
        self.padded_samples = padded_samples
        self._names = names
        self._rows = [[blk.as_row_array(s[n]) for s in padded_samples] for n in names]
        super().__init__(SequentialSampler(), None, (tuple(names), len(padded_samples)))

    def _length(self) -> int:
        return len(self.padded_samples)

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        return tuple(
            blk.stack([col[int(i)] for i in idx]) if len(idx) else [] for col in self._rows
        )


class FakeImageDataset(_Source):
    """``num_images`` random uint8 images of ``image_size`` and uint32 labels in
    ``[0, num_classes)``; image ``i`` is drawn from ``base_seed + i``, so it is the same on every
    pass and in every shard (MindSpore's own generator gives other values, same distribution).

    Args:
        num_images (int): the number of images. Default: ``1000``.
        image_size (tuple[int]): each image's (H, W, C). Default: ``(224, 224, 3)``.
        num_classes (int): labels are in [0, num_classes). Default: ``10``.
        base_seed (int): image ``i`` is drawn from ``base_seed + i``. Default: ``0``.
        num_samples (int, optional): the most rows to read. Default: ``None`` (all).
        num_parallel_workers (int, optional): reader workers. Default: ``None``.
        shuffle (bool, optional): shuffle the rows (None: yes, unless a sampler is given). Default: ``None``.
        sampler (Sampler, optional): chooses the rows; not with ``shuffle`` or sharding. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards (one per device). Default: ``None``.
        shard_id (int, optional): the shard to read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): not supported (must be None). Default: ``None``.

    Raises:
        ValueError: a count or size is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> data = ds.FakeImageDataset(num_images=4, image_size=(8, 8, 3), num_classes=2, shuffle=False)
        >>> for image, label in data.take(1).create_tuple_iterator(output_numpy=True):
        ...     print(image.shape, image.dtype, 0 <= label < 2)
        (8, 8, 3) uint8 True
    """

    def __init__(
        self,
        num_images: int = 1000,
        image_size: tuple = (224, 224, 3),
        num_classes: int = 10,
        base_seed: int = 0,
        num_samples: int | None = None,
        num_parallel_workers: int | None = None,
        shuffle: bool | None = None,
        sampler: Sampler | None = None,
        num_shards: int | None = None,
        shard_id: int | None = None,
        cache: Any = None,
    ) -> None:
        api = "FakeImageDataset"
        vh.check_pos_int32(num_images, "num_images")
        vh.type_check(image_size, (list, tuple), "image_size")
        if len(image_size) != 3:
            raise ValueError(f"image_size should be a list or tuple of length 3, got {image_size}")
        for d in image_size:
            vh.check_pos_int32(d, "image_size")
        vh.check_pos_int32(num_classes, "num_classes")
        vh.type_check(base_seed, (int,), "base_seed")
        reject_cache(cache, api)
        self.num_images, self.image_size = num_images, tuple(image_size)
        self.num_classes, self.base_seed = num_classes, base_seed
        self._names = ["image", "label"]
        smp = resolve(api, sampler, shuffle, num_samples, num_shards, shard_id)
        super().__init__(
            smp, num_parallel_workers, (num_images, self.image_size, num_classes, base_seed)
        )

    def _length(self) -> int:
        return self.num_images

    def _read(self, idx: np.ndarray, ctx: ExecContext | None) -> tuple:
        images = np.empty((len(idx), *self.image_size), np.uint8)
        labels = np.empty(len(idx), np.uint32)
        for k, i in enumerate(np.asarray(idx).tolist()):
            rng = np.random.default_rng(self.base_seed + i)
            images[k] = rng.integers(0, 256, self.image_size, dtype=np.uint8)
            labels[k] = rng.integers(0, self.num_classes)
        return images, labels
