"""``Model.predict`` takes 2.10's ``backend`` and ``config``: ``'lite'`` falls back to the
network with 2.10's warning (as 2.10 does without MindSpore Lite), another backend is a
ValueError; inputs other than Tensor/None/int/float/str, empty Tensors and a None output raise
2.10's errors (recorded by ``scripts/record_model_predict_fixtures.py``)."""

import json
from pathlib import Path

import pytest

import deepsink as ms
from tests.support.model_predict_cases import cases, outcome

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "model_predict.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_model_predict_matches_mindspore(name):
    assert outcome(cases(ms)[name]) == EXPECTED[name]


def test_lite_fallback_warns_once_per_model(caplog):
    import numpy as np

    model = ms.Model(ms.nn.Dense(2, 1))
    x = ms.Tensor(np.ones((1, 2), np.float32))
    with caplog.at_level("WARNING"):
        model.predict(x, backend="lite")
        model.predict(x, backend="lite")
    said = [r for r in caplog.records if "mindspore_lite" in r.getMessage()]
    assert len(said) == 1
