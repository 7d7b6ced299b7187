"""The cosine similarity metric (``CosineSimilarity``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, no_samples_error


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

    def __init__(
        self, similarity: str = "cosine", reduction: str = "none", zero_diagonal: bool = True
    ) -> None:
        super().__init__()
        if similarity not in ("cosine", "dot"):
            raise ValueError(
                f"For 'CosineSimilarity', 'similarity' must be 'cosine' or 'dot', "
                f"but got {similarity!r}"
            )
        if reduction not in ("none", "sum", "mean"):
            raise ValueError(
                f"For 'CosineSimilarity', 'reduction' must be 'none', 'sum' or "
                f"'mean', but got {reduction!r}"
            )
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
