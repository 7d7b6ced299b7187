"""``FileWriter``: MindRecord files that MindSpore 2.10 reads (see ``_format.py``)."""

from __future__ import annotations

import math
import os
import sqlite3
import struct
from typing import Any

import msgpack
import numpy as np

from deepsink.mindrecord import _format as fmt


def _pack_value(v: Any) -> bytes:
    """One MessagePack value as MindSpore's JSON library writes it: a float as float32 when
    that is exact, else float64; ints in the narrowest form."""
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float):
        return msgpack.packb(v, use_single_float=float(np.float32(v)) == v or math.isnan(v))
    return msgpack.packb(v)


def pack_raw(values: dict) -> bytes:
    keys = sorted(values)
    n = len(keys)
    head = bytes([0x80 | n]) if n < 16 else struct.pack(">BH", 0xDE, n)
    return head + b"".join(msgpack.packb(k) + _pack_value(values[k]) for k in keys)


def _check_schema(schema: Any) -> dict:
    if not isinstance(schema, dict) or not schema:
        raise ValueError(
            f"schema should be a non-empty dict of field name -> field spec, got {schema!r}"
        )
    out = {}
    for name, spec in schema.items():
        if not isinstance(name, str) or not name.replace("_", "a").isalnum():
            raise ValueError(f"field name {name!r} should be letters, digits and '_'")
        if not isinstance(spec, dict) or "type" not in spec:
            raise ValueError(f"field {name!r}: the spec must be a dict with a 'type', got {spec!r}")
        typ = spec["type"]
        if "shape" in spec:
            shape = spec["shape"]
            if typ not in fmt.ARRAY_TYPES:
                raise ValueError(
                    f"field {name!r}: an array field must be one of {fmt.ARRAY_TYPES}, got {typ!r}"
                )
            if (
                not isinstance(shape, list)
                or not shape
                or any(not isinstance(d, int) or d == 0 or d < -1 for d in shape)
                or shape.count(-1) > 1
            ):
                raise ValueError(
                    f"field {name!r}: shape must be a list of positive ints with at most one -1, got {shape!r}"
                )
            out[name] = {"shape": list(shape), "type": typ}
        elif typ in fmt.SCALAR_TYPES or typ == "bytes":
            out[name] = {"type": typ}
        else:
            raise ValueError(
                f"field {name!r}: type {typ!r} is not one of {fmt.SCALAR_TYPES + ('bytes',)}"
            )
    return out


def _check_int(v: Any, field: str, typ: str, i: int) -> None:
    """An int32/int64 field holds an integer in its type's range (MindSpore drops such a row
    without a word; a float would be stored truncated)."""
    data = v.item() if isinstance(v, np.generic | np.ndarray) and np.ndim(v) == 0 else v
    if isinstance(data, bool) or not isinstance(data, int):
        raise ValueError(
            f"raw_data[{i}]: field {field!r} is an {typ} field, its value must be an int, but got "
            f"{v} ({type(v).__name__})"
        )
    info = np.iinfo(typ)
    if not info.min <= data <= info.max:
        raise ValueError(
            f"raw_data[{i}]: field {field!r} is an {typ} field, its value must be in "
            f"[{info.min}, {info.max}], but got {data}"
        )


