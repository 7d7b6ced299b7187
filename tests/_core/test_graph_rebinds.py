"""Item assignment on a local variable inside an ``if``/``while``/``for`` on a Tensor condition
in GRAPH_MODE rebinds the variable, as in MindSpore 2.10 (a loop or branch carries the changed
value), recorded by ``scripts/record_graph_rebind_fixtures.py``."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.graph_rebind_cases import graph_rebinds

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_rebinds.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.fixture(scope="module")
def results():
    return graph_rebinds(ms)


def _same(got, want) -> bool:
    if isinstance(want, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    if "Tensor" in want and "Tensor" in got:
        (gd, gs, gv), (wd, ws, wv) = got["Tensor"], want["Tensor"]
        return gd == wd and list(gs) == list(ws) and np.allclose(gv, wv, rtol=1e-5, atol=1e-5)
    return got == want


@pytest.mark.parametrize("name", sorted(set(EXPECTED) - {"for_over_tensor"}))
def test_item_assignment_rebinds_as_mindspore(results, name):
    assert _same(results[name], EXPECTED[name]), (results[name], EXPECTED[name])


def test_for_over_tensor_fills_every_row(results):
    # 2.10 gives [0, 5, 9] (it drops the first row's item assignment of an unrolled 'for' over
    # a Tensor); deepsink writes every row, as PyNative does on both
    assert EXPECTED["for_over_tensor"]["Tensor"][2] == [0.0, 5.0, 9.0]
    assert results["for_over_tensor"]["Tensor"][2] == [1.0, 5.0, 9.0]
