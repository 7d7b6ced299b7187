"""Dice, Perplexity, CosineSimilarity and ``auc``."""

from __future__ import annotations

import math
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
            raise ValueError(f"For 'Dice.update', 'y_pred' and 'y' must have the same shape, but "
                             f"got {y_pred.shape} and {y.shape}")  # fmt: skip
        inter = np.dot(y_pred.flatten(), y.flatten())
        union = np.dot(y_pred.flatten(), y_pred.flatten()) + np.dot(y.flatten(), y.flatten())
        self._dice_coeff_sum += 2 * float(inter) / float(union + self.smooth)

    def eval(self) -> float:
        if self._samples_num == 0:
            raise no_samples_error("Dice")
        return self._dice_coeff_sum / float(self._samples_num)


class Perplexity(Metric):
    """``exp`` of the mean negative log probability of the labels (``ignore_label`` skipped).

    Args:
        ignore_label (int, optional): a label whose samples are skipped. Default: ``None``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.Perplexity()
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([[0.5, 0.5], [0.9, 0.1]])), ms.Tensor(np.array([0, 0])))
        >>> print(m.eval())
        1.4907119849998598
    """

    def __init__(self, ignore_label: int | None = None) -> None:
        super().__init__()
        self.ignore_label = ignore_label
        self.clear()

    def clear(self) -> None:
        self._sum_metric = 0.0
        self._num_inst = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        preds, labels = self._pair(inputs)
        preds = preds.reshape(-1, preds.shape[-1])
        labels = labels.reshape(-1).astype(np.int64)
        prob = preds[np.arange(labels.size), labels]
        if self.ignore_label is not None:
            keep = labels != self.ignore_label
            prob, labels = prob[keep], labels[keep]
        self._sum_metric += float(-np.log(np.maximum(1e-10, prob)).sum())
        self._num_inst += labels.size

    def eval(self) -> float:
        if self._num_inst == 0:
            raise no_samples_error("Perplexity")
        return math.exp(self._sum_metric / self._num_inst)


class CosineSimilarity(Metric):
    """Pairwise similarity of the rows of the inputs seen (``similarity`` 'cosine' or 'dot'),
    optionally zeroing the diagonal, reduced by ``reduction`` ('none', 'sum', 'mean') per row.

    Args:
        similarity (str): ``'cosine'`` or ``'dot'``. Default: ``'cosine'``.
        reduction (str): ``'none'``, ``'sum'`` or ``'mean'`` over each row. Default: ``'none'``.
        zero_diagonal (bool): zero each row's similarity with itself. Default: ``True``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> m = ms.train.CosineSimilarity()
        >>> m.clear()
        >>> m.update(np.array([[1.0, 0.0], [1.0, 1.0]]))
        >>> print(m.eval())
        [[0.         0.70710678]
         [0.70710678 0.        ]]
    """

    def __init__(self, similarity: str = "cosine", reduction: str = "none",
                 zero_diagonal: bool = True) -> None:  # fmt: skip
        super().__init__()
        if similarity not in ("cosine", "dot"):
            raise ValueError(f"For 'CosineSimilarity', 'similarity' must be 'cosine' or 'dot', "
                             f"but got {similarity!r}")  # fmt: skip
        if reduction not in ("none", "sum", "mean"):
            raise ValueError(f"For 'CosineSimilarity', 'reduction' must be 'none', 'sum' or "
                             f"'mean', but got {reduction!r}")  # fmt: skip
        self.similarity, self.reduction, self.zero_diagonal = similarity, reduction, zero_diagonal
        self.clear()

    def clear(self) -> None:
        self.sqr_mtx_res = 0
        self._is_update = False

    def update(self, inputs: Any) -> None:
        x = self._convert_data(inputs).astype(np.float64)
        if self.similarity == "cosine":
            x = x / np.linalg.norm(x, axis=1, keepdims=True)
        self.sqr_mtx_res = x @ x.T
        self._is_update = True

    def eval(self) -> Any:
        if not self._is_update:
            raise no_samples_error("CosineSimilarity")
        m = np.array(self.sqr_mtx_res, copy=True)
        if self.zero_diagonal:
            np.fill_diagonal(m, 0)
        if self.reduction == "mean":
            return m.mean(axis=-1)
        if self.reduction == "sum":
            return m.sum(axis=-1)
        return m


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
        raise ValueError(f"For 'auc', 'x' and 'y' must have the same length of at least 2, but "
                         f"got {x.size} and {y.size}")  # fmt: skip
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
                raise ValueError("For 'auc', 'x' is neither increasing nor decreasing; "
                                 "use reorder=True")  # fmt: skip
    return float(direction * np.trapezoid(y, x))
