"""mindcv 0.3.0's training path, unchanged, on deepsink (``tests/support/mindcv_train.py``):
ImageFolder, transforms, loader, resnet18, label-smoothed cross-entropy, cosine schedule,
momentum, and mindcv's ``TrainStep`` with a fixed loss scale and EMA under ``Model.train``. The
losses equal MindSpore 2.10's from the same weights and images
(``tests/fixtures/ms/mindcv/train.json``, recorded by ``scripts/record_mindcv_train.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import mindcv_train
import numpy as np
import pytest
from mindcv_train import aliased_mindcv

# resnet18's few programs, each run a few steps: compiling them is most of the time, and at -O0
# the losses still match; the MLIR fusion emitters' rounding is needed (xla_defaults)
pytestmark = [pytest.mark.usefixtures("quick_codegen"), pytest.mark.xla_defaults]

FIXTURE = Path(__file__).parent / "fixtures" / "ms" / "mindcv" / "train.json"


@pytest.fixture(scope="module")
def mindcv():
    yield from aliased_mindcv()


@pytest.fixture(scope="module")
def recorded():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def _check(got: dict, recorded: dict, losses: list[float]) -> None:
    assert np.isfinite(got["losses"]).all()
    np.testing.assert_allclose(got["losses"], losses, rtol=1e-4)
    # TrainStep's `self.updates += 1` loads into its Parameter, once per step
    assert got["ema_updates"] == recorded["ema_updates"] == len(recorded["losses"])
    assert got["ema_name"] == recorded["ema_name"] == "ema.conv1.weight"
    np.testing.assert_allclose(got["ema_sum"], recorded["ema_sum"], rtol=1e-4)
    np.testing.assert_allclose(got["weight_sum"], recorded["weight_sum"], rtol=1e-4)
    assert got["ema_sum"] != got["weight_sum"]  # the EMA lags the weights


def test_trains_in_sink_mode_with_mindspores_losses(mindcv, recorded, tmp_path):
    got = mindcv_train.train(mindcv_train.write_image_folder(str(tmp_path)), sink=True)
    # one sink per epoch, so the step callback sees each epoch's last loss
    per_epoch = recorded["losses"][recorded["steps_per_epoch"] - 1 :: recorded["steps_per_epoch"]]
    _check(got, recorded, per_epoch)
    assert got["losses"][-1] < got["losses"][0]


@pytest.mark.slow
def test_trains_step_by_step_with_mindspores_losses(mindcv, recorded, tmp_path):
    got = mindcv_train.train(mindcv_train.write_image_folder(str(tmp_path)), sink=False)
    _check(got, recorded, recorded["losses"])
