"""Loss: the average of the losses seen."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, MetricFloat, rearrange_inputs


class Loss(Metric):
    r"""Average of the loss over the ``update`` calls: :math:`\frac{1}{n}\sum_{k=1}^{n} loss_k`.

    Each ``update`` takes one loss, a scalar or a 1-D array (averaged first).

    Examples:
        >>> import numpy as np
        >>> m = Loss()
        >>> m.update(np.array([1.0, 2.0, 3.0]))
        >>> m.update(np.array(0.5))
        >>> print(m.eval())
        1.25
    """

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        """Reset the sum and the count."""
        self._sum_loss = np.float64(0.0)
        self._total_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Add one loss.

        Raises:
            ValueError: if there is not exactly 1 input, or the loss has more than 1 dimension.
        """
        if len(inputs) != 1:
            raise ValueError(f"For 'Loss.update', it needs 1 input (loss), but got {len(inputs)}")
        loss = self._convert_data(inputs[0])
        if loss.ndim > 1:
            raise ValueError(
                f"For 'Loss.update', the dimension of your input (loss) must be 0 or 1, "
                f"but got {loss.ndim}."
            )
        self._sum_loss += np.float64(loss.reshape(-1).mean())
        self._total_num += 1

    def eval(self) -> np.float64:
        """The average loss (``numpy.float64``).

        Raises:
            RuntimeError: if ``update`` was never called.
        """
        if self._total_num == 0:
            raise RuntimeError(
                "The 'Loss' can not be calculated, because the number of samples is 0, please "
                "check whether has called update method before calling eval method."
            )
        return MetricFloat(self._sum_loss / self._total_num)
