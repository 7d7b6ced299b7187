"""mindcv 0.3.0, unchanged, on deepsink: every model it lists builds with the parameter names and
shapes MindSpore 2.10 gives it (``tests/fixtures/ms/mindcv/model_params.json``, recorded by
``scripts/record_mindcv_model_params.py``) and runs a forward at its default input size
(``scripts/check_mindcv_models.py`` checks every model the same way and reports each one).

mindcv is not a dependency of deepsink; the ``test`` extra installs it (its own requirements are
numpy, PyYAML and tqdm, not the ``mindspore`` wheel). The tests skip where it is absent.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from mindcv_models import load_recorded, params_digest
from mindcv_train import aliased_mindcv

import deepsink as ms

# models of different families and the input size of their forward: resnet18 on every run, the
# others (a minute or more each on a CPU) marked slow; every model at its default input size:
# scripts/check_mindcv_models.py, or this file with DEEPSINK_MINDCV_SWEEP=1
FORWARD = {"resnet18": 64, "mobilenet_v2_100": 64, "convnext_tiny": 64, "repvgg_a0": 64,
           "vit_b_32_224": 224}  # fmt: skip
QUICK = {"resnet18"}


@pytest.fixture(scope="module")
def mindcv():
    yield from aliased_mindcv()


@pytest.fixture(scope="module")
def recorded():
    return load_recorded()


def test_lists_the_models_mindspore_lists(mindcv, recorded):
    listed = {*recorded["models"], *recorded["failed"], *recorded.get("not_recorded", [])}
    assert sorted(mindcv.list_models()) == sorted(listed)
    assert not recorded.get("not_recorded")


def test_a_model_mindspore_cannot_build_fails_the_same_way(mindcv, recorded):
    # mindcv 0.3.0 lists the MAE pre-training models but has no default config for them
    name = sorted(recorded["failed"])[0]
    kind = recorded["failed"][name].split(":")[0]
    with pytest.raises(Exception) as info:
        mindcv.create_model(name)
    assert type(info.value).__name__ == kind


@pytest.mark.parametrize(
    "name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow) for n in FORWARD]
)
def test_model_parameters_and_forward(mindcv, recorded, name):
    net = mindcv.create_model(name)
    assert params_digest(net) == recorded["models"][name]
    net.set_train(False)
    size = FORWARD[name]
    x = ms.Tensor(np.random.default_rng(0).standard_normal((1, 3, size, size)).astype(np.float32))
    out = net(x).asnumpy()
    assert out.shape == (1, 1000) and np.isfinite(out).all()


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("DEEPSINK_MINDCV_SWEEP"),
    reason="every mindcv model (half an hour on 2 CPU cores): DEEPSINK_MINDCV_SWEEP=1 pytest -m slow",
)
def test_every_model_builds_with_mindspores_parameters(mindcv, recorded):
    # scripts/check_mindcv_models.py also runs each one's forward
    wrong = {}
    for name, expected in recorded["models"].items():
        try:
            got = params_digest(mindcv.create_model(name))
        except Exception as exc:  # every model is tried; the failures are listed together
            got = f"{type(exc).__name__}: {exc}"[:200]
        if got != expected:
            wrong[name] = f"got {got}, MindSpore 2.10 gives {expected}"
    assert not wrong, wrong


def test_xcit_weight_init_loads_into_its_parameters(mindcv, recorded):
    # xcit's init does `m.weight = initializer(...)`, which loads into the existing Parameter
    name = "xcit_tiny_12_p16_224"
    assert params_digest(mindcv.create_model(name)) == recorded["models"][name]
