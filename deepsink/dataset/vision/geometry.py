"""Geometric vision ops: flips, crops with resize, rotation, affine and perspective warps.

Each runs the OpenCV call MindSpore's C++ kernel makes (``_cv.py``), with MindSpore's parameter
conventions (rotation centre ``((w - 1) / 2, (h - 1) / 2)``, the affine matrix ``T * C * RSS *
C^-1``, the random-resized-crop search), so deterministic outputs equal 2.10's pixels. Random ops
draw their parameters from one per-sample uniform (``u[0]`` seeds a generator), so a sample's
augmentation depends on the dataset seed and its position only.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np
import simplejpeg

from deepsink._core.validate import check_bool
from deepsink.dataset.core.errors import syntax_error
from deepsink.dataset.core.std_random import Draws, canonical_float, round_half_away, scale32
from deepsink.dataset.core.validator_helpers import (
    INT32_MAX,
    check_positive,
    check_value,
    type_check,
)
from deepsink.dataset.transforms.transforms import eager_draws
from deepsink.dataset.vision import _cv
from deepsink.dataset.vision import validators as _validators
from deepsink.dataset.vision.image_rank import check_rank
from deepsink.dataset.vision.transforms import (
    Decode,
    ImageOperation,
    _pair,
    _via_numpy,
    per_image,
)
from deepsink.dataset.vision.utils import Inter


def rng_of(u: np.ndarray | None) -> np.random.Generator:
    """A generator seeded by a sample's uniform (eager calls draw from ``config.set_seed``)."""
    return np.random.default_rng(int(float(u[0]) * 2**53))


def check_image(x: Any, api: str) -> np.ndarray:
    x = np.asarray(x)
    if x.ndim not in (2, 3):
        raise RuntimeError(f"{api}: the image must be <H, W> or <H, W, C>, but got shape {x.shape}")
    return x


def check_image_nd(x: Any, api: str) -> np.ndarray:
    """An image of MindSpore's ops that also take <..., H, W, C>: at least 2-D."""
    x = np.asarray(x)
    if x.ndim < 2:
        raise RuntimeError(
            f"{api}: the image tensor should have at least two dimensions. You may need to perform "
            "Decode first."
        )
    return x


def check_interp(interp: Any, api: str, arg: str = "interpolation") -> Inter:
    type_check(interp, (Inter,), arg)
    if interp not in _cv.INTER:
        raise NotImplementedError(
            f"{api}: {arg}={interp!r} is not supported; use Inter.LINEAR, Inter.NEAREST, "
            "Inter.BICUBIC or Inter.AREA"
        )
    return interp


def fill3(fill_value: Any, api: str) -> tuple[int, int, int]:
    """An int or an (R, G, B) triple in [0, 255]."""
    if isinstance(fill_value, int) and not isinstance(fill_value, bool):
        check_value(fill_value, (0, 255), "fill_value")
        return (fill_value,) * 3
    type_check(fill_value, (int, tuple, list), "fill_value")
    if len(fill_value) != 3:
        raise TypeError("fill_value should be a single integer or a 3-tuple.")
    for f in fill_value:
        type_check(f, (int,), "fill_value")
        check_value(f, (0, 255), "fill_value")
    return tuple(int(f) for f in fill_value)


class HorizontalFlip(ImageOperation):
    """Mirror left-right.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.HorizontalFlip()
        >>> out = op(image)
        >>> print(image[0, :, 0], out[0, :, 0])
        [0 3 6 9] [9 6 3 0]
    """

    batched = False

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        if check_image_nd(x, "HorizontalFlip").ndim > 3:  # <..., H, W, C>: each image
            return per_image(self.apply, np.asarray(x))
        return np.ascontiguousarray(check_image(x, "HorizontalFlip")[:, ::-1])


class VerticalFlip(ImageOperation):
    """Mirror top-bottom.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.VerticalFlip()
        >>> out = op(image)
        >>> print(image[:, 0, 0], out[:, 0, 0])
        [ 0 12 24 36] [36 24 12  0]
    """

    batched = False

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        if check_image_nd(x, "VerticalFlip").ndim > 3:  # <..., H, W, C>: each image
            return per_image(self.apply, np.asarray(x))
        return np.ascontiguousarray(check_image(x, "VerticalFlip")[::-1])


def _coordinates(coordinates: Any, api: str) -> tuple[int, int]:
    type_check(coordinates, (list, tuple), "coordinates")
    if len(coordinates) != 2:
        raise TypeError("Coordinates should be a list/tuple (y, x) of length 2.")
    for i, v in enumerate(coordinates):
        type_check(v, (int,), f"coordinates[{i}]")
        check_value(v, (0, INT32_MAX), f"coordinates[{i}]")
    return int(coordinates[0]), int(coordinates[1])


