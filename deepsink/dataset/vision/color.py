"""Colour and pixel-value vision ops: conversions, blurs, brightness/contrast/saturation/hue,
gamma, histogram ops, erasing.

They run MindSpore's OpenCV calls (``cv::cvtColor``, ``cv::GaussianBlur``, ``cv::addWeighted``,
``cv::equalizeHist``, ``cv::LUT``) with its arithmetic, so uint8 outputs equal 2.10's pixels.
The random variants draw their factors from one per-sample uniform (see ``geometry.rng_of``).
"""

from __future__ import annotations

import colorsys
from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np

from deepsink._core.validate import check_bool, fail_arg
from deepsink.dataset.core.std_random import Draws, canonical_float, scale32
from deepsink.dataset.core.validator_helpers import (
    INT32_MAX,
    check_non_negative_float32,
    check_value,
    type_check,
)
from deepsink.dataset.transforms.transforms import TypeCast
from deepsink.dataset.vision import _cv, _hsv
from deepsink.dataset.vision import validators as _validators
from deepsink.dataset.vision.geometry import check_image, rng_of
from deepsink.dataset.vision.image_rank import RANKS, check_rank
from deepsink.dataset.vision.transforms import ImageOperation, _via_numpy
from deepsink.dataset.vision.utils import ConvertMode, SliceMode


class ConvertColor(ImageOperation):
    """``cv::cvtColor`` between RGB, BGR, RGBA, BGRA and grey (``convert_mode``).

    Args:
        convert_mode (ConvertMode): the conversion, e.g. ``ConvertMode.COLOR_RGB2GRAY``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.ConvertColor(vision.ConvertMode.COLOR_RGB2BGR)
        >>> out = op(image)
        >>> print(image[0, 0], out[0, 0])
        [0 1 2] [2 1 0]
    """

    batched = False

    def __init__(self, convert_mode: ConvertMode) -> None:
        type_check(convert_mode, (ConvertMode,), "convert_mode")
        self.convert_mode = convert_mode

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "ConvertColor")
        channels = x.shape[2] if x.ndim == 3 else 1
        if channels not in (1, 3, 4):
            raise RuntimeError(
                f"ConvertColor: number of channels of image should be 1, 3, 4, but got:{channels}"
            )
        try:
            return cv2.cvtColor(np.ascontiguousarray(x), int(self.convert_mode))
        except cv2.error as e:
            raise RuntimeError(f"ConvertColor: {e}") from e


def _odd_sizes(kernel_size: Any) -> tuple[int, int]:
    if isinstance(kernel_size, int) and not isinstance(kernel_size, bool):
        kernel_size = (kernel_size, kernel_size)
    type_check(kernel_size, (list, tuple), "kernel_size")
    if len(kernel_size) != 2:
        raise TypeError(
            "kernel_size should be a single integer or a list/tuple (kernel_width, kernel_height) of length 2."
        )
    for k in kernel_size:
        type_check(k, (int,), "kernel_size")
        check_value(k, (1, INT32_MAX), "kernel_size")
        if k % 2 == 0:
            raise ValueError(f"Input kernel_size is not an odd value, got: {k}.")
    return int(kernel_size[0]), int(kernel_size[1])


