"""TFRecord files without TensorFlow: the record framing, its CRCs, and ``tf.train.Example``.

A TFRecord file is a sequence of records::

    uint64 length (little endian) | uint32 masked crc32c(length) | data[length] | uint32 masked crc32c(data)

and each record of a dataset file is a serialized ``tf.train.Example`` protobuf. The message classes
are built here at import from a descriptor (the same field numbers as TensorFlow's
``example.proto`` and ``feature.proto``), so the ``protobuf`` package parses them and no generated
code or TensorFlow install is needed. CRCs use ``google-crc32c`` (Castagnoli, as TFRecord).

A file is indexed once (the offsets of its records, with the length CRCs checked); a record's data
CRC is checked when the record is read. GZIP/ZLIB files are decompressed in memory.
"""

from __future__ import annotations

import gzip
import mmap
import os
import struct
import threading
import zlib
from functools import lru_cache
from typing import Any

import google_crc32c
import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

_MASK_DELTA = 0xA282EAD8
_HEADER = struct.Struct("<QI")
_FOOTER = struct.Struct("<I")


def masked_crc(data: bytes) -> int:
    crc = google_crc32c.value(data)
    return (((crc >> 15) | (crc << 17)) + _MASK_DELTA) & 0xFFFFFFFF


def _build_example_classes() -> dict[str, type]:
    f = descriptor_pb2.FieldDescriptorProto
    fdp = descriptor_pb2.FileDescriptorProto(
        name="deepsink/tf_example.proto", package="deepsink.tf", syntax="proto3"
    )

    def message(name: str, fields: list[tuple], parent: Any = None) -> Any:
        m = (parent.nested_type if parent is not None else fdp.message_type).add(name=name)
        for fname, number, ftype, label, type_name, oneof in fields:
            field = m.field.add(name=fname, number=number, type=ftype, label=label)
            if type_name:
                field.type_name = type_name
            if oneof is not None:
                field.oneof_index = oneof
        return m

    rep, opt = f.LABEL_REPEATED, f.LABEL_OPTIONAL
    message("BytesList", [("value", 1, f.TYPE_BYTES, rep, None, None)])
    message("FloatList", [("value", 1, f.TYPE_FLOAT, rep, None, None)])
    message("Int64List", [("value", 1, f.TYPE_INT64, rep, None, None)])
    feature = message(
        "Feature",
        [
            ("bytes_list", 1, f.TYPE_MESSAGE, opt, ".deepsink.tf.BytesList", 0),
            ("float_list", 2, f.TYPE_MESSAGE, opt, ".deepsink.tf.FloatList", 0),
            ("int64_list", 3, f.TYPE_MESSAGE, opt, ".deepsink.tf.Int64List", 0),
        ],
    )
    feature.oneof_decl.add(name="kind")
    features = message(
        "Features",
        [("feature", 1, f.TYPE_MESSAGE, rep, ".deepsink.tf.Features.FeatureEntry", None)],
    )
    entry = message(
        "FeatureEntry",
        [
            ("key", 1, f.TYPE_STRING, opt, None, None),
            ("value", 2, f.TYPE_MESSAGE, opt, ".deepsink.tf.Feature", None),
        ],
        parent=features,
    )
    entry.options.map_entry = True
    message("Example", [("features", 1, f.TYPE_MESSAGE, opt, ".deepsink.tf.Features", None)])
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fdp)
    names = ("Example", "Features", "Feature", "BytesList", "FloatList", "Int64List")
    return {
        n: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"deepsink.tf.{n}"))
        for n in names
    }


_CLASSES = _build_example_classes()
Example = _CLASSES["Example"]


def parse_example(data: bytes) -> dict[str, tuple[str, list]]:
    """A serialized Example as ``{feature: (kind, values)}``, kind one of bytes/float/int64."""
    ex = Example()
    ex.ParseFromString(data)
    out = {}
    for name, feat in ex.features.feature.items():
        kind = feat.WhichOneof("kind")
        if kind is None:
            out[name] = ("none", [])
        else:
            out[name] = (kind.split("_")[0], list(getattr(feat, kind).value))
    return out


