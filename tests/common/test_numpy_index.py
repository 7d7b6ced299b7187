"""NumPy values as a Tensor's index are refused as MindSpore 2.10 refuses them (IndexError
alone, TypeError inside a tuple or list; ``tests/fixtures/ms/numpy_index.json``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import numpy_index_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "numpy_index.json").read_text())


@pytest.fixture(scope="module")
def got():
    """deepsink's outcomes, computed when the first test runs, not at collection (every
    pytest-xdist worker imports every test file)."""
    return numpy_index_cases.outcomes(ms)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_numpy_index_outcome(got, name):
    assert got[name] == FIXTURE[name]


def test_tensor_and_python_indices_still_work():
    t = ms.Tensor([[1.0, 2.0], [3.0, 4.0]])
    assert t[ms.Tensor([1, 0]), 1].asnumpy().tolist() == [4.0, 2.0]
    assert t[[1, 0], 0].asnumpy().tolist() == [3.0, 1.0]
