"""mindyolo 0.5.0's YOLOv5n and YOLOv8n, unchanged, on deepsink (``tests/support/mindyolo_train.py``):
built by ``create_model`` from the repository's configurations, a forward in eval and in train
mode, then one step of mindyolo's own ``create_train_step_fn`` with its loss (``create_loss``),
its optimizer (``create_optimizer``, momentum) and a static loss scale, compiled as its
``train.py`` runs it. From the same weights the outputs, losses and trained weights equal
MindSpore 2.10's (``tests/fixtures/ms/mindyolo/train.json``, recorded by
``scripts/record_mindyolo_train.py``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import mindyolo_train
import numpy as np
import pytest
from aliased_library import aliased_library

# a network's few programs, each run once or twice: compiling them is most of the time
pytestmark = pytest.mark.usefixtures("quick_codegen")

FIXTURE = Path(__file__).parent / "fixtures" / "ms" / "mindyolo" / "train.json"


@pytest.fixture(scope="module")
def mindyolo():
    yield from aliased_library("mindyolo", "0.5.0")


@pytest.fixture(scope="module")
def recorded():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def _close(got, want, rtol: float, atol: float = 1e-5) -> None:
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert np.array_equal(np.isnan(got), np.isnan(want)), (got, want)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["yolov5n", "yolov8n"])
def test_forward_and_train_step_equal_mindspores(mindyolo, recorded, name):
    want = recorded[name]
    got = mindyolo_train.run(name)
    assert [[n, s] for n, s in got["params"]] == want["params"]
    assert got["not_loaded"] == want["not_loaded"] == []
    assert got["infer_shape"] == want["infer_shape"]
    _close(got["infer"], want["infer"], rtol=1e-4)
    _close(got["train_outputs"], want["train_outputs"], rtol=1e-4)
    for key in ("loss", "loss_items", "step_loss", "step_items"):
        _close(got[key], want[key], rtol=1e-4)
    assert got["finite"] == want["finite"]
    for key in ("after_loss", "after_items", "weights_after"):
        _close(got[key], want[key], rtol=1e-3)
    if want["finite"]:
        assert not math.isclose(got["after_loss"], got["loss"])  # the step changed the weights
