"""BERT's tokenizers: BasicTokenizer (normalize, split on whitespace and punctuation, one token
per CJK character), WordpieceTokenizer (greedy longest-match subwords from a Vocab) and
BertTokenizer (both in turn).

As MindSpore 2.10's kernels: offsets are UTF-8 byte positions in the normalized string (lower
casing and accent stripping can shorten it); ``lower_case`` folds with ICU's NFKC_Casefold; and
with ``preserve_unused_token`` the case folding keeps ``[CLS] [SEP] [UNK] [PAD] [MASK]`` but
(MindSpore's kernel never advances its start) folds the text from the string's start up to each
of them, so text before a special token appears again after it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import UINT32_MAX, check_value
from deepsink.dataset.text.base import (
    TextOperation,
    Tokenizer,
    as_text,
    icu_regex,
    nfkc_casefold,
    normalize,
    pipeline_error,
    scalar_text,
    tokens_array,
    with_offsets,
)
from deepsink.dataset.text.utils import NormalizeForm, Vocab

# the kernel's punctuation and CJK characters, each one token
_COMMON_CLASS = (
    r"!-/:-@\[-`{-~\p{P}\x{4E00}-\x{9FFF}\x{3400}-\x{4DBF}\x{20000}-\x{2A6DF}"
    r"\x{2A700}-\x{2B73F}\x{2B740}-\x{2B81F}\x{2B820}-\x{2CEAF}\x{F900}-\x{FAFF}"
    r"\x{2F800}-\x{2FA1F}"
)
_UNUSED = r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]|"
_UNUSED_WORD = icu_regex(r"\[(?:CLS|SEP|UNK|PAD|MASK)\]")
_ACCENTS = icu_regex(r"\p{Mn}")
_CONTROL = icu_regex(r"\p{Cc}|\p{Cf}")
_CACHE_SIZE = 1 << 20  # pieces of text remembered per tokenizer
_ASCII_CONTROL = {c: " " for c in [*range(32), 127]}


def _check_bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"Wrong input type for {name}, should be boolean.")


def _check_vocab(vocab: Any) -> None:
    if vocab is None:
        raise ValueError("vocab is not provided.")
    if not isinstance(vocab, Vocab):
        raise TypeError("Wrong input type for vocab, should be text.Vocab object.")


def _special_spans(s: str) -> list[tuple[int, int]]:
    """The spans of ``_UNUSED_WORDS`` in ``s`` (the kernel scans for ``[`` ... ``]`` words; a
    ``[`` inside one restarts it, so a regular expression finds the same ones)."""
    if "[" not in s:
        return []
    return [m.span() for m in _UNUSED_WORD.finditer(s)]


def _fold_keeping_specials(s: str) -> str:
    spans = _special_spans(s)
    if not spans:
        return nfkc_casefold(s)
    return "".join(nfkc_casefold(s[:a]) + s[a:b] for a, b in spans) + (
        nfkc_casefold(s) if spans[-1][1] < len(s) else ""
    )


class BasicTokenizer(Tokenizer):
    """Split a string on whitespace and punctuation; each CJK character is a token.

    Args:
        lower_case (bool, optional): case fold (NFKC_Casefold), decompose (NFD) and drop accents
            (``\\p{Mn}``) first; otherwise normalize with ``normalization_form``.
            Default: ``False``.
        keep_whitespace (bool, optional): keep whitespace runs as tokens. Default: ``False``.
        normalization_form (NormalizeForm, optional): the normal form when not ``lower_case``.
            Default: ``NormalizeForm.NONE``.
        preserve_unused_token (bool, optional): keep ``[CLS] [SEP] [UNK] [PAD] [MASK]`` and
            ``[unusedN]`` whole. Default: ``True``.
        with_offsets (bool, optional): also return the tokens' start and end byte offsets.
            Default: ``False``.

    Raises:
        TypeError: a flag is not a bool, or ``normalization_form`` is not a NormalizeForm.
        RuntimeError: the input is not one string.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.BasicTokenizer(lower_case=True)("Hello, World!"))
        ['hello' ',' 'world' '!']
    """

    def __init__(
        self,
        lower_case: bool = False,
        keep_whitespace: bool = False,
        normalization_form: NormalizeForm = NormalizeForm.NONE,
        preserve_unused_token: bool = True,
        with_offsets: bool = False,
    ) -> None:
        _check_bool(lower_case, "lower_case")
        _check_bool(keep_whitespace, "keep_whitespace")
        if not isinstance(normalization_form, NormalizeForm):
            raise TypeError(
                "Wrong input type for normalization_form, should be enum NormalizeForm."
            )
        _check_bool(preserve_unused_token, "preserve_unused_token")
        _check_bool(with_offsets, "with_offsets")
        self.lower_case = lower_case
        self.keep_whitespace = keep_whitespace
        self.normalization_form = normalization_form
        self.preserve_unused_token = preserve_unused_token
        self.with_offsets = with_offsets
        # the kernel splits at its delimiters (a run of whitespace, one punctuation or CJK
        # character, a special token) and keeps the non-whitespace ones: the same tokens as
        # matching a kept delimiter or a run of characters that start none
        unused = _UNUSED if preserve_unused_token else ""
        space = "|\\s+" if keep_whitespace else ""
        self._tokens = icu_regex(f"{unused}[{_COMMON_CLASS}]|[^\\s{_COMMON_CLASS}]+{space}")
        self._chunks: dict[str, tuple[str, ...]] = {}

    def normalized(self, s: str) -> str:
        """``s`` as the kernel tokenizes it: folded or normalized, control characters blanked."""
        if self.lower_case:
            s = _fold_keeping_specials(s) if self.preserve_unused_token else nfkc_casefold(s)
            if not s.isascii():
                s = _ACCENTS.sub("", unicodedata.normalize("NFD", s))
        else:
            s = normalize(self.normalization_form.name, s)
        if s.isascii():
            return s.translate(_ASCII_CONTROL)
        return _CONTROL.sub(" ", s)

    def spans(self, s: str) -> list[tuple[int, int]]:
        """The tokens' character spans in ``s`` (already normalized)."""
        return [m.span() for m in self._tokens.finditer(s)]

    def words(self, s: str) -> list[str]:
        """The tokens of ``s`` (already normalized)."""
        if self.keep_whitespace:
            return self._tokens.findall(s)
        out: list[str] = []
        for chunk in s.split():
            out.extend(self.chunk_tokens(chunk))
        return out

    def chunk_tokens(self, chunk: str) -> tuple[str, ...]:
        """The tokens of a whitespace-free piece of normalized text (no token crosses
        whitespace, so a string's tokens are its pieces' tokens in turn; control characters are
        blank by now, so Python's and ICU's whitespace agree), cached per piece."""
        hit = self._chunks.get(chunk)
        if hit is None:
            hit = (
                (chunk,)
                if chunk.isascii() and chunk.isalnum()
                else tuple(self._tokens.findall(chunk))
            )
            if len(self._chunks) < _CACHE_SIZE:
                self._chunks[chunk] = hit
        return hit

    def tokenize(self, s: str) -> Any:
        s = self.normalized(s)
        if not self.with_offsets:
            return tokens_array(self.words(s))
        spans = self.spans(s)
        return with_offsets([s[a:b] for a, b in spans], spans, s)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self.tokenize(scalar_text("BasicTokenizer", x))


