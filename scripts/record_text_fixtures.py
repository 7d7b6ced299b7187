"""Record MindSpore 2.10's ``mindspore.dataset.text`` results to ``tests/fixtures/ms/text_ops.json``.

Each case names an op, its keyword arguments and one eager input; the fixture holds the op's
outputs (lists of strings/numbers with their dtype) or the exception's type and message.
``tests/dataset/test_text_fixtures.py`` runs the same cases on deepsink. A ``vocab`` argument is
a token list turned into ``text.Vocab.from_list`` on both sides.

    cd /tmp/somewhere && python /path/to/scripts/record_text_fixtures.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "text_ops.json"

BERT_VOCAB = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "[unused1]", "hello", "world", "the", "quick",
    "brown", "fox", "un", "##want", "##ed", "runn", "##ing", ",", ".", "!", "?", "'", "s", "it",
    "北", "京", "cafe", "café", "naive", "jump", "##s", "over", "lazy", "dog", "##gy", "a", "##b",
    "##c", "i", "am", "making", "small", "mistake", "##s", "during", "work", "-", "e", "mail",
]  # fmt: skip

S = "Hello, World! The QUICK brown fox"

CASES: list[dict] = [
    # BasicTokenizer
    {"op": "BasicTokenizer", "kw": {}, "x": S},
    {"op": "BasicTokenizer", "kw": {"lower_case": True}, "x": S},
    {"op": "BasicTokenizer", "kw": {"with_offsets": True}, "x": S},
    {"op": "BasicTokenizer", "kw": {"lower_case": True, "with_offsets": True}, "x": "Café  Naïve ÅB"},
    {"op": "BasicTokenizer", "kw": {"with_offsets": True}, "x": "Café  Naïve ÅB"},
    {"op": "BasicTokenizer", "kw": {"keep_whitespace": True, "with_offsets": True}, "x": "a  b\tc\n"},
    {"op": "BasicTokenizer", "kw": {}, "x": "北京大学 is in 北京。"},
    {"op": "BasicTokenizer", "kw": {"lower_case": True}, "x": "[CLS] Hi [SEP] [unused12] [UNK]x [MASK]"},
    {"op": "BasicTokenizer", "kw": {"lower_case": True, "preserve_unused_token": False}, "x": "[CLS] hi [SEP]"},
    {"op": "BasicTokenizer", "kw": {"preserve_unused_token": False}, "x": "[CLS] hi [unused1]"},
    {"op": "BasicTokenizer", "kw": {}, "x": "it's e-mail 3.14 #tag @user $5 a\u0000b\u200bc"},
    {"op": "BasicTokenizer", "kw": {"normalization_form": "NFKC"}, "x": "ｆｕｌｌ① ﬁ"},
    {"op": "BasicTokenizer", "kw": {"lower_case": True}, "x": "ΣΑΣ Straße ǅ İ"},
    {"op": "BasicTokenizer", "kw": {}, "x": ""},
    {"op": "BasicTokenizer", "kw": {}, "x": "   "},
    {"op": "BasicTokenizer", "kw": {"lower_case": 1}, "x": S},
    {"op": "BasicTokenizer", "kw": {}, "x": ["a b", "c"]},
    # WordpieceTokenizer
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": ["unwanted", "running", "xyz"]},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB, "with_offsets": True}, "x": ["unwanted", "jumps", "café"]},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB, "unknown_token": ""}, "x": ["xyz", "dog", "doggy"]},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB, "max_bytes_per_token": 4}, "x": ["dog", "doggy", "quick"]},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB, "suffix_indicator": "@@"}, "x": ["unwanted", "dogs"]},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": "unwanted"},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": [["a", "abc"], ["dogs", "s"]]},
    {"op": "WordpieceTokenizer", "kw": {"vocab": BERT_VOCAB, "max_bytes_per_token": -1}, "x": ["a"]},
    # BertTokenizer
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB}, "x": S},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB, "lower_case": True}, "x": S},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB, "lower_case": True, "with_offsets": True}, "x": "I am making small mistakes during working hours"},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB, "lower_case": True, "with_offsets": True}, "x": "Café naïve 北京! [CLS] unwanted"},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB, "lower_case": True, "unknown_token": ""}, "x": "unwanted xyz"},
    {"op": "BertTokenizer", "kw": {"vocab": BERT_VOCAB, "lower_case": True}, "x": "[CLS] it's an e-mail [SEP] [unused1]"},
    # WhitespaceTokenizer / RegexTokenizer / UnicodeScriptTokenizer
    {"op": "WhitespaceTokenizer", "kw": {}, "x": " Welcome  to\tBeijing!\n 北京 "},
    {"op": "WhitespaceTokenizer", "kw": {"with_offsets": True}, "x": " Welcome  to\tBeijing!\n 北京 "},
    {"op": "WhitespaceTokenizer", "kw": {}, "x": "   "},
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "\\s+"}, "x": "Welcome  to Beijing"},
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "\\s+", "keep_delim_pattern": "\\s+"}, "x": "Welcome  to Beijing"},
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "\\s+|,", "keep_delim_pattern": ",", "with_offsets": True}, "x": "a, b,c  d"},
    {"op": "RegexTokenizer", "kw": {"delim_pattern": "\\p{P}"}, "x": "a.b!c"},
    {"op": "UnicodeScriptTokenizer", "kw": {}, "x": "Hello 北京123 мир!! ok"},
    {"op": "UnicodeScriptTokenizer", "kw": {"keep_whitespace": True, "with_offsets": True}, "x": "Hello 北京123 мир!! ok"},
    {"op": "UnicodeScriptTokenizer", "kw": {"with_offsets": True}, "x": "ab,cd 12.5"},
    {"op": "UnicodeCharTokenizer", "kw": {"with_offsets": True}, "x": "hé北"},
    # normalizing
    {"op": "CaseFold", "kw": {}, "x": ["Welcome TO BeiJing", "Straße ΣΑΣ ǅ"]},
    {"op": "NormalizeUTF8", "kw": {"normalize_form": "NFKC"}, "x": ["ｆｕｌｌ①ﬁ", "é"]},
    {"op": "NormalizeUTF8", "kw": {"normalize_form": "NFD"}, "x": "é"},
    {"op": "NormalizeUTF8", "kw": {"normalize_form": "NONE"}, "x": "ｆ"},
    {"op": "RegexReplace", "kw": {"pattern": "\\s+", "replace": "_"}, "x": ["a  b c", "x"]},
    {"op": "RegexReplace", "kw": {"pattern": "a", "replace": "X", "replace_all": False}, "x": "banana"},
    {"op": "RegexReplace", "kw": {"pattern": "(\\w+)@(\\w+)", "replace": "$2 at $1"}, "x": "user@host"},
    {"op": "FilterWikipediaXML", "kw": {}, "x": "Anarchism is a [[political philosophy]] &amp; {{cite}} <ref>x</ref> 12 ÉB."},
    # sequences
    {"op": "Ngram", "kw": {"n": [2]}, "x": ["a", "b", "c", "d"]},
    {"op": "Ngram", "kw": {"n": [1, 3], "separator": "-"}, "x": ["a", "b", "c"]},
    {"op": "Ngram", "kw": {"n": [2], "left_pad": ["_", 1], "right_pad": ["_", 1]}, "x": ["a", "b"]},
    {"op": "Ngram", "kw": {"n": [4]}, "x": ["a", "b"]},
    {"op": "Ngram", "kw": {"n": [0]}, "x": ["a", "b"]},
    {"op": "SlidingWindow", "kw": {"width": 2}, "x": [1, 2, 3, 4]},
    {"op": "SlidingWindow", "kw": {"width": 5}, "x": [1, 2, 3]},
    {"op": "SlidingWindow", "kw": {"width": 2, "axis": 0}, "x": [[1, 2], [3, 4], [5, 6]]},
    {"op": "Truncate", "kw": {"max_seq_len": 2}, "x": ["a", "b", "c"]},
    {"op": "Truncate", "kw": {"max_seq_len": 3}, "x": [[1, 2, 3, 4], [5, 6, 7, 8]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 4}, "x": [[1, 2, 3], [4, 5, 6, 7]]},
    {"op": "TruncateSequencePair", "kw": {"max_length": 10}, "x": [["a", "b"], ["c"]]},
    {"op": "AddToken", "kw": {"token": "TOKEN", "begin": True}, "x": ["a", "b"]},
    {"op": "AddToken", "kw": {"token": "END", "begin": False}, "x": ["a", "b"]},
    {"op": "AddToken", "kw": {"token": "T", "begin": True}, "x": [["a", "b"], ["c", "d"]]},
    # Lookup
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "unknown_token": "[UNK]"}, "x": ["hello", "xyz", "world"]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "unknown_token": "[UNK]", "data_type": "int64"}, "x": [["hello"], ["the"]]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB}, "x": ["hello", "xyz"]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "unknown_token": "nope"}, "x": ["hello"]},
    {"op": "Lookup", "kw": {"vocab": BERT_VOCAB, "data_type": "string"}, "x": ["hello"]},
]


def _build(text, spec):
    import mindspore as ms

    kw = dict(spec["kw"])
    if "vocab" in kw:
        kw["vocab"] = text.Vocab.from_list(list(dict.fromkeys(kw["vocab"])))
    if "normalization_form" in kw:
        kw["normalization_form"] = getattr(text.NormalizeForm, kw["normalization_form"])
    if "normalize_form" in kw:
        kw["normalize_form"] = getattr(text.NormalizeForm, kw["normalize_form"])
    if "data_type" in kw:
        kw["data_type"] = getattr(ms, kw["data_type"])
    for pad in ("left_pad", "right_pad"):
        if pad in kw:
            kw[pad] = tuple(kw[pad])
    return getattr(text, spec["op"])(**kw)


def _value(a):
    a = np.asarray(a)
    if a.dtype.kind in "SU":
        a = np.char.decode(a, "utf-8") if a.dtype.kind == "S" else a
        return {"dtype": "str", "shape": list(a.shape), "data": a.tolist()}
    return {"dtype": str(a.dtype), "shape": list(a.shape), "data": a.tolist()}


def _message(e: BaseException) -> str:
    msg = str(e)
    msg = re.sub(r"\n+-+\n- C\+\+ Call Stack.*", "", msg, flags=re.S)
    return msg.strip()


def main() -> None:
    import mindspore.dataset.text as text

    out = []
    for spec in CASES:
        case = dict(spec)
        try:
            op = _build(text, spec)
            x = spec["x"]
            inputs = [np.array(v) for v in x] if spec["op"] == "TruncateSequencePair" else [x]
            res = op(*inputs)
            res = res if isinstance(res, tuple) else (res,)
            case["out"] = [_value(r) for r in res]
        except Exception as e:  # noqa: BLE001 - the error is the recorded result
            case["error"] = {"type": type(e).__name__, "message": _message(e)}
        out.append(case)
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    print(f"{len(out)} cases, {sum('error' in c for c in out)} errors -> {OUT}")


if __name__ == "__main__":
    main()
