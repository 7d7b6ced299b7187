"""Top-level names MindSpore 2.10 exports beside the dtypes: the NumPy/C-style dtype aliases,
``ms.is_tensor`` and ``ms.from_numpy`` (the alias targets as MindSpore 2.10 prints them)."""

from __future__ import annotations

import numpy as np
import pytest

import deepsink as ms

ALIASES = {
    "intc": "Int32", "intp": "Int64", "uintc": "UInt32", "uintp": "UInt64", "byte": "Int8",
    "ubyte": "UInt8", "short": "Int16", "ushort": "UInt16", "long": "Int64",
    "cfloat": "Complex64", "cdouble": "Complex128",
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(ALIASES))
def test_dtype_aliases(name: str) -> None:
    assert str(getattr(ms, name)) == ALIASES[name]
    assert getattr(ms.common.dtype, name) is getattr(ms, name)


def test_is_tensor_and_from_numpy() -> None:
    assert ms.is_tensor(ms.Tensor(1)) and not ms.is_tensor(1)
    t = ms.from_numpy(np.array([1, 2], np.int16))
    assert str(t.dtype) == "Int16" and t.asnumpy().tolist() == [1, 2]
    with pytest.raises(TypeError, match="from_numpy"):
        ms.from_numpy([1, 2])
