"""Each ``mint`` function called with its defaults computes what MindSpore 2.10 computes:
outputs recorded from 2.10 (``tests/fixtures/ms/mint_defaults.json``, written by
``scripts/record_mint_default_fixtures.py``), or, where 2.10's CPU build has no kernel, NumPy
references applying 2.10's recorded defaults (``mint_default_references.py``). The inputs are
chosen so that each default changes the result (``mint.topk`` on a tensor whose last dimension
is not its first...)."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import numpy as np
import numpy_mint_cases as C
import pytest
from mint_default_references import DEFAULT_REFERENCES

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "mint_defaults.json").read_text()
)
CASES = {f"{c['module']}.{c['name']}": c for c in DATA["cases"]}
NO_KERNEL = ("RuntimeError", "NotImplementedError")
RECORDED = [k for k, c in CASES.items() if "outputs" in c]
REFERENCED = [k for k, c in CASES.items() if c.get("error") in NO_KERNEL]
BUGGY = {  # 2.10 fails for a reason of its own, not a refusal of the call (its own internal error)
    "mint.kthvalue": "ValueError: should not come here for kthvalue py_method",
}
REFUSED = [
    k for k, c in CASES.items() if "error" in c and c["error"] not in NO_KERNEL and k not in BUGGY
]


def _run(key: str):
    return eval(CASES[key]["expr"], C.env())


@pytest.mark.parametrize("key", RECORDED)
def test_default_call_matches_mindspore(key: str) -> None:
    C.check(key, _run(key), CASES[key]["outputs"])


@pytest.mark.parametrize("key", REFERENCED + sorted(BUGGY))
def test_default_call_matches_reference(key: str) -> None:
    case = CASES[key]
    got = C.outputs(_run(key))
    want = DEFAULT_REFERENCES[(case["module"], case["name"])](C.env())
    want = list(want) if isinstance(want, tuple | list) else [want]
    assert len(got) == len(want), key
    for g, w in zip(got, want, strict=True):
        if isinstance(w, dict):  # random: dtype/shape and a property of the values
            assert str(g.dtype) == w["dtype"] and tuple(g.shape) == w["shape"], key
            assert w["check"](g.asnumpy().tolist()), key
            continue
        w = np.asarray(w)
        a = g.asnumpy()
        assert a.shape == w.shape, f"{key}: {a.shape} != {w.shape}"
        np.testing.assert_allclose(a, w, rtol=2e-5, atol=2e-5, err_msg=key)


@pytest.mark.parametrize("key", REFUSED)
def test_default_call_refused_as_mindspore(key: str) -> None:
    with pytest.raises(getattr(builtins, CASES[key]["error"])):
        _run(key)


def test_every_case_is_checked() -> None:
    assert set(RECORDED) | set(REFERENCED) | set(BUGGY) | set(REFUSED) == set(CASES)
    assert {
        (c["module"], c["name"]) for k, c in CASES.items() if k in REFERENCED or k in BUGGY
    } <= set(DEFAULT_REFERENCES)
