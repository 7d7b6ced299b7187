"""Video reading: ``read_video``, ``read_video_timestamps``, the ``DecodeVideo`` op and
``VideoDecoder``, on FFmpeg through PyAV.

MindSpore decodes video with FFmpeg (libavformat/libavcodec, frames converted to RGB by
libswscale); PyAV is the maintained binding to those same libraries, so frames, presentation
timestamps (pts), time bases and audio come out as MindSpore reads them. OpenCV's VideoCapture
was not chosen: it gives neither the audio stream nor the streams' pts and time base.

A video is <T, H, W, 3> uint8 RGB; its audio <channels, samples> float32 (<1, 0> when the file
has none); timestamps are a stream's pts, or seconds (pts times the float32 time base).
"""

from __future__ import annotations

import io
import math
import os
from fractions import Fraction
from typing import Any

import numpy as np

from deepsink.dataset.vision.transforms import ImageOperation


def _open(source: Any):
    import av

    try:
        return av.open(source)
    except (av.error.FFmpegError, OSError, ValueError) as e:
        name = source if isinstance(source, str) else "the input bytes"
        raise RuntimeError(f"Invalid video file, failed to open {name}: {e}") from e


def _check_file(filename: Any, api: str) -> str:
    if not isinstance(filename, str):
        raise TypeError(f"Input filename is not of type {str}, but got: {type(filename)}.")
    if not os.path.isfile(filename):
        raise RuntimeError(f"{api}: {filename} does not exist or is not a regular file.")
    return filename


def _check_unit(pts_unit: Any) -> str:
    if not isinstance(pts_unit, str):
        raise TypeError(f"Input pts_unit is not of type {str}, but got: {type(pts_unit)}.")
    if pts_unit not in ("pts", "sec"):
        raise ValueError(f"Not supported pts_unit: {pts_unit}, it should be one of ['pts', 'sec'].")
    return pts_unit


def _to_pts(t: float | Fraction | int, time_base: Fraction) -> int:
    """Seconds to pts, rounded half up as MindSpore converts them (t times 1 / time_base)."""
    return int(math.floor(float(t) * float(1 / time_base) + 0.5))


def _decode(container: Any, start: Any, end: Any, unit: str) -> tuple:
    """(video, audio, metadata) of the frames whose pts lie in [start, end]."""
    video, audio_parts, meta = [], [], {}
    vstreams, astreams = container.streams.video, container.streams.audio
    if vstreams:
        vs = vstreams[0]
        meta["video_fps"] = float(vs.average_rate) if vs.average_rate else 0.0
        lo = start if unit == "pts" else _to_pts(start, vs.time_base)
        hi = None if end is None else (end if unit == "pts" else _to_pts(end, vs.time_base))
        for frame in container.decode(video=0):
            if frame.pts is None or frame.pts < lo or (hi is not None and frame.pts > hi):
                continue
            video.append(frame.to_ndarray(format="rgb24"))
    if astreams:
        container.seek(0)
        as_ = astreams[0]
        meta["audio_fps"] = int(as_.rate)
        for frame in container.decode(audio=0):
            t = frame.pts * frame.time_base if frame.pts is not None else 0
            if t < (start if unit == "sec" else start * (vstreams[0].time_base if vstreams else 1)):
                continue
            arr = frame.to_ndarray()
            audio_parts.append(arr if arr.ndim == 2 else arr[None])
    v = np.stack(video) if video else np.zeros((0, 1, 1, 3), np.uint8)
    if audio_parts:
        a = np.concatenate([p.reshape(p.shape[0], -1) for p in audio_parts], axis=1)
        a = a.astype(np.float32)
    else:
        a = np.zeros((1, 0), np.float32)
    return v, a, meta


