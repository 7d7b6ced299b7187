"""mindnlp 0.1.1's BERT and GPT-2 on deepsink (``tests/support/mindnlp_models.py``): a forward
and a training step from the same weights give MindSpore 2.10's outputs and losses
(``tests/fixtures/ms/mindnlp/models.json``, recorded by ``scripts/record_mindnlp_models.py``).

mindnlp is not a test dependency (its requirements pin ``pytest==7.2.0`` and pull Hugging Face
``datasets``): the model tests skip unless mindnlp 0.1.1 is installed (``pip install --no-deps
mindnlp==0.1.1``). Its package ``__init__`` builds data pipelines on MindSpore's private C++ module
``mindspore._c_dataengine`` and its legacy initializers import ``mindspore._c_expression``, which
deepsink, implementing MindSpore's public API, does not have; the test loads the model files
unchanged without running the package ``__init__``, and gives them a ``_c_expression`` whose one
name (``_random_normal``, which these models never call) raises if called.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import sys
import types
from pathlib import Path

import mindnlp_models
import numpy as np
import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "ms" / "mindnlp" / "models.json"
RECORD = json.loads(FIXTURE.read_text(encoding="utf-8"))


def _random_normal(*args, **kwargs):
    raise NotImplementedError("mindspore._c_expression._random_normal is MindSpore's C++ binding")


@pytest.fixture(scope="module")
def mindnlp_models_on_deepsink():
    from deepsink._core.alias import install_alias

    try:
        version = importlib.metadata.version("mindnlp")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("mindnlp is not installed (pip install --no-deps mindnlp==0.1.1)")
    if version != RECORD["mindnlp"]:
        pytest.skip(f"mindnlp {version} is installed; the fixtures are of {RECORD['mindnlp']}")
    install_alias()
    spec = importlib.util.find_spec("mindnlp")
    package = types.ModuleType("mindnlp")
    package.__path__ = list(spec.submodule_search_locations)
    private = types.ModuleType("mindspore._c_expression")
    private._random_normal = _random_normal
    saved = dict(sys.modules)
    sys.modules.update({"mindnlp": package, "mindspore._c_expression": private})
    try:
        yield mindnlp_models
    finally:
        for name in [n for n in sys.modules if n not in saved]:
            del sys.modules[name]
        sys.modules.update(saved)


def _close(got, want, rtol):
    np.testing.assert_allclose(np.array(got), np.array(want), rtol=rtol, atol=1e-6)


@pytest.mark.slow
def test_bert_forward_and_training_step_match_mindspore(mindnlp_models_on_deepsink):
    got, want = mindnlp_models_on_deepsink.bert(), RECORD["bert"]
    assert got["names"] == want["names"]
    _close(got["scores"], want["scores"], 1e-4)
    _close(got["nsp"], want["nsp"], 1e-4)
    _close(got["losses"], want["losses"], 1e-5)
    assert got["losses"][1] < got["losses"][0]


@pytest.mark.slow
def test_gpt2_forward_and_training_step_match_mindspore(mindnlp_models_on_deepsink):
    got, want = mindnlp_models_on_deepsink.gpt2(), RECORD["gpt2"]
    assert got["names"] == want["names"]
    _close(got["logits"], want["logits"], 1e-4)
    _close(got["losses"], want["losses"], 1e-5)
    assert got["losses"][1] < got["losses"][0]


def test_the_private_helpers_mindnlps_layers_import_behave_as_mindspores():
    import deepsink as ms
    from deepsink.common.initializer import _assignment
    from deepsink.common.seed import _get_graph_seed

    ms.set_seed(5)
    assert [list(_get_graph_seed(0, "dropout")) for _ in range(3)] == RECORD["graph_seeds"]
    scalar = _assignment(np.zeros(()), 3.5)
    assert scalar.shape == () and scalar.tolist() == RECORD["assignment"][0]
    assert _assignment(np.zeros((2, 2)), np.ones((2, 2))).tolist() == RECORD["assignment"][1]
