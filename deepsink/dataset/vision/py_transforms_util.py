"""``mindspore.dataset.vision.py_transforms_util``: the image functions behind MindSpore's
Python-side vision transforms, on PIL images (Pillow does the pixel work, as in MindSpore) and
NumPy arrays, with MindSpore 2.10's results and errors. The random ones draw from Python's
``random`` module, which ``dataset.config.set_seed`` seeds, as in MindSpore.
"""

from __future__ import annotations

import colorsys
import io
import math
import numbers
import random
from typing import Any

import numpy as np
from PIL import Image, ImageEnhance, ImageOps

from deepsink.dataset.vision.utils import Inter

augment_error_message = (
    "img should be PIL image. Got {}. Use Decode() for encoded data or ToPIL() for decoded data."
)

_PIL_FILTERS = {
    Inter.NEAREST: Image.NEAREST,
    Inter.BILINEAR: Image.BILINEAR,
    Inter.BICUBIC: Image.BICUBIC,
    Inter.ANTIALIAS: Image.LANCZOS,
}


def _filter(interpolation: Any) -> int:
    return _PIL_FILTERS.get(interpolation, interpolation)


def _need_pil(img: Any) -> None:
    if not is_pil(img):
        raise TypeError(augment_error_message.format(type(img)))


def _need_numpy(img: Any) -> None:
    if not is_numpy(img):
        raise TypeError(f"img should be NumPy image. Got {type(img)}.")


def is_pil(img: Any) -> bool:
    """Whether ``img`` is a PIL image.

    Args:
        img (Any): the value.

    Returns:
        bool, True for a ``PIL.Image.Image``.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import is_pil
        >>> print(is_pil(Image.new('RGB', (2, 2))), is_pil(np.zeros((2, 2))))
        True False
    """
    return isinstance(img, Image.Image)


def is_numpy(img: Any) -> bool:
    """Whether ``img`` is a NumPy array.

    Args:
        img (Any): the value.

    Returns:
        bool, True for a ``numpy.ndarray``.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import is_numpy
        >>> print(is_numpy(np.zeros(2)), is_numpy([0, 0]))
        True False
    """
    return isinstance(img, np.ndarray)


def normalize(
    img: np.ndarray, mean: Any, std: Any, pad_channel: bool = False, dtype: str = "float32"
) -> np.ndarray:
    """``(img - mean) / std`` per channel of a float CHW image, optionally with a zero channel
    appended (``pad_channel``, in ``dtype``).

    Args:
        img (numpy.ndarray): a float image, (C, H, W).
        mean (list): one mean per channel (or one for all).
        std (list): one standard deviation per channel (or one for all).
        pad_channel (bool): append a zero channel. Default: ``False``.
        dtype (str): the padded result's type, ``"float32"`` or ``"float16"``. Default: ``"float32"``.

    Returns:
        numpy.ndarray, the normalized image.

    Raises:
        TypeError: not a 3-D NumPy image.
        NotImplementedError: an integer image (``ToTensor`` first).
        ValueError: ``mean`` and ``std`` lengths differ or do not match the channels.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import normalize
        >>> print(normalize(np.ones((1, 1, 2), np.float32), [0.5], [0.25]))
        [[[2. 2.]]]
    """
    _need_numpy(img)
    if img.ndim != 3:
        raise TypeError(f"img dimension should be 3. Got {img.ndim}.")
    if np.issubdtype(img.dtype, np.integer):
        raise NotImplementedError(
            f"Unsupported image datatype: [{img.dtype}], pls execute [ToTensor] before [Normalize]."
        )
    channels = img.shape[0]
    if len(mean) != len(std):
        raise ValueError("Length of mean and std must be equal.")
    if len(mean) == 1:
        mean, std = [mean[0]] * channels, [std[0]] * channels
    elif len(mean) != channels:
        raise ValueError(
            f"Length of mean and std must both be 1 or equal to the number of channels({channels})."
        )
    mean_a = np.asarray(mean, dtype=img.dtype)[:, None, None]
    std_a = np.asarray(std, dtype=img.dtype)[:, None, None]
    out = (img - mean_a) / std_a
    if pad_channel:
        zeros = np.zeros((1, *out.shape[1:]), np.float32)
        out = np.concatenate((out, zeros), axis=0)
        if dtype == "float16":
            out = out.astype(np.float16)
    return out


def decode(img: Any) -> Image.Image:
    """Decodes encoded image bytes into an RGB PIL image.

    Args:
        img (Union[bytes, numpy.ndarray]): the encoded image.

    Returns:
        PIL.Image.Image, in RGB mode.

    Raises:
        ValueError: the bytes are not an image, or ``img`` is already decoded.

    Examples:
        >>> import io
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import decode
        >>> buf = io.BytesIO()
        >>> Image.new('L', (3, 2)).save(buf, 'PNG')
        >>> print(decode(buf.getvalue()).size, decode(buf.getvalue()).mode)
        (3, 2) RGB
    """
    try:
        data = io.BytesIO(img)
        return Image.open(data).convert("RGB")
    except OSError as e:
        raise ValueError(f"{e}\n: Failed to decode given image.") from e
    except (AttributeError, TypeError) as e:
        raise ValueError(f"{e}\n: Failed to decode, Image might already be decoded.") from e


