"""``frombuffer`` and ``swap_tensors``: Tensors from raw memory, and exchanging two Tensors'
contents in place."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common.tensor import Tensor


def frombuffer(buffer: Any, dtype: Any, count: int = -1, offset: int = 0) -> Tensor:
    """A 1-D Tensor of ``count`` elements of ``dtype`` read from an object that exposes the
    buffer protocol (bytes, bytearray, memoryview, array.array, ...), from byte ``offset``.

    Args:
        buffer (object): the buffer.
        dtype (mindspore.dtype): the element type.
        count (int, optional): how many elements; ``-1`` for all that follow ``offset``.
            Default: ``-1``.
        offset (int, optional): the first byte read. Default: ``0``.

    Returns:
        Tensor, 1-D.

    Raises:
        RuntimeError: (as MindSpore) for an empty read, or a remaining length that is not a
            multiple of the element size.
        TypeError: if ``buffer`` does not expose the buffer protocol.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> buf = bytearray(np.arange(4, dtype=np.float32).tobytes())
        >>> print(ms.frombuffer(buf, ms.float32, count=2, offset=4))
        [1. 2.]
    """
    np_dtype = mstype.to_np(dtype)
    try:
        view = memoryview(buffer)
    except TypeError:
        raise TypeError(
            f"For 'frombuffer', 'buffer' must expose the buffer protocol, but got "
            f"{type(buffer).__name__}"
        ) from None
    length, size = view.nbytes, np_dtype.itemsize
    if length == 0 or count == 0:
        raise RuntimeError(f"both buffer length ({length}) and count ({count}) must not be 0")
    if offset < 0 or offset >= length:
        raise RuntimeError(
            f"offset ({offset} bytes) must be non-negative and no greater than "
            f"buffer length ({length} bytes) minus 1"
        )
    if count < 0 and (length - offset) % size != 0:
        raise RuntimeError(
            f"buffer length ({length - offset} bytes) after offset ({offset} "
            f"bytes) must be a multiple of element size ({size})."
        )
    if count > 0 and length - offset < count * size:
        raise RuntimeError(
            f"requested buffer length ({count} * {size} bytes) after offset "
            f"({offset} bytes) must not be greater than actual buffer length "
            f"({length} bytes)"
        )
    data = np.frombuffer(view, dtype=np_dtype, count=count, offset=offset)
    return Tensor(data.copy())


def swap_tensors(t1: Tensor, t2: Tensor) -> None:
    """Exchange the contents (values, shape, dtype) of two Tensors in place.

    Args:
        t1 (Tensor): the first Tensor.
        t2 (Tensor): the second Tensor.

    Raises:
        TypeError: if either is not a Tensor.

    Examples:
        >>> import deepsink as ms
        >>> a, b = ms.Tensor([1.0, 2.0]), ms.Tensor([[3, 4, 5]], ms.int32)
        >>> ms.swap_tensors(a, b)
        >>> print(a, b)
        [[3 4 5]] [1. 2.]
    """
    for name, t in (("t1", t1), ("t2", t2)):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"For 'swap_tensors', '{name}' must be a Tensor, but got {type(t).__name__}"
            )
    t1._data, t2._data = t2._data, t1._data
