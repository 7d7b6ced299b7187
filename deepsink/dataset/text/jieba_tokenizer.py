"""JiebaTokenizer: Chinese word segmentation as MindSpore 2.10 does it, with cppjieba's three
segmenters on cppjieba's two dictionary files.

``mp_path`` holds one ``word freq tag`` line per word (the format of the ``dict.txt`` that the
``jieba`` package ships, which serves as ``mp_path`` as it is); ``hmm_path`` holds the hidden
Markov model's start, transition and emission log-probabilities of the states B, E, M, S
(``scripts/record_jieba_tokenizer.py`` writes one from the ``jieba`` package's
``jieba.finalseg.prob_*``). The segmenters are cppjieba's, the library MindSpore's kernel runs:
the ``jieba`` package's own ``cut`` breaks ties, weighs unknown characters and groups ASCII text
differently, and gives other tokens on some sentences.

- ``MP``: the maximum-probability path through the dictionary's word graph (a character that
  starts no word weighs the dictionary's least weight; equal paths keep the shorter word);
- ``HMM``: Viterbi decoding of the B/E/M/S states, ASCII letters (with digits) and numbers (with
  dots) kept whole;
- ``MIX``: ``MP``, then each run of single characters cut again by ``HMM``.

All three first split the text at the separators space, tab, newline, ``，`` and ``。``, each its
own token.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import check_uint32, type_check
from deepsink.dataset.text.base import StringTokenizer, pipeline_error
from deepsink.dataset.text.utils import JiebaMode

MIN_DOUBLE = -3.14e100
MAX_WORD_LENGTH = 512
SEPARATORS = frozenset(" \t\n，。")
B, E, M, S = range(4)
# a user dictionary line: a word, then an optional frequency (MindSpore's pattern)
_USER_LINE = re.compile(r"^\s*([^\s*]+?)\s*([0-9]+)?\s*$", re.U)


class WordDict:
    """The words of an ``mp_path`` file with their log-frequency weights, and the words added."""

    def __init__(self, path: str) -> None:
        freqs: list[tuple[str, float]] = []
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and not lines[-1]:
            lines.pop()  # the newline that ends the last line
        for n, line in enumerate(lines, 1):
            fields = line.split(" ")
            if len(fields) != 3:
                raise pipeline_error(
                    f"JiebaTokenizer: line {n} of the dictionary {path} should be "
                    f"'word freq tag', but got: {line!r}"
                )
            freqs.append((fields[0], _atof(fields[1])))
        if not freqs:
            raise pipeline_error(f"JiebaTokenizer: the dictionary {path} holds no word.")
        total = 0.0
        for _, freq in freqs:
            total += freq
        self.freq_sum = total
        self.weights: dict[str, float] = {}
        for word, freq in freqs:
            self.weights[word] = math.log(freq / total)
        ordered = sorted(math.log(freq / total) for _, freq in freqs)
        self.min_weight = ordered[0]
        self.default_weight = ordered[len(ordered) // 2]  # cppjieba's median user weight
        self.prefixes = {w[:k] for w in self.weights for k in range(1, len(w))}

    def add(self, word: str, freq: int) -> None:
        """A user word: its frequency's weight, or the median weight for frequency 0."""
        if not word:
            return
        self.weights[word] = math.log(freq / self.freq_sum) if freq else self.default_weight
        self.prefixes.update(word[:k] for k in range(1, len(word)))

    def cut(self, s: str, lo: int, hi: int) -> list[tuple[int, int]]:
        """The maximum-probability words of ``s[lo:hi]`` as spans."""
        n = hi - lo
        best = [0.0] * (n + 1)
        step = [1] * n
        weights, prefixes = self.weights, self.prefixes
        for i in range(n - 1, -1, -1):
            top, size = MIN_DOUBLE, 0
            for j in range(i + 1, min(n, i + MAX_WORD_LENGTH) + 1):
                piece = s[lo + i : lo + j]
                w = weights.get(piece)
                if w is not None or j == i + 1:
                    val = best[j] + (self.min_weight if w is None else w)
                    if val > top:
                        top, size = val, j - i
                if piece not in prefixes:
                    break
            best[i], step[i] = top, size
        spans, i = [], 0
        while i < n:
            spans.append((lo + i, lo + i + step[i]))
            i += step[i]
        return spans


def _atof(text: str) -> float:
    """C's ``atof``: the longest leading number, 0.0 when there is none."""
    m = re.match(r"\s*[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)", text)
    return float(m.group(0)) if m else 0.0