class _Wordpiece:
    """Greedy longest-match-first subwords of one word, cached per word."""

    def __init__(
        self, vocab: Vocab, suffix_indicator: str, max_bytes_per_token: int, unknown_token: str
    ) -> None:
        self.ids = vocab._ids
        self.suffix = suffix_indicator
        self.max_bytes = max_bytes_per_token
        self.unknown = unknown_token
        self.cache: dict[str, tuple[tuple[str, ...], tuple[tuple[int, int], ...]]] = {}

    def pieces(self, word: str) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
        """The word's subwords and their byte spans within the word."""
        hit = self.cache.get(word)
        if hit is not None:
            return hit
        raw = word.encode("utf-8")
        unknown = ((self.unknown or word,), ((0, len(raw)),))
        if len(raw) > self.max_bytes:
            out = unknown
        else:
            tokens, spans, start, pos = [], [], 0, 0
            while start < len(word):
                end = len(word)
                while end > start:
                    piece = word[start:end]
                    if start > 0:
                        piece = self.suffix + piece
                    if piece in self.ids:
                        break
                    end -= 1
                if end == start:
                    tokens = None
                    break
                size = len(word[start:end].encode("utf-8"))
                tokens.append(piece)
                spans.append((pos, pos + size))
                pos += size
                start = end
            out = unknown if tokens is None else (tuple(tokens), tuple(spans))
        if len(self.cache) < _CACHE_SIZE:
            self.cache[word] = out
        return out

    def split(self, words: Any, starts: Any = None) -> Any:
        """Subwords of each word, with byte offsets shifted by the words' ``starts``."""
        tokens: list[str] = []
        cache, pieces = self.cache, self.pieces
        if starts is None:
            for w in words:
                hit = cache.get(w)
                tokens.extend((hit or pieces(w))[0])
            return tokens, None, None
        begin: list[int] = []
        end: list[int] = []
        for w, s in zip(words, starts):
            subwords, spans = pieces(w)
            tokens.extend(subwords)
            begin.extend(s + a for a, _ in spans)
            end.extend(s + b for _, b in spans)
        return tokens, begin, end


