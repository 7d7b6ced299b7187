"""Record MindSpore 2.10's BoundingBoxAugment with ratio 1 and 0 (deterministic) on a small image
(``tests/fixtures/ms/vision_extra/bounding_box_augment.json``).

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_bbox_augment_fixture.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore.dataset.vision as vision
import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "vision_extra"


def main() -> None:
    img = (np.arange(10 * 12 * 3) % 256).astype(np.uint8).reshape(10, 12, 3)
    boxes = np.array([[1, 2, 4, 3], [6, 5, 5, 4], [0, 0, 12, 10]], np.float32)
    out = {}
    cases = [
        ("invert", vision.Invert(), 1.0),
        ("resize", vision.Resize((2, 2)), 1.0),
        ("flip", vision.HorizontalFlip(), 1.0),
        ("none", vision.Invert(), 0.0),
    ]
    for name, op, ratio in cases:
        image, bboxes = vision.BoundingBoxAugment(op, ratio)(img, boxes)
        out[name] = [image.tolist(), bboxes.tolist()]
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bounding_box_augment.json").write_text(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
