"""Video reading (read_video, read_video_timestamps, DecodeVideo, VideoDecoder) on a tiny MJPG
video, against what MindSpore 2.10 returns for it (``tests/fixtures/ms/sources/video.json``,
``scripts/record_video_fixture.py``).

The video is the file MindSpore read (``tests/fixtures/ms/sources/video.avi``, 7.5 KB), not one
written at test time: OpenCV's VideoWriter writes ``write_video``'s frames byte for byte alike
from 4.10 to 4.12, and other bytes from 4.13 on (a mean pixel 0.9 levels lower), so a test
that encoded its own input would compare MindSpore's output for one file with deepsink's for
another.

Pixels: MindSpore's FFmpeg build and the one in PyAV decode MJPEG to within a level or two, so
pixels are compared by their mean and against the frames written.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.vision as vision

SOURCES = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sources"
FIXTURE = SOURCES / "video.json"


def frames() -> list[np.ndarray]:
    out = []
    for k in range(7):
        f = np.full((24, 32, 3), 30 * k, np.uint8)
        f[:, :8] = (255, 0, 0)  # a blue stripe (BGR)
        out.append(f)
    return out


def write_video(path) -> str:
    """The frames as OpenCV's VideoWriter encodes them (how ``video.avi`` was made, with 4.12)."""
    import cv2

    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (32, 24))
    for f in frames():
        writer.write(f)
    writer.release()
    return str(path)


def frame_ids(video: np.ndarray) -> list[int]:
    return [int(round(float(f[0, 20:, 0].mean()) / 30)) for f in video]


@pytest.fixture
def video(tmp_path):
    path = tmp_path / "v.avi"
    path.write_bytes((SOURCES / "video.avi").read_bytes())
    return str(path)


def test_the_shipped_video_holds_the_frames():
    import av

    with av.open(str(SOURCES / "video.avi")) as c:
        assert c.streams.video[0].codec_context.name == "mjpeg"
        got = [f.to_ndarray(format="bgr24") for f in c.decode(video=0)]
    assert len(got) == 7
    for k, (f, want) in enumerate(zip(got, frames())):
        assert np.abs(f.astype(int) - want.astype(int)).mean() < 3, k


def test_read_video_matches_mindspore(video):
    want = json.loads(FIXTURE.read_text())
    v, a, meta = vision.read_video(video)
    assert list(v.shape) == want["shape"] and v.dtype == np.uint8
    assert list(a.shape) == want["audio_shape"] and str(a.dtype) == want["audio_dtype"]
    assert meta == want["meta"]
    assert abs(float(v.astype(np.float64).mean()) - want["mean"]) < 0.5
    for start, end, unit, ids in want["ranges"]:
        assert frame_ids(vision.read_video(video, start, end, unit)[0]) == ids, (start, end, unit)
    assert list(vision.read_video_timestamps(video)) == [
        list(want["timestamps"][0]),
        want["timestamps"][1],
    ]
    assert list(vision.read_video_timestamps(video, "sec")) == [
        list(want["timestamps_sec"][0]),
        want["timestamps_sec"][1],
    ]


def test_frames_are_the_written_ones(video):
    v = vision.read_video(video)[0]
    rgb = np.stack([f[..., ::-1] for f in frames()])
    assert np.abs(v.astype(int) - rgb.astype(int)).mean() < 3  # MJPG is lossy


def test_decode_video_op_and_pipeline(video):
    want = json.loads(FIXTURE.read_text())
    raw = np.fromfile(video, np.uint8)
    out = vision.DecodeVideo()(raw)
    assert [list(x.shape) for x in out] == want["decode_shapes"]
    data = ds.NumpySlicesDataset([raw], ["data"], shuffle=False)
    data = data.map(vision.DecodeVideo(), input_columns=["data"], output_columns=["video", "audio"])
    row = next(data.create_dict_iterator(output_numpy=True))
    assert np.array_equal(row["video"], out[0])
    with pytest.raises(RuntimeError, match="1-D"):
        vision.DecodeVideo()(raw.reshape(1, -1))
    with pytest.raises(RuntimeError, match="uint8"):
        vision.DecodeVideo()(raw.astype(np.int32))


def test_video_decoder(video):
    want = json.loads(FIXTURE.read_text())
    reader = vision.VideoDecoder(video)
    assert reader.metadata == want["metadata"]
    assert frame_ids(reader.get_frames_at([5, 0, 3])) == [5, 0, 3]
    with pytest.raises(ValueError, match="frame index"):
        reader.get_frames_at([7])
    with pytest.raises(ValueError, match="does not exist"):
        vision.VideoDecoder(video + ".missing")


def test_bad_arguments(video, tmp_path):
    with pytest.raises(ValueError, match="end_pts"):
        vision.read_video(video, 3, 1)
    with pytest.raises(ValueError, match="pts_unit"):
        vision.read_video(video, pts_unit="ms")
    with pytest.raises(TypeError, match="filename"):
        vision.read_video(3)
    (tmp_path / "bad.avi").write_bytes(b"not a video")
    with pytest.raises(RuntimeError, match="Invalid video"):
        vision.read_video(str(tmp_path / "bad.avi"))