def hwc_to_chw(img: np.ndarray) -> np.ndarray:
    """(H, W, C) to (C, H, W); a 2-D image is returned as it is.

    Args:
        img (numpy.ndarray): the image.

    Returns:
        numpy.ndarray, the transposed image (a copy).

    Raises:
        TypeError: not a NumPy array of 2 or 3 dimensions.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import hwc_to_chw
        >>> print(hwc_to_chw(np.zeros((4, 5, 3))).shape)
        (3, 4, 5)
    """
    if not is_numpy(img):
        raise TypeError(f"img should be NumPy array. Got {type(img)}.")
    if img.ndim not in (2, 3):
        raise TypeError(f"img dimension should be 2 or 3. Got {img.ndim}.")
    if img.ndim == 2:
        return img
    return img.transpose(2, 0, 1).copy()


def to_type(img: np.ndarray, output_type: Any) -> np.ndarray:
    """``img`` as ``output_type``.

    Args:
        img (numpy.ndarray): the image.
        output_type (numpy.dtype): the type.

    Returns:
        numpy.ndarray, the converted image.

    Raises:
        TypeError: ``img`` is not a NumPy array.
        RuntimeError: ``output_type`` is not a data type.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import to_type
        >>> print(to_type(np.ones(2), np.int8).dtype)
        int8
    """
    _need_numpy(img)
    try:
        return img.astype(output_type)
    except Exception as e:
        raise RuntimeError(f"output_type: {output_type} is not a valid datatype.") from e


def to_tensor(img: Any, output_type: Any) -> np.ndarray:
    """A PIL or HWC NumPy image as CHW values divided by 255, in ``output_type``.

    Args:
        img (Union[PIL.Image.Image, numpy.ndarray]): the image.
        output_type (numpy.dtype): the result's type.

    Returns:
        numpy.ndarray, (C, H, W).

    Raises:
        TypeError: not an image, or not of 2 or 3 dimensions.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import to_tensor
        >>> print(to_tensor(np.full((1, 2), 255, np.uint8), np.float32))
        [[[1. 1.]]]
    """
    if not (is_pil(img) or is_numpy(img)):
        raise TypeError(
            f"The input image should be of type numpy.ndarray or PIL.Image.Image. Got {type(img)}."
        )
    img = np.asarray(img)
    if img.ndim not in (2, 3):
        raise TypeError(f"The dimension of input image should be 2 or 3. Got {img.ndim}.")
    if img.ndim == 2:
        img = img[:, :, None]
    return to_type(hwc_to_chw(img) / 255.0, output_type)


_GRAY_TYPES = (
    np.bool_,
    np.int8,
    np.int16,
    np.int32,
    np.uint8,
    np.uint16,
    np.uint32,
    np.float32,
    np.float64,
)


def to_pil(img: Any) -> Image.Image:
    """A NumPy HWC (or HW) image as a PIL image; a PIL image is returned as it is.

    Args:
        img (Union[numpy.ndarray, PIL.Image.Image]): the image.

    Returns:
        PIL.Image.Image, the image.

    Raises:
        TypeError: not an image, or a dtype PIL cannot hold for that shape.
        ValueError: not 2 or 3 dimensions, or more than 4 channels.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import to_pil
        >>> print(to_pil(np.zeros((2, 3, 3), np.uint8)).size)
        (3, 2)
    """
    if is_pil(img):
        return img
    if not isinstance(img, np.ndarray):
        raise TypeError(
            f"The input image should be of type numpy.ndarray or PIL.Image.Image. Got {type(img)}."
        )
    if img.ndim not in (2, 3):
        raise ValueError(f"The dimension of input image should be 2 or 3. Got {img.ndim}.")
    if img.ndim == 2:
        img = img[:, :, None]
    if img.shape[-1] > 4:
        raise ValueError(f"The channel of input image should not exceed 4. Got {img.shape[-1]}.")
    if img.shape[-1] == 1:
        if img.dtype not in _GRAY_TYPES:
            raise TypeError(
                f"The input image type {img.dtype} is not supported when image shape is "
                "[H, W] or [H, W, 1]."
            )
        img = img[:, :, 0]
    elif img.dtype != np.uint8:
        raise TypeError(
            f"The input image type {img.dtype} is not supported when image shape is "
            "[H, W, 2], [H, W, 3] or [H, W, 4]."
        )
    return Image.fromarray(img)


def horizontal_flip(img: Image.Image) -> Image.Image:
    """The PIL image mirrored left to right.

    Args:
        img (PIL.Image.Image): the image.

    Returns:
        PIL.Image.Image, the flipped image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import horizontal_flip
        >>> img = Image.fromarray(np.array([[1, 2]], np.uint8))
        >>> print(np.asarray(horizontal_flip(img)))
        [[2 1]]
    """
    _need_pil(img)
    return img.transpose(Image.FLIP_LEFT_RIGHT)


