"""A function whose gradient is taken and that writes a Tensor it computes into a global list
or dict: in GRAPH_MODE the gradient is MindSpore 2.10's and the containers are left as they were
(2.10 compiles the function; deepsink's trace of it used to leave a tracer of the
differentiation behind and failed), in PYNATIVE_MODE they receive the values on every call
(``tests/fixtures/ms/grad_side_effects.json``, recorded by
``scripts/record_grad_side_effect_fixtures.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import grad_side_effect_cases
import numpy as np
import pytest

import deepsink as ms

FIXTURE = Path(__file__).parents[1] / "fixtures" / "ms" / "grad_side_effects.json"
RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def outcomes():
    return grad_side_effect_cases.outcomes(ms)


@pytest.mark.parametrize("case", sorted(RECORDED))
def test_gradient_and_containers_equal_mindspores(outcomes, case):
    want, got = RECORDED[case], outcomes[case]
    np.testing.assert_allclose(got["grad"], want["grad"], rtol=1e-6)
    assert got["rows"] == want["rows"]
    assert got["table"] == want["table"]