def _check_wordpiece_args(
    vocab: Any, suffix_indicator: Any, max_bytes_per_token: Any, unknown_token: Any, with_offsets
) -> None:
    _check_vocab(vocab)
    if not isinstance(suffix_indicator, str):
        raise TypeError("Wrong input type for suffix_indicator, should be string.")
    if not isinstance(max_bytes_per_token, int) or isinstance(max_bytes_per_token, bool):
        raise TypeError("Wrong input type for max_bytes_per_token, should be int.")
    check_value(max_bytes_per_token, (0, UINT32_MAX))
    if not isinstance(unknown_token, str):
        raise TypeError("Wrong input type for unknown_token, should be string.")
    _check_bool(with_offsets, "with_offsets")


class WordpieceTokenizer(TextOperation):
    """Split words (a 1-D string array) into the longest subwords found in ``vocab``.

    Args:
        vocab (Vocab): the subwords.
        suffix_indicator (str, optional): the prefix of a subword that continues a word.
            Default: ``'##'``.
        max_bytes_per_token (int, optional): a longer word (in UTF-8 bytes) is unknown.
            Default: ``100``.
        unknown_token (str, optional): the token of a word that does not split into subwords;
            ``''`` keeps the word. Default: ``'[UNK]'``.
        with_offsets (bool, optional): also return each subword's byte offsets in its word.
            Default: ``False``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``max_bytes_per_token`` is negative or above UINT32_MAX.
        RuntimeError: the input is not a 0-d or 1-D string array.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> vocab = text.Vocab.from_list(["un", "##want", "##ed", "[UNK]"])
        >>> print(text.WordpieceTokenizer(vocab)(["unwanted", "xyz"]))
        ['un' '##want' '##ed' '[UNK]']
    """

    def __init__(
        self,
        vocab: Vocab,
        suffix_indicator: str = "##",
        max_bytes_per_token: int = 100,
        unknown_token: str = "[UNK]",
        with_offsets: bool = False,
    ) -> None:
        _check_wordpiece_args(
            vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets
        )
        self.vocab = vocab
        self.suffix_indicator = suffix_indicator
        self.max_bytes_per_token = max_bytes_per_token
        self.unknown_token = unknown_token
        self.with_offsets = with_offsets
        self._wp = _Wordpiece(vocab, suffix_indicator, max_bytes_per_token, unknown_token)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        x = as_text(x)
        if x.ndim > 1 or x.dtype.kind != "U":
            raise pipeline_error(
                "WordpieceTokenizer: The input shape should be 1D scalar the input datatype "
                "should be string."
            )
        if x.size == 0:
            raise pipeline_error("Input Tensor has no data.")
        words = x.reshape(-1).tolist()
        if not self.with_offsets:
            return tokens_array(self._wp.split(words)[0])
        tokens, begin, end = self._wp.split(words, [0] * len(words))
        return np.array(tokens), np.array(begin, np.uint32), np.array(end, np.uint32)


