"""Inside a GRAPH_MODE ``construct``, ``int()``/``float()``/``bool()`` of a Tensor built from
constants (``int(ms.tensor([10]))``) are computed while compiling, as MindSpore 2.10's JIT
Fallback does, recorded by ``scripts/record_graph_constant_fixtures.py``."""

import json
from pathlib import Path

import deepsink as ms
from tests.support.graph_constant_cases import graph_constants

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_constants.json"


def test_constant_tensor_conversions_match_mindspore():
    assert graph_constants(ms) == json.loads(FIXTURE.read_text())
