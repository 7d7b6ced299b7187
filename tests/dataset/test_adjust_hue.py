"""``vision.AdjustHue`` (and so RandomColorAdjust's hue) gives 2.10's pixels whatever OpenCV is
installed: the HSV conversions as MindSpore's bundled OpenCV 4.11 computes them (recorded by
``scripts/record_adjust_hue.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset.vision as vision
from deepsink.dataset.vision import _hsv

ROOT = Path(__file__).resolve().parents[2]
RECORDED = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "dataset" / "adjust_hue.json").read_text()
)
CASES = [
    (np.array(c["image"], np.uint8), float(f), np.array(out, np.uint8))
    for c in RECORDED["cases"]
    for f, out in c["outputs"].items()
]


@pytest.mark.parametrize(
    "image,factor,want", CASES, ids=[f"w{c[0].shape[1]}-{c[1]}" for c in CASES]
)
def test_adjust_hue_gives_mindspores_pixels(image, factor, want):
    got = vision.AdjustHue(factor)(image)
    assert got.dtype == np.uint8
    np.testing.assert_array_equal(got, want)


def test_hsv_round_trip_of_grey_keeps_it():
    grey = np.repeat(np.arange(256, dtype=np.uint8)[None, :, None], 3, axis=2)
    hsv = _hsv.rgb_to_hsv_full(grey)
    assert (hsv[..., 0] == 0).all() and (hsv[..., 1] == 0).all()
    np.testing.assert_array_equal(_hsv.hsv_full_to_rgb(hsv), grey)
