"""``mindspore.dataset.core.datatypes``: MindSpore dtypes as the dataset engine's types."""

from __future__ import annotations

from typing import Any

import numpy as np

from deepsink._core.validate import fail_arg
from deepsink.common import dtype as mstype


def mstype_to_detype(type_: Any) -> np.dtype:
    """The engine's type of a MindSpore dtype: deepsink's engine holds NumPy arrays, so the NumPy
    dtype, whose ``str`` is the name MindSpore's engine type gives (``int32``).

    Raises:
        NotImplementedError: ``type_`` is not a MindSpore dtype (MindSpore 2.10's error).

    Examples:
        >>> import deepsink as ms
        >>> from deepsink.dataset.core.datatypes import mstype_to_detype
        >>> print(mstype_to_detype(ms.int32))
        int32
    """
    if not isinstance(type_, mstype.Type):
        fail_arg("mstype_to_detype", "type_", "a mindspore dtype", type_, NotImplementedError)
    return np.dtype(mstype.to_np(type_))
