"""A Python number read in a Tensor loop is a Python scalar next to a Tensor, as in MindSpore
2.10 (recorded by ``scripts/record_graph_fallback_fixtures.py``): it does not widen the
Tensor's dtype."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.graph_number_variable_cases import graph_number_variables

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_number_variables.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        yield graph_number_variables(ms)
    finally:
        ms.set_context(mode=mode)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_number_variables_as_mindspore(results, name):
    assert results[name] == EXPECTED[name]