class GaussianBlur(ImageOperation):
    """``cv::GaussianBlur`` with ``kernel_size`` (width, height) and ``sigma`` (x, y); a missing
    sigma is ``0.3 * ((k - 1) * 0.5 - 1) + 0.8`` per side, as MindSpore derives it.

    Args:
        kernel_size (Union[int, Sequence[int]]): odd positive (width, height).
        sigma (Union[float, Sequence[float]], optional): the standard deviations (x, y). Default: ``None``
            (from the kernel size).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.GaussianBlur(3, 1.0)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False

    @_validators.check_gaussian_blur
    def __init__(self, kernel_size: int | Sequence[int], sigma: Any = None) -> None:
        self.given = (kernel_size, sigma)  # as written by serialize
        self.kernel_size = _odd_sizes(kernel_size)
        if sigma is None:
            sigma = tuple(0.3 * ((k - 1) * 0.5 - 1) + 0.8 for k in self.kernel_size)
        elif isinstance(sigma, int | float) and not isinstance(sigma, bool):
            check_value(sigma, (0, 16777216), "sigma")
            sigma = (float(sigma), float(sigma))
        type_check(sigma, (list, tuple), "sigma")
        if len(sigma) != 2:
            raise TypeError("sigma should be a single number or a list/tuple of length 2.")
        for s in sigma:
            type_check(s, (int, float), "sigma")
            check_value(s, (0, 16777216), "sigma")
        self.sigma = (float(sigma[0]), float(sigma[1]))

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "GaussianBlur")
        sx, sy = (float(np.float32(s)) for s in self.sigma)
        out = cv2.GaussianBlur(np.ascontiguousarray(x), self.kernel_size, sx, sigmaY=sy)
        return _cv.keep_channels(out, x)


def _factor(v: Any, arg: str, lo: float = 0, hi: float = 16777216) -> float:
    type_check(v, (int, float), arg)
    check_value(v, (lo, hi), arg)
    return float(v)


def _rgb(x: Any, api: str) -> np.ndarray:
    x = np.asarray(x)
    if x.ndim != 3 or x.shape[2] != 3:
        raise RuntimeError(f"{api}: the image must be <H, W, 3> (RGB), but got shape {x.shape}")
    return np.ascontiguousarray(x)


def brightness(x: np.ndarray, alpha: float) -> np.ndarray:
    """``input * alpha`` with saturation (OpenCV's ``Mat * scalar``)."""
    x = np.ascontiguousarray(x)
    return cv2.addWeighted(x, float(np.float32(alpha)), x, 0.0, 0.0)


def contrast(x: np.ndarray, alpha: float) -> np.ndarray:
    """Blend with the mean of the grey image (MindSpore's AdjustContrast)."""
    x = _rgb(x, "AdjustContrast")
    gray = cv2.cvtColor(x, cv2.COLOR_RGB2GRAY)
    mean = cv2.mean(gray)[0]
    base = np.zeros(x.shape[:2], x.dtype)
    base = cv2.add(base, mean)  # saturating, rounded as OpenCV adds a scalar
    base = cv2.cvtColor(base, cv2.COLOR_GRAY2RGB)
    a = float(np.float32(alpha))
    return cv2.addWeighted(base, 1.0 - a, x, a, 0.0)


def saturation(x: np.ndarray, alpha: float) -> np.ndarray:
    """Blend with the grey image (MindSpore's AdjustSaturation)."""
    x = _rgb(x, "AdjustSaturation")
    gray = cv2.cvtColor(cv2.cvtColor(x, cv2.COLOR_RGB2GRAY), cv2.COLOR_GRAY2RGB)
    a = float(np.float32(alpha))
    return cv2.addWeighted(gray, 1.0 - a, x, a, 0.0)


def hue(x: np.ndarray, factor: float) -> np.ndarray:
    """Shift the hue channel of OpenCV's full-range HSV by ``uint8(factor * 255)`` (wrapping),
    converting as MindSpore's bundled OpenCV does (``_hsv``), whatever OpenCV is installed."""
    x = _rgb(x, "AdjustHue")
    if x.dtype != np.uint8:
        raise RuntimeError(f"AdjustHue: the image must be uint8, but got {x.dtype}")
    hsv = _hsv.rgb_to_hsv_full(x)
    shift = np.float32(factor) * np.float32(255)
    delta = (
        np.int64(np.trunc(shift)).astype(np.uint8)
        if shift >= 0
        else np.uint8(np.int64(np.trunc(shift)) & 0xFF)
    )
    hsv[..., 0] = hsv[..., 0] + delta  # uint8 wraps, as MindSpore's loop does
    return _hsv.hsv_full_to_rgb(hsv)


def gamma_adjust(x: np.ndarray, gamma: float, gain: float) -> np.ndarray:
    x = np.asarray(x)
    if x.ndim < 2:
        raise RuntimeError(
            f"AdjustGamma: input tensor is not in shape of <...,H,W,C> or <H,W>, got shape:{x.shape}"
        )
    channels = x.shape[-1] if x.ndim > 2 else 1
    if channels not in (1, 3):
        raise RuntimeError(
            f"AdjustGamma: channel of input image should be 1 or 3, but got: {channels}"
        )
    if x.dtype.kind == "f":
        out = np.power(x.astype(np.float32) * np.float32(gain), np.float32(gamma))
        return np.clip(out, 0.0, 1.0).astype(x.dtype)
    f = np.arange(256, dtype=np.float32) / np.float32(255)
    f = np.power(f, np.float32(gamma)).astype(np.float32)
    lut = np.floor(np.minimum(f * np.float32(256 - 1e-3) * np.float32(gain), np.float32(255)))
    return lut.astype(np.uint8)[x.astype(np.uint8)]


def sharpness(x: np.ndarray, alpha: float) -> np.ndarray:
    """Blend with the 3x3 smoothing (1 1 1 / 1 5 1 / 1 1 1) / 13, border pixels kept."""
    x = np.ascontiguousarray(check_image(x, "AdjustSharpness"))
    kernel = np.full((3, 3), 1.0 / 13.0, np.float32)
    kernel[1, 1] = 5.0 / 13.0
    blur = _cv.keep_channels(cv2.filter2D(x, -1, kernel), x)
    blur[0], blur[-1], blur[:, 0], blur[:, -1] = x[0], x[-1], x[:, 0], x[:, -1]
    a = float(np.float32(alpha))
    return _cv.keep_channels(cv2.addWeighted(x, a, blur, 1.0 - a, 0.0), x)


class _Adjust(ImageOperation):
    batched = False
    _fn: Any = None

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return type(self)._fn(np.asarray(x), self.factor)

    pil = _via_numpy


class AdjustBrightness(_Adjust):
    """Scale every pixel by ``brightness_factor`` (saturating).

    Args:
        brightness_factor (float): the factor, >= 0 (0 black, 1 unchanged).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AdjustBrightness(2.0)
        >>> out = op(image)
        >>> print(out[0, 0], image[0, 0])
        [0 2 4] [0 1 2]
    """

    _fn = staticmethod(brightness)

    @_validators.check_adjust_brightness
    def __init__(self, brightness_factor: float) -> None:
        self.factor = self.brightness_factor = _factor(brightness_factor, "brightness_factor")


class AdjustContrast(_Adjust):
    """Blend with the mean grey level by ``contrast_factor`` (0: flat grey, 1: unchanged).

    Args:
        contrast_factor (float): the factor, >= 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AdjustContrast(0.0)
        >>> out = op(image)
        >>> print(out.shape, len(np.unique(out)))
        (4, 4, 3) 1
    """

    _fn = staticmethod(contrast)

    @_validators.check_adjust_contrast
    def __init__(self, contrast_factor: float) -> None:
        self.factor = self.contrast_factor = _factor(contrast_factor, "contrast_factor")


class AdjustSaturation(_Adjust):
    """Blend with the grey image by ``saturation_factor`` (0: grey, 1: unchanged).

    Args:
        saturation_factor (float): the factor, >= 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AdjustSaturation(0.0)
        >>> out = op(image)
        >>> print(out[1, 1])
        [16 16 16]
    """

    _fn = staticmethod(saturation)

    @_validators.check_adjust_saturation
    def __init__(self, saturation_factor: float) -> None:
        self.factor = self.saturation_factor = _factor(saturation_factor, "saturation_factor")


class AdjustHue(_Adjust):
    """Rotate the hue by ``hue_factor`` of a turn, in [-0.5, 0.5].

    Args:
        hue_factor (float): the fraction of a turn, in [-0.5, 0.5].

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AdjustHue(0.5)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    _fn = staticmethod(hue)

    @_validators.check_adjust_hue
    def __init__(self, hue_factor: float) -> None:
        self.factor = self.hue_factor = _factor(hue_factor, "hue_factor", -0.5, 0.5)


class AdjustSharpness(_Adjust):
    """Blend with a 3x3 smoothing by ``sharpness_factor`` (0: smoothed, 1: unchanged).

    Args:
        sharpness_factor (float): the factor, >= 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AdjustSharpness(2.0)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    # MindSpore's op has no PIL implementation: a PIL image comes back as numpy
    pil = None

    _fn = staticmethod(sharpness)

    def __init__(self, sharpness_factor: float) -> None:
        self.factor = self.sharpness_factor = _factor(sharpness_factor, "sharpness_factor")


class AdjustGamma(ImageOperation):
    """``gain * x ** gamma`` (uint8 through MindSpore's lookup table; floats in [0, 1]).

    Args:
        gamma (float): the exponent, >= 0.
        gain (float): the multiplier. Default: ``1``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AdjustGamma(gamma=2.0)
        >>> out = op(image)
        >>> print(out[0, 0], out[3, 3])
        [0 0 0] [7 8 8]
    """

    batched = False

    @_validators.check_adjust_gamma
    def __init__(self, gamma: float, gain: float = 1) -> None:
        self.gamma = _factor(gamma, "gamma")
        type_check(gain, (int, float), "gain")
        self.gain = float(gain)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return gamma_adjust(x, self.gamma, self.gain)

    pil = _via_numpy


def _ignore(ignore: Any) -> list[int]:
    if ignore is None:
        return []
    if isinstance(ignore, int) and not isinstance(ignore, bool):
        ignore = [ignore]
    type_check(ignore, (list, tuple), "ignore")
    for i in ignore:
        type_check(i, (int,), "ignore")
        check_value(i, (0, 255), "ignore")
    return [int(i) for i in ignore]


def autocontrast(x: np.ndarray, cutoff: float, ignore: Sequence[int]) -> np.ndarray:
    """Per channel: cut ``cutoff`` percent of pixels from both ends of the histogram, stretch the
    rest to [0, 255] (MindSpore's lookup-table arithmetic)."""
    x = check_image(x, "AutoContrast")
    x3 = x if x.ndim == 3 else x[..., None]
    if x3.shape[2] not in (1, 3):
        raise RuntimeError(
            f"AutoContrast: channel of input image should be 1 or 3, but got: {x3.shape[2]}"
        )
    out = np.empty_like(x3)
    cut_p = int(cutoff)
    for c in range(x3.shape[2]):
        plane = np.ascontiguousarray(x3[..., c])
        hist = np.bincount(plane.ravel().astype(np.int64), minlength=256)[:256].astype(np.int64)
        hist[list(ignore)] = 0
        n = int(hist.sum())
        for order in (range(256), range(255, -1, -1)):
            cut = int(np.float32(cut_p) / np.float32(100.0) * np.float32(n))
            for i in order:
                if cut <= 0:
                    break
                take = min(cut, int(hist[i]))
                hist[i] -= take
                cut -= take
        lo = 0
        while lo < 255 and not hist[lo]:
            lo += 1
        hi = 255
        while hi >= 0 and not hist[hi]:
            hi -= 1
        if hi <= lo:
            table = np.arange(256)
        else:
            scale = np.float32(255) / np.float32(hi - lo)
            offset = np.float32(-lo) * scale
            table = (np.arange(256, dtype=np.float32) * scale + offset).astype(np.int32)
            table = np.clip(table, 0, 255)
        out[..., c] = table.astype(x.dtype)[plane]
    return out if x.ndim == 3 else out[..., 0]


class AutoContrast(ImageOperation):
    """Stretch each channel's histogram (``cutoff`` percent clipped at both ends; ``ignore``:
    pixel values left out of the histogram).

    Args:
        cutoff (float): the percent of the histogram clipped at each end, in [0, 50). Default: ``0.0``.
        ignore (Union[int, Sequence[int]], optional): pixel values left out of the histogram. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.AutoContrast()
        >>> out = op(image)
        >>> print(out.min(), out.max())
        0 255
    """

    batched = False

    @_validators.check_auto_contrast
    def __init__(self, cutoff: float = 0.0, ignore: Any = None) -> None:
        type_check(cutoff, (int, float), "cutoff")
        check_value(cutoff, (0, 50), "cutoff")
        self.cutoff, self.ignore = float(cutoff), _ignore(ignore)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return autocontrast(np.asarray(x), self.cutoff, self.ignore)

    pil = _via_numpy


def equalize(x: np.ndarray) -> np.ndarray:
    x = check_image(x, "Equalize")
    if x.dtype != np.uint8:
        raise RuntimeError(f"Equalize: the image must be uint8, but got {x.dtype}")
    if x.ndim == 2:
        return cv2.equalizeHist(np.ascontiguousarray(x))
    if x.shape[2] not in (1, 3):
        raise RuntimeError(
            f"Equalize: channel of input image should be 1 or 3, but got: {x.shape[2]}"
        )
    planes = [cv2.equalizeHist(np.ascontiguousarray(x[..., c])) for c in range(x.shape[2])]
    return np.stack(planes, axis=-1)


class Equalize(ImageOperation):
    """Histogram equalisation per channel (``cv::equalizeHist``).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Equalize()
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return equalize(np.asarray(x))

    pil = _via_numpy


def posterize(x: np.ndarray, bits: int) -> np.ndarray:
    x = check_image(x, "Posterize")
    if x.dtype not in (np.uint8, np.int8):
        raise RuntimeError(
            f"Posterize: data type of input image should be int8 or uint8, but got {x.dtype}"
        )
    mask = (~((1 << (8 - bits)) - 1)) & 0xFF
    return (x.view(np.uint8) & np.uint8(mask)).view(x.dtype)


class Posterize(ImageOperation):
    """Keep the ``bits`` high bits of each channel.

    Args:
        bits (int): the high bits kept, in [0, 8].

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Posterize(2)
        >>> out = op(image)
        >>> print(np.unique(out))
        [0]
    """

    batched = False

    @_validators.check_posterize
    def __init__(self, bits: int) -> None:
        type_check(bits, (int,), "bits")
        check_value(bits, (0, 8), "bits")
        self.bits = bits

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return posterize(np.asarray(x), self.bits)


def solarize(x: np.ndarray, lo: float, hi: float) -> np.ndarray:
    x = check_image(x, "Solarize")
    inside = (x >= lo) if lo == hi else ((x >= lo) & (x <= hi))
    return np.where(inside, (255 - x.astype(np.float64)).astype(x.dtype), x)


class Solarize(ImageOperation):
    """Invert (255 - p) the pixels at or above ``threshold`` (a number), or within [lo, hi].

    Args:
        threshold (Union[float, Sequence[float]]): pixels at or above it (or within [lo, hi]) are inverted.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Solarize(20)
        >>> out = op(image)
        >>> print(image[0, 0], out[0, 0], image[3, 3], out[3, 3])
        [0 1 2] [0 1 2] [45 46 47] [210 209 208]
    """

    batched = False

    @_validators.check_solarize
    def __init__(self, threshold: float | Sequence[float]) -> None:
        if isinstance(threshold, int | float) and not isinstance(threshold, bool):
            threshold = (threshold, threshold)
        type_check(threshold, (list, tuple), "threshold")
        if len(threshold) != 2:
            raise TypeError("threshold must be a single number or a sequence of two numbers.")
        for t in threshold:
            type_check(t, (int, float), "threshold")
            check_value(t, (0, 255), "threshold")
        if threshold[0] > threshold[1]:
            raise ValueError("threshold must be in order of (min, max).")
        self.threshold = (float(threshold[0]), float(threshold[1]))

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return solarize(np.asarray(x), *self.threshold)


def _chw_channels(x: np.ndarray, is_hwc: bool, api: str) -> list[np.ndarray]:
    if x.ndim != 3 or (x.shape[2] if is_hwc else x.shape[0]) != 3:
        raise TypeError(
            f"{api}: img should be 3 channels RGB img. Got {x.shape[2 if is_hwc else 0]} channels."
        )
    return [x[..., i] for i in range(3)] if is_hwc else [x[i] for i in range(3)]


class RgbToHsv(ImageOperation):
    """RGB in [0, 1] to HSV (``colorsys``), <H, W, 3> (``is_hwc``) or <3, H, W>; a batch too.

    Args:
        is_hwc (bool): the image is <H, W, 3> (else <3, H, W>). Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.array([[[0.0, 0.0, 1.0]]], np.float32)  # pure blue
        >>> op = vision.RgbToHsv(is_hwc=True)
        >>> out = op(image)
        >>> print(out)
        [[[0.66666667 1.         1.        ]]]
    """

    python_only = True

    batched = False

    def __init__(self, is_hwc: bool = False) -> None:
        self.is_hwc = check_bool(is_hwc, "is_hwc", type(self).__name__)

    _convert = staticmethod(colorsys.rgb_to_hsv)

    def pil(self, img: Any, u: np.ndarray | None = None) -> np.ndarray:
        raise TypeError(f"img should be NumPy image. Got {type(img)}.")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim == 4:
            return np.stack([self.apply(i) for i in x])
        a, b, c = _chw_channels(x, self.is_hwc, self.name)
        out = np.vectorize(type(self)._convert, otypes=[np.float64] * 3)(a, b, c)
        return np.stack(out, axis=2 if self.is_hwc else 0)


class HsvToRgb(RgbToHsv):
    """HSV to RGB (``colorsys``), the inverse of RgbToHsv.

    Args:
        is_hwc (bool): the image is <H, W, 3> (else <3, H, W>). Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.array([[[0.0, 1.0, 1.0]]], np.float32)  # pure red in HSV
        >>> op = vision.HsvToRgb(is_hwc=True)
        >>> out = op(image)
        >>> print(out)
        [[[1. 0. 0.]]]
    """

    _convert = staticmethod(colorsys.hsv_to_rgb)


class Erase(ImageOperation):
    """Fill the box (top, left, height, width) with ``value`` (a number or an RGB triple).

    Args:
        top (int): the box's top row.
        left (int): its left column.
        height (int): its height.
        width (int): its width.
        value (Union[int, float, tuple]): the fill, a number or an RGB triple. Default: ``0``.
        inplace (bool): write into the input array. Default: ``False``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Erase(1, 1, 2, 2, value=9)
        >>> out = op(image)
        >>> print(out[:, :, 0])
        [[ 0  3  6  9]
         [12  9  9 21]
         [24  9  9 33]
         [36 39 42 45]]
    """

    batched = False

    @_validators.check_erase
    def __init__(
        self, top: int, left: int, height: int, width: int, value: Any = 0, inplace: bool = False
    ) -> None:
        for arg, v, lo in (
            ("top", top, 0),
            ("left", left, 0),
            ("height", height, 1),
            ("width", width, 1),
        ):
            type_check(v, (int,), arg)
            check_value(v, (lo, INT32_MAX), arg)
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = (value,) * 3
        type_check(value, (list, tuple), "value")
        if len(value) != 3:
            raise TypeError("value should be a number or a sequence of 3 numbers.")
        for v in value:
            type_check(v, (int, float), "value")
            check_value(v, (0, 255), "value")
        self.top, self.left, self.height, self.width = top, left, height, width
        self.value = tuple(float(v) for v in value)
        self.inplace = check_bool(inplace, "inplace", "Erase")

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_image(x, "Erase")
        h, w = x.shape[:2]
        if self.height > h or self.width > w:
            raise RuntimeError(
                f"Erase: box size is too large for image erase, got box height: {self.height}"
                f" box width: {self.width}, and image height: {h}, image width: {w}"
            )
        out = x if self.inplace and x.flags.writeable else x.copy()
        box = (
            slice(self.top, min(self.top + self.height, h)),
            slice(self.left, min(self.left + self.width, w)),
        )
        fill = np.asarray(self.value[: (x.shape[2] if x.ndim == 3 else 1)], np.float64)
        filled = np.rint(fill) if x.dtype.kind in "iu" else fill
        out[box] = filled.astype(x.dtype) if x.ndim == 3 else filled[0].astype(x.dtype)
        return out


class NormalizePad(ImageOperation):
    """Normalize, then append a zero channel (4 channels out) in ``dtype``.

    Args:
        mean (Sequence[float]): per-channel means.
        std (Sequence[float]): per-channel standard deviations.
        dtype (str): ``'float32'`` or ``'float16'``. Default: ``'float32'``.
        is_hwc (bool): channels last. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.NormalizePad(mean=[0, 0, 0], std=[255, 255, 255])
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 4) float32
    """

    batched = False

    def __init__(
        self,
        mean: Sequence[float],
        std: Sequence[float],
        dtype: str = "float32",
        is_hwc: bool = True,
    ) -> None:
        from deepsink.dataset.vision.transforms import Normalize

        self._normalize = Normalize(mean, std, is_hwc)
        type_check(dtype, (str,), "dtype")
        if dtype not in ("float32", "float16"):
            raise ValueError(f"NormalizePad: dtype must be 'float32' or 'float16', but got {dtype}")
        self.mean, self.std, self.dtype, self.is_hwc = list(mean), list(std), dtype, is_hwc

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim != 3:
            raise RuntimeError(
                f"NormalizePad: input tensor is not in shape of <H,W,C>, got {x.shape}"
            )
        channels = x.shape[2] if self.is_hwc else x.shape[0]
        if channels != len(self.mean):
            raise RuntimeError(
                "NormalizePad: number of channels does not match the size of mean and std "
                f"vectors, got channels: {channels}, size of mean: {len(self.mean)}"
            )
        y = self._normalize.apply(x).astype(self.dtype)
        axis = 2 if self.is_hwc else 0
        pad_shape = list(y.shape)
        pad_shape[axis] = 1
        return np.concatenate([y, np.zeros(pad_shape, y.dtype)], axis=axis)


class SlicePatches(ImageOperation):
    """Cut the image into ``num_height`` x ``num_width`` patches (returned as that many
    columns); PAD fills the remainder with ``fill_value``, DROP leaves it out.

    Args:
        num_height (int): patches along the height. Default: ``1``.
        num_width (int): patches along the width. Default: ``1``.
        slice_mode (SliceMode): ``SliceMode.PAD`` (fill the remainder) or ``SliceMode.DROP``. Default: ``SliceMode.PAD``.
        fill_value (int): the fill with PAD, in [0, 255]. Default: ``0``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.SlicePatches(2, 2)
        >>> patches = op(image)
        >>> print(len(patches), patches[0].shape)
        4 (2, 2, 3)
    """

    batched = False

    def __init__(
        self,
        num_height: int = 1,
        num_width: int = 1,
        slice_mode: SliceMode = SliceMode.PAD,
        fill_value: int = 0,
    ) -> None:
        for arg, v in (("num_height", num_height), ("num_width", num_width)):
            type_check(v, (int,), arg)
            check_value(v, (1, 512), arg)
        type_check(slice_mode, (SliceMode,), "slice_mode")
        type_check(fill_value, (int,), "fill_value")
        check_value(fill_value, (0, 255), "fill_value")
        self.num_height, self.num_width = num_height, num_width
        self.slice_mode, self.fill_value = slice_mode, fill_value

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> tuple:
        x = check_image(x, "SlicePatches")
        if self.num_height == 1 and self.num_width == 1:
            return (x,)
        h, w = x.shape[:2]
        for n, s, axis in ((self.num_height, h, "height"), (self.num_width, w, "width")):
            if n > s:
                raise RuntimeError(
                    f"SlicePatches: The number of patches on {axis} axis equals 0 or is greater "
                    f"than {axis}, got number of patches:{n}"
                )
        ph, pw = h // self.num_height, w // self.num_width
        if self.slice_mode == SliceMode.PAD:
            ph += h % self.num_height != 0
            pw += w % self.num_width != 0
            padded = np.full(
                (ph * self.num_height, pw * self.num_width, *x.shape[2:]), self.fill_value, x.dtype
            )
            padded[:h, :w] = x
            x = padded
        return tuple(
            np.ascontiguousarray(x[i * ph : (i + 1) * ph, j * pw : (j + 1) * pw])
            for i in range(self.num_height)
            for j in range(self.num_width)
        )


class ToType(TypeCast):
    """Cast to ``data_type`` (a numpy or deepsink dtype).

    Args:
        data_type (Union[mindspore.dtype, numpy.dtype]): the target type.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.ToType(np.float32)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) float32
    """

    # MindSpore's ToType is its TypeCast under the vision name: same checks, same kernel


class ToNumpy(ImageOperation):
    """A PIL image (or anything array-like) to a numpy array.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> from PIL import Image
        >>> image = Image.fromarray(np.zeros((4, 5, 3), np.uint8))
        >>> out = vision.ToNumpy()(image)
        >>> print(type(out).__name__, out.shape, out.dtype)
        ndarray (4, 5, 3) uint8
    """

    batched = False

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return np.asarray(x)

    def pil(self, img: Any, u: np.ndarray | None = None) -> np.ndarray:
        return np.asarray(img)


class LinearTransformation(ImageOperation):
    """Flatten, subtract ``mean_vector``, multiply by the square ``transformation_matrix``,
    reshape back (a numpy <C, H, W> image; D = C * H * W).

    Args:
        transformation_matrix (numpy.ndarray): a (D, D) matrix, D = C * H * W.
        mean_vector (numpy.ndarray): the D values subtracted first.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(4, dtype=np.float32).reshape(1, 2, 2)
        >>> op = vision.LinearTransformation(np.eye(4, dtype=np.float32) * 2, np.ones(4, np.float32))
        >>> out = op(image)
        >>> print(out)
        [[[-2.  0.]
          [ 2.  4.]]]
    """

    python_only = True

    batched = False

    def __init__(self, transformation_matrix: np.ndarray, mean_vector: np.ndarray) -> None:
        type_check(transformation_matrix, (np.ndarray,), "transformation_matrix")
        type_check(mean_vector, (np.ndarray,), "mean_vector")
        m = transformation_matrix
        if m.ndim != 2 or m.shape[0] != m.shape[1]:
            raise ValueError(
                f"transformation_matrix should be a square matrix. Got shape {m.shape} instead"
            )
        if mean_vector.shape[0] != m.shape[0]:
            raise ValueError(
                f"mean_vector length {mean_vector.shape[0]} should match either one dimension of "
                f"the square transformation_matrix {m.shape}."
            )
        self.transformation_matrix, self.mean_vector = m, mean_vector

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.size != self.transformation_matrix.shape[0]:
            raise ValueError(
                f"transformation_matrix shape {self.transformation_matrix.shape} not compatible "
                f"with Numpy image shape {x.shape}."
            )
        flat = x.reshape(1, -1) - self.mean_vector
        return np.dot(flat, self.transformation_matrix).reshape(x.shape)


# -- random colour ops ---------------------------------------------------------------------------
def _factor_range(
    v: Any, arg: str, center: float, bound: tuple[float, float]
) -> tuple[float, float]:
    """A number f as (max(0, center - f), center + f), or a (min, max) pair."""
    if isinstance(v, int | float) and not isinstance(v, bool):
        check_value(v, (0, 16777216), arg)
        return max(bound[0], center - float(v)), center + float(v)
    type_check(v, (list, tuple), arg)
    if len(v) != 2:
        raise TypeError(f"{arg} should be a single number or a list/tuple of length 2.")
    for e in v:
        type_check(e, (int, float), arg)
        check_value(e, bound, arg)
    if v[0] > v[1]:
        raise ValueError(f"{arg} should be in (min,max) format. Got (max,min).")
    return float(v[0]), float(v[1])


class RandomColorAdjust(ImageOperation):
    """Brightness, contrast, saturation and hue, each by a factor drawn from its range, in a
    random order (MindSpore shuffles the four per image); an identity range is skipped.

    Args:
        brightness (Union[float, Sequence[float]]): the factor's range (a number b: [max(0, 1 - b), 1 + b]). Default: ``(1, 1)``.
        contrast (Union[float, Sequence[float]]): likewise. Default: ``(1, 1)``.
        saturation (Union[float, Sequence[float]]): likewise. Default: ``(1, 1)``.
        hue (Union[float, Sequence[float]]): the hue shift's range, within [-0.5, 0.5]. Default: ``(0, 0)``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomColorAdjust(brightness=0.4, contrast=0.4)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    # std::shuffle of the four steps, then uniform_real_distribution<float> per step run
    seeded_draw = "sequence"

    @_validators.check_random_color_adjust
    def __init__(
        self,
        brightness: Any = (1, 1),
        contrast: Any = (1, 1),
        saturation: Any = (1, 1),
        hue: Any = (0, 0),
    ) -> None:
        big = (0, 16777216)
        self.brightness = _factor_range(brightness, "brightness", 1, big)
        self.contrast = _factor_range(contrast, "contrast", 1, big)
        self.saturation = _factor_range(saturation, "saturation", 1, big)
        if isinstance(hue, int | float) and not isinstance(hue, bool):
            check_value(hue, (0, 0.5), "hue")
            hue = (-hue, hue)
        self.hue = _factor_range(hue, "hue", 0, (-0.5, 0.5))

    def _steps(self) -> list:
        return [
            (self.brightness, 1.0, brightness),
            (self.contrast, 1.0, contrast),
            (self.saturation, 1.0, saturation),
            (self.hue, 0.0, hue),
        ]

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, ...]:
        """MindSpore's draws: the order of the four steps (``std::shuffle``), then one 32-bit
        output per step run (an identity range draws none), by step."""
        order = draws.shuffled(4)
        words = [0, 0, 0, 0]
        for k in order.tolist():
            (lo, hi), identity, _ = self._steps()[k]
            if not lo == hi == identity:
                words[k] = draws.word()
        return (*order.tolist(), *words)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        out = check_rank(x, "RandomColorAdjust")
        if out.shape[2] != 3:
            raise RuntimeError(
                "RandomColorAdjust: the channel of image tensor does not match the requirement of "
                f"operator. Expecting tensor in channel of (3). But got channel {out.shape[2]}."
            )
        out = _rgb(out, "RandomColorAdjust")
        steps = self._steps()
        seeded = u.dtype.kind == "i"  # drawn from a seeded stream
        rng = None if seeded else rng_of(u)
        order = u[:4].tolist() if seeded else rng.permutation(4).tolist()
        for k in order:
            (lo, hi), identity, fn = steps[k]
            if lo == hi == identity:
                continue
            c = canonical_float(int(u[4 + k])) if seeded else rng.random()
            out = fn(out, float(scale32(c, lo, hi)))
        return out

    pil = _via_numpy


