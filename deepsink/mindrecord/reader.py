"""``FileReader``: the rows of MindRecord files (one file, or every shard its header names)."""

from __future__ import annotations

import os
import sqlite3
import struct
from collections.abc import Iterator
from typing import Any

import msgpack

from deepsink.mindrecord import _format as fmt


class Shard:
    """One shard file: its header and each row's raw and blob positions (from its index DB)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.header = fmt.read_header(path)
        db = path + ".db"
        if not os.path.isfile(db):
            raise RuntimeError(f"Invalid file, the index file '{db}' of '{path}' does not exist.")
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            self.index = con.execute(
                "SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, "
                "PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID"
            ).fetchall()
        except sqlite3.Error as e:
            raise RuntimeError(f"Invalid file, the index file '{db}' cannot be read: {e}") from e
        finally:
            con.close()
        entry = self.header["schema"][0]
        self.schema, self.desc = entry["schema"], entry.get("desc", "")
        self.compressed = fmt.compresses(self.schema)
        self.header_size, self.page_size = self.header["header_size"], self.header["page_size"]
        self._check_size()

    def _check_size(self) -> None:
        """Every row the index names lies inside the file: a cut file is refused when opened,
        naming it, rather than failing in the middle of an epoch."""
        size = os.path.getsize(self.path)
        for row, (raw_page, _, raw_end, blob_page, _, blob_end) in enumerate(self.index):
            for page, end in ((raw_page, raw_end), (blob_page, blob_end)):
                if page is not None and page >= 0 and end and self._offset(page, end) > size:
                    raise RuntimeError(
                        f"Invalid file, the MindRecord file '{self.path}' is truncated: it has "
                        f"{size} bytes, but row {row} ends at byte {self._offset(page, end)} (as "
                        f"its index file says)."
                    )

    def _offset(self, page: int, pos: int) -> int:
        return self.header_size + page * self.page_size + pos

    def __len__(self) -> int:
        return len(self.index)

    def _entry(self, f: Any, page: int, start: int, end: int, row: int) -> bytes:
        f.seek(self._offset(page, start))
        data = f.read(end - start)
        size = struct.unpack("<Q", data[:8])[0] if len(data) >= 8 else None
        if size is None or len(data) < 8 + size:
            raise RuntimeError(
                f"Invalid file, the MindRecord file '{self.path}' is truncated or damaged: row "
                f"{row} at byte {self._offset(page, start)} is cut short."
            )
        return data[8 : 8 + size]

    def rows(self, positions: Any = None) -> Iterator[dict]:
        """Each row as a dict: scalars as msgpack gives them, bytes, arrays."""
        positions = range(len(self.index)) if positions is None else positions
        has_blob = bool(fmt.blob_fields(self.schema))
        with open(self.path, "rb") as f:
            for i in positions:
                raw_page, raw_start, raw_end, blob_page, blob_start, blob_end = self.index[int(i)]
                raw = self._entry(f, raw_page, raw_start, raw_end, int(i))
                try:
                    row = msgpack.unpackb(raw, raw=False)
                    if has_blob:
                        blob = self._entry(f, blob_page, blob_start, blob_end, int(i))
                        row.update(fmt.decode_blob(self.schema, blob, self.compressed))
                except (ValueError, struct.error, msgpack.UnpackException) as e:
                    raise RuntimeError(
                        f"Invalid file, the MindRecord file '{self.path}' is damaged: row {i} "
                        f"cannot be decoded ({e})."
                    ) from e
                yield row


def shard_paths(file_name: str | list) -> list[str]:
    """The shard files of a dataset: a list as given, or all that the first file's header names
    (relative to its folder)."""
    if isinstance(file_name, list | tuple):
        for p in file_name:
            if not os.path.isfile(p):
                raise RuntimeError(f"Invalid file, '{p}' does not exist.")
        return [str(p) for p in file_name]
    if not isinstance(file_name, str):
        raise TypeError(
            f"file_name must be a str or a list of str, but got {type(file_name).__name__}"
        )
    if not os.path.isfile(file_name):
        raise RuntimeError(f"Invalid file, '{file_name}' does not exist.")
    folder = os.path.dirname(os.path.abspath(file_name))
    names = fmt.read_header(file_name)["shard_addresses"]
    return [os.path.join(folder, os.path.basename(n)) for n in names]


class FileReader:
    """Rows of MindRecord files as dicts (MindSpore's ``mindspore.mindrecord.FileReader``):
    strings and numbers as Python values, ``bytes`` fields as bytes, array fields as numpy."""

    def __init__(
        self,
        file_name: str | list,
        num_consumer: int = 4,
        columns: list | None = None,
        operator: Any = None,
    ) -> None:
        if isinstance(num_consumer, bool) or not isinstance(num_consumer, int) or num_consumer < 1:
            raise ValueError(f"num_consumer should be a positive int, but got {num_consumer!r}")
        if operator is not None:
            raise NotImplementedError("FileReader: operator (a decryption hook) is not supported")
        self._shards = [Shard(p) for p in shard_paths(file_name)]
        self._schema = self._shards[0].schema
        if columns is not None:
            if not isinstance(columns, list) or not columns:
                raise ValueError(
                    f"columns should be a non-empty list of field names, got {columns!r}"
                )
            unknown = [c for c in columns if c not in self._schema]
            if unknown:
                raise ValueError(f"columns {unknown} are not in the schema {sorted(self._schema)}")
        self._columns = columns
        self.num_consumer = num_consumer

    def schema(self) -> dict:
        return dict(self._schema)

    def len(self) -> int:
        return sum(len(s) for s in self._shards)

    def get_next(self) -> Iterator[dict]:
        """Each row; a float that holds a whole number comes back as an int, as 2.10's reader
        returns it."""
        for shard in self._shards:
            for row in shard.rows():
                row = {
                    k: int(v) if isinstance(v, float) and v.is_integer() else v
                    for k, v in row.items()
                }
                yield row if self._columns is None else {c: row[c] for c in self._columns}

    def close(self) -> None:
        """Files are opened per read, so nothing is left to close."""
