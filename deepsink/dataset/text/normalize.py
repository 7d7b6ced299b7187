"""String-to-string transforms: CaseFold, NormalizeUTF8, RegexReplace and FilterWikipediaXML
(element by element on a string array of any shape, as MindSpore 2.10's kernels)."""

from __future__ import annotations

from typing import Any

import numpy as np
import regex

from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.text.base import (
    TextOperation,
    as_text,
    icu_regex,
    icu_replacement,
    nfkc_casefold,
    normalize,
    pipeline_error,
)
from deepsink.dataset.text.utils import NormalizeForm


def _strings(api: str, x: Any) -> np.ndarray:
    x = as_text(x)
    if x.dtype.kind != "U":
        raise pipeline_error(f"{api}: input is not string datatype.")
    return x


def _map(fn: Any, x: np.ndarray) -> np.ndarray:
    return np.array([fn(str(s)) for s in x.reshape(-1)], dtype=str).reshape(x.shape)


class CaseFold(TextOperation):
    """Fold the case of each string (ICU's NFKC_Casefold: ``"Straße"`` is ``"strasse"``).

    Raises:
        RuntimeError: the input is not a string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.CaseFold()("Welcome TO BeiJing"))
        welcome to beijing
    """

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        return _map(nfkc_casefold, _strings("CaseFold", x))


class NormalizeUTF8(TextOperation):
    """Put each string in a Unicode normal form.

    Args:
        normalize_form (NormalizeForm, optional): the form (``NONE`` leaves the strings).
            Default: ``NormalizeForm.NFKC``.

    Raises:
        TypeError: ``normalize_form`` is not a NormalizeForm.
        RuntimeError: the input is not a string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.NormalizeUTF8(text.NormalizeForm.NFKC)("ｆｕｌｌ①"))
        full1
    """

    def __init__(self, normalize_form: NormalizeForm = NormalizeForm.NFKC) -> None:
        if not isinstance(normalize_form, NormalizeForm):
            raise TypeError(
                "Wrong input type for normalization_form, should be enum NormalizeForm."
            )
        self.normalize_form = normalize_form

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        form = self.normalize_form.name
        return _map(lambda s: normalize(form, s), _strings("NormalizeUTF8", x))


class RegexReplace(TextOperation):
    """Replace the matches of ``pattern`` (an ICU regular expression) with ``replace`` (``$1``
    names a group).

    As MindSpore 2.10's kernel, the results of all the strings of the input are joined into its
    first string, the others are empty.

    Args:
        pattern (str): the expression.
        replace (str): the replacement.
        replace_all (bool, optional): replace every match, or only the first. Default: ``True``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``pattern`` is not a valid expression.
        RuntimeError: the input is not a string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.RegexReplace("(\\\\w+)@(\\\\w+)", "$2 at $1")("user@host"))
        host at user
    """

    def __init__(self, pattern: str, replace: str, replace_all: bool = True) -> None:
        type_check(pattern, (str,), "pattern")
        type_check(replace, (str,), "replace")
        type_check(replace_all, (bool,), "replace_all")
        self.pattern = pattern
        self.replace = replace
        self.replace_all = replace_all
        try:
            self._re = icu_regex(pattern)
        except regex.error as e:
            raise ValueError(
                f"RegexReplace: create icu RegexMatcher failed, you may input an error pattern "
                f"{pattern!r}: {e}"
            ) from e
        self._template = icu_replacement(replace)

    def _one(self, s: str) -> str:
        return self._re.sub(self._template, s, count=0 if self.replace_all else 1)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = _strings("RegexReplace", x)
        out = [""] * x.size
        out[0] = "".join(self._one(str(s)) for s in x.reshape(-1))
        return np.array(out, dtype=str).reshape(x.shape)


# the kernel's (ICU pattern, replacement) pairs, applied in the order of the patterns' code
# units (they are the keys of an ordered map), each result trimmed
_WIKI_PATTERNS = sorted(
    {
        r"<.*>": "",
        r"&amp;": "&",
        "&lt;": "<",
        "&gt;": ">",
        r"<ef[^<]*<\/ef>": "",
        "<[^>]*>": "",
        r"\[http:[^] ]*": "[",
        r"\|thumb": "",
        r"\|left": "",
        r"\|right": "",
        r"\|\d+px": "",
        r"\[\[image:[^\[\]]*\|": "",
        r"\[\[category:([^|\]]*)[^]]*\]\]": "[[$1]]",
        r"\[\[[a-z\-]*:[^\]]*\]\]": "",
        r"\[\[[^\|\]]*\|": "[[",
        r"\{\{[^\}]*\}\}": "",
        r"\{[^\}]*\}": "",
        r"\[": "",
        r"\]": "",
        "&[^;]*;": " ",
        **{chr(c): chr(c + 32) for c in range(ord("A"), ord("Z") + 1)},
        "R": "",  # as the kernel's table has it
        **{
            str(d): f" {w} "
            for d, w in enumerate("zero one two three four five six seven eight nine".split())
        },
        r"[^a-z\n]+": " ",
        r"\n ": "",
        r"\s+": " ",
        r"\n\s*\n": r"\n",
    }.items()
)


class FilterWikipediaXML(TextOperation):
    """Clean Wikipedia XML dump text to lowercase letters and single spaces (markup, references
    and links removed; digits spelled out), as MindSpore 2.10's kernel; a ``#redirect`` page
    becomes empty. Only the first string of the input is cleaned (the others are empty), as in
    MindSpore.

    Raises:
        RuntimeError: the input is not a string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.FilterWikipediaXML()("Welcome to [[China]]! 12"))
        welcome to china one two
    """

    _compiled = [(icu_regex(p), icu_replacement(r)) for p, r in _WIKI_PATTERNS]

    def _one(self, s: str) -> str:
        if "#redirect" in s or "#REDIRECT" in s:
            return ""
        for pattern, template in self._compiled:
            s = pattern.sub(template, s).strip(" \t\n\r\f\v\x00")
        return s

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.dtype.kind != "U":
            raise pipeline_error("RegexReplace: input is not of type string.")
        out = [""] * x.size
        if x.size:
            out[0] = self._one(str(x.reshape(-1)[0]))
        return np.array(out, dtype=str).reshape(x.shape)