class _RandomApplyOne(ImageOperation):
    """With probability ``prob``, the deterministic op ``_op``."""

    batched = False
    random_draws = 1
    seeded_draw = "bernoulli"  # std::bernoulli_distribution(prob), as MindSpore's ops draw

    def _check_prob(self, prob: float) -> float:
        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        return float(prob)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_rank(x, self.name) if self.name in RANKS else np.asarray(x)
        return self._run(x) if float(u[0]) < self.prob else x

    pil = _via_numpy


class RandomInvert(_RandomApplyOne):
    """Invert with probability ``prob``.

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomInvert(prob=1.0)
        >>> out = op(image)
        >>> print(image[0, 0], out[0, 0])
        [0 1 2] [255 254 253]
    """

    # MindSpore's op has no PIL implementation: a PIL image comes back as numpy
    pil = None

    def __init__(self, prob: float = 0.5) -> None:
        self.prob = self._check_prob(prob)

    def _run(self, x: np.ndarray) -> np.ndarray:
        from deepsink.dataset.vision.transforms import Invert

        return Invert().apply(x)


class RandomEqualize(_RandomApplyOne):
    """Equalize with probability ``prob``.

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomEqualize(prob=1.0)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    # MindSpore's op has no PIL implementation: a PIL image comes back as numpy
    pil = None

    def __init__(self, prob: float = 0.5) -> None:
        self.prob = self._check_prob(prob)

    def _run(self, x: np.ndarray) -> np.ndarray:
        return equalize(x)


class RandomAutoContrast(_RandomApplyOne):
    """AutoContrast with probability ``prob``.

    Args:
        cutoff (float): the percent clipped at each end. Default: ``0.0``.
        ignore (Union[int, Sequence[int]], optional): values left out of the histogram. Default: ``None``.
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomAutoContrast(prob=1.0)
        >>> out = op(image)
        >>> print(out.min(), out.max())
        0 255
    """

    # MindSpore's op has no PIL implementation: a PIL image comes back as numpy
    pil = None

    def __init__(self, cutoff: float = 0.0, ignore: Any = None, prob: float = 0.5) -> None:
        self._op = AutoContrast(cutoff, ignore)
        self.cutoff, self.ignore = self._op.cutoff, self._op.ignore
        self.prob = self._check_prob(prob)

    def _run(self, x: np.ndarray) -> np.ndarray:
        return self._op.apply(x)


class RandomGrayscale(_RandomApplyOne):
    """With probability ``prob``, grey (ITU-R 601 luma) in as many channels as the input.

    Args:
        prob (float): the probability, in [0, 1]. Default: ``0.1``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomGrayscale(prob=1.0)
        >>> out = op(image)
        >>> print(out.shape, bool((out[..., 0] == out[..., 1]).all()))
        (4, 4, 3) True
    """

    python_only = True
    seeded_draw = None  # MindSpore's Python op draws from Python's random module

    def __init__(self, prob: float = 0.1) -> None:
        self.prob = self._check_prob(prob)

    def _run(self, x: np.ndarray) -> np.ndarray:
        x = _rgb(x, "RandomGrayscale")
        return cv2.cvtColor(cv2.cvtColor(x, cv2.COLOR_RGB2GRAY), cv2.COLOR_GRAY2RGB)

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        if float(u[0]) >= self.prob:
            return img
        channels = len(img.getbands())
        gray = img.convert("L")
        return gray.convert("RGB") if channels == 3 else gray


class RandomPosterize(ImageOperation):
    """Posterize to a number of bits drawn uniformly from ``bits`` (min, max).

    Args:
        bits (Union[int, Sequence[int]]): the (min, max) bits kept, within [1, 8]. Default: ``(8, 8)``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomPosterize((2, 4))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    seeded_draw = "sequence"  # std::uniform_int_distribution(lo, hi), none when lo == hi

    @_validators.check_random_posterize
    def __init__(self, bits: Any = (8, 8)) -> None:
        if isinstance(bits, int) and not isinstance(bits, bool):
            bits = (bits, bits)
        type_check(bits, (list, tuple), "bits")
        if len(bits) != 2:
            raise TypeError("Size of bits should be a single integer or 2.")
        for b in bits:
            type_check(b, (int,), "bits")
            check_value(b, (1, 8), "bits")
        if bits[0] > bits[1]:
            raise ValueError("Input is not within the required interval of (1 to 8).")
        self.bits = (int(bits[0]), int(bits[1]))

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        lo, hi = self.bits
        if u.dtype.kind == "i":  # drawn from a seeded stream
            b = int(u[0])
        else:
            b = min(lo + int(float(u[0]) * (hi - lo + 1)), hi)
        return posterize(check_rank(x, "RandomPosterize"), b)

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int]:
        """The bits MindSpore draws (none drawn for a single value)."""
        lo, hi = self.bits
        return (lo if lo == hi else draws.uniform_int(lo, hi),)


