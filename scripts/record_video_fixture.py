"""Record what MindSpore 2.10's video readers return for a video file
(``tests/fixtures/ms/sources/video.json``): the frames each time range selects, timestamps,
frame rate, shapes, metadata and the mean pixel value.

The video is ``tests/fixtures/ms/sources/video.avi``, the one ``tests/dataset/test_video.py``
reads (``write_video``'s frames as OpenCV 4.10-4.12's VideoWriter encodes them, MJPG). Run this
with a Python that has MindSpore 2.x (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_video_fixture.py tests/fixtures/ms/sources/video.avi
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore.dataset.vision as vision
import numpy as np

OUT = (
    Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "sources" / "video.json"
)
RANGES = [
    [2, 4, "pts"],
    [0, None, "pts"],
    [5, 100, "pts"],
    [0.15, 0.35, "sec"],
    [0.2, 0.3, "sec"],
    [0.25, 0.25, "sec"],
    [0.11, 0.19, "sec"],
    [0, 0, "pts"],
    [3, 3, "pts"],
]


def frame_ids(video: np.ndarray) -> list[int]:
    """Frame k of the test video is grey level 30 * k right of its blue stripe."""
    return [int(round(float(f[0, 20:, 0].mean()) / 30)) for f in video]


def main(path: str) -> None:
    video, audio, meta = vision.read_video(path)
    out = {
        "shape": list(video.shape), "audio_shape": list(audio.shape), "audio_dtype": str(audio.dtype),
        "meta": meta, "mean": float(video.astype(np.float64).mean()),
        "ranges": [[a, b, u, frame_ids(vision.read_video(path, a, b, u)[0])] for a, b, u in RANGES],
        "timestamps": vision.read_video_timestamps(path),
        "timestamps_sec": vision.read_video_timestamps(path, "sec"),
        "decode_shapes": [list(x.shape) for x in vision.DecodeVideo()(np.fromfile(path, np.uint8))],
        "metadata": vision.VideoDecoder(path).metadata,
    }  # fmt: skip
    OUT.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
