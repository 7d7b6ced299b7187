"""Record what MindSpore 2.10's reductions (``ops.sum``, ``ops.mean``, ``ops.amax``, ...) raise when
their input is not a Tensor (a number, list, tuple, NumPy array or None), into
``tests/fixtures/ms/reduce_input_errors.json``; ``tests/ops/test_reduce_input_errors.py`` checks
deepsink. A case is ``[api, input kind, positional arguments after the input]``.

Run with a Python that has MindSpore 2.10 installed, from a directory outside the repository
(MindSpore writes files into the current directory; not run by CI)::

    /path/to/mindspore-venv/bin/python /path/to/repo/scripts/record_reduce_input_errors.py
"""

from __future__ import annotations

import json
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import ops

OUT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "fixtures"
    / "ms"
    / "reduce_input_errors.json"
)
INPUTS = {
    "int": lambda: 1,
    "float": lambda: 2.5,
    "bool": lambda: True,
    "none": lambda: None,
    "list": lambda: [1, 2],
    "tuple": lambda: (1.0, 2.0),
    "ndarray": lambda: np.ones((2, 3), np.float32),
}
CASES = [
    *[["sum", kind, []] for kind in INPUTS],
    ["sum", "int", [2, True]],
    ["sum", "ndarray", [0, 12]],
    ["sum", "float", [[0, 1]]],
    ["prod", "int", []],
    ["prod", "ndarray", [1, True]],
    ["mean", "float", []],
    ["mean", "list", [0, True]],
    ["reduce_mean", "float", []],
    ["reduce_sum", "ndarray", [0]],
    ["amax", "float", [0, True]],
    ["amin", "none", []],
    ["all", "int", []],
    ["any", "list", []],
    ["logsumexp", "float", [0]],
    ["std", "float", []],
    ["var", "ndarray", []],
    *[[prim, "float", []] for prim in ("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin")],
    *[[prim, "list", [0]] for prim in ("ReduceProd", "ReduceAll", "ReduceAny")],
    ["ReduceAll", "int", []],
]


def call(api: str, x, args: list):
    """``ops.<api>(x, *args)``, or a primitive's call for a capitalised name."""
    if api[0].isupper():
        return getattr(ops, api)()(x, *args)
    return getattr(ops, api)(x, *args)


def outcome(api: str, kind: str, args: list) -> dict:
    try:
        call(api, INPUTS[kind](), args)
    except TypeError as e:
        return {"error": "TypeError", "message": str(e).split("\n\n")[0]}
    return {"error": None}


def main() -> None:
    record = {"mindspore": ms.__version__, "cases": [[*c, outcome(*c)] for c in CASES]}
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