class RandomLighting(ImageOperation):
    """AlexNet's PCA lighting noise: add ``eigvec @ (alpha_rgb * eigval)`` with ``alpha_rgb``
    drawn from N(0, ``alpha``) (MindSpore's ImageNet eigen values).

    Args:
        alpha (float): the standard deviation of the noise, >= 0. Default: ``0.05``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomLighting(0.1)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    # three draws of the op's std::normal_distribution<float>(0, alpha), which it keeps between
    # rows: a row's first draw may be the spare value of the previous row's last pair
    seeded_draw = "sequence"
    _EIG = np.array(
        [
            [55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
            [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
            [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203],
        ],
        np.float32,
    )

    def __init__(self, alpha: float = 0.05) -> None:
        type_check(alpha, (float, int), "alpha")  # MindSpore's check_alpha, in its order
        check_non_negative_float32(alpha, "alpha")
        self.alpha = float(alpha)

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, int, int]:
        """MindSpore's draws: the r, g, b noise, as the bits of three float32 values."""
        rnd = np.array([draws.normal32(self.alpha) for _ in range(3)], np.float32)
        return tuple(rnd.view(np.int32).tolist())

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_rank(x, "RandomLighting")
        if self.alpha == 0:
            return x
        if u.dtype.kind != "i":  # not drawn from a seeded stream: the row's own generator
            u = np.array(self.seeded_params(Draws.of_row(u), x), np.int64)
        r, g, b = u[:3].astype(np.int32).view(np.float32)
        # MindSpore's sums, in float arithmetic from left to right
        pca = np.array([(e[0] * r + e[1] * g) + e[2] * b for e in self._EIG], np.float32)
        out = x.astype(np.float32) + pca
        if x.dtype.kind in "iu":
            info = np.iinfo(x.dtype)
            return np.clip(np.rint(out), info.min, info.max).astype(x.dtype)
        return out.astype(x.dtype)

    pil = _via_numpy


