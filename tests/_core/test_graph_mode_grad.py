"""A gradient function made or called in GRAPH_MODE is compiled as a graph, as MindSpore 2.10
compiles it (its ``GradOperation``/``grad``/``value_and_grad`` wrap it in ``jit``): graph
semantics in the differentiated function (``t.max(1)`` gives the values, an ``if`` on a Tensor is
graph control flow), PyNative's semantics in PyNative. Then a training step shaped as mindyolo's
(``value_and_grad`` with ``has_aux``, a static loss scale, ``all_finite``, momentum, an EMA
``jit`` method, gradient accumulation) in both modes. Recorded from MindSpore 2.10 by
``scripts/record_graph_mode_grad_fixtures.py`` (``tests/support/graph_mode_grad_cases.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.graph_mode_grad_cases import CASES

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_mode_grad.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


def _close(got, want, path="") -> None:
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for k in want:
            _close(got[k], want[k], f"{path}.{k}")
    elif isinstance(want, list) and any(isinstance(w, list | bool | dict) for w in want):
        assert len(got) == len(want), path
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{path}[{i}]")
    elif isinstance(want, bool):
        assert got == want, path
    else:
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg=path)


@pytest.mark.parametrize("name", sorted(CASES))
def test_outcome_matches_mindspore(name):
    try:
        got = CASES[name](ms)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    _close(got, EXPECTED[name], name)
