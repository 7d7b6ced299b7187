"""``mindspore.dataset.transforms.py_transforms_util``: the functions behind the Python-side
transforms (compose, one-hot with label smoothing, random order/apply/choice), with MindSpore
2.10's behaviour and errors. The random ones draw from Python's ``random`` module, which
``dataset.config.set_seed`` seeds, as in MindSpore.
"""

from __future__ import annotations

import random
from enum import IntEnum
from typing import Any

import numpy as np


class Implementation(IntEnum):
    """Where an operation runs: ``C`` (the engine's own kernels) or ``PY`` (Python).

    Examples:
        >>> from deepsink.dataset.transforms.py_transforms_util import Implementation
        >>> print(Implementation.PY.value)
        1
    """

    C = 0
    PY = 1


def all_numpy(args: Any) -> bool:
    """Whether ``args`` (one value or a tuple of them) are all NumPy arrays.

    Args:
        args (Any): a value or a tuple of values.

    Returns:
        bool, True if every value is a ``numpy.ndarray``.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.transforms.py_transforms_util import all_numpy
        >>> print(all_numpy((np.ones(2), np.zeros(1))), all_numpy((np.ones(2), 1)))
        True False
    """
    if isinstance(args, tuple):
        return all(isinstance(v, np.ndarray) for v in args)
    return isinstance(args, np.ndarray)


def compose(transforms: list, *args: Any) -> tuple:
    """Applies ``transforms`` in order to ``args``; each output (a tuple or one value) feeds the
    next.

    Args:
        transforms (list): the transforms.
        args (Any): the inputs.

    Returns:
        tuple, the last transform's outputs.

    Raises:
        Exception: a transform's own error, with a note naming the failing transform.

    Examples:
        >>> from deepsink.dataset.transforms.py_transforms_util import compose
        >>> print(compose([lambda x: x + 1, lambda x: x * 2], 3))
        (8,)
    """
    for i, transform in enumerate(transforms):
        try:
            args = transform(*args)
        except Exception as e:
            e.add_note(f"in transforms[{i}] ({getattr(transform, '__name__', transform)!s})")
            raise
        args = args if isinstance(args, tuple) else (args,)
    return args


_INT_TYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)


def one_hot_encoding(label: np.ndarray, num_classes: int, epsilon: float) -> np.ndarray:
    """One-hot codes of integer labels, smoothed: ``(1 - epsilon) * one_hot + epsilon /
    num_classes``.

    Args:
        label (numpy.ndarray): integer labels, any shape.
        num_classes (int): the classes, above every label.
        epsilon (float): the smoothing rate.

    Returns:
        numpy.ndarray, shape ``label.shape + (num_classes,)``, float64.

    Raises:
        ValueError: ``label`` is not an integer ndarray, or a label is ``>= num_classes``.

    Examples:
        >>> import numpy as np
        >>> from deepsink.dataset.transforms.py_transforms_util import one_hot_encoding
        >>> print(one_hot_encoding(np.array([2, 0]), 3, 0.0))
        [[0. 0. 1.]
         [1. 0. 0.]]
    """
    if not isinstance(label, np.ndarray):
        raise ValueError("the input is invalid, it should be numpy.ndarray.")
    if label.dtype not in _INT_TYPES:
        raise ValueError(f"the input numpy type should be int, but the input is: {label.dtype}")
    if label.ndim == 0:
        if label >= num_classes:
            raise ValueError("the num_classes is smaller than the category number.")
    else:
        too_big = label.ravel()[label.ravel() >= num_classes]
        if too_big.size:
            raise ValueError(
                f"the num_classes:{num_classes} is smaller than the category number:{too_big[0]}"
            )
    one_hot = (label[..., None] == np.arange(num_classes)).astype(int)
    return (1 - epsilon) * one_hot + epsilon / num_classes


def random_order(img: Any, transforms: list) -> Any:
    """Applies ``transforms`` in a random order (the list is shuffled in place, as in MindSpore).

    Args:
        img (Any): the input.
        transforms (list): the transforms.

    Returns:
        Any, the transformed input.

    Examples:
        >>> from deepsink.dataset.transforms.py_transforms_util import random_order
        >>> print(random_order(3, [lambda x: x + 1, lambda x: x + 2]))
        6
    """
    random.shuffle(transforms)
    for transform in transforms:
        img = transform(img)
    return img


def random_apply(img: Any, transforms: list, prob: float) -> Any:
    """Applies all of ``transforms`` with probability ``prob``, else returns ``img`` unchanged.

    Args:
        img (Any): the input.
        transforms (list): the transforms.
        prob (float): the probability to apply them.

    Returns:
        Any, the (maybe) transformed input.

    Examples:
        >>> from deepsink.dataset.transforms.py_transforms_util import random_apply
        >>> print(random_apply(3, [lambda x: x + 1], 1.0), random_apply(3, [lambda x: x + 1], 0.0))
        4 3
    """
    if prob < random.random():
        return img
    for transform in transforms:
        img = transform(img)
    return img


def random_choice(img: Any, transforms: list) -> Any:
    """Applies one transform picked at random from ``transforms``.

    Args:
        img (Any): the input.
        transforms (list): the candidates.

    Returns:
        Any, the transformed input.

    Examples:
        >>> from deepsink.dataset.transforms.py_transforms_util import random_choice
        >>> print(random_choice(3, [lambda x: x * 2]))
        6
    """
    return random.choice(transforms)(img)


class FuncWrapper:
    """Wraps a Python function as a transform.

    Args:
        transform (Callable): the function.

    Raises:
        ValueError: ``transform`` is not callable.

    Examples:
        >>> from deepsink.dataset.transforms.py_transforms_util import FuncWrapper
        >>> print(FuncWrapper(lambda x: x + 1)(1))
        2
    """

    def __init__(self, transform: Any) -> None:
        if not callable(transform):
            raise ValueError(
                f"Input operations should be callable Python function, but got: {transform}"
            )
        self.transform = transform
        self.implementation = Implementation.C
        self.random = bool(getattr(transform, "random", True))

    def __call__(self, *args: Any) -> Any:
        return self.transform(*args)
