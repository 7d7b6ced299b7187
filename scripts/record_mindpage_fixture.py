"""Record what MindSpore 2.10's ``mindspore.mindrecord.MindPage`` answers on a small file into
``tests/fixtures/ms/mindpage.json`` (the file's rows are ``ROWS`` below; deepsink's test writes the
same file with its FileWriter).

Run with a Python that has MindSpore 2.10, from a directory outside the repository (not run by
CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_mindpage_fixture.py
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import mindspore
from mindspore.mindrecord import FileWriter, MindPage

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "mindpage.json"
SCHEMA = {"label": {"type": "int32"}, "file_name": {"type": "string"}, "data": {"type": "bytes"},
          "score": {"type": "float32"}}  # fmt: skip
LABELS = [3, 1, 3, 10, 2, 3, 1, 10]
ROWS = [{"label": v, "file_name": f"f{i}", "data": bytes([i]), "score": i / 2}
        for i, v in enumerate(LABELS)]  # fmt: skip
CALLS = [
    ("label", "id", 0, 0, 2), ("label", "id", 0, 1, 2), ("label", "id", 1, 0, 5),
    ("label", "id", 3, 1, 2), ("label", "id", 3, 2, 2), ("label", "name", "3", 0, 5),
    ("label", "name", "10", 0, 1), ("label", "id", 9, 0, 2), ("label", "name", "9", 0, 2),
    ("file_name", "name", "f1", 0, 1), ("file_name", "id", 7, 0, 3),
]  # fmt: skip


def _plain(rows: list) -> list:
    return [{k: v.hex() if isinstance(v, bytes) else v for k, v in sorted(r.items())} for r in rows]


def main() -> None:
    path = os.path.join(tempfile.mkdtemp(), "page.mindrecord")
    writer = FileWriter(path)
    writer.add_schema(SCHEMA, "page")
    writer.add_index(["label", "file_name"])
    writer.write_raw_data(ROWS)
    writer.commit()
    page = MindPage(path)
    record = {"mindspore": mindspore.__version__, "candidate_fields": page.candidate_fields,
              "info": {}, "calls": []}  # fmt: skip
    for field in ("label", "file_name"):
        page.category_field = field
        record["info"][field] = page.read_category_info()
    for field, by, key, page_no, num_row in CALLS:
        page.category_field = field
        read = page.read_at_page_by_id if by == "id" else page.read_at_page_by_name
        try:
            result = {"rows": _plain(read(key, page_no, num_row))}
        except Exception as e:  # noqa: BLE001 - the error is what is recorded
            result = {"error": type(e).__name__}
        record["calls"].append({"args": [field, by, key, page_no, num_row], **result})
    try:
        page.category_field = "data"
    except Exception as e:  # noqa: BLE001
        record["bad_category_field"] = type(e).__name__
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
