"""The Dice coefficient metric (``Dice``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, no_samples_error, rearrange_inputs


class Dice(Metric):
    """The Dice coefficient ``2 <y_pred, y> / (<y_pred, y_pred> + <y, y> + smooth)`` of each
    batch, summed and divided by the number of samples seen (MindSpore's accumulation).

    Args:
        smooth (float): added to the denominator, > 0. Default: ``1e-5``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.Dice()
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([[0.0, 1.0], [1.0, 1.0]])), ms.Tensor(np.array([[0.0, 1.0], [1.0, 0.0]])))
        >>> print(m.eval())
        0.39999920000160005
    """

    def __init__(self, smooth: float = 1e-5) -> None:
        super().__init__()
        if smooth <= 0:
            raise ValueError(f"For 'Dice', 'smooth' must be greater than 0, but got {smooth}")
        self.smooth = smooth
        self.clear()

    def clear(self) -> None:
        self._dice_coeff_sum = 0.0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        y_pred, y = self._pair(inputs)
        self._samples_num += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError(
                f"For 'Dice.update', 'y_pred' and 'y' must have the same shape, but "
                f"got {y_pred.shape} and {y.shape}"
            )
        inter = np.dot(y_pred.flatten(), y.flatten())
        union = np.dot(y_pred.flatten(), y_pred.flatten()) + np.dot(y.flatten(), y.flatten())
        self._dice_coeff_sum += 2 * float(inter) / float(union + self.smooth)

    def eval(self) -> float:
        if self._samples_num == 0:
            raise no_samples_error("Dice")
        return self._dice_coeff_sum / float(self._samples_num)