def vertical_flip(img: Image.Image) -> Image.Image:
    """The PIL image mirrored top to bottom.

    Args:
        img (PIL.Image.Image): the image.

    Returns:
        PIL.Image.Image, the flipped image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import vertical_flip
        >>> img = Image.fromarray(np.array([[1], [2]], np.uint8))
        >>> print(np.asarray(vertical_flip(img)).ravel())
        [2 1]
    """
    _need_pil(img)
    return img.transpose(Image.FLIP_TOP_BOTTOM)


def random_horizontal_flip(img: Image.Image, prob: float) -> Image.Image:
    """``horizontal_flip`` with probability ``prob``.

    Args:
        img (PIL.Image.Image): the image.
        prob (float): the probability.

    Returns:
        PIL.Image.Image, the (maybe) flipped image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import random_horizontal_flip
        >>> img = Image.fromarray(np.array([[1, 2]], np.uint8))
        >>> print(np.asarray(random_horizontal_flip(img, 1.0)))
        [[2 1]]
    """
    _need_pil(img)
    return horizontal_flip(img) if prob > random.random() else img


def random_vertical_flip(img: Image.Image, prob: float) -> Image.Image:
    """``vertical_flip`` with probability ``prob``.

    Args:
        img (PIL.Image.Image): the image.
        prob (float): the probability.

    Returns:
        PIL.Image.Image, the (maybe) flipped image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import random_vertical_flip
        >>> img = Image.fromarray(np.array([[1], [2]], np.uint8))
        >>> print(np.asarray(random_vertical_flip(img, 0.0)).ravel())
        [1 2]
    """
    _need_pil(img)
    return vertical_flip(img) if prob > random.random() else img


def crop(img: Image.Image, top: int, left: int, height: int, width: int) -> Image.Image:
    """The ``height`` x ``width`` region of the PIL image at (``top``, ``left``) (outside the
    image is black, as PIL crops).

    Args:
        img (PIL.Image.Image): the image.
        top (int): the first row.
        left (int): the first column.
        height (int): the rows.
        width (int): the columns.

    Returns:
        PIL.Image.Image, the region.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import crop
        >>> img = Image.fromarray(np.arange(9, dtype=np.uint8).reshape(3, 3))
        >>> print(np.asarray(crop(img, 1, 1, 2, 2)))
        [[4 5]
         [7 8]]
    """
    _need_pil(img)
    return img.crop((left, top, left + width, top + height))


def resize(img: Image.Image, size: Any, interpolation: Any = Inter.BILINEAR) -> Image.Image:
    """The PIL image resized to ``size`` (h, w), or with its shorter edge at ``size`` (an int,
    keeping the aspect ratio).

    Args:
        img (PIL.Image.Image): the image.
        size (Union[int, Sequence[int]]): the size.
        interpolation (Inter): the filter. Default: ``Inter.BILINEAR``.

    Returns:
        PIL.Image.Image, the resized image.

    Raises:
        TypeError: not a PIL image, or ``size`` not an int or (h, w).

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import resize
        >>> print(resize(Image.new('RGB', (8, 4)), 2).size, resize(Image.new('RGB', (8, 4)), (3, 5)).size)
        (4, 2) (5, 3)
    """
    _need_pil(img)
    if not (isinstance(size, int) or (isinstance(size, list | tuple) and len(size) == 2)):
        raise TypeError(
            f"Size should be a single number or a list/tuple (h, w) of length 2.Got {size}."
        )
    if isinstance(size, int):
        w, h = img.size
        if (w <= h and w == size) or (h <= w and h == size):
            return img
        ratio = w / h
        if w < h:
            return img.resize((size, int(size / ratio)), _filter(interpolation))
        return img.resize((int(size * ratio), size), _filter(interpolation))
    return img.resize(tuple(size[::-1]), _filter(interpolation))


def center_crop(img: Image.Image, size: Any) -> Image.Image:
    """The central ``size`` (an int for a square, or (h, w)) region of the PIL image.

    Args:
        img (PIL.Image.Image): the image.
        size (Union[int, Sequence[int]]): the crop's size.

    Returns:
        PIL.Image.Image, the crop.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import center_crop
        >>> img = Image.fromarray(np.arange(16, dtype=np.uint8).reshape(4, 4))
        >>> print(np.asarray(center_crop(img, 2)))
        [[ 5  6]
         [ 9 10]]
    """
    _need_pil(img)
    if isinstance(size, int):
        size = (size, size)
    w, h = img.size
    ch, cw = size
    return crop(img, int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0)), ch, cw)


def _enhance(enhancer: Any, img: Image.Image, factor: float) -> Image.Image:
    _need_pil(img)
    return enhancer(img).enhance(factor)


