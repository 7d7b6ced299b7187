"""What MindSpore's own test files check of ``MaskedSelect`` gradients (integer ones too, and in
GRAPH_MODE, where the value-dependent output shape makes the Cell run op by op), ``CTCLoss``
with sparse labels (its kernel's label rule, built on the device so GRAPH_MODE can trace the
indices, and its errors), the ``qint4x2`` (Int4) dtype in Tensors, checkpoints and
``load_param_into_net``, ``WeightQuantBatchMatmul`` and ``mutable(..., dynamic_len=True)`` inside
compiled functions, against MindSpore 2.10's results (``tests/fixtures/ms/graph_parity.json``)."""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import graph_parity_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "graph_parity.json").read_text())
WORDS = 45  # an error's first words are MindSpore's
TYPE_ONLY = {"mutable_dyn_append_shorter_tuple"}  # 2.10 words it as its ListAppend kernel's input


@pytest.fixture(scope="module")
def got():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "GRAPH_MODE runs this Cell op by op"
        return graph_parity_cases.outcomes(ms)


def _match(got, want, where):
    assert got.keys() == want.keys(), (where, got, want)
    if "parts" in want:
        assert len(got["parts"]) == len(want["parts"]), where
        for g, w in zip(got["parts"], want["parts"]):
            _match(g, w, where)
    elif "values" in want:
        assert (got["dtype"], got["shape"]) == (want["dtype"], want["shape"]), where
        np.testing.assert_allclose(
            got["values"], want["values"], rtol=1e-5, atol=1e-6, err_msg=where
        )
    elif "error" in want:
        assert got["error"] == want["error"], (where, got)
        if where not in TYPE_ONLY:
            assert got["message"][:WORDS] == want["message"][:WORDS], (where, got)
    else:
        assert got == want, where


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    _match(got[name], FIXTURE[name], name)
