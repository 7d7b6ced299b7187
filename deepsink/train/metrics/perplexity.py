"""The perplexity metric (``Perplexity``)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, no_samples_error, rearrange_inputs


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
