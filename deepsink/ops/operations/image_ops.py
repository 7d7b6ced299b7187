"""MindSpore's image primitives that have no functional twin (``mindspore/ops/operations/
image_ops.py``): ``ExtractGlimpse``, ``ScaleAndTranslate`` and ``CombinedNonMaxSuppression``.
Each checks its constructor arguments as MindSpore 2.10 does and calls
``deepsink.ops.function.image_sample_func``."""

from __future__ import annotations

from typing import Any

from deepsink._core import validate as V
from deepsink.common.tensor import Tensor
from deepsink.ops import _utils as U
from deepsink.ops._table_primitive import TablePrimitive
from deepsink.ops.function import image_sample_func as IS


def _string(api: str, arg: str, value: Any, choices: list) -> str:
    if not isinstance(value, str):
        V.fail_arg(api, arg, "a str", value, TypeError)
    if value not in choices:
        U.fail(api, f"the '{arg}' must be str and must be in '{choices}', but got '{value}'.")
    return value


class ExtractGlimpse(TablePrimitive):
    """Extracts a window of ``size`` from each NHWC image at its ``offsets`` (y, x); positions
    outside the image are filled with ``noise``.

    Args:
        centered (bool, optional): Offsets are from the image centre. Default: ``True``.
        normalized (bool, optional): Offsets are fractions of the image size. Default: ``True``.
        uniform_noise (bool, optional): Uniform noise (then ``noise`` must be ``"uniform"``).
            Default: ``True``.
        noise (str, optional): ``"uniform"``, ``"gaussian"`` or ``"zero"``. Default:
            ``"uniform"``.

    Inputs:
        - **x** (Tensor) - ``(N, H, W, C)``.
        - **size** (Tensor) - Int32 ``(2,)``, the window's (h, w).
        - **offsets** (Tensor) - Float32 ``(N, 2)``, the (y, x) of each window's centre.

    Outputs:
        Tensor ``(N, h, w, C)``, ``x``'s dtype.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If ``noise`` is unknown or contradicts ``uniform_noise``, or the shapes do
            not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> x = ms.Tensor(np.arange(16.0).reshape(1, 4, 4, 1), ms.float32)
        >>> g = ops.ExtractGlimpse(False, False, False, "zero")
        >>> out = g(x, ms.Tensor([2, 2], ms.int32), ms.Tensor([[2.0, 2.0]], ms.float32))
        >>> print(out.reshape(-1))
        [ 5.  6.  9. 10.]
    """

    _params = (
        ("centered", True),
        ("normalized", True),
        ("uniform_noise", True),
        ("noise", "uniform"),
    )

    def _init(self) -> None:
        V.check_bool(self.centered, "centered", self.name)
        V.check_bool(self.normalized, "normalized", self.name)
        _string(self.name, "noise", self.noise, ["uniform", "gaussian", "zero"])
        V.check_bool(self.uniform_noise, "uniform_noise", self.name)
        if self.uniform_noise and self.noise != "uniform":
            U.fail(
                self.name,
                f"the value of 'noise' must be uniform when uniform_noise is True, but got {self.noise}.",
            )

    def __call__(self, x: Any, size: Any, offsets: Any) -> Tensor:
        return IS.extract_glimpse(x, size, offsets, self.centered, self.normalized, self.noise)


