"""OcclusionSensitivity: how much a model's score for a label drops when each part of the input
is covered, which shows the parts of an image the model relies on."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, rearrange_inputs


def _check(name: str, value: Any, kinds: tuple) -> Any:
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise TypeError(
            f"For 'OcclusionSensitivity', the argument '{name}' must be "
            f"{' or '.join(k.__name__ for k in kinds)}, but got "
            f"{type(value).__name__}"
        )
    return value


class OcclusionSensitivity(Metric):
    """The drop of the model's output for ``label`` when the region around each input position
    is set to ``pad_val``: ``baseline - score(occluded at position)`` for every position.

    The occluded region of position ``i`` spans ``[i - margin, i + margin)`` on every axis
    (clipped to the image), as in MindSpore 2.10.

    Args:
        pad_val (float, optional): the value written into the occluded region. Default: ``0.0``.
        margin (int, optional): the half-size of the occluded region. Default: ``2``.
        n_batch (int, optional): how many occluded images go through the model at once.
            Default: ``128``.
        b_box (list, optional): ``[min1, max1, min2, max2, ...]`` (inclusive) per non-batch
            axis: only positions inside it are analysed and the result has its size.
            Default: ``None``.

    Raises:
        TypeError: if an argument has the wrong type.

    Examples:
        >>> import numpy as np
        >>> from deepsink import nn, Tensor
        >>> from deepsink.train import OcclusionSensitivity
        >>> w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]]).astype(np.float32)
        >>> b = np.array([0.3, 0.6]).astype(np.float32)
        >>> model = nn.Dense(4, 2, weight_init=Tensor(w), bias_init=Tensor(b))
        >>> metric = OcclusionSensitivity()
        >>> metric.update(model, np.array([[0.1, 0.2, 0.3, 0.4]]).astype(np.float32),
        ...               np.array(1).astype(np.int32))
        >>> print(np.round(metric.eval(), 4))
        [0.3 0.6 1.  0.9]
    """

    def __init__(
        self, pad_val: float = 0.0, margin: int = 2, n_batch: int = 128, b_box: list | None = None
    ) -> None:
        super().__init__()
        self.pad_val = _check("pad_val", pad_val, (float,))
        self.margin = _check("margin", margin, (int,))
        self.n_batch = _check("n_batch", n_batch, (int,))
        if self.n_batch < 1:
            raise ValueError(
                f"For 'OcclusionSensitivity', 'n_batch' must be positive, but got {n_batch}"
            )
        self.b_box = b_box if b_box is None else _check("b_box", b_box, (list,))
        self.clear()

    def clear(self) -> None:
        """Forget the image analysed."""
        self._baseline = 0
        self._sensitivity_im = 0
        self._is_update = False

    def _box(self, shape: np.ndarray) -> tuple[np.ndarray | None, np.ndarray | None]:
        if self.b_box is None:
            return None, None
        if len(self.b_box) != 2 * len(shape):
            raise ValueError(
                f"For 'OcclusionSensitivity', the length of 'b_box' must be twice "
                f"the number of non-batch dimensions of the predicted value, but "
                f"got 'b_box' length {len(self.b_box)} and {len(shape)} "
                f"dimensions."
            )
        lo, hi = np.array(self.b_box[::2]), np.array(self.b_box[1::2])
        lo[lo < 0] = 0
        hi[hi < 0] = shape[hi < 0] - 1
        if np.any(hi >= shape):
            raise ValueError(
                "For 'OcclusionSensitivity', maximum bounding box must be smaller "
                "than image size for all values."
            )
        if np.any(lo > hi):
            raise ValueError(
                "For 'OcclusionSensitivity', minimum bounding box must be smaller "
                "than maximum bounding box for all values."
            )
        return lo, hi

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Analyse one image: ``model`` (a Cell), ``y_pred`` (the image, batch size 1) and
        ``label`` (the class whose score is watched).

        Raises:
            ValueError: for a number of inputs other than 3, or a bad ``b_box``.
            TypeError: if ``model`` is not a Cell.
            RuntimeError: if the batch size is not 1 or ``label`` has more than one element.
        """
        from deepsink.common.tensor import Tensor
        from deepsink.nn import Cell

        if len(inputs) != 3:
            raise ValueError(
                f"For 'OcclusionSensitivity.update', it needs 3 inputs "
                f"(classification model, predicted value, label), but got "
                f"{len(inputs)}."
            )
        model = inputs[0]
        if not isinstance(model, Cell):
            raise TypeError(
                f"For 'OcclusionSensitivity.update', the model (input[0]) must be a "
                f"Cell, but got {type(model).__name__}"
            )
        image = self._convert_data(inputs[1])
        label = self._convert_data(inputs[2])
        if image.shape[0] > 1:
            raise RuntimeError(
                f"For 'OcclusionSensitivity.update', the shape at index 0 of the "
                f"predicted value (input[1]) must be 1, but got "
                f"{image.shape[0]}."
            )
        label = int(np.asarray(label).reshape(-1)[0]) if np.size(label) == 1 else None
        if label is None:
            raise RuntimeError(
                "For 'OcclusionSensitivity.update', the number of the label "
                "(input[2]) must be same as the batches (1)."
            )
        shape = np.array(image.shape[1:])
        lo, hi = self._box(shape)
        out_shape = shape if lo is None else hi - lo + 1
        self._baseline = model(Tensor(image)).asnumpy()[0, label].item()
        scores: list[np.ndarray] = []
        batch: list[np.ndarray] = []
        total = int(np.prod(out_shape))
        for i in range(total):
            idx = np.array(np.unravel_index(i, tuple(out_shape)))
            if lo is not None:
                idx = idx + lo
            region = tuple(
                slice(max(0, k - self.margin), min(n, k + self.margin)) for k, n in zip(idx, shape)
            )
            occluded = image.copy()
            occluded[(...,) + region] = self.pad_val
            batch.append(occluded)
            if len(batch) == self.n_batch or i == total - 1:
                out = model(Tensor(np.concatenate(batch))).asnumpy()
                scores.append(out[:, label])
                batch = []
        self._sensitivity_im = np.concatenate(scores).reshape(tuple(out_shape))
        self._is_update = True

    def eval(self) -> np.ndarray:
        """``baseline - occluded score`` per position (squeezed).

        Raises:
            RuntimeError: before any ``update``.
        """
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)
