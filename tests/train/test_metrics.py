"""Metrics against hand-computed values and MindSpore 2.10's outputs.

The MS_* constants were obtained by running the same inputs through ``mindspore.train`` metrics in
a MindSpore 2.10 CPU install (NumPy 1.26), e.g.
``m = mindspore.train.Loss(); m.update(Tensor(np.array([1., 2., 3.], np.float32)));
m.update(Tensor(np.float32(0.2))); print(repr(m.eval()))``.
"""

from __future__ import annotations

import numpy as np
import pytest

from deepsink.common.tensor import Tensor
from deepsink.train.metrics import (
    MAE,
    MSE,
    Accuracy,
    Loss,
    Metric,
    Precision,
    Recall,
    Top1CategoricalAccuracy,
    Top5CategoricalAccuracy,
    TopKCategoricalAccuracy,
    get_metric_fn,
    get_metrics,
    names,
    rearrange_inputs,
)

F32 = np.float32
LOGITS = np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]], F32)
LABELS = np.array([1, 0, 1], np.int32)
ML_PRED = np.array([[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 1, 0]], F32)
ML_TRUE = np.array([[0, 1, 1, 1], [0, 1, 1, 1], [1, 1, 1, 0]], F32)
TOPK_PRED = np.array(
    [[0.2, 0.5, 0.3, 0.6, 0.2], [0.1, 0.35, 0.5, 0.2, 0.0], [0.9, 0.6, 0.2, 0.01, 0.3]], F32
)
TOPK_TRUE = np.array([2, 0, 1], F32)

# MindSpore 2.10 on RandomState(0): logits = randn(50, 7) float32, labels = randint(0, 7, 50),
# updated as two batches [:20] and [20:].
MS_RAND = {
    "acc": 0.12,
    "prec": [0.0, 0.2, 0.2857142857142857, 0.0, 0.16666666666666666, 0.25, 0.0],
    "rec": [0.0, 0.25, 0.18181818181818182, 0.0, 0.08333333333333333, 0.2, 0.0],
    "top1": 0.12,
    "top5": 0.72,
}


def rand_case():
    rng = np.random.RandomState(0)
    logits = rng.randn(50, 7).astype(F32)
    labels = rng.randint(0, 7, 50).astype(np.int32)
    return logits, labels


def two_batches(metric, logits, labels):
    metric.update(Tensor(logits[:20]), Tensor(labels[:20]))
    metric.update(Tensor(logits[20:]), Tensor(labels[20:]))
    return metric.eval()


# --- values -------------------------------------------------------------------------------------
def test_accuracy_classification_and_multilabel():
    m = Accuracy()
    m.update(Tensor(LOGITS), Tensor(LABELS))
    result = m.eval()
    assert isinstance(result, np.float64) and result == 2 / 3  # MindSpore: 0.6666666666666666
    m = Accuracy("multilabel")
    m.update(ML_PRED, ML_TRUE)
    assert m.eval() == 2 / 3  # MindSpore: 0.6666666666666666


def test_accuracy_inputs_as_lists_onehot_and_call():
    onehot = np.eye(2, dtype=F32)[LABELS]
    assert Accuracy()(LOGITS.tolist(), onehot) == 2 / 3
    logits, labels = rand_case()
    assert two_batches(Accuracy(), logits, labels) == MS_RAND["acc"]
    assert Accuracy()(Tensor(logits), Tensor(np.eye(7, dtype=F32)[labels])) == MS_RAND["acc"]


def test_loss_average_is_float64_like_mindspore():
    m = Loss()
    m.update(Tensor(np.array([1.0, 2.0, 3.0], F32)))
    m.update(Tensor(F32(0.2)))
    result = m.eval()
    assert isinstance(result, np.float64)
    assert result == 1.1000000014901161  # MindSpore 2.10 (float32 0.2 accumulated in float64)
    m = Loss()
    for v in (0.1, 0.2, 0.3):
        m.update(Tensor(F32(v)))
    assert m.eval() == 0.2000000054637591  # MindSpore 2.10


def test_mae_mse_divide_by_samples():
    pred, true = np.array([0.1, 0.2, 0.6, 0.9], F32), np.array([0.1, 0.25, 0.7, 0.9], F32)
    m = MAE()
    m.update(Tensor(pred), Tensor(true))
    assert m.eval() == 0.037499990314245224  # MindSpore 2.10
    m = MSE()
    m.update(Tensor(pred), Tensor(true))
    # MindSpore 2.10 gives 0.003124997951090336: NumPy 1's float32 power(x, 2) rounds one ulp
    # differently from x*x; the float32 sums differ in the last bit.
    np.testing.assert_allclose(m.eval(), 0.003124997951090336, rtol=1e-6)
    # (N, C) inputs: the error sum is divided by N (samples), not N*C
    m = MAE()
    m.update(np.ones((2, 3), F32), np.zeros((2, 3), F32))
    assert m.eval() == 3.0


