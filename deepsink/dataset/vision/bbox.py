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
    """Resize the image (as ``Resize``) and scale the boxes by the same factors.

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((4, 6, 3), np.uint8)
        >>> bboxes = np.array([[1, 1, 2, 2, 0, 0, 0]], np.float32)  # x, y, w, h, label, difficult, truncate
        >>> op = vision.ResizeWithBBox((8, 12))
        >>> out, boxes = op(image, bboxes)
        >>> print(out.shape, boxes[0, :4])
        (8, 12, 3) [2. 2. 4. 4.]
    """

    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.LINEAR) -> None:
        self._resize = Resize(size, interpolation)
        self.size, self.interpolation = size, interpolation

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        image, boxes = check_boxes(image, boxes, "ResizeWithBBox")
        h, w = image.shape[:2]
        out = self._resize.apply(image)
        return out, _scale_boxes(boxes, out.shape[0], out.shape[1], h, w)


class RandomResizeWithBBox(_BBoxOp):
    """ResizeWithBBox with an interpolation drawn uniformly from LINEAR, NEAREST, BICUBIC, AREA.

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((4, 6, 3), np.uint8)
        >>> bboxes = np.array([[1, 1, 2, 2, 0, 0, 0]], np.float32)  # x, y, w, h, label, difficult, truncate
        >>> op = vision.RandomResizeWithBBox((8, 12))
        >>> out, boxes = op(image, bboxes)
        >>> print(out.shape, boxes[0, :4])
        (8, 12, 3) [2. 2. 4. 4.]
    """

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
    """With probability ``prob``, mirror the image left-right and the boxes with it.

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((4, 6, 3), np.uint8)
        >>> bboxes = np.array([[1, 1, 2, 2, 0, 0, 0]], np.float32)  # x, y, w, h, label, difficult, truncate
        >>> op = vision.RandomHorizontalFlipWithBBox(prob=1.0)
        >>> out, boxes = op(image, bboxes)
        >>> print(boxes[0, :4])
        [3. 1. 2. 2.]
    """


class RandomVerticalFlipWithBBox(_RandomFlipWithBBox):
    """With probability ``prob``, mirror the image top-bottom and the boxes with it.

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((4, 6, 3), np.uint8)
        >>> bboxes = np.array([[1, 1, 2, 2, 0, 0, 0]], np.float32)  # x, y, w, h, label, difficult, truncate
        >>> op = vision.RandomVerticalFlipWithBBox(prob=1.0)
        >>> out, boxes = op(image, bboxes)
        >>> print(boxes[0, :4])
        [1. 1. 2. 2.]
    """

    _horizontal = False


