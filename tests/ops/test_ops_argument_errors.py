"""``ops`` argument checks as MindSpore 2.10 makes them (recorded by
``scripts/record_ops_argument_error_fixtures.py``): ``randint``/``randint_like`` take integer
dtypes only, ``masked_select`` names the axes that do not broadcast in 2.10's numbering, and
``ctc_loss`` refuses the lengths its CPU kernel refuses, with the kernel's reason as the
message (2.10 logs that reason and raises a generic launch failure)."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.ops_argument_error_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "ops_argument_errors.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_ops_argument_outcome_matches_mindspore(name):
    got = outcome(cases(ms)[name])
    want = dict(EXPECTED[name])
    if "kernel_log" in want:  # the kernel's logged reason is deepsink's message
        want["message"] = want.pop("kernel_log")
    assert got == want
