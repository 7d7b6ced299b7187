"""``ops.operations._sequence_ops``: MindSpore 2.10's sequence primitives compute what they
compute in its compiled functions (recorded by ``scripts/record_sequence_ops_fixtures.py``)."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from deepsink.ops.operations import _sequence_ops as S
from tests.support.sequence_ops_cases import sequence_ops

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "sequence_ops.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        yield sequence_ops(ms)
    finally:
        ms.set_context(mode=mode)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_sequence_ops_as_mindspore(results, name):
    assert results[name] == EXPECTED[name]


def test_a_sequence_primitive_refuses_what_is_not_a_sequence():
    with pytest.raises(TypeError, match=r"For 'SequenceAddN', input\[0\] should be Sequence"):
        S.SequenceAddN()(ms.Tensor([1, 2]))
