"""Metric base class, the ``rearrange_inputs`` decorator and shared input checks.

Metrics run on the host with NumPy, as in MindSpore: ``update`` takes Tensors, numpy arrays or
lists and accumulates; ``eval`` returns numpy values. Sums are accumulated in float64, so results
match MindSpore (which ran on NumPy 1, where mixing a float32 with a Python number gave float64).
"""

from __future__ import annotations

import functools
from abc import ABCMeta, abstractmethod
from collections.abc import Callable
from typing import Any

import numpy as np

_EVAL_TYPES = ("classification", "multilabel")


class MetricFloat(np.float64):
    """A metric's scalar result: a ``numpy.float64`` (as MindSpore's metrics return) whose repr is
    the plain number, so that ``print(model.eval(ds))`` shows ``{'acc': 0.5}`` as MindSpore 2.10
    prints it, not NumPy 2's ``np.float64(0.5)``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr(float(self))


def rearrange_inputs(func: Callable) -> Callable:
    """Decorate ``update`` so that it receives ``inputs[i] for i in self.indexes`` when set.

    Args:
        func (Callable): the metric's ``update`` method.

    Returns:
        Callable, the wrapped ``update``.

    Examples:
        >>> from deepsink.train import Metric, rearrange_inputs
        >>> class Pick(Metric):
        ...     def clear(self): pass
        ...     def eval(self): pass
        ...     @rearrange_inputs
        ...     def update(self, *inputs):
        ...         return inputs
        >>> Pick().set_indexes([1, 0]).update(5, 9)
        (9, 5)
    """

    @functools.wraps(func)
    def wrapper(self: Metric, *inputs: Any) -> Any:
        indexes = self.indexes
        if indexes:
            inputs = tuple(inputs[i] for i in indexes)
        return func(self, *inputs)

    return wrapper


class Metric(metaclass=ABCMeta):
    """Base class of metrics: ``clear`` resets, ``update`` accumulates, ``eval`` computes.

    ``metric(y_pred, y)`` runs ``clear``, ``update`` and ``eval`` once. ``set_indexes([i, j])``
    makes ``update`` (when decorated with :func:`rearrange_inputs`) use the network outputs at
    those positions, e.g. ``[0, 2]`` for ``(logits, loss, label)``.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> class MeanError(ms.train.Metric):
        ...     def clear(self):
        ...         self.total, self.n = 0.0, 0
        ...     def update(self, y_pred, y):
        ...         self.total += float(np.abs(self._convert_data(y_pred) - self._convert_data(y)).sum())
        ...         self.n += len(y)
        ...     def eval(self):
        ...         return self.total / self.n
        >>> m = MeanError()
        >>> m.clear()
        >>> m.update(ms.Tensor(np.array([1.0, 2.0])), ms.Tensor(np.array([1.5, 2.0])))
        >>> print(m.eval())
        0.25
    """

    def __init__(self) -> None:
        self._indexes: list[int] | None = None

    def _convert_data(self, data: Any) -> np.ndarray:
        """A numpy array from a Tensor, jax/numpy array, numpy scalar, list or tuple."""
        if hasattr(data, "asnumpy"):
            return data.asnumpy()
        if isinstance(data, np.ndarray):
            return data
        if isinstance(data, list | tuple | np.generic) or type(data).__module__.startswith("jax"):
            return np.asarray(data)
        raise TypeError(
            f"For '{type(self).__name__}', the input data type must be Tensor, list or "
            f"numpy.ndarray, but got {type(data).__name__}"
        )

    def _pair(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        """``update``'s two inputs ``(y_pred, y)`` as arrays; any other count is an error."""
        if len(inputs) != 2:
            raise ValueError(
                f"For '{type(self).__name__}.update', it needs 2 inputs (predicted value, true "
                f"value), but got {len(inputs)}"
            )
        return self._convert_data(inputs[0]), self._convert_data(inputs[1])

    @property
    def indexes(self) -> list[int] | None:
        """The positions of ``update``'s inputs to use (None: all, in order)."""
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes: list[int]) -> Metric:
        """Select and reorder ``update``'s inputs; returns ``self``.

        Raises:
            ValueError: if ``indexes`` is not a list of ints.
        """
        if not isinstance(indexes, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in indexes
        ):
            raise ValueError(
                "For 'set_indexes', the argument 'indexes' must be a list and all its elements "
                "must be int, please check whether it is correct. "
                f"But got {indexes!r}"
            )
        self._indexes = indexes
        return self

    def __call__(self, *inputs: Any) -> Any:
        """Evaluate one batch: ``clear()``, ``update(*inputs)``, ``eval()``."""
        self.clear()
        self.update(*inputs)
        return self.eval()

    @abstractmethod
    def clear(self) -> None:
        """Reset the accumulated state."""

    @abstractmethod
    def update(self, *inputs: Any) -> None:
        """Accumulate one batch (usually ``y_pred, y``)."""

    @abstractmethod
    def eval(self) -> Any:
        """The result over everything accumulated since ``clear``."""


