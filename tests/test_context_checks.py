"""``set_context``'s argument type check and its unchecked ``__wrapped__``, ``deterministic``'s
environment, ``context.get_jit_config`` and the context object, against MindSpore 2.10
(``tests/fixtures/ms/context_checks.json``, ``scripts/record_test_helper_behaviour.py``)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "support"))
import context_check_cases  # noqa: E402

from tests.ops.test_graph_parity import _match  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "context_checks.json").read_text())


@pytest.fixture(scope="module")
def got():
    saved = {k: os.environ.pop(k, None) for k in ("HCCL_DETERMINISTIC", "TE_PARALLEL_COMPILER")}
    try:
        return context_check_cases.outcomes(ms)
    finally:
        ms.set_context(jit_config={})
        for k, v in saved.items():
            if v is not None:
                os.environ[k] = v


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_outcome_matches_mindspore(got, name):
    _match(got[name], FIXTURE[name], name)


def test_the_unchecked_set_context_still_checks_values():
    with pytest.raises(ValueError, match="deterministic"):
        ms.context.set_context.__wrapped__(deterministic="NOTRIGHT")
