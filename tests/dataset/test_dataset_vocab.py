"""Vocabularies built from a dataset: ``text.Vocab.from_dataset``, the private
``Dataset._build_vocab`` that libraries call (mindnlp's ``Vocab.from_dataset`` does), and the
deprecated ``Dataset.build_vocab``, on the cases of ``tests/support/dataset_vocab_cases.py``:
vocabularies and errors as MindSpore 2.10 gave them (``tests/fixtures/ms/dataset_vocab.json``,
recorded by ``scripts/record_dataset_vocab.py``)."""

import json
from pathlib import Path

import pytest
from dataset_vocab_cases import run_cases

import deepsink.dataset as ds
import deepsink.dataset.text as text

FIXTURE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "dataset_vocab.json").read_text(
        encoding="utf-8"
    )
)["cases"]


@pytest.fixture(scope="module")
def outcomes():
    return run_cases(ds, text)


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_vocab_from_dataset_matches_mindspore(outcomes, name):
    assert outcomes[name] == FIXTURE[name]


def test_sentencepiece_vocab_from_dataset_trains_through_the_dataset():
    lines = ["hello world", "the world is big", "hello again world"] * 20
    data = ds.NumpySlicesDataset({"s": lines, "n": list(range(len(lines)))}, shuffle=False)
    direct = data._build_sentencepiece_vocab(["s"], 20, 1.0, text.SentencePieceModel.BPE, {})
    public = text.SentencePieceVocab.from_dataset(
        data, ["s"], 20, 1.0, text.SentencePieceModel.BPE, {}
    )
    tokenize = [
        text.SentencePieceTokenizer(v, text.SPieceTokenizerOutType.STRING) for v in (direct, public)
    ]
    assert tokenize[0]("hello world").tolist() == tokenize[1]("hello world").tolist()
    with pytest.raises(RuntimeError, match="column name: nope does not exist"):
        data._build_sentencepiece_vocab(["nope"], 20, 1.0, text.SentencePieceModel.BPE, {})
    with pytest.raises(RuntimeError, match="only supports string type of input"):
        data._build_sentencepiece_vocab(["n"], 20, 1.0, text.SentencePieceModel.BPE, {})
