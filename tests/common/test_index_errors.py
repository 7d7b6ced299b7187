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


# 2.10 refuses every NumPy-array index with an IndexError about the index's type; deepsink takes
# one in range, so out of range it raises IndexError naming the index and the size instead
NUMPY = sorted(n for n in EXPECTED if n.startswith("numpy_index"))


@pytest.mark.parametrize("name", sorted(set(EXPECTED) - set(NUMPY)))
def test_index_outcome_matches_mindspore(name):
    assert outcome(cases(ms)[name]) == EXPECTED[name]


@pytest.mark.parametrize("name", NUMPY)
def test_numpy_index_out_of_range_is_an_index_error(name):
    got = outcome(cases(ms)[name])
    assert got["error"] == EXPECTED[name]["error"] == "IndexError"
    assert "out of bounds for dimension with size" in got["message"]
