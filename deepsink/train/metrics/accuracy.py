"""Accuracy."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import (
    EvaluationBase,
    MetricFloat,
    no_samples_error,
    rearrange_inputs,
)


class Accuracy(EvaluationBase):
    """Fraction of samples predicted correctly.

    For ``'classification'`` a sample is correct when the argmax of ``y_pred`` over axis 1 equals
    the label; ``y_pred`` is :math:`(N, C, ...)` and ``y`` the indices :math:`(N, ...)` or one-hot
    :math:`(N, C)`. For ``'multilabel'`` ``y_pred`` and ``y`` are 0/1 arrays of the same shape and
    a sample is correct when all its labels match.

    Args:
        eval_type (str): ``'classification'`` or ``'multilabel'``. Default: ``'classification'``.

    Examples:
        >>> import numpy as np
        >>> m = Accuracy()
        >>> m.update(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), np.array([1, 0, 1]))
        >>> print(m.eval())
        0.6666666666666666
    """

    def __init__(self, eval_type: str = "classification") -> None:
        super().__init__(eval_type)
        self.clear()

    def clear(self) -> None:
        """Reset the counts."""
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Count the correct predictions of one batch ``(y_pred, y)``.

        Raises:
            ValueError: if there are not 2 inputs, their shapes do not match, or the number of
                classes differs from the previous batches.
        """
        y_pred, y = self._inputs(inputs)
        class_num = self._check_class_num(y_pred)
        if self._type == "classification":
            correct = np.equal(y_pred.argmax(axis=1), y).reshape(-1)
        else:
            y_pred = np.moveaxis(y_pred, 1, -1).reshape(-1, class_num)
            y = np.moveaxis(y, 1, -1).reshape(-1, class_num)
            correct = np.equal(y_pred, y).all(axis=1)
        self._correct_num += int(correct.sum())
        self._total_num += correct.shape[0]

    def eval(self) -> np.float64:
        """The accuracy (``numpy.float64``).

        Raises:
            RuntimeError: if no sample was seen.
        """
        if self._total_num == 0:
            raise no_samples_error("Accuracy")
        return MetricFloat(self._correct_num / self._total_num)