def adjust_brightness(img: Image.Image, brightness_factor: float) -> Image.Image:
    """The PIL image's brightness scaled by ``brightness_factor`` (Pillow's enhancer).

    Args:
        img (PIL.Image.Image): the image.
        brightness_factor (float): 0 gives black, 1 the original.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import adjust_brightness
        >>> img = Image.fromarray(np.full((1, 1, 3), 100, np.uint8))
        >>> print(np.asarray(adjust_brightness(img, 0.5)).ravel())
        [50 50 50]
    """
    return _enhance(ImageEnhance.Brightness, img, brightness_factor)


def adjust_contrast(img: Image.Image, contrast_factor: float) -> Image.Image:
    """The PIL image's contrast scaled by ``contrast_factor`` (Pillow's enhancer).

    Args:
        img (PIL.Image.Image): the image.
        contrast_factor (float): 0 gives the mean gray, 1 the original.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import adjust_contrast
        >>> img = Image.fromarray(np.full((1, 1, 3), 100, np.uint8))
        >>> print(np.asarray(adjust_contrast(img, 1.0)).ravel())
        [100 100 100]
    """
    return _enhance(ImageEnhance.Contrast, img, contrast_factor)


def adjust_saturation(img: Image.Image, saturation_factor: float) -> Image.Image:
    """The PIL image's saturation scaled by ``saturation_factor`` (Pillow's enhancer).

    Args:
        img (PIL.Image.Image): the image.
        saturation_factor (float): 0 gives gray, 1 the original.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import adjust_saturation
        >>> img = Image.fromarray(np.full((1, 1, 3), 100, np.uint8))
        >>> print(np.asarray(adjust_saturation(img, 0.0)).ravel())
        [100 100 100]
    """
    return _enhance(ImageEnhance.Color, img, saturation_factor)


def adjust_sharpness(img: Image.Image, sharpness_factor: float) -> Image.Image:
    """The PIL image sharpened by ``sharpness_factor`` (Pillow's enhancer; 1 is the original).

    Args:
        img (PIL.Image.Image): the image.
        sharpness_factor (float): the factor.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import adjust_sharpness
        >>> print(adjust_sharpness(Image.new('RGB', (3, 3)), 2.0).size)
        (3, 3)
    """
    return _enhance(ImageEnhance.Sharpness, img, sharpness_factor)


def adjust_hue(img: Image.Image, hue_factor: float) -> Image.Image:
    """The PIL image's hue shifted by ``hue_factor`` of a turn (in [-0.5, 0.5]) in HSV (gray
    modes are returned as they are).

    Args:
        img (PIL.Image.Image): the image.
        hue_factor (float): the shift, in [-0.5, 0.5].

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        ValueError: ``hue_factor`` is outside [-0.5, 0.5].
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import adjust_hue
        >>> img = Image.fromarray(np.array([[[255, 0, 0]]], np.uint8))
        >>> print(np.asarray(adjust_hue(img, 0.0)).ravel())
        [255   0   0]
    """
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"image_hue_factor {hue_factor} is not in [-0.5, 0.5].")
    _need_pil(img)
    mode = img.mode
    if mode in {"L", "1", "I", "F"}:
        return img
    h, s, v = img.convert("HSV").split()
    hue = np.asarray(h, dtype=np.uint8)
    with np.errstate(over="ignore"):
        hue = hue + np.uint8(hue_factor * 255)  # wraps around, as the hue circle does
    return Image.merge("HSV", (Image.fromarray(hue, "L"), s, v)).convert(mode)


def grayscale(img: Image.Image, num_output_channels: int) -> Image.Image:
    """The PIL image in gray, with 1 or 3 (equal) channels.

    Args:
        img (PIL.Image.Image): the image.
        num_output_channels (int): 1 or 3.

    Returns:
        PIL.Image.Image, the gray image.

    Raises:
        TypeError: not a PIL image.
        ValueError: ``num_output_channels`` is not 1 or 3.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import grayscale
        >>> print(grayscale(Image.new('RGB', (2, 2)), 3).mode)
        RGB
    """
    _need_pil(img)
    if num_output_channels == 1:
        return img.convert("L")
    if num_output_channels == 3:
        gray = np.asarray(img.convert("L"), dtype=np.uint8)
        return Image.fromarray(np.dstack([gray, gray, gray]), "RGB")
    raise ValueError(f"num_output_channels should be either 1 or 3. Got {num_output_channels}.")


