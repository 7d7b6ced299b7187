"""mindnlp 0.1.1 on deepsink, imported as a user imports it (``import mindnlp`` through the
``mindspore`` alias): its BERT and GPT-2 (``tests/support/mindnlp_models.py``) give MindSpore
2.10's outputs and losses from the same weights, and its own text transforms (defined on
MindSpore's engine, ``mindspore._c_dataengine``) and legacy initializer (on
``mindspore._c_expression._random_normal``) give 2.10's values
(``tests/fixtures/ms/mindnlp/models.json``, recorded by ``scripts/record_mindnlp_models.py``).

mindnlp 0.1.1 is installed by CI and the README's test command with ``scripts/install_library.py``
(without the top-level ``tests`` package its wheel carries); the tests skip where it is not
installed.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import sys
from pathlib import Path

import mindnlp_models
import numpy as np
import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "ms" / "mindnlp" / "models.json"
RECORD = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def mindnlp_models_on_deepsink():
    from deepsink._core.alias import install_alias

    try:
        version = importlib.metadata.version("mindnlp")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip(
            "mindnlp is not installed "
            "(python3 scripts/install_library.py mindnlp==0.1.1 --leave-out tests)"
        )
    if version != RECORD["mindnlp"]:
        pytest.skip(f"mindnlp {version} is installed; the fixtures are of {RECORD['mindnlp']}")
    saved = dict(sys.modules)
    install_alias()
    try:
        importlib.import_module("mindnlp")  # the package __init__, as a user imports it
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


def test_mindnlps_text_transforms_run_their_engine_operations_as_mindspore(
    mindnlp_models_on_deepsink,
):
    assert mindnlp_models_on_deepsink.text_ops() == RECORD["text"]


def test_mindnlps_legacy_initializer_draws_mindspores_values(mindnlp_models_on_deepsink):
    got = mindnlp_models_on_deepsink.legacy_init()
    np.testing.assert_allclose(got, RECORD["legacy_xavier_normal"], rtol=1e-6)


def test_c_expression_random_normal_fills_mindspores_stream():
    from deepsink._c_expression import _random_normal

    data = np.zeros((2, 3), np.float32)
    assert _random_normal(5, data, 0.0, 1.0) is None
    np.testing.assert_allclose(data, RECORD["random_normal"], rtol=1e-6)
    with pytest.raises(TypeError, match="'data' must be a float32 numpy.ndarray"):
        _random_normal(5, np.zeros(3), 0.0, 1.0)


def test_the_private_helpers_mindnlps_layers_import_behave_as_mindspores():
    import deepsink as ms
    from deepsink.common.initializer import _assignment
    from deepsink.common.seed import _get_graph_seed

    ms.set_seed(5)
    assert [list(_get_graph_seed(0, "dropout")) for _ in range(3)] == RECORD["graph_seeds"]
    scalar = _assignment(np.zeros(()), 3.5)
    assert scalar.shape == () and scalar.tolist() == RECORD["assignment"][0]
    assert _assignment(np.zeros((2, 2)), np.ones((2, 2))).tolist() == RECORD["assignment"][1]


def test_mindnlps_vocab_from_dataset_builds_mindspores_vocab(mindnlp_models_on_deepsink):
    """mindnlp's ``Vocab.from_dataset`` calls the private ``Dataset._build_vocab``: the same
    words and ids as MindSpore 2.10's (``tests/fixtures/ms/dataset_vocab.json``)."""
    from mindnlp.vocab import Vocab

    import deepsink.dataset as ds

    want = json.loads((FIXTURE.parent.parent / "dataset_vocab.json").read_text(encoding="utf-8"))
    data = ds.NumpySlicesDataset(
        {"t": ["a", "a", "a", "b", "b", "c"], "n": [1, 2, 3, 4, 5, 6]}, shuffle=False
    )
    vocab = Vocab.from_dataset(data, "t", special_tokens=["<pad>", "<unk>"])
    words = want["cases"]["special_first"]["vocab"]  # {"<pad>": 0, "<unk>": 1, "a": 2, ...}
    assert len(vocab) == len(words)
    assert vocab.lookup_ids(list(words)) == list(words.values())
