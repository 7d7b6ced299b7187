"""``mindspore.dataset.Schema``: the columns (name, type, shape) a file source reads, and a row count.

The JSON form is MindSpore's: ``{"datasetType": "TF", "numRows": N, "columns": {name: {"type": t,
"rank": r, "shape": [...]}}}`` (``columns`` may also be a list of ``{"name": ..., ...}``). A shape
of -1 in a dimension, or no shape, leaves that size to the data.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.dataset.core.validator_helpers import check_file, type_check

_TYPES = {
    "bool": np.bool_,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "uint8": np.uint8,
    "uint16": np.uint16,
    "uint32": np.uint32,
    "uint64": np.uint64,
    "float16": np.float16,
    "float32": np.float32,
    "float64": np.float64,
    "string": np.str_,
    "bytes": np.bytes_,
}


def type_name(de_type: Any) -> str:
    """A column type as MindSpore's name ('int64', 'float32', 'string', ...)."""
    if isinstance(de_type, mstype.Type):
        return np.dtype(mstype.to_np(de_type)).name
    if isinstance(de_type, str) and de_type in _TYPES:
        return de_type
    if isinstance(de_type, type | np.dtype) and not isinstance(de_type, str):
        try:
            name = np.dtype(de_type).name
        except TypeError:
            name = ""
        if name in _TYPES:
            return name
        if name.startswith("str"):
            return "string"
    raise TypeError(f"Unknown column type: {de_type}.")


def np_type(name: str) -> Any:
    return _TYPES[name]


class Schema:
    """Columns of a dataset: ``add_column``, ``parse_columns``, ``from_json``, ``to_json``.

    Args:
        schema_file (str, optional): a JSON schema file to load. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink.dataset as ds
        >>> schema = ds.Schema()
        >>> schema.add_column('image', de_type='uint8', shape=[28, 28, 1])
        >>> schema.add_column('label', de_type='int32')
        >>> print(schema.to_json().count('"name"'))
        2
    """

    def __init__(self, schema_file: str | None = None) -> None:
        self.columns: list[dict] = []
        self.num_rows = 0
        self.dataset_type = ""
        self.schema_file = "" if schema_file is None else schema_file
        if schema_file is not None:
            check_file(schema_file)
            try:
                with open(schema_file) as f:
                    obj = json.load(f)
            except (OSError, json.JSONDecodeError) as e:
                raise RuntimeError(f"Schema file '{schema_file}' is not valid JSON: {e}") from e
            self.from_json(obj)

    def add_column(self, name: str, de_type: Any, shape: list[int] | None = None) -> None:
        type_check(name, (str,), "name")
        if not name:
            raise TypeError("Expected non-empty string for column name.")
        if isinstance(de_type, str) and not de_type:
            raise TypeError("Expected non-empty string for de_type.")
        col: dict[str, Any] = {"name": name, "type": type_name(de_type)}
        if shape is not None:
            type_check(shape, (list,), "shape")
            for i, s in enumerate(shape):
                type_check(s, (int,), f"shape[{i}]")
            col["rank"] = len(shape)
            col["shape"] = list(shape)
        else:
            col["rank"] = 1
        self.columns.append(col)

    def parse_columns(self, columns: Any) -> None:
        """Columns from a dict ``{name: {"type", "shape"}}`` or a list of ``{"name", "type"}``."""
        if isinstance(columns, dict):
            items = [{"name": k, **v} for k, v in columns.items()]
        elif isinstance(columns, list | tuple):
            items = list(columns)
        else:
            raise RuntimeError(f"columns must be a dict or a list of dicts, but got {columns!r}")
        self.columns = []
        for c in items:
            if not isinstance(c, dict):
                raise RuntimeError(f"a column must be a dict, but got {c!r}")
            if "name" not in c:
                raise RuntimeError(f"Column's name is missing: {c}")
            if "type" not in c:
                raise RuntimeError(f"Column's type is missing: column '{c['name']}'")
            shape = c.get("shape")
            col: dict[str, Any] = {"name": c["name"], "type": type_name(c["type"])}
            rank = c.get("rank", len(shape) if shape is not None else 1)
            col["rank"] = rank
            if shape is not None:
                if len(shape) != rank:
                    raise RuntimeError(
                        f"Column '{c['name']}': rank {rank} does not match the shape {shape}."
                    )
                col["shape"] = list(shape)
            self.columns.append(col)

    def from_json(self, json_obj: dict) -> None:
        if not isinstance(json_obj, dict):
            raise RuntimeError(f"a schema must be a JSON object, but got {json_obj!r}")
        unknown = set(json_obj) - {"datasetType", "numRows", "columns"}
        if unknown:
            raise RuntimeError(f"Unknown field(s) {sorted(unknown)} in the schema.")
        if "columns" not in json_obj:
            raise RuntimeError("Columns are missing in the schema.")
        self.dataset_type = json_obj.get("datasetType", "")
        self.num_rows = int(json_obj.get("numRows", 0))
        self.parse_columns(json_obj["columns"])

    def to_json(self) -> str:
        out: dict[str, Any] = {"columns": [dict(sorted(c.items())) for c in self.columns]}
        if self.dataset_type:
            out["datasetType"] = self.dataset_type
        if self.num_rows:
            out["numRows"] = self.num_rows
        return json.dumps(out, indent=2)

    def __str__(self) -> str:
        return self.to_json()

    @staticmethod
    def get_num_rows(schema: Any) -> int:
        return (schema if isinstance(schema, Schema) else Schema(schema)).num_rows

    def column_specs(self) -> list[tuple[str, str, list[int] | None, int]]:
        """(name, type name, shape or None, rank) per column."""
        return [(c["name"], c["type"], c.get("shape"), c.get("rank", 1)) for c in self.columns]
