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


def test_a_cut_jpeg_decodes_as_far_as_libjpeg_turbo_recovers(monkeypatch):
    """A JPEG cut short decodes as MindSpore's libjpeg-turbo decoder does: the rows before the
    cut as in the whole image, the blocks after it mid-grey; the same pixels as Pillow's
    libjpeg-turbo with truncated images allowed, and never through OpenCV (whose answer changed
    between releases: 4.10 filled rows of its own, 4.14 refuses)."""
    from PIL import ImageFile

    buf = _jpeg(_image(), subsampling=2)
    whole = _opencv(buf)
    calls = []
    monkeypatch.setattr(_cv.cv2, "imdecode", lambda *a: calls.append(a) or None)
    monkeypatch.setattr(ImageFile, "LOAD_TRUNCATED_IMAGES", True)
    for frac in (2 / 3, 1 / 2, 1 / 5):
        truncated = buf[: int(buf.size * frac)].copy()
        out = _cv.decode(truncated)
        assert out.shape == whole.shape and out.dtype == np.uint8
        pil = np.asarray(Image.open(io.BytesIO(truncated.tobytes())).convert("RGB"))
        np.testing.assert_array_equal(out, pil)
        same = (out == whole).all(axis=(1, 2))
        first_bad = int(np.argmin(same)) if not same.all() else out.shape[0]
        assert 0 < first_bad < out.shape[0] or frac < 0.3, (frac, first_bad)
        # past the 16-row MCU the cut falls in (and one row that chroma upsampling blends):
        # libjpeg's zero coefficients, mid-grey
        assert (out[first_bad + 18 :] == 128).all(), frac
    assert calls == []
    _cv.decode(buf)
    assert calls == []  # a whole JPEG never reaches OpenCV either


def test_what_libjpeg_turbo_cannot_read_goes_to_opencv(monkeypatch):
    calls = []
    imdecode = cv2.imdecode

    def spy(data, flags):
        calls.append(data.size)
        return imdecode(data, flags)

    monkeypatch.setattr(_cv.cv2, "imdecode", spy)
    bad = np.frombuffer(b"\xff\xd8\xff\xe0not a jpeg", np.uint8)
    assert _cv.decode(bad) is None
    assert calls == [bad.size]
    with pytest.raises(ValueError, match="not a decodable image"):
        vision.Decode()(bad)


def test_png_still_decodes_through_opencv():
    img = _image()
    buf = np.frombuffer(cv2.imencode(".png", img[..., ::-1])[1].tobytes(), np.uint8)
    np.testing.assert_array_equal(vision.Decode()(buf), img)
