"""F1, Fbeta, ConfusionMatrix, Dice, Perplexity, CosineSimilarity and auc against MindSpore 2.10
(recorded values), the top-level exports (ms.Accuracy, ms.tensor, ms.vmap, ms.set_device,
ms.run_check) and nn's re-exports."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink.train import metrics

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "nn_breadth" / "metrics.json"
CASES = json.loads(FIX.read_text())
INPUTS = {
    "P": np.array([[0.1, 0.7, 0.2], [0.8, 0.1, 0.1], [0.3, 0.3, 0.4], [0.2, 0.5, 0.3],
                   [0.6, 0.2, 0.2]]),
    "Y": np.array([1, 0, 2, 2, 1]),
    "B": np.array([0.2, 0.8, 0.6, 0.4, 0.9]),
    "BY": np.array([0, 1, 1, 1, 0]),
}  # fmt: skip


def _env():
    def run(m, *xs, **kw):
        m.clear()
        m.update(*xs)
        return m.eval(**kw)

    def run1(m, x):
        m.clear()
        m.update(x)
        return m.eval()

    return {"np": np, "metrics": metrics, "run": run, "run1": run1, **INPUTS}


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_mindspore(name):
    case = CASES[name]
    got = eval(case["expr"], _env())  # noqa: S307
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(case["value"]), rtol=1e-9)


def test_errors():
    with pytest.raises(RuntimeError):
        metrics.F1().eval()
    with pytest.raises(ValueError, match="normalize"):
        metrics.ConfusionMatrix(3, normalize="rows")
    with pytest.raises(ValueError, match="reorder"):
        metrics.auc([0, 1, 0.5], [1, 2, 3])


def test_top_level_names():
    assert ms.Accuracy is metrics.Accuracy and ms.F1 is metrics.F1 and ms.auc is metrics.auc
    assert ms.nn.F1 is metrics.F1 and ms.train.ConfusionMatrix is metrics.ConfusionMatrix
    assert "F1" in metrics.names() and isinstance(metrics.get_metric_fn("dice"), metrics.Dice)
    t = ms.tensor([1, 2], ms.float32)
    assert isinstance(t, ms.Tensor) and t.dtype == ms.float32
    assert ms.is_tensor(t) and not ms.is_tensor(np.ones(2))
    np.testing.assert_array_equal(ms.from_numpy(np.arange(3)).asnumpy(), [0, 1, 2])
    f = ms.vmap(lambda x: x * 2)
    np.testing.assert_array_equal(f(ms.tensor(np.ones((2, 3), np.float32))).asnumpy(), 2)
    ms.set_device("CPU")
    assert ms.get_context("device_target") == "CPU"
    with pytest.raises(ValueError, match="device"):
        ms.tensor([1], device="NPU")
    ms.synchronize()


def test_run_check_prints_success(capsys):
    ms.run_check()
    out = capsys.readouterr().out
    assert "MindSpore version" in out and "installed on platform [CPU] successfully" in out
