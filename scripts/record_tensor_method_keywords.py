"""Record MindSpore 2.10's Tensor methods called with either overload's keyword names
(``x.index_select(dim=1, index=i)`` and ``x.index_select(axis=1, index=i)``, ``x.tile(reps=...)``,
``x.remainder(divisor=...)``, ...) into ``tests/fixtures/ms/tensor_method_keywords.json``;
``tests/common/test_tensor_method_keywords.py`` checks deepsink. A case is ``[method, keyword
arguments]`` on ``X`` (``"I"`` stands for the index tensor, ``"X"`` for ``X`` itself).

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_tensor_method_keywords.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
import numpy as np

OUT = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "fixtures"
    / "ms"
    / "tensor_method_keywords.json"
)
X = np.array([[3.0, 1.0, 2.0], [0.5, 5.0, -1.0]], np.float32)
INDEX = np.array([1, 0], np.int32)
CASES = [
    ["index_select", {"dim": 1, "index": "I"}],
    ["index_select", {"axis": 0, "index": "I"}],
    ["argsort", {"dim": 1}],
    ["argsort", {"axis": 0, "descending": True}],
    ["chunk", {"chunks": 2, "dim": 1}],
    ["chunk", {"chunks": 2, "axis": 0}],
    ["sort", {"dim": 0}],
    ["sort", {"axis": 1, "descending": True}],
    ["cumsum", {"dim": 1}],
    ["cumsum", {"axis": 0}],
    ["tile", {"dims": [1, 2]}],
    ["tile", {"reps": [2, 1]}],
    ["remainder", {"other": 2.0}],
    ["remainder", {"divisor": 2.0}],
    ["expand_as", {"other": "X"}],
    ["expand_as", {"x": "X"}],
]


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v  # JSON holds lists; tile takes a tuple


def arguments(kwargs: dict, tensor) -> dict:
    table = {"I": tensor(INDEX), "X": tensor(X)}
    return {k: table.get(v, v) if isinstance(v, str) else _tuple(v) for k, v in kwargs.items()}


def main() -> None:
    cases = []
    for name, kwargs in CASES:
        x = ms.Tensor(X[1:2] if name == "expand_as" else X)
        out = getattr(x, name)(**arguments(kwargs, ms.Tensor))
        outs = out if isinstance(out, tuple) else (out,)
        cases.append([name, kwargs, [o.asnumpy().tolist() for o in outs]])
    OUT.write_text(json.dumps({"mindspore": ms.__version__, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
