"""Precision (and the per-class counting it shares with Recall)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from deepsink._core.validate import check_bool
from deepsink.train.metrics.metric import (
    EvaluationBase,
    MetricFloat,
    no_samples_error,
    rearrange_inputs,
)


class _PerClassRate(EvaluationBase):
    """``true_positives / denominator`` per class, the denominator being predicted positives
    (precision) or actual positives (recall). Subclasses set ``_by_prediction``."""

    _by_prediction: bool

    def __init__(self, eval_type: str = "classification") -> None:
        super().__init__(eval_type)
        self.eps = sys.float_info.min
        self.clear()

    def clear(self) -> None:
        """Reset the counts."""
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives = np.empty(0)
            self._positives = np.empty(0)
            self._rate_sum = np.float64(0.0)
            self._rate_num = 0
        else:
            self._true_positives = 0
            self._positives = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Count true positives and positives per class for one batch ``(y_pred, y)``.

        For ``'classification'``, ``y_pred`` is :math:`(N, C)` scores and ``y`` indices
        :math:`(N,)` or one-hot :math:`(N, C)`; for ``'multilabel'`` both are 0/1 :math:`(N, C)`.

        Raises:
            ValueError: if there are not 2 inputs, shapes or class counts do not match, or a
                label is not below the number of classes.
        """
        y_pred, y = self._inputs(inputs)
        class_num = self._check_class_num(y_pred)
        name = type(self).__name__
        if self._type == "classification":
            if y.size and y.max() + 1 > class_num:
                raise ValueError(
                    f"For '{name}.update', predicted value (input[0]) should have the same "
                    "classes number as true value (input[1]), but got predicted value classes "
                    f"{class_num}, true value classes {y.max() + 1}."
                )
            eye = np.eye(class_num)
            y = eye[y.reshape(-1).astype(np.int64)]
            y_pred = eye[y_pred.argmax(axis=1).reshape(-1)]
        else:
            # multilabel: axis 0 of the flattened arrays runs over the classes
            y_pred = np.swapaxes(y_pred, 1, 0).reshape(class_num, -1)
            y = np.swapaxes(y, 1, 0).reshape(class_num, -1)
        positives = (y_pred if self._by_prediction else y).sum(axis=0)
        true_positives = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            self._rate_sum += np.float64(np.sum(true_positives / (positives + self.eps)))
            self._rate_num += len(positives)
            self._true_positives = np.concatenate((self._true_positives, true_positives))
            self._positives = np.concatenate((self._positives, positives))
        else:
            self._true_positives = self._true_positives + true_positives
            self._positives = self._positives + positives

    def eval(self, average: bool = False) -> np.ndarray | np.float64:
        """The per-class rates (``numpy.ndarray``), or their mean with ``average=True``.

        Raises:
            RuntimeError: if no sample was seen.
            TypeError: if ``average`` is not a bool.
        """
        name = type(self).__name__
        if self._class_num == 0:
            raise no_samples_error(name)
        check_bool(average, "average", f"{name}.eval")
        result = self._true_positives / (self._positives + self.eps)
        if not average:
            return result
        if self._type == "multilabel":
            return MetricFloat(self._rate_sum / (self._rate_num + self.eps))
        return MetricFloat(result.mean())


class Precision(_PerClassRate):
    r"""Precision per class: :math:`\frac{TP}{TP + FP}`.

    Args:
        eval_type (str): ``'classification'`` or ``'multilabel'``. Default: ``'classification'``.

    Examples:
        >>> import numpy as np
        >>> m = Precision()
        >>> m.update(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), np.array([1, 0, 1]))
        >>> m.eval(), m.eval(average=True)
        (array([0.5, 1. ]), 0.75)
    """

    _by_prediction = True
