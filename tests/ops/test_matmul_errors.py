"""A mismatched ``ops.matmul``/``mint.matmul``/``@`` raises MindSpore 2.10's ``MatMulExt``
RuntimeError, directly and inside ``construct`` in PyNative and GRAPH_MODE (recorded by
``scripts/record_matmul_error_fixtures.py``); the ``MatMul`` primitive keeps its ValueError."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.matmul_error_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "matmul_errors.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_mismatched_matmul_raises_as_mindspore(name):
    assert outcome(cases(ms)[name]) == EXPECTED[name]


def test_matmul_primitive_keeps_its_value_error():
    a, b = ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.ones((4, 5), np.float32))
    with pytest.raises(ValueError, match="For 'MatMul', the input dimensions must be equal"):
        ms.ops.MatMul()(a, b)
