"""Pre-trained word vectors read from text files: Vectors (any ``token v1 v2 ...`` file, with an
optional ``count dim`` first line), FastText (``*.vec``), GloVe (``glove.6B.*.txt``) and
CharNGram (a token's vector is the mean of its character 2-, 3- and 4-gram vectors)."""

from __future__ import annotations

import fnmatch
import os
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import check_non_negative_int32, type_check
from deepsink.dataset.text.base import pipeline_error


class Vectors:
    """Pre-trained word vectors.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> path = os.path.join(tempfile.mkdtemp(), "vectors.txt")
        >>> _ = open(path, "w").write("hello 0.5 1\\nworld 2 3\\n")
        >>> print(text.ToVectors(text.Vectors.from_file(path))(["world", "x"]))
        [[2. 3.]
         [0. 0.]]
    """

    _api = "Vectors"

    def __init__(self) -> None:
        self._table: dict[str, np.ndarray] = {}
        self.dim = 0

    @classmethod
    def _check_path(cls, file_path: str) -> None:
        if not os.path.isfile(file_path):
            raise pipeline_error(f"{cls._api}: get real path failed, path: {file_path}")

    @classmethod
    def from_file(cls, file_path: str, max_vectors: int | None = None) -> Vectors:
        """The vectors of a text file, one ``token v1 v2 ...`` per line; at most
        ``max_vectors`` of them (the first ones).

        Raises:
            TypeError: ``file_path`` is not a str or ``max_vectors`` not an int.
            ValueError: ``max_vectors`` is negative.
            RuntimeError: the file cannot be read, or its vectors differ in dimension.
        """
        type_check(file_path, (str,), "file_path")
        if max_vectors is not None:
            type_check(max_vectors, (int,), "max_vectors")
            check_non_negative_int32(max_vectors, "max_vectors")
        cls._check_path(file_path)
        vectors = cls()
        with open(file_path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        if lines and len(lines[0].split()) == 2 and all(v.isdigit() for v in lines[0].split()):
            lines = lines[1:]  # word2vec's "count dim" header
        for line in lines:
            if max_vectors and len(vectors._table) >= max_vectors:
                break
            fields = line.rstrip().split(" ")
            if len(fields) < 2:
                continue
            values = np.array(fields[1:], np.float32)
            if vectors.dim == 0:
                vectors.dim = values.size
            elif values.size != vectors.dim:
                raise pipeline_error(
                    f"{cls._api}: all vectors must have the same number of dimensions, but got "
                    f"dim {values.size} while expecting {vectors.dim}"
                )
            vectors._table.setdefault(fields[0], values)
        return vectors

    def _vector(self, token: str) -> np.ndarray | None:
        return self._table.get(token)

    def lookup(self, token: str, unk: np.ndarray, lower_case_backup: bool = False) -> np.ndarray:
        """The vector of ``token`` (of its lower case when ``lower_case_backup``), else ``unk``."""
        v = self._vector(token)
        if v is None and lower_case_backup:
            v = self._vector(token.lower())
        return unk if v is None else v


class FastText(Vectors):
    """FastText's pre-trained vectors (a ``*.vec`` file); see Vectors.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> path = os.path.join(tempfile.mkdtemp(), "wiki.vec")
        >>> _ = open(path, "w").write("x 1 2\\n")
        >>> print(text.ToVectors(text.FastText.from_file(path))(['x']))
        [1. 2.]
    """

    _api = "FastText"

    @classmethod
    def _check_path(cls, file_path: str) -> None:
        if not file_path.endswith(".vec"):
            raise pipeline_error(
                f"FastText: invalid file, can not find file '*.vec', but got: {file_path}"
            )
        super()._check_path(file_path)


class GloVe(Vectors):
    """GloVe's pre-trained vectors (a ``glove.6B.*.txt`` file); see Vectors.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> path = os.path.join(tempfile.mkdtemp(), "glove.6B.2d.txt")
        >>> _ = open(path, "w").write("x 1 2\\n")
        >>> print(text.ToVectors(text.GloVe.from_file(path))(['x']))
        [1. 2.]
    """

    _api = "GloVe"

    @classmethod
    def _check_path(cls, file_path: str) -> None:
        if not fnmatch.fnmatch(os.path.basename(file_path), "glove.6B.*.txt"):
            raise pipeline_error(
                f"GloVe: invalid file, can not find file 'glove.6B.*.txt', but got: {file_path}"
            )
        super()._check_path(file_path)


class CharNGram(Vectors):
    """Character n-gram vectors (lines ``<n>gram-<chars> v1 v2 ...``): a token's vector is the
    mean of the vectors of its 2-, 3- and 4-grams, the token framed by ``#BEGIN#`` and
    ``#END#``; see Vectors.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> path = os.path.join(tempfile.mkdtemp(), "charNgram.txt")
        >>> _ = open(path, "w").write("2gram-#BEGIN#a 2 2\\n2gram-ab 4 0\\n")
        >>> print(text.ToVectors(text.CharNGram.from_file(path))(['ab']))
        [3. 1.]
    """

    _api = "CharNGram"

    def _vector(self, token: str) -> np.ndarray | None:
        chars: list[Any] = ["#BEGIN#", *token, "#END#"]
        total, count = None, 0
        for n in (2, 3, 4):
            for i in range(len(chars) - n + 1):
                v = self._table.get(f"{n}gram-{''.join(chars[i : i + n])}")
                if v is not None:
                    total = v.copy() if total is None else total + v
                    count += 1
        return None if total is None else (total / count).astype(np.float32)