def pad(img: Image.Image, padding: Any, fill_value: Any, padding_mode: str) -> Image.Image:
    """The PIL image padded: ``padding`` is one int, (left/right, top/bottom) or (left, top,
    right, bottom); ``padding_mode`` is constant (with ``fill_value``), edge, reflect or
    symmetric.

    Args:
        img (PIL.Image.Image): the image.
        padding (Union[int, Sequence[int]]): the borders.
        fill_value (Union[int, tuple]): the constant fill.
        padding_mode (str): ``'constant'``, ``'edge'``, ``'reflect'`` or ``'symmetric'``.

    Returns:
        PIL.Image.Image, the padded image.

    Raises:
        TypeError: not a PIL image, or arguments of the wrong type.
        ValueError: ``padding`` of another length or an unknown ``padding_mode``.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import pad
        >>> img = Image.fromarray(np.array([[1, 2]], np.uint8))
        >>> print(np.asarray(pad(img, (1, 0), 0, 'edge')))
        [[1 1 2 2]]
    """
    _need_pil(img)
    if isinstance(padding, numbers.Number):
        left = top = right = bottom = padding
    elif isinstance(padding, tuple | list):
        if len(padding) == 2:
            left = right = padding[0]
            top = bottom = padding[1]
        elif len(padding) == 4:
            left, top, right, bottom = padding
        else:
            raise ValueError("The size of the padding list or tuple should be 2 or 4.")
    else:
        raise TypeError("Padding can be any of: a number, a tuple or list of size 2 or 4.")
    if isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    if not isinstance(fill_value, numbers.Number | str | tuple):
        raise TypeError("fill_value can be any of: an integer, a string or a tuple.")
    if padding_mode not in ("constant", "edge", "reflect", "symmetric"):
        raise ValueError("Padding mode should be 'constant', 'edge', 'reflect', or 'symmetric'.")
    if isinstance(fill_value, tuple) and img.mode in ("L", "1"):
        fill_value = (fill_value[0],)
    if padding_mode == "constant":
        if img.mode == "P":
            palette = img.getpalette()
            out = ImageOps.expand(img, border=(left, top, right, bottom), fill=fill_value)
            out.putpalette(palette)
            return out
        return ImageOps.expand(img, border=(left, top, right, bottom), fill=fill_value)
    arr = np.asarray(img)
    widths = ((top, bottom), (left, right)) + (((0, 0),) if arr.ndim == 3 else ())
    return Image.fromarray(np.pad(arr, widths, mode=padding_mode))


def five_crop(img: Image.Image, size: Any) -> tuple:
    """The four corner crops and the center crop of ``size`` (an int or (h, w)).

    Args:
        img (PIL.Image.Image): the image.
        size (Union[int, Sequence[int]]): the crops' size.

    Returns:
        tuple, (top left, top right, bottom left, bottom right, center).

    Raises:
        TypeError: not a PIL image or a bad ``size``.
        ValueError: ``size`` larger than the image.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import five_crop
        >>> print([c.size for c in five_crop(Image.new('RGB', (4, 4)), 2)][:2])
        [(2, 2), (2, 2)]
    """
    _need_pil(img)
    if isinstance(size, int):
        size = (size, size)
    elif not (isinstance(size, list | tuple) and len(size) == 2):
        raise TypeError("Size should be a single number or a list/tuple (h, w) of length 2.")
    w, h = img.size
    ch, cw = size
    if ch > h or cw > w:
        raise ValueError(f"Crop size {size} is larger than input image size {(h, w)}.")
    return (
        img.crop((0, 0, cw, ch)),
        img.crop((w - cw, 0, w, ch)),
        img.crop((0, h - ch, cw, h)),
        img.crop((w - cw, h - ch, w, h)),
        center_crop(img, (ch, cw)),
    )


def ten_crop(img: Image.Image, size: Any, use_vertical_flip: bool = False) -> tuple:
    """``five_crop`` of the image and of its mirror (left-right, or top-bottom with
    ``use_vertical_flip``).

    Args:
        img (PIL.Image.Image): the image.
        size (Union[int, Sequence[int]]): the crops' size.
        use_vertical_flip (bool): mirror top to bottom instead. Default: ``False``.

    Returns:
        tuple, the ten crops.

    Raises:
        TypeError: not a PIL image or a bad ``size``.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import ten_crop
        >>> print(len(ten_crop(Image.new('RGB', (4, 4)), 2)))
        10
    """
    _need_pil(img)
    if isinstance(size, int):
        size = (size, size)
    elif not (isinstance(size, list | tuple) and len(size) == 2):
        raise TypeError("Size should be a single number or a list/tuple (h, w) of length 2.")
    first = five_crop(img, size)
    flipped = vertical_flip(img) if use_vertical_flip else horizontal_flip(img)
    return first + five_crop(flipped, size)


def rgb_to_bgr(np_rgb_img: np.ndarray, is_hwc: bool) -> np.ndarray:
    """The channels of an RGB image reversed.

    Args:
        np_rgb_img (numpy.ndarray): the image.
        is_hwc (bool): HWC layout (else CHW).

    Returns:
        numpy.ndarray, the BGR image (a view).

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import rgb_to_bgr
        >>> print(rgb_to_bgr(np.array([[[1, 2, 3]]]), True).ravel())
        [3 2 1]
    """
    return np_rgb_img[:, :, ::-1] if is_hwc else np_rgb_img[::-1, :, :]