def test_precision_recall_classification():
    p, r = Precision(), Recall()
    p.update(Tensor(LOGITS), Tensor(LABELS))
    r.update(Tensor(LOGITS), Tensor(LABELS))
    np.testing.assert_allclose(p.eval(), [0.5, 1.0])  # MindSpore: array([0.5, 1. ])
    np.testing.assert_allclose(r.eval(), [1.0, 0.5])  # MindSpore: array([1. , 0.5])
    assert p.eval(average=True) == 0.75 and r.eval(average=True) == 0.75
    logits, labels = rand_case()
    np.testing.assert_allclose(
        two_batches(Precision(), logits, labels), MS_RAND["prec"], rtol=1e-12
    )
    np.testing.assert_allclose(two_batches(Recall(), logits, labels), MS_RAND["rec"], rtol=1e-12)


def test_precision_recall_multilabel():
    for cls in (Precision, Recall):
        m = cls("multilabel")
        m.update(Tensor(ML_PRED), Tensor(ML_TRUE))
        np.testing.assert_allclose(m.eval(), [1.0, 2 / 3, 1.0])
        assert m.eval(average=True) == 0.8888889153798422  # MindSpore 2.10
    with pytest.raises(TypeError, match="'average' must be a bool"):
        m.eval(average=1)


def test_topk():
    for metric, expected in [
        (TopKCategoricalAccuracy(3), 2 / 3),  # MindSpore: 0.6666666666666666
        (Top1CategoricalAccuracy(), 0.0),
        (Top5CategoricalAccuracy(), 1.0),
    ]:
        metric.update(Tensor(TOPK_PRED), Tensor(TOPK_TRUE))
        assert metric.eval() == expected
    logits, labels = rand_case()
    assert two_batches(Top1CategoricalAccuracy(), logits, labels) == MS_RAND["top1"]
    assert two_batches(Top5CategoricalAccuracy(), logits, labels) == MS_RAND["top5"]


def test_topk_ties_rank_lower_class_first():
    m = Top1CategoricalAccuracy()
    m.update(np.full((2, 20), 0.5, F32), np.array([0, 1]))
    assert m.eval() == 0.5


def test_clear_resets():
    m = Accuracy()
    m.update(LOGITS, LABELS)
    m.clear()
    m.update(LOGITS[2:], LABELS[2:])  # the one wrong prediction
    assert m.eval() == 0.0


def test_set_indexes_and_rearrange_inputs():
    x = Tensor(np.array([[0.1, 0.2, 0.6, 0.9], [0.1, 0.2, 0.6, 0.9]], F32))
    y2 = Tensor(np.array([[0.1, 0.25, 0.7, 0.9], [0.1, 0.25, 0.7, 0.9]], F32))
    m = MAE().set_indexes([0, 2])
    m.update(x, None, y2)
    assert m.eval() == 0.1499999612569809  # MindSpore 2.10
    assert m.indexes == [0, 2]
    acc = Accuracy().set_indexes([1, 2])
    acc.update(Tensor(F32(0.3)), LOGITS, LABELS)  # (loss, logits, label) as WithEvalCell returns
    assert acc.eval() == 2 / 3
    # MindSpore 2.10's message
    with pytest.raises(
        ValueError, match="'indexes' must be a list and all its elements must be int"
    ):
        MAE().set_indexes((0, 1))

    class Pick(Metric):
        def clear(self):
            pass

        def eval(self):
            return None

        @rearrange_inputs
        def update(self, *inputs):
            return inputs

    assert Pick().set_indexes([1, 0]).update(5, 9) == (9, 5)


# --- errors -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "metric, name",
    [
        (Accuracy(), "Accuracy"),
        (MAE(), "MAE"),
        (MSE(), "MSE"),
        (Precision(), "Precision"),
        (Recall(), "Recall"),
        (Top1CategoricalAccuracy(), "TopKCategoricalAccuracy"),
    ],
)
def test_eval_before_update(metric, name):
    with pytest.raises(
        RuntimeError,
        match=rf"The '{name}' can not be calculated, because the number of samples is 0.*has called update method before calling eval method",
    ):  # noqa: E501
        metric.eval()


def test_loss_eval_before_update_and_bad_inputs():
    with pytest.raises(
        RuntimeError, match="The 'Loss' can not be calculated.*called update method"
    ):
        Loss().eval()
    with pytest.raises(ValueError, match="needs 1 input"):
        Loss().update(1, 2)
    with pytest.raises(ValueError, match="must be 0 or 1, but got 2"):
        Loss().update(np.ones((2, 2)))


