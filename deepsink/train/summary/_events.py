"""MindSpore's summary event files: the record framing and the Event of each value kind.

A file is a sequence of records, each ``length (uint64 LE) | masked CRC32C of the length | data |
masked CRC32C of the data`` (the TFRecord framing), whose data is a serialized ``Event``: first
the version event ``"MindSpore.Event:1"``, then one event per ``record(step)`` with its values.
"""

from __future__ import annotations

import io
import struct
import time
from typing import Any

import google_crc32c
import numpy as np
from PIL import Image

from deepsink.train.summary._proto import DATA_TYPES, Event

VERSION = "MindSpore.Event:1"
_F32_MIN, _F32_MAX = np.finfo(np.float32).min, np.finfo(np.float32).max


def _masked_crc(data: bytes) -> int:
    crc = google_crc32c.value(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame(data: bytes) -> bytes:
    """One record: the framed bytes of ``data``."""
    header = struct.pack("<Q", len(data))
    return (
        header
        + struct.pack("<I", _masked_crc(header))
        + data
        + struct.pack("<I", _masked_crc(data))
    )


def read_records(path: str) -> list[bytes]:
    """The data of every record of a summary file (checks both CRCs)."""
    out, blob, i = [], open(path, "rb").read(), 0
    while i < len(blob):
        (n,) = struct.unpack("<Q", blob[i : i + 8])
        (crc_len,) = struct.unpack("<I", blob[i + 8 : i + 12])
        data = blob[i + 12 : i + 12 + n]
        (crc_data,) = struct.unpack("<I", blob[i + 12 + n : i + 16 + n])
        if crc_len != _masked_crc(blob[i : i + 8]) or crc_data != _masked_crc(data):
            raise ValueError(f"summary file {path!r}: a record fails its CRC at byte {i}")
        out.append(data)
        i += 16 + n
    return out


def version_event() -> Any:
    return Event(wall_time=time.time(), version=VERSION)


def fill_scalar(value: Any, data: np.ndarray) -> bool:
    if data.size == 0:
        return False
    value.scalar_value = data.reshape(-1)[0].item()
    return True


def fill_tensor(value: Any, data: np.ndarray) -> bool:
    name = data.dtype.name
    if name not in DATA_TYPES:
        raise TypeError(f"For 'SummaryRecord', a tensor summary of dtype {name} is not supported")
    value.tensor.data_type = DATA_TYPES[name]
    value.tensor.float_data.extend(data.reshape(-1).astype(np.float64).tolist())
    value.tensor.dims.extend(data.shape)
    return True


def _bin_count(valid: int) -> int:
    """About ten values a bucket, at most 90 buckets (MindSpore's rule)."""
    if not valid:
        return 1
    if valid <= 5:
        return 2
    if valid <= 10:
        return 3
    return valid // 10 + 1 if valid <= 880 else 90


def fill_histogram(value: Any, data: np.ndarray) -> bool:
    hist = value.histogram
    finite = data[np.isfinite(data)] if data.dtype.kind in "fc" else data.reshape(-1)
    hist.count = data.size
    if data.dtype.kind == "f":
        hist.nan_count = int(np.isnan(data).sum())
        hist.pos_inf_count = int(np.isposinf(data).sum())
        hist.neg_inf_count = int(np.isneginf(data).sum())
    else:
        hist.nan_count = hist.pos_inf_count = hist.neg_inf_count = 0
    if finite.size == 0:
        return True
    hist.min, hist.max = float(finite.min()), float(finite.max())
    hist.sum = float(finite.sum(dtype=np.float64))
    lo, hi = hist.min, hist.max
    if not lo < hi:
        lo, hi = lo - 0.5, hi + 0.5
    edges = np.linspace(lo, hi, _bin_count(finite.size) + 1, dtype=data.dtype)
    counts, edges = np.histogram(finite, bins=edges)
    for count, left, right in zip(counts, edges, edges[1:]):
        hist.buckets.add(left=float(left), width=float(right - left), count=int(count))
    return True


def _canvas(nchw: np.ndarray, cols: int = 8) -> np.ndarray:
    """The N images side by side, ``cols`` to a row, as one CHW image (grey made RGB)."""
    if nchw.shape[1] == 1:
        nchw = np.concatenate([nchw] * 3, axis=1)
    n, _, h, w = nchw.shape
    cols = min(n, cols)
    rows = -(-n // cols)
    canvas = np.zeros((3, h * rows, w * cols))
    for i in range(n):
        y, x = divmod(i, cols)
        canvas[:, y * h : (y + 1) * h, x * w : (x + 1) * w] = nchw[i]
    return canvas


def image_png(data: np.ndarray) -> tuple[bytes, int, int, int]:
    """An NCHW batch (C 1 or 3) as one PNG, ``(png, height, width, channels)``: values in
    [0, 1] scaled by 255, other ranges mapped from their minimum, uint8 kept."""
    if data.ndim != 4 or data.shape[1] not in (1, 3) or 0 in data.shape:
        raise ValueError(
            f"For 'SummaryRecord', an image summary must be NCHW with 1 or 3 "
            f"channels, but got shape {data.shape}"
        )
    hwc = _canvas(data).transpose(1, 2, 0)
    top, bottom = hwc.max(), hwc.min()
    scale, shift = 1.0, 0.0
    if data.dtype != np.uint8:
        if top <= 1 and bottom >= 0:
            scale = 255.0
        else:
            scale = 255.0 / (top - bottom + 1) if top != bottom else 1.0
            shift = bottom
    pixels = ((hwc.astype(np.float32) - shift) * scale).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, format="PNG")
    return out.getvalue(), pixels.shape[0], pixels.shape[1], pixels.shape[2]


def fill_image(value: Any, data: np.ndarray) -> bool:
    """An NCHW batch as one PNG (:func:`image_png`)."""
    png, height, width, channels = image_png(data)
    value.image.height, value.image.width = height, width
    value.image.colorspace = channels
    value.image.encoded_image = png
    return True


FILLERS = {
    "scalar": fill_scalar,
    "tensor": fill_tensor,
    "histogram": fill_histogram,
    "image": fill_image,
}


def summary_event(values: list[tuple[str, str, np.ndarray]], step: int) -> Any:
    """The Event of one ``record``: ``values`` are ``(plugin, tag, array)``."""
    event = Event(wall_time=time.time(), step=int(step))
    for plugin, tag, data in values:
        value = event.summary.value.add(tag=tag)
        if not FILLERS[plugin](value, data):
            del event.summary.value[-1]
    return event


def parse(data: bytes) -> Any:
    """An Event from a record's data."""
    event = Event()
    event.ParseFromString(data)
    return event
