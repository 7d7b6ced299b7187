"""``ops.topk``/``TopK``/``mint.topk`` (ties, ``sorted``, the range of ``k``),
``ops.masked_select`` broadcasting, ``ops.sqrt`` over dtypes, ``ops.interpolate`` modes and
``nn.CTCLoss``/``ops.ctc_loss`` reductions and unbatched input give MindSpore 2.10's values,
dtypes, shapes and errors (recorded by ``scripts/record_op_edge_fixtures.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import op_edge_cases as cases
import pytest

import deepsink as ms
from deepsink import mint, nn, ops

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "op_edges.json").read_text()
)["cases"]
CALLS = cases.cases(ms, ops, nn, mint)


@pytest.mark.parametrize("name", sorted(RECORD))
def test_outcome_is_mindspores(name):
    want, got = RECORD[name], cases.outcome(CALLS[name])
    if "error" in want:
        assert got.get("error") == want["error"], got
        assert got["message"] == want["message"]
        return
    assert "error" not in got, got
    assert got["dtypes"] == want["dtypes"] and got["shapes"] == want["shapes"]
    for g, w in zip(got["values"], want["values"]):
        g, w = np.asarray(g, np.float64), np.asarray(w, np.float64)
        np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-5)


def test_every_case_is_recorded():
    assert sorted(CALLS) == sorted(RECORD)
