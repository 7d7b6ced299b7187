"""``mindspore.mindrecord.MindPage``: read a MindRecord file one category at a time, a page of
rows at a time. The categories are the values of an index field (``FileWriter.add_index``),
ordered by their text as MindSpore's index DB orders them; the rows of a category keep the file's
order."""

from __future__ import annotations

import json
from typing import Any

from deepsink.mindrecord.reader import FileReader, Shard, shard_paths


class MindRecordException(Exception):
    """The base of MindSpore's MindRecord errors."""


class ParamValueError(MindRecordException):
    """An argument with a bad value."""


class ParamTypeError(MindRecordException):
    """An argument of the wrong type."""


class MRMDefineCategoryError(MindRecordException):
    """A category field that is not one of the candidate (index) fields."""


class MindPage:
    """Pages of rows per category of a MindRecord file.

    Args:
        file_name (Union[str, list[str]]): the file (or one shard of it), or the list of shards.
        num_consumer (int): reader threads (MindSpore's argument; a positive int). Default: ``4``.

    Raises:
        ValueError: ``num_consumer`` is not a positive int.
        RuntimeError: the file or its index DB cannot be read.

    Examples:
        >>> import os, tempfile
        >>> from deepsink.mindrecord import FileWriter, MindPage
        >>> path = os.path.join(tempfile.mkdtemp(), "pets.mindrecord")
        >>> writer = FileWriter(path)
        >>> writer.add_schema({"kind": {"type": "string"}, "age": {"type": "int32"}}, "pets")
        >>> writer.add_index(["kind"])
        >>> writer.write_raw_data([{"kind": "cat", "age": 2}, {"kind": "dog", "age": 5},
        ...                        {"kind": "cat", "age": 7}])
        >>> writer.commit()
        >>> page = MindPage(path)
        >>> page.category_field = "kind"
        >>> print(page.read_at_page_by_name("cat", 0, 5))
        [{'age': 2, 'kind': 'cat'}, {'age': 7, 'kind': 'cat'}]
    """

    def __init__(self, file_name: str | list, num_consumer: int = 4) -> None:
        self._reader = FileReader(file_name, num_consumer)
        header = Shard(shard_paths(file_name)[0]).header
        self._candidate_fields = [f["index_field"] for f in header.get("index_fields") or []]
        self._category_field: str | None = None
        self._categories: list[tuple[str, list[dict]]] = []

    @property
    def candidate_fields(self) -> list[str]:
        """The fields a category can be chosen from (the file's index fields)."""
        return list(self._candidate_fields)

    @property
    def category_field(self) -> str | None:
        """The field whose values are the categories (None until set)."""
        return self._category_field

    @category_field.setter
    def category_field(self, category_field: str) -> None:
        if not category_field or not isinstance(category_field, str):
            raise ParamTypeError("Invalid parameter type. 'category_fields' expect str type.")
        if category_field not in self._candidate_fields:
            raise MRMDefineCategoryError(
                f"Field '{category_field}' is not a candidate category field."
            )
        self._category_field = category_field
        groups: dict[str, list[dict]] = {}
        for row in self._reader.get_next():
            groups.setdefault(str(row[category_field]), []).append(row)
        self._categories = sorted(groups.items())

    def _need_field(self) -> None:
        if self._category_field is None:
            raise RuntimeError("MindPage: set category_field before reading categories")

    def read_category_info(self) -> str:
        """The categories as MindSpore's JSON text: ``{"categories": [{"count", "id", "name"}...],
        "key": "<field>_0"}``.

        Returns:
            str.
        """
        self._need_field()
        info = {
            "categories": [
                {"count": len(rows), "id": i, "name": name}
                for i, (name, rows) in enumerate(self._categories)
            ],
            "key": f"{self._category_field}_0",
        }
        return json.dumps(info, separators=(",", ":"))

    def _page(self, rows: list[dict], page: int, num_row: int) -> list[dict]:
        if page * num_row >= len(rows):
            raise RuntimeError(
                f"Invalid data, page no: {page} or page size: {num_row} is invalid "
                f"(the category has {len(rows)} rows)."
            )
        return rows[page * num_row : (page + 1) * num_row]

    @staticmethod
    def _check_page(page: Any, num_row: Any) -> None:
        if isinstance(page, bool) or not isinstance(page, int) or page < 0:
            raise ParamValueError("Page should be int and greater than or equal to 0.")
        if isinstance(num_row, bool) or not isinstance(num_row, int) or num_row <= 0:
            raise ParamValueError("num_row should be int and greater than 0.")

    def read_at_page_by_id(self, category_id: int, page: int, num_row: int) -> list[dict]:
        """Page ``page`` (``num_row`` rows a page) of the category with id ``category_id``.

        Raises:
            ParamValueError: a negative or non-int argument, or ``num_row`` 0.
            RuntimeError: no such category, or the page is past its rows.
        """
        if isinstance(category_id, bool) or not isinstance(category_id, int) or category_id < 0:
            raise ParamValueError("Category id should be int and greater than or equal to 0.")
        self._check_page(page, num_row)
        self._need_field()
        if category_id >= len(self._categories):
            raise RuntimeError(
                f"Invalid data, category id: {category_id} must be in [0, {len(self._categories)})."
            )
        return self._page(self._categories[category_id][1], page, num_row)

    def read_at_page_by_name(self, category_name: str, page: int, num_row: int) -> list[dict]:
        """Page ``page`` (``num_row`` rows a page) of the category named ``category_name``.

        Raises:
            ParamValueError: ``category_name`` not a str, a negative or non-int page, or
                ``num_row`` 0.
            RuntimeError: no such category, or the page is past its rows.
        """
        if not isinstance(category_name, str):
            raise ParamValueError("Category name should be str.")
        self._check_page(page, num_row)
        self._need_field()
        for name, rows in self._categories:
            if name == category_name:
                return self._page(rows, page, num_row)
        raise RuntimeError(f"Invalid data, category name: {category_name} does not exist.")
