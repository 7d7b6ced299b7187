"""What MindSpore's own test files check of ``mindspore.numpy`` creation functions (``linspace``'s
step dtype, float offsets of ``tril/triu_indices_from``, ragged nested sequences raising
``ValueError``), ``ops.arange`` refusing a step that cannot reach ``end``, the ``TopK``
primitive's ``sorted=False`` order and the ``ops.operations._grad_ops`` backward primitives,
against MindSpore 2.10's results (``tests/fixtures/ms/held_back_parity.json``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
import deepsink.numpy as mnp
from deepsink import ops
from deepsink.ops import operations as P

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import held_back_parity_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "held_back_parity.json").read_text())


@pytest.fixture(scope="module")
def got():
    from deepsink.ops.operations import _grad_ops as G

    return held_back_parity_cases.outcomes(ms, mnp, ops, P, G)


def _match(got, want, where):
    assert got.keys() == want.keys(), (where, got, want)
    if "parts" in want:
        assert len(got["parts"]) == len(want["parts"]), where
        for g, w in zip(got["parts"], want["parts"]):
            _match(g, w, where)
    elif "values" in want:
        assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"]), where
        np.testing.assert_allclose(
            got["values"], want["values"], rtol=2e-6, atol=1e-7, err_msg=where
        )
    else:
        assert got == want, where


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    _match(got[name], FIXTURE[name], name)
