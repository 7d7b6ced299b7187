"""ConfusionMatrixMetric: rates derived from the true/false positive/negative counts of one-hot
predictions (sensitivity, specificity, precision, F1, MCC, ...)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, rearrange_inputs

# every accepted name (lower case, spaces as '_') -> the short name of its formula
_ALIASES = {
    "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate", "tpr"),
    "tnr": ("specificity", "selectivity", "true_negative_rate", "tnr"),
    "ppv": ("precision", "positive_predictive_value", "ppv"),
    "npv": ("negative_predictive_value", "npv"),
    "fnr": ("miss_rate", "false_negative_rate", "fnr"),
    "fpr": ("fall_out", "false_positive_rate", "fpr"),
    "fdr": ("false_discovery_rate", "fdr"),
    "for": ("false_omission_rate", "for"),
    "pt": ("prevalence_threshold", "pt"),
    "ts": ("threat_score", "critical_success_index", "ts", "csi"),
    "acc": ("accuracy", "acc"),
    "ba": ("balanced_accuracy", "ba"),
    "f1": ("f1_score", "f1"),
    "mcc": ("matthews_correlation_coefficient", "mcc"),
    "fm": ("fowlkes_mallows_index", "fm"),
    "bm": ("informedness", "bookmaker_informedness", "bm"),
    "mk": ("markedness", "deltap", "mk"),
}
_SHORT = {alias: short for short, aliases in _ALIASES.items() for alias in aliases}
_DECREASE = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _short_name(metric_name: str) -> str:
    short = _SHORT.get(metric_name.replace(" ", "_").lower())
    if short is None:
        raise NotImplementedError(
            f"For 'ConfusionMatrixMetric', the metric {metric_name!r} is "
            f"not implemented; known names: {sorted(_SHORT)}"
        )
    return short


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den != 0, num / np.where(den != 0, den, 1), np.nan)


def confusion_counts(y_pred: np.ndarray, y: np.ndarray, skip_channel: bool) -> np.ndarray:
    """``[tp, fp, tn, fn]`` per sample and channel, shape (B, C, 4), of binarized one-hot inputs.

    As MindSpore 2.10 does, the first channel is dropped when ``skip_channel`` is False (and
    kept when it is True).
    """
    if not np.all(y.astype(np.uint8) == y):
        raise ValueError(
            "For 'ConfusionMatrixMetric.update', the true value (input[1]) must be a "
            "binarized ndarray."
        )
    if y_pred.ndim < 2:
        raise ValueError(
            f"For 'ConfusionMatrixMetric.update', the predicted value (input[0]) "
            f"must have at least 2 dimensions, but got {y_pred.ndim}."
        )
    if not skip_channel:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    if y.shape != y_pred.shape:
        raise ValueError(
            f"For 'ConfusionMatrixMetric.update', predicted value (input[0]) and "
            f"true value (input[1]) must have the same shape, but got "
            f"{y_pred.shape} and {y.shape}."
        )
    b, c = y_pred.shape[:2]
    y_pred = y_pred.astype(np.float64).reshape(b, c, -1)
    y = y.astype(np.float64).reshape(b, c, -1)
    tp = ((y_pred + y) == 2).sum(axis=2).astype(np.float64)
    tn = ((y_pred + y) == 0).sum(axis=2).astype(np.float64)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, n - tn, tn, p - tp], axis=-1)


def metric_from_counts(metric_name: str, counts: np.ndarray) -> np.ndarray:
    """The named rate from ``[..., 4]`` counts (NaN where its denominator is 0)."""
    counts = np.atleast_2d(counts)
    tp, fp, tn, fn = (counts[..., i] for i in range(4))
    p, n = tp + fn, fp + tn
    short = _short_name(metric_name)
    if short in ("pt", "ba", "bm"):
        tpr, tnr = _ratio(tp, p), _ratio(tn, n)
        if short == "pt":
            return _ratio(np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0)
        return (tpr + tnr) / 2.0 if short == "ba" else tpr + tnr - 1.0
    if short == "fm":
        return np.sqrt(_ratio(tp, tp + fp) * _ratio(tp, p))
    if short == "mk":
        return _ratio(tp, tp + fp) + _ratio(tn, tn + fn) - 1.0
    if short == "mcc":
        return _ratio(tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)))
    num, den = {
        "tpr": (tp, p),
        "tnr": (tn, n),
        "ppv": (tp, tp + fp),
        "npv": (tn, tn + fn),
        "fnr": (fn, p),
        "fpr": (fp, n),
        "fdr": (fp, fp + tp),
        "for": (fn, fn + tn),
        "ts": (tp, tp + fn + fp),
        "acc": (tp + tn, p + n),
        "f1": (2.0 * tp, 2.0 * tp + fn + fp),
    }[short]
    return _ratio(num, den)


def _reduce(chart: np.ndarray, decrease: str) -> tuple[np.ndarray, np.ndarray]:
    """``(reduced chart, count of non-NaN entries)`` of a (B, C) chart, NaNs left out."""
    valid = ~np.isnan(chart)
    chart = np.where(valid, chart, 0.0)
    valid = valid.astype(np.float64)
    if decrease == "none":
        return chart, valid
    if decrease == "sum":
        return chart.sum(), valid.sum()
    axis = {"batch": 0, "channel": 1}.get(decrease.split("_")[-1])
    if decrease in ("sum_batch", "sum_channel"):
        return chart.sum(axis=axis), valid.sum(axis=axis)
    if decrease in ("mean_batch", "mean_channel"):
        count = valid.sum(axis=axis)
        return np.where(count > 0, chart.sum(axis=axis) / np.maximum(count, 1), 0.0), count
    per_sample = valid.sum(axis=1)  # "mean": mean over channels, then over samples
    means = np.where(per_sample > 0, chart.sum(axis=1) / np.maximum(per_sample, 1), 0.0)
    count = (per_sample > 0).astype(np.float64).sum()
    return np.where(count > 0, means.sum() / max(count, 1), 0.0), count


class ConfusionMatrixMetric(Metric):
    """A rate from the confusion matrix of one-hot (binarized) predictions and labels.

    With ``calculation_method=False`` the tp/fp/tn/fn counts of every batch are summed and the
    rate is computed once at ``eval``; with True the rate is computed per sample and channel,
    reduced by ``decrease``, and averaged over the batches (counting non-NaN entries).

    Args:
        skip_channel (bool, optional): as in MindSpore 2.10, False drops the first channel (the
            background) and True keeps every channel. Default: ``True``.
        metric_name (str, optional): ``"sensitivity"``, ``"specificity"``, ``"precision"``,
            ``"negative predictive value"``, ``"miss rate"``, ``"fall out"``,
            ``"false discovery rate"``, ``"false omission rate"``, ``"prevalence threshold"``,
            ``"threat score"``, ``"accuracy"``, ``"balanced accuracy"``, ``"f1 score"``,
            ``"matthews correlation coefficient"``, ``"fowlkes mallows index"``,
            ``"informedness"``, ``"markedness"`` or a common alias. Default: ``"sensitivity"``.
        calculation_method (bool, optional): rate per sample (True) or over the whole data set
            (False). Default: ``False``.
        decrease (str, optional): the reduction of per-sample rates: ``"none"``, ``"mean"``,
            ``"sum"``, ``"mean_batch"``, ``"sum_batch"``, ``"mean_channel"``,
            ``"sum_channel"``. Default: ``"mean"``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``decrease`` is not one of the above.
        NotImplementedError: if ``metric_name`` is unknown.

    Examples:
        >>> import numpy as np
        >>> from deepsink import Tensor
        >>> from deepsink.train import ConfusionMatrixMetric
        >>> metric = ConfusionMatrixMetric(skip_channel=True, metric_name="tpr",
        ...                                calculation_method=False, decrease="mean")
        >>> x = Tensor(np.array([[[0], [1]], [[1], [0]]]))
        >>> y = Tensor(np.array([[[0], [1]], [[0], [1]]]))
        >>> metric.update(x, y)
        >>> print(metric.eval())
        [0.5]
    """

    def __init__(
        self,
        skip_channel: bool = True,
        metric_name: str = "sensitivity",
        calculation_method: bool = False,
        decrease: str = "mean",
    ) -> None:
        super().__init__()
        for name, value, kind in (
            ("skip_channel", skip_channel, bool),
            ("calculation_method", calculation_method, bool),
            ("metric_name", metric_name, str),
            ("decrease", decrease, str),
        ):
            if not isinstance(value, kind):
                raise TypeError(
                    f"For 'ConfusionMatrixMetric', the argument '{name}' must be "
                    f"{kind.__name__}, but got {type(value).__name__}"
                )
        if decrease not in _DECREASE:
            raise ValueError(
                f"For 'ConfusionMatrixMetric', the argument 'decrease' must be one "
                f"of {list(_DECREASE)}, but got {decrease!r}"
            )
        _short_name(metric_name)
        self.skip_channel, self.metric_name = skip_channel, metric_name
        self.calculation_method, self.decrease = calculation_method, decrease
        self.clear()

    def clear(self) -> None:
        """Forget the batches seen."""
        self._total_num = 0.0
        self._class_num = 0
        self._total = np.zeros(4)

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Add a batch: ``y_pred`` and ``y``, one-hot, shape (N, C, ...).

        Raises:
            ValueError: for a number of inputs other than 2, a non-binary ``y``, ``y_pred`` of
                rank < 2 or shapes that differ.
        """
        y_pred, y = self._pair(inputs)
        counts = confusion_counts(y_pred, y, self.skip_channel)
        if self.calculation_method:
            score, valid = _reduce(metric_from_counts(self.metric_name, counts), self.decrease)
            valid = int(np.asarray(valid).sum())
            self._total_num += float(np.asarray(score).sum()) * valid
            self._class_num += valid
        else:
            self._total += counts.reshape(-1, 4).sum(axis=0)

    def eval(self) -> Any:
        """The rate: a float (``calculation_method=True``) or a 1-element array.

        Raises:
            RuntimeError: with ``calculation_method=True`` before any ``update``.
        """
        if not self.calculation_method:
            return metric_from_counts(self.metric_name, self._total).reshape(1)
        if self._class_num == 0:
            raise RuntimeError(
                "The 'ConfusionMatrixMetric' can not be calculated, because the "
                "number of samples is 0, please check whether your inputs"
                "(predicted value, true value) are empty, or has called update "
                "method before calling eval method."
            )
        return self._total_num / self._class_num