def _crop(x: np.ndarray, top: int, left: int, h: int, w: int, api: str) -> np.ndarray:
    if top + h > x.shape[0] or left + w > x.shape[1]:
        raise RuntimeError(
            f"{api}: the crop (top={top}, left={left}, height={h}, width={w}) exceeds the "
            f"image of size (height, width) {x.shape[:2]}"
        )
    return x[top : top + h, left : left + w]


class Crop(ImageOperation):
    """Crop ``size`` (int or (height, width)) at ``coordinates`` (top, left).

    Args:
        coordinates (Sequence[int]): the (top, left) corner.
        size (Union[int, Sequence[int]]): the crop's size, an int or (height, width).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Crop((1, 1), 2)
        >>> out = op(image)
        >>> print(out[:, :, 0])
        [[15 18]
         [27 30]]
    """

    batched = False

    @_validators.check_crop
    def __init__(self, coordinates: Sequence[int], size: int | Sequence[int]) -> None:
        self.coordinates = _coordinates(coordinates, "Crop")
        self.size = _pair(size, "size", "Crop")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "Crop")
        return _crop(x, *self.coordinates, *self.size, "Crop").copy()


def crop_resize(
    x: np.ndarray, top: int, left: int, h: int, w: int, size: tuple[int, int], interp: Inter
) -> np.ndarray:
    """MindSpore's ``CropAndResize``: ``cv::resize`` of the region of interest."""
    return _cv.resize(x[top : top + h, left : left + w], size[0], size[1], interp)


class ResizedCrop(ImageOperation):
    """Crop (top, left, height, width), then resize to ``size``.

    Args:
        top (int): the crop's top row.
        left (int): its left column.
        height (int): its height.
        width (int): its width.
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.ResizedCrop(0, 0, 2, 2, (4, 4))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False

    def __init__(
        self,
        top: int,
        left: int,
        height: int,
        width: int,
        size: int | Sequence[int],
        interpolation: Inter = Inter.BILINEAR,
    ) -> None:
        for arg, v, lo in (
            ("top", top, 0),
            ("left", left, 0),
            ("height", height, 1),
            ("width", width, 1),
        ):
            type_check(v, (int,), arg)
            check_value(v, (lo, INT32_MAX), arg)
        self.top, self.left, self.height, self.width = top, left, height, width
        self.interpolation = check_interp(interpolation, "ResizedCrop")
        _validators.check_crop_size(size)  # MindSpore's crop-size words, then the pair
        self.size = _pair(size, "size", "ResizedCrop")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "ResizedCrop")
        _crop(x, self.top, self.left, self.height, self.width, "ResizedCrop")
        box = (self.top, self.left, self.height, self.width)
        return crop_resize(x, *box, self.size, self.interpolation)


def _range(v: Any, arg: str, lo: float, hi: float) -> tuple[float, float]:
    type_check(v, (list, tuple), arg)
    if len(v) != 2:
        raise TypeError(f"{arg} should be a list or tuple of length 2.")
    for i, e in enumerate(v):
        type_check(e, (int, float), f"{arg}[{i}]")
        check_value(e, (lo, hi), f"{arg}[{i}]")
    if v[0] > v[1]:
        raise ValueError(f"{arg} should be in (min,max) format. Got (max,min).")
    return float(v[0]), float(v[1])


def random_crop_box(
    draws: Draws,
    h: int,
    w: int,
    scale: tuple[float, float],
    ratio: tuple[float, float],
    attempts: int,
) -> tuple[int, int, int, int]:
    """MindSpore's random-resized-crop search (``RandomCropAndResizeOp::GetCropBox``), as
    (top, left, height, width): up to ``attempts`` draws of an area fraction (uniform float in
    ``scale``) and an aspect ratio (``exp`` of a uniform float in the log ``ratio`` range); the
    first box that fits is placed with two uniform ints, left then top; otherwise the image
    clamped to the ratio range, centred."""
    scale_lo, scale_hi = np.float32(scale[0]), np.float32(scale[1])
    ratio_lo, ratio_hi = float(np.float32(ratio[0])), float(np.float32(ratio[1]))
    log_lo, log_hi = np.float32(math.log(ratio_lo)), np.float32(math.log(ratio_hi))
    for _ in range(attempts):
        sample_scale = float(draws.real32(scale_lo, scale_hi))
        sample_aspect = math.exp(float(draws.real32(log_lo, log_hi)))
        cw = max(1, round_half_away(math.sqrt(h * w * sample_scale * sample_aspect)))
        ch = max(1, round_half_away(cw / sample_aspect))
        if cw <= w and ch <= h:
            left = draws.uniform_int(0, w - cw)
            top = draws.uniform_int(0, h - ch)
            return top, left, ch, cw
    img_aspect = w / h
    if img_aspect < ratio_lo:
        cw, ch = w, round_half_away(w / ratio_lo)
    elif img_aspect > ratio_hi:
        ch, cw = h, round_half_away(h * ratio_hi)
    else:
        cw, ch = w, h
    ch, cw = max(1, ch), max(1, cw)
    top = round_half_away(float(np.float32(h - ch) / np.float32(2.0)))
    left = round_half_away(float(np.float32(w - cw) / np.float32(2.0)))
    return top, left, ch, cw


def _hw(x: np.ndarray) -> tuple[int, int]:
    """(height, width) of an image, or of each image of a <..., H, W, C> input."""
    return (
        (int(x.shape[-3]), int(x.shape[-2])) if x.ndim > 3 else (int(x.shape[0]), int(x.shape[1]))
    )


def encoded_size(x: np.ndarray) -> tuple[int, int]:
    """(height, width) of an encoded image: a JPEG's from its header, as MindSpore reads it."""
    if x.size > 2 and x[0] == 0xFF and x[1] == 0xD8:
        try:
            h, w = simplejpeg.decode_jpeg_header(x)[:2]
            return int(h), int(w)
        except (ValueError, RuntimeError, BufferError):
            pass
    img = Decode().apply(x)
    return int(img.shape[0]), int(img.shape[1])


