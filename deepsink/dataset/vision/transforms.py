"""``mindspore.dataset.vision`` transforms with MindSpore's pixel-level results.

Images are numpy arrays <H, W> or <H, W, C> (HWC, as MindSpore's engine passes them); in the
pipeline the engine hands ``apply_batch`` the rows stacked to <N, H, W[, C]>. Resize reproduces
OpenCV (``_cv.py``; the JAX tail reproduces its arithmetic, ``_resize.py``); the crops and flips are exact index operations.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np

from deepsink._core.names import type_repr
from deepsink._core.validate import check_bool, fail_arg
from deepsink.common import dtype as mstype
from deepsink.dataset.core.std_random import Draws, scale32
from deepsink.dataset.core.validator_helpers import INT32_MAX, check_value
from deepsink.dataset.transforms.transforms import TensorOperation, eager_draws, is_pil
from deepsink.dataset.vision import _cv, _resize
from deepsink.dataset.vision import validators as _validators
from deepsink.dataset.vision.image_rank import RANKS, check_rank
from deepsink.dataset.vision.utils import Border, Inter

_INTERP = {
    Inter.LINEAR: _resize.LINEAR,
    Inter.NEAREST: _resize.NEAREST,
    Inter.BICUBIC: _resize.CUBIC,
    Inter.AREA: _resize.AREA,
}


def _pair(size: Any, arg: str, api: str) -> tuple[int, int]:
    """An int or a sequence of two positive ints, as (height, width)."""
    if isinstance(size, int) and not isinstance(size, bool):
        check_value(size, (1, INT32_MAX), arg)
        size = (size, size)
    ok = isinstance(size, list | tuple) and len(size) == 2
    if not ok or any(isinstance(v, bool) or not isinstance(v, int) for v in size):
        raise TypeError(
            f"Argument {arg} with value {size} is not of type [<class 'int'>, <class 'list'>, "
            f"<class 'tuple'>] of two ints, but got {type_repr(size)}."
        )
    for i, v in enumerate(size):
        check_value(v, (1, INT32_MAX), f"{arg} at dim {i}")
    return int(size[0]), int(size[1])


class ImageOperation(TensorOperation):
    """Base of the vision ops: one image in (numpy or PIL), MindSpore's eager checks.

    An op with a ``pil`` method keeps a PIL input PIL (MindSpore runs its PIL implementation);
    the others read a PIL image as its numpy array (HWC uint8) and return numpy.
    """

    # an op that takes the images of a row together (MindSpore's multi-field ops), one draw
    # for all of them
    multi_input = False

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) != 1 and not (self.multi_input and inputs):
            raise RuntimeError("The op is OneToOne, can only accept one tensor as input.")
        for x in inputs:
            if not isinstance(x, np.ndarray) and not is_pil(x):
                raise TypeError(f"Input should be NumPy or PIL image, got {type_repr(x)}.")
        return self.apply_one(*inputs, u=eager_draws(self, inputs[0]))


def _to_pil_like(arr: np.ndarray, like: Any) -> Any:
    """``arr`` as a PIL image in the mode of ``like``."""
    from PIL import Image

    arr = np.asarray(arr)
    if arr.ndim == 3 and arr.shape[-1] == 1:
        arr = arr[..., 0]
    return Image.fromarray(arr).convert(like.mode) if like.mode != "P" else Image.fromarray(arr)


def _via_numpy(op: TensorOperation, img: Any, u: np.ndarray | None) -> Any:
    """A PIL image through the op's numpy implementation, back to PIL (exact index ops)."""
    return _to_pil_like(op.apply(np.asarray(img), u=u), img)


def per_image(fn: Any, x: np.ndarray) -> np.ndarray:
    """``fn`` on each <H, W, C> image of a <..., H, W, C> input (a batch, a video), as MindSpore's
    kernels that take such inputs run."""
    flat = x.reshape(-1, *x.shape[-3:])
    out = np.stack([fn(img) for img in flat])
    return out.reshape(*x.shape[:-3], *out.shape[1:])


def _image_batch(x: np.ndarray, api: str) -> tuple[np.ndarray, bool]:
    """<N, H, W> or <N, H, W, C> as <N, H, W, C>; True when a channel axis was added."""
    if x.ndim == 3:
        return x[..., None], True
    if x.ndim != 4:  # MindSpore's kernels raise RuntimeError for a wrong rank
        raise RuntimeError(
            f"For '{api}', the input image must be <H, W> or <H, W, C>, but got shape "
            f"{tuple(x.shape[1:])}"
        )
    return x, False


def _unbatch(x: Any, squeeze: bool) -> Any:
    return x[..., 0] if squeeze else x


