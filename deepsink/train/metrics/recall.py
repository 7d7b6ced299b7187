"""Recall."""

from __future__ import annotations

from deepsink.train.metrics.precision import _PerClassRate


class Recall(_PerClassRate):
    r"""Recall per class: :math:`\frac{TP}{TP + FN}`.

    Args:
        eval_type (str): ``'classification'`` or ``'multilabel'``. Default: ``'classification'``.

    Examples:
        >>> import numpy as np
        >>> m = Recall()
        >>> m.update(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), np.array([1, 0, 1]))
        >>> m.eval(), m.eval(average=True)
        (array([1. , 0.5]), 0.75)
    """

    _by_prediction = False
