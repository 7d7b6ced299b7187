"""``mindspore.dataset.text``'s UnicodeCharTokenizer and ToNumber; the values and messages read off
MindSpore 2.10 (the dataset eager tutorial page uses both)."""

import numpy as np
import pytest

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.text as text


def test_unicode_char_tokenizer_splits_characters_with_byte_offsets():
    assert text.UnicodeCharTokenizer()("héllo").tolist() == ["h", "é", "l", "l", "o"]
    tokens, start, end = text.UnicodeCharTokenizer(True)("hé!")
    assert tokens.tolist() == ["h", "é", "!"]
    assert start.dtype == end.dtype == np.uint32
    assert start.tolist() == [0, 1, 3] and end.tolist() == [1, 3, 4]
    assert text.UnicodeCharTokenizer()("").tolist() == [""]
    with pytest.raises(RuntimeError, match="the input shape should be scalar"):
        text.UnicodeCharTokenizer()(np.array(["ab", "c"]))
    with pytest.raises(TypeError, match="with_offsets, should be boolean"):
        text.UnicodeCharTokenizer(with_offsets=1)


def test_unicode_char_tokenizer_in_a_pipeline_with_offsets():
    data = ds.NumpySlicesDataset(["ab c", "de"], column_names=["t"], shuffle=False)
    data = data.map(
        text.UnicodeCharTokenizer(True), input_columns=["t"], output_columns=["t", "s", "e"]
    )
    rows = [[c.tolist() for c in r] for r in data.create_tuple_iterator(output_numpy=True)]
    assert rows == [
        [["a", "b", " ", "c"], [0, 1, 2, 3], [1, 2, 3, 4]],
        [["d", "e"], [0, 1], [1, 2]],
    ]


def test_to_number_parses_as_strtoll_and_strtod():
    out = text.ToNumber(ms.int32)(["123456", "-4"])
    assert out.dtype == np.int32 and out.tolist() == [123456, -4]
    assert repr(text.ToNumber(ms.int64)("7")) == "array(7, dtype=int64)"
    assert text.ToNumber(ms.int32)(["1.5", " +7x"]).tolist() == [1, 7]
    assert text.ToNumber(ms.float16)([" 2.5e1", "0x10"]).tolist() == [25.0, 16.0]
    assert text.ToNumber(ms.int32)([["1", "2"], ["3", "4"]]).shape == (2, 2)


def test_to_number_errors():
    with pytest.raises(
        RuntimeError,
        match=r"string input 300 will be out of bounds if cast to "
        r"int8. The valid range is: \[-128, 127\].",
    ):
        text.ToNumber(ms.int8)(["300"])
    with pytest.raises(RuntimeError, match='it is invalid to convert "abc" to a number'):
        text.ToNumber(ms.int32)(["abc"])
    with pytest.raises(RuntimeError, match="input should be string datatype"):
        text.ToNumber(ms.int32)(np.array([1]))
    with pytest.raises(TypeError, match="data_type: String is not numeric data type"):
        text.ToNumber(ms.string)
    with pytest.raises(TypeError, match="Argument data_type with value 3 is not of type"):
        text.ToNumber(3)
