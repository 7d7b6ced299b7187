"""Random vision ops as MindSpore 2.10 runs them (``tests/fixtures/ms/random_vision_parity.json``):
which take a ``<N, H, W, C>`` batch and whether they draw per image or once (the others refuse it
in their kernel's words), and the numbers they draw after ``config.set_seed``, eagerly and in a
map's workers."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import deepsink.dataset as ds
import deepsink.dataset.text as text
import deepsink.dataset.vision as vision
from deepsink.common import dtype as mstype

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import random_vision_parity_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "random_vision_parity.json").read_text())


@pytest.fixture(scope="module")
def got():
    seed = ds.config.get_seed()
    try:
        res = random_vision_parity_cases.outcomes(ds, vision, text, mstype)
    finally:
        ds.config.set_seed(seed)
    return json.loads(json.dumps(res))


def _mismatch(want, mine) -> bool:
    if isinstance(want, dict) and "error" in want:
        if not isinstance(mine, dict) or mine.get("error") != want["error"]:
            return True
        return _classes(want["message"]).rstrip(".") not in _classes(mine["message"])
    if isinstance(want, list):
        return len(want) != len(mine) or any(_mismatch(w, m) for w, m in zip(want, mine))
    return mine != want


def _classes(message: str) -> str:
    """A message with the framework's own classes unnamed (``<class 'mindspore._c_dataengine.Vocab'>``
    is deepsink's ``<class 'deepsink.dataset.text.utils.Vocab'>``)."""
    return re.sub(r"<class '(mindspore|deepsink)\.[\w.]+'>", "<class>", message)


def _short(v) -> str:
    return json.dumps(v)[:200]


AREAS = sorted({name.split("/")[0] for name in FIXTURE})


@pytest.mark.parametrize("area", AREAS)
def test_area_matches_mindspore(got, area):
    names = [n for n in sorted(FIXTURE) if n.startswith(area + "/")]
    bad = [n for n in names if _mismatch(FIXTURE[n], got[n])]
    assert not bad, "\n".join(
        f"{n}: deepsink {_short(got[n])}, MindSpore {_short(FIXTURE[n])}" for n in bad
    )
