"""The ResNet-50 application tutorial's program, small (``tests/support/resnet_tutorial_program.py``):
a PyNative value_and_grad loop and ``Model.eval`` with ``nn.Accuracy`` every epoch. Model.eval
must report what the network predicts, epoch by epoch as MindSpore 2.10 reported it (recorded by
``scripts/record_resnet_tutorial_fixture.py``: the eval-mode network predicts one class for the
first epochs, while BatchNorm's moving statistics lag the trained weights, in 2.10 too), and reach
1.0 on the images it memorised."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.resnet_tutorial_program import run

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "resnet_tutorial_eval.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.slow
@pytest.mark.xla_defaults  # eval's predictions follow the trained weights' rounding, epoch by epoch
def test_tutorial_loop_memorises_and_model_eval_reports_it_as_mindspore():
    got = run(ms)
    assert got["accuracy"] == got["predicted_accuracy"]
    assert got["accuracy"] == EXPECTED["accuracy"]
    assert got["accuracy"][-1] == 1.0
    np.testing.assert_allclose(got["losses"][0], EXPECTED["losses"][0], rtol=1e-4)
    np.testing.assert_allclose(got["losses"], EXPECTED["losses"], rtol=0.05, atol=1e-3)
