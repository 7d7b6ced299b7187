"""Record MindSpore 2.10's ``vision.AdjustHue`` outputs into
``tests/fixtures/ms/dataset/adjust_hue.json``; ``tests/dataset/test_adjust_hue.py`` checks deepsink.

Random uint8 RGB images of widths 7, 40 and 70 (below, at and past the 32-pixel blocks of the
bundled OpenCV's vector loop, whose pixels are truncated while a row's remaining pixels are
rounded) shifted by several hue factors: the pixels come from MindSpore's bundled OpenCV 4.11
HSV conversions, which released OpenCV wheels since 4.12 no longer reproduce.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_adjust_hue.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore.dataset.vision as vision
import numpy as np

OUT = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "fixtures"
    / "ms"
    / "dataset"
    / "adjust_hue.json"
)
WIDTHS = [7, 40, 70]
FACTORS = [0.0, 0.2, -0.45, 0.5, -0.5]


def main() -> None:
    rng = np.random.default_rng(2024)
    cases = []
    for width in WIDTHS:
        image = rng.integers(0, 256, (3, width, 3), dtype=np.uint8)
        outs = {str(f): vision.AdjustHue(f)(image).tolist() for f in FACTORS}
        cases.append({"image": image.tolist(), "outputs": outs})
    OUT.write_text(json.dumps({"cases": cases}) + "\n")
    print(f"wrote {len(cases)} images x {len(FACTORS)} factors to {OUT}")


if __name__ == "__main__":
    main()
