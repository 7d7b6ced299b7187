"""Record MindSpore 2.10's ``dataset.text.JiebaTokenizer`` (replayed by
``tests/dataset/test_jieba_tokenizer.py``).

Run under a Python with MindSpore 2.10 and the ``jieba`` package importable, from a directory
outside the repository:

    python scripts/record_jieba_tokenizer.py

MindSpore's tokenizer reads cppjieba's two dictionary files: ``mp_path``, one ``word freq tag``
line per word (the format of the ``dict.txt`` the ``jieba`` package ships), and ``hmm_path``, the
HMM's start, transition and emission log-probabilities (the ``jieba`` package ships them as
``jieba.finalseg.prob_*``). This script writes both from the ``jieba`` package into
``tests/fixtures/ms/jieba/``, cut down to the words and characters of the sentences below (the
segmentation of these sentences only reads those), then writes ``jieba.json``: every sentence's
tokens and byte offsets in the three modes, with words added by ``add_word``/``add_dict``, in a
pipeline, and 2.10's errors.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import jieba
import jieba.finalseg.prob_emit
import jieba.finalseg.prob_start
import jieba.finalseg.prob_trans
import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.text as text
import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "jieba"

SENTENCES = [
    "床前明月光",
    "今天天气太好了我们一起去外面玩吧",
    "男默女泪市长江大桥",
    "江州市长江大桥参加了长江大桥的通车仪式",
    "我来到北京清华大学",
    "他来到了网易杭研大厦",
    "小明硕士毕业于中国科学院计算所，后在日本京都大学深造",
    "工信处女干事每月经过下属科室都要亲口交代24口交换机等技术性器件的安装工作",
    "Hello world 2024年3.14版本的iPhone15发布了！",
    "  多个 空格\t和\n换行。句号，逗号",
    "emoji😀表情和ｆｕｌｌ全角",
    "结婚的和尚未结婚的",
    "a",
    "",
]
STATES = "BEMS"
MIN = -3.14e100


def write_dicts() -> tuple[str, str]:
    """The cut-down ``jieba.dict.utf8`` and ``hmm_model.utf8`` of the sentences."""
    OUT.mkdir(parents=True, exist_ok=True)
    text_all = "".join(SENTENCES)
    dict_txt = os.path.join(os.path.dirname(jieba.__file__), "dict.txt")
    lines = []
    with open(dict_txt, encoding="utf-8") as f:
        for line in f:
            word = line.split(" ", 1)[0]
            if word in text_all:
                lines.append(line.rstrip("\n"))
    mp_path = OUT / "jieba.dict.utf8"
    mp_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    chars = set(text_all)
    start = jieba.finalseg.prob_start.P
    trans = jieba.finalseg.prob_trans.P
    emit = jieba.finalseg.prob_emit.P
    rows = ["#prob_start", " ".join(repr(start[s]) for s in STATES), "#prob_trans"]
    for a in STATES:
        rows.append(" ".join(repr(trans[a].get(b, MIN)) for b in STATES))
    rows.append("#prob_emit")
    for s in STATES:
        rows.append(f"#{s}")
        rows.append(",".join(f"{c}:{p!r}" for c, p in sorted(emit[s].items()) if c in chars))
    hmm_path = OUT / "hmm_model.utf8"
    hmm_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(hmm_path), str(mp_path)


def cut(op, sentence: str) -> dict:
    tokens, start, limit = op(sentence)
    return {"tokens": tokens.tolist(), "start": start.tolist(), "limit": limit.tolist()}


def error(fn) -> dict | None:
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type and message are what is recorded
        return {"type": type(e).__name__, "message": str(e)}
    return None


def main() -> int:
    hmm, mp = write_dicts()
    record: dict = {"mindspore": ms.__version__, "jieba": jieba.__version__}
    record["sentences"] = SENTENCES
    for mode in ("MP", "HMM", "MIX"):
        op = text.JiebaTokenizer(hmm, mp, mode=getattr(text.JiebaMode, mode), with_offsets=True)
        record[mode] = [cut(op, s) for s in SENTENCES]
    plain = text.JiebaTokenizer(hmm, mp)(SENTENCES[1])
    record["plain"] = {"tokens": plain.tolist(), "dtype": str(plain.dtype)}

    # words added: the default frequency (the dictionary's median weight), a frequency, a dict
    added = []
    for mode in ("MP", "MIX"):
        op = text.JiebaTokenizer(hmm, mp, mode=getattr(text.JiebaMode, mode), with_offsets=True)
        op.add_word("男默女泪")
        op.add_word("江大桥", 20000)
        op.add_word("天气太好", 1)
        op.add_dict({"京都大": 5, "杭研": 0})
        added.append({"mode": mode, "cuts": [cut(op, s) for s in SENTENCES[:8]]})
    with tempfile.TemporaryDirectory() as tmp:
        user = os.path.join(tmp, "user.dict")
        with open(user, "w", encoding="utf-8") as f:
            f.write("男默女泪 10\n长江大桥\n  一起去外面   300  \n不是 一 行 3\n\n明月光 x\n")
        op = text.JiebaTokenizer(hmm, mp, mode=text.JiebaMode.MP, with_offsets=True)
        op.add_dict(user)
        added.append({"mode": "MP", "file": True, "cuts": [cut(op, s) for s in SENTENCES[:8]]})
    record["added"] = added

    data = ds.NumpySlicesDataset(SENTENCES[:4], column_names=["text"], shuffle=False)
    op = text.JiebaTokenizer(hmm, mp, mode=text.JiebaMode.MIX, with_offsets=True)
    data = data.map(
        operations=op,
        input_columns=["text"],
        output_columns=["token", "offsets_start", "offsets_limit"],
    )
    rows = []
    for row in data.create_dict_iterator(num_epochs=1, output_numpy=True):
        rows.append({k: v.tolist() for k, v in row.items()} | {"dtype": str(row["token"].dtype)})
    record["pipeline"] = rows

    record["errors"] = {
        "mode": error(lambda: text.JiebaTokenizer(hmm, mp, mode=1)),
        "hmm_type": error(lambda: text.JiebaTokenizer(3, mp)),
        "mp_none": error(lambda: text.JiebaTokenizer(hmm, None)),
        "hmm_missing": error(lambda: text.JiebaTokenizer("no/such/hmm.utf8", mp)),
        "offsets_type": error(lambda: text.JiebaTokenizer(hmm, mp, with_offsets=1)),
        "freq_negative": error(lambda: text.JiebaTokenizer(hmm, mp).add_word("好", -1)),
        "word_none": error(lambda: text.JiebaTokenizer(hmm, mp).add_word(None)),
        "dict_type": error(lambda: text.JiebaTokenizer(hmm, mp).add_dict(["好"])),
        "dict_missing": error(lambda: text.JiebaTokenizer(hmm, mp).add_dict("no/such.dict")),
        "input_int": error(lambda: text.JiebaTokenizer(hmm, mp)(3)),
        "input_2d": error(lambda: text.JiebaTokenizer(hmm, mp)(np.array([["a", "b"]]))),
    }
    (OUT / "jieba.json").write_text(
        json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
