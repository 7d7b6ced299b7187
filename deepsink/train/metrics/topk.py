"""Top-k categorical accuracy."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import (
    Metric,
    MetricFloat,
    is_onehot,
    no_samples_error,
    rearrange_inputs,
)


class TopKCategoricalAccuracy(Metric):
    """Fraction of samples whose label is among the ``k`` highest scores.

    ``y_pred`` is :math:`(N, C)`; ``y`` holds class indices :math:`(N,)` or one-hot :math:`(N, C)`.
    Among equal scores the lower class index ranks first.

    Args:
        k (int): how many of the top classes count. Must be at least 1.

    Raises:
        TypeError: if ``k`` is not an int.
        ValueError: if ``k`` is less than 1.

    Examples:
        >>> import numpy as np
        >>> m = TopKCategoricalAccuracy(3)
        >>> m.update(np.array([[0.2, 0.5, 0.3, 0.6, 0.2], [0.1, 0.35, 0.5, 0.2, 0.],
        ...                    [0.9, 0.6, 0.2, 0.01, 0.3]]), np.array([2, 0, 1]))
        >>> print(m.eval())
        0.6666666666666666
    """

    def __init__(self, k: int) -> None:
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(
                f"For 'TopKCategoricalAccuracy', 'k' must be an int, but got {type(k).__name__}"
            )
        if k < 1:
            raise ValueError(f"For 'TopKCategoricalAccuracy', 'k' must be at least 1, but got {k}")
        self.k = k
        self.clear()

    def clear(self) -> None:
        """Reset the counts."""
        self._correct_num = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Count the samples of one batch ``(y_pred, y)`` whose label is in the top ``k``.

        Raises:
            ValueError: if there are not 2 inputs or the batch sizes differ.
        """
        name = type(self).__name__
        y_pred, y = self._pair(inputs)
        if y_pred.ndim == y.ndim and is_onehot(y):
            y = y.argmax(axis=1)
        y = y.reshape(-1)
        if y_pred.ndim != 2 or y.shape[0] != y_pred.shape[0]:
            raise ValueError(
                f"For '{name}.update', y_pred must be (N, C) and y (N,) or one-hot (N, C), "
                f"but got y_pred shape {y_pred.shape} and y shape {y.shape}"
            )
        top = np.argsort(-y_pred, axis=1, kind="stable")[:, : self.k]
        self._correct_num += int(np.equal(top, y[:, None]).any(axis=1).sum())
        self._samples_num += y.shape[0]

    def eval(self) -> np.float64:
        """The top-k accuracy (``numpy.float64``).

        Raises:
            RuntimeError: if no sample was seen.
        """
        if self._samples_num == 0:
            raise no_samples_error("TopKCategoricalAccuracy")
        return MetricFloat(self._correct_num / self._samples_num)


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """:class:`TopKCategoricalAccuracy` with ``k=1``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.Top1CategoricalAccuracy()
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]])), ms.Tensor(np.array([2, 0])))
        >>> print(m.eval())
        0.5
    """

    def __init__(self) -> None:
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """:class:`TopKCategoricalAccuracy` with ``k=5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.Top5CategoricalAccuracy()
        >>> m.clear()
        >>> m.update(ms.Tensor(np.eye(6)[[0, 1]]), ms.Tensor(np.array([5, 1])))
        >>> print(m.eval())
        0.5
    """

    def __init__(self) -> None:
        super().__init__(5)
