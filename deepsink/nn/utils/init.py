"""``no_init_parameters``: MindSpore's context for building a network whose Parameters will be
overwritten (by a checkpoint) before use."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from deepsink.common.parameter import Parameter


@contextmanager
def no_init_parameters() -> Iterator[None]:
    r"""Marks the Parameters created inside the block as not needing their initializer
    (``Parameter.init_param`` is False inside, True again after).

    MindSpore skips drawing those initial values until ``Cell.init_parameters_data()`` or the
    first run, so that loading a checkpoint into a large network costs no extra memory. deepsink
    draws every Parameter's value when it is created, so the block changes no value a program
    can observe: a checkpoint loaded afterwards replaces the values, and
    ``init_parameters_data()`` leaves them as they are.

    Returns:
        A context manager.

    Raises:
        Nothing of its own; errors raised inside the block propagate after the flag is restored.

    Examples:
        >>> import deepsink as ms
        >>> from deepsink import nn
        >>> with nn.no_init_parameters():
        ...     print(ms.Parameter.init_param)
        ...     net = nn.Dense(3, 2)
        False
        >>> print(ms.Parameter.init_param, net.weight.shape)
        True (2, 3)
    """
    Parameter.init_param = False
    try:
        yield
    finally:
        Parameter.init_param = True


Parameter.init_param = True
