"""``TrainOneStepCell`` on networks whose loss takes 4-D logits trains as on MindSpore 2.10:
losses and weights after SGD steps for the sparse softmax cross entropy on channels-last logits,
``CrossEntropyLoss`` and ``NLLLoss`` on (N, C, H, W), and the same refusals (recorded by
``scripts/record_dense_prediction_training_fixtures.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.dense_prediction_training_cases import cases, outcome

FIXTURE = (
    Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "dense_prediction_training.json"
)
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_training_on_4d_logits_matches_mindspore(name):
    got, want = outcome(cases(ms)[name]), EXPECTED[name]
    assert sorted(got) == sorted(want)
    if "error" in want:
        assert got == want
        return
    np.testing.assert_allclose(got["losses"], want["losses"], rtol=2e-6, atol=2e-6)
    np.testing.assert_allclose(got["weight"], want["weight"], rtol=2e-6, atol=2e-6)