def rgb_to_bgrs(np_rgb_imgs: np.ndarray, is_hwc: bool) -> np.ndarray:
    """``rgb_to_bgr`` of one image (3-D) or of each image of a batch (4-D).

    Args:
        np_rgb_imgs (numpy.ndarray): the image(s).
        is_hwc (bool): HWC layout (else CHW).

    Returns:
        numpy.ndarray, the BGR image(s).

    Raises:
        TypeError: not a NumPy array, ``is_hwc`` not a bool, not 3-D or 4-D, or not 3 channels.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import rgb_to_bgrs
        >>> print(rgb_to_bgrs(np.array([[[[1, 2, 3]]]]), True).ravel())
        [3 2 1]
    """
    return _per_image(np_rgb_imgs, is_hwc, rgb_to_bgr)


def _per_image(imgs: Any, is_hwc: bool, fn: Any) -> np.ndarray:
    if not is_numpy(imgs):
        raise TypeError(f"img should be NumPy image. Got {type(imgs)}")
    if not isinstance(is_hwc, bool):
        raise TypeError(f"is_hwc should be bool type. Got {type(is_hwc)}.")
    if imgs.ndim not in (3, 4):
        raise TypeError(
            f"img shape should be (H, W, C)/(N, H, W, C)/(C ,H, W)/(N, C, H, W). Got {imgs.shape}."
        )
    channels = imgs.shape[-1] if is_hwc else imgs.shape[-3]
    if channels != 3:
        raise TypeError(f"img should be 3 channels RGB img. Got {channels} channels.")
    if imgs.ndim == 3:
        return fn(imgs, is_hwc)
    return np.array([fn(im, is_hwc) for im in imgs])


def _channels(img: np.ndarray, is_hwc: bool) -> tuple:
    return (img[:, :, 0], img[:, :, 1], img[:, :, 2]) if is_hwc else (img[0], img[1], img[2])


def rgb_to_hsv(np_rgb_img: np.ndarray, is_hwc: bool) -> np.ndarray:
    """An RGB image in HSV, per pixel as ``colorsys.rgb_to_hsv`` computes it.

    Args:
        np_rgb_img (numpy.ndarray): the image (floats in [0, 1] for the usual ranges).
        is_hwc (bool): HWC layout (else CHW).

    Returns:
        numpy.ndarray, the HSV image.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import rgb_to_hsv
        >>> print(rgb_to_hsv(np.array([[[1.0, 0.0, 0.0]]]), True).ravel())
        [0. 1. 1.]
    """
    h, s, v = np.vectorize(colorsys.rgb_to_hsv)(*_channels(np_rgb_img, is_hwc))
    return np.stack((h, s, v), axis=2 if is_hwc else 0)


def rgb_to_hsvs(np_rgb_imgs: np.ndarray, is_hwc: bool) -> np.ndarray:
    """``rgb_to_hsv`` of one image (3-D) or of each image of a batch (4-D).

    Args:
        np_rgb_imgs (numpy.ndarray): the image(s).
        is_hwc (bool): HWC layout (else CHW).

    Returns:
        numpy.ndarray, the HSV image(s).

    Raises:
        TypeError: not a NumPy array, ``is_hwc`` not a bool, not 3-D or 4-D, or not 3 channels.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import rgb_to_hsvs
        >>> print(rgb_to_hsvs(np.array([[[0.0, 1.0, 0.0]]]), True).ravel().round(4))
        [0.3333 1.     1.    ]
    """
    return _per_image(np_rgb_imgs, is_hwc, rgb_to_hsv)


def hsv_to_rgb(np_hsv_img: np.ndarray, is_hwc: bool) -> np.ndarray:
    """An HSV image in RGB, per pixel as ``colorsys.hsv_to_rgb`` computes it.

    Args:
        np_hsv_img (numpy.ndarray): the image.
        is_hwc (bool): HWC layout (else CHW).

    Returns:
        numpy.ndarray, the RGB image.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import hsv_to_rgb
        >>> print(hsv_to_rgb(np.array([[[0.0, 1.0, 1.0]]]), True).ravel())
        [1. 0. 0.]
    """
    r, g, b = np.vectorize(colorsys.hsv_to_rgb)(*_channels(np_hsv_img, is_hwc))
    return np.stack((r, g, b), axis=2 if is_hwc else 0)


def hsv_to_rgbs(np_hsv_imgs: np.ndarray, is_hwc: bool) -> np.ndarray:
    """``hsv_to_rgb`` of one image (3-D) or of each image of a batch (4-D).

    Args:
        np_hsv_imgs (numpy.ndarray): the image(s).
        is_hwc (bool): HWC layout (else CHW).

    Returns:
        numpy.ndarray, the RGB image(s).

    Raises:
        TypeError: not a NumPy array, ``is_hwc`` not a bool, not 3-D or 4-D, or not 3 channels.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import hsv_to_rgbs
        >>> print(hsv_to_rgbs(np.array([[[0.0, 0.0, 1.0]]]), True).ravel())
        [1. 1. 1.]
    """
    return _per_image(np_hsv_imgs, is_hwc, hsv_to_rgb)


