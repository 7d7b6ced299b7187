"""MindSpore 2.10's graph ``raise``: its supported exception types and the message its compiler
writes from the arguments, recorded by ``scripts/record_graph_compile_fixtures.py``."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.graph_raise_cases import graph_raises

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_raises.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        yield graph_raises(ms)
    finally:
        ms.set_context(mode=mode)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_graph_raise_as_mindspore(results, name):
    got, want = results[name], EXPECTED[name]
    if isinstance(want, dict) and "error" in want:
        assert got.get("error") == want["error"], (got, want)
        assert got["lines"][: len(want["lines"])] == want["lines"], (got, want)
    else:
        assert got == want
