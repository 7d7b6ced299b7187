"""ROC: the receiver operating characteristic curve (false and true positive rates per threshold)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, rearrange_inputs


def _check_int(name: str, value: Any) -> Any:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise TypeError(
            f"For 'ROC', the argument '{name}' must be int or None, but got {type(value).__name__}"
        )
    return value


def binary_clf_curve(
    scores: np.ndarray, target: np.ndarray, pos_label: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """False and true positive counts at each distinct score (descending), and those scores."""
    order = np.argsort(-scores, kind="quicksort")
    scores, target = scores[order], target[order]
    last = np.r_[np.nonzero(np.diff(scores))[0], target.shape[0] - 1]
    tps = np.cumsum(target == pos_label, dtype=np.int64)[last]
    fps = 1 + last - tps
    return fps, tps, scores[last]


class ROC(Metric):
    """The ROC curve of binary scores, or one curve per class (one-vs-rest) for multiclass scores.

    Args:
        class_num (int, optional): the number of classes; not needed for binary scores.
            Default: ``None``.
        pos_label (int, optional): the positive class of binary scores (``1`` when None); must be
            None for multiclass scores. Default: ``None``.

    Raises:
        TypeError: if ``class_num`` or ``pos_label`` is not an int or None.

    Examples:
        >>> import numpy as np
        >>> from deepsink import Tensor
        >>> from deepsink.train import ROC
        >>> metric = ROC(pos_label=2)
        >>> metric.update(Tensor(np.array([0.28, 0.55, 0.15, 0.05])), Tensor(np.array([0, 1, 2, 3])))
        >>> fpr, tpr, thresholds = metric.eval()
        >>> print(fpr, tpr, thresholds)
        [0.         0.33333333 0.66666667 0.66666667 1.        ] [0. 0. 0. 1. 1.] [1.55 0.55 0.28 0.15 0.05]
    """

    def __init__(self, class_num: int | None = None, pos_label: int | None = None) -> None:
        super().__init__()
        self.class_num = _check_int("class_num", class_num)
        self.pos_label = _check_int("pos_label", pos_label)
        self.clear()

    def clear(self) -> None:
        """Forget the inputs seen."""
        self.y_pred = 0
        self.y = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Keep ``y_pred`` ((N,) binary scores or (N, C) class scores) and ``y`` (labels) of the
        last batch: ROC evaluates the last batch given, as in MindSpore.

        Raises:
            ValueError: for a number of inputs other than 2, ranks that do not match, or a
                ``class_num``/``pos_label`` that does not fit the scores.
        """
        y_pred, y = self._pair(inputs)
        self.y_pred, self.y, self.class_num, self.pos_label = self._prepare(
            y_pred, y, self.class_num, self.pos_label
        )
        self._is_update = True

    @staticmethod
    def _prepare(y_pred: np.ndarray, y: np.ndarray, class_num: Any, pos_label: Any) -> tuple:
        if y_pred.ndim == y.ndim:
            if class_num is not None and class_num != 1:
                raise ValueError(
                    f"For 'ROC', when predicted value (input[0]) and true value "
                    f"(input[1]) have the same shape, the 'class_num' must be 1, but "
                    f"got {class_num}."
                )
            return y_pred.reshape(-1), y.reshape(-1), 1, 1 if pos_label is None else pos_label
        if y_pred.ndim == y.ndim + 1:
            if pos_label is not None:
                raise ValueError(
                    f"For 'ROC', when the dimension of predicted value (input[0]) "
                    f"equals the dimension of true value (input[1]) add 1, the "
                    f"'pos_label' must be None, but got {pos_label}."
                )
            if class_num != y_pred.shape[1]:
                raise ValueError(
                    f"For 'ROC', the 'class_num' must equal the number of classes from "
                    f"predicted value (input[0]), but got 'class_num' {class_num}, the "
                    f"number of classes from predicted value "
                    f"{y_pred.shape[1]}."
                )
            scores = np.moveaxis(y_pred, 1, -1).reshape(-1, class_num)  # a row per sample/pixel
            return scores, y.reshape(-1), class_num, None
        raise ValueError(
            f"For 'ROC', predicted value (input[0]) and true value (input[1]) must "
            f"have same dimensions, or the dimension of predicted value equal the "
            f"dimension of true value add 1, but got predicted value ndim: "
            f"{y_pred.ndim}, true value ndim: {y.ndim}."
        )

    @staticmethod
    def _curve(scores: np.ndarray, y: np.ndarray, pos_label: int) -> tuple:
        fps, tps, thresholds = binary_clf_curve(scores, y, pos_label)
        fps, tps = np.r_[0, fps], np.r_[0, tps]
        thresholds = np.r_[thresholds[0] + 1, thresholds]
        if fps[-1] <= 0:
            raise ValueError(
                "For 'ROC.eval', there is no negative samples in true value, "
                "false positive value is meaningless."
            )
        if tps[-1] <= 0:
            raise ValueError(
                "For 'ROC.eval', there is no positive samples in true value, "
                "true positive value is meaningless."
            )
        return fps / fps[-1], tps / tps[-1], thresholds

    def eval(self) -> tuple:
        """``(fpr, tpr, thresholds)``: arrays for binary scores, lists of arrays (one per class)
        for multiclass scores.

        Raises:
            RuntimeError: before any ``update``.
        """
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        y_pred, y = np.squeeze(self.y_pred), np.squeeze(self.y)
        if self.class_num == 1:
            return self._curve(y_pred.reshape(-1), y.reshape(-1), self.pos_label)
        curves = [self._curve(y_pred[:, c], y, c) for c in range(self.class_num)]
        return tuple(list(part) for part in zip(*curves))
