"""``mindspore._c_expression``: the names of MindSpore's private C++ binding that libraries built on
MindSpore (mindnlp's initializers) call, each deepsink's own implementation of the same function."""

from __future__ import annotations

import numpy as np

from deepsink._core import host_random
from deepsink._core.validate import fail_arg


def _random_normal(seed: int, data: np.ndarray, mean: float, sigma: float) -> None:
    """Fill ``data`` in place with MindSpore's host normal stream of ``seed`` (the values
    ``initializer.Normal`` draws), as MindSpore 2.10's binding does.

    Args:
        seed (int): the stream's 64-bit seed.
        data (numpy.ndarray): the float32 buffer to fill.
        mean (float): the mean.
        sigma (float): the standard deviation.

    Raises:
        TypeError: ``data`` is not a float32 NumPy array.

    Examples:
        >>> import numpy as np
        >>> from deepsink._c_expression import _random_normal
        >>> data = np.zeros(3, np.float32)
        >>> _random_normal(5, data, 0.0, 1.0)
        >>> print(data)
        [ 1.1987393  -1.5148976  -0.56773245]
    """
    if not isinstance(data, np.ndarray) or data.dtype != np.float32:
        shown = data.dtype if isinstance(data, np.ndarray) else type(data).__name__
        fail_arg("_random_normal", "data", "a float32 numpy.ndarray", shown, TypeError)
    data[...] = host_random.normal(seed, data.shape, mean, sigma)