class FileWriter:
    """Write rows (dicts) into a MindRecord file and its index DB (MindSpore's
    ``mindspore.mindrecord.FileWriter``); ``shard_num`` files ``<name>0``... when above 1, rows
    dealt to them in turn. Shard suffixes are zero-padded to the width of the last one
    (``<name>00`` ... ``<name>20`` for 21 shards), the names model-zoo readers open."""

    def __init__(self, file_name: str, shard_num: int = 1, overwrite: bool = False) -> None:
        if not isinstance(file_name, str) or not file_name:
            raise ValueError(f"file_name should be a non-empty str, got {file_name!r}")
        if (
            isinstance(shard_num, bool)
            or not isinstance(shard_num, int)
            or not 1 <= shard_num <= 1000
        ):
            raise ValueError(f"shard_num should be an int in [1, 1000], got {shard_num!r}")
        width = len(str(shard_num - 1))
        self._paths = (
            [file_name]
            if shard_num == 1
            else [f"{file_name}{str(i).rjust(width, '0')}" for i in range(shard_num)]
        )
        for p in self._paths:
            for f in (p, p + ".db"):
                if os.path.exists(f):
                    if not overwrite:
                        raise RuntimeError(
                            f"Invalid file, mindrecord files already exist: '{f}'. Set overwrite=True to replace it."
                        )
                    os.remove(f)
            folder = os.path.dirname(os.path.abspath(p))
            if not os.path.isdir(folder):
                raise RuntimeError(f"Invalid file, the folder '{folder}' does not exist.")
        self._schema: dict | None = None
        self._desc = ""
        self._index: list[str] = []
        self._groups: list[list[dict]] = []  # one per write_raw_data call
        self._header_size, self._page_size = fmt.DEFAULT_HEADER_SIZE, fmt.DEFAULT_PAGE_SIZE
        self._committed = False

    # -- configuration -------------------------------------------------------------------------
    def set_header_size(self, header_size: int) -> None:
        if (
            not isinstance(header_size, int)
            or not fmt.MIN_HEADER_SIZE <= header_size <= fmt.MAX_HEADER_SIZE
        ):
            raise ValueError(
                f"header_size should be in [{fmt.MIN_HEADER_SIZE}, {fmt.MAX_HEADER_SIZE}] bytes, got {header_size!r}"
            )
        self._header_size = header_size

    def set_page_size(self, page_size: int) -> None:
        if (
            not isinstance(page_size, int)
            or not fmt.MIN_PAGE_SIZE <= page_size <= fmt.MAX_PAGE_SIZE
        ):
            raise ValueError(
                f"page_size should be in [{fmt.MIN_PAGE_SIZE}, {fmt.MAX_PAGE_SIZE}] bytes, got {page_size!r}"
            )
        self._page_size = page_size

    def add_schema(self, content: dict, desc: str | None = None) -> None:
        if self._schema is not None:
            raise RuntimeError("add_schema: a schema was added already (one schema per file)")
        self._schema = _check_schema(content)
        self._desc = "" if desc is None else str(desc)  # returns None, as MindSpore 2.10

    def add_index(self, index_fields: list) -> None:
        if self._schema is None:
            raise RuntimeError("add_index: add the schema first")
        if not isinstance(index_fields, list) or not index_fields:
            raise ValueError(
                f"index_fields should be a non-empty list of field names, got {index_fields!r}"
            )
        for f in index_fields:
            spec = self._schema.get(f)
            if spec is None or fmt.is_blob(spec):
                raise ValueError(
                    f"index field {f!r} must be a scalar field of the schema (not bytes or an array)"
                )
        self._index = list(index_fields)

    def write_raw_data(self, raw_data: list, parallel_writer: bool = False) -> None:
        if self._schema is None:
            raise RuntimeError("write_raw_data: add the schema first")
        if not isinstance(raw_data, list):
            raise ValueError(f"raw_data should be a list of dicts, got {type(raw_data).__name__}")
        rows = []
        for i, row in enumerate(raw_data):
            if not isinstance(row, dict):
                raise ValueError(f"raw_data[{i}] should be a dict, got {type(row).__name__}")
            missing = [k for k in self._schema if k not in row]
            if missing:
                raise ValueError(f"raw_data[{i}] misses the fields {missing}")
            for k, spec in self._schema.items():
                if spec["type"] in fmt.INT_TYPES and "shape" not in spec:
                    _check_int(row[k], k, spec["type"], i)
            rows.append({k: row[k] for k in self._schema})
        if rows:
            self._groups.append(rows)

    # -- writing -------------------------------------------------------------------------------
    def commit(self) -> None:
        if self._schema is None:
            raise RuntimeError("commit: add the schema first")
        if self._committed:
            raise RuntimeError("commit: the files were committed already")
        shards: list[list[list[dict]]] = [[] for _ in self._paths]
        k = 0
        for group in self._groups:
            parts: list[list[dict]] = [[] for _ in self._paths]
            for row in group:
                parts[k % len(self._paths)].append(row)
                k += 1
            for s, part in enumerate(parts):
                if part:
                    shards[s].append(part)
        names = [os.path.basename(p) for p in self._paths]
        for shard_id, (path, groups) in enumerate(zip(self._paths, shards)):
            self._write_shard(path, shard_id, groups, names)
        self._committed = True

    def _encode(self, row: dict, compress: bool) -> tuple[bytes, bytes, int]:
        schema = self._schema
        raw = {}
        for k, spec in schema.items():
            if fmt.is_blob(spec):
                continue
            v = row[k]
            if spec["type"] == "string":
                if not isinstance(v, str):
                    raise ValueError(f"field {k!r} is a string field, got {v!r}")
            elif spec["type"] in fmt.INT_TYPES:
                v = int(v)
            else:
                v = float(np.dtype(spec["type"]).type(v))
            raw[k] = v
        blob = fmt.encode_blob(schema, row, compress) if fmt.blob_fields(schema) else b""
        plain = fmt.encode_blob(schema, row, False) if compress else blob
        return pack_raw(raw), blob, len(plain) - len(blob)

    def _write_shard(
        self, path: str, shard_id: int, groups: list[list[dict]], names: list[str]
    ) -> None:
        schema, page_size = self._schema, self._page_size
        compress = fmt.compresses(schema)
        pages: list[dict] = []
        contents: list[bytearray] = []
        index_rows = []
        saved = 0
        row_id = 0
        raw_page: int | None = None

        def new_page(kind: str, type_id: int, start: int) -> int:
            pages.append(
                {
                    "end_row_id": start,
                    "page_id": len(pages),
                    "page_size": 0,
                    "page_type": kind,
                    "page_type_id": type_id,
                    "row_group_ids": [],
                    "shard_id": shard_id,
                    "start_row_id": start,
                }
            )
            contents.append(bytearray())
            return len(pages) - 1

        blob_groups = 0
        raw_pages = 0
        for group in groups:
            encoded = [self._encode(r, compress) for r in group]
            saved += sum(e[2] for e in encoded)
            i = 0
            while i < len(encoded):  # one blob page per row group
                blob_page = new_page("BLOB_DATA", blob_groups, row_id)
                pages[blob_page]["row_group_ids"] = [{"id": 0, "offset": 0}]
                group_rows = []
                while i < len(encoded):
                    entry = struct.pack("<Q", len(encoded[i][1])) + encoded[i][1]
                    if len(entry) > page_size:
                        raise RuntimeError(
                            f"a row's blob data ({len(entry)} bytes) is larger than the page size {page_size}; raise it with set_page_size"
                        )
                    if contents[blob_page] and len(contents[blob_page]) + len(entry) > page_size:
                        break
                    start = len(contents[blob_page])
                    contents[blob_page] += entry
                    group_rows.append(
                        (
                            row_id,
                            encoded[i][0],
                            blob_page,
                            start,
                            len(contents[blob_page]),
                            group[i],
                        )
                    )
                    row_id += 1
                    i += 1
                pages[blob_page]["end_row_id"] = row_id
                raw_size = sum(8 + len(r[1]) for r in group_rows)
                if raw_size > page_size:
                    raise RuntimeError(
                        f"the scalar fields of one row group ({raw_size} bytes) exceed the page size {page_size}"
                    )
                if raw_page is None or len(contents[raw_page]) + raw_size > page_size:
                    raw_page = new_page("RAW_DATA", raw_pages, 0)
                    raw_pages += 1
                pages[raw_page]["row_group_ids"].append(
                    {"id": blob_groups, "offset": len(contents[raw_page])}
                )
                for rid, raw, bpage, bstart, bend, row in group_rows:
                    rstart = len(contents[raw_page])
                    contents[raw_page] += struct.pack("<Q", len(raw)) + raw
                    index_rows.append(
                        (
                            rid,
                            raw_page,
                            rstart,
                            len(contents[raw_page]),
                            blob_groups,
                            bpage,
                            bstart,
                            bend,
                            [row[f] for f in self._index],
                        )
                    )
                blob_groups += 1
        for p, c in zip(pages, contents):
            p["page_size"] = len(c)
        header = {"header_size": self._header_size, "index_fields": [{"index_field": f, "schema_id": 0} for f in self._index],
                  "page": pages, "page_size": page_size, "compression_size": saved,
                  "schema": [{"blob_fields": fmt.blob_fields(schema), "desc": self._desc,
                              "schema": {k: schema[k] for k in sorted(schema)}}],
                  "shard_addresses": names, "shard_id": shard_id, "statistics": None, "version": fmt.VERSION}  # fmt: skip
        body = fmt.header_json(header)
        if 8 + len(body) > self._header_size:
            raise RuntimeError(
                f"the header ({8 + len(body)} bytes) does not fit header_size {self._header_size}; raise it with set_header_size"
            )
        with open(path, "wb") as f:
            f.write(struct.pack("<Q", len(body)) + body)
            for p, c in zip(pages, contents):
                f.seek(self._header_size + p["page_id"] * page_size)
                f.write(c)
            if not pages:
                f.truncate(self._header_size)
        os.chmod(path, 0o600)
        self._write_index(path, index_rows)

    def _write_index(self, path: str, index_rows: list) -> None:
        db = path + ".db"
        con = sqlite3.connect(db)
        try:
            con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL);")
            con.execute("INSERT INTO SHARD_NAME (NAME) VALUES (?);", (os.path.basename(path),))
            sql = (
                "CREATE TABLE INDEXES(  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  NOT NULL"
                ", PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL"
                ", ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB         INT  NOT NULL"
                ", PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT NULL"
            )
            for k, f in enumerate(self._index):
                sql += f",INC_{k} INT, {f}_0 {fmt.SQL_TYPES[self._schema[f]['type']]}"
            sql += (
                ", PRIMARY KEY(ROW_ID"
                + "".join(f",INC_{k}" for k in range(len(self._index)))
                + "));"
            )
            con.execute(sql)
            cols = "ROW_ID,PAGE_ID_RAW,PAGE_OFFSET_RAW,PAGE_OFFSET_RAW_END,ROW_GROUP_ID,PAGE_ID_BLOB,PAGE_OFFSET_BLOB,PAGE_OFFSET_BLOB_END"
            cols += "".join(f",INC_{k},{f}_0" for k, f in enumerate(self._index))
            marks = ",".join("?" * (8 + 2 * len(self._index)))
            values = []
            for rid, rpage, rstart, rend, group, bpage, bstart, bend, fields in index_rows:
                extra = []
                for v in fields:
                    extra += [0, v.item() if isinstance(v, np.generic) else v]
                values.append((rid, rpage, rstart, rend, group, bpage, bstart, bend, *extra))
            con.executemany(f"INSERT INTO INDEXES ({cols}) VALUES ({marks});", values)
            con.commit()
        finally:
            con.close()
        os.chmod(db, 0o600)
