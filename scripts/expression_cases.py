"""Shared machinery of the recorders whose cases are Python expressions over named inputs
(``record_ops_breadth_fixtures.py``, ``record_ops_more_fixtures.py``,
``record_ops_wide_fixtures.py``, ``record_sparse_fixtures.py``): each case is evaluated under
MindSpore and its outputs (dtype, shape, values) or its exception (type and first line) are
written to one JSON file with the inputs and the MindSpore version.

Runs with a Python that has a real MindSpore 2.10 CPU build (not run by CI).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mindspore as ms
import numpy as np


def array_row(t: Any, values: bool = True) -> dict:
    """One Tensor: its dtype, shape and values (NaN as None, a complex one as [real, imag];
    ``values`` False: None, for random outputs whose values are not compared)."""
    a = t.asnumpy()
    if not values:
        value = None
    elif a.dtype.kind == "c":
        value = [a.real.tolist(), a.imag.tolist()]
    else:
        value = np.where(np.isnan(a), None, a).tolist() if a.dtype.kind == "f" else a.tolist()
    return {"dtype": str(t.dtype), "shape": list(a.shape), "value": value}


def encode(out: Any, values: bool = True) -> list:
    """The rows of an output: one per Tensor of a tuple/list, else one."""
    outs = list(out) if isinstance(out, tuple | list) else [out]
    return [array_row(o, values) for o in outs]


def evaluate(
    expr: str, env: dict, encode: Callable[[Any], list] = encode, strip: bool = False
) -> dict:
    """``{"outputs": rows}``, or ``{"error": type, "message": first line}`` when it raises."""
    try:
        return {"outputs": encode(eval(expr, env))}  # noqa: S307 - our own case table
    except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
        text = str(e).strip() if strip else str(e)
        return {"error": type(e).__name__, "message": text.splitlines()[0][:200]}


def write(out: Path, inputs: dict, cases: list) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps({"mindspore": ms.__version__, "inputs": inputs, "cases": cases}, indent=0) + "\n"
    )


def run(
    out: Path,
    inputs: dict,
    cases: dict,
    record: Callable[[str, str], dict],
    show_message: bool = False,
) -> int:
    """Records every case (``record(name, expr)``), printing each, and writes the file."""
    rows = []
    for name, expr in cases.items():
        rec = record(name, expr)
        rows.append({"name": name, "expr": expr, **rec})
        if show_message:
            print(name, rec.get("error", ""), rec.get("message", ""))
        else:
            print(name, rec.get("error", ""))
    write(out, inputs, rows)
    return 0
