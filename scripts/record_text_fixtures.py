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
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "ms" / "text_ops.json"

sys.path.insert(0, str(ROOT / "tests" / "support"))
from text_cases import CASES, EXPRESSIONS, write_files  # noqa: E402


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


def evaluate(expression: str, text, ds, folder: str) -> dict:
    """The value of ``expression`` (JSON-ready), or the exception's type and message."""
    try:
        value = eval(expression, {"text": text, "ds": ds, "np": np, "DIR": folder})  # noqa: S307
    except Exception as e:  # noqa: BLE001 - the error is the result
        message = _message(e).replace(folder, "DIR")
        return {"error": {"type": type(e).__name__, "message": message}}
    return {"value": value}


def main() -> None:
    import tempfile

    import mindspore.dataset as ds
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
    folder = tempfile.mkdtemp()
    write_files(folder)
    exprs = [{"expr": e, **evaluate(e, text, ds, folder)} for e in EXPRESSIONS]
    OUT.write_text(
        json.dumps({"ops": out, "expressions": exprs}, ensure_ascii=False, indent=1) + "\n"
    )
    print(f"{len(out)} cases, {sum('error' in c for c in out)} errors -> {OUT}")


if __name__ == "__main__":
    main()
