"""mindcv 0.3.0, unchanged, on deepsink: every model it lists builds with the parameter names and
shapes MindSpore 2.10 gives it (``tests/fixtures/ms/mindcv/model_params.json.gz``, recorded by
``scripts/record_mindcv_model_params.py``) and runs a forward.

mindcv is not a dependency of deepsink; the ``test`` extra installs it (its own requirements are
numpy, PyYAML and tqdm, not the ``mindspore`` wheel). The tests skip where it is absent.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import numpy as np
import pytest
from mindcv_train import aliased_mindcv

import deepsink as ms

FIXTURE = Path(__file__).parent / "fixtures" / "ms" / "mindcv" / "model_params.json.gz"
# models of different families and the input size of their forward: resnet18 on every run, the
# others (a minute or more each on a CPU) and the sweep of every model marked slow
QUICK = {"resnet18": 64, "mobilenet_v2_100": 64, "convnext_tiny": 64, "repvgg_a0": 64,
         "vit_b_32_224": 224}  # fmt: skip


@pytest.fixture(scope="module")
def mindcv():
    yield from aliased_mindcv()


@pytest.fixture(scope="module")
def recorded():
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return json.load(f)


def _params(net) -> list[list]:
    return [[p.name, list(p.shape)] for p in net.get_parameters()]


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
    "name", [n if n == "resnet18" else pytest.param(n, marks=pytest.mark.slow) for n in QUICK]
)
def test_model_parameters_and_forward(mindcv, recorded, name):
    net = mindcv.create_model(name)
    assert _params(net) == recorded["models"][name]
    net.set_train(False)
    size = QUICK[name]
    x = ms.Tensor(np.random.default_rng(0).standard_normal((1, 3, size, size)).astype(np.float32))
    out = net(x).asnumpy()
    assert out.shape == (1, 1000) and np.isfinite(out).all()


def _input_size(name: str) -> int:
    """The input size a model's name gives (``cait_m36_384``), else ImageNet's 224."""
    tail = name.rsplit("_", 1)[-1]
    return int(tail) if tail.isdigit() and int(tail) >= 100 else 224


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("DEEPSINK_MINDCV_SWEEP"),
    reason="every mindcv model (hours on 2 CPU cores): DEEPSINK_MINDCV_SWEEP=1 pytest -m slow",
)
def test_every_model_builds_with_mindspores_parameters_and_runs(mindcv, recorded):
    wrong = {}
    for name, expected in recorded["models"].items():
        try:
            net = mindcv.create_model(name)
            got = _params(net)
            if got == expected:
                net.set_train(False)
                size = _input_size(name)
                out = net(ms.Tensor(np.zeros((1, 3, size, size), np.float32))).asnumpy()
                if not np.isfinite(out).all():
                    wrong[name] = "forward gave non-finite values"
        except Exception as exc:  # every model is tried; the failures are listed together
            wrong[name] = f"{type(exc).__name__}: {exc}"[:200]
            continue
        if got != expected:
            diff = [(g, e) for g, e in zip(got, expected) if g != e][:2]
            wrong[name] = f"{len(got)} vs {len(expected)} parameters; first: {diff}"
    assert not wrong, wrong


def test_xcit_weight_init_loads_into_its_parameters(mindcv, recorded):
    # xcit's init does `m.weight = initializer(...)`, which loads into the existing Parameter
    name = "xcit_tiny_12_p16_224"
    assert _params(mindcv.create_model(name)) == recorded["models"][name]