class Resize(ImageOperation):
    """Resize to ``size`` (int: the shorter side, keeping the aspect ratio; or (height, width)).

    A numpy input is <H, W> or <..., H, W, C>: the leading axes of a 4-D (or higher) input are a
    batch of images, each resized. ``Inter.PILCUBIC`` is Pillow's bicubic on numpy 3-channel
    images; ``Inter.ANTIALIAS`` (Pillow's Lanczos) takes PIL images only, and ``Inter.AREA`` and
    ``Inter.PILCUBIC`` numpy images only, as in MindSpore.

    Args:
        size (Union[int, Sequence[int]]): an int (the shorter side, keeping the aspect ratio) or
            (height, width).
        interpolation (Inter): the interpolation mode. Default: ``Inter.BILINEAR``.

    Raises:
        TypeError: ``size`` is not an int or a sequence of two ints; ``Inter.ANTIALIAS`` on a
            numpy image, or ``Inter.AREA``/``Inter.PILCUBIC`` on a PIL image.
        ValueError: ``size`` is not positive, or ``interpolation`` is not an ``Inter``.
        RuntimeError: ``Inter.PILCUBIC`` on an image without 3 channels.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Resize((2, 2))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (2, 2, 3) uint8
        >>> print(vision.Resize((2, 3))(np.zeros((5, 4, 4, 3), np.uint8)).shape)
        (5, 2, 3, 3)
    """

    traceable = True

    @_validators.check_resize_interpolation
    def __init__(self, size: int | Sequence[int], interpolation: Inter = Inter.LINEAR) -> None:
        if isinstance(size, int) and not isinstance(size, bool) and size > 0:
            self.size: int | tuple[int, int] = size
        else:
            self.size = _pair(size, "size", "Resize")
        if not isinstance(interpolation, Inter):
            fail_arg("Resize", "interpolation", "an Inter", interpolation)
        self.interpolation = interpolation
        self.traceable = interpolation in _INTERP  # the Pillow modes run on the host
        self.python_only = interpolation == Inter.ANTIALIAS

    def out_hw(self, h: int, w: int) -> tuple[int, int]:
        if isinstance(self.size, tuple):
            return self.size
        s = self.size
        return (s, int(s * w / h)) if h <= w else (int(s * h / w), s)

    def _run(self, xp: Any, x: Any) -> Any:
        x4, squeeze = _image_batch(x, "Resize")
        oh, ow = self.out_hw(int(x4.shape[1]), int(x4.shape[2]))
        return _unbatch(_resize.resize(xp, x4, oh, ow, _INTERP[self.interpolation]), squeeze)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim not in (3, 4) or self.interpolation not in _INTERP:
            return TensorOperation.apply_batch(self, x, u=u)  # image by image
        x4, squeeze = _image_batch(x, "Resize")
        oh, ow = self.out_hw(int(x4.shape[1]), int(x4.shape[2]))
        return _unbatch(_cv.resize_batch(x4, oh, ow, self.interpolation), squeeze)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if self.interpolation == Inter.ANTIALIAS:
            raise TypeError(
                f"img should be PIL image. Got {type(x)}. Use Decode() for encoded data or "
                "ToPIL() for decoded data."
            )
        if x.ndim < 2:
            raise ValueError(
                f"For 'Resize', the input image must be <H, W> or <..., H, W, C>, but got shape "
                f"{x.shape}"
            )
        if x.ndim > 3:  # a batch of <H, W, C> images
            return per_image(self.apply, x)
        oh, ow = self.out_hw(int(x.shape[0]), int(x.shape[1]))
        if self.interpolation == Inter.PILCUBIC:
            return _pil_cubic(x, oh, ow)
        return _cv.resize(x, oh, ow, self.interpolation)

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        """PIL's own resampling for a PIL image (MindSpore's PIL implementation)."""
        from PIL import Image

        if self.interpolation in (Inter.AREA, Inter.PILCUBIC):
            raise TypeError("Current Interpolation is not supported with PIL input.")
        resample = {
            Inter.LINEAR: Image.BILINEAR,
            Inter.NEAREST: Image.NEAREST,
            Inter.BICUBIC: Image.BICUBIC,
            Inter.ANTIALIAS: Image.LANCZOS,
        }[self.interpolation]
        w, h = img.size
        if isinstance(self.size, int) and min(w, h) == self.size:
            return img  # MindSpore's PIL resize returns the image when its shorter side fits
        oh, ow = self.out_hw(h, w)
        return img.resize((ow, oh), resample)

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax.numpy as jnp

        return self._run(jnp, x)


def _pil_cubic(x: np.ndarray, oh: int, ow: int) -> np.ndarray:
    """``Inter.PILCUBIC``: Pillow's bicubic resampling of a <H, W, 3> image (MindSpore ports
    Pillow's kernel; uint8 images match Pillow exactly, other dtypes resample channel by channel
    in float32)."""
    from PIL import Image

    if x.ndim != 3 or x.shape[2] != 3:
        raise RuntimeError(
            "Resize: Interpolation mode PILCUBIC only supports image with 3 channels, but got: "
            f"<{','.join(map(str, x.shape))}>"
        )
    if x.dtype == np.uint8:
        return np.asarray(Image.fromarray(x).resize((ow, oh), Image.BICUBIC))
    planes = [
        np.asarray(
            Image.fromarray(x[..., c].astype(np.float32), "F").resize((ow, oh), Image.BICUBIC)
        )
        for c in range(3)
    ]
    return np.stack(planes, axis=-1).astype(x.dtype)


class Rescale(ImageOperation):
    """``x * rescale + shift`` in float32.

    Args:
        rescale (float): the scale.
        shift (float): the shift.

    Raises:
        TypeError: ``rescale`` or ``shift`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Rescale(1.0 / 255.0, 0.0)
        >>> out = op(image)
        >>> print(out.dtype, out[3, 3])
        float32 [0.1764706  0.18039216 0.18431373]
    """

    traceable = True

    @_validators.check_rescale
    def __init__(self, rescale: float, shift: float) -> None:
        for arg, v in (("rescale", rescale), ("shift", shift)):
            if isinstance(v, bool) or not isinstance(v, int | float):
                fail_arg("Rescale", arg, "a number", v, TypeError)
        self.rescale, self.shift = rescale, shift

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        # MindSpore's kernel (OpenCV ``convertTo``) rounds once: x * rescale + shift with the
        # float32 scale and shift, fused; float64 holds that product exactly, so one rounding
        # to float32 at the end gives the same bits
        out = np.array(x, dtype=np.float64, order="C")  # a C-ordered copy; then in place
        out *= float(np.float32(self.rescale))
        out += float(np.float32(self.shift))
        return out.astype(np.float32)

    apply = apply_batch

    def jax_fn(self, x: Any, key: Any) -> Any:
        return x.astype(np.float32) * np.float32(self.rescale) + np.float32(self.shift)


