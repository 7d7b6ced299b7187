"""Gradients of the maximum and minimum ops on tied inputs equal MindSpore 2.10's
(``tests/fixtures/ms/max_tie_grad.json``, recorded by ``scripts/record_max_tie_grad_fixtures.py``
from ``tests/support/max_tie_grad_cases.py``): a values-and-index reduction along one axis
(``ops.max(x, axis)``, ``Tensor.max(axis=1)``, ``ArgMaxWithValue``, ``mint.max(x, dim)``, and
their ``min`` forms) gives the whole gradient to the first tied extreme; a max reduction
(``ops.amax``, ``ReduceMax``, over all elements or a tuple of axes) splits it among the ties.
"""

from __future__ import annotations

import json
from pathlib import Path

import max_tie_grad_cases
import numpy as np
import pytest

import deepsink as ms

FIXTURE = Path(__file__).parents[1] / "fixtures" / "ms" / "max_tie_grad.json"
RECORDED = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def outcomes():
    return max_tie_grad_cases.outcomes(ms)


@pytest.mark.parametrize("mode", ["pynative", "graph"])
@pytest.mark.parametrize("case", sorted(RECORDED["pynative"]))
def test_gradient_on_ties_equals_mindspores(outcomes, mode, case):
    want, got = RECORDED[mode][case], outcomes[mode][case]
    assert not isinstance(want, str), want  # every case has a gradient on 2.10
    assert not isinstance(got, str), got
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6, atol=1e-6)


def test_indices_are_the_first_extreme_and_values_unchanged():
    x = ms.Tensor(max_tie_grad_cases.X)
    values, idx = ms.ops.max(x, axis=1)
    assert idx.asnumpy().tolist() == [1, 0, 2] and str(idx.dtype) == "Int64"
    assert values.asnumpy().tolist() == [3.0, 5.0, 4.0]
    idx, values = ms.ops.ArgMinWithValue(axis=0, keep_dims=True)(x)
    assert idx.asnumpy().tolist() == [[0, 2, 0, 1]]
    assert values.asnumpy().tolist() == [[1.0, -1.0, 3.0, 0.0]]
