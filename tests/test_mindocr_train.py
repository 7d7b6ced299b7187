"""mindocr 0.5.0's DBNet (ResNet-18) and CRNN (VGG-7), unchanged, on deepsink
(``tests/support/mindocr_train.py``): built by ``build_model`` from the repository's
configurations, a forward in eval and in train mode, the loss, then three steps of mindocr's own
``TrainOneStepWrapper`` with the configs' losses (``DBLoss``, ``CTCLoss``) and optimizers (SGD
with momentum, AdamW) and a static loss scale, in GRAPH_MODE as its ``tools/train.py`` runs them.
From the same weights the outputs, losses and trained weights equal MindSpore 2.10's
(``tests/fixtures/ms/mindocr/train.json``, recorded by ``scripts/record_mindocr_train.py``).

mindocr 0.5.0 imports on MindSpore 2.10 only with ``scripts/library_patches/`` applied (its ABINet
imports a private module 2.10 no longer has), and its requirements pin Pillow<=9.5: it is not in
the ``test`` extra, and the test skips where it is not importable.
"""

from __future__ import annotations

import json
from pathlib import Path

import mindocr_train
import numpy as np
import pytest
from aliased_library import aliased_library

# a network's few programs, each run once or a few times: compiling them is most of the time
pytestmark = pytest.mark.usefixtures("quick_codegen")

FIXTURE = Path(__file__).parent / "fixtures" / "ms" / "mindocr" / "train.json"


@pytest.fixture(scope="module")
def mindocr():
    yield from aliased_library("mindocr", "0.5.0")


@pytest.fixture(scope="module")
def recorded():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def _close(got, want, rtol: float, atol: float = 1e-5) -> None:
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dbnet_r18", "crnn_vgg7"])
def test_forward_and_train_steps_equal_mindspores(mindocr, recorded, name):
    want = recorded[name]
    got = mindocr_train.run(name)
    assert got["params"] == want["params"]
    assert got["not_loaded"] == want["not_loaded"] == []
    for key in ("infer", "train_outputs"):
        assert [shape for shape, _ in got[key]] == [shape for shape, _ in want[key]]
        _close([s for _, s in got[key]], [s for _, s in want[key]], rtol=1e-4)
    _close(got["loss"], want["loss"], rtol=1e-5)
    _close(got["step_losses"], want["step_losses"], rtol=1e-4)
    # the signed sum of the trained weights cancels: AdamW's eps of 1e-10 turns a parameter's
    # tiny gradient into a step of +-lr whatever its rounding, so it is held to the size of the
    # weights (their absolute sum) rather than to its own
    total, magnitude, squares = got["weights_after"]
    want_total, want_magnitude, want_squares = want["weights_after"]
    _close([magnitude, squares], [want_magnitude, want_squares], rtol=1e-5)
    assert abs(total - want_total) <= 2e-5 * want_magnitude, (total, want_total)
    assert want["step_losses"][-1] < want["step_losses"][0]  # the steps train
