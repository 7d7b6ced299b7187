"""Metric names: ``get_metric_fn('acc')`` and the ``metrics=`` argument of ``Model``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deepsink.train.metrics.accuracy import Accuracy
from deepsink.train.metrics.auc import auc
from deepsink.train.metrics.bleu_score import BleuScore
from deepsink.train.metrics.confusion_matrix import ConfusionMatrix
from deepsink.train.metrics.confusion_matrix_metric import ConfusionMatrixMetric
from deepsink.train.metrics.cosine_similarity import CosineSimilarity
from deepsink.train.metrics.dice import Dice
from deepsink.train.metrics.error import MAE, MSE
from deepsink.train.metrics.fbeta import F1
from deepsink.train.metrics.loss import Loss
from deepsink.train.metrics.metric import Metric
from deepsink.train.metrics.occlusion_sensitivity import OcclusionSensitivity
from deepsink.train.metrics.perplexity import Perplexity
from deepsink.train.metrics.precision import Precision
from deepsink.train.metrics.recall import Recall
from deepsink.train.metrics.roc import ROC
from deepsink.train.metrics.surface_distance import (
    HausdorffDistance,
    MeanSurfaceDistance,
    RootMeanSquareDistance,
)
from deepsink.train.metrics.topk import (
    Top1CategoricalAccuracy,
    Top5CategoricalAccuracy,
    TopKCategoricalAccuracy,
)

_FACTORY: dict[str, Any] = {
    "accuracy": Accuracy,
    "acc": Accuracy,
    "precision": Precision,
    "recall": Recall,
    "topk": TopKCategoricalAccuracy,
    "top_1_accuracy": Top1CategoricalAccuracy,
    "top_5_accuracy": Top5CategoricalAccuracy,
    "mae": MAE,
    "mse": MSE,
    "loss": Loss,
    "F1": F1,
    "dice": Dice,
    "perplexity": Perplexity,
    "cosine_similarity": CosineSimilarity,
    "confusion_matrix": ConfusionMatrix,
    "confusion_matrix_metric": ConfusionMatrixMetric,
    "roc": ROC,
    "auc": auc,
    "bleu_score": BleuScore,
    "occlusion_sensitivity": OcclusionSensitivity,
    "hausdorff_distance": HausdorffDistance,
    "mean_surface_distance": MeanSurfaceDistance,
    "root_mean_square_distance": RootMeanSquareDistance,
}


def names() -> list[str]:
    """The metric names ``get_metric_fn`` and ``Model(metrics={...})`` accept, sorted.

    Returns:
        list[str], the names.

    Examples:
        >>> from deepsink.train import names
        >>> 'accuracy' in names() and 'loss' in names()
        True
    """
    return sorted(_FACTORY)


def get_metric_fn(name: str, *args: Any, **kwargs: Any) -> Metric:
    """A new metric from its name (``'acc'``, ``'loss'``, ...); extra arguments go to its class.

    Args:
        name (str): one of :func:`names`.
        args (Any): passed to the metric's class.
        kwargs (Any): passed to the metric's class.

    Returns:
        Metric, a new metric object.

    Raises:
        KeyError: if ``name`` is not one of :func:`names`.

    Examples:
        >>> from deepsink.train import get_metric_fn
        >>> get_metric_fn('precision', eval_type='classification')  # doctest: +ELLIPSIS
        <...Precision object at ...>
    """
    if not isinstance(name, str) or name not in _FACTORY:
        raise KeyError(f"For 'get_metric_fn', 'name' must be one of {names()}, but got {name!r}")
    return _FACTORY[name](*args, **kwargs)


def get_metrics(metrics: Any) -> dict[str, Metric]:
    """The ``metrics`` argument of ``Model`` as ``{name: Metric}``.

    Accepts None (no metrics: ``{}``), a set of names (``{'acc', 'loss'}``), or a dict
    ``{name: Metric}`` (returned as is), as MindSpore does.

    Args:
        metrics (Union[None, set[str], dict[str, Metric]]): the metrics, by name or as objects.

    Returns:
        dict[str, Metric], the metric objects by name.

    Raises:
        TypeError: for any other type (a list or tuple of names too, as in MindSpore), or a dict
            whose keys are not str or values not Metric.
        KeyError: for an unknown metric name.

    Examples:
        >>> from deepsink import nn
        >>> metrics = nn.get_metrics({'acc', 'loss'})
        >>> print(sorted(metrics), type(metrics['acc']).__name__)
        ['acc', 'loss'] Accuracy
    """
    if metrics is None:
        return {}
    if isinstance(metrics, dict):
        for key, value in metrics.items():
            if not isinstance(key, str) or not isinstance(value, Metric):
                raise TypeError(
                    "For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string "
                    "and value in 'metrics' must be Metric, but got "
                    f"key:{type(key)}, value:{type(value)}."
                )
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in _names(metrics)}
    raise TypeError(
        f"For 'get_metrics', the argument 'metrics' must be None, dict or set, but got {metrics}"
    )


def _names(metrics: Iterable[Any]) -> list[str]:
    for name in metrics:
        if not isinstance(name, str):
            raise TypeError(
                "For 'get_metrics', every metric name must be a str, "
                f"but got {name!r} ({type(name).__name__})"
            )
    return list(metrics)
