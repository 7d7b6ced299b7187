"""BoundingBoxAugment: another vision op applied to some of an image's bounding-box regions.

Each box is picked with probability ``ratio`` (one uniform per box, as MindSpore draws them); its
region (the box's integer x, y, width, height) goes through ``transform``, is resized back to the
box (Resize, bilinear) when the transform changed its size, and is pasted back in place. The
boxes come out unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import check_value, type_check
from deepsink.dataset.vision.bbox import _BBoxOp, check_boxes
from deepsink.dataset.vision.transforms import ImageOperation


class BoundingBoxAugment(_BBoxOp):
    """Apply ``transform`` to a random selection of the bounding-box regions of an image.

    Args:
        transform (TensorOperation): The vision op applied to a selected box's region.
        ratio (float, optional): Probability that a box is selected, in [0, 1]. Default: ``0.3``.

    Inputs:
        - **image** (numpy.ndarray) - <H, W> or <H, W, C>.
        - **bboxes** (numpy.ndarray) - <N, 4+> boxes ``[x, y, width, height, ...]``.

    Outputs:
        (numpy.ndarray, numpy.ndarray), the image and the unchanged boxes.

    Raises:
        TypeError: ``transform`` is not a vision op, or ``ratio`` is not a float.
        ValueError: ``ratio`` is outside [0, 1].
        RuntimeError: The boxes are invalid for the image.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.zeros((8, 8, 3), np.uint8)
        >>> boxes = np.array([[2, 2, 4, 4]], np.float32)
        >>> out, bb = vision.BoundingBoxAugment(vision.Invert(), 1.0)(image, boxes)
        >>> print(out[:, :, 0].sum() // 255, bb.tolist())
        16 [[2.0, 2.0, 4.0, 4.0]]
    """

    random_draws = 1

    def __init__(self, transform: Any, ratio: float = 0.3) -> None:
        if not isinstance(transform, ImageOperation):
            raise TypeError(
                "transform is not a vision image processing operation, got "
                f"{type(transform).__name__}."
            )
        type_check(ratio, (float, int), "ratio")
        check_value(ratio, (0.0, 1.0), "ratio")
        self.transform, self.ratio = transform, float(ratio)

    def apply(self, image: np.ndarray, boxes: np.ndarray, u: np.ndarray | None = None) -> tuple:
        from deepsink.dataset.vision.geometry import rng_of
        from deepsink.dataset.vision.transforms import Resize

        image, boxes = check_boxes(image, boxes, "BoundingBoxAugment")
        rng = rng_of(u) if u is not None else np.random.default_rng()
        out = np.array(image, copy=True)
        draws = self.transform.random_draws
        for box in np.asarray(boxes, np.float32):
            if rng.random() >= self.ratio:
                continue
            x, y, w, h = (int(v) for v in box[:4])
            if w <= 0 or h <= 0:
                continue
            region = out[y : y + h, x : x + w]
            res = np.asarray(self.transform.apply(region, u=rng.random(draws) if draws else None))
            if res.shape[:2] != (h, w):
                res = Resize((h, w)).apply(res)
            out[y : y + h, x : x + w] = res.reshape(out[y : y + h, x : x + w].shape).astype(
                out.dtype
            )
        return out, boxes
