"""Tensor ``+`` and ``-`` with a list or tuple operand (the sequence becomes a Tensor of the
Tensor's dtype), including augmented assignment through an index, against MindSpore 2.10's
recording (``scripts/record_tensor_sequence_operand_fixtures.py``)."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.sequence_operand_cases import CASES, describe

FIXTURE = (
    Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "tensor_sequence_operands.json"
)
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(CASES))
def test_sequence_operand_matches_mindspore(name):
    assert describe(ms, CASES[name]) == EXPECTED[name]
