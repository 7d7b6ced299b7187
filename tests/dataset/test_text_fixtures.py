"""``mindspore.dataset.text``'s transforms on the cases of ``scripts/record_text_fixtures.py``:
tokens, offsets, dtypes and error messages as MindSpore 2.10 gave them
(``tests/fixtures/ms/text_ops.json``)."""

import json
import re
from pathlib import Path

import numpy as np
import pytest
from text_cases import write_files

import deepsink as ms
import deepsink.dataset as ds
import deepsink.dataset.text as text

FIXTURE = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "text_ops.json").read_text()
)
CASES = FIXTURE["ops"]
EXPRESSIONS = FIXTURE["expressions"]


def build(spec):
    kw = dict(spec["kw"])
    if "vocab" in kw:
        kw["vocab"] = text.Vocab.from_list(list(dict.fromkeys(kw["vocab"])))
    for key in ("normalization_form", "normalize_form"):
        if key in kw:
            kw[key] = getattr(text.NormalizeForm, kw[key])
    if "data_type" in kw:
        kw["data_type"] = getattr(ms, kw["data_type"])
    for pad in ("left_pad", "right_pad"):
        if pad in kw:
            kw[pad] = tuple(kw[pad])
    return getattr(text, spec["op"])(**kw)


def run(spec):
    op = build(spec)
    x = spec["x"]
    inputs = [np.array(v) for v in x] if spec["op"] == "TruncateSequencePair" else [x]
    out = op(*inputs)
    return out if isinstance(out, tuple) else (out,)


def check_error(info, want):
    assert type(info.value).__name__ == want["type"]
    # deepsink names its classes under its import name
    tail = want["message"].split("[ERROR] ")[-1].replace("'mindspore.", "'deepsink.")
    # sentencepiece's messages name the line of its C++ source, which differs between builds
    source_line = re.compile(r"\.cc\(\d+\)")
    assert source_line.sub(".cc(N)", tail) in source_line.sub(".cc(N)", str(info.value))


def _id(spec):
    return f"{spec['op']}-{json.dumps(spec['kw'])[:40]}-{json.dumps(spec['x'])[:30]}"


@pytest.mark.parametrize("spec", CASES, ids=[_id(c) for c in CASES])
def test_text_op_matches_mindspore(spec):
    if "error" in spec:
        want = spec["error"]
        with pytest.raises(Exception) as info:
            run(spec)
        check_error(info, want)
        return
    got = run(spec)
    assert len(got) == len(spec["out"])
    for g, w in zip(got, spec["out"]):
        g = np.asarray(g)
        if w["dtype"] == "str":
            assert g.dtype.kind == "U", g.dtype
        else:
            assert str(g.dtype) == w["dtype"]
        assert list(g.shape) == w["shape"]
        assert g.tolist() == w["data"]


@pytest.mark.parametrize("case", EXPRESSIONS, ids=[c["expr"][:60] for c in EXPRESSIONS])
def test_text_expression_matches_mindspore(case, tmp_path):
    if "SentencePiece" in case["expr"] and "TypeError" not in str(case.get("error")):
        pytest.importorskip("sentencepiece")
    write_files(str(tmp_path))
    scope = {"text": text, "ds": ds, "np": np, "DIR": str(tmp_path)}
    if "error" in case:
        with pytest.raises(Exception) as info:
            eval(case["expr"], scope)
        want = dict(case["error"])
        want["message"] = want["message"].replace("DIR", str(tmp_path))
        check_error(info, want)
        return
    assert eval(case["expr"], scope) == case["value"]
