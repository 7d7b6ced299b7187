"""BoundingBoxAugment: pixels equal MindSpore 2.10's where it is deterministic (ratio 1 and 0,
``tests/fixtures/ms/vision_extra/bounding_box_augment.json``), and boxes picked with
probability ``ratio`` otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.vision as vision

FIXTURE = (
    Path(__file__).resolve().parent.parent
    / "fixtures"
    / "ms"
    / "vision_extra"
    / "bounding_box_augment.json"
)
IMG = (np.arange(10 * 12 * 3) % 256).astype(np.uint8).reshape(10, 12, 3)
BOXES = np.array([[1, 2, 4, 3], [6, 5, 5, 4], [0, 0, 12, 10]], np.float32)


@pytest.mark.parametrize(
    "name,op,ratio",
    [
        ("invert", vision.Invert(), 1.0),
        ("resize", vision.Resize((2, 2)), 1.0),
        ("flip", vision.HorizontalFlip(), 1.0),
        ("none", vision.Invert(), 0.0),
    ],
)
def test_equals_mindspore(name, op, ratio):
    want = json.loads(FIXTURE.read_text())[name]
    image, boxes = vision.BoundingBoxAugment(op, ratio)(IMG, BOXES)
    assert np.array_equal(image, np.array(want[0], np.uint8))
    assert boxes.tolist() == want[1]


def test_ratio_is_the_chance_a_box_is_augmented():
    ds.config.set_seed(7)
    image = np.zeros((4, 400, 3), np.uint8)
    boxes = np.array([[i, 0, 1, 4] for i in range(400)], np.float32)  # 400 one-pixel columns
    data = ds.NumpySlicesDataset(([image] * 5, [boxes] * 5), ["image", "bbox"], shuffle=False)
    data = data.map(vision.BoundingBoxAugment(vision.Invert(), 0.25), ["image", "bbox"])
    hits = [
        float((r[0][0, :, 0] == 255).mean()) for r in data.create_tuple_iterator(output_numpy=True)
    ]
    assert all(0.18 < h < 0.32 for h in hits) and len(set(hits)) > 1


def test_bad_arguments():
    with pytest.raises(TypeError, match="transform"):
        vision.BoundingBoxAugment(lambda x: x)
    with pytest.raises(ValueError, match="ratio"):
        vision.BoundingBoxAugment(vision.Invert(), 1.5)
    with pytest.raises(RuntimeError, match="out of bounds"):
        vision.BoundingBoxAugment(vision.Invert(), 1.0)(IMG, np.array([[0, 0, 20, 2]], np.float32))