class RandomResizedCrop(ImageOperation):
    """Crop a random area fraction (``scale``) and aspect ratio (``ratio``), resize to ``size``.

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        scale (Sequence[float]): the area fraction range. Default: ``(0.08, 1.0)``.
        ratio (Sequence[float]): the aspect ratio range. Default: ``(3/4, 4/3)``.
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.
        max_attempts (int): tries to find a box. Default: ``10``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomResizedCrop(2)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (2, 2, 3) uint8
    """

    batched = False
    random_draws = 1
    seeded_draw = "sequence"  # MindSpore's GetCropBox on the worker's std::mt19937

    @_validators.check_random_resize_crop
    def __init__(
        self,
        size: int | Sequence[int],
        scale: Sequence[float] = (0.08, 1.0),
        ratio: Sequence[float] = (3.0 / 4.0, 4.0 / 3.0),
        interpolation: Inter = Inter.BILINEAR,
        max_attempts: int = 10,
    ) -> None:
        api = type(self).__name__
        self.size = _pair(size, "size", api)
        self.scale = _range(scale, "scale", 0, 16777216)
        self.ratio = _range(ratio, "ratio", 0, 16777216)
        if self.ratio[0] <= 0:
            raise ValueError(f"Input ratio[0] must be greater than 0, but got {ratio}.")
        self.interpolation = check_interp(interpolation, api)
        type_check(max_attempts, (int,), "max_attempts")
        check_value(max_attempts, (1, INT32_MAX), "max_attempts")
        self.max_attempts = max_attempts

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, int, int, int]:
        """The crop box (top, left, height, width) MindSpore draws for image ``x`` (one box for
        all the images of a <..., H, W, C> input)."""
        h, w = _hw(np.asarray(x))
        return random_crop_box(draws, h, w, self.scale, self.ratio, self.max_attempts)

    def box(self, u: np.ndarray | None, h: int, w: int) -> tuple[int, int, int, int]:
        """The crop box: ``u`` holds it when drawn from a seeded worker stream (ints), or is the
        row's uniform."""
        if u is not None and np.asarray(u).dtype.kind == "i":
            top, left, ch, cw = (int(v) for v in u)
            return top, left, ch, cw
        return random_crop_box(Draws.of_row(u), h, w, self.scale, self.ratio, self.max_attempts)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image_nd(x, type(self).__name__)
        box = self.box(u, *_hw(x))
        if x.ndim > 3:  # <..., H, W, C>: the same box in every image, as MindSpore
            return per_image(lambda im: crop_resize(im, *box, self.size, self.interpolation), x)
        return crop_resize(x, *box, self.size, self.interpolation)

    pil = _via_numpy


class RandomCropDecodeResize(RandomResizedCrop):
    """Decode, then RandomResizedCrop (MindSpore's ImageNet recipe); the box is drawn from the
    encoded image's size and only that region is resized.

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        scale (Sequence[float]): the area fraction range. Default: ``(0.08, 1.0)``.
        ratio (Sequence[float]): the aspect ratio range. Default: ``(3/4, 4/3)``.
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.
        max_attempts (int): tries to find a box. Default: ``10``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import cv2
        >>> encoded = np.frombuffer(cv2.imencode('.png', np.zeros((8, 8, 3), np.uint8))[1].tobytes(), np.uint8)
        >>> op = vision.RandomCropDecodeResize(2)
        >>> out = op(encoded)
        >>> print(out.shape, out.dtype)
        (2, 2, 3) uint8
    """

    # MindSpore's op has no PIL implementation: a PIL image comes back as numpy
    pil = None

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) != 1:
            raise RuntimeError("The op is OneToOne, can only accept one tensor as input.")
        x = inputs[0]
        if isinstance(x, bytes | bytearray):
            x = np.frombuffer(x, np.uint8)
        if not isinstance(x, np.ndarray):
            raise TypeError(
                f"Input should be an encoded image in a 1-D numpy array, got {type(x)}."
            )
        return self.apply(x, u=eager_draws(self, x))

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, int, int, int]:
        """The crop box MindSpore draws: for encoded bytes from the decoded size (a JPEG's header)."""
        x = np.asarray(x)
        if x.ndim != 1:
            return super().seeded_params(draws, x)
        h, w = encoded_size(x)
        return random_crop_box(draws, h, w, self.scale, self.ratio, self.max_attempts)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim != 1:  # already decoded: MindSpore runs the plain RandomResizedCrop
            return super().apply(x, u)
        img = Decode().apply(x)
        box = self.box(u, img.shape[0], img.shape[1])
        return crop_resize(img, *box, self.size, self.interpolation)