class RandomErasing(ImageOperation):
    """With probability ``prob``, erase a random box of area fraction ``scale`` and aspect
    ``ratio`` in a <C, H, W> numpy image (after ToTensor), with ``value`` (a number, a
    per-channel sequence, or 'random' for normal noise).

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.
        scale (Sequence[float]): the box's area fraction range. Default: ``(0.02, 0.33)``.
        ratio (Sequence[float]): its aspect ratio range. Default: ``(0.3, 3.3)``.
        value (Union[float, str, Sequence]): the fill, or ``'random'``. Default: ``0``.
        inplace (bool): write into the input. Default: ``False``.
        max_attempts (int): tries to find a box that fits. Default: ``10``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.ones((3, 8, 8), np.float32)  # <C, H, W>, after ToTensor
        >>> op = vision.RandomErasing(prob=1.0)
        >>> out = op(image)
        >>> print(out.shape, out.min())
        (3, 8, 8) 0.0
    """

    python_only = True

    batched = False
    random_draws = 1

    def __init__(
        self,
        prob: float = 0.5,
        scale: Sequence[float] = (0.02, 0.33),
        ratio: Sequence[float] = (0.3, 3.3),
        value: Any = 0,
        inplace: bool = False,
        max_attempts: int = 10,
    ) -> None:
        from deepsink.dataset.vision.geometry import _range

        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        self.prob = float(prob)
        self.scale = _range(scale, "scale", 0, 16777216)
        self.ratio = _range(ratio, "ratio", 0, 16777216)
        if not (value == "random" or isinstance(value, int | float | list | tuple)):
            fail_arg(
                "RandomErasing",
                "value",
                "a number, a sequence of numbers or 'random'",
                value,
                TypeError,
            )
        self.value = value
        self.inplace = check_bool(inplace, "inplace", "RandomErasing")
        type_check(max_attempts, (int,), "max_attempts")
        check_value(max_attempts, (1, INT32_MAX), "max_attempts")
        self.max_attempts = max_attempts

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim != 3:
            unpack = (
                "too many values to unpack (expected 3)"
                if x.ndim > 3
                else f"not enough values to unpack (expected 3, got {x.ndim})"
            )
            raise ValueError(
                f"RandomErasing: img should be a <C, H, W> numpy image, got shape {x.shape}: "
                + unpack
            )
        rng = rng_of(u)
        if rng.random() >= self.prob:
            return x
        c, h, w = x.shape
        area = h * w
        lo, hi = np.log(self.ratio[0]), np.log(self.ratio[1])
        for _ in range(self.max_attempts):
            target = rng.uniform(*self.scale) * area
            aspect = float(np.exp(rng.uniform(lo, hi)))
            eh, ew = int(round(np.sqrt(target * aspect))), int(round(np.sqrt(target / aspect)))
            if eh < h and ew < w:
                top, left = int(rng.integers(0, h - eh + 1)), int(rng.integers(0, w - ew + 1))
                out = x if self.inplace and x.flags.writeable else x.copy()
                if self.value == "random":
                    fill = rng.normal(size=(c, eh, ew))
                else:
                    fill = np.asarray(self.value, np.float64).reshape(-1, 1, 1)
                out[:, top : top + eh, left : left + ew] = fill
                return out
        return x
