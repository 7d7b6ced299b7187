"""MindPage: categories and pages as MindSpore 2.10 answers them (tests/fixtures/ms/mindpage.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deepsink.mindrecord import FileWriter, MindPage
from deepsink.mindrecord.mindpage import MRMDefineCategoryError, ParamValueError

REC = json.loads((Path(__file__).parents[1] / "fixtures/ms/mindpage.json").read_text())
LABELS = [3, 1, 3, 10, 2, 3, 1, 10]


@pytest.fixture
def page(tmp_path):
    path = str(tmp_path / "page.mindrecord")
    writer = FileWriter(path)
    writer.add_schema(
        {"label": {"type": "int32"}, "file_name": {"type": "string"}, "data": {"type": "bytes"},
         "score": {"type": "float32"}},
        "page",
    )  # fmt: skip
    writer.add_index(["label", "file_name"])
    writer.write_raw_data(
        [{"label": v, "file_name": f"f{i}", "data": bytes([i]), "score": i / 2}
         for i, v in enumerate(LABELS)]
    )  # fmt: skip
    writer.commit()
    return MindPage(path)


def _plain(rows):
    return [{k: v.hex() if isinstance(v, bytes) else v for k, v in sorted(r.items())} for r in rows]


def test_categories_and_pages_match_mindspore(page):
    assert page.candidate_fields == REC["candidate_fields"]
    for field, info in REC["info"].items():
        page.category_field = field
        assert page.read_category_info() == info
    for call in REC["calls"]:
        field, by, key, page_no, num_row = call["args"]
        page.category_field = field
        read = page.read_at_page_by_id if by == "id" else page.read_at_page_by_name
        if "error" in call:
            with pytest.raises(RuntimeError):
                read(key, page_no, num_row)
        else:
            assert _plain(read(key, page_no, num_row)) == call["rows"], call["args"]


def test_bad_arguments_are_refused(page):
    assert REC["bad_category_field"] == "MRMDefineCategoryError"
    with pytest.raises(MRMDefineCategoryError, match="'data' is not a candidate"):
        page.category_field = "data"
    page.category_field = "label"
    with pytest.raises(ParamValueError, match="num_row should be int and greater than 0"):
        page.read_at_page_by_id(0, 0, 0)
    with pytest.raises(ParamValueError, match="Category name should be str"):
        page.read_at_page_by_name(3, 0, 1)
