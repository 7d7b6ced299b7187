"""``amp.auto_mixed_precision(..., "auto")`` per op, on functions and Cells, against MindSpore
2.10's recorded dtypes (``tests/fixtures/ms/amp_auto.json``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import amp_auto_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "amp_auto.json").read_text())


@pytest.mark.parametrize("name", sorted(FIXTURE["auto_dtypes"]))
def test_op_dtype_under_auto(name):
    got = amp_auto_cases._run(ms, amp_auto_cases.CASES[name], amp=True)
    assert got == FIXTURE["auto_dtypes"][name]


def test_cells_and_wrapped_functions():
    assert amp_auto_cases.cell_dtypes(ms) == FIXTURE["cells"]


def test_errors():
    assert amp_auto_cases.errors(ms) == FIXTURE["errors"]


def test_strategy_ends_with_the_call():
    from deepsink import ops

    x = ops.ones((2, 2), ms.float32)
    g = ms.amp.auto_mixed_precision(lambda: ops.matmul(x, x), "auto")
    assert g().dtype == ms.float16
    assert ops.matmul(x, x).dtype == ms.float32