def test_shape_and_type_errors():
    with pytest.raises(
        ValueError,
        match=r"y_pred \(predicted value\) shape and y \(true value\) shape can not match.*\(3, 2\) and y shape \(4,\)",
    ):  # noqa: E501
        Accuracy().update(np.ones((3, 2)), np.ones((4,)))
    with pytest.raises(ValueError, match="the dimension of y_pred .* add 1"):
        Accuracy().update(np.ones((3,)), np.ones((3, 2, 2)))
    with pytest.raises(ValueError, match="In multilabel case, the shape of y_pred"):
        Accuracy("multilabel").update(np.ones((3, 2)), np.ones((3, 3)))
    with pytest.raises(ValueError, match="should be 0 or 1"):
        Accuracy("multilabel").update(np.full((3, 2), 0.5), np.ones((3, 2)))
    with pytest.raises(ValueError, match="it needs 2 inputs"):
        Accuracy().update(LOGITS)
    m = Accuracy()
    m.update(np.ones((3, 2)), np.ones((3,)))
    with pytest.raises(
        ValueError,
        match="class number not match, last input predicted data contain 2 classes, but current predicted data contain 3",
    ):  # noqa: E501
        m.update(np.ones((3, 3)), np.ones((3,)))
    with pytest.raises(ValueError, match="should have the same classes number"):
        Precision().update(LOGITS, np.array([0, 1, 5]))
    with pytest.raises(
        ValueError,
        match=r"must have the shape of the predicted value \(inputs\[0\]\) \(4,\), but got \(3,\)",
    ):  # noqa: E501
        MAE().update(np.ones(4), np.ones(3))
    with pytest.raises(
        TypeError,
        match="For 'Accuracy', the input data type must be Tensor, list or numpy.ndarray, but got float",
    ):  # noqa: E501
        Accuracy().update(1.0, 2.0)
    with pytest.raises(
        TypeError,
        match=r"'eval_type' must be one of \['classification', 'multilabel'\], but got 'abc'",
    ):  # noqa: E501
        Accuracy("abc")
    with pytest.raises(TypeError, match="'k' must be an int"):
        TopKCategoricalAccuracy(1.5)
    with pytest.raises(ValueError, match="'k' must be at least 1, but got 0"):
        TopKCategoricalAccuracy(0)
    with pytest.raises(TypeError):
        Metric()


# --- names ------------------------------------------------------------------------------------
def test_get_metric_fn_and_names():
    assert names() == [  # MindSpore 2.10's mindspore.train.names()
        "F1",
        "acc",
        "accuracy",
        "auc",
        "bleu_score",
        "confusion_matrix",
        "confusion_matrix_metric",
        "cosine_similarity",
        "dice",
        "hausdorff_distance",
        "loss",
        "mae",
        "mean_surface_distance",
        "mse",
        "occlusion_sensitivity",
        "perplexity",
        "precision",
        "recall",
        "roc",
        "root_mean_square_distance",
        "top_1_accuracy",
        "top_5_accuracy",
        "topk",
    ]
    assert isinstance(get_metric_fn("acc"), Accuracy)
    assert get_metric_fn("precision", eval_type="multilabel")._type == "multilabel"
    assert get_metric_fn("topk", 3).k == 3
    with pytest.raises(
        KeyError, match=r"'name' must be one of \['F1', 'acc', 'accuracy'.*but got 'foo'"
    ):
        get_metric_fn("foo")


def test_get_metrics_forms():
    got = get_metrics({"acc", "loss"})
    assert set(got) == {"acc", "loss"} and isinstance(got["loss"], Loss)
    got = get_metrics({"accuracy", "top_1_accuracy", "top_5_accuracy", "mae", "mse"})
    assert {k: type(m).__name__ for k, m in got.items()} == {
        "accuracy": "Accuracy",
        "top_1_accuracy": "Top1CategoricalAccuracy",
        "top_5_accuracy": "Top5CategoricalAccuracy",
        "mae": "MAE",
        "mse": "MSE",
    }
    mine = {"Accuracy": Accuracy()}
    assert get_metrics(mine) is mine
    assert get_metrics(None) == {}
    with pytest.raises(TypeError, match="value in 'metrics' must be Metric"):
        get_metrics({"acc": "acc"})
    with pytest.raises(TypeError, match="'metrics' must be None, dict or set, but got acc"):
        get_metrics("acc")
    with pytest.raises(KeyError, match="but got 'nope'"):
        get_metrics({"nope"})


def test_old_import_path():
    from deepsink.nn import metrics as old

    assert old.Accuracy is Accuracy and old.get_metric_fn is get_metric_fn
