"""A boolean mask inside a tuple index reads and writes as in MindSpore 2.10: the coordinates
of its True elements, so a shorter mask selects as if padded with False and a True past an
axis's end raises GatherNd's/TensorScatterUpdate's error (or, for a write whose offset stays
inside the indexed axes, writes where 2.10 writes). Recorded by
``scripts/record_mask_tuple_index_fixtures.py``."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.mask_tuple_index_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "mask_tuple_index.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_mask_in_a_tuple_index_matches_mindspore(name):
    assert outcome(cases(ms)[name]) == EXPECTED[name]
