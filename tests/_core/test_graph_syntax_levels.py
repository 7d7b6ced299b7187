"""``jit_syntax_level`` as MindSpore 2.10 applies it (STRICT, COMPATIBLE, LAX; a Cell's
``JitConfig``, the context, ``jit(fullgraph=True)`` and ``MS_DEV_JIT_SYNTAX_LEVEL``), recorded
by ``scripts/record_graph_fallback_fixtures.py``."""

import json
import warnings
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.graph_syntax_level_cases import graph_syntax_levels

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_syntax_levels.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # LAX's op-by-op runs warn
            yield graph_syntax_levels(ms)
    finally:
        ms.set_context(mode=mode)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_syntax_levels_as_mindspore(results, name):
    assert results[name] == EXPECTED[name]


def test_an_unknown_environment_level_is_refused(monkeypatch):
    monkeypatch.setenv("MS_DEV_JIT_SYNTAX_LEVEL", "3")
    with pytest.raises(ValueError, match="MS_DEV_JIT_SYNTAX_LEVEL"):
        ms.jit(lambda x: x + 1)(ms.Tensor(1))
