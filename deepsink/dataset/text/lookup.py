"""Token lookups: Lookup (tokens to their Vocab ids), ToNumber (numeric strings to numbers) and
ToVectors (tokens to their pre-trained vectors).

ToNumber reads an integer as C's ``strtoll`` does (leading blanks, a sign, the longest run of
digits: ``"1.5"`` is 1) and a float as ``strtod`` does (``"0x10"`` is 16.0), and refuses a value
outside the target type's range, as MindSpore 2.10's kernel.
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np

from deepsink.common import dtype as mstype
from deepsink.common import dtype_rules
from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.engine.block import stack
from deepsink.dataset.text.base import TextOperation, as_text, pipeline_error
from deepsink.dataset.text.utils import Vocab
from deepsink.dataset.text.vectors import Vectors

_INT_PREFIX = re.compile(r"\s*[+-]?\d+")
_FLOAT_PREFIX = re.compile(
    r"\s*[+-]?(?:inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)", re.IGNORECASE
)
_HEX_FLOAT = re.compile(
    r"\s*[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?"
)


class Lookup(TextOperation):
    """Tokens (a string array of any shape) as their ids in ``vocab``.

    Args:
        vocab (Vocab): the tokens and ids.
        unknown_token (str, optional): the token whose id a token outside ``vocab`` takes;
            ``None``: such a token is an error. Default: ``None``.
        data_type (mindspore.dtype, optional): the ids' type (numeric or bool).
            Default: ``mstype.int32``.

    Raises:
        TypeError: an argument has the wrong type.
        RuntimeError: ``unknown_token`` is not in ``vocab``, ``data_type`` is not numeric, the
            input is not a string array, or a token is unknown without ``unknown_token``.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> vocab = text.Vocab.from_list(["[UNK]", "hello", "world"])
        >>> print(text.Lookup(vocab, "[UNK]")(["hello", "nope", "world"]))
        [1 0 2]
    """

    def __init__(
        self, vocab: Vocab, unknown_token: str | None = None, data_type: Any = mstype.int32
    ) -> None:
        if unknown_token is not None:
            type_check(unknown_token, (str,), "unknown_token")
        type_check(vocab, (Vocab,), "vocab is not an instance of text.Vocab.")
        if not vocab.built:  # MindSpore checks the engine vocab it wraps, None until built
            type_check(None, (Vocab,), "vocab.c_vocab is not an instance of cde.Vocab.")
        type_check(data_type, (mstype.Type,), "data_type")
        self.vocab, self.unknown_token, self.data_type = vocab, unknown_token, data_type

    def _checked(self) -> tuple[np.dtype, int | None]:
        if self.unknown_token is not None and self.unknown_token not in self.vocab._ids:
            raise pipeline_error(f'Lookup: "{self.unknown_token}" doesn\'t exist in vocab.')
        try:
            dtype = np.dtype(mstype.to_np(self.data_type))
        except TypeError:
            dtype = np.dtype(object)
        if dtype.kind not in "iufb":
            raise pipeline_error("Lookup : The parameter data_type must be numeric including bool.")
        unk = None if self.unknown_token is None else self.vocab._ids[self.unknown_token]
        return dtype, unk

    def apply_batch(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        """A block of rows: all their tokens looked up at once, then split back into rows."""
        rows = [as_text(r) for r in xs[0]]
        if len(xs) != 1 or not all(r.ndim == 1 and r.dtype.kind == "U" for r in rows):
            return super().apply_batch(*xs, u=u)
        dtype, unk = self._checked()
        get = self.vocab._ids.get
        tokens = [t for r in rows for t in r.tolist()]
        ids = [get(t, unk) for t in tokens]
        if unk is None and None in ids:
            return super().apply_batch(*xs, u=u)  # the row's own call reports the token
        flat = dtype_rules.host_layout(np.array(ids, dtype=dtype))
        return stack(np.split(flat, np.cumsum([r.shape[0] for r in rows])[:-1]))

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        dtype, unk = self._checked()
        x = as_text(x)
        if x.dtype.kind != "U":
            raise pipeline_error("Lookup: input is not string datatype.")
        get = self.vocab._ids.get
        tokens = x.reshape(-1).tolist()
        ids = [get(t, unk) for t in tokens]
        if unk is None and None in ids:
            bad = tokens[ids.index(None)]
            raise pipeline_error(
                f'Lookup: invalid data, token: "{bad}" doesn\'t exist in vocab and no unknown '
                "token is specified."
            )
        return dtype_rules.host_layout(np.array(ids, dtype=dtype).reshape(x.shape))


class ToNumber(TextOperation):
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
            return self._float_in_range(s, value)
        if not info.min <= value <= info.max:
            raise RuntimeError(
                f"ToNumber: string input {s} will be out of bounds if cast to {self._np.name}. "
                f"The valid range is: [{info.min}, {info.max}]."
            )
        return value

    def _float_in_range(self, s: str, value: float) -> float:
        """MindSpore parses float16 and float32 with ``std::stof`` and float64 with ``std::stod``:
        an overflow or an infinity is out of bounds of the parsed type; float16 then checks its
        own range."""
        parsed = np.finfo(np.float64 if self._np == np.float64 else np.float32)
        if math.isinf(value) or abs(value) > float(parsed.max):
            raise RuntimeError(
                f"ToNumber: string input {s} will be out of bounds if cast to {self._np.name}. "
                f"The valid range is: [{float(parsed.min):f}, {float(parsed.max):f}]."
            )
        half = float(np.finfo(np.float16).max)
        if self._np == np.float16 and abs(value) > half:
            raise RuntimeError(
                f"ToFloat16: value {float(np.float32(value)):f}in input data is outside of valid "
                f"float16 range [{half:f}, {-half:f}]."
            )
        return value

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.dtype.kind != "U":
            raise RuntimeError("ToNumber: input should be string datatype.")
        values = [self._one(str(s)) for s in x.reshape(-1)]
        return dtype_rules.host_layout(np.array(values, dtype=self._np).reshape(x.shape))


class ToVectors(TextOperation):
    """Tokens (a 0-d or 1-D string array) as their vectors (``float32``, one row per token; one
    token gives its vector alone).

    Args:
        vectors (Vectors): the vectors (Vectors, FastText, GloVe or CharNGram).
        unk_init (Sequence[float], optional): the vector of a token without one; ``None``:
            zeros. Default: ``None``.
        lower_case_backup (bool, optional): look an unknown token up again in lower case.
            Default: ``False``.

    Raises:
        TypeError: an argument has the wrong type.
        RuntimeError: the input is not a string array, or ``unk_init``'s length is not the
            vectors' dimension.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "vectors.txt")
        >>> _ = open(path, "w").write("hi 1 2\\n")
        >>> print(text.ToVectors(text.Vectors.from_file(path), [9, 9])(["hi", "x"]))
        [[1. 2.]
         [9. 9.]]
    """

    def __init__(
        self, vectors: Vectors, unk_init: Any = None, lower_case_backup: bool = False
    ) -> None:
        type_check(vectors, (Vectors,), "vectors")
        if unk_init is not None:
            type_check(unk_init, (list, tuple), "unk_init")
            for i, value in enumerate(unk_init):
                type_check(value, (int, float), f"unk_init[{i}]")
        type_check(lower_case_backup, (bool,), "lower_case_backup")
        self.vectors, self.unk_init, self.lower_case_backup = vectors, unk_init, lower_case_backup

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.dtype.kind != "U":
            raise pipeline_error("ToVectors: input tensor type should be string.")
        dim = self.vectors.dim
        if self.unk_init is None:
            unk = np.zeros(dim, np.float32)
        else:
            unk = np.asarray(self.unk_init, np.float32)
            if unk.shape != (dim,):
                raise pipeline_error(
                    "ToVectors: unk_init must be the same length as vectors, but got unk_init: "
                    f"{len(self.unk_init)} and vectors: {dim}"
                )
        rows = [self.vectors.lookup(str(t), unk, self.lower_case_backup) for t in x.reshape(-1)]
        out = np.stack(rows) if rows else np.zeros((0, dim), np.float32)
        return out[0] if len(rows) == 1 else out  # one token: its vector, as MindSpore
