"""The area under a curve by the trapezoidal rule (``auc``)."""

from __future__ import annotations

from typing import Any

import numpy as np


def auc(x: Any, y: Any, reorder: bool = False) -> float:
    """Area under the curve through the points (x, y), by the trapezoidal rule; ``x`` must be
    monotonic unless ``reorder``.

    Args:
        x (Union[list, numpy.ndarray]): the x coordinates, monotonic unless ``reorder``.
        y (Union[list, numpy.ndarray]): the y coordinates.
        reorder (bool): sort the points by x first. Default: ``False``.

    Returns:
        float, the area.

    Examples:
        >>> import numpy as np
        >>> from deepsink.train import auc
        >>> print(auc(np.array([0.0, 0.5, 1.0]), np.array([0.0, 1.0, 1.0])))
        0.75
    """
    x, y = np.asarray(x, np.float64).reshape(-1), np.asarray(y, np.float64).reshape(-1)
    if x.shape != y.shape or x.size < 2:
        raise ValueError(
            f"For 'auc', 'x' and 'y' must have the same length of at least 2, but "
            f"got {x.size} and {y.size}"
        )
    direction = 1.0
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if np.all(dx <= 0):
                direction = -1.0
            else:
                raise ValueError(
                    "For 'auc', 'x' is neither increasing nor decreasing; use reorder=True"
                )
    return float(direction * np.trapezoid(y, x))
