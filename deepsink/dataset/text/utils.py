"""``mindspore.dataset.text.utils``: Vocab, SentencePieceVocab (run by Google's ``sentencepiece``
library, the ``text`` extra), the enumerations of the text ops, ``to_str`` and
``to_bytes``."""

from __future__ import annotations

import io
import os
from enum import IntEnum
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import (
    INT32_MAX,
    check_positive,
    check_uint32,
    check_value,
    type_check,
    type_check_list,
)
from deepsink.dataset.text.base import pipeline_error


class JiebaMode(IntEnum):
    """The segmentation algorithm of JiebaTokenizer: ``MIX`` (MP then HMM), ``MP`` (maximum
    probability) or ``HMM`` (hidden Markov model).

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.JiebaMode.MP.name, int(text.JiebaMode.MP))
        MP 1
    """

    MIX = 0
    MP = 1
    HMM = 2


class NormalizeForm(IntEnum):
    """A Unicode normal form: ``NONE``, ``NFC``, ``NFKC``, ``NFD`` or ``NFKD``.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.NormalizeUTF8(text.NormalizeForm.NFKC)("ｆ①"))
        f1
    """

    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


class SentencePieceModel(IntEnum):
    """The SentencePiece model trained by SentencePieceVocab: ``UNIGRAM``, ``BPE``, ``CHAR`` or
    ``WORD``.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(int(text.SentencePieceModel.BPE))
        1
    """

    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerLoadType(IntEnum):
    """Where SentencePieceTokenizer loads its model from: ``FILE`` or ``MODEL``.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(int(text.SPieceTokenizerLoadType.MODEL))
        1
    """

    FILE = 0
    MODEL = 1


class SPieceTokenizerOutType(IntEnum):
    """What SentencePieceTokenizer returns: ``STRING`` pieces or ``INT`` ids.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(int(text.SPieceTokenizerOutType.INT))
        1
    """

    STRING = 0
    INT = 1


def _check_words(words: Any, arg_name: str) -> None:
    type_check(words, (list,), arg_name)
    seen = set()
    for word in words:
        type_check(word, (str,), arg_name)
        if word in seen:
            raise ValueError(f"{arg_name} contains duplicate word: {word}.")
        seen.add(word)


