"""Bicubic resizing (``ops.interpolate``, ``nn.Upsample``, ``ops.ResizeBicubic``) gives MindSpore
2.10's CPU kernel's numbers exactly: its 1/1024 weight table, coefficients -0.5/-0.75, edge rules
and float32 summation order (recorded by ``scripts/record_bicubic_fixtures.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.bicubic_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "bicubic.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bicubic_matches_mindspore_exactly(name):
    got = outcome(cases(ms)[name])
    want = EXPECTED[name]
    assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"])
    np.testing.assert_array_equal(
        np.array(got["values"], want["dtype"]), np.array(want["values"], want["dtype"])
    )
