"""``mindspore.numpy``'s ``arange``/``linspace``/``logspace``/shape and dtype arguments and
``rand``/``randn``/``randint`` raise MindSpore 2.10's exception with its words
(``tests/fixtures/ms/numpy_creation_errors.json``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms
import deepsink.numpy as mnp

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import numpy_creation_error_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "numpy_creation_errors.json").read_text())


@pytest.fixture(scope="module")
def got():
    """deepsink's outcomes, computed when the first test runs, not at collection (every
    pytest-xdist worker imports every test file)."""
    return numpy_creation_error_cases.outcomes(ms, mnp)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    assert got[name] == FIXTURE[name]


def test_arange_values_follow_the_float32_iota():
    assert mnp.arange(0, 1, 0.25).asnumpy().tolist() == [0.0, 0.25, 0.5, 0.75]
    assert mnp.arange(3, 0, -1).asnumpy().tolist() == [3, 2, 1]
    assert mnp.arange(True, 3).asnumpy().tolist() == [1, 2]