def rotation_matrix(cx: float, cy: float, degrees: float) -> np.ndarray:
    return cv2.getRotationMatrix2D((float(cx), float(cy)), float(degrees), 1.0)


def rotate(
    x: np.ndarray,
    degrees: float,
    interp: Inter,
    expand: bool,
    center: tuple[float, float] | None,
    fill: tuple[int, int, int],
) -> np.ndarray:
    """MindSpore's ``Rotate`` kernel (counter-clockwise ``degrees``). Its border colour is
    ``cv::Scalar(fill_b, fill_g, fill_r)``: channel 0 of the output gets the third fill value."""
    fill = tuple(reversed(fill))
    h, w = x.shape[:2]
    channels = x.shape[2] if x.ndim == 3 else 1
    if interp == Inter.BICUBIC and channels > 4:
        raise RuntimeError(
            "Rotate: interpolation can not be CUBIC when image channel is greater than 4."
        )
    if center is None:
        cx, cy = np.float32((w - 1.0) * 0.5), np.float32((h - 1.0) * 0.5)
    else:
        cx, cy = np.float32(center[0]), np.float32(center[1])
    rot = rotation_matrix(cx, cy, np.float32(degrees))
    if not expand:
        return _cv.warp_affine(x, rot, (w, h), interp, fill)
    bw, bh = _bounding_size(float(cx), float(cy), w, h, float(np.float32(degrees)))
    rot[0, 2] += bw / 2.0 - w / 2.0
    rot[1, 2] += bh / 2.0 - h / 2.0
    return _cv.warp_affine(x, rot, (int(round(bw)), int(round(bh))), interp, fill)


def _bounding_size(cx: float, cy: float, w: int, h: int, degrees: float) -> tuple[float, float]:
    """The size of ``cv::RotatedRect(center, size, angle).boundingRect2f()`` (exact float
    extents of the rotated corners; OpenCV rounds it to the output size)."""
    box = cv2.boxPoints(((cx, cy), (float(w), float(h)), degrees)).astype(np.float32)
    x0, y0 = box.min(axis=0)
    x1, y1 = box.max(axis=0)
    return float(x1 - x0), float(y1 - y0)


def _degrees_value(degrees: Any) -> float:
    type_check(degrees, (int, float), "degrees")
    check_value(degrees, (-16777216, 16777216), "degrees")
    return float(degrees)


def _center(center: Any) -> tuple[float, float] | None:
    if center is None:
        return None
    type_check(center, (tuple, list), "center")
    if len(center) != 2:
        raise ValueError("Value center needs to be a 2-tuple.")
    for c in center:
        type_check(c, (int, float), "center")
    return float(center[0]), float(center[1])


