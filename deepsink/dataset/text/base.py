"""What the text operations share: string inputs, MindSpore's pipeline error text, byte offsets,
ICU regular expressions and Unicode normalization as MindSpore's ICU kernels apply them."""

from __future__ import annotations

import inspect
import unicodedata
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

import numpy as np
import regex

from deepsink.dataset.core.errors import pipeline_error
from deepsink.dataset.engine.block import stack
from deepsink.dataset.transforms.transforms import TensorOperation


def as_text(x: Any) -> np.ndarray:
    """A string input as an array: Python strings as ``str`` and Python bytes as ``bytes``
    arrays. Bytes stay bytes, which MindSpore's string kernels refuse (their ``is_text`` check)."""
    x = np.asarray(x)
    if x.dtype == object and x.size:
        if all(isinstance(v, str) for v in x.flat):
            x = x.astype(str)
        elif all(isinstance(v, bytes) for v in x.flat):
            x = x.astype(bytes)
    return x


def decode_text(x: Any) -> np.ndarray:
    """A string input as ``str`` with bytes decoded as UTF-8 (MindSpore's Python-implemented text
    ops, such as PythonTokenizer, read bytes as ``to_str`` does)."""
    x = as_text(x)
    if x.dtype.kind == "S":
        x = np.char.decode(x, "utf-8")
    elif x.dtype == object and x.size and all(isinstance(v, str | bytes) for v in x.flat):
        x = np.array([v.decode("utf-8") if isinstance(v, bytes) else v for v in x.flat]).reshape(
            x.shape
        )
    return x


def is_text(x: np.ndarray) -> bool:
    return x.dtype.kind == "U"


def scalar_text(api: str, x: Any, message: str | None = None) -> str:
    """The one string of a 0-d string input."""
    x = as_text(x)
    if x.ndim != 0:
        raise pipeline_error(
            message or f"{api}: the input should be a scalar, but got a tensor with rank: {x.ndim}"
        )
    if not is_text(x):
        raise pipeline_error(message or f"{api}: the input should be of type string.")
    return str(x)


def tokens_array(tokens: Sequence[str]) -> np.ndarray:
    """Tokens as a 1-D string array; no token is one empty string, as MindSpore returns."""
    return np.array(tokens if tokens else [""])


def byte_offsets(s: str) -> np.ndarray | None:
    """``offsets[i]``: the UTF-8 byte position of character ``i`` of ``s`` (``None`` for ASCII,
    whose character and byte positions agree)."""
    if s.isascii():
        return None
    sizes = np.fromiter((len(c.encode("utf-8")) for c in s), np.uint32, len(s))
    return np.concatenate([[0], np.cumsum(sizes)]).astype(np.uint32)


