"""``ops.cross_entropy``'s argument checks and results (class indices and probabilities, label
smoothing, ignored index, 4-D), ``nn.FocalLoss`` (labels broadcast over the batch),
``nn.MultiClassDiceLoss`` and ``nn.MultiFieldEmbeddingLookup``'s checks, against MindSpore 2.10
(``tests/fixtures/ms/loss_checks.json``, ``scripts/record_test_helper_behaviour.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import loss_check_cases  # noqa: E402

from tests.ops.test_graph_parity import _match  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "loss_checks.json").read_text())


@pytest.fixture(scope="module")
def got():
    return loss_check_cases.outcomes(ms)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    _match(got[name], FIXTURE[name], name)
