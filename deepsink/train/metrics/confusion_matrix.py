"""ConfusionMatrix: counts of (true class, predicted class) pairs."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, no_samples_error, rearrange_inputs

_NORMALIZE = ("no_norm", "target", "prediction", "all")


class ConfusionMatrix(Metric):
    """``matrix[i, j]`` = samples of class i predicted as j. ``y_pred`` is (N, C, ...) scores
    (argmax over axis 1) or (N, ...) indices (with probabilities thresholded at ``threshold``
    when ``num_classes`` is 2 and the values are in [0, 1]); ``normalize`` 'no_norm', 'target'
    (rows sum to 1), 'prediction' (columns) or 'all'.

    Args:
        num_classes (int): the number of classes.
        normalize (str): ``'no_norm'``, ``'target'`` (rows sum to 1), ``'prediction'`` (columns sum
            to 1) or ``'all'``. Default: ``'no_norm'``.
        threshold (float): the probability threshold for binary predictions. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.ConfusionMatrix(num_classes=2)
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([[0.2, 0.8], [0.9, 0.1], [0.3, 0.7], [0.4, 0.6]])), ms.Tensor(np.array([1, 0, 0, 1])))
        >>> print(m.eval())
        [[1. 1.]
         [0. 2.]]
    """

    def __init__(
        self, num_classes: int, normalize: str = "no_norm", threshold: float = 0.5
    ) -> None:
        super().__init__()
        if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 1:
            raise ValueError(
                f"For 'ConfusionMatrix', 'num_classes' must be a positive int, "
                f"but got {num_classes}"
            )
        if normalize not in _NORMALIZE:
            raise ValueError(
                f"For 'ConfusionMatrix', 'normalize' must be one of "
                f"{list(_NORMALIZE)}, but got {normalize!r}"
            )
        self.num_classes, self.normalize, self.threshold = num_classes, normalize, threshold
        self.clear()

    def clear(self) -> None:
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        y_pred, y = self._pair(inputs)
        if y_pred.ndim == y.ndim + 1:
            y_pred = y_pred.argmax(axis=1)
        elif y_pred.ndim == y.ndim and np.issubdtype(y_pred.dtype, np.floating):
            y_pred = (y_pred > self.threshold).astype(np.int64)
        else:
            raise ValueError(
                "For 'ConfusionMatrix.update', 'y_pred' must be (N, C, ...) scores "
                "or have the shape of 'y'"
            )
        y, y_pred = y.reshape(-1).astype(np.int64), y_pred.reshape(-1).astype(np.int64)
        k = self.num_classes
        counts = np.bincount(y * k + y_pred, minlength=k * k)[: k * k]
        self.confusion_matrix += counts.reshape(k, k)
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise no_samples_error("ConfusionMatrix")
        m = self.confusion_matrix
        if self.normalize == "target":
            m = m / m.sum(axis=1, keepdims=True)
        elif self.normalize == "prediction":
            m = m / m.sum(axis=0, keepdims=True)
        elif self.normalize == "all":
            m = m / m.sum()
        return np.nan_to_num(m)