class Rotate(ImageOperation):
    """Rotate by ``degrees`` counter-clockwise about ``center`` (default: the image centre).

    Args:
        degrees (float): the angle, counter-clockwise.
        resample (Inter): the interpolation. Default: ``Inter.NEAREST``.
        expand (bool): grow the output to hold the whole rotated image. Default: ``False``.
        center (Sequence[float], optional): the (x, y) centre. Default: ``None``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Rotate(90)
        >>> out = op(image)
        >>> print(out[:, :, 0])
        [[ 9 21 33 45]
         [ 6 18 30 42]
         [ 3 15 27 39]
         [ 0 12 24 36]]
    """

    batched = False

    @_validators.check_rotate
    def __init__(
        self,
        degrees: float,
        resample: Inter = Inter.NEAREST,
        expand: bool = False,
        center: Sequence[float] | None = None,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        self.degrees = _degrees_value(degrees)
        self.resample = check_interp(resample, "Rotate", "resample")
        self.expand = check_bool(expand, "expand", "Rotate")
        self.center = _center(center)
        self.fill_value = fill3(fill_value, "Rotate")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        if check_image_nd(x, "Rotate").ndim > 3:  # <..., H, W, C>: each image
            return per_image(self.apply, np.asarray(x))
        x = check_image(x, "Rotate")
        return rotate(x, self.degrees, self.resample, self.expand, self.center, self.fill_value)


class RandomRotation(ImageOperation):
    """Rotate by an angle drawn uniformly from ``degrees`` ((-d, d) for a number d).

    Args:
        degrees (Union[float, Sequence[float]]): the angle range.
        resample (Inter): the interpolation. Default: ``Inter.NEAREST``.
        expand (bool): grow the output to hold the whole rotated image. Default: ``False``.
        center (Sequence[float], optional): the (x, y) centre. Default: ``None`` (the image centre).
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomRotation(30)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    seeded_draw = "real32"  # uniform_real_distribution<float>(-1, 1), as MindSpore's op

    @_validators.check_random_rotation
    def __init__(
        self,
        degrees: float | Sequence[float],
        resample: Inter = Inter.NEAREST,
        expand: bool = False,
        center: Sequence[float] | None = None,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        if isinstance(degrees, int | float) and not isinstance(degrees, bool):
            check_value(degrees, (0, 16777216), "degrees")
            degrees = (-degrees, degrees)
        type_check(degrees, (list, tuple), "degrees")
        if len(degrees) != 2:
            raise TypeError("If degrees is a sequence, the length must be 2.")
        for d in degrees:
            type_check(d, (int, float), "degrees")
        if degrees[0] > degrees[1]:
            raise ValueError("degrees should be in (min,max) format. Got (max,min).")
        self.degrees = (float(degrees[0]), float(degrees[1]))
        self.resample = check_interp(resample, "RandomRotation", "resample")
        self.expand = check_bool(expand, "expand", "RandomRotation")
        self.center = _center(center)
        self.fill_value = fill3(fill_value, "RandomRotation")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_rank(x, "RandomRotation")
        angle = math.fmod(float(self._angle(u)), 360.0)
        return rotate(x, angle, self.resample, self.expand, self.center, self.fill_value)

    def _angle(self, u: np.ndarray) -> np.float32:
        """MindSpore's angle: the middle of the range plus half its width times a draw of
        ``uniform_real_distribution<float>(-1, 1)``, in float arithmetic."""
        f = np.float32
        lo, hi = f(self.degrees[0]), f(self.degrees[1])
        return (hi + lo) / f(2) + scale32(u[0], -1.0, 1.0) * ((hi - lo) / f(2))

    pil = _via_numpy


def affine_matrix(
    h: int, w: int, degrees: float, translate: Sequence[float], scale: float, shear: Sequence[float]
) -> np.ndarray:
    """MindSpore's ``GetAffineMatrix``: T * C * RSS * C^-1 (rotation, scale, shears) about the
    pixel centre ((w - 1) / 2, (h - 1) / 2), in float32 as MindSpore computes it (its trigonometry
    too)."""
    f = np.float32
    a = f(math.radians(f(degrees)))
    sx = f(math.radians(f(shear[0])))
    sy = f(math.radians(f(-1 * f(shear[1]))))
    cx, cy = f(w - 1) / f(2.0), f(h - 1) / f(2.0)
    if math.cos(sy) == 0.0:
        raise RuntimeError("AffineOp: cos(shear_y) should not be zero.")
    s = f(scale)

    # cosf, sinf, tanf: the kernel's trigonometry and arithmetic are in float (a float64 matrix
    # moves the sampled pixels of a large image)
    def cos(v: np.float32) -> np.float32:
        return f(math.cos(float(v)))

    def sin(v: np.float32) -> np.float32:
        return f(math.sin(float(v)))

    def tan(v: np.float32) -> np.float32:
        return f(math.tan(float(v)))

    asy = f(a + sy)
    m0 = s * cos(asy) / cos(sy)
    m1 = s * (f(-1) * cos(asy) * tan(sx) / cos(sy) - sin(a))
    m3 = s * sin(asy) / cos(sy)
    m4 = s * (f(-1) * sin(asy) * tan(sx) / cos(sy) + cos(a))
    m2 = (f(1) - m0) * cx - m1 * cy + f(translate[0])
    m5 = (f(1) - m4) * cy - m3 * cx + f(translate[1])
    return np.array([[m0, m1, m2], [m3, m4, m5]], np.float32)


def affine(
    x: np.ndarray,
    degrees: float,
    translate: Sequence[float],
    scale: float,
    shear: Sequence[float],
    interp: Inter,
    fill: tuple[int, int, int],
) -> np.ndarray:
    channels = x.shape[2] if x.ndim == 3 else 1
    if interp == Inter.BICUBIC and channels > 4:
        raise RuntimeError(
            "Affine: interpolation can not be CUBIC when image channel is greater than 4."
        )
    m = affine_matrix(x.shape[0], x.shape[1], degrees, translate, scale, shear)
    return _cv.warp_affine(x, m, (x.shape[1], x.shape[0]), interp, fill)


def _shear_pair(shear: Any) -> tuple[float, float]:
    """Affine's ``shear``: one angle (x) or (x, y), each in [-180, 180]."""
    type_check(shear, (numbers.Number, tuple, list), "shear")
    if not isinstance(shear, list | tuple):
        check_value(shear, (-180, 180), "shear")
        return float(shear), 0.0
    if len(shear) != 2:
        raise TypeError("The length of shear should be 2.")
    for i, s in enumerate(shear):
        type_check(s, (int, float), f"shear[{i}]")
        check_value(s, (-180, 180), f"shear[{i}]")
    return float(shear[0]), float(shear[1])


class Affine(ImageOperation):
    """Rotation ``degrees``, translation ``translate`` (fractions of the width and height, in
    [-1, 1]), isotropic ``scale`` and ``shear`` (x, y degrees) about the image centre.

    Args:
        degrees (float): the rotation, in [-180, 180].
        translate (Sequence[float]): (x, y) shifts as fractions of the width and height, in [-1, 1].
        scale (float): the scale, > 0.
        shear (Union[float, Sequence[float]]): the shear angles (x, y).
        resample (Inter): the interpolation. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Affine(degrees=90, translate=[0, 0], scale=1.0, shear=0)
        >>> out = op(image)
        >>> print(out[:, :, 0])
        [[36 24 12  0]
         [39 27 15  3]
         [42 30 18  6]
         [45 33 21  9]]
    """

    batched = False

    def __init__(
        self,
        degrees: float,
        translate: Sequence[float],
        scale: float,
        shear: float | Sequence[float],
        resample: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        type_check(degrees, (int, float), "degrees")
        check_value(degrees, (-180, 180), "degrees")
        type_check(translate, (list, tuple), "translate")
        if len(translate) != 2:
            raise TypeError("The length of translate should be 2.")
        for i, t in enumerate(translate):
            type_check(t, (int, float), f"translate[{i}]")
            check_value(t, (-1.0, 1.0), f"translate[{i}]")
        type_check(scale, (int, float), "scale")
        check_positive(scale, "scale")
        self.degrees, self.translate, self.scale = float(degrees), tuple(translate), float(scale)
        self.shear = _shear_pair(shear)
        self.resample = check_interp(resample, "Affine", "resample")
        self.fill_value = fill3(fill_value, "Affine")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "Affine")
        h, w = x.shape[:2]
        t = (
            np.float32(self.translate[0]) * np.float32(w),
            np.float32(self.translate[1]) * np.float32(h),
        )
        args = (self.degrees, t, self.scale, self.shear)
        return affine(x, *args, self.resample, self.fill_value)


class RandomAffine(ImageOperation):
    """Affine with parameters drawn uniformly: ``degrees`` (a number d: (-d, d)), ``translate``
    (fractions of width/height: (x_min, x_max[, y_min, y_max])), ``scale`` (min, max) and
    ``shear`` (a number s: x in (-s, s); 2 values: x range; 4 values: x and y ranges).

    Args:
        degrees (Union[float, Sequence[float]]): the rotation range.
        translate (Sequence[float], optional): the shift ranges, fractions of width and height. Default: ``None``.
        scale (Sequence[float], optional): the scale range. Default: ``None``.
        shear (Union[float, Sequence[float]], optional): the shear ranges. Default: ``None``.
        resample (Inter): the interpolation. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomAffine(degrees=15, translate=(-0.1, 0.1))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    seeded_draw = "sequence"  # six uniform_real_distribution<float> draws, as MindSpore's op

    @_validators.check_random_affine
    def __init__(
        self,
        degrees: float | Sequence[float],
        translate: Sequence[float] | None = None,
        scale: Sequence[float] | None = None,
        shear: float | Sequence[float] | None = None,
        resample: Inter = Inter.NEAREST,
        fill_value: int | Sequence[int] = 0,
    ) -> None:
        if isinstance(degrees, int | float):
            degrees = (-degrees, degrees)
        self.degrees = (float(degrees[0]), float(degrees[1]))
        if translate is not None and len(translate) == 2:
            translate = (*translate, 0.0, 0.0)
        self.translate = tuple(float(t) for t in translate) if translate else (0.0,) * 4
        self.scale = (float(scale[0]), float(scale[1])) if scale is not None else (1.0, 1.0)
        if shear is None:
            shear4: tuple[float, ...] = (0.0,) * 4
        elif isinstance(shear, int | float):
            shear4 = (-float(shear), float(shear), 0.0, 0.0)
        else:
            shear4 = tuple(float(s) for s in shear) + (0.0, 0.0) * (len(shear) == 2)
        self.shear = shear4
        # the kernel refuses another mode when it runs (MindSpore checks it as the op is built)
        self.resample = resample
        self.fill_value = fill3(fill_value, "RandomAffine")

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, ...]:
        """MindSpore's six draws (degrees, x and y translation, scale, x and y shear), each one
        32-bit output read by ``uniform_real_distribution<float>``."""
        return tuple(draws.word() for _ in range(6))

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        if self.resample not in _cv.INTER:
            if self.resample == Inter.ANTIALIAS:  # MindSpore's Python kernel, for PIL images only
                raise ValueError("Input image should be a Pillow image.")
            raise syntax_error(
                "RandomAffine: Invalid InterpolationMode, check input value of enum."
            )
        x = check_rank(x, "RandomAffine")
        f = np.float32
        h, w = f(x.shape[0]), f(x.shape[1])
        t = [f(v) for v in self.translate]
        ranges = [self.degrees, (t[0] * w, t[1] * w), (t[2] * h, t[3] * h), self.scale]
        ranges += [self.shear[:2], self.shear[2:]]
        if u.dtype.kind == "i":  # drawn from a seeded stream
            c = [canonical_float(int(v)) for v in u[:6]]
        else:
            c = rng_of(u).random(6).tolist()
        degrees, tx, ty, scale, sx, sy = (float(scale32(c[i], *r)) for i, r in enumerate(ranges))
        degrees = float(np.fmod(f(degrees), f(360.0)))
        return affine(x, degrees, (tx, ty), scale, (sx, sy), self.resample, self.fill_value)

    pil = _via_numpy


def _points(points: Any, arg: str) -> list[list[int]]:
    type_check(points, (list, tuple), arg)
    if len(points) != 4:
        raise TypeError(f"{arg} should be a list or tuple of length 4.")
    for p in points:
        type_check(p, (list, tuple), arg)
        if len(p) != 2:
            raise TypeError(f"each point of {arg} should be a list or tuple of length 2.")
        for v in p:
            type_check(v, (int,), arg)
    return [[int(v) for v in p] for p in points]


def perspective(x: np.ndarray, start: Sequence, end: Sequence, interp: Inter) -> np.ndarray:
    src = np.asarray(start, np.float32)
    dst = np.asarray(end, np.float32)
    m = cv2.getPerspectiveTransform(src, dst, cv2.DECOMP_LU)
    out = cv2.warpPerspective(
        np.ascontiguousarray(x), m, (x.shape[1], x.shape[0]), flags=_cv.INTER[interp]
    )
    return _cv.keep_channels(out, x)


class Perspective(ImageOperation):
    """Warp so the four ``start_points`` land on ``end_points`` ([x, y] each).

    Args:
        start_points (Sequence[Sequence[int]]): four [x, y] corners in the input.
        end_points (Sequence[Sequence[int]]): where they go.
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Perspective([[0, 0], [3, 0], [3, 3], [0, 3]], [[0, 0], [3, 0], [3, 3], [0, 3]])
        >>> out = op(image)
        >>> print(bool((out == image).all()))
        True
    """

    batched = False

    def __init__(
        self, start_points: Sequence, end_points: Sequence, interpolation: Inter = Inter.BILINEAR
    ) -> None:
        self.start_points = _points(start_points, "start_points")
        self.end_points = _points(end_points, "end_points")
        self.interpolation = check_interp(interpolation, "Perspective")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "Perspective")
        return perspective(x, self.start_points, self.end_points, self.interpolation)

    pil = _via_numpy


class RandomPerspective(ImageOperation):
    """With probability ``prob``, move each corner inward by up to ``distortion_scale`` of half
    the width/height (torchvision's and MindSpore's corner draw) and warp.

    Args:
        distortion_scale (float): how far each corner may move, in [0, 1]. Default: ``0.5``.
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.
        interpolation (Inter): the interpolation. Default: ``Inter.BICUBIC``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomPerspective(prob=1.0)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    python_only = True

    batched = False
    random_draws = 1

    def __init__(
        self, distortion_scale: float = 0.5, prob: float = 0.5, interpolation: Inter = Inter.BICUBIC
    ) -> None:
        type_check(distortion_scale, (int, float), "distortion_scale")
        check_value(distortion_scale, (0, 1), "distortion_scale")
        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        self.distortion_scale, self.prob = float(distortion_scale), float(prob)
        self.interpolation = check_interp(interpolation, "RandomPerspective")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "RandomPerspective")
        rng = rng_of(u)
        if rng.random() >= self.prob:
            return x
        h, w = x.shape[:2]
        dw, dh = int(self.distortion_scale * w / 2), int(self.distortion_scale * h / 2)

        def r(n: int) -> int:
            return int(rng.integers(0, n + 1))

        start = [[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]]
        end = [
            [r(dw), r(dh)],
            [w - 1 - r(dw), r(dh)],
            [w - 1 - r(dw), h - 1 - r(dh)],
            [r(dw), h - 1 - r(dh)],
        ]
        return perspective(x, start, end, self.interpolation)

    pil = _via_numpy


