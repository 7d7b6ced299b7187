"""What ``Dataset._build_vocab`` and ``Dataset._build_sentencepiece_vocab`` run: a Vocab or a
SentencePiece model from a dataset's string columns (MindSpore 2.10's BuildVocab and
BuildSentenceVocab nodes; ``text.Vocab.from_dataset`` and ``text.SentencePieceVocab.from_dataset``
call them, and so do libraries that call the private methods, as mindnlp's ``Vocab`` does).

They register themselves with the dataset engine, so ``Dataset`` finds them without importing the
text package.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from deepsink.dataset.core.errors import syntax_error
from deepsink.dataset.core.validator_helpers import replace_none, type_check
from deepsink.dataset.engine.datasets import register
from deepsink.dataset.text.base import as_text, pipeline_error
from deepsink.dataset.text.utils import SentencePieceModel, SentencePieceVocab, Vocab

INT64_MAX = 9223372036854775807


def _column_positions(dataset: Any, columns: list) -> list[int]:
    names = dataset.get_col_names()
    for name in columns:
        if name not in names:
            raise pipeline_error(
                f"Invalid column name, column name: {name} does not exist, check existed column "
                "with dataset API 'get_col_names'"
            )
    return [names.index(c) for c in columns] if columns else list(range(len(names)))


def _strings(values: Any) -> np.ndarray:
    values = as_text(values)
    if values.dtype.kind != "U":
        raise pipeline_error(
            "Invalid datatype, 'build_vocab' only supports string type of input, but got numeric "
            f"type: {values.dtype.name}"
        )
    return values


def vocab_of_dataset(
    dataset: Any,
    columns: Any,
    freq_range: Any,
    top_k: Any,
    special_tokens: Any,
    special_first: bool,
) -> Vocab:
    """The words of ``columns`` (all columns when empty), most frequent first (ties in string
    order), those whose count is within ``freq_range`` (inclusive), the ``top_k`` first of them,
    with ``special_tokens`` before (``special_first``) or after; MindSpore's ``None`` defaults.

    Raises:
        RuntimeError: ``freq_range`` is not 0 <= a <= b, a column does not exist or is not of
            strings, or a special token is one of the words within ``freq_range``.
    """
    columns = replace_none(columns, [])
    if not isinstance(columns, list):
        columns = [columns]
    low, high = replace_none(freq_range, (None, None))
    low, high = replace_none(low, 0), replace_none(high, INT64_MAX)
    top_k = replace_none(top_k, INT64_MAX)
    special_tokens = list(replace_none(special_tokens, []))
    if not 0 <= low <= high:
        raise syntax_error(
            "BuildVocabNode: frequency_range [a,b] violates 0 <= a <= b (a,b are "
            f"inclusive), but got [{low}, {high}]"
        )
    positions = _column_positions(dataset, columns)
    counts: Counter = Counter()
    for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
        for k in positions:
            counts.update(_strings(row[k]).reshape(-1).tolist())
    kept = sorted(
        ((w, n) for w, n in counts.items() if low <= n <= high), key=lambda wn: (-wn[1], wn[0])
    )
    clash = [w for w in special_tokens if w in dict(kept)]
    if clash:
        raise pipeline_error(
            "Invalid special words, these special words are already in the vocab: "
            + "".join(f"{w}\t" for w in clash)
            + "."
        )
    words = [w for w, _ in kept[:top_k]]
    ordered = [*special_tokens, *words] if special_first else [*words, *special_tokens]
    return Vocab._from_pairs((w, i) for i, w in enumerate(ordered))


def sentencepiece_vocab_of_dataset(
    dataset: Any,
    col_names: list,
    vocab_size: int,
    character_coverage: float,
    model_type: Any,
    params: dict,
) -> SentencePieceVocab:
    """A SentencePiece model trained on the strings of ``col_names``'s first column (the
    dataset's first when none), one sentence each.

    Raises:
        TypeError: ``model_type`` is not a SentencePieceModel.
        RuntimeError: a column does not exist or is not of strings, or the training fails.
    """
    type_check(model_type, (SentencePieceModel,), "model_type")
    k = _column_positions(dataset, list(col_names or []))[0]
    sentences = []
    for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
        sentences.extend(_strings(row[k]).reshape(-1).tolist())
    return SentencePieceVocab._train(
        vocab_size, character_coverage, model_type, params, sentence_iterator=iter(sentences)
    )


register(vocab_of_dataset, sentencepiece_vocab_of_dataset)
