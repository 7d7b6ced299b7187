"""Image files and encodings (``read_file``, ``read_image``, ``write_file``, ``encode_jpeg``,
``encode_png``, ``write_jpeg``, ``write_png``) and the image-shape helpers, through OpenCV's
libjpeg-turbo and libpng as MindSpore's own functions use those libraries.
"""

from __future__ import annotations

import os
from typing import Any

import cv2
import numpy as np

from deepsink._core.names import type_repr
from deepsink.dataset.core.validator_helpers import check_value, type_check
from deepsink.dataset.transforms.transforms import is_pil
from deepsink.dataset.vision import _cv
from deepsink.dataset.vision.utils import ImageReadMode


def _path(filename: Any, api: str) -> str:
    type_check(filename, (str,), "filename")
    return filename


def read_file(filename: str) -> np.ndarray:
    """The file's bytes as a 1-D uint8 array.

    Args:
        filename (str): the file.

    Returns:
        numpy.ndarray, its bytes (1-D uint8).

    Raises:
        RuntimeError: the file cannot be read.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'a.bin')
        >>> vision.write_file(path, np.array([1, 2, 3], np.uint8))
        >>> print(vision.read_file(path))
        [1 2 3]
    """
    path = _path(filename, "read_file")
    if not os.path.isfile(path):
        raise RuntimeError(f"ReadFile: the file {path!r} does not exist or is not a file.")
    return np.fromfile(path, np.uint8)


def write_file(filename: str, data: np.ndarray) -> None:
    """Write a 1-D uint8 array to ``filename``.

    Args:
        filename (str): the file.
        data (numpy.ndarray): 1-D uint8 bytes.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'a.bin')
        >>> vision.write_file(path, np.array([7, 8], np.uint8))
        >>> print(os.path.getsize(path))
        2
    """
    path = _path(filename, "write_file")
    type_check(data, (np.ndarray,), "data")
    if data.dtype != np.uint8 or data.ndim != 1:
        raise RuntimeError(
            f"WriteFile: the data must be a 1-D uint8 array, got shape {data.shape}, dtype {data.dtype}"
        )
    data.tofile(path)


def read_image(filename: str, mode: ImageReadMode = ImageReadMode.UNCHANGED) -> np.ndarray:
    """Decode an image file: UNCHANGED keeps its channels (grey as <H, W, 1>), GRAYSCALE gives
    <H, W, 1>, COLOR gives RGB <H, W, 3>.

    Args:
        filename (str): the image file.
        mode (ImageReadMode): UNCHANGED, GRAYSCALE or COLOR. Default: ``ImageReadMode.UNCHANGED``.

    Returns:
        numpy.ndarray, the decoded uint8 image.

    Raises:
        RuntimeError: the file cannot be read or decoded.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'a.png')
        >>> vision.write_png(path, np.zeros((4, 5, 3), np.uint8))
        >>> print(vision.read_image(path).shape, vision.read_image(path, vision.ImageReadMode.GRAYSCALE).shape)
        (4, 5, 3) (4, 5, 1)
    """
    type_check(mode, (ImageReadMode,), "mode")
    buf = read_file(filename)
    if mode == ImageReadMode.COLOR:
        img = _cv.decode(buf)
    elif mode == ImageReadMode.GRAYSCALE:
        img = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE | cv2.IMREAD_IGNORE_ORIENTATION)
    else:
        img = cv2.imdecode(buf, cv2.IMREAD_UNCHANGED | cv2.IMREAD_IGNORE_ORIENTATION)
        if img is not None and img.ndim == 3:
            code = cv2.COLOR_BGRA2RGBA if img.shape[2] == 4 else cv2.COLOR_BGR2RGB
            img = cv2.cvtColor(img, code)
    if img is None:
        raise RuntimeError(f"ReadImage: {filename!r} is not a decodable image.")
    return img[..., None] if img.ndim == 2 else img


def _image_for_encoding(image: Any, api: str) -> np.ndarray:
    if not isinstance(image, np.ndarray):
        raise TypeError(f"{api}: the image must be a numpy.ndarray, got {type_repr(image)}.")
    if image.dtype != np.uint8:
        raise RuntimeError(f"{api}: the image must be uint8, got {image.dtype}.")
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[..., 0]
    if image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] != 3):
        raise RuntimeError(
            f"{api}: the image must be <H, W>, <H, W, 1> or <H, W, 3>, got {image.shape}."
        )
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_RGB2BGR)