def crop_boxes(boxes: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """Boxes moved into the crop ``[x0, x1] x [y0, y1]``: clipped to it, those without overlap
    dropped (MindSpore's ``UpdateBBoxesForCrop``, in float32)."""
    f = np.float32
    b = boxes.astype(np.float32)
    bx1, by1 = b[:, 0] + b[:, 2], b[:, 1] + b[:, 3]
    keep = ~((b[:, 0] > x1) | (b[:, 1] > y1) | (bx1 < x0) | (by1 < y0))
    out = boxes[keep].astype(np.float32, copy=True)
    b, bx1, by1 = b[keep], bx1[keep], by1[keep]
    nx0 = np.maximum(b[:, 0] - np.minimum(f(0), b[:, 0] - f(x0)) - f(x0), f(0))
    ny0 = np.maximum(b[:, 1] - np.minimum(f(0), b[:, 1] - f(y0)) - f(y0), f(0))
    nx1 = np.minimum(bx1 - np.maximum(f(0), bx1 - f(x1)) - f(x0), f(x1 - x0))
    ny1 = np.minimum(by1 - np.maximum(f(0), by1 - f(y1)) - f(y0), f(y1 - y0))
    out[:, 0], out[:, 1], out[:, 2], out[:, 3] = nx0, ny0, nx1 - nx0, ny1 - ny0
    return out.astype(boxes.dtype) if boxes.dtype.kind == "f" else out


class RandomCropWithBBox(_BBoxOp):
    """RandomCrop (padding, ``pad_if_needed``, fill) of the image, the boxes shifted by the
    padding, then moved into the crop (clipped; boxes left outside dropped).

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        padding (Union[int, Sequence[int]], optional): padding applied first. Default: ``None``.
        pad_if_needed (bool): pad an image smaller than ``size``. Default: ``False``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.
        padding_mode (Border, optional): the padding mode. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((4, 6, 3), np.uint8)
        >>> bboxes = np.array([[1, 1, 2, 2, 0, 0, 0]], np.float32)  # x, y, w, h, label, difficult, truncate
        >>> op = vision.RandomCropWithBBox(4)
        >>> out, boxes = op(image, bboxes)
        >>> print(out.shape, boxes.shape)
        (4, 4, 3) (1, 7)
    """

    random_draws = 1

    def __init__(
        self,
        size: int | Sequence[int],
        padding: Any = None,
        pad_if_needed: bool = False,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Any = None,
    ) -> None:
        from deepsink.dataset.vision.transforms import RandomCrop
        from deepsink.dataset.vision.utils import Border

        self._crop = RandomCrop(
            size, padding, pad_if_needed, fill_value, padding_mode or Border.CONSTANT
        )
        self.size = self._crop.size

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        from deepsink.dataset.vision.geometry import rng_of

        image, boxes = check_boxes(image, boxes, "RandomCropWithBBox")
        x4 = image[None] if image.ndim == 3 else image[None, ..., None]
        (top, _), (left, _) = self._crop._pads(image.shape[0], image.shape[1])
        padded = self._crop._pad(np, x4)
        ph, pw = padded.shape[1:3]
        ch, cw = self.size
        rng = rng_of(u)
        y, x = int(rng.integers(0, ph - ch + 1)), int(rng.integers(0, pw - cw + 1))
        out = padded[0, y : y + ch, x : x + cw]
        out = out if image.ndim == 3 else out[..., 0]
        moved = boxes.astype(np.float32, copy=True)
        moved[:, 0] += np.float32(left)
        moved[:, 1] += np.float32(top)
        return np.ascontiguousarray(out), crop_boxes(moved, x, y, x + cw, y + ch)


class RandomResizedCropWithBBox(_BBoxOp):
    """RandomResizedCrop of the image; the boxes moved into the crop, then scaled with it.

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        scale (Sequence[float]): the area fraction range. Default: ``(0.08, 1.0)``.
        ratio (Sequence[float]): the aspect ratio range. Default: ``(3/4, 4/3)``.
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.
        max_attempts (int): tries to find a box. Default: ``10``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((4, 6, 3), np.uint8)
        >>> bboxes = np.array([[1, 1, 2, 2, 0, 0, 0]], np.float32)  # x, y, w, h, label, difficult, truncate
        >>> op = vision.RandomResizedCropWithBBox(4)
        >>> out, boxes = op(image, bboxes)
        >>> print(out.shape)
        (4, 4, 3)
    """

    random_draws = 1

    def __init__(
        self,
        size: int | Sequence[int],
        scale: Sequence[float] = (0.08, 1.0),
        ratio: Sequence[float] = (3.0 / 4.0, 4.0 / 3.0),
        interpolation: Inter = Inter.BILINEAR,
        max_attempts: int = 10,
    ) -> None:
        from deepsink.dataset.vision.geometry import RandomResizedCrop

        self._op = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)
        self.size = self._op.size

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        from deepsink.dataset.vision.geometry import crop_resize

        image, boxes = check_boxes(image, boxes, "RandomResizedCropWithBBox")
        top, left, ch, cw = self._op.box(u, image.shape[0], image.shape[1])
        out = crop_resize(image, top, left, ch, cw, self.size, self._op.interpolation)
        moved = crop_boxes(boxes, left, top, left + cw, top + ch)
        return out, _scale_boxes(moved, self.size[0], self.size[1], ch, cw)
