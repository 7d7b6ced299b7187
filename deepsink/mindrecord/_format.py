"""The MindRecord file format (version 3.0), as MindSpore 2.10 writes and reads it.

A shard file is a header region and fixed-size pages::

    [uint64 LE n][n bytes of JSON header] ... zero padding to header_size
    page 0 at header_size, page k at header_size + k * page_size (the last page trimmed)

The JSON header lists the schema (field types and shapes; ``blob_fields``: the bytes and array
fields, sorted by name), the index fields, and every page: ``BLOB_DATA`` pages hold one row
group each (rows ``start_row_id`` to ``end_row_id``), ``RAW_DATA`` pages the scalar fields.
Each row in a page is ``[uint64 LE size][payload]``:

- raw payload: the scalar fields (string, int32/int64, float32/float64 without a shape) as one
  MessagePack map;
- blob payload: with one blob field, that field's bytes; with several, each as ``[uint64 BE
  size][bytes]`` in ``blob_fields`` order. When a blob field is int32/int64 every int field is
  compressed: ``[uint32 BE count][2-bit width codes, 4 per byte, first in the high bits][each
  value little-endian in the narrowest of int8/16/32/64]``.

A SQLite file ``<shard>.db`` beside it indexes every row's raw and blob position (table
INDEXES) and names the shard (table SHARD_NAME).
"""

from __future__ import annotations

import json
import struct
from typing import Any

import numpy as np

VERSION = "3.0"
DEFAULT_HEADER_SIZE = 1 << 24
DEFAULT_PAGE_SIZE = 1 << 25
MIN_HEADER_SIZE, MAX_HEADER_SIZE = 1 << 14, 1 << 27
MIN_PAGE_SIZE, MAX_PAGE_SIZE = 1 << 15, 1 << 28
SCALAR_TYPES = ("int32", "int64", "float32", "float64", "string")
ARRAY_TYPES = ("int32", "int64", "float32", "float64")
INT_TYPES = ("int32", "int64")
SQL_TYPES = {
    "string": "TEXT",
    "int32": "INTEGER",
    "int64": "INTEGER",
    "float32": "REAL",
    "float64": "REAL",
    "bytes": "BLOB",
}
_WIDTHS = (np.dtype("<i1"), np.dtype("<i2"), np.dtype("<i4"), np.dtype("<i8"))


def is_blob(spec: dict) -> bool:
    return spec["type"] == "bytes" or "shape" in spec


def blob_fields(schema: dict) -> list[str]:
    return sorted(name for name, spec in schema.items() if is_blob(spec))


def compress_int(values: np.ndarray) -> bytes:
    """Each int stored in the narrowest of int8/16/32/64, with a 2-bit width map."""
    v = np.asarray(values, np.int64).ravel()
    codes = np.full(v.shape, 3, np.uint8)
    for code, dt in reversed(list(enumerate(_WIDTHS[:3]))):
        info = np.iinfo(dt)
        codes[(v >= info.min) & (v <= info.max) & (codes > code)] = code
    bitmap = bytearray((len(v) + 3) // 4)
    for i, c in enumerate(codes.tolist()):
        bitmap[i // 4] |= c << (2 * (3 - i % 4))
    body = b"".join(
        int(x).to_bytes(1 << c, "little", signed=True) for x, c in zip(v.tolist(), codes.tolist())
    )
    return struct.pack(">I", len(v)) + bytes(bitmap) + body


def uncompress_int(buf: bytes, dtype: str) -> np.ndarray:
    n = struct.unpack(">I", buf[:4])[0]
    pos = 4 + (n + 3) // 4
    out = np.empty(n, np.int64)
    for i in range(n):
        code = (buf[4 + i // 4] >> (2 * (3 - i % 4))) & 3
        width = 1 << code
        out[i] = int.from_bytes(buf[pos : pos + width], "little", signed=True)
        pos += width
    return out.astype(dtype)


def compresses(schema: dict) -> bool:
    """MindSpore compresses the int blob fields whenever there is one."""
    return any(schema[name]["type"] in INT_TYPES for name in blob_fields(schema))


def encode_field(spec: dict, value: Any, compress: bool) -> bytes:
    if spec["type"] == "bytes":
        if not isinstance(value, bytes | bytearray):
            raise TypeError(f"a 'bytes' field needs bytes, got {type(value).__name__}")
        return bytes(value)
    arr = np.asarray(value, dtype=spec["type"])
    try:
        arr.reshape(spec["shape"])
    except ValueError:
        raise ValueError(
            f"the array of shape {arr.shape} does not fit the schema shape {spec['shape']}"
        ) from None
    if compress and spec["type"] in INT_TYPES:
        return compress_int(arr)
    return arr.astype(arr.dtype.newbyteorder("<")).tobytes()


def decode_field(spec: dict, buf: bytes, compressed: bool) -> Any:
    if spec["type"] == "bytes":
        return bytes(buf)
    if compressed and spec["type"] in INT_TYPES:
        arr = uncompress_int(buf, spec["type"])
    else:
        arr = np.frombuffer(buf, np.dtype(spec["type"]).newbyteorder("<")).astype(spec["type"])
    return arr.reshape(spec["shape"])


def encode_blob(schema: dict, row: dict, compress: bool) -> bytes:
    names = blob_fields(schema)
    parts = [encode_field(schema[n], row[n], compress) for n in names]
    if len(parts) == 1:
        return parts[0]
    return b"".join(struct.pack(">Q", len(p)) + p for p in parts)


def decode_blob(schema: dict, blob: bytes, compressed: bool) -> dict:
    names = blob_fields(schema)
    if len(names) == 1:
        return {names[0]: decode_field(schema[names[0]], blob, compressed)}
    out, pos = {}, 0
    for n in names:
        size = struct.unpack(">Q", blob[pos : pos + 8])[0]
        out[n] = decode_field(schema[n], blob[pos + 8 : pos + 8 + size], compressed)
        pos += 8 + size
    return out


def read_header(path: str) -> dict:
    with open(path, "rb") as f:
        head = f.read(8)
        if len(head) != 8:
            raise RuntimeError(f"Invalid file, '{path}' is not a MindRecord file (too short).")
        n = struct.unpack("<Q", head)[0]
        if n > MAX_HEADER_SIZE:
            raise RuntimeError(
                f"Invalid file, '{path}' is not a MindRecord file (header size {n})."
            )
        try:
            header = json.loads(f.read(n))
        except (ValueError, UnicodeDecodeError) as e:
            raise RuntimeError(f"Invalid file, '{path}' is not a MindRecord file: {e}") from e
    if header.get("version") != VERSION:
        raise RuntimeError(
            f"Invalid file, the version of mindrecord file '{path}' is {header.get('version')!r}, "
            f"only {VERSION} is supported."
        )
    return header


def header_json(header: dict) -> bytes:
    """The header as MindSpore lays it out (its key order; compact separators)."""
    order = [
        "header_size",
        "index_fields",
        "page",
        "page_size",
        "compression_size",
        "schema",
        "shard_addresses",
        "shard_id",
        "statistics",
        "version",
    ]
    return json.dumps({k: header[k] for k in order}, separators=(",", ":")).encode()
