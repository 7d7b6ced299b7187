"""``+=`` through out-of-range indices raises, a boolean mask Tensor of another shape raises
MindSpore 2.10's ValueError text, a tuple on the right of ``+=`` its TypeError and a NumPy-array
index out of range an IndexError, as recorded by ``scripts/record_index_error_fixtures.py``."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.index_error_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "index_errors.json"
EXPECTED = json.loads(FIXTURE.read_text())


# 2.10 refuses every NumPy-array index with an IndexError about the index's type, and so does
# deepsink (``tests/common/test_numpy_index.py`` covers the whole family)
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_index_outcome_matches_mindspore(name):
    assert outcome(cases(ms)[name]) == EXPECTED[name]
