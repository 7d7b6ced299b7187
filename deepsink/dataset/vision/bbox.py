"""Vision ops on (image, bounding boxes) pairs: ResizeWithBBox, RandomResizeWithBBox,
RandomHorizontalFlipWithBBox, RandomVerticalFlipWithBBox.

Boxes are rows ``[x, y, width, height, ...]`` (at least 4 columns; extra columns ride along),
checked against the image as MindSpore's ``ValidateBoundingBoxes`` does; the image goes through
the plain op and the boxes are moved with float32 arithmetic as 2.10 moves them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import check_value, type_check
from deepsink.dataset.vision import _cv
from deepsink.dataset.vision.geometry import check_image
from deepsink.dataset.vision.transforms import ImageOperation, Resize
from deepsink.dataset.vision.utils import Inter

_EPS = 1e-6


def check_boxes(image: np.ndarray, boxes: Any, api: str) -> tuple[np.ndarray, np.ndarray]:
    image = check_image(image, api)
    boxes = np.asarray(boxes)
    if boxes.ndim < 2:
        raise RuntimeError(
            "BoundingBox: bounding boxes should have to be two-dimensional matrix at least, but "
            f"got {boxes.ndim} dimension."
        )
    if boxes.shape[1] < 4:
        raise RuntimeError(
            f"BoundingBox: bounding boxes should be have at least 4 features, but got: {boxes.shape[1]}"
        )
    h, w = image.shape[:2]
    b = boxes.astype(np.float32)
    if np.any(b[:, 0] + b[:, 2] - w > _EPS) or np.any(b[:, 1] + b[:, 3] - h > _EPS):
        raise RuntimeError(
            f"BoundingBox: bounding boxes is out of bounds of the image, as image width: {w}, "
            f"and image height: {h}"
        )
    if np.any(b[:, 0] < -_EPS) or np.any(b[:, 1] < -_EPS):
        raise RuntimeError("BoundingBox: the coordinates of the bounding boxes has negative value.")
    return image, boxes


def _scale_boxes(boxes: np.ndarray, oh: int, ow: int, h: int, w: int) -> np.ndarray:
    out = boxes.astype(np.float32, copy=True)
    rw, rh = np.float32(ow) / np.float32(w), np.float32(oh) / np.float32(h)
    out[:, 0] *= rw
    out[:, 2] *= rw
    out[:, 1] *= rh
    out[:, 3] *= rh
    return out.astype(boxes.dtype) if boxes.dtype.kind == "f" else out


class _BBoxOp(ImageOperation):
    batched = False

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) != 2:
            raise RuntimeError(f"{self.name}: the op takes two inputs (image, bounding boxes).")
        from deepsink.dataset.transforms.transforms import eager_uniforms

        u = eager_uniforms(self.random_draws) if self.random_draws else None
        return self.apply(np.asarray(inputs[0]), np.asarray(inputs[1]), u=u)

    def apply_one(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        return self.apply(*(np.asarray(x) for x in xs), u=u)


class ResizeWithBBox(_BBoxOp):
    """Resize the image (as ``Resize``) and scale the boxes by the same factors."""

    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.LINEAR) -> None:
        self._resize = Resize(size, interpolation)
        self.size, self.interpolation = size, interpolation

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        image, boxes = check_boxes(image, boxes, "ResizeWithBBox")
        h, w = image.shape[:2]
        out = self._resize.apply(image)
        return out, _scale_boxes(boxes, out.shape[0], out.shape[1], h, w)


class RandomResizeWithBBox(_BBoxOp):
    """ResizeWithBBox with an interpolation drawn uniformly from LINEAR, NEAREST, BICUBIC, AREA."""

    random_draws = 1
    _modes = (Inter.LINEAR, Inter.NEAREST, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size: int | Sequence[int]) -> None:
        self._ops = [ResizeWithBBox(size, m) for m in self._modes]
        self.size = size

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        k = min(int(float(u[0]) * len(self._ops)), len(self._ops) - 1)
        return self._ops[k].apply(image, boxes)


class _RandomFlipWithBBox(_BBoxOp):
    random_draws = 1
    _horizontal = True

    def __init__(self, prob: float = 0.5) -> None:
        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        self.prob = float(prob)

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        image, boxes = check_boxes(image, boxes, self.name)
        if float(u[0]) >= self.prob:
            return image, boxes
        import cv2

        out = boxes.copy()
        if self._horizontal:
            center = np.float32(image.shape[1]) / np.float32(2)
            x = boxes[:, 0].astype(np.float32)
            out[:, 0] = (center - x + center) - boxes[:, 2].astype(np.float32)
            flipped = cv2.flip(np.ascontiguousarray(image), 1)
        else:
            center = np.float32(image.shape[0]) / np.float32(2)
            y = boxes[:, 1].astype(np.float32)
            out[:, 1] = (center - y + center) - boxes[:, 3].astype(np.float32)
            flipped = cv2.flip(np.ascontiguousarray(image), 0)
        return _cv.keep_channels(flipped, image), out


class RandomHorizontalFlipWithBBox(_RandomFlipWithBBox):
    """With probability ``prob``, mirror the image left-right and the boxes with it."""


class RandomVerticalFlipWithBBox(_RandomFlipWithBBox):
    """With probability ``prob``, mirror the image top-bottom and the boxes with it."""

    _horizontal = False