def serialize_example(features: dict[str, Any]) -> bytes:
    """An Example from ``{name: values}``: bytes/str -> bytes_list, floats -> float_list, ints ->
    int64_list (a numpy array picks by dtype). Used to write test files."""
    ex = Example()
    for name, value in features.items():
        feat = ex.features.feature[name]
        if isinstance(value, bytes | str):
            value = [value]
        arr = value if isinstance(value, np.ndarray) else None
        values = list(np.ravel(arr)) if arr is not None else list(value)
        if (
            arr is not None
            and arr.dtype.kind == "f"
            or (arr is None and values and isinstance(values[0], float))
        ):
            feat.float_list.value.extend(float(v) for v in values)
        elif (
            arr is not None
            and arr.dtype.kind in "iub"
            or (arr is None and values and isinstance(values[0], int | np.integer))
        ):
            feat.int64_list.value.extend(int(v) for v in values)
        else:
            feat.bytes_list.value.extend(
                v.encode() if isinstance(v, str) else bytes(v) for v in values
            )
    return ex.SerializeToString()


def write_records(path: str, records: list[bytes]) -> None:
    """Write ``records`` as a TFRecord file (uncompressed)."""
    with open(path, "wb") as f:
        for data in records:
            head = struct.pack("<Q", len(data))
            f.write(head + struct.pack("<I", masked_crc(head)) + data)
            f.write(struct.pack("<I", masked_crc(data)))


class TFRecordFile:
    """One file's records by index (``read(i)``), framing CRCs checked."""

    def __init__(self, path: str, compression: str = "") -> None:
        self.path = path
        with open(path, "rb") as f:
            if compression == "GZIP":
                self._buf: Any = gzip.decompress(f.read())
            elif compression == "ZLIB":
                self._buf = zlib.decompress(f.read())
            elif os.path.getsize(path) == 0:
                self._buf = b""
            else:
                self._buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        self.offsets, self.lengths = self._index()

    def _error(self, offset: int, what: str) -> RuntimeError:
        return RuntimeError(
            f"Invalid TFRecord file '{self.path}': {what} at byte {offset}; the file is truncated, "
            "corrupted or not a TFRecord file (check compression_type)."
        )

    def _index(self) -> tuple[np.ndarray, np.ndarray]:
        buf, pos, size = self._buf, 0, len(self._buf)
        offsets, lengths = [], []
        while pos < size:
            if pos + _HEADER.size > size:
                raise self._error(pos, "an incomplete record header")
            length, crc = _HEADER.unpack_from(buf, pos)
            if masked_crc(bytes(buf[pos : pos + 8])) != crc:
                raise self._error(pos, "a record length with a wrong CRC")
            start = pos + _HEADER.size
            if start + length + _FOOTER.size > size:
                raise self._error(pos, f"a record of {length} bytes past the end of the file")
            offsets.append(start)
            lengths.append(length)
            pos = start + length + _FOOTER.size
        return np.asarray(offsets, np.int64), np.asarray(lengths, np.int64)

    def __len__(self) -> int:
        return len(self.offsets)

    def read(self, i: int) -> bytes:
        start, length = int(self.offsets[i]), int(self.lengths[i])
        data = bytes(self._buf[start : start + length])
        (crc,) = _FOOTER.unpack_from(self._buf, start + length)
        if masked_crc(data) != crc:
            raise self._error(start - _HEADER.size, "record data with a wrong CRC")
        return data

    def example(self, i: int) -> dict[str, tuple[str, list]]:
        """Record ``i`` parsed as a ``tf.train.Example`` (see :func:`parse_example`)."""
        from google.protobuf.message import DecodeError

        data = self.read(i)
        try:
            return parse_example(data)
        except DecodeError as e:
            raise RuntimeError(
                f"Invalid TFRecord file '{self.path}': record {i} (at byte "
                f"{int(self.offsets[i]) - _HEADER.size}, {len(data)} bytes) is not a serialized "
                f"tf.train.Example ({e}); TFRecordDataset reads files of Examples only"
            ) from None


_open_lock = threading.Lock()


@lru_cache(maxsize=64)
def _cached(path: str, mtime: float, size: int, compression: str) -> TFRecordFile:
    return TFRecordFile(path, compression)


def open_file(path: str, compression: str = "") -> TFRecordFile:
    """The indexed file, shared by datasets that read it (re-indexed when it changes)."""
    st = os.stat(path)
    with _open_lock:
        return _cached(path, st.st_mtime, st.st_size, compression)