class Normalize(ImageOperation):
    """``(x - mean) / std`` per channel, in float32 (``is_hwc``: channels last, else first).

    Args:
        mean (Sequence[float]): per-channel means.
        std (Sequence[float]): per-channel standard deviations, > 0.
        is_hwc (bool): channels last (else first). Default: ``True``.

    Raises:
        TypeError: ``mean`` or ``std`` is not a list or tuple of numbers.
        ValueError: their lengths differ, a mean is outside [0, 255], or a std outside (0, 255].

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Normalize(mean=[0.0, 0.0, 0.0], std=[255.0, 255.0, 255.0])
        >>> out = op(image)
        >>> print(out.dtype, out[3, 3])
        float32 [0.1764706  0.18039216 0.18431373]
    """

    traceable = True

    @_validators.check_normalize
    def __init__(self, mean: Sequence[float], std: Sequence[float], is_hwc: bool = True) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(mean, (list, tuple), "mean")
        type_check(std, (list, tuple), "std")
        if len(mean) != len(std):
            raise ValueError("Length of mean and std must be equal.")
        for i, m in enumerate(mean):
            type_check(m, (int, float), f"mean[{i}]")
            check_value(m, (0, 255), f"mean[{i}]")
        for i, v in enumerate(std):
            type_check(v, (int, float), f"std[{i}]")
            check_value(v, (0, 255), f"std[{i}]", left_open=True)
        self.mean, self.std = list(mean), list(std)
        self.is_hwc = check_bool(is_hwc, "is_hwc", "Normalize")

    def _run(self, x: Any) -> Any:
        """``x``: a batch <N, ..., H, W[, C]>; the channel axis is the last one (HWC) or the third
        from last (CHW); one mean/std value applies to every channel, a <H, W> image is 1 channel."""
        if x.ndim < 3:
            raise RuntimeError(
                f"Normalize: input tensor is not in shape of <H,W> or <H,W,C>, but got rank "
                f"{x.ndim - 1}"
            )
        axis = -1 if self.is_hwc or x.ndim == 3 else -3
        channels = 1 if x.ndim == 3 else x.shape[axis]
        if len(self.mean) not in (1, channels):
            raise RuntimeError(
                "Normalize: number of channels does not match the size of mean and std vectors, "
                f"got channels: {channels}, size of mean: {len(self.mean)}"
            )
        shape = [1] * x.ndim  # full rank, so no implicit rank promotion
        shape[axis] = -1
        mean = np.asarray(self.mean, np.float32).reshape(shape)
        std = np.asarray(self.std, np.float32).reshape(shape)
        if isinstance(x, np.ndarray) and axis == -1 and x.ndim >= 3:
            # channels last: mean and std tiled over a whole row, so numpy's inner loops run
            # the row's length instead of the channel count; in place on the float32 copy
            out = np.array(x, np.float32)
            rows = out.reshape(*out.shape[:-2], -1)
            width = out.shape[-2]
            np.subtract(
                rows, np.tile(mean.ravel(), width) if mean.size > 1 else mean.ravel(), out=rows
            )
            np.divide(rows, np.tile(std.ravel(), width) if std.size > 1 else std.ravel(), out=rows)
            return out
        return (x.astype(np.float32) - mean) / std

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return self._run(np.asarray(x))

    def to_chw(self, x: np.ndarray) -> np.ndarray | None:
        """Normalize then HWC2CHW in one pass over a <N, H, W, C> batch (the map runs this for
        the pair): each channel plane is written once, in place of a float copy, two in-place
        passes and a transposing copy. Same float32 arithmetic; None when it does not apply."""
        if not self.is_hwc or x.ndim != 4 or len(self.mean) not in (1, x.shape[-1]):
            return None
        n, h, w, c = x.shape
        out = np.empty((n, c, h, w), np.float32)
        for k in range(c):
            m = np.float32(self.mean[k if len(self.mean) > 1 else 0])
            s = np.float32(self.std[k if len(self.std) > 1 else 0])
            plane = out[:, k]
            np.subtract(x[..., k], m, out=plane, dtype=np.float32)
            np.divide(plane, s, out=plane)
        return out

    def jax_fn(self, x: Any, key: Any) -> Any:
        return self._run(x)


class HWC2CHW(ImageOperation):
    """<H, W, C> to <C, H, W> (an <H, W> image is returned as is).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.HWC2CHW()
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (3, 4, 4) uint8
    """

    traceable = True

    def _run(self, x: Any) -> Any:
        if x.ndim == 3:
            return x
        if x.ndim != 4:
            raise RuntimeError(
                f"For 'HWC2CHW', the input image must be <H, W> or <H, W, C>, but got "
                f"shape {tuple(x.shape[1:])}"
            )
        return x.transpose(0, 3, 1, 2)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return np.ascontiguousarray(self._run(np.asarray(x)))

    def jax_fn(self, x: Any, key: Any) -> Any:
        return self._run(x)


def _center_window(n: int, size: int) -> tuple[int, int, int]:
    """(pad_before, pad_after, offset) along one axis, as MindSpore's CenterCrop places it."""
    if size > n:
        d = size - n
        return d // 2 + d % 2, d // 2, 0
    return 0, 0, (n - size) // 2


class CenterCrop(ImageOperation):
    """Crop the centre ``size``; a side larger than the image is zero-padded (extra row on top).

    Args:
        size (Union[int, Sequence[int]]): the crop's size.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.CenterCrop(2)
        >>> out = op(image)
        >>> print(out[:, :, 0])
        [[15 18]
         [27 30]]
    """

    traceable = True

    @_validators.check_center_crop
    def __init__(self, size: int | Sequence[int]) -> None:
        self.size = _pair(size, "size", "CenterCrop")

    def _run(self, xp: Any, x: Any) -> Any:
        x4, squeeze = _image_batch(x, "CenterCrop")
        (h, w), (ph, pw) = x4.shape[1:3], self.size
        if ph - h >= 3 * h or pw - w >= 3 * w:
            raise RuntimeError(
                "CenterCrop: Padding size cannot be more than 3 times of the original image "
                f"size, got top padding: {ph - h}, left padding: {pw - w}, while the original "
                f"image size: {h}, {w}"
            )
        top, bottom, oy = _center_window(h, ph)
        left, right, ox = _center_window(w, pw)
        if top or bottom or left or right:
            x4 = xp.pad(x4, ((0, 0), (top, bottom), (left, right), (0, 0)))
        return _unbatch(x4[:, oy : oy + ph, ox : ox + pw], squeeze)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim > 4:  # rows that are batches themselves
            return np.stack([self.apply(r) for r in x])
        return np.ascontiguousarray(self._run(np, x))

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim > 3:  # <..., H, W, C>: each image
            return per_image(self.apply, x)
        return self.apply_batch(x[None])[0]

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        """PIL's crop box, offsets rounded half to even (MindSpore's PIL implementation)."""
        (ch, cw), (w, h) = self.size, img.size
        top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
        return img.crop((left, top, left + cw, top + ch))

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax.numpy as jnp

        return self._run(jnp, x)


def _padding4(padding: Any) -> tuple[int, int, int, int]:
    """MindSpore's padding forms as (left, top, right, bottom)."""
    if padding is None:
        return 0, 0, 0, 0
    if isinstance(padding, int) and not isinstance(padding, bool):
        padding = (padding,) * 4
    elif isinstance(padding, list | tuple) and len(padding) == 2:
        padding = (padding[0], padding[1], padding[0], padding[1])
    ok = isinstance(padding, list | tuple) and len(padding) == 4
    if not ok or any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in padding):
        fail_arg(
            "RandomCrop", "padding", "a non-negative int or a sequence of 2 or 4 of them", padding
        )
    return tuple(int(p) for p in padding)


