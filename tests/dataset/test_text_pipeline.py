"""``mindspore.dataset.text`` transforms inside ``Dataset.map``: the same tokens, offsets and ids
as the eager calls (``tests/dataset/test_text_fixtures.py`` checks those against MindSpore 2.10),
for blocks whose rows differ in length, with several output columns, and two input columns."""

from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.text as text
import deepsink.dataset.transforms as transforms

VOCAB = Path(__file__).resolve().parents[1] / "fixtures" / "text" / "bert_vocab.txt"
SENTENCES = ["Hello, World!", "the quick brown fox running", "unwanted 北京.", "", "xyz"]


def rows(data):
    return [[c.tolist() for c in r] for r in data.create_tuple_iterator(output_numpy=True)]


def test_vocab_from_file_numbers_its_lines():
    vocab = text.Vocab.from_file(str(VOCAB))
    assert vocab.tokens_to_ids(["[PAD]", "hello", "京", "nope"]) == [0, 5, 20, -1]
    assert len(vocab.vocab()) == 21


def test_bert_pipeline_matches_eager_calls():
    vocab = text.Vocab.from_file(str(VOCAB))
    tok = text.BertTokenizer(vocab, lower_case=True)
    lookup = text.Lookup(vocab, "[UNK]")
    pad = transforms.PadEnd([8], 0)
    data = ds.NumpySlicesDataset(SENTENCES, column_names=["t"], shuffle=False)
    data = data.map([tok, lookup, pad], input_columns=["t"])
    got = [r[0] for r in rows(data)]
    want = [pad(lookup(tok(s))).tolist() for s in SENTENCES]
    assert got == want
    assert got[0] == [5, 16, 6, 18, 0, 0, 0, 0]  # hello , world !
    assert got[2] == [11, 12, 13, 19, 20, 17, 0, 0]  # un ##want ##ed 北 京 .


def test_tokenizer_with_offsets_gives_three_columns_in_a_pipeline():
    vocab = text.Vocab.from_file(str(VOCAB))
    op = text.BertTokenizer(vocab, lower_case=True, with_offsets=True)
    data = ds.NumpySlicesDataset(SENTENCES[:3], column_names=["t"], shuffle=False)
    data = data.map(op, input_columns=["t"], output_columns=["t", "start", "end"])
    got = rows(data)
    assert got == [[c.tolist() for c in op(s)] for s in SENTENCES[:3]]
    assert got[2][1:] == [[0, 2, 6, 9, 12, 15], [2, 6, 8, 12, 15, 16]]


def test_truncate_sequence_pair_on_two_columns_and_whitespace_tokens():
    a = ["a b c d e", "x y", "p"]
    b = ["1 2", "3 4 5 6", "7 8 9"]
    data = ds.NumpySlicesDataset({"a": a, "b": b}, shuffle=False)
    split = text.WhitespaceTokenizer()
    data = data.map(split, input_columns=["a"]).map(split, input_columns=["b"])
    data = data.map(text.TruncateSequencePair(4), input_columns=["a", "b"])
    assert rows(data) == [
        [["a", "b"], ["1", "2"]],
        [["x", "y"], ["3", "4"]],
        [["p"], ["7", "8", "9"]],
    ]


def test_ngram_and_add_token_in_a_pipeline():
    data = ds.NumpySlicesDataset(["a b c", "d e"], column_names=["t"], shuffle=False)
    data = data.map(
        [text.WhitespaceTokenizer(), text.AddToken("<s>"), text.Ngram([2], separator="_")],
        input_columns=["t"],
    )
    assert rows(data) == [[["<s>_a", "a_b", "b_c"]], [["<s>_d", "d_e"]]]


def test_a_bad_row_is_reported_by_the_map():
    vocab = text.Vocab.from_list(["a"])
    data = ds.NumpySlicesDataset(["a", "b"], column_names=["t"], shuffle=False)
    data = data.map([text.WhitespaceTokenizer(), text.Lookup(vocab)], input_columns=["t"])
    with pytest.raises(RuntimeError, match='token: "b" doesn\'t exist in vocab'):
        rows(data)


def test_pad_end_pads_a_ragged_block_as_row_by_row():
    pad = transforms.PadEnd([3], -1)
    block = [np.array([1, 2, 3, 4]), np.array([5]), np.array([], np.int64)]
    assert pad.apply_batch(block).tolist() == [[1, 2, 3], [5, -1, -1], [-1, -1, -1]]
    assert [pad(r).tolist() for r in block] == pad.apply_batch(block).tolist()
    texts = [np.array(["a", "b"]), np.array(["c"])]
    assert [r.tolist() for r in transforms.PadEnd([2], "-").apply_batch(texts)] == [
        ["a", "b"],
        ["c", "-"],
    ]


def test_bert_tokens_are_the_same_with_and_without_offsets():
    # without offsets the tokenizer works per whitespace-separated piece (cached); with offsets
    # it matches the whole string: both must give the kernel's tokens
    words = ["Hello,", "naïve", "[CLS]", "北京大学", "e-mail", "U.S.A.", "x\u0000y", "Straße!"]
    rng = np.random.default_rng(0)
    vocab = text.Vocab.from_file(str(VOCAB))
    for lower in (True, False):
        plain = text.BertTokenizer(vocab, lower_case=lower, unknown_token="")
        offsets = text.BertTokenizer(vocab, lower_case=lower, unknown_token="", with_offsets=True)
        basic = text.BasicTokenizer(lower_case=lower)
        basic_offsets = text.BasicTokenizer(lower_case=lower, with_offsets=True)
        for _ in range(30):
            s = " ".join(rng.choice(words, size=rng.integers(1, 8)))
            assert plain(s).tolist() == offsets(s)[0].tolist()
            assert basic(s).tolist() == basic_offsets(s)[0].tolist()
