"""OpenCV kernels for the host-side vision ops, with MindSpore's argument mapping.

MindSpore's C++ engine runs its image ops through OpenCV (``cv::resize``, ``cv::warpAffine``,
``cv::cvtColor``, ...) and decodes JPEG with libjpeg-turbo. The same OpenCV calls here give the
same pixels at the same speed, and they release the GIL, so worker threads run them in parallel.

Interpolation maps as MindSpore's ``GetCVInterpolationMode``; borders as ``GetCVBorderType``
(REFLECT is OpenCV's reflect-101, SYMMETRIC its reflect). One exception: MindSpore's bundled
OpenCV rounds ``INTER_CUBIC`` differently from the released wheels (off by one on some uint8
pixels), so cubic resizes keep the numpy implementation of that arithmetic (``_resize.py``).
"""

from __future__ import annotations

import cv2
import numpy as np
import simplejpeg

from deepsink import log
from deepsink.dataset.vision import _resize
from deepsink.dataset.vision.utils import Border, Inter

INTER = {
    Inter.LINEAR: cv2.INTER_LINEAR,
    Inter.NEAREST: cv2.INTER_NEAREST,
    Inter.BICUBIC: cv2.INTER_CUBIC,
    Inter.AREA: cv2.INTER_AREA,
}
BORDER = {
    Border.CONSTANT: cv2.BORDER_CONSTANT,
    Border.EDGE: cv2.BORDER_REPLICATE,
    Border.REFLECT: cv2.BORDER_REFLECT_101,
    Border.SYMMETRIC: cv2.BORDER_REFLECT,
}
_NP_INTERP = {
    Inter.LINEAR: _resize.LINEAR,
    Inter.NEAREST: _resize.NEAREST,
    Inter.BICUBIC: _resize.CUBIC,
    Inter.AREA: _resize.AREA,
}
# depths cv::resize accepts (others go through the numpy implementation)
CV_DTYPES = {np.dtype(t) for t in (np.uint8, np.uint16, np.int16, np.float32, np.float64)}
_DECODE_FLAGS = getattr(cv2, "IMREAD_COLOR_RGB", cv2.IMREAD_COLOR) | cv2.IMREAD_IGNORE_ORIENTATION
_DECODE_BGR = not hasattr(cv2, "IMREAD_COLOR_RGB")


def keep_channels(out: np.ndarray, like: np.ndarray) -> np.ndarray:
    """OpenCV drops a trailing channel axis of size 1; put it back."""
    return out[..., None] if like.ndim == 3 and out.ndim == 2 else out


def resize(img: np.ndarray, oh: int, ow: int, interp: Inter) -> np.ndarray:
    """One <H, W> or <H, W, C> image resized to (oh, ow) as MindSpore's ``Resize``."""
    if (
        interp == Inter.BICUBIC
        or img.dtype not in CV_DTYPES
        or (img.ndim == 3 and img.shape[2] > 512)
    ):
        x4 = img[None] if img.ndim == 3 else img[None, ..., None]
        out = _resize.resize(np, x4, oh, ow, _NP_INTERP[interp])[0]
        return out if img.ndim == 3 else out[..., 0]
    # a crop's rows are contiguous runs of pixels: OpenCV reads the view without a copy
    src = img if img.strides[-1] == img.itemsize else np.ascontiguousarray(img)
    return keep_channels(cv2.resize(src, (ow, oh), interpolation=INTER[interp]), img)


def resize_batch(x4: np.ndarray, oh: int, ow: int, interp: Inter) -> np.ndarray:
    """<N, H, W, C> resized image by image."""
    if interp == Inter.BICUBIC or x4.dtype not in CV_DTYPES:
        return _resize.resize(np, x4, oh, ow, _NP_INTERP[interp])
    out = np.empty((x4.shape[0], oh, ow, x4.shape[3]), x4.dtype)
    for i in range(x4.shape[0]):
        out[i] = resize(x4[i], oh, ow, interp)
    return out


def decode(buf: np.ndarray) -> np.ndarray | None:
    """Encoded bytes to RGB <H, W, 3> uint8 (libjpeg-turbo for JPEG, as MindSpore); None when
    OpenCV cannot read them. EXIF orientation is ignored, as MindSpore's decoder does.

    A JPEG goes to libjpeg-turbo through simplejpeg: the library decodes straight to RGB
    (OpenCV's 4.10 wheels decode to BGR and swap in a second pass), the same pixels in about
    four fifths of the CPU time. A stream libjpeg-turbo only warns about (cut short, a corrupt
    segment) is decoded as far as the library recovers it, as MindSpore's libjpeg-turbo decoder
    does: the blocks past the damage come out mid-grey. This does not depend on the OpenCV
    release (4.14 refuses such a stream where 4.10 returned rows of its own). What libjpeg-turbo
    cannot read at all goes to OpenCV, with the other formats (None for what it cannot read,
    an empty buffer included)."""
    if buf.size > 2 and buf[0] == 0xFF and buf[1] == 0xD8:
        try:
            return simplejpeg.decode_jpeg(buf, colorspace="RGB")
        except (ValueError, RuntimeError, BufferError):
            pass
        try:
            out = simplejpeg.decode_jpeg(buf, colorspace="RGB", strict=False)
        except (ValueError, RuntimeError, BufferError):
            pass
        else:
            log.warning("a damaged JPEG (%d bytes) was decoded as far as it goes", buf.size)
            return out
    try:
        img = cv2.imdecode(buf, _DECODE_FLAGS)
    except cv2.error:  # an empty buffer fails OpenCV's assertion: not an image either
        return None
    if img is None:
        return None
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2RGB)
    return cv2.cvtColor(img, cv2.COLOR_BGR2RGB) if _DECODE_BGR else img


def fill_scalar(fill: tuple[int, ...], channels: int) -> tuple:
    """A fill colour (R, G, B) as OpenCV's border value for an RGB image (MindSpore passes the
    triple in channel order)."""
    if len(fill) == 1:
        return (fill[0],) * 4
    return tuple(fill) + (0,) * (4 - len(fill))


def warp_affine(
    img: np.ndarray,
    matrix: np.ndarray,
    size: tuple[int, int],
    interp: Inter,
    fill: tuple[int, ...] = (0,),
) -> np.ndarray:
    """``cv::warpAffine`` with a constant border (``size``: (width, height))."""
    channels = img.shape[2] if img.ndim == 3 else 1
    out = cv2.warpAffine(
        np.ascontiguousarray(img),
        np.asarray(matrix, np.float64).reshape(2, 3),
        size,
        flags=INTER[interp],
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=fill_scalar(fill, channels),
    )
    return keep_channels(out, img)