class RandomResize(ImageOperation):
    """Resize to ``size`` with an interpolation drawn uniformly from LINEAR, NEAREST, BICUBIC,
    AREA (MindSpore's RandomResize).

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomResize((2, 3))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (2, 3, 3) uint8
    """

    batched = False
    random_draws = 1
    _modes = (Inter.LINEAR, Inter.NEAREST, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size: int | Sequence[int]) -> None:
        from deepsink.dataset.vision.transforms import Resize

        self._resizes = [Resize(size, m) for m in self._modes]
        self.size = size

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        k = min(int(float(u[0]) * len(self._modes)), len(self._modes) - 1)
        return self._resizes[k].apply(x)


class PadToSize(ImageOperation):
    """Pad to ``size`` (height, width) with the image at ``offset`` (top, left; default centred,
    the extra pixel at the bottom/right).

    Args:
        size (Union[int, Sequence[int]]): the target (height, width).
        offset (Union[int, Sequence[int]], optional): the image's (top, left) in the result. Default:
            ``None`` (centred).
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.
        padding_mode (Border): CONSTANT, EDGE, REFLECT or SYMMETRIC. Default: ``None`` (CONSTANT).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.PadToSize((6, 6))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (6, 6, 3) uint8
    """

    batched = False

    def __init__(
        self,
        size: int | Sequence[int],
        offset: int | Sequence[int] | None = None,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Any = None,
    ) -> None:
        from deepsink.dataset.vision.utils import Border

        self.size = _pair(size, "size", "PadToSize")
        if offset is not None:
            if isinstance(offset, int) and not isinstance(offset, bool):
                offset = (offset, offset)
            type_check(offset, (list, tuple), "offset")
            if len(offset) != 2:
                raise TypeError("offset should be an int or a sequence of 2 ints.")
            for o in offset:
                type_check(o, (int,), "offset")
                check_value(o, (0, INT32_MAX), "offset")
        self.offset = None if offset is None else (int(offset[0]), int(offset[1]))
        self.fill_value = fill3(fill_value, "PadToSize")
        padding_mode = Border.CONSTANT if padding_mode is None else padding_mode
        type_check(padding_mode, (Border,), "padding_mode")
        self.padding_mode = padding_mode

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "PadToSize")
        (th, tw), (h, w) = self.size, x.shape[:2]
        if th < h or tw < w:
            raise ValueError(
                f"PadToSize: the target size {self.size} must not be smaller than the image "
                f"size {(h, w)}"
            )
        if self.offset is None:
            top, left = (th - h) // 2, (tw - w) // 2
        else:
            top, left = self.offset
        bottom, right = th - h - top, tw - w - left
        if bottom < 0 or right < 0:
            raise ValueError(
                f"PadToSize: the image of size {(h, w)} at offset {(top, left)} does not fit "
                f"in {self.size}"
            )
        out = cv2.copyMakeBorder(
            np.ascontiguousarray(x),
            top,
            bottom,
            left,
            right,
            _cv.BORDER[self.padding_mode],
            value=_cv.fill_scalar(self.fill_value, 3),
        )
        return _cv.keep_channels(out, x)


