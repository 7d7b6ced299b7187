"""MindSpore's ``mindspore/ops/operations/other_ops.py`` primitives not built elsewhere:
``SampleDistortedBoundingBoxV2`` (TensorFlow's random crop sampler)."""

from __future__ import annotations

from typing import Any

from deepsink._core import validate as V
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops.function import image_sample_func as IS


def _pair(api: str, arg: str, value: Any) -> tuple:
    if (
        not isinstance(value, tuple | list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, float | int) for v in value)
    ):
        V.fail_arg(api, arg, "a tuple or list of two numbers", value, TypeError)
    if value[0] > value[1] or value[0] <= 0:
        U.fail(api, f"'{arg}' must be two positive numbers in increasing order, but got {value}")
    return tuple(float(v) for v in value)


class SampleDistortedBoundingBoxV2(TablePrimitive):
    """Samples a random crop of an image that covers part of one of the given boxes, as
    TensorFlow's ``sample_distorted_bounding_box``.

    Args:
        seed (int, optional): With ``seed2``, fixes the crop when non-zero. Default: ``0``.
        seed2 (int, optional): Default: ``0``.
        aspect_ratio_range (Union[list, tuple], optional): The crop's width / height range.
            Default: ``(0.75, 1.33)``.
        area_range (Union[list, tuple], optional): The crop's area as a fraction of the image's.
            Default: ``(0.05, 1.0)``.
        max_attempts (int, optional): Tries before the whole image is used. Default: ``100``.
        use_image_if_no_bounding_boxes (bool, optional): With no boxes, cover the whole image.
            Default: ``False``.

    Inputs:
        - **image_size** (Tensor) - 1-D ``(height, width, channels)``.
        - **bounding_boxes** (Tensor) - Float32 ``(batch, N, 4)`` ``[ymin, xmin, ymax, xmax]``
          in [0, 1].
        - **min_object_covered** (Tensor) - Float32 scalar in [0, 1].

    Outputs:
        - **offset** (Tensor) - ``(3,)`` the crop's ``[y, x, 0]``, ``image_size``'s dtype.
        - **size** (Tensor) - ``(3,)`` the crop's ``[h, w, -1]``.
        - **bboxes** (Tensor) - Float32 ``(1, 1, 4)`` the crop as a normalized box.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If a range is malformed, ``max_attempts`` is not positive or there are no
            boxes and ``use_image_if_no_bounding_boxes`` is ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> op = ops.SampleDistortedBoundingBoxV2(seed=1, area_range=(0.5, 1.0))
        >>> boxes = ms.Tensor(np.array([[[0.1, 0.1, 0.9, 0.9]]], np.float32))
        >>> offset, size, bbox = op(ms.Tensor([40, 40, 3], ms.int32), boxes,
        ...                         ms.Tensor([0.1], ms.float32))
        >>> print(size.shape, bbox.shape, int(size[2]))
        (3,) (1, 1, 4) -1
    """

    _params = (
        ("seed", 0),
        ("seed2", 0),
        ("aspect_ratio_range", (0.75, 1.33)),
        ("area_range", (0.05, 1.0)),
        ("max_attempts", 100),
        ("use_image_if_no_bounding_boxes", False),
    )

    def _init(self) -> None:
        V.check_non_negative_int(self.seed, "seed", self.name)
        V.check_non_negative_int(self.seed2, "seed2", self.name)
        _pair(self.name, "aspect_ratio_range", self.aspect_ratio_range)
        _pair(self.name, "area_range", self.area_range)
        if self.area_range[1] > 1:
            U.fail(self.name, f"'area_range' must lie in (0, 1], but got {self.area_range}")
        V.check_positive_int(self.max_attempts, "max_attempts", self.name)
        V.check_bool(
            self.use_image_if_no_bounding_boxes, "use_image_if_no_bounding_boxes", self.name
        )

    def __call__(self, image_size: Any, bounding_boxes: Any, min_object_covered: Any) -> tuple:
        # one kernel per input signature, as MindSpore keeps one per instance and signature
        sig = tuple((tuple(t.shape), str(t.dtype)) for t in (image_size, bounding_boxes))
        kernels = self.__dict__.setdefault("_kernels", {})
        kernel = kernels.setdefault(sig, IS.BoxSamplerKernel())
        return IS.sample_distorted_bounding_box_v2(
            image_size,
            bounding_boxes,
            min_object_covered,
            self.seed,
            self.seed2,
            tuple(self.aspect_ratio_range),
            tuple(self.area_range),
            self.max_attempts,
            self.use_image_if_no_bounding_boxes,
            kernel,
        )


__all__ = ["SampleDistortedBoundingBoxV2"]

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
