"""``Model``'s checks of ``metrics`` (a set or a dict, as MindSpore takes them), ``eval_network``
and ``eval_indexes``, and the call ``Model.train``/``Model.eval`` make on a dataset-like object
that is not a Dataset (``create_tuple_iterator(num_epochs=..., do_copy=...)``), against MindSpore
2.10 (``tests/fixtures/ms/model_checks.json``, ``scripts/record_test_helper_behaviour.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import model_check_cases  # noqa: E402

from tests.ops.test_graph_parity import WORDS  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "model_checks.json").read_text())
# deepsink's KeyError lists the metric names it knows; 2.10's points to its website
TYPE_ONLY = {"model_unknown_metric"}


@pytest.fixture(scope="module")
def got():
    return model_check_cases.outcomes(ms)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    want, mine = FIXTURE[name], got[name]
    if "error" in want:
        assert mine.get("error") == want["error"], (name, mine)
        if name not in TYPE_ONLY:
            assert mine["message"][:WORDS] == want["message"][:WORDS], (name, mine)
    else:
        assert mine == want, name
