"""``mindspore.nn``'s subpackages export what 2.10's do (``from mindspore.nn.optim import Rprop``,
``from mindspore.nn.loss import CTCLoss``, ...), the same objects as ``mindspore.nn``'s, and
``nn.layer.CosineSimilarity`` is 2.10's Cell (``nn.CosineSimilarity`` stays the metric); recorded
by ``scripts/record_nn_namespaces.py``."""

import ast
import importlib
import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn

RECORDED = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "ms" / "nn_namespaces.json").read_text()
)


@pytest.mark.parametrize("package", sorted(RECORDED["namespaces"]))
def test_subpackage_exports_mindspores_names(package):
    module = importlib.import_module(f"deepsink.nn.{package}")
    want = RECORDED["namespaces"][package]
    assert [n for n in want["names"] if not hasattr(module, n)] == []
    assert [n for n in want["same_as_nn"] if getattr(nn, n) is not getattr(module, n)] == []


def test_layer_cosine_similarity_is_the_cell_and_nn_keeps_the_metric():
    assert nn.layer.CosineSimilarity is not nn.CosineSimilarity
    assert issubclass(nn.layer.CosineSimilarity, nn.Cell)
    assert issubclass(nn.CosineSimilarity, ms.train.Metric)


def test_layer_cosine_similarity_values_and_errors():
    rec = RECORDED["cosine_similarity"]
    x, y = ms.Tensor(np.array(rec["x"], np.float32)), ms.Tensor(np.array(rec["y"], np.float32))
    for case in rec["cases"]:
        if "error" in case:
            bad = ast.literal_eval(case["x1"])  # a list or a float
            with pytest.raises(TypeError) as e:
                nn.layer.CosineSimilarity()(bad, x)
            assert str(e.value) == case["message"]
            continue
        out = nn.layer.CosineSimilarity(**case["kwargs"])(x, y).asnumpy()
        assert list(out.shape) == case["shape"]
        np.testing.assert_allclose(out, np.array(case["out"]), rtol=1e-5, atol=1e-6)
