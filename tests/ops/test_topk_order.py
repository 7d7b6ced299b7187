"""``ops.topk``, ``Tensor.topk`` and ``mint.topk`` return the entries MindSpore 2.10's CPU kernel
picks among equal values, in its order (``sorted=False``: the order its selection leaves), as
recorded by ``scripts/record_topk_fixtures.py``."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import mint, ops
from tests.support.topk_cases import inputs, run

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "topk_order.json"
EXPECTED = json.loads(FIXTURE.read_text())
CASES = inputs()


# one case of each input, order and direction (each case is its own compiled program)
QUICK = sorted(
    name
    for name in EXPECTED
    if name.startswith(("ties_1d_k4_", "ties_2d_k3_", "ties_wide_k49_max", "constant_25_k3_max"))
)


def _check(name):
    got = run(lambda a, *rest: ops.topk(ms.Tensor(a), *rest), *CASES[name])
    assert got == EXPECTED[name]


@pytest.mark.parametrize("name", QUICK)
def test_ops_topk_matches_mindspore(name):
    _check(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(EXPECTED) - set(QUICK)))
def test_ops_topk_matches_mindspore_all_cases(name):
    _check(name)


@pytest.mark.parametrize(
    "name", ["ties_2d_k3_max_unsorted", "ties_3d_dim1_unsorted", "ties_wide_k3_min_sorted"]
)
def test_tensor_and_mint_topk_match_mindspore(name):
    a, k, dim, largest, sorted_ = CASES[name]
    got = run(lambda *args: ms.Tensor(a).topk(*args[1:]), *CASES[name])
    assert got == EXPECTED[name]
    values, indices = mint.topk(ms.Tensor(a), k, dim, largest, sorted_)
    assert indices.dtype == ms.int64
    assert indices.asnumpy().tolist() == EXPECTED[name]["indices"]


def test_compiled_topk_gives_the_same_order():
    a, k, dim, largest, sorted_ = CASES["ties_3d_k3_max_unsorted"]
    f = ms.jit(lambda t: ops.topk(t, k, dim, largest, sorted_))
    assert f(ms.Tensor(a))[1].asnumpy().tolist() == EXPECTED["ties_3d_k3_max_unsorted"]["indices"]


def test_values_without_ties_keep_the_fast_path_result():
    x = ms.Tensor(np.random.RandomState(1).randn(4, 50).astype(np.float32))
    values, indices = ops.topk(x, 5)
    np.testing.assert_array_equal(values.asnumpy(), -np.sort(-x.asnumpy(), axis=-1)[:, :5])
    np.testing.assert_array_equal(
        np.take_along_axis(x.asnumpy(), indices.asnumpy(), -1), values.asnumpy()
    )
