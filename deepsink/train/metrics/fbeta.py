"""Fbeta and F1: the weighted harmonic mean of per-class precision and recall."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool
from deepsink.train.metrics.metric import Metric, MetricFloat, no_samples_error, rearrange_inputs


class Fbeta(Metric):
    r"""Per-class :math:`(1 + \beta^2) \frac{P R}{\beta^2 P + R}` over the batches seen.
    ``update(y_pred, y)``: scores (N, C) and class indices (N,) or one-hot (N, C).

    Args:
        beta (Union[float, int]): the weight of recall against precision, > 0.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.Fbeta(2)
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([[0.2, 0.8], [0.6, 0.4], [0.3, 0.7]])), ms.Tensor(np.array([1, 0, 0])))
        >>> print(m.eval())
        [0.55555556 0.83333333]
    """

    def __init__(self, beta: float) -> None:
        super().__init__()
        if isinstance(beta, bool) or not isinstance(beta, int | float) or beta <= 0:
            raise ValueError(f"For 'Fbeta', 'beta' must be a positive number, but got {beta}")
        self.beta = float(beta)
        self.eps = sys.float_info.min
        self.clear()

    def clear(self) -> None:
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        y_pred, y = self._pair(inputs)
        if y_pred.ndim != 2:
            raise ValueError(
                f"For 'Fbeta.update', 'y_pred' must be (N, C), but got shape {list(y_pred.shape)}"
            )
        class_num = y_pred.shape[1]
        if self._class_num and class_num != self._class_num:
            raise ValueError(
                f"For 'Fbeta.update', class number not match, last input "
                f"predicted data contain {self._class_num} classes, but current "
                f"predicted data contain {class_num} classes"
            )
        self._class_num = class_num
        if y.ndim == y_pred.ndim and y.shape == y_pred.shape:
            y = y.argmax(axis=1)
        y = y.reshape(-1).astype(np.int64)
        if y.size and y.max() >= class_num:
            raise ValueError(
                f"For 'Fbeta.update', a label {y.max()} is not below the class number {class_num}"
            )
        eye = np.eye(class_num)
        truth, pred = eye[y], eye[y_pred.argmax(axis=1)]
        self._true_positives = self._true_positives + (truth * pred).sum(axis=0)
        self._actual_positives = self._actual_positives + truth.sum(axis=0)
        self._positives = self._positives + pred.sum(axis=0)

    def eval(self, average: bool = False) -> Any:
        if self._class_num == 0:
            raise no_samples_error(type(self).__name__)
        check_bool(average, "average", f"{type(self).__name__}.eval")
        b2 = self.beta**2
        precision = self._true_positives / (self._positives + self.eps)
        recall = self._true_positives / (self._actual_positives + self.eps)
        f = (1 + b2) * precision * recall / (b2 * precision + recall + self.eps)
        return MetricFloat(f.mean()) if average else f


class F1(Fbeta):
    """Fbeta with beta = 1.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.F1()
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([[0.2, 0.8], [0.6, 0.4], [0.3, 0.7]])), ms.Tensor(np.array([1, 0, 0])))
        >>> print(m.eval())
        [0.66666667 0.66666667]
    """

    def __init__(self) -> None:
        super().__init__(1.0)
