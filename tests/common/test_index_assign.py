"""Augmented assignment with a Python list on the right, and through an index (in-range or not),
does what MindSpore 2.10 does (``tests/fixtures/ms/index_assign.json``, recorded by
``scripts/record_index_assign_fixtures.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import index_assign_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "index_assign.json").read_text())


@pytest.fixture(scope="module")
def got():
    """deepsink's outcomes, computed when the first test runs, not at collection (every
    pytest-xdist worker imports every test file)."""
    return index_assign_cases.outcomes(ms)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_index_assignment_outcome(got, name):
    assert got[name] == FIXTURE[name]
