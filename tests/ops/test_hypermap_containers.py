"""``ops.HyperMap``/``ops.Map`` return MindSpore 2.10's containers: tuples in PyNative, the input
sequence's type (a list in, a list out) inside a GRAPH_MODE ``construct``, recorded by
``scripts/record_hypermap_fixtures.py``."""

import json
from pathlib import Path

import deepsink as ms
from tests.support.hypermap_cases import container_types

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "hypermap_containers.json"


def test_hypermap_and_map_containers_match_mindspore():
    assert container_types(ms) == json.loads(FIXTURE.read_text())