def adjust_gamma(img: Image.Image, gamma: float, gain: float) -> Image.Image:
    """The PIL image through ``gain * (x / 255) ** gamma`` (a lookup table, as MindSpore builds).

    Args:
        img (PIL.Image.Image): the image (1 or 3 bands).
        gamma (float): the exponent.
        gain (float): the multiplier.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import adjust_gamma
        >>> img = Image.fromarray(np.array([[0, 255]], np.uint8))
        >>> print(np.asarray(adjust_gamma(img, 1.0, 1.0)))
        [[  0 255]]
    """
    if not is_pil(img):
        raise TypeError(f"img should be PIL image. Got {type(img)}.")
    table = [int((255 + 1 - 1e-3) * gain * pow(x / 255.0, gamma)) for x in range(256)]
    bands = len(img.split())
    if bands in (1, 3):
        return img.point(table * bands)
    return img


def auto_contrast(img: Image.Image, cutoff: float, ignore: Any) -> Image.Image:
    """Pillow's ``ImageOps.autocontrast`` (stretches the histogram, cutting ``cutoff`` percent).

    Args:
        img (PIL.Image.Image): the image.
        cutoff (float): the percent cut from each end of the histogram.
        ignore (Union[int, Sequence[int]]): background values to ignore.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import auto_contrast
        >>> img = Image.fromarray(np.array([[100, 150]], np.uint8))
        >>> print(np.asarray(auto_contrast(img, 0.0, None)))
        [[  0 255]]
    """
    _need_pil(img)
    return ImageOps.autocontrast(img, cutoff, ignore)


def invert_color(img: Image.Image) -> Image.Image:
    """The PIL image's colors inverted (255 - x).

    Args:
        img (PIL.Image.Image): the image.

    Returns:
        PIL.Image.Image, the inverted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> import numpy as np
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import invert_color
        >>> print(np.asarray(invert_color(Image.fromarray(np.array([[0, 55]], np.uint8)))))
        [[255 200]]
    """
    _need_pil(img)
    return ImageOps.invert(img)


def equalize(img: Image.Image) -> Image.Image:
    """Pillow's ``ImageOps.equalize`` (a uniform histogram).

    Args:
        img (PIL.Image.Image): the image.

    Returns:
        PIL.Image.Image, the equalized image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import equalize
        >>> print(equalize(Image.new('L', (2, 2))).size)
        (2, 2)
    """
    _need_pil(img)
    return ImageOps.equalize(img)


def linear_transform(
    np_img: np.ndarray, transformation_matrix: np.ndarray, mean_vector: np.ndarray
) -> np.ndarray:
    """``(flatten(img) - mean_vector) @ transformation_matrix`` reshaped to the image's shape.

    Args:
        np_img (numpy.ndarray): the image.
        transformation_matrix (numpy.ndarray): (D, D), D the image's size.
        mean_vector (numpy.ndarray): (D,).

    Returns:
        numpy.ndarray, the transformed image.

    Raises:
        TypeError: not a NumPy image.
        ValueError: shapes that do not fit the image.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import linear_transform
        >>> print(linear_transform(np.ones((1, 2)), 2 * np.eye(2), np.zeros(2)))
        [[2. 2.]]
    """
    _need_numpy(np_img)
    size = np_img.size
    if transformation_matrix.shape[0] != transformation_matrix.shape[1]:
        raise ValueError(
            "transformation_matrix should be a square matrix. "
            f"Got shape {transformation_matrix.shape} instead."
        )
    if size != transformation_matrix.shape[0]:
        raise ValueError(
            f"transformation_matrix shape {transformation_matrix.shape} not compatible with Numpy image shape {np_img.shape}."
        )
    if size != mean_vector.shape[0]:
        raise ValueError(
            f"mean_vector length {mean_vector.shape[0]} should match either one dimension of the square "
            f"transformation_matrix {transformation_matrix.shape}."
        )
    flat = np_img.reshape(1, -1) - mean_vector
    return np.dot(flat, transformation_matrix).reshape(np_img.shape)


def erase(
    np_img: np.ndarray,
    i: int,
    j: int,
    height: int,
    width: int,
    erase_value: Any,
    inplace: bool = False,
) -> np.ndarray:
    """The CHW image with the ``height`` x ``width`` region at row ``i``, column ``j`` set to
    ``erase_value`` (a scalar or one value per channel).

    Args:
        np_img (numpy.ndarray): the image, (C, H, W).
        i (int): the first row.
        j (int): the first column.
        height (int): the rows.
        width (int): the columns.
        erase_value (Union[float, numpy.ndarray]): the value (broadcast to the region, as NumPy
            assigns it: a per-channel value is given with shape (C, 1, 1)).
        inplace (bool): change ``np_img`` itself. Default: ``False``.

    Returns:
        numpy.ndarray, the erased image.

    Raises:
        TypeError: not a NumPy image.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.vision.py_transforms_util import erase
        >>> print(erase(np.ones((1, 2, 2)), 0, 0, 1, 1, 0).ravel())
        [0. 1. 1. 1.]
    """
    _need_numpy(np_img)
    if not inplace:
        np_img = np_img.copy()
    np_img[:, i : i + height, j : j + width] = erase_value
    return np_img