def with_offsets(
    tokens: Sequence[str], spans: Sequence[tuple[int, int]], s: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Tokens with the byte offsets of their character spans in ``s`` (``uint32``)."""
    if not tokens:
        zero = np.zeros(1, np.uint32)
        return np.array([""]), zero, zero.copy()
    pos = np.array(spans, np.int64).reshape(-1, 2)
    table = byte_offsets(s)
    if table is not None:
        pos = table[pos]
    return np.array(tokens), pos[:, 0].astype(np.uint32), pos[:, 1].astype(np.uint32)


def stack_rows(outs: list) -> Any:
    """Per-row results as the pipeline's columns: one array when the rows share shape and
    dtype, else the list of rows (a tuple of columns for several outputs)."""
    if outs and isinstance(outs[0], tuple):
        return tuple(stack([o[k] for o in outs]) for k in range(len(outs[0])))
    return stack(outs)


class TextOperation(TensorOperation):
    """A text op: ``apply`` on one sample; in the pipeline a block of rows (stacked or ragged,
    as token arrays differ in length) runs in one ``apply_batch`` call."""

    batched = True
    ragged_batch = True

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) > 1 and _one_input(type(self).apply):
            raise RuntimeError("The op is OneToOne, can only accept one tensor as input.")
        return super().__call__(*inputs)

    def apply_batch(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        return stack_rows([self.apply(*row) for row in zip(*xs)])


@cache
def _one_input(apply: Any) -> bool:
    """Whether an op's ``apply`` takes one input (MindSpore's OneToOne kernels refuse more)."""
    params = [
        p for p in inspect.signature(apply).parameters.values() if p.name not in ("self", "u")
    ]
    return len(params) == 1 and params[0].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD


class Tokenizer(TextOperation):
    """A text op that tokenizes one string (``tokenize``): a block of strings runs through it
    row by row in one ``apply_batch`` call."""

    def tokenize(self, s: str) -> Any:
        raise NotImplementedError

    def apply_batch(self, *xs: Any, u: np.ndarray | None = None) -> Any:
        x = xs[0]
        if len(xs) == 1 and isinstance(x, np.ndarray) and x.ndim == 1 and x.dtype.kind == "U":
            return stack_rows([self.tokenize(s) for s in x.tolist()])  # a block of strings
        return super().apply_batch(*xs, u=u)


class StringTokenizer(Tokenizer):
    """A tokenizer of one string: ``spans(s)`` gives the tokens' character spans; the output is
    the tokens, with their byte offsets when ``with_offsets``."""

    with_offsets: bool = False

    def spans(self, s: str) -> list[tuple[int, int]]:
        raise NotImplementedError

    def tokenize(self, s: str) -> Any:
        spans = self.spans(s)
        tokens = [s[a:b] for a, b in spans]
        if self.with_offsets:
            return with_offsets(tokens, spans, s)
        return tokens_array(tokens)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        message = (
            f"{self.name}Op: the input shape should be scalar and the input datatype should be "
            "string."
        )
        return self.tokenize(scalar_text(self.name, x, message))


# ------------------------------------------------------------------------------- regex


def _convert_replacement(replace: str) -> str:
    """An ICU replacement (``$1``, ``\\$``) as a ``regex`` template (``\\g<1>``)."""
    out, i = [], 0
    while i < len(replace):
        c = replace[i]
        if c == "\\" and i + 1 < len(replace):
            out.append(replace[i + 1].replace("\\", "\\\\"))
            i += 2
        elif c == "$" and i + 1 < len(replace) and replace[i + 1].isdigit():
            j = i + 1
            while j < len(replace) and replace[j].isdigit():
                j += 1
            out.append(f"\\g<{replace[i + 1 : j]}>")
            i = j
        else:
            out.append("\\\\" if c == "\\" else c)
            i += 1
    return "".join(out)


_ICU_HEX = regex.compile(r"(?<!\\)\\x\{([0-9a-fA-F]+)\}")


@lru_cache(maxsize=256)
def icu_regex(pattern: str) -> regex.Pattern:
    """An ICU regular expression (``\\p{..}``, ``\\x{..}``) compiled with the ``regex`` package,
    which reads ICU's syntax (``\\x{hhhh}`` becomes ``\\Uhhhhhhhh``)."""
    pattern = _ICU_HEX.sub(lambda m: f"\\U{int(m.group(1), 16):08x}", pattern)
    return regex.compile(pattern, regex.V0)


@lru_cache(maxsize=256)
def icu_replacement(replace: str) -> str:
    return _convert_replacement(replace)


# ------------------------------------------------------------------------------- Unicode


# Default_Ignorable_Code_Point: NFKC_Casefold removes them
_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


def normalize(form: str, s: str) -> str:
    """``s`` in Unicode normal form ``form`` (``"NONE"`` leaves it)."""
    if form == "NONE" or s.isascii():
        return s
    return unicodedata.normalize(form, s)


def nfkc_casefold(s: str) -> str:
    """ICU's NFKC_Casefold (MindSpore's CaseFold): compatibility decomposition, full case
    folding, default-ignorable code points removed, recomposed."""
    if s.isascii():
        return s.lower()
    if _IGNORABLE.search(s):
        s = _IGNORABLE.sub("", unicodedata.normalize("NFKD", s))
    s = unicodedata.normalize("NFKC", s).casefold()
    if not unicodedata.is_normalized("NFKC", s):  # folding can leave a compatibility form
        s = unicodedata.normalize("NFKC", s).casefold()
        s = unicodedata.normalize("NFKC", s)
    return s
