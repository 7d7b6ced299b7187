"""Metrics for ``Model.eval``/``fit`` (MindSpore's ``mindspore.train.metrics``).

Metrics accumulate on the host with NumPy and return numpy values, as in MindSpore.
"""

from deepsink import nn as _nn

# Note: `import X as X` marks a public re-export (PEP 484).
from deepsink.train.metrics._factory import get_metric_fn as get_metric_fn
from deepsink.train.metrics._factory import get_metrics as get_metrics
from deepsink.train.metrics._factory import names as names
from deepsink.train.metrics.accuracy import Accuracy as Accuracy
from deepsink.train.metrics.auc import auc as auc
from deepsink.train.metrics.bleu_score import BleuScore as BleuScore
from deepsink.train.metrics.confusion_matrix import ConfusionMatrix as ConfusionMatrix
from deepsink.train.metrics.confusion_matrix_metric import (
    ConfusionMatrixMetric as ConfusionMatrixMetric,
)
from deepsink.train.metrics.cosine_similarity import CosineSimilarity as CosineSimilarity
from deepsink.train.metrics.dice import Dice as Dice
from deepsink.train.metrics.error import MAE as MAE
from deepsink.train.metrics.error import MSE as MSE
from deepsink.train.metrics.fbeta import F1 as F1
from deepsink.train.metrics.fbeta import Fbeta as Fbeta
from deepsink.train.metrics.loss import Loss as Loss
from deepsink.train.metrics.metric import Metric as Metric
from deepsink.train.metrics.metric import rearrange_inputs as rearrange_inputs
from deepsink.train.metrics.occlusion_sensitivity import (
    OcclusionSensitivity as OcclusionSensitivity,
)
from deepsink.train.metrics.perplexity import Perplexity as Perplexity
from deepsink.train.metrics.precision import Precision as Precision
from deepsink.train.metrics.recall import Recall as Recall
from deepsink.train.metrics.roc import ROC as ROC
from deepsink.train.metrics.surface_distance import HausdorffDistance as HausdorffDistance
from deepsink.train.metrics.surface_distance import MeanSurfaceDistance as MeanSurfaceDistance
from deepsink.train.metrics.surface_distance import (
    RootMeanSquareDistance as RootMeanSquareDistance,
)
from deepsink.train.metrics.topk import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from deepsink.train.metrics.topk import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from deepsink.train.metrics.topk import TopKCategoricalAccuracy as TopKCategoricalAccuracy

# MindSpore 2.10 exports the metrics from mindspore.nn too; nn is below train, so they are bound
# onto it from here.
_NN_NAMES = (
    "Accuracy", "Loss", "MAE", "MSE", "Metric", "Precision", "Recall", "Top1CategoricalAccuracy",
    "Top5CategoricalAccuracy", "TopKCategoricalAccuracy", "get_metric_fn", "names",
    "rearrange_inputs", "ConfusionMatrix", "CosineSimilarity", "Dice", "F1", "Fbeta", "Perplexity",
    "auc", "BleuScore", "ConfusionMatrixMetric", "HausdorffDistance", "MeanSurfaceDistance",
    "OcclusionSensitivity", "ROC", "RootMeanSquareDistance", "get_metrics",
)  # fmt: skip
for _name in _NN_NAMES:
    setattr(_nn, _name, globals()[_name])
_nn.__all__ = sorted({*_nn.__all__, *_NN_NAMES})
