"""``ops.randperm``/``RandpermV2`` (``std::shuffle`` over ``std::mt19937``) and
``ops.shuffle``/``RandomShuffle`` (``std::shuffle`` over the Lehmer engine) and
``ops.standard_laplace``/``ops.laplace``/``StandardLaplace`` (the Lehmer engine) draw MindSpore 2.10's
numbers (``tests/fixtures/ms/shuffle_streams.json``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import deepsink as ms

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "support"))
import shuffle_stream_cases  # noqa: E402

FIXTURE = json.loads((HERE / "fixtures" / "ms" / "shuffle_streams.json").read_text())


@pytest.fixture(scope="module")
def got():
    return {**shuffle_stream_cases.draws(ms), **shuffle_stream_cases.laplace_draws(ms)}


@pytest.mark.parametrize("name", sorted(FIXTURE))
def test_draws_match_mindspore(got, name):
    assert got[name] == FIXTURE[name]


def test_shuffle_inside_a_compiled_function_is_a_permutation():
    x = ms.Tensor(list(range(6)), ms.int32)
    out = ms.jit(lambda t: ms.ops.shuffle(t, seed=4))(x)
    assert sorted(out.asnumpy().tolist()) == list(range(6))