class BertTokenizer(Tokenizer):
    """BasicTokenizer, then WordpieceTokenizer on its tokens.

    Args:
        vocab (Vocab): the subwords.
        suffix_indicator (str, optional): see WordpieceTokenizer. Default: ``'##'``.
        max_bytes_per_token (int, optional): see WordpieceTokenizer. Default: ``100``.
        unknown_token (str, optional): see WordpieceTokenizer. Default: ``'[UNK]'``.
        lower_case (bool, optional): see BasicTokenizer. Default: ``False``.
        keep_whitespace (bool, optional): see BasicTokenizer. Default: ``False``.
        normalization_form (NormalizeForm, optional): see BasicTokenizer.
            Default: ``NormalizeForm.NONE``.
        preserve_unused_token (bool, optional): see BasicTokenizer. Default: ``True``.
        with_offsets (bool, optional): also return the subwords' byte offsets in the normalized
            string. Default: ``False``.

    Raises:
        TypeError: an argument has the wrong type.
        ValueError: ``vocab`` is None, or ``max_bytes_per_token`` is out of range.
        RuntimeError: the input is not one string.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> vocab = text.Vocab.from_list(["[UNK]", "i", "am", "mak", "##ing", "it", "!"])
        >>> print(text.BertTokenizer(vocab, lower_case=True)("I am making it!"))
        ['i' 'am' 'mak' '##ing' 'it' '!']
    """

    def __init__(
        self,
        vocab: Vocab,
        suffix_indicator: str = "##",
        max_bytes_per_token: int = 100,
        unknown_token: str = "[UNK]",
        lower_case: bool = False,
        keep_whitespace: bool = False,
        normalization_form: NormalizeForm = NormalizeForm.NONE,
        preserve_unused_token: bool = True,
        with_offsets: bool = False,
    ) -> None:
        if vocab is None:
            raise ValueError("vacab is not provided.")
        _check_wordpiece_args(
            vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets
        )
        self.vocab = vocab
        self.suffix_indicator = suffix_indicator
        self.max_bytes_per_token = max_bytes_per_token
        self.unknown_token = unknown_token
        self.lower_case = lower_case
        self.keep_whitespace = keep_whitespace
        self.normalization_form = normalization_form
        self.preserve_unused_token = preserve_unused_token
        self.with_offsets = with_offsets
        self._basic = BasicTokenizer(
            lower_case, keep_whitespace, normalization_form, preserve_unused_token, with_offsets
        )
        self._wp = _Wordpiece(vocab, suffix_indicator, max_bytes_per_token, unknown_token)
        self._pieces: dict[str, tuple[str, ...]] = {}

    def tokenize(self, s: str) -> Any:
        s = self._basic.normalized(s)
        if not self.with_offsets:
            if self.keep_whitespace:
                return tokens_array(self._wp.split(self._basic.words(s))[0])
            out: list[str] = []
            for chunk in s.split():  # each piece's subwords, cached
                hit = self._pieces.get(chunk)
                if hit is None:
                    hit = tuple(self._wp.split(self._basic.chunk_tokens(chunk))[0])
                    if len(self._pieces) < _CACHE_SIZE:
                        self._pieces[chunk] = hit
                out.extend(hit)
            return tokens_array(out)
        spans = self._basic.spans(s)
        words = [s[a:b] for a, b in spans]
        _, starts, _ = with_offsets(words, spans, s)
        tokens, begin, end = self._wp.split(words, starts.tolist() if words else None)
        if not words:
            return with_offsets([], [], s)
        return np.array(tokens), np.array(begin, np.uint32), np.array(end, np.uint32)

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> Any:
        return self.tokenize(scalar_text("BasicTokenizer", x))