def read_video(
    filename: str, start_pts: float | Fraction | int = 0, end_pts: Any = None, pts_unit: str = "pts"
) -> tuple:
    """The frames (and audio) of a video file between two timestamps.

    Args:
        filename (str): The video file (AVI, MP4, MOV, MKV, ... whatever FFmpeg reads).
        start_pts (Union[float, Fraction, int], optional): First timestamp. Default: ``0``.
        end_pts (Union[float, Fraction, int], optional): Last timestamp (inclusive). Default:
            ``None``, to the end.
        pts_unit (str, optional): ``"pts"`` (default) or ``"sec"``.

    Returns:
        numpy.ndarray, video <T, H, W, 3> uint8; numpy.ndarray, audio <C, L> float32 (<1, 0>
        without audio); dict, ``video_fps`` (float) and, with audio, ``audio_fps`` (int).

    Raises:
        TypeError: An argument has the wrong type.
        ValueError: ``start_pts`` < 0, ``end_pts`` < ``start_pts``, or ``pts_unit`` is unknown.
        RuntimeError: The file is missing or not a video.

    Examples:
        >>> import os, tempfile
        >>> import cv2
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> path = os.path.join(tempfile.mkdtemp(), "v.avi")
        >>> writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10, (32, 24))
        >>> for i in range(5):
        ...     writer.write(np.full((24, 32, 3), 40 * i, np.uint8))
        >>> writer.release()
        >>> video, audio, meta = vision.read_video(path, 1, 3)
        >>> print(video.shape, audio.shape, meta)
        (3, 24, 32, 3) (1, 0) {'video_fps': 10.0}
    """
    _check_file(filename, "read_video")
    for name, v in (("start_pts", start_pts), ("end_pts", end_pts)):
        if v is None and name == "end_pts":
            continue
        if isinstance(v, bool) or not isinstance(v, float | Fraction | int):
            raise TypeError(
                f"Input {name} is not of type [{float}, {Fraction}, {int}], but got: {type(v)}"
            )
    _check_unit(pts_unit)
    if start_pts < 0:
        raise ValueError(f"Not supported start_pts for {start_pts}, it should be >= 0.")
    if end_pts is not None and end_pts < start_pts:
        raise ValueError(
            f"Not supported end_pts for {end_pts}, it should be >= start_pts {start_pts}."
        )
    with _open(filename) as container:
        return _decode(container, start_pts, end_pts, pts_unit)


def read_video_timestamps(filename: str, pts_unit: str = "pts") -> tuple:
    """The presentation timestamps of a video file's frames, and its frame rate.

    Args:
        filename (str): The video file.
        pts_unit (str, optional): ``"pts"`` (default: list[int]) or ``"sec"`` (list[float]).

    Returns:
        list, the frames' timestamps; float, frames per second (None without frames).

    Raises:
        TypeError: An argument has the wrong type.
        RuntimeError: The file is missing or not a video, or ``pts_unit`` is unknown.

    Examples:
        >>> import os, tempfile
        >>> import cv2
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> path = os.path.join(tempfile.mkdtemp(), "v.avi")
        >>> writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10, (32, 24))
        >>> for i in range(3):
        ...     writer.write(np.zeros((24, 32, 3), np.uint8))
        >>> writer.release()
        >>> print(vision.read_video_timestamps(path))
        ([0, 1, 2], 10.0)
    """
    _check_file(filename, "read_video_timestamps")
    if not isinstance(pts_unit, str):
        raise TypeError(f"Input pts_unit is not of type {str}, but got: {type(pts_unit)}.")
    if pts_unit not in ("pts", "sec"):
        raise RuntimeError(
            f"Not supported pts_unit: {pts_unit}, it should be one of ['pts', 'sec']."
        )
    with _open(filename) as container:
        if not container.streams.video:
            return [], None
        vs = container.streams.video[0]
        pts = sorted(p.pts for p in container.demux(vs) if p.pts is not None)
        fps = float(vs.average_rate) if vs.average_rate else None
        if not pts:
            return [], None
        if pts_unit == "pts":
            return pts, fps
        tb = float(np.float32(float(vs.time_base)))  # MindSpore passes the time base as float32
        return [p * tb for p in pts], fps


