"""MindSpore 2.10's type join of the two paths of an ``if`` on a Tensor condition (one abstract
type and one dtype per value, else its ``TypeError``) and its parser's refusal of a loop's
``else``, recorded by ``scripts/record_graph_compile_fixtures.py``."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.graph_join_cases import graph_joins

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_joins.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        yield graph_joins(ms)
    finally:
        ms.set_context(mode=mode)


def _same(got, want) -> bool:
    if want is None or got is None:
        return got is want
    if isinstance(want, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    if "error" in want:
        # 2.10's lines, then deepsink's own (where in the source, and the fix)
        return (
            got.get("error") == want["error"]
            and got["lines"][: len(want["lines"])] == want["lines"]
        )
    if "Tensor" in want and "Tensor" in got:
        (gd, gs, gv), (wd, ws, wv) = got["Tensor"], want["Tensor"]
        return gd == wd and list(gs) == list(ws) and gv == pytest.approx(wv, abs=1e-5)
    return got == want


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_graph_join_as_mindspore(results, name):
    assert _same(results[name], EXPECTED[name]), (results[name], EXPECTED[name])


def test_a_value_that_may_be_none_is_refused_where_the_program_uses_it():
    """Only 'is None' and the compiled call's output read a value that is None on one path of a
    Tensor condition; arithmetic on it is a TypeError that says so (2.10 runs it on the host:
    a TypeError on the None path)."""

    @ms.jit
    def used(x):
        if x > 1:
            y = x
        else:
            y = None
        return y + 1

    mode = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.raises(TypeError, match="None on one path .* 'x is None' tests it"):
            used(ms.Tensor(0))
    finally:
        ms.set_context(mode=mode)