def random_color(img: Image.Image, degrees: Any) -> Image.Image:
    """``adjust_saturation`` by a factor drawn uniformly from ``degrees`` (min, max).

    Args:
        img (PIL.Image.Image): the image.
        degrees (Sequence[float]): the range of the factor.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import random_color
        >>> print(random_color(Image.new('RGB', (2, 2)), (0.5, 1.5)).size)
        (2, 2)
    """
    _need_pil(img)
    return ImageEnhance.Color(img).enhance(random.uniform(degrees[0], degrees[1]))


def random_sharpness(img: Image.Image, degrees: Any) -> Image.Image:
    """``adjust_sharpness`` by a factor drawn uniformly from ``degrees`` (min, max).

    Args:
        img (PIL.Image.Image): the image.
        degrees (Sequence[float]): the range of the factor.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import random_sharpness
        >>> print(random_sharpness(Image.new('RGB', (3, 3)), (0.5, 1.5)).size)
        (3, 3)
    """
    _need_pil(img)
    return ImageEnhance.Sharpness(img).enhance(random.uniform(degrees[0], degrees[1]))


def random_lighting(img: Image.Image, alpha: float) -> Image.Image:
    """AlexNet's PCA lighting noise on an RGB PIL image: the eigenvectors of ImageNet's color
    covariance, weighted by its eigenvalues times N(0, ``alpha``) draws.

    Args:
        img (PIL.Image.Image): the RGB image.
        alpha (float): the noise's standard deviation.

    Returns:
        PIL.Image.Image, the adjusted image.

    Raises:
        TypeError: not a PIL image.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import random_lighting
        >>> print(random_lighting(Image.new('RGB', (2, 2)), 0.0).size)
        (2, 2)
    """
    _need_pil(img)
    if img.mode != "RGB":
        img = img.convert("RGB")
    eigval = np.array([0.2175, 0.0188, 0.0045]) * 255
    eigvec = np.array(
        [[-0.5675, 0.7192, 0.4009], [-0.5808, -0.0045, -0.8140], [-0.5836, -0.6948, 0.4203]]
    )
    weights = np.array([random.gauss(0, alpha) for _ in range(3)])
    shift = eigvec @ (eigval * weights)
    arr = np.asarray(img, dtype=np.float64) + shift
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def random_resize_crop(
    img: Image.Image,
    size: Any,
    scale: Any,
    ratio: Any,
    interpolation: Any = Inter.BILINEAR,
    max_attempts: int = 10,
) -> Image.Image:
    """A random crop (area a ``scale`` fraction, aspect ratio in ``ratio`` on a log scale)
    resized to ``size``; after ``max_attempts`` misses, a center crop within ``ratio``.

    Args:
        img (PIL.Image.Image): the image.
        size (Union[int, Sequence[int]]): the output (h, w) (an int for a square).
        scale (Sequence[float]): the range of the crop's area fraction.
        ratio (Sequence[float]): the range of the crop's aspect ratio (w / h).
        interpolation (Inter): the filter. Default: ``Inter.BILINEAR``.
        max_attempts (int): tries before the center crop. Default: ``10``.

    Returns:
        PIL.Image.Image, the crop at ``size``.

    Raises:
        TypeError: not a PIL image or a bad ``size``.
        ValueError: a range not in (min, max) order.

    Examples:
        >>> from PIL import Image
        >>> from deepsink.dataset.vision.py_transforms_util import random_resize_crop
        >>> print(random_resize_crop(Image.new('RGB', (8, 8)), 4, (0.5, 1.0), (0.75, 1.33)).size)
        (4, 4)
    """
    _need_pil(img)
    if isinstance(size, int):
        size = (size, size)
    elif not (isinstance(size, tuple | list) and len(size) == 2):
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")
    if scale[0] > scale[1] or ratio[0] > ratio[1]:
        raise ValueError("Range should be in the order of (min, max).")
    w, h = img.size
    area = w * h
    box = None
    for _ in range(max_attempts):
        target = random.uniform(scale[0], scale[1]) * area
        aspect = math.exp(random.uniform(math.log(ratio[0]), math.log(ratio[1])))
        cw = int(round(math.sqrt(target * aspect)))
        ch = int(round(cw / aspect))
        if 0 < cw <= w and 0 < ch <= h:
            box = (random.randint(0, h - ch), random.randint(0, w - cw), ch, cw)
            break
    if box is None:
        img_ratio = w / h
        if img_ratio < ratio[0]:
            cw, ch = w, int(round(w / ratio[0]))
        elif img_ratio > ratio[1]:
            ch, cw = h, int(round(h * ratio[1]))
        else:
            cw, ch = w, h
        box = (int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0)), ch, cw)
    top, left, ch, cw = box
    return resize(crop(img, top, left, ch, cw), size, interpolation)
