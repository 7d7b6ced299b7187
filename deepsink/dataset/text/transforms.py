"""``mindspore.dataset.text.transforms``: UnicodeCharTokenizer (a string into its characters, with
their UTF-8 byte offsets) and ToNumber (numeric strings into numbers of a MindSpore dtype).

Results follow MindSpore 2.10's C++ kernels (checked against it): offsets are ``uint32`` byte
positions; ToNumber reads an integer as C's ``strtoll`` does (leading blanks, a sign, the longest
run of digits: ``"1.5"`` is 1) and a float as ``strtod`` does (``"0x10"`` is 16.0), and refuses a
value outside the target type's range.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.transforms.transforms import TensorOperation

_INT_PREFIX = re.compile(r"\s*[+-]?\d+")
_FLOAT_PREFIX = re.compile(
    r"\s*[+-]?(?:inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)", re.IGNORECASE
)
_HEX_FLOAT = re.compile(
    r"\s*[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?"
)


def _text(x: Any) -> np.ndarray:
    x = np.asarray(x)
    if x.dtype.kind == "S":
        x = np.char.decode(x, "utf-8")
    return x


class UnicodeCharTokenizer(TensorOperation):
    """Split a UTF-8 string into its characters.

    Args:
        with_offsets (bool, optional): also return each character's start and end byte offsets
            (``uint32``). Default: ``False``.

    Raises:
        TypeError: ``with_offsets`` is not a bool.
        RuntimeError: the input is not one string (a 0-d string array).

    Examples:
        >>> import deepsink.dataset.text as text
        >>> print(text.UnicodeCharTokenizer()("héllo"))
        ['h' 'é' 'l' 'l' 'o']
        >>> tokens, start, end = text.UnicodeCharTokenizer(with_offsets=True)("hé!")
        >>> print(start, end)
        [0 1 3] [1 3 4]
    """

    batched = False

    def __init__(self, with_offsets: bool = False) -> None:
        if not isinstance(with_offsets, bool):
            raise TypeError("Wrong input type for with_offsets, should be boolean.")
        self.with_offsets = with_offsets

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        x = _text(x)
        if x.ndim != 0 or x.dtype.kind != "U":
            raise RuntimeError(
                "UnicodeCharTokenizerOp: the input shape should be scalar and the input datatype "
                "should be string."
            )
        s = str(x)
        tokens = np.array(list(s) or [""])
        if not self.with_offsets:
            return tokens
        sizes = [len(c.encode("utf-8")) for c in s] or [0]
        end = np.cumsum(sizes).astype(np.uint32)
        return tokens, (end - np.array(sizes, np.uint32)).astype(np.uint32), end


class ToNumber(TensorOperation):
    """Numeric strings as numbers of ``data_type``, element by element (any shape).

    Args:
        data_type (mindspore.dtype): a numeric MindSpore type (int8 ... uint64, float16 ...
            float64).

    Raises:
        TypeError: ``data_type`` is not a MindSpore type, or not a numeric one.
        RuntimeError: an input is not a string, not a number, or out of ``data_type``'s range.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> out = text.ToNumber(ms.int32)(["123456", "-4"])
        >>> print(out, out.dtype)
        [123456     -4] int32
    """

    batched = False

    def __init__(self, data_type: Any) -> None:
        type_check(data_type, (mstype.Type,), "data_type")
        try:
            kind = np.dtype(mstype.to_np(data_type)).kind
        except TypeError:  # String, and the other types without an array dtype
            kind = ""
        if kind not in ("i", "u", "f"):
            raise TypeError(f"data_type: {data_type} is not numeric data type.")
        self.data_type = data_type
        self._np = np.dtype(mstype.to_np(data_type))

    def _one(self, s: str) -> Any:
        if self._np.kind in "iu":
            m = _INT_PREFIX.match(s)
            if m is None:
                raise RuntimeError(f'ToNumber: it is invalid to convert "{s}" to a number.')
            value = int(m.group())
            info = np.iinfo(self._np)
        else:
            m = _HEX_FLOAT.match(s)
            if m is not None:
                text = m.group().strip()
                sign = -1.0 if text.startswith("-") else 1.0
                value = sign * float.fromhex(text.lstrip("+-"))
            else:
                m = _FLOAT_PREFIX.match(s)
                if m is None:
                    raise RuntimeError(f'ToNumber: it is invalid to convert "{s}" to a number.')
                value = float(m.group())
            info = np.finfo(self._np)
            if not np.isfinite(value) or abs(value) <= info.max:
                return value
        if not info.min <= value <= info.max:
            raise RuntimeError(
                f"ToNumber: string input {s} will be out of bounds if cast to {self._np.name}. "
                f"The valid range is: [{info.min}, {info.max}]."
            )
        return value

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = _text(x)
        if x.dtype.kind != "U":
            raise RuntimeError("ToNumber: input should be string datatype.")
        values = [self._one(str(s)) for s in x.reshape(-1)]
        return dtype_rules.host_layout(np.array(values, dtype=self._np).reshape(x.shape))
