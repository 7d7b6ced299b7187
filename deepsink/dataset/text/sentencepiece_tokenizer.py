"""SentencePieceTokenizer: a string into the pieces (or their ids) of a SentencePiece model
(``utils.SentencePieceVocab``, or a ``.model`` file).

Both it and SentencePieceVocab run Google's ``sentencepiece`` library (the ``text`` extra: ``pip install deepsink[text]``),
the library MindSpore 2.10's kernels are built on; trained with the same arguments, the models and
their pieces are the ones MindSpore gives.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from deepsink.dataset.core.validator_helpers import type_check
from deepsink.dataset.text.base import TextOperation, as_text, pipeline_error
from deepsink.dataset.text.utils import SentencePieceVocab, SPieceTokenizerOutType, sentencepiece


class SentencePieceTokenizer(TextOperation):
    """Split a string into SentencePiece pieces (or their ids).

    Args:
        mode (Union[str, SentencePieceVocab]): a model file's path, or a trained model.
        out_type (SPieceTokenizerOutType): ``STRING`` pieces or ``INT`` ids (int32).

    Raises:
        TypeError: ``mode`` or ``out_type`` has the wrong type.
        RuntimeError: the model file cannot be read, or the input is not a string.

    Examples:
        >>> import os, tempfile
        >>> import deepsink as ms
        >>> import deepsink.dataset.text as text
        >>> path = os.path.join(tempfile.mkdtemp(), "corpus.txt")
        >>> _ = open(path, "w").write("hello world\\nthe world is big\\n" * 20)
        >>> vocab = text.SentencePieceVocab.from_file(
        ...     [path], 18, 0.9995, text.SentencePieceModel.UNIGRAM, {}
        ... )
        >>> ids = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.INT)("hello")
        >>> print(ids.dtype, ids.shape)
        int32 (5,)
    """

    def __init__(self, mode: Any, out_type: SPieceTokenizerOutType) -> None:
        type_check(
            mode,
            (str, SentencePieceVocab),
            "mode is not an instance of str or text.SentencePieceVocab.",
        )
        type_check(
            out_type,
            (SPieceTokenizerOutType,),
            "out_type is not an instance of SPieceTokenizerOutType",
        )
        self.mode, self.out_type = mode, out_type
        self._processor: Any = None

    def _model(self) -> Any:
        if self._processor is None:
            spm = sentencepiece()
            if isinstance(self.mode, SentencePieceVocab):
                self._processor = spm.SentencePieceProcessor(model_proto=self.mode._proto)
            else:
                if not os.path.isfile(self.mode):
                    raise pipeline_error(
                        f"SentencePieceTokenizer: get real path failed, path: {self.mode}"
                    )
                self._processor = spm.SentencePieceProcessor(model_file=self.mode)
        return self._processor

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_processor": None}  # rebuilt where it runs

    def apply(self, x: np.ndarray, u: np.ndarray | None = None) -> np.ndarray:
        x = as_text(x)
        if x.dtype.kind != "U":
            raise pipeline_error("SentencePieceTokenizer: the input tensor should be string.")
        model = self._model()
        if self.out_type == SPieceTokenizerOutType.STRING:
            pieces = [p for s in x.reshape(-1).tolist() for p in model.encode(s, out_type=str)]
            return np.array(pieces) if pieces else np.array([""])
        ids = [i for s in x.reshape(-1).tolist() for i in model.encode(s)]
        return np.array(ids, np.int32)
