"""The random crops place their window uniformly over every position that fits: each pixel,
the last row and column included, is reachable (a box of height ``ch`` in an image of height
``h`` starts anywhere in ``[0, h - ch]``). Exact rule, checked on an image whose pixels are all
distinct: the crops' union over many draws is the whole image, and nothing outside it."""

from __future__ import annotations

import jax
import numpy as np

import deepsink.dataset.vision as V
from deepsink.dataset import config
from deepsink.dataset.vision import Inter

H, W = 5, 6
IMAGE = np.arange(H * W, dtype=np.uint8).reshape(H, W)[..., None].repeat(3, -1)
ALL = set(range(H * W))
DRAWS = 400  # a corner pixel is one of 4 * 5 = 20 positions: missed with odds 0.95**400


def _mapped(op) -> list:
    """``op`` on ``DRAWS`` copies of the image in a seeded map (under a seed MindSpore's eager
    calls all draw the first value of a freshly seeded generator; a map's rows draw on)."""
    import deepsink.dataset as ds

    config.set_seed(5)
    data = ds.NumpySlicesDataset({"image": np.stack([IMAGE] * DRAWS)}, shuffle=False)
    data = data.map(op, "image", num_parallel_workers=2)
    return [r["image"] for r in data.create_dict_iterator(num_epochs=1, output_numpy=True)]


def _seen(crops) -> set[int]:
    return {int(v) for c in crops for v in np.asarray(c)[..., 0].ravel()}


def test_random_resized_crop_reaches_every_row_and_column():
    # area 4 of 30 at ratio 1: a 2x2 box, resized to 2x2 with nearest: the box's pixels
    op = V.RandomResizedCrop(
        2, scale=(4 / 30, 4 / 30), ratio=(1.0, 1.0), interpolation=Inter.NEAREST
    )
    crops = _mapped(op)
    assert all(c.shape == (2, 2, 3) for c in crops)
    assert _seen(crops) == ALL
    assert {int(c[-1, -1, 0]) for c in crops} >= {H * W - 1}  # the bottom-right corner


def test_random_crop_reaches_every_row_and_column():
    op = V.RandomCrop((2, 2))
    crops = _mapped(op)
    assert _seen(crops) == ALL
    # the traced form (run inside a sunk step) places the window by the same rule
    traced = np.asarray(op.jax_fn(np.stack([IMAGE] * DRAWS), jax.random.key(0)))
    assert traced.shape == (DRAWS, 2, 2, 3)
    assert _seen(traced) == ALL


def test_random_crop_with_bbox_reaches_every_row_and_column():
    op = V.RandomCropWithBBox((2, 2))
    boxes = np.array([[0, 0, W, H, 1]], np.float32)
    config.set_seed(5)
    crops = [op(IMAGE, boxes)[0] for _ in range(DRAWS)]
    assert _seen(crops) == ALL
