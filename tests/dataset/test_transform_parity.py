"""Dataset transforms as MindSpore 2.10 runs them (``tests/fixtures/ms/transform_parity.json``):
``BatchInfo`` counts batches per pass and the iterator's epochs (not repeats); eager ``Compose``
returns a tuple for a PIL input and holds a Python function's PIL result as numpy in its C++
composition; vision ops without a PIL implementation in MindSpore return numpy for a PIL image;
``Concatenate`` joins several columns; text ops refuse bytes with MindSpore's errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink.common.dtype as mstype
import deepsink.dataset as ds
import deepsink.dataset.text as text
import deepsink.dataset.transforms as transforms
import deepsink.dataset.vision as vision

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import transform_parity_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "transform_parity.json").read_text())


@pytest.fixture(scope="module")
def got():
    seed = ds.config.get_seed()
    ds.config.set_seed(1)
    try:
        res = transform_parity_cases.outcomes(ds, transforms, vision, text, mstype)
    finally:
        ds.config.set_seed(seed)
    return json.loads(json.dumps(res))


def _same_error(mine: dict, theirs: dict) -> bool:
    a, b = mine["message"].rstrip("."), theirs["message"].rstrip(".")
    return mine["error"] == theirs["error"] and (b in mine["message"] or a in theirs["message"])


def _mismatch(name: str, want: dict, mine: dict) -> bool:
    if name.startswith("batch_info/"):
        # a callable batch size is asked ahead by MindSpore's prefetching: the numbers asked
        # match, not how often
        return (
            mine["rows"] != want["rows"]
            or mine["map"] != want["map"]
            or set(map(tuple, mine["size"])) != set(map(tuple, want["size"]))
        )
    if "error" in want and name.startswith("nd_images/"):
        return mine.get("error") != want["error"]  # the rank refused: by type (ops word it apart)
    if "error" in want:
        return "error" not in mine or not _same_error(mine, want)
    return mine != want


# one test per area, its cases checked together
AREAS = sorted({name.split("/")[0] for name in FIXTURE})


@pytest.mark.parametrize("area", AREAS)
def test_area_matches_mindspore(got, area):
    names = [n for n in sorted(FIXTURE) if n.startswith(area + "/")]
    bad = {n: (got[n], FIXTURE[n]) for n in names if _mismatch(n, FIXTURE[n], got[n])}
    assert not bad, "\n".join(f"{n}: deepsink {a}, MindSpore {b}" for n, (a, b) in bad.items())