class Vocab:
    """Tokens and their ids.

    Build one with ``from_list``, ``from_dict``, ``from_file`` or ``from_dataset``.

    Examples:
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> vocab = text.Vocab.from_list(["hello", "world"], ["<pad>", "<unk>"])
        >>> print(vocab.tokens_to_ids(["world", "<unk>", "nope"]))
        [3, 1, -1]
        >>> print(vocab.ids_to_tokens(2))
        hello
    """

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._tokens: dict[int, str] = {}
        self.built = False  # by one of the from_* constructors

    def check_built(self) -> None:
        """MindSpore's error for a Vocab made by ``Vocab()`` and never built."""
        if not self.built:
            raise RuntimeError(
                "The Vocab has not built yet, got type <class 'NoneType'>. Use Vocab.from_dataset(), "
                "Vocab.from_list(), Vocab.from_file() or Vocab.from_dict() to build a Vocab."
            )

    @classmethod
    def _from_pairs(cls, pairs: Any) -> Vocab:
        vocab = cls()
        vocab.built = True
        vocab._ids = dict(pairs)
        vocab._tokens = {i: w for w, i in vocab._ids.items()}
        return vocab

    @classmethod
    def _from_words(cls, words: list, special_tokens: list, special_first: bool) -> Vocab:
        ordered = [*special_tokens, *words] if special_first else [*words, *special_tokens]
        return cls._from_pairs((w, i) for i, w in enumerate(ordered))

    @classmethod
    def from_list(
        cls, word_list: list, special_tokens: list | None = None, special_first: bool = True
    ) -> Vocab:
        """A Vocab of ``word_list`` (ids in order), ``special_tokens`` before (``special_first``)
        or after the words.

        Raises:
            TypeError: ``word_list`` or ``special_tokens`` is not a list of str, or
                ``special_first`` is not a bool.
            ValueError: a word repeats, or is both a word and a special token.
        """
        _check_words(word_list, "word_list")
        if special_tokens is not None:
            _check_words(special_tokens, "special_tokens")
            both = set(word_list) & set(special_tokens)
            if both:
                raise ValueError(f"special_tokens and word_list contain duplicate word :{both}.")
        type_check(special_first, (bool,), "special_first")
        return cls._from_words(list(word_list), list(special_tokens or []), special_first)

    @classmethod
    def from_dict(cls, word_dict: dict) -> Vocab:
        """A Vocab of ``word_dict``'s tokens and ids.

        Raises:
            TypeError: ``word_dict`` is not a dict of str to int.
            ValueError: an id is negative or above INT32_MAX.
        """
        type_check(word_dict, (dict,), "word_dict")
        for word, word_id in word_dict.items():
            type_check(word, (str,), "word")
            type_check(word_id, (int,), "word_id")
            check_value(word_id, (0, INT32_MAX), "word_id")
        return cls._from_pairs(word_dict.items())

    @classmethod
    def from_file(
        cls,
        file_path: str,
        delimiter: str = "",
        vocab_size: int | None = None,
        special_tokens: list | None = None,
        special_first: bool = True,
    ) -> Vocab:
        """A Vocab of a file's lines: each line's text before ``delimiter`` (the whole line when
        ``delimiter`` is empty) is a token; at most ``vocab_size`` tokens are read.

        Raises:
            TypeError: ``file_path`` or ``delimiter`` is not a str.
            ValueError: ``vocab_size`` is not positive, or ``special_tokens`` repeats a token.
            RuntimeError: the file cannot be read, or a token repeats.
        """
        type_check_list([file_path, delimiter], (str,), ["file_path", "delimiter"])
        if vocab_size is not None:
            check_positive(vocab_size, "vocab_size")
        if special_tokens is not None:
            _check_words(special_tokens, "special_tokens")
        type_check(special_first, (bool,), "special_first")
        try:
            with open(file_path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError as e:
            raise pipeline_error(f"from_file: fail to open: {file_path}") from e
        words: list[str] = []
        seen = set(special_tokens or [])
        for line in lines:
            if vocab_size is not None and len(words) >= vocab_size:
                break
            word = line.split(delimiter, 1)[0] if delimiter else line
            if word in seen:
                raise pipeline_error(f"from_file: word_list contains duplicate word:{word}")
            seen.add(word)
            words.append(word)
        return cls._from_words(words, list(special_tokens or []), special_first)

    @classmethod
    def from_dataset(
        cls,
        dataset: Any,
        columns: list | None = None,
        freq_range: tuple | None = None,
        top_k: int | None = None,
        special_tokens: list | None = None,
        special_first: bool = True,
    ) -> Vocab:
        """A Vocab of the words in ``columns`` of ``dataset`` (all its columns by default),
        most frequent first (ties in string order), kept when their count is in ``freq_range``
        (inclusive; ``None`` ends are open), then the ``top_k`` first; built by the dataset's
        ``_build_vocab``.

        Raises:
            TypeError: an argument has the wrong type.
            ValueError: ``freq_range`` is not 0 <= a <= b, ``top_k`` is not positive, or
                ``special_tokens`` repeats a token.
            RuntimeError: a column does not exist or is not of strings, or a special token is
                one of the words within ``freq_range``.
        """
        if columns is not None and not isinstance(columns, list):
            columns = [columns]
            type_check_list(columns, (str,), "col")
        if freq_range is not None:
            type_check(freq_range, (tuple,), "freq_range")
            if len(freq_range) != 2:
                raise ValueError("freq_range needs to be a tuple of 2 element.")
            if any(num is not None and not isinstance(num, int) for num in freq_range):
                raise ValueError(
                    "freq_range needs to be either None or a tuple of 2 integers or an int "
                    "and a None."
                )
            low, high = freq_range
            if isinstance(low, int) and isinstance(high, int) and not 0 <= low <= high:
                raise ValueError("frequency range [a,b] should be 0 <= a <= b (a,b are inclusive).")
        type_check(top_k, (int, type(None)), "top_k")
        if top_k is not None:
            check_positive(top_k, "top_k")
        type_check(special_first, (bool,), "special_first")
        if special_tokens is not None:
            _check_words(special_tokens, "special_tokens")
        return dataset._build_vocab(columns, freq_range, top_k, special_tokens, special_first)

    @property
    def c_vocab(self) -> Vocab:
        """The engine's vocabulary (``mindspore._c_dataengine.Vocab``) that MindSpore's Vocab
        wraps, which libraries hand to engine operations (mindnlp's ``Lookup``); deepsink's
        engine Vocab is this class, so it is the Vocab itself."""
        return self

    def vocab(self) -> dict:
        """The tokens and their ids, as a dict."""
        self.check_built()
        return dict(self._ids)

    def tokens_to_ids(self, tokens: Any) -> Any:
        """The id of a token (-1 when absent), or a list of ids for a list of tokens."""
        self.check_built()
        type_check(tokens, (str, list, np.ndarray), "tokens")
        if isinstance(tokens, np.ndarray):
            tokens = tokens.tolist()
        if isinstance(tokens, list):
            type_check_list(tokens, (str, np.str_), [f"tokens[{i}]" for i in range(len(tokens))])
            return [self._ids.get(str(t), -1) for t in tokens]
        return self._ids.get(tokens, -1)

    def ids_to_tokens(self, ids: Any) -> Any:
        """The token of an id ('' when absent), or a list of tokens for a list of ids."""
        self.check_built()
        type_check(ids, (int, list, np.ndarray), "ids")
        if isinstance(ids, np.ndarray):
            ids = ids.tolist()
        if isinstance(ids, list):
            for index, id_ in enumerate(ids):
                type_check(id_, (int, np.int_), f"ids[{index}]")
                check_value(id_, (0, INT32_MAX), f"ids[{index}]")
            return [self._tokens.get(int(i), "") for i in ids]
        check_value(ids, (0, INT32_MAX), "ids")
        return self._tokens.get(ids, "")

    def __len__(self) -> int:
        return len(self._ids)


def sentencepiece() -> Any:
    try:
        import sentencepiece
    except ImportError as e:
        raise ImportError(
            "SentencePieceVocab and SentencePieceTokenizer need the sentencepiece package: "
            "pip install 'deepsink[text]' (or pip install sentencepiece)"
        ) from e
    return sentencepiece


def _check_training_args(
    vocab_size: Any, character_coverage: Any, model_type: Any, params: Any
) -> None:
    if vocab_size is None:
        raise TypeError("vocab_size must be provided.")
    check_uint32(vocab_size, "vocab_size")
    if character_coverage is not None:
        type_check(character_coverage, (float,), "character_coverage")
    if model_type is not None:
        type_check(model_type, (str, SentencePieceModel), "model_type")
    if params is not None:
        type_check(params, (dict,), "params")


class SentencePieceVocab:
    """A trained SentencePiece model.

    Build one with ``from_file`` or ``from_dataset``; save it with ``save_model``.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> path = os.path.join(tempfile.mkdtemp(), "corpus.txt")
        >>> _ = open(path, "w").write("hello world\\nthe world is big\\n" * 20)
        >>> vocab = text.SentencePieceVocab.from_file(
        ...     [path], 18, 0.9995, text.SentencePieceModel.UNIGRAM, {}
        ... )
        >>> tokenizer = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.STRING)
        >>> print(tokenizer("hello world"))
        ['▁' 'he' 'l' 'l' 'o' '▁world']
    """

    def __init__(self) -> None:
        self._proto = b""

    @staticmethod
    def _train(
        vocab_size: int,
        character_coverage: float,
        model_type: Any,
        params: dict | None,
        **source: Any,
    ) -> SentencePieceVocab:
        spm = sentencepiece()
        if isinstance(model_type, str):
            model_type = SentencePieceModel[model_type.upper()]
        model = io.BytesIO()
        try:
            spm.SentencePieceTrainer.train(
                vocab_size=vocab_size,
                character_coverage=character_coverage,
                model_type=model_type.name.lower(),
                model_writer=model,
                minloglevel=2,
                **{k: str(v) for k, v in (params or {}).items()},
                **source,
            )
        except (RuntimeError, OSError, ValueError) as e:
            message = str(e).removeprefix("INTERNAL: ")
            raise pipeline_error(f"SentencePieceVocab: {message}") from e
        vocab = SentencePieceVocab()
        vocab._proto = model.getvalue()
        return vocab

    @classmethod
    def from_file(
        cls,
        file_path: list,
        vocab_size: int,
        character_coverage: float,
        model_type: Any,
        params: dict,
    ) -> SentencePieceVocab:
        """A model trained on the lines of the files ``file_path``.

        Args:
            file_path (list[str]): the text files.
            vocab_size (int): the number of pieces.
            character_coverage (float): the share of the characters the model covers
                (0.9995 for rich character sets such as Chinese, 1.0 for small ones).
            model_type (SentencePieceModel): UNIGRAM, BPE, CHAR or WORD.
            params (dict): more options of SentencePiece's trainer (name: value).

        Returns:
            SentencePieceVocab, the model.

        Raises:
            TypeError: an argument has the wrong type.
            ValueError: ``vocab_size`` is negative or above UINT32_MAX.
            RuntimeError: a file cannot be read, or the training fails (a ``vocab_size`` above
                what the text allows).
        """
        type_check(file_path, (list,), "file_path")
        _check_training_args(vocab_size, character_coverage, model_type, params)
        for path in file_path:
            if not os.path.isfile(path):
                raise pipeline_error(f"SentencePieceVocab: get real path failed, path: {path}")
        return cls._train(vocab_size, character_coverage, model_type, params, input=list(file_path))

    @classmethod
    def from_dataset(
        cls,
        dataset: Any,
        col_names: list,
        vocab_size: int,
        character_coverage: float,
        model_type: Any,
        params: dict,
    ) -> SentencePieceVocab:
        """A model trained on the strings of ``dataset``'s column (one sentence each).

        Args:
            dataset (Dataset): the dataset.
            col_names (list[str]): the column (one name).
            vocab_size (int): the number of pieces.
            character_coverage (float): the share of the characters the model covers.
            model_type (SentencePieceModel): UNIGRAM, BPE, CHAR or WORD.
            params (dict): more options of SentencePiece's trainer.

        Returns:
            SentencePieceVocab, the model.

        Raises:
            TypeError: an argument has the wrong type.
            RuntimeError: the training fails.
        """
        if col_names is not None:
            type_check(col_names, (list,), "col_names")
        _check_training_args(vocab_size, character_coverage, model_type, params)
        return dataset._build_sentencepiece_vocab(
            col_names, vocab_size, character_coverage, model_type, params
        )

    @classmethod
    def save_model(cls, vocab: SentencePieceVocab, path: str, filename: str) -> None:
        """Write ``vocab``'s model to ``path/filename`` (SentencePiece's ``.model`` format).

        Args:
            vocab (SentencePieceVocab): the model.
            path (str): an existing folder.
            filename (str): the file's name.

        Raises:
            TypeError: an argument has the wrong type.
            RuntimeError: ``path`` is not a folder.
        """
        type_check(vocab, (SentencePieceVocab,), "vocab")
        type_check(path, (str,), "path")
        type_check(filename, (str,), "filename")
        if not os.path.isdir(path):
            raise pipeline_error(f"SentencePieceVocab: get real path failed, path: {path}")
        with open(os.path.join(path, filename), "wb") as f:
            f.write(vocab._proto)


def to_str(array: Any, encoding: str = "utf8") -> np.ndarray:
    """A bytes array decoded to str with ``encoding``.

    Args:
        array (numpy.ndarray): the bytes.
        encoding (str, optional): the encoding. Default: ``'utf8'``.

    Returns:
        numpy.ndarray, the strings.

    Raises:
        TypeError: ``array`` is not a NumPy array.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.to_str(np.array([b"ab", b"c"])))
        ['ab' 'c']
    """
    if not isinstance(array, np.ndarray):
        raise TypeError("input should be a NumPy array.")
    return np.char.decode(array, encoding)


def to_bytes(array: Any, encoding: str = "utf8") -> np.ndarray:
    """A str array encoded to bytes with ``encoding``.

    Args:
        array (numpy.ndarray): the strings.
        encoding (str, optional): the encoding. Default: ``'utf8'``.

    Returns:
        numpy.ndarray, the bytes.

    Raises:
        TypeError: ``array`` is not a NumPy array.

    Examples:
        >>> import numpy as np
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> print(text.to_bytes(np.array(["ab", "c"])))
        [b'ab' b'c']
    """
    if not isinstance(array, np.ndarray):
        raise TypeError("input should be a NumPy array.")
    return np.char.encode(array, encoding)