class HMMModel:
    """The B/E/M/S model of an ``hmm_path`` file: ``#`` lines and blank lines are skipped; then
    a line of 4 start log-probabilities, 4 lines of transitions and 4 lines of
    ``char:logprob,...`` emissions (B, E, M, S)."""

    def __init__(self, path: str) -> None:
        with open(path, encoding="utf-8") as f:
            lines = [x.strip() for x in f.read().split("\n")]
        lines = [x for x in lines if x and not x.startswith("#")]
        if len(lines) < 9:
            raise pipeline_error(
                f"JiebaTokenizer: the HMM model {path} should hold 9 lines (start, 4 "
                f"transitions, 4 emissions), but got {len(lines)}."
            )
        rows = [[_atof(v) for v in line.split(" ")] for line in lines[:5]]
        if any(len(r) != 4 for r in rows):
            raise pipeline_error(
                f"JiebaTokenizer: the start and transition lines of {path} should hold 4 values."
            )
        self.start, self.trans = rows[0], rows[1:5]
        self.emit: list[dict[str, float]] = []
        for line in lines[5:9]:
            table = {}
            for item in line.split(","):
                parts = item.split(":")
                if len(parts) != 2 or len(parts[0]) != 1:
                    raise pipeline_error(
                        f"JiebaTokenizer: an emission of {path} should be 'char:logprob', "
                        f"but got {item!r}."
                    )
                table[parts[0]] = _atof(parts[1])
            self.emit.append(table)

    def viterbi_cut(self, s: str, lo: int, hi: int) -> list[tuple[int, int]]:
        """The words of ``s[lo:hi]`` (no ASCII) where the decoded state is E or S."""
        emit, trans = self.emit, self.trans
        weight = [self.start[y] + emit[y].get(s[lo], MIN_DOUBLE) for y in range(4)]
        paths = []
        for x in range(lo + 1, hi):
            new, back = [], []
            for y in range(4):
                e = emit[y].get(s[x], MIN_DOUBLE)
                top, arg = MIN_DOUBLE, E
                for p in range(4):
                    val = weight[p] + trans[p][y] + e
                    if val > top:
                        top, arg = val, p
                new.append(top)
                back.append(arg)
            weight = new
            paths.append(back)
        state = E if weight[E] >= weight[S] else S
        states = [state]
        for back in reversed(paths):
            state = back[state]
            states.append(state)
        spans, left = [], lo
        for i, st in enumerate(reversed(states)):
            if st in (E, S):
                spans.append((left, lo + i + 1))
                left = lo + i + 1
        return spans

    def cut(self, s: str, lo: int, hi: int) -> list[tuple[int, int]]:
        """``s[lo:hi]``: ASCII letters (then digits) and numbers (then dots) whole, other ASCII
        characters alone, the text between them by Viterbi."""
        spans, left, right = [], lo, lo
        while right < hi:
            if ord(s[right]) >= 0x80:
                right += 1
                continue
            if left != right:
                spans += self.viterbi_cut(s, left, right)
            left = right
            right = _ascii_run(s, left, hi)
            spans.append((left, right))
            left = right
        if left != right:
            spans += self.viterbi_cut(s, left, right)
        return spans


def _ascii_run(s: str, i: int, hi: int) -> int:
    """The end of the ASCII token at ``i``: letters then letters/digits, digits then
    digits/dots, else one character."""
    c = s[i]
    if ("a" <= c <= "z") or ("A" <= c <= "Z"):
        i += 1
        while i < hi and (s[i].isascii() and (s[i].isalpha() or s[i].isdigit())):
            i += 1
        return i
    if "0" <= c <= "9":
        i += 1
        while i < hi and (("0" <= s[i] <= "9") or s[i] == "."):
            i += 1
        return i
    return i + 1


def _ranges(s: str) -> list[tuple[int, int]]:
    """``s`` split at the separators, each separator its own range."""
    out, lo = [], 0
    for i, c in enumerate(s):
        if c in SEPARATORS:
            if lo < i:
                out.append((lo, i))
            out.append((i, i + 1))
            lo = i + 1
    if lo < len(s):
        out.append((lo, len(s)))
    return out


def _check_path(path: Any, name: str, segment: str) -> None:
    if path is None:
        raise ValueError(f"The dict of {segment} in cppjieba is not provided.")
    if not isinstance(path, str):
        raise TypeError(f"Wrong input type for {name}, should be string.")