class FiveCrop(ImageOperation):
    """The four corner crops and the centre crop of ``size`` (a tuple of 5 images).

    Args:
        size (Union[int, Sequence[int]]): the crops' size.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.FiveCrop(2)
        >>> crops = op(image)
        >>> print(len(crops), crops[0].shape)
        5 (2, 2, 3)
    """

    python_only = True

    batched = False

    def __init__(self, size: int | Sequence[int]) -> None:
        self.size = _pair(size, "size", type(self).__name__)

    def crops(self, x: np.ndarray) -> list[np.ndarray]:
        (ch, cw), (h, w) = self.size, x.shape[:2]
        if ch > h or cw > w:
            raise ValueError(f"Crop size {self.size} is larger than input image size {(h, w)}.")
        top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
        return [
            x[:ch, :cw],
            x[:ch, w - cw :],
            x[h - ch :, :cw],
            x[h - ch :, w - cw :],
            x[top : top + ch, left : left + cw],
        ]

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> tuple:
        return tuple(np.ascontiguousarray(c) for c in self.crops(check_image(x, self.name)))

    def pil(self, img: Any, u: np.ndarray | None = None) -> tuple:
        from deepsink.dataset.vision.transforms import _to_pil_like

        return tuple(_to_pil_like(c, img) for c in self.apply(np.asarray(img)))


class TenCrop(FiveCrop):
    """FiveCrop of the image and of its mirror (``use_vertical_flip``: top-bottom mirror).

    Args:
        size (Union[int, Sequence[int]]): the crops' size.
        use_vertical_flip (bool): mirror top-bottom instead of left-right. Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.TenCrop(2)
        >>> crops = op(image)
        >>> print(len(crops), crops[0].shape)
        10 (2, 2, 3)
    """

    @_validators.check_ten_crop
    def __init__(self, size: int | Sequence[int], use_vertical_flip: bool = False) -> None:
        super().__init__(size)
        self.use_vertical_flip = check_bool(use_vertical_flip, "use_vertical_flip", "TenCrop")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> tuple:
        x = check_image(x, "TenCrop")
        flipped = x[::-1] if self.use_vertical_flip else x[:, ::-1]
        return super().apply(x) + super().apply(flipped)
