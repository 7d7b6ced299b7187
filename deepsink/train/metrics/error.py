"""MAE and MSE."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, MetricFloat, no_samples_error, rearrange_inputs


class _SampleError(Metric):
    """Sum of an elementwise error, divided by the number of samples (the batch dimension)."""

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        """Reset the sum and the count."""
        self._error_sum = np.float64(0.0)
        self._samples_num = 0

    def _error(self, diff: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Add the error of one batch ``(y_pred, y)``; ``y`` must have ``y_pred``'s size.

        Raises:
            ValueError: if there are not 2 inputs, or their sizes differ.
        """
        name = type(self).__name__
        y_pred, y = self._pair(inputs)
        if y.size != y_pred.size:
            raise ValueError(
                f"For '{name}.update', the true value (inputs[1]) must have the shape of the "
                f"predicted value (inputs[0]) {y_pred.shape}, but got {y.shape}"
            )
        self._error_sum += np.float64(self._error(y.reshape(y_pred.shape) - y_pred).sum())
        self._samples_num += y.shape[0] if y.ndim else 1

    def eval(self) -> np.float64:
        """The error sum over the number of samples (``numpy.float64``).

        Raises:
            RuntimeError: if no sample was seen.
        """
        if self._samples_num == 0:
            raise no_samples_error(type(self).__name__)
        return MetricFloat(self._error_sum / self._samples_num)


class MAE(_SampleError):
    r"""Mean absolute error: :math:`\frac{1}{n}\sum_i |y\_pred_i - y_i|` with :math:`n` the batch size.

    As in MindSpore, the absolute errors of all elements are summed and divided by the number
    of samples (the first dimension), not the number of elements.

    Examples:
        >>> import numpy as np
        >>> m = MAE()
        >>> m.update(np.array([0.1, 0.2, 0.6, 0.9]), np.array([0.1, 0.25, 0.7, 0.9]))
        >>> print(round(float(m.eval()), 6))
        0.0375
    """

    def _error(self, diff: np.ndarray) -> np.ndarray:
        return np.abs(diff)


class MSE(_SampleError):
    r"""Mean squared error: :math:`\frac{1}{n}\sum_i (y\_pred_i - y_i)^2` with :math:`n` the batch size.

    As in MindSpore, the squared errors of all elements are summed and divided by the number
    of samples (the first dimension), not the number of elements.

    Examples:
        >>> import numpy as np
        >>> m = MSE()
        >>> m.update(np.array([0.1, 0.2, 0.6, 0.9]), np.array([0.1, 0.25, 0.7, 0.9]))
        >>> print(round(float(m.eval()), 6))
        0.003125
    """

    def _error(self, diff: np.ndarray) -> np.ndarray:
        return np.square(diff)
