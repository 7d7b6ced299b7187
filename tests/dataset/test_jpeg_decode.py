"""vision.Decode's JPEG path (libjpeg-turbo through simplejpeg, straight to RGB) gives OpenCV's
pixels (OpenCV's libjpeg-turbo, BGR swapped to RGB: the decoder MindSpore's engine matches), and
what it refuses falls back to OpenCV."""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

import deepsink.dataset.vision as vision
from deepsink.dataset.vision import _cv


def _image(h: int = 67, w: int = 93) -> np.ndarray:
    rng = np.random.default_rng(0)
    smooth = cv2.resize(rng.integers(0, 256, (6, 9, 3), dtype=np.uint8), (w, h))
    noisy = smooth.astype(np.int16) + rng.integers(-20, 21, (h, w, 3))
    return noisy.clip(0, 255).astype(np.uint8)


def _jpeg(img: np.ndarray, mode: str = "RGB", **kw) -> np.ndarray:
    f = io.BytesIO()
    Image.fromarray(img).convert(mode).save(f, "JPEG", quality=88, **kw)
    return np.frombuffer(f.getvalue(), np.uint8)


def _opencv(buf: np.ndarray) -> np.ndarray:
    img = cv2.imdecode(buf, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    return cv2.cvtColor(img, cv2.COLOR_BGR2RGB)


CASES = {
    f"{name}{'-progressive' if prog else ''}": (dict(subsampling=sub, progressive=prog), "RGB")
    for name, sub in (("444", 0), ("422", 1), ("420", 2))
    for prog in (False, True)
}
CASES["gray"] = ({}, "L")
CASES["cmyk"] = ({}, "CMYK")


@pytest.mark.parametrize("case", sorted(CASES))
def test_decode_equals_opencv(case):
    kw, mode = CASES[case]
    buf = _jpeg(_image(), mode, **kw)
    out = vision.Decode()(buf)
    assert out.dtype == np.uint8 and out.shape == (67, 93, 3)
    np.testing.assert_array_equal(out, _opencv(buf))


def test_random_crop_decode_resize_equals_full_decode_then_crop():
    buf = _jpeg(_image(120, 160), subsampling=2)
    op = vision.RandomCropDecodeResize((32, 40), scale=(0.1, 0.9))
    u = np.random.default_rng(1).random((8, op.random_draws))
    for row in u:
        box = op.box(row, 120, 160)
        y, x, h, w = box
        want = cv2.resize(
            _opencv(buf)[y : y + h, x : x + w], (40, 32), interpolation=cv2.INTER_LINEAR
        )
        np.testing.assert_array_equal(op.apply(buf, row), want)


def test_what_the_jpeg_path_refuses_goes_to_opencv(monkeypatch):
    buf = _jpeg(_image(), subsampling=2)
    truncated = buf[: buf.size * 2 // 3].copy()  # libjpeg warns "premature end": refused
    calls = []
    imdecode = cv2.imdecode

    def spy(data, flags):
        calls.append(data.size)
        return imdecode(data, flags)

    monkeypatch.setattr(_cv.cv2, "imdecode", spy)
    out = _cv.decode(truncated)
    assert calls == [truncated.size]  # OpenCV decided, as before
    # the rows before the cut are decoded alike (OpenCV leaves the missing ones unset)
    np.testing.assert_array_equal(out[:16], _opencv(buf)[:16])
    calls.clear()
    _cv.decode(buf)
    assert calls == []  # a whole JPEG never reaches OpenCV
    bad = np.frombuffer(b"\xff\xd8\xff\xe0not a jpeg", np.uint8)
    assert _cv.decode(bad) is None
    with pytest.raises(ValueError, match="not a decodable image"):
        vision.Decode()(bad)


def test_png_still_decodes_through_opencv():
    img = _image()
    buf = np.frombuffer(cv2.imencode(".png", img[..., ::-1])[1].tobytes(), np.uint8)
    np.testing.assert_array_equal(vision.Decode()(buf), img)
