"""The dataset engine as MindSpore 2.10 runs it (``tests/fixtures/ms/engine_parity.json``):
``flat_map``; a node built on twice makes a pipeline below a root "not a tree"; an iterator runs
its own copy of the pipeline, is listed in ``ITERATORS_LIST`` while alive, and after ``stop`` or
``_cleanup`` has no ``_runtime_context``; reading past the last epoch is MindSpore's EOF error;
``CutOut``, ``CutMixBatch``, ``MixUpBatch`` and ``TypeCast`` check their inputs as 2.10 does."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink.dataset as ds
import deepsink.dataset.engine.iterators as iterators
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import engine_parity_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "engine_parity.json").read_text())


def _mismatch(want: dict, mine: dict) -> bool:
    if "error" in want:  # MindSpore's type, and its words (a pipeline error's [ERROR] line)
        if mine.get("error") != want["error"]:
            return True
        theirs = want["message"].replace("mindspore._c_expression.typing", "deepsink.common.dtype")
        theirs = theirs.replace("<class 'mindspore.", "<class 'deepsink.")
        a, b = mine["message"].rstrip("."), theirs.rstrip(".")
        return not (b in mine["message"] or a in theirs)
    return mine != want


@pytest.mark.parametrize("area", ["tree", "flat_map", "iterator", "cut_out", "mix"])
def test_engine_matches_mindspore(area):
    got = engine_parity_cases.outcomes(ds, transforms, vision, iterators, areas=(area,))
    got = json.loads(json.dumps(got))
    names = [n for n in FIXTURE if n.startswith(f"{area}/")]
    assert names
    bad = {n: (FIXTURE[n], got[n]) for n in names if _mismatch(FIXTURE[n], got[n])}
    assert not bad, json.dumps(bad, indent=1)[:3000]