class DecodeVideo(ImageOperation):
    """Encoded video bytes (a 1-D uint8 array of a whole file) to (video <T, H, W, 3> uint8,
    audio <C, L> float32).

    Raises:
        RuntimeError: The input is not a non-empty 1-D uint8 array, or not a video.

    Examples:
        >>> import os, tempfile
        >>> import cv2
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> path = os.path.join(tempfile.mkdtemp(), "v.avi")
        >>> writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10, (32, 24))
        >>> for i in range(2):
        ...     writer.write(np.zeros((24, 32, 3), np.uint8))
        >>> writer.release()
        >>> video, audio = vision.DecodeVideo()(np.fromfile(path, np.uint8))
        >>> print(video.shape, audio.shape)
        (2, 24, 32, 3) (1, 0)
    """

    batched = False

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) != 1:
            raise RuntimeError("DecodeVideo: the op takes one input (the video's bytes).")
        return self.apply(inputs[0])

    def apply_one(self, x: Any, u: np.ndarray | None = None) -> Any:
        return self.apply(x)

    def apply(self, x: Any, u: np.ndarray | None = None) -> tuple:
        x = np.asarray(x)
        if x.ndim != 1:
            raise RuntimeError(f"DecodeVideo: the input should be a 1-D array, got {x.ndim}-D.")
        if x.dtype != np.uint8:
            raise RuntimeError(f"DecodeVideo: the input should be uint8, got {x.dtype}.")
        if x.size == 0:
            raise RuntimeError("DecodeVideo: the input is empty.")
        with _open(io.BytesIO(x.tobytes())) as container:
            video, audio, _ = _decode(container, 0, None, "pts")
        return video, audio


class VideoDecoder:
    """A video file's metadata and its frames by index (decoded on the CPU; MindSpore 2.10 runs
    ``get_frames_at`` on Ascend only).

    Args:
        source (str): The video file.

    Raises:
        TypeError: ``source`` is not a str.
        ValueError: ``source`` does not exist.

    Examples:
        >>> import os, tempfile
        >>> import cv2
        >>> import numpy as np
        >>> import deepsink.dataset.vision as vision
        >>> path = os.path.join(tempfile.mkdtemp(), "v.avi")
        >>> writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"MJPG"), 10, (32, 24))
        >>> for i in range(4):
        ...     writer.write(np.full((24, 32, 3), 60 * i, np.uint8))
        >>> writer.release()
        >>> reader = vision.VideoDecoder(path)
        >>> print(reader.metadata["num_frames"], reader.get_frames_at([3, 1]).shape)
        4 (2, 24, 32, 3)
    """

    def __init__(self, source: str) -> None:
        if not isinstance(source, str):
            raise TypeError(f"Argument source with value {source!r} is not of type [{str}].")
        if not os.path.isfile(source):
            raise ValueError(f"The file {source} does not exist or permission denied!")
        self.source = source
        self._metadata = self.metadata

    @property
    def metadata(self) -> dict:
        """width, height, duration_seconds, num_frames and average_fps of the video stream."""
        with _open(self.source) as container:
            meta: dict[str, Any] = {}
            if container.streams.video:
                s = container.streams.video[0]
                meta["width"], meta["height"] = s.width, s.height
                duration = s.duration * s.time_base if s.duration is not None else 0
                meta["duration_seconds"] = round(float(duration), 6)
                meta["num_frames"] = s.frames
                meta["average_fps"] = float(s.average_rate) if s.average_rate else 0.0
            return meta

    def get_frames_at(self, indices: list[int]) -> np.ndarray:
        """The frames at ``indices`` (in that order), <T, H, W, 3> uint8.

        Args:
            indices (list[int]): Frame indices in [0, num_frames).

        Returns:
            numpy.ndarray, the frames.

        Raises:
            TypeError: ``indices`` is not a list of int.
            ValueError: An index is outside [0, num_frames).
        """
        if not isinstance(indices, list):
            raise TypeError(f"Argument indices with value {indices!r} is not of type [{list}].")
        n = self._metadata.get("num_frames", 0)
        for i, k in enumerate(indices):
            if isinstance(k, bool) or not isinstance(k, int):
                raise TypeError(f"Argument indices[{i}] with value {k!r} is not of type [{int}].")
            if not 0 <= k < n:
                raise ValueError(
                    f"Invalid frame index[{i}]={k} is not within the required interval of [0, {n})."
                )
        if not indices:
            return np.empty(0, dtype=np.uint8)
        wanted = set(indices)
        frames = {}
        with _open(self.source) as container:
            for k, frame in enumerate(container.decode(video=0)):
                if k in wanted:
                    frames[k] = frame.to_ndarray(format="rgb24")
                if len(frames) == len(wanted):
                    break
        return np.stack([frames[k] for k in indices])