class RandomCrop(ImageOperation):
    """Pad (``padding``, ``pad_if_needed``), then crop ``size`` at a uniformly random offset.

    Args:
        size (Union[int, Sequence[int]]): the output size, an int (square) or (height, width).
        padding (Union[int, Sequence[int]], optional): padding applied first. Default: ``None``.
        pad_if_needed (bool): pad an image smaller than ``size``. Default: ``False``.
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.
        padding_mode (Border): the padding mode. Default: ``Border.CONSTANT``.

    Raises:
        TypeError: ``pad_if_needed`` is not a bool, or ``padding_mode`` not a Border.
        ValueError: ``size`` or ``padding`` is invalid, or ``fill_value`` is not an int or 3 ints in [0, 255].

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomCrop(2)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (2, 2, 3) uint8
    """

    traceable = True
    random_draws = 2
    seeded_draw = "sequence"  # MindSpore's GenRandomXY on the worker's std::mt19937

    @_validators.check_random_crop
    def __init__(
        self,
        size: int | Sequence[int],
        padding: Any = None,
        pad_if_needed: bool = False,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        self.size = _pair(size, "size", "RandomCrop")
        self.padding = _padding4(padding)
        self.pad_if_needed = check_bool(pad_if_needed, "pad_if_needed", "RandomCrop")
        fills = fill_value if isinstance(fill_value, list | tuple) else (fill_value,)
        if len(fills) not in (1, 3) or any(not 0 <= int(f) <= 255 for f in fills):
            fail_arg("RandomCrop", "fill_value", "an int or 3 ints in [0, 255]", fill_value)
        self.fill_value = fill_value
        if not isinstance(padding_mode, Border):
            fail_arg("RandomCrop", "padding_mode", "a Border", padding_mode, TypeError)
        self.padding_mode = padding_mode

    def _pads(self, h: int, w: int) -> tuple[tuple[int, int], tuple[int, int]]:
        left, top, right, bottom = self.padding
        ch, cw = self.size
        if self.pad_if_needed and h + top + bottom < ch:
            d = ch - (h + top + bottom)
            top, bottom = top + d, bottom + d
        if self.pad_if_needed and w + left + right < cw:
            d = cw - (w + left + right)
            left, right = left + d, right + d
        if h + top + bottom < ch or w + left + right < cw:
            raise ValueError(
                f"For 'RandomCrop', the crop size {self.size} is larger than the (padded)"
                f" image {(h + top + bottom, w + left + right)}; set pad_if_needed=True "
                "or a smaller size"
            )
        return (top, bottom), (left, right)

    def _pad(self, xp: Any, x4: Any) -> Any:
        (top, bottom), (left, right) = self._pads(int(x4.shape[1]), int(x4.shape[2]))
        if not (top or bottom or left or right):
            return x4
        widths = ((0, 0), (top, bottom), (left, right), (0, 0))
        if self.padding_mode != Border.CONSTANT:
            return xp.pad(x4, widths, mode=self.padding_mode.value)
        fills = self.fill_value if isinstance(self.fill_value, list | tuple) else [self.fill_value]
        if len(fills) == 1 or x4.shape[-1] != len(fills):
            return xp.pad(x4, widths, constant_values=fills[0])
        planes = [xp.pad(x4[..., c], widths[:3], constant_values=f) for c, f in enumerate(fills)]
        return xp.stack(planes, axis=-1)

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, ...]:
        """The offsets (top, left) MindSpore draws for image ``x``: two uniform ints, left then
        top, in the padded image; none when the ``padding`` alone gives the crop size. Each
        image of a <..., H, W, C> input draws its own, one after another."""
        if np.ndim(x) > 3:
            x = np.asarray(x)
            images = x.reshape(-1, *x.shape[-3:])
            return tuple(v for im in images for v in self.seeded_params(draws, im))
        h, w = np.shape(x)[:2]
        left, top, right, bottom = self.padding
        if (h + top + bottom, w + left + right) == self.size:
            return 0, 0
        try:
            (t, b), (le, r) = self._pads(h, w)
        except ValueError:
            return 0, 0  # the crop raises its error
        ch, cw = self.size
        ox = draws.uniform_int(0, w + le + r - cw)
        oy = draws.uniform_int(0, h + t + b - ch)
        return oy, ox

    def offsets(self, xp: Any, u: Any, h: int, w: int) -> tuple[Any, Any]:
        """Crop offsets (top, left) from the per-sample uniforms, within the padded image (ints
        in ``u``: the offsets drawn from a seeded worker stream)."""
        if u.dtype.kind == "i":
            return u[:, 0], u[:, 1]
        ch, cw = self.size
        oy = xp.floor(u[:, 0] * (h - ch + 1)).astype(np.int32)
        ox = xp.floor(u[:, 1] * (w - cw + 1)).astype(np.int32)
        return oy, ox

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim <= 3:
            return super().apply(x, u=u)
        # <..., H, W, C>: MindSpore crops each image at offsets drawn for it
        if u is None or u.dtype.kind != "i":
            u = np.array(self.seeded_params(Draws.of_row(u), x), np.int64)
        images = x.reshape(-1, *x.shape[-3:])
        out = self.apply_batch(images, u=u.reshape(len(images), 2))
        return out.reshape(*x.shape[:-3], *out.shape[1:])

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim > 4:  # rows of <..., H, W, C>
            return np.stack([self.apply(r, None if u is None else u[i]) for i, r in enumerate(x)])
        x4, squeeze = _image_batch(x, "RandomCrop")
        _check_pad_channels(x4)
        p = self._pad(np, x4)
        oy, ox = self.offsets(np, u, p.shape[1], p.shape[2])
        ch, cw = self.size
        out = np.empty((len(p), ch, cw, p.shape[3]), p.dtype)
        for i, (y, x_) in enumerate(zip(oy.tolist(), ox.tolist())):  # one copy per image
            out[i] = p[i, y : y + ch, x_ : x_ + cw]
        return _unbatch(out, squeeze)

    pil = _via_numpy

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax
        import jax.numpy as jnp

        lead = x.shape[:-3] if x.ndim > 4 else None
        if lead is not None:  # rows of <..., H, W, C>: an offset per image
            x = x.reshape(-1, *x.shape[-3:])
        x4, squeeze = _image_batch(x, "RandomCrop")
        _check_pad_channels(x4)
        p = self._pad(jnp, x4)
        u = jax.random.uniform(key, (p.shape[0], 2), jnp.float32)
        oy, ox = self.offsets(jnp, u, p.shape[1], p.shape[2])
        size = (*self.size, p.shape[3])
        crop = jax.vmap(
            lambda im, y, x_: jax.lax.dynamic_slice(im, (y, x_, jnp.zeros_like(y)), size)
        )
        out = _unbatch(crop(p, oy, ox), squeeze)
        return out if lead is None else out.reshape(*lead, *out.shape[1:])