class JiebaTokenizer(StringTokenizer):
    """Split Chinese text into words with cppjieba's segmenters.

    Args:
        hmm_path (str): the HMM model file of cppjieba's format.
        mp_path (str): the dictionary file, one ``word freq tag`` line per word.
        mode (JiebaMode): ``MIX`` (default), ``MP`` or ``HMM``.
        with_offsets (bool): also return each token's start and end byte offsets (uint32).

    Raises:
        TypeError: a path is not a str, ``mode`` not a JiebaMode, ``with_offsets`` not a bool.
        ValueError: a path is None or names no file.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> import os, tempfile
        >>> d = tempfile.mkdtemp()
        >>> mp, hmm = os.path.join(d, "mp.utf8"), os.path.join(d, "hmm.utf8")
        >>> _ = open(mp, "w", encoding="utf-8").write("明月 10 n\\n明月光 20 n\\n床 5 n\\n")
        >>> rows = ["-0.26 -3.14e+100 -3.14e+100 -1.47"] + ["-0.7 -0.7 -0.7 -0.7"] * 4
        >>> rows += ["床:-8.0,前:-7.0"] * 4
        >>> _ = open(hmm, "w", encoding="utf-8").write("\\n".join(rows) + "\\n")
        >>> print(text.JiebaTokenizer(hmm, mp, mode=text.JiebaMode.MP)("床前明月光").tolist())
        ['床', '前', '明月光']
    """

    def __init__(
        self,
        hmm_path: str,
        mp_path: str,
        mode: JiebaMode = JiebaMode.MIX,
        with_offsets: bool = False,
    ) -> None:
        _check_path(hmm_path, "hmm_path", "HMMSegment")
        _check_path(mp_path, "mp_path", "MPSegment")
        if not isinstance(with_offsets, bool):
            raise TypeError("Wrong input type for with_offsets, should be boolean.")
        if not isinstance(mode, JiebaMode):
            raise TypeError("Wrong input type for mode, should be JiebaMode.")
        for path in (hmm_path, mp_path):
            if not os.path.exists(os.path.realpath(path)):
                raise ValueError(f" jieba mode file {path} is not exist.")
        super().__init__()
        self.hmm_path, self.mp_path = hmm_path, mp_path
        self.mode, self.with_offsets = mode, with_offsets
        self.words: list[tuple[str, int]] = []
        self._parsers: tuple[WordDict, HMMModel] | None = None

    def add_word(self, word: str, freq: int | None = None) -> None:
        """Add ``word`` to the dictionary; ``freq`` None weighs it as the dictionary's median
        word, else as a word seen ``freq`` times."""
        if word is None:
            raise ValueError("word is not provided.")
        type_check(word, (str,), "word")
        if freq is not None:
            check_uint32(freq)
        self.words.append((word, 0 if freq is None else freq))
        self._parsers = None

    def add_dict(self, user_dict: str | dict) -> None:
        """Add the words of a ``{word: freq}`` dict, or of a file of ``word [freq]`` lines
        (lines of another form are skipped, as MindSpore skips them)."""
        if isinstance(user_dict, str):
            if not os.path.exists(user_dict):
                raise ValueError(f"user dict file {user_dict} is not exist.")
            with open(os.path.realpath(user_dict), encoding="utf-8") as f:
                for line in f:
                    m = _USER_LINE.match(line.strip().lstrip("\ufeff"))
                    if m:
                        self.add_word(m.group(1), int(m.group(2)) if m.group(2) else 0)
        elif isinstance(user_dict, dict):
            for word, freq in user_dict.items():
                self.add_word(word, freq)
        else:
            raise TypeError("The type of user_dict must str or dict.")

    def _models(self) -> tuple[WordDict, HMMModel]:
        if self._parsers is None:
            words = WordDict(self.mp_path)
            for word, freq in self.words:
                words.add(word, freq)
            self._parsers = (words, HMMModel(self.hmm_path))
        return self._parsers

    def spans(self, s: str) -> list[tuple[int, int]]:
        words, hmm = self._models()
        cut: Callable = {JiebaMode.MP: words.cut, JiebaMode.HMM: hmm.cut}.get(self.mode, self._mix)
        spans: list[tuple[int, int]] = []
        for lo, hi in _ranges(s):
            spans += cut(s, lo, hi)
        return spans

    def _mix(self, s: str, lo: int, hi: int) -> list[tuple[int, int]]:
        words, hmm = self._models()
        out, run = [], None
        for a, b in words.cut(s, lo, hi) + [(hi, hi)]:
            if b - a == 1:
                run = a if run is None else run
                continue
            if run is not None:
                out += hmm.cut(s, run, a)
                run = None
            if b > a:
                out.append((a, b))
        return out

    def tokenize(self, s: str) -> Any:
        if s or not self.with_offsets:
            return super().tokenize(s)
        empty = np.zeros(0, np.uint32)  # MindSpore: one empty token, no offsets
        return np.array([""]), empty, empty.copy()
