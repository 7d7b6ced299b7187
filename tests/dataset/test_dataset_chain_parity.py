"""Dataset behaviour as MindSpore 2.10 runs it (``tests/fixtures/ms/dataset_chain_parity.json``):
``Rescale`` rounds once (its float32 bits), ``ResizedCrop`` checks its size as a crop size,
sampler chains with a random child and ``add_sampler``, ``split``'s argument errors and its parts
under ``use_sampler``, ``SlidingWindow``'s axis and arity errors, ``Schema``'s errors, and batches
of strings of different lengths."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink.dataset as ds
import deepsink.dataset.text as text
import deepsink.dataset.vision as vision

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import dataset_chain_parity_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "dataset_chain_parity.json").read_text())


@pytest.fixture(scope="module")
def got():
    seed = ds.config.get_seed()
    ds.config.set_seed(1)
    try:
        res = dataset_chain_parity_cases.outcomes(ds, vision, text)
    finally:
        ds.config.set_seed(seed)
    return json.loads(json.dumps(res))


def _mismatch(want, mine) -> bool:
    if isinstance(want, dict) and "error" in want:
        if not isinstance(mine, dict) or mine.get("error") != want["error"]:
            return True
        a, b = mine["message"].rstrip("."), want["message"].rstrip(".")
        return not (b in mine["message"] or a in want["message"])
    if isinstance(want, list):
        return len(want) != len(mine) or any(_mismatch(w, m) for w, m in zip(want, mine))
    return mine != want


AREAS = sorted({name.split("/")[0] for name in FIXTURE})


@pytest.mark.parametrize("area", AREAS)
def test_area_matches_mindspore(got, area):
    names = [n for n in sorted(FIXTURE) if n.startswith(area + "/")]
    bad = {n: (got[n], FIXTURE[n]) for n in names if _mismatch(FIXTURE[n], got[n])}
    assert not bad, "\n".join(f"{n}: deepsink {a}, MindSpore {b}" for n, (a, b) in bad.items())