def encode_jpeg(image: np.ndarray, quality: int = 75) -> np.ndarray:
    """An RGB or grey uint8 image to JPEG bytes (1-D uint8).

    Args:
        image (numpy.ndarray): a uint8 <H, W, 3> or <H, W> image.
        quality (int): the JPEG quality, in [1, 100]. Default: ``75``.

    Returns:
        numpy.ndarray, the encoded bytes (1-D uint8).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> data = vision.encode_jpeg(np.zeros((4, 4, 3), np.uint8))
        >>> print(data.dtype, data[:2])
        uint8 [255 216]
    """
    type_check(quality, (int,), "quality")
    check_value(quality, (1, 100), "quality")
    ok, buf = cv2.imencode(
        ".jpg", _image_for_encoding(image, "EncodeJpeg"), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    if not ok:
        raise RuntimeError("EncodeJpeg: encoding failed.")
    return buf.ravel()


def encode_png(image: np.ndarray, compression_level: int = 6) -> np.ndarray:
    """An RGB or grey uint8 image to PNG bytes (1-D uint8).

    Args:
        image (numpy.ndarray): a uint8 <H, W, 3> or <H, W> image.
        compression_level (int): the zlib level, in [0, 9]. Default: ``6``.

    Returns:
        numpy.ndarray, the encoded bytes (1-D uint8).

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> data = vision.encode_png(np.zeros((4, 4, 3), np.uint8))
        >>> print(data.dtype, data[1:4].tobytes())
        uint8 b'PNG'
    """
    type_check(compression_level, (int,), "compression_level")
    check_value(compression_level, (0, 9), "compression_level")
    img = _image_for_encoding(image, "EncodePng")
    ok, buf = cv2.imencode(".png", img, [cv2.IMWRITE_PNG_COMPRESSION, compression_level])
    if not ok:
        raise RuntimeError("EncodePng: encoding failed.")
    return buf.ravel()


def write_jpeg(filename: str, image: np.ndarray, quality: int = 75) -> None:
    """Encodes a uint8 image as JPEG and writes it to ``filename``.

    Args:
        filename (str): the file.
        image (numpy.ndarray): a uint8 <H, W, 3> or <H, W> image.
        quality (int): the JPEG quality, in [1, 100]. Default: ``75``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'a.jpg')
        >>> vision.write_jpeg(path, np.zeros((4, 4, 3), np.uint8))
        >>> print(vision.read_image(path).shape)
        (4, 4, 3)
    """
    write_file(_path(filename, "write_jpeg"), encode_jpeg(image, quality))


def write_png(filename: str, image: np.ndarray, compression_level: int = 6) -> None:
    """Encodes a uint8 image as PNG and writes it to ``filename``.

    Args:
        filename (str): the file.
        image (numpy.ndarray): a uint8 <H, W, 3> or <H, W> image.
        compression_level (int): the zlib level, in [0, 9]. Default: ``6``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), 'a.png')
        >>> vision.write_png(path, np.full((2, 2, 3), 9, np.uint8))
        >>> print(vision.read_image(path)[0, 0])
        [9 9 9]
    """
    write_file(_path(filename, "write_png"), encode_png(image, compression_level))


def get_image_num_channels(image: Any) -> int:
    """Channels of a numpy <H, W[, C]> image (1 for <H, W>) or a PIL image.

    Args:
        image (Union[numpy.ndarray, PIL.Image.Image]): the image.

    Returns:
        int, the number of channels.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.get_image_num_channels(np.zeros((4, 5, 3), np.uint8)))
        3
    """
    if is_pil(image):
        return len(image.getbands())
    if not isinstance(image, np.ndarray):
        raise TypeError(
            f"Input image is not of type numpy.ndarray or PIL Image, but got: {type(image)}."
        )
    if image.ndim < 2:
        raise RuntimeError(
            "GetImageNumChannels: invalid parameter, image should have at least two dimensions, "
            f"but got: {image.ndim}"
        )
    return 1 if image.ndim == 2 else int(image.shape[-1])


def get_image_size(image: Any) -> list[int]:
    """[height, width] of a numpy <..., H, W, C> / <H, W> image or a PIL image.

    Args:
        image (Union[numpy.ndarray, PIL.Image.Image]): the image.

    Returns:
        list[int], ``[height, width]``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> print(vision.get_image_size(np.zeros((4, 5, 3), np.uint8)))
        [4, 5]
    """
    if is_pil(image):
        w, h = image.size
        return [h, w]
    if not isinstance(image, np.ndarray):
        raise TypeError(
            f"Input image is not of type numpy.ndarray or PIL Image, but got: {type(image)}."
        )
    if image.ndim < 2:
        raise RuntimeError(
            f"GetImageSize: invalid parameter, image should have at least two dimensions, but got: {image.ndim}"
        )
    if image.ndim == 2:
        return [int(image.shape[0]), int(image.shape[1])]
    return [int(image.shape[-3]), int(image.shape[-2])]
