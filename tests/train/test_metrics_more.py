"""ROC, BleuScore, ConfusionMatrixMetric, HausdorffDistance, MeanSurfaceDistance,
RootMeanSquareDistance and OcclusionSensitivity against MindSpore 2.10 (recorded values), their
errors, and their exports (mindspore, mindspore.nn, mindspore.train, names())."""

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, nn
from deepsink.train import metrics

ROOT = Path(__file__).resolve().parents[2]
CASES = json.loads((ROOT / "tests/fixtures/ms/nn_breadth/metrics_more.json").read_text())


def _recorder():
    spec = importlib.util.spec_from_file_location(
        "rec", ROOT / "scripts/record_metrics_more_fixtures.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REC = _recorder()


def _close(got, want):
    if isinstance(want, list) and want and isinstance(want[0], list):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w)
        return
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want), rtol=1e-6)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_mindspore(name):
    case = CASES[name]
    assert "value" in case, case.get("error")
    got = eval(case["expr"], REC.env(metrics, nn, Tensor))  # noqa: S307
    _close(got, case["value"])


def test_exports_and_names():
    for name in (
        "BleuScore",
        "ConfusionMatrixMetric",
        "HausdorffDistance",
        "MeanSurfaceDistance",
        "OcclusionSensitivity",
        "ROC",
        "RootMeanSquareDistance",
    ):
        cls = getattr(metrics, name)
        assert getattr(ms, name) is cls and getattr(nn, name) is cls
        assert getattr(ms.train, name) is cls
    assert nn.get_metrics is metrics.get_metrics
    assert {
        "roc",
        "bleu_score",
        "confusion_matrix_metric",
        "hausdorff_distance",
        "auc",
        "occlusion_sensitivity",
        "mean_surface_distance",
        "root_mean_square_distance",
    } <= set(metrics.names())
    assert isinstance(metrics.get_metric_fn("roc"), metrics.ROC)
    got = nn.get_metrics({"bleu_score"})
    assert isinstance(got["bleu_score"], metrics.BleuScore)


def test_errors():
    with pytest.raises(ValueError, match="n_gram"):
        metrics.BleuScore(5)
    with pytest.raises(RuntimeError, match="update"):
        metrics.BleuScore().eval()
    with pytest.raises(ValueError, match="equal in length"):
        metrics.BleuScore().update([["a"]], [])
    with pytest.raises(ValueError, match="class_num"):
        metrics.ROC(class_num=3).update(np.ones((4, 4)), np.arange(4))
    with pytest.raises(ValueError, match="negative samples"):
        metrics.ROC()(np.array([0.1, 0.2]), np.array([1, 1]))
    with pytest.raises(TypeError, match="class_num"):
        metrics.ROC(class_num=2.0)
    with pytest.raises(ValueError, match="distance_metric"):
        metrics.HausdorffDistance("cosine")
    with pytest.raises(ValueError, match="label index"):
        metrics.MeanSurfaceDistance().update(np.zeros((3, 3)), np.zeros((3, 3)), 5)
    with pytest.raises(ValueError, match="3 inputs"):
        metrics.RootMeanSquareDistance().update(np.zeros((3, 3)), np.zeros((3, 3)))
    with pytest.raises(RuntimeError, match="update"):
        metrics.HausdorffDistance().eval()
    with pytest.raises(ValueError, match="decrease"):
        metrics.ConfusionMatrixMetric(decrease="max")
    with pytest.raises(NotImplementedError, match="dice"):
        metrics.ConfusionMatrixMetric(metric_name="dice")
    with pytest.raises(ValueError, match="binarized"):
        metrics.ConfusionMatrixMetric().update(np.ones((2, 2)), np.full((2, 2), 0.5))
    with pytest.raises(RuntimeError, match="number of samples is 0"):
        metrics.ConfusionMatrixMetric(calculation_method=True).eval()
    with pytest.raises(TypeError, match="Cell"):
        metrics.OcclusionSensitivity().update(lambda x: x, np.ones((1, 4)), np.array(0))
    with pytest.raises(RuntimeError, match="must be 1"):
        metrics.OcclusionSensitivity().update(nn.Dense(4, 2), np.ones((2, 4)), np.array(0))
    with pytest.raises(ValueError, match="b_box"):
        metrics.OcclusionSensitivity(b_box=[0, 1, 0, 1]).update(
            nn.Dense(4, 2), np.ones((1, 4), np.float32), np.array(0)
        )