def _check_pad_channels(x4: Any) -> None:
    """MindSpore's RandomCrop pads every image first (by zero when no padding is asked), and its
    Pad takes 1 or 3 channels."""
    if x4.shape[3] not in (1, 3):
        raise RuntimeError(
            "Pad: the channel of image tensor does not match the requirement of operator. "
            f"Expecting tensor in channel of (1, 3). But got channel {x4.shape[3]}."
        )


_FLIP_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "float16", "float32", "float64")


class _RandomFlip(ImageOperation):
    traceable = True
    multi_input = True
    random_draws = 1
    seeded_draw = "bernoulli"  # std::bernoulli_distribution(prob), as MindSpore's op draws
    _axis = 2

    @_validators.check_prob
    def __init__(self, prob: float = 0.5) -> None:
        self.prob = prob

    def _rows(self, xp: Any, x: Any, u: Any) -> Any:
        """Rows of <..., H, W, C>: one draw per row flips all its images (MindSpore's
        RandomHorizontalFlip; its RandomVerticalFlip refuses them)."""
        if self.name in RANKS:
            check_rank(x[0], self.name)
        flip = (u[:, 0] < self.prob).reshape(-1, *([1] * (x.ndim - 1)))
        return xp.where(flip, xp.flip(x, axis=-2), x)

    def _run(self, xp: Any, x: Any, u: Any) -> Any:
        if x.ndim > 4:
            return self._rows(xp, x, u)
        x4, squeeze = _image_batch(x, self.name)
        flip = (u[:, 0] < self.prob)[:, None, None, None]
        return _unbatch(xp.where(flip, xp.flip(x4, axis=self._axis), x4), squeeze)

    def apply(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        if len(xs) > 1:  # several images of a row: one draw flips them all, as MindSpore's op
            one = super().apply
            return tuple(one(x, u=u) for x in xs)
        return super().apply(*xs, u=u)

    def apply_batch(self, *xs: np.ndarray, u: np.ndarray | None = None) -> Any:
        if len(xs) > 1:
            return tuple(self._flip_batch(x, u) for x in xs)
        return self._flip_batch(xs[0], u)

    def _check_images(self, x: np.ndarray) -> None:
        """MindSpore's kernel checks of the images stacked in ``x`` (type, then rank)."""
        dtype, rank = np.asarray(x).dtype, np.ndim(x) - 1
        if dtype.name not in _FLIP_TYPES:
            type_name = "string" if dtype.kind in "US" else dtype.name
            raise RuntimeError(self._type_error.format(type=type_name))
        decode = ". You may need to perform Decode first." if rank < 2 else ""
        if rank < 2 or (self.name in RANKS and rank not in RANKS[self.name][0]):
            message = RANKS[self.name][1] if self.name in RANKS else self._rank_error
            raise RuntimeError(message.format(rank=rank) + decode)

    def _flip_batch(self, x: np.ndarray, u: np.ndarray) -> np.ndarray:
        self._check_images(x)
        if np.ndim(x) > 4:
            return self._rows(np, np.asarray(x), u)
        x4, squeeze = _image_batch(np.asarray(x), self.name)
        import cv2

        out = np.empty_like(x4)
        code = 1 if self._axis == 2 else 0
        fast = x4.shape[3] <= 4 and x4.dtype in _cv.CV_DTYPES
        for i, flip in enumerate((u[:, 0] < self.prob).tolist()):  # one copy per image
            if not flip:
                out[i] = x4[i]
            elif fast:
                out[i] = _cv.keep_channels(cv2.flip(x4[i], code), x4[i])
            else:
                out[i] = np.flip(x4[i], axis=self._axis - 1)
        return _unbatch(out, squeeze)

    pil = _via_numpy

    def jax_fn(self, x: Any, key: Any) -> Any:
        import jax
        import jax.numpy as jnp

        return self._run(jnp, x, jax.random.uniform(key, (x.shape[0], 1), jnp.float32))


class RandomHorizontalFlip(_RandomFlip):
    """Mirror left-right with probability ``prob``.

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomHorizontalFlip(prob=1.0)
        >>> out = op(image)
        >>> print(image[0, :, 0], out[0, :, 0])
        [0 3 6 9] [9 6 3 0]
    """

    _axis = 2
    _type_error = (
        "RandomHorizontalFlip: the data type of image tensor does not match the requirement of "
        "operator. Expecting tensor in type of (bool, int8, uint8, int16, uint16, int32, float16, "
        "float32, float64). But got type {type}."
    )
    _rank_error = "RandomHorizontalFlip: the image tensor should have at least two dimensions"


class RandomVerticalFlip(_RandomFlip):
    """Mirror top-bottom with probability ``prob``.

    Args:
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomVerticalFlip(prob=1.0)
        >>> out = op(image)
        >>> print(image[:, 0, 0], out[:, 0, 0])
        [ 0 12 24 36] [36 24 12  0]
    """

    _type_error = (
        "RandomVerticalFlip: Cannot convert [{type}] to OpenCV type. Currently unsupported data "
        "type: [uint32, int64, uint64, string]"
    )
    _axis = 1


class Decode(ImageOperation):
    """Encoded bytes (a 1-D uint8 array: JPEG, PNG, BMP, ...) to an RGB <H, W, 3> uint8 image.

    Args:
        to_pil (bool): give a PIL image instead of a numpy array. Default: ``False``.

    Raises:
        TypeError: ``to_pil`` is not a bool, or the input is not 1-D uint8 bytes.
        ValueError: the bytes are not a decodable image (JPEG, PNG, BMP, TIFF, ...).
        RuntimeError: more than one input is given.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import cv2
        >>> encoded = np.frombuffer(cv2.imencode('.png', np.zeros((2, 3, 3), np.uint8))[1].tobytes(), np.uint8)
        >>> op = vision.Decode()
        >>> out = op(encoded)
        >>> print(out.shape, out.dtype)
        (2, 3, 3) uint8
    """

    batched = False

    @_validators.check_decode
    def __init__(self, to_pil: bool = False) -> None:
        self.to_pil = check_bool(to_pil, "to_pil", "Decode")
        self.python_only = self.to_pil

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) != 1:
            raise RuntimeError("The op is OneToOne, can only accept one tensor as input.")
        x = inputs[0]
        if isinstance(x, bytes | bytearray):
            x = np.frombuffer(x, np.uint8)
        if not isinstance(x, np.ndarray):
            raise TypeError(
                f"The type of the encoded image should be {np.ndarray}, but got {type_repr(x)}."
            )
        if x.dtype.kind in "USO":
            raise TypeError(f"The data type of the encoded image can not be {x.dtype.type}.")
        return self.apply(x)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        from PIL import Image

        x = np.asarray(x)
        if x.dtype.kind == "S" and x.ndim == 0:  # bytes held in a numpy scalar
            x = np.frombuffer(x.tobytes(), np.uint8)
        if x.dtype != np.uint8 or x.ndim != 1:
            raise TypeError(
                f"For 'Decode', the input must be a 1-D uint8 array of encoded bytes, "
                f"but got shape {x.shape} and dtype {x.dtype}"
            )
        if self.to_pil:
            try:
                return Image.open(io.BytesIO(x.tobytes())).convert("RGB")
            except Exception as e:
                raise ValueError(f"For 'Decode', the input is not a decodable image: {e}") from e
        if x.size == 0:
            raise ValueError("For 'Decode', Image file size is 0.")
        img = _cv.decode(x)
        if img is None:
            raise ValueError(
                "For 'Decode', the input is not a decodable image (JPEG, PNG, BMP, TIFF, ...), "
                f"got {x.size} bytes starting {bytes(x[:4])!r}"
            )
        return img