class ScaleAndTranslate(TablePrimitive):
    """Scales and translates NHWC images with an antialiasing resampling kernel: output pixel
    ``o`` samples the input at ``(o + 0.5 - translation) / scale - 0.5``.

    Args:
        kernel_type (str, optional): ``"lanczos1"``, ``"lanczos3"``, ``"lanczos5"``,
            ``"gaussian"``, ``"box"``, ``"triangle"``, ``"keyscubic"`` or ``"mitchellcubic"``.
            Default: ``"lanczos3"``.
        antialias (bool, optional): Widen the kernel by ``1/scale`` when downscaling.
            Default: ``True``.

    Inputs:
        - **images** (Tensor) - ``(N, H, W, C)``, a real dtype.
        - **size** (Tensor) - Int32 ``(2,)``, the output's (H, W).
        - **scale** (Tensor) - Float32 ``(2,)``.
        - **translation** (Tensor) - Float32 ``(2,)``.

    Outputs:
        Float32 Tensor ``(N, size[0], size[1], C)``.

    Raises:
        TypeError: If ``kernel_type`` is not a str or ``antialias`` not a bool.
        ValueError: If ``kernel_type`` is unknown or the shapes do not fit.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> img = ms.Tensor(np.ones((1, 2, 2, 1)), ms.float32)
        >>> out = ops.ScaleAndTranslate()(img, ms.Tensor([4, 4], ms.int32),
        ...                               ms.Tensor([2.0, 2.0]), ms.Tensor([0.0, 0.0]))
        >>> print(out.shape, float(out.mean()))
        (1, 4, 4, 1) 1.0
    """

    _params = (("kernel_type", "lanczos3"), ("antialias", True))

    def _init(self) -> None:
        _string(self.name, "kernel_type", self.kernel_type, list(IS.SCALE_KERNELS))
        V.check_bool(self.antialias, "antialias", self.name)

    def __call__(self, images: Any, size: Any, scale: Any, translation: Any) -> Tensor:
        return IS.scale_and_translate(
            images, size, scale, translation, self.kernel_type, self.antialias
        )


class CombinedNonMaxSuppression(TablePrimitive):
    """Greedy non-max suppression per batch and class, merged over classes by score.

    Args:
        pad_per_class (bool, optional): Pad to ``min(max_total_size, max_output_size_per_class
            * classes)`` instead of ``max_total_size``. Default: ``False``.
        clip_boxes (bool, optional): Clip the output boxes to [0, 1]. Default: ``True``.

    Inputs:
        - **boxes** (Tensor) - Float32 ``(B, N, q, 4)``, q is 1 or the class count.
        - **scores** (Tensor) - Float32 ``(B, N, classes)``.
        - **max_output_size_per_class** (Tensor) - Int32 scalar.
        - **max_total_size** (Tensor) - Int32 scalar.
        - **iou_threshold** (Tensor) - Float32 scalar in [0, 1].
        - **score_threshold** (Tensor) - Float32 scalar; lower scores are dropped.

    Outputs:
        Tuple of ``nmsed_boxes`` (B, K, 4), ``nmsed_scores`` (B, K), ``nmsed_classes`` (B, K)
        and ``valid_detections`` (Int32, (B,)), zero-padded.

    Raises:
        TypeError: If an argument has the wrong type.
        ValueError: If the shapes do not fit or a size is not positive.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> from deepsink import ops
        >>> boxes = ms.Tensor(np.array([[[[0, 0, 1, 1]], [[0, 0, 1, 0.9]]]], np.float32))
        >>> scores = ms.Tensor(np.array([[[0.9], [0.8]]], np.float32))
        >>> out = ops.CombinedNonMaxSuppression()(boxes, scores, ms.Tensor(2, ms.int32),
        ...     ms.Tensor(2, ms.int32), ms.Tensor(0.5, ms.float32), ms.Tensor(0.0, ms.float32))
        >>> print(out[1], out[3])
        [[0.9 0. ]] [1]
    """

    _params = (("pad_per_class", False), ("clip_boxes", True))

    def _init(self) -> None:
        V.check_bool(self.pad_per_class, "pad_per_class", self.name)
        V.check_bool(self.clip_boxes, "clip_boxes", self.name)

    def __call__(
        self,
        boxes: Any,
        scores: Any,
        max_output_size_per_class: Any,
        max_total_size: Any,
        iou_threshold: Any,
        score_threshold: Any,
    ) -> tuple:
        return IS.combined_non_max_suppression(
            boxes,
            scores,
            max_output_size_per_class,
            max_total_size,
            iou_threshold,
            score_threshold,
            self.pad_per_class,
            self.clip_boxes,
        )


__all__ = ["CombinedNonMaxSuppression", "ExtractGlimpse", "ScaleAndTranslate"]

# MindSpore 2.10 keeps other public objects here too: aliases, looked up on use
from deepsink.ops._path_aliases import path_aliases as _path_aliases  # noqa: E402

__getattr__ = _path_aliases(__name__)
