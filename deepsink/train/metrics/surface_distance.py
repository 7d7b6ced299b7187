"""HausdorffDistance, MeanSurfaceDistance and RootMeanSquareDistance: distances between the
boundaries of a predicted and a true segmentation mask.

A mask's boundary is the mask minus its binary erosion; the distance of each boundary point of
one mask to the nearest boundary point of the other comes from SciPy's distance transforms
(``distance_transform_edt`` for 'euclidean', ``distance_transform_cdt`` for 'chessboard' and
'taxicab').
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.train.metrics.metric import Metric, rearrange_inputs

_METRICS = ("euclidean", "chessboard", "taxicab")


def _check_type(cls: str, name: str, value: Any, types: tuple) -> Any:
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        raise TypeError(
            f"For '{cls}', the argument '{name}' must be "
            f"{' or '.join(t.__name__ for t in types)}, but got "
            f"{type(value).__name__}"
        )
    return value


def _check_metric(cls: str, distance_metric: Any) -> str:
    _check_type(cls, "distance_metric", distance_metric, (str,))
    if distance_metric not in _METRICS:
        raise ValueError(
            f"For '{cls}', the argument 'distance_metric' must be one of "
            f"{list(_METRICS)}, but got {distance_metric!r}"
        )
    return distance_metric


def _edges(mask: np.ndarray) -> np.ndarray:
    from scipy import ndimage  # on first use: SciPy is slow to import

    return ndimage.binary_erosion(mask) ^ mask


def surface_distances(from_edges: np.ndarray, to_edges: np.ndarray, metric: str) -> np.ndarray:
    """The distance of every point of ``from_edges`` to the nearest point of ``to_edges``
    (inf where ``to_edges`` is empty; an empty array where ``from_edges`` is)."""
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        return np.full(int(from_edges.sum()), np.inf)
    from scipy import ndimage

    if metric == "euclidean":
        dist = ndimage.distance_transform_edt(~to_edges)
    else:
        dist = ndimage.distance_transform_cdt(~to_edges, metric=metric)
    return dist[from_edges]


class _SurfaceMetric(Metric):
    """The shared ``update``: ``(y_pred, y, label_idx)``, masks ``== label_idx`` to boundaries."""

    def clear(self) -> None:
        """Forget the masks seen."""
        self._y_pred_edges = 0
        self._y_edges = 0
        self._is_update = False

    def _masks(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        name = type(self).__name__
        if len(inputs) != 3:
            raise ValueError(
                f"For '{name}.update', it needs 3 inputs (predicted value, true "
                f"value, label index), but got {len(inputs)}."
            )
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        label_idx = inputs[2]
        if isinstance(label_idx, bool) or not isinstance(label_idx, int | float):
            raise TypeError(
                f"For '{name}.update', the label index (input[2]) must be int or "
                f"float, but got {type(label_idx).__name__}."
            )
        if label_idx not in y_pred and label_idx not in y:
            raise ValueError(
                f"For '{name}.update', the label index (input[2]) must be in "
                f"predicted value (input[0]) or true value (input[1]), but "
                f"{label_idx} is not."
            )
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(
                f"For '{name}.update', predicted value (input[0]) and true value "
                f"(input[1]) must be non-empty and of the same shape, but got "
                f"shapes {y_pred.shape} and {y.shape}."
            )
        y_pred = y_pred if y_pred.dtype == bool else y_pred == label_idx
        y = y if y.dtype == bool else y == label_idx
        return y_pred, y

    def _check_updated(self) -> None:
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")


class HausdorffDistance(_SurfaceMetric):
    r"""The Hausdorff distance between the boundaries of a predicted and a true mask:
    :math:`H(A, B) = \max(h(A, B), h(B, A))`, :math:`h(A, B) = \max_{a \in A} \min_{b \in B}
    \|a - b\|`.

    Args:
        distance_metric (str, optional): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``.
            Default: ``"euclidean"``.
        percentile (float, optional): a percentile in [0, 100] of the distances instead of their
            maximum. Default: ``None``.
        directed (bool, optional): only :math:`h(y\_pred, y)`. Default: ``False``.
        crop (bool, optional): crop both masks to the bounding box of their union first.
            Default: ``True``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``distance_metric`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> from deepsink import Tensor
        >>> from deepsink.train import HausdorffDistance
        >>> x = Tensor(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]]))
        >>> y = Tensor(np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]]))
        >>> metric = HausdorffDistance()
        >>> metric.update(x, y, 0)
        >>> print(metric.eval())
        1.4142135623730951
    """

    def __init__(
        self,
        distance_metric: str = "euclidean",
        percentile: float | None = None,
        directed: bool = False,
        crop: bool = True,
    ) -> None:
        super().__init__()
        self.distance_metric = _check_metric("HausdorffDistance", distance_metric)
        if percentile is not None:
            _check_type("HausdorffDistance", "percentile", percentile, (float,))
        self.percentile = percentile
        self.directed = _check_type("HausdorffDistance", "directed", directed, (bool,))
        self.crop = _check_type("HausdorffDistance", "crop", crop, (bool,))
        self.clear()

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Take ``y_pred``, ``y`` (label images of the same shape) and ``label_idx`` (the label
        whose masks are compared).

        Raises:
            ValueError: for a number of inputs other than 3, a label in neither image, or images
                of different shapes.
            TypeError: if ``label_idx`` is not an int or float.
        """
        self._is_update = True
        y_pred, y = self._masks(inputs)
        if self.crop:
            union = y_pred | y
            if not union.any():
                self._y_pred_edges, self._y_edges = np.zeros_like(y_pred), np.zeros_like(y)
                return
            box = tuple(slice(idx.min(), idx.max() + 1) for idx in np.nonzero(union))
            y_pred, y = np.squeeze(y_pred[box]), np.squeeze(y[box])  # as MindSpore: 1-wide axes go
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)

    def _directed(self, a: np.ndarray, b: np.ndarray) -> float:
        dist = surface_distances(a, b, self.distance_metric)
        if dist.size == 0:
            return np.inf
        if not self.percentile:
            return dist.max()
        if not 0 <= self.percentile <= 100:
            raise ValueError(
                f"For 'HausdorffDistance', the value of the argument 'percentile' "
                f"must be [0, 100], but got {self.percentile}."
            )
        return np.percentile(dist, self.percentile)

    def eval(self) -> Any:
        """The (directed or symmetric) Hausdorff distance, numpy.float64.

        Raises:
            RuntimeError: before any ``update``.
        """
        self._check_updated()
        hd = self._directed(self._y_pred_edges, self._y_edges)
        if self.directed:
            return hd
        return max(hd, self._directed(self._y_edges, self._y_pred_edges))


class MeanSurfaceDistance(_SurfaceMetric):
    """The mean distance of the predicted mask's boundary points to the true mask's boundary
    (``symmetric``: the mean of both directions' means).

    Args:
        symmetric (bool, optional): average both directions. Default: ``False``.
        distance_metric (str, optional): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``.
            Default: ``"euclidean"``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``distance_metric`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> from deepsink import Tensor
        >>> from deepsink.train import MeanSurfaceDistance
        >>> x = Tensor(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]]))
        >>> y = Tensor(np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]]))
        >>> metric = MeanSurfaceDistance(symmetric=False, distance_metric="euclidean")
        >>> metric.update(x, y, 0)
        >>> print(metric.eval())
        0.8047378541243649
    """

    _squared = False

    def __init__(self, symmetric: bool = False, distance_metric: str = "euclidean") -> None:
        super().__init__()
        name = type(self).__name__
        self.distance_metric = _check_metric(name, distance_metric)
        self.symmetric = _check_type(name, "symmetric", symmetric, (bool,))
        self.clear()

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        """Take ``y_pred``, ``y`` (label images of the same shape) and ``label_idx``.

        Raises:
            ValueError: for a number of inputs other than 3, a label in neither image, or images
                of different shapes.
            TypeError: if ``label_idx`` is not an int or float.
        """
        y_pred, y = self._masks(inputs)
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)
        self._is_update = True

    def _mean(self, a: np.ndarray, b: np.ndarray) -> Any:
        dist = surface_distances(a, b, self.distance_metric)
        if dist.size == 0:
            return None
        return (dist**2).mean() if self._squared else dist.mean()

    def eval(self) -> Any:
        """The distance, numpy.float64 (inf when the predicted boundary is empty).

        Raises:
            RuntimeError: before any ``update``.
        """
        self._check_updated()
        forward = self._mean(self._y_pred_edges, self._y_edges)
        if forward is None:
            return np.inf
        if not self.symmetric:
            return forward
        backward = self._mean(self._y_edges, self._y_pred_edges)
        if backward is None:
            return np.inf
        both = np.mean((forward, backward))
        return np.sqrt(both) if self._squared else both


class RootMeanSquareDistance(MeanSurfaceDistance):
    """The root mean square surface distance between the boundaries of a predicted and a true
    mask. As in MindSpore 2.10, the one-directional result (``symmetric=False``) is the mean of
    the squared distances (no square root); the symmetric one is the root of both directions'
    mean squares.

    Args:
        symmetric (bool, optional): average both directions. Default: ``False``.
        distance_metric (str, optional): ``"euclidean"``, ``"chessboard"`` or ``"taxicab"``.
            Default: ``"euclidean"``.

    Raises:
        TypeError: if an argument has the wrong type.
        ValueError: if ``distance_metric`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> from deepsink import Tensor
        >>> from deepsink.train import RootMeanSquareDistance
        >>> x = Tensor(np.array([[3, 0, 1], [1, 3, 0], [1, 0, 2]]))
        >>> y = Tensor(np.array([[0, 2, 1], [1, 2, 1], [0, 0, 1]]))
        >>> metric = RootMeanSquareDistance(symmetric=False, distance_metric="euclidean")
        >>> metric.update(x, y, 0)
        >>> print(metric.eval())
        1.0000000000000002
    """

    _squared = True