class EvaluationBase(Metric):
    """Base of the classification metrics (Accuracy, Precision, Recall): shape and value checks.

    Args:
        eval_type (str): ``'classification'`` (one label per sample) or ``'multilabel'``.

    Raises:
        TypeError: if ``eval_type`` is not one of them.
    """

    def __init__(self, eval_type: str) -> None:
        super().__init__()
        if eval_type not in _EVAL_TYPES:
            raise TypeError(
                f"For '{type(self).__name__}', 'eval_type' must be one of {list(_EVAL_TYPES)}, "
                f"but got {eval_type!r}"
            )
        self._type = eval_type

    def _inputs(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        """``(y_pred, y)`` as arrays, one-hot labels turned to indices, checked."""
        y_pred, y = self._pair(inputs)
        if self._type == "classification" and y_pred.ndim == y.ndim and is_onehot(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        return y_pred, y

    def _check_shape(self, y_pred: np.ndarray, y: np.ndarray) -> None:
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1:
                raise ValueError(
                    "In classification case, the dimension of y_pred (predicted value) should "
                    "equal to the dimension of y (true value) add 1, but got y_pred dimension: "
                    f"{y_pred.ndim} and y dimension: {y.ndim}."
                )
            if y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError(
                    "In classification case, y_pred (predicted value) shape and y (true value) "
                    "shape can not match, y shape should be equal to y_pred shape that the value "
                    "at index 1 is deleted. Such as y_pred shape (1, 2, 3), then y shape should "
                    f"be (1, 3). But got y_pred shape {y_pred.shape} and y shape {y.shape}"
                )
        elif y_pred.shape != y.shape:
            raise ValueError(
                f"In {self._type} case, the shape of y_pred (predicted value) should equal to "
                f"the shape of y (true value), but got y_pred shape: {y_pred.shape} and y "
                f"shape: {y.shape}."
            )

    def _check_value(self, y_pred: np.ndarray, y: np.ndarray) -> None:
        if self._type == "multilabel" and not (_binary(y_pred) and _binary(y)):
            raise ValueError(
                "In multilabel case, all elements in y_pred (predicted value) and y (true value) "
                "should be 0 or 1. Please check whether your inputs y_pred and y are correct."
            )

    def _check_class_num(self, y_pred: np.ndarray) -> int:
        """Remember the class count of the first batch; later batches must match it."""
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(
                f"For '{type(self).__name__}.update', class number not match, last input "
                f"predicted data contain {self._class_num} classes, but current predicted data "
                f"contain {y_pred.shape[1]} classes, please check your predicted value(inputs[0])."
            )
        return self._class_num


def _binary(a: np.ndarray) -> bool:
    return bool(np.equal(a**2, a).all())


def is_onehot(data: np.ndarray) -> bool:
    """True if ``data`` is 0/1 with exactly one 1 along axis 1 (one-hot labels)."""
    if data.ndim > 1 and _binary(data):
        return bool(np.equal(data.sum(axis=1), 1).all())
    return False


def no_samples_error(name: str) -> RuntimeError:
    """MindSpore's error for ``eval`` before any ``update``."""
    return RuntimeError(
        f"The '{name}' can not be calculated, because the number of samples is 0, please check "
        "whether your inputs(predicted value, true value) are empty, or has called update "
        "method before calling eval method."
    )
