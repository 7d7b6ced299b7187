"""Tokenizers that split one string: on whitespace (WhitespaceTokenizer), on a regular expression
(RegexTokenizer), where the Unicode script changes (UnicodeScriptTokenizer), into characters
(UnicodeCharTokenizer), or with a Python function (PythonTokenizer).

With ``with_offsets`` each also returns the tokens' start and end UTF-8 byte offsets
(``uint32``); a string without tokens gives one empty token at offsets 0, as in MindSpore 2.10.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np
import regex

from deepsink.dataset.text.base import (
    StringTokenizer,
    TextOperation,
    decode_text,
    icu_regex,
)


def _check_bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"Wrong input type for {name}, should be boolean.")


def regex_spans(delim: regex.Pattern, keep: regex.Pattern | None, s: str) -> list:
    """The character spans of the text between matches of ``delim``, and of the matches that
    ``keep`` matches whole (MindSpore's RegexTokenizer kernel)."""
    out, start = [], 0
    for m in delim.finditer(s):
        a, b = m.span()
        if a > start:
            out.append((start, a))
        if keep is not None and b > a and keep.fullmatch(s, a, b):
            out.append((a, b))
        start = max(start, b)
    if start < len(s):
        out.append((start, len(s)))
    return out


class WhitespaceTokenizer(StringTokenizer):
    """Split a string on whitespace (ICU's White_Space characters).

    Args:
        with_offsets (bool, optional): also return the tokens' byte offsets. Default: ``False``.

    Raises:
        TypeError: ``with_offsets`` is not a bool.
        RuntimeError: the input is not one string.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.WhitespaceTokenizer()("Welcome  to\\tBeijing!"))
        ['Welcome' 'to' 'Beijing!']
    """

    _words = icu_regex(r"[^\p{White_Space}]+")

    def __init__(self, with_offsets: bool = False) -> None:
        _check_bool(with_offsets, "with_offsets")
        self.with_offsets = with_offsets

    def spans(self, s: str) -> list:
        return [m.span() for m in self._words.finditer(s)]


class RegexTokenizer(StringTokenizer):
    """Split a string where ``delim_pattern`` (an ICU regular expression) matches.

    Args:
        delim_pattern (str): the delimiters.
        keep_delim_pattern (str, optional): delimiters that this pattern matches whole are
            tokens too. Default: ``''`` (none).
        with_offsets (bool, optional): also return the tokens' byte offsets. Default: ``False``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``delim_pattern`` is None.
        RuntimeError: the input is not one string.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.RegexTokenizer(r"\\s+", r"\\s+")("Welcome  to"))
        ['Welcome' '  ' 'to']
    """

    def __init__(
        self, delim_pattern: str, keep_delim_pattern: str = "", with_offsets: bool = False
    ) -> None:
        if delim_pattern is None:
            raise ValueError("delim_pattern is not provided.")
        if not isinstance(delim_pattern, str):
            raise TypeError("Wrong input type for delim_pattern, should be string.")
        if not isinstance(keep_delim_pattern, str):
            raise TypeError("Wrong input type for keep_delim_pattern, should be string.")
        _check_bool(with_offsets, "with_offsets")
        self.delim_pattern = delim_pattern
        self.keep_delim_pattern = keep_delim_pattern
        self.with_offsets = with_offsets
        try:
            self._delim = icu_regex(delim_pattern)
            self._keep = icu_regex(keep_delim_pattern) if keep_delim_pattern else None
        except regex.error as e:
            raise ValueError(
                f"RegexTokenizer: the pattern {delim_pattern!r} or {keep_delim_pattern!r} is not "
                f"a valid regular expression: {e}"
            ) from e

    def spans(self, s: str) -> list:
        return regex_spans(self._delim, self._keep, s)


# scripts told apart by UnicodeScriptTokenizer; characters of other scripts (rare, historic)
# count as one "other" script
_SCRIPTS = (
    "Latin Greek Cyrillic Armenian Hebrew Arabic Syriac Thaana Devanagari Bengali Gurmukhi "
    "Gujarati Oriya Tamil Telugu Kannada Malayalam Sinhala Thai Lao Tibetan Myanmar Georgian "
    "Hangul Ethiopic Cherokee Canadian_Aboriginal Ogham Runic Khmer Mongolian Hiragana Katakana "
    "Bopomofo Han Yi Inherited Common"
).split()
_SCRIPT_RE = [(name, regex.compile(rf"\p{{Script={name}}}")) for name in _SCRIPTS]
_SPACE = regex.compile(r"\p{White_Space}")


@lru_cache(maxsize=1 << 16)
def _script(c: str) -> str:
    if _SPACE.match(c):
        return " "
    for name, pattern in _SCRIPT_RE:
        if pattern.match(c):
            return name
    return "other"


class UnicodeScriptTokenizer(StringTokenizer):
    """Split a string where the Unicode script of the characters changes (and on whitespace).

    Args:
        keep_whitespace (bool, optional): keep whitespace runs as tokens. Default: ``False``.
        with_offsets (bool, optional): also return the tokens' byte offsets. Default: ``False``.

    Raises:
        TypeError: a flag is not a bool.
        RuntimeError: the input is not one string.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.UnicodeScriptTokenizer()("Hello 北京123"))
        ['Hello' '北京' '123']
    """

    def __init__(self, keep_whitespace: bool = False, with_offsets: bool = False) -> None:
        _check_bool(keep_whitespace, "keep_whitespace")
        _check_bool(with_offsets, "with_offsets")
        self.keep_whitespace = keep_whitespace
        self.with_offsets = with_offsets

    def spans(self, s: str) -> list:
        out, start, last = [], 0, None
        for i, c in enumerate(s):
            script = _script(c)
            if script != last and i > start:
                if last != " " or self.keep_whitespace:
                    out.append((start, i))
                start = i
            last = script
        if len(s) > start and (last != " " or self.keep_whitespace):
            out.append((start, len(s)))
        return out


class UnicodeCharTokenizer(StringTokenizer):
    """Split a UTF-8 string into its characters.

    Args:
        with_offsets (bool, optional): also return each character's start and end byte offsets
            (``uint32``). Default: ``False``.

    Raises:
        TypeError: ``with_offsets`` is not a bool.
        RuntimeError: the input is not one string (a 0-d string array).

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.UnicodeCharTokenizer()("héllo"))
        ['h' 'é' 'l' 'l' 'o']
        >>> tokens, start, end = text.UnicodeCharTokenizer(with_offsets=True)("hé!")
        >>> print(start, end)
        [0 1 3] [1 3 4]
    """

    def __init__(self, with_offsets: bool = False) -> None:
        _check_bool(with_offsets, "with_offsets")
        self.with_offsets = with_offsets

    def spans(self, s: str) -> list:
        return [(i, i + 1) for i in range(len(s))]


class PythonTokenizer(TextOperation):
    """Tokenize each string with a Python function that returns its tokens.

    Args:
        tokenizer (Callable[[str], list[str]]): the function.

    Raises:
        TypeError: ``tokenizer`` is not callable; eagerly, the input is not a NumPy array.
        RuntimeError: the function fails.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.PythonTokenizer(lambda s: s.split("-"))(np.array("a-b-c")))
        ['a' 'b' 'c']
    """

    def __init__(self, tokenizer: Callable[[str], Any]) -> None:
        if not callable(tokenizer):
            raise TypeError("tokenizer is not a callable Python function.")
        self.tokenizer = tokenizer

    def __call__(self, *inputs: Any) -> Any:
        if len(inputs) == 1 and not isinstance(inputs[0], np.ndarray):
            raise TypeError(f"input should be a NumPy array. Got {type(inputs[0])}.")
        return super().__call__(*inputs)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        x = decode_text(x)
        fn = self.tokenizer
        try:
            vec = np.vectorize(lambda s: np.array(fn(s), dtype="U"), signature="()->(n)")
            return vec(x)
        except Exception as e:
            name = getattr(fn, "__name__", type(fn).__name__)
            raise RuntimeError(f"Error occurred in Pyfunc [{name}], error message: {e}") from e