class ToTensor(ImageOperation):
    """<H, W, C> in [0, 255] to <C, H, W> in [0, 1] of ``output_type`` (default float32).

    Args:
        output_type (numpy.dtype): the output's dtype. Default: ``numpy.float32``.

    Raises:
        TypeError: ``output_type`` is not a numpy or deepsink dtype.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.ToTensor()
        >>> out = op(image)
        >>> print(out.shape, out.dtype, out.max())
        (3, 4, 4) float32 0.18431373
    """

    traceable = True

    def __init__(self, output_type: Any = np.float32) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        try:
            self._np = mstype.to_np(output_type)
        except TypeError:
            type_check(output_type, (mstype.Type, np.dtype), "output_type")
        self.output_type = output_type

    def _run(self, x: Any) -> Any:
        rank = x.ndim - 1  # each image's
        if rank < 2:
            raise RuntimeError(
                f"ToTensor: rank of input data should be greater than: 2, but got:{rank}"
            )
        if rank > 3:
            raise RuntimeError(f"ToTensor: image shape should be <H,W,C>, but got rank: {rank}")
        if np.dtype(x.dtype).kind in "USO" or np.dtype(x.dtype) in _TO_TENSOR_REFUSED:
            raise RuntimeError(
                "ToTensor: Input includes unsupported data type in [uint32, int64, uint64, string, "
                "bytes]."
            )
        if np.dtype(self._np).kind in "US":
            raise RuntimeError(
                "Failed to create empty tensor, number of elements should be 0 when data type is "
                "string."
            )
        x4, _ = _image_batch(x, "ToTensor")
        return (x4.astype(np.float32) / np.float32(255)).transpose(0, 3, 1, 2).astype(self._np)

    def apply_batch(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return np.ascontiguousarray(self._run(np.asarray(x)))

    def jax_fn(self, x: Any, key: Any) -> Any:
        return self._run(x)


# the input dtypes MindSpore's ToTensor kernel refuses (besides strings)
_TO_TENSOR_REFUSED = (np.dtype(np.uint32), np.dtype(np.int64), np.dtype(np.uint64))


def _hwc(x: np.ndarray, api: str) -> np.ndarray:
    if x.ndim != 3:
        raise RuntimeError(f"{api}: shape is invalid.")
    return x


class Pad(ImageOperation):
    """Pad the borders: ``padding`` an int, (left/right, top/bottom) or (left, top, right,
    bottom); ``fill_value`` an int or an RGB triple for ``Border.CONSTANT``.

    Args:
        padding (Union[int, Sequence[int]]): an int, (left/right, top/bottom) or (left, top, right, bottom).
        fill_value (Union[int, tuple[int]]): the fill of uncovered pixels, an int or an RGB triple. Default: ``0``.
        padding_mode (Border): CONSTANT, EDGE, REFLECT or SYMMETRIC. Default: ``Border.CONSTANT``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Pad(1)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (6, 6, 3) uint8
    """

    batched = False

    @_validators.check_pad
    def __init__(
        self,
        padding: Any,
        fill_value: int | Sequence[int] = 0,
        padding_mode: Border = Border.CONSTANT,
    ) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(padding, (int, list, tuple), "padding")
        if isinstance(padding, list | tuple) and len(padding) not in (2, 4):
            raise ValueError("The size of the padding list or tuple should be 2 or 4.")
        for i, p in enumerate([padding] if isinstance(padding, int) else padding):
            type_check(p, (int,), "padding" if isinstance(padding, int) else f"padding[{i}]")
            check_value(p, (0, INT32_MAX), "padding" if isinstance(padding, int) else "pad_value")
        self.padding = _padding4(padding)
        fills = fill_value if isinstance(fill_value, list | tuple) else (fill_value,)
        type_check(fill_value, (int, list, tuple), "fill_value")
        if len(fills) not in (1, 3):
            raise ValueError("fill_value should be a single integer or a 3-tuple.")
        for f in fills:
            type_check(f, (int,), "fill_value")
            check_value(f, (0, 255), "fill_value")
        self.fill_value = fill_value
        type_check(padding_mode, (Border,), "padding_mode")
        self.padding_mode = padding_mode

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim not in (2, 3):
            raise RuntimeError(
                f"Pad: input image is not in shape of <H,W> or <H,W,C>, got {x.shape}"
            )
        left, top, right, bottom = self.padding
        widths = ((top, bottom), (left, right)) + (((0, 0),) if x.ndim == 3 else ())
        if self.padding_mode != Border.CONSTANT:
            return np.pad(x, widths, mode=self.padding_mode.value)
        fills = self.fill_value if isinstance(self.fill_value, list | tuple) else [self.fill_value]
        if len(fills) == 1 or x.ndim == 2 or x.shape[-1] != len(fills):
            return np.pad(x, widths, constant_values=fills[0])
        planes = [np.pad(x[..., c], widths[:2], constant_values=f) for c, f in enumerate(fills)]
        return np.stack(planes, axis=-1)

    pil = _via_numpy


class CutOut(ImageOperation):
    """Zero ``num_patches`` random ``length`` x ``length`` squares (clipped at the borders).

    Args:
        length (int): the squares' side.
        num_patches (int): the number of squares. Default: ``1``.
        is_hwc (bool): channels last. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.CutOut(2)
        >>> out = op(image)
        >>> print(out.shape, int((out == 0).all(axis=2).sum()) >= 1)
        (4, 4, 3) True
    """

    batched = False

    @_validators.check_cutout_new
    def __init__(self, length: int, num_patches: int = 1, is_hwc: bool = True) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(length, (int,), "length")
        type_check(num_patches, (int,), "num_patches")
        check_value(length, (1, INT32_MAX), "length")
        check_value(num_patches, (1, INT32_MAX), "num_patches")
        self.length, self.num_patches = length, num_patches
        self.is_hwc = check_bool(is_hwc, "is_hwc", "CutOut")
        self.random_draws = 2 * num_patches

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim > 3:
            raise RuntimeError(f"CutOut: image shape is not <H,W,C>, but got rank: {x.ndim}")
        out = np.array(_hwc(x, "CutOut"))
        h, w = out.shape[:2] if self.is_hwc else out.shape[1:]
        if self.length > h or self.length > w:  # (MindSpore's words, "weight" included)
            raise RuntimeError(
                f"CutOut: box size is too large for image erase, got box height: {self.length}"
                f"box weight: {self.length}, and image height: {h}, image width: {w}"
            )
        for k in range(self.num_patches):
            top = int(u[2 * k] * max(1, h - self.length + 1))
            left = int(u[2 * k + 1] * max(1, w - self.length + 1))
            ys, xs = slice(top, top + self.length), slice(left, left + self.length)
            if self.is_hwc:
                out[ys, xs] = 0
            else:
                out[:, ys, xs] = 0
        return out


class Invert(ImageOperation):
    """255 - pixel (uint8 RGB); a PIL image stays PIL.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.Invert()
        >>> out = op(image)
        >>> print(image[0, 0], out[0, 0])
        [0 1 2] [255 254 253]
    """

    batched = False

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = np.asarray(x)
        if x.ndim != 3 or x.shape[-1] != 3:
            raise RuntimeError(f"Invert: the image must be <H, W, 3>, but got shape {x.shape}")
        return (255 - x.astype(np.int32)).clip(0, 255).astype(x.dtype)

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        from PIL import ImageOps

        return ImageOps.invert(img)


def _degrees(degrees: Any, api: str) -> tuple[float, float]:
    from deepsink.dataset.core.validator_helpers import type_check

    type_check(degrees, (list, tuple), "degrees")
    if len(degrees) != 2:
        raise TypeError("degrees must be a sequence with length 2.")
    for d in degrees:
        type_check(d, (int, float), "degrees")
        check_value(d, (0, 16777216), "degrees")
    if degrees[0] > degrees[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")
    return float(degrees[0]), float(degrees[1])


def _blend_gray(x: np.ndarray, factor: np.float32) -> np.ndarray:
    """Saturation as MindSpore's RandomColor kernel: OpenCV's grey in 3 channels, blended by
    ``cv2.addWeighted``; a factor within 0.00195 of 1 (or 0) gives the image (or its grey)."""
    import cv2

    eps = 0.00195  # half a level of an 8-bit image
    if abs(float(factor) - 1.0) < eps:
        return x
    x = np.ascontiguousarray(x)
    gray = cv2.cvtColor(cv2.cvtColor(x, cv2.COLOR_RGB2GRAY), cv2.COLOR_GRAY2RGB)
    if abs(float(factor)) < eps:
        return gray
    return cv2.addWeighted(x, float(factor), gray, float(np.float32(1) - factor), 0.0)


def _sharpness(img: Any, factor: float) -> Any:
    from PIL import ImageEnhance

    return ImageEnhance.Sharpness(img).enhance(factor)


def _rgb_uint8(x: np.ndarray, api: str) -> np.ndarray:
    if x.ndim != 3 or x.shape[-1] != 3:
        raise RuntimeError(f"{api}: the image must be <H, W, 3>, but got shape {x.shape}")
    if x.dtype != np.uint8:
        raise RuntimeError(f"{api}: the image must be uint8, but got {x.dtype}")
    return x


class RandomColor(ImageOperation):
    """Saturation by a factor drawn uniformly from ``degrees`` (1: unchanged, 0: grey).

    Args:
        degrees (Sequence[float]): the (min, max) saturation factor. Default: ``(0.1, 1.9)``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomColor((0.5, 1.5))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    seeded_draw = "real32"  # std::uniform_real_distribution<float>(lo, hi), as MindSpore's op

    def __init__(self, degrees: Sequence[float] = (0.1, 1.9)) -> None:
        self.degrees = _degrees(degrees, "RandomColor")

    def _factor(self, u: np.ndarray) -> np.float32:
        """The factor drawn, in float arithmetic as MindSpore's (``u``: a canonical float)."""
        return scale32(u[0], *self.degrees)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return _blend_gray(_rgb_uint8(check_rank(x, "RandomColor"), "RandomColor"), self._factor(u))

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        from PIL import ImageEnhance

        return ImageEnhance.Color(img).enhance(float(self._factor(u)))


def _sharpen(x: np.ndarray, factor: float) -> np.ndarray:
    """MindSpore's numpy sharpness: blend with the 3x3 smoothing (1 1 1 / 1 5 1 / 1 1 1) / 13
    (OpenCV's reflect-101 border, rounded to uint8; border pixels kept), rounded to nearest."""
    xf = x.astype(np.float64)
    h, w = x.shape[:2]
    pad = np.pad(xf, ((1, 1), (1, 1), (0, 0)), mode="reflect")
    kernel = np.ones((3, 3))
    kernel[1, 1] = 5
    conv = sum(kernel[i, j] * pad[i : i + h, j : j + w] for i in range(3) for j in range(3))
    blur = np.rint(conv / 13)
    blur[0], blur[-1], blur[:, 0], blur[:, -1] = xf[0], xf[-1], xf[:, 0], xf[:, -1]
    return np.clip(np.rint(xf * factor + blur * (1 - factor)), 0, 255).astype(np.uint8)


class RandomSharpness(RandomColor):
    """Sharpness by a factor drawn uniformly from ``degrees``: blend with a 3x3 smoothing (PIL's
    ImageEnhance on PIL images, MindSpore's OpenCV arithmetic on numpy).

    Args:
        degrees (Sequence[float]): the (min, max) sharpness factor. Default: ``(0.1, 1.9)``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomSharpness()
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_rank(x, "RandomSharpness")
        return _sharpen(_rgb_uint8(x, "RandomSharpness"), self._factor(u))

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        return _sharpness(img, float(self._factor(u)))


class RandomAdjustSharpness(ImageOperation):
    """With probability ``prob``, sharpness by ``degree``; returns numpy (as MindSpore).

    Args:
        degree (float): the sharpness factor, >= 0.
        prob (float): the probability of applying it, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomAdjustSharpness(2.0, prob=1.0)
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 1
    seeded_draw = "bernoulli"  # std::bernoulli_distribution(prob), as MindSpore's op draws

    def __init__(self, degree: float, prob: float = 0.5) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(degree, (int, float), "degree")
        check_value(degree, (0, 16777216), "degree")
        type_check(prob, (int, float), "prob")
        check_value(prob, (0, 1), "prob")
        self.degree, self.prob = float(degree), float(prob)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_rank(x, "RandomAdjustSharpness")
        if float(u[0]) >= self.prob:
            return x
        return _sharpen(_rgb_uint8(x, "RandomAdjustSharpness"), self.degree)


class RandomSolarize(ImageOperation):
    """Invert (255 - p) the pixels within a random sub-range [lo, hi] of ``threshold``.

    Args:
        threshold (Sequence[int]): the (min, max) range the sub-range is drawn from. Default: ``(0, 255)``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.RandomSolarize((0, 255))
        >>> out = op(image)
        >>> print(out.shape, out.dtype)
        (4, 4, 3) uint8
    """

    batched = False
    random_draws = 2
    seeded_draw = "sequence"  # two std::uniform_int_distribution(lo, hi), as MindSpore's op

    def __init__(self, threshold: Sequence[int] = (0, 255)) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(threshold, (tuple,), "threshold")
        if len(threshold) != 2:
            raise ValueError("threshold must be a sequence of two numbers.")
        for t in threshold:
            type_check(t, (int,), "threshold")
            check_value(t, (0, 255), "threshold")
        if threshold[0] > threshold[1]:
            raise ValueError("threshold must be in order of (min, max).")
        self.threshold = tuple(threshold)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = check_rank(x, "RandomSolarize")
        if x.dtype != np.uint8:
            raise RuntimeError(f"RandomSolarize: the image must be uint8, but got {x.dtype}")
        lo, hi = self.threshold
        if u.dtype.kind == "i":  # drawn from a seeded stream
            a, b = sorted(int(v) for v in u[:2])
        else:
            a, b = sorted(int(lo + float(v) * (hi - lo + 1)) for v in u[:2])
            a, b = min(a, hi), min(b, hi)
        return np.where((x >= a) & (x <= b), 255 - x, x).astype(np.uint8)

    def seeded_params(self, draws: Draws, x: Any) -> tuple[int, int]:
        """The two thresholds MindSpore draws, in the order drawn."""
        return draws.uniform_int(*self.threshold), draws.uniform_int(*self.threshold)


class Grayscale(ImageOperation):
    """A PIL image to greyscale with 1 or 3 channels (PIL only, as MindSpore).

    Args:
        num_output_channels (int): 1 or 3. Default: ``1``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> from PIL import Image
        >>> image = Image.fromarray(np.zeros((4, 4, 3), np.uint8))
        >>> op = vision.Grayscale()
        >>> out = op(image)
        >>> print(out.mode, out.size)
        L (4, 4)
    """

    python_only = True

    batched = False

    @_validators.check_num_channels
    def __init__(self, num_output_channels: int = 1) -> None:
        from deepsink.dataset.core.validator_helpers import type_check

        type_check(num_output_channels, (int,), "num_output_channels")
        if num_output_channels not in (1, 3):
            raise ValueError(
                f"Number of channels of the output grayscale image should be either 1 or 3. "
                f"Got {num_output_channels}."
            )
        self.num_output_channels = num_output_channels

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        raise TypeError(
            f"img should be PIL image. Got {type(x)}. Use Decode() for encoded data or ToPIL() "
            "for decoded data."
        )

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        gray = img.convert("L")
        return gray if self.num_output_channels == 1 else gray.convert("RGB")


class ToPIL(ImageOperation):
    """A decoded numpy image (<H, W> or <H, W, C> uint8) to a PIL image; PIL stays as is.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> image = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
        >>> op = vision.ToPIL()
        >>> out = op(image)
        >>> print(type(out).__name__, out.size)
        Image (4, 4)
    """

    python_only = True

    batched = False

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) == 1 and not isinstance(inputs[0], np.ndarray) and not is_pil(inputs[0]):
            raise TypeError(
                "The input image should be of type numpy.ndarray or PIL.Image.Image. "
                f"Got {type(inputs[0])}."
            )
        return super().__call__(*inputs)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        from PIL import Image

        x = np.asarray(x)
        if x.ndim not in (2, 3):
            raise ValueError(f"The dimension of input image should be 2 or 3. Got {x.ndim}.")
        channels = x.shape[2] if x.ndim == 3 else 1
        if channels > 4:
            raise ValueError(f"The channel of input image should not exceed 4. Got {channels}.")
        if channels == 1:
            if x.dtype not in _PIL_GREY_DTYPES:
                raise TypeError(
                    f"The input image type {x.dtype} is not supported when image shape is "
                    "[H, W] or [H, W, 1]."
                )
            x = x.reshape(x.shape[:2])
        elif x.dtype != np.uint8:
            raise TypeError(
                f"The input image type {x.dtype} is not supported when image shape is "
                "[H, W, 2], [H, W, 3] or [H, W, 4]."
            )
        return Image.fromarray(x)

    def pil(self, img: Any, u: np.ndarray | None = None) -> Any:
        return img


# the dtypes MindSpore's ToPIL passes to Pillow for a one-channel image
_PIL_GREY_DTYPES = tuple(
    np.dtype(t)
    for t in ("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float32", "float64")
)


def __getattr__(name: str) -> Any:
    """MindSpore's ``vision.transforms`` module holds every vision operation; deepsink keeps them
    in several modules, found here by name (``vision.transforms.TrivialAugmentWide``)."""
    import deepsink.dataset.vision as vision

    found = getattr(vision, name, None) if not name.startswith("_") else None
    if isinstance(found, type) and issubclass(found, TensorOperation):
        return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
