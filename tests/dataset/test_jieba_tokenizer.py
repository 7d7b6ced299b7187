"""``dataset.text.JiebaTokenizer`` token for token as MindSpore 2.10 gives it
(``tests/fixtures/ms/jieba/jieba.json``, recorded by ``scripts/record_jieba_tokenizer.py`` on
dictionary files written from the ``jieba`` package)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink.dataset as ds
import deepsink.dataset.text as text

FOLDER = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "jieba"
HMM = str(FOLDER / "hmm_model.utf8")
MP = str(FOLDER / "jieba.dict.utf8")
RECORD = json.loads((FOLDER / "jieba.json").read_text(encoding="utf-8"))
SENTENCES = RECORD["sentences"]


def _cut(op, sentence):
    tokens, start, limit = op(sentence)
    assert start.dtype == limit.dtype == np.uint32
    return {"tokens": tokens.tolist(), "start": start.tolist(), "limit": limit.tolist()}


@pytest.mark.parametrize("mode", ["MP", "HMM", "MIX"])
def test_modes_give_mindspores_tokens_and_offsets(mode):
    op = text.JiebaTokenizer(HMM, MP, mode=getattr(text.JiebaMode, mode), with_offsets=True)
    got = [_cut(op, s) for s in SENTENCES]
    for s, g, want in zip(SENTENCES, got, RECORD[mode]):
        assert g == want, s


def test_default_mode_is_mix_and_returns_tokens_only():
    out = text.JiebaTokenizer(HMM, MP)(SENTENCES[1])
    assert out.tolist() == RECORD["plain"]["tokens"]
    assert str(out.dtype) == RECORD["plain"]["dtype"]


def test_added_words_weigh_as_in_mindspore(tmp_path):
    for case in RECORD["added"]:
        op = text.JiebaTokenizer(HMM, MP, mode=getattr(text.JiebaMode, case["mode"]), with_offsets=True)  # fmt: skip
        if case.get("file"):
            user = tmp_path / "user.dict"
            user.write_text("男默女泪 10\n长江大桥\n  一起去外面   300  \n不是 一 行 3\n\n明月光 x\n",
                            encoding="utf-8")  # fmt: skip
            op.add_dict(str(user))
        else:
            op.add_word("男默女泪")
            op.add_word("江大桥", 20000)
            op.add_word("天气太好", 1)
            op.add_dict({"京都大": 5, "杭研": 0})
        assert [_cut(op, s) for s in SENTENCES[:8]] == case["cuts"], case["mode"]


def test_words_added_after_a_call_take_effect():
    op = text.JiebaTokenizer(HMM, MP, mode=text.JiebaMode.MP)
    assert op(SENTENCES[2]).tolist()[:4] == ["男", "默", "女", "泪"]
    op.add_word("男默女泪")
    assert op(SENTENCES[2]).tolist()[0] == "男默女泪"


def test_pipeline_columns_match_mindspore():
    data = ds.NumpySlicesDataset(SENTENCES[:4], column_names=["text"], shuffle=False)
    op = text.JiebaTokenizer(HMM, MP, mode=text.JiebaMode.MIX, with_offsets=True)
    data = data.map(operations=op, input_columns=["text"],
                    output_columns=["token", "offsets_start", "offsets_limit"])  # fmt: skip
    rows = [
        {k: v.tolist() for k, v in row.items()} | {"dtype": str(row["token"].dtype)}
        for row in data.create_dict_iterator(num_epochs=1, output_numpy=True)
    ]
    assert rows == RECORD["pipeline"]


ERRORS = {
    "mode": lambda: text.JiebaTokenizer(HMM, MP, mode=1),
    "hmm_type": lambda: text.JiebaTokenizer(3, MP),
    "mp_none": lambda: text.JiebaTokenizer(HMM, None),
    "hmm_missing": lambda: text.JiebaTokenizer("no/such/hmm.utf8", MP),
    "offsets_type": lambda: text.JiebaTokenizer(HMM, MP, with_offsets=1),
    "freq_negative": lambda: text.JiebaTokenizer(HMM, MP).add_word("好", -1),
    "word_none": lambda: text.JiebaTokenizer(HMM, MP).add_word(None),
    "dict_type": lambda: text.JiebaTokenizer(HMM, MP).add_dict(["好"]),
    "dict_missing": lambda: text.JiebaTokenizer(HMM, MP).add_dict("no/such.dict"),
    "input_int": lambda: text.JiebaTokenizer(HMM, MP)(3),
    "input_2d": lambda: text.JiebaTokenizer(HMM, MP)(np.array([["a", "b"]])),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors_are_mindspores(name):
    want = RECORD["errors"][name]
    with pytest.raises(Exception) as info:
        ERRORS[name]()
    assert type(info.value).__name__ == want["type"]
    # MindSpore's C++ errors end with its call stack after the message itself
    msg = str(info.value)
    assert msg == want["message"] or (
        want["type"] == "RuntimeError" and "[ERROR] " in msg
        and want["message"].startswith(msg + "\n\n")
    )  # fmt: skip


def test_a_malformed_dictionary_line_is_refused(tmp_path):
    bad = tmp_path / "bad.utf8"
    bad.write_text("明月 10 n\n明月光 20\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="line 2 of the dictionary .* should be 'word freq tag'"):
        text.JiebaTokenizer(HMM, str(bad))("明月光")
