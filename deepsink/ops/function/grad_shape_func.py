"""The shape helpers of MindSpore's ``ops.functional`` used by gradient rules:
``reduced_shape`` (a shape with the reduced axes kept as 1) and ``broadcast_gradient_args`` (the
axes each operand's gradient sums over after a broadcast). Plain Python over shape tuples."""

from __future__ import annotations

from typing import Any

from deepsink.ops import _utils as U


def _shape(api: str, arg: str, value: Any) -> tuple:
    if not isinstance(value, tuple | list) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        U.fail(api, f"'{arg}' must be a tuple of ints, but got {value!r}", TypeError)
    return tuple(value)


def reduced_shape(input_shape: Any, axis: Any) -> tuple:
    """``input_shape`` with every axis in ``axis`` (an int or tuple; all for ``()``) set to 1.

    Args:
        input_shape (tuple[int]): A shape.
        axis (Union[int, tuple[int]]): The reduced axes; ``()`` reduces all.

    Returns:
        tuple[int], the shape a ``keep_dims`` reduction gives.

    Raises:
        TypeError: If ``input_shape`` is not a tuple of ints or ``axis`` not an int/tuple.
        ValueError: If an axis is out of range.

    Examples:
        >>> from deepsink.ops import functional as F
        >>> print(F.reduced_shape((2, 3, 4), (1,)))
        (2, 1, 4)
    """
    shape = _shape("reduced_shape", "input_shape", input_shape)
    axes = (axis,) if isinstance(axis, int) and not isinstance(axis, bool) else axis
    axes = _shape("reduced_shape", "axis", axes)
    n = len(shape)
    for a in axes:
        if not -n <= a < n:
            U.fail("reduced_shape", f"'axis' {a} is out of range [{-n}, {n})")
    picked = {a % n for a in axes} if axes else set(range(n))
    return tuple(1 if i in picked else d for i, d in enumerate(shape))


def broadcast_gradient_args(x_shape: Any, y_shape: Any) -> tuple:
    """The axes over which the gradients of two broadcast operands must be summed: for each
    operand, the output axes where it was missing or of size 1 while the output is not.

    Args:
        x_shape (tuple[int]): The first operand's shape.
        y_shape (tuple[int]): The second operand's shape.

    Returns:
        tuple of two tuples of ints.

    Raises:
        TypeError: If a shape is not a tuple of ints.
        ValueError: If the shapes do not broadcast.

    Examples:
        >>> from deepsink.ops import functional as F
        >>> print(F.broadcast_gradient_args((2, 3, 4), (3, 1)))
        ((), (0, 2))
    """
    xs = _shape("broadcast_gradient_args", "x_shape", x_shape)
    ys = _shape("broadcast_gradient_args", "y_shape", y_shape)
    n = max(len(xs), len(ys))
    xp, yp = (1,) * (n - len(xs)) + xs, (1,) * (n - len(ys)) + ys
    rx, ry = [], []
    for i, (a, b) in enumerate(zip(xp, yp)):
        if a != b and 1 not in (a, b):
            U.fail("broadcast_gradient_args", f"the shapes {xs} and {ys} do not broadcast")
        if a == 1 and b != 1 or (a == 1 and b == 1 and i < n - len(xs)):
            rx.append(i)
        if b == 1 and a != 1 or (a == 1 and b == 1 and i < n - len(ys)):
            ry.append(i)
    return tuple(rx), tuple(ry)
