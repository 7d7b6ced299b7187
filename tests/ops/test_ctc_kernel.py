"""``CTCLoss`` as MindSpore 2.10's CPU kernel computes it (``ctc_merge_repeated=False``, sequences
with no labels, the gradient of its loss) and ``CTCGreedyDecoder`` in GRAPH_MODE, against 2.10's
results (``tests/fixtures/ms/ctc_kernel.json``, ``scripts/record_ctc_kernel_fixtures.py``)."""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import ctc_kernel_cases  # noqa: E402

from tests.ops.test_graph_parity import _match  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "ctc_kernel.json").read_text())


@pytest.fixture(scope="module")
def got():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "GRAPH_MODE runs this Cell op by op"
        return ctc_kernel_cases.outcomes(ms)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    _match(got[name], FIXTURE[name], name)
