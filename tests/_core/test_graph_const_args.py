"""A Tensor argument marked ``const_arg`` is a compile-time constant of the compiled program,
as in MindSpore 2.10 (recorded by ``scripts/record_graph_compile_fixtures.py``)."""

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from tests.support.graph_const_arg_cases import graph_const_args

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_const_args.json"
EXPECTED = json.loads(FIXTURE.read_text())["cases"]


@pytest.fixture(scope="module")
def results():
    mode = ms.get_context("mode")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = graph_const_args(ms)
        yield out, [str(w.message) for w in caught]
    finally:
        ms.set_context(mode=mode)


def _same(got, want) -> bool:
    if isinstance(want, dict) and "error" in want:
        return (
            got.get("error") == want["error"]
            and got["lines"][: len(want["lines"])] == want["lines"]
        )
    if isinstance(want, dict) and "Tensor" in want:
        (gd, gs, gv), (wd, ws, wv) = got["Tensor"], want["Tensor"]
        return gd == wd and list(gs) == list(ws) and np.allclose(gv, wv, atol=1e-5)
    return got == want


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_const_arg_as_mindspore(results, name):
    assert _same(results[0][name], EXPECTED[name]), (results[0][name], EXPECTED[name])


def test_const_args_compile_without_running_op_by_op(results):
    # int(x), x.asnumpy() and an 'if' on a const_arg input, and ops on it (x[0] in
    # 'shape_from_values'), are computed while the program compiles, as MindSpore's compiler
    # folds constants: no host read sends the call op by op
    fell_back = [m for m in results[1] if "op by op" in m]
    assert not fell_back, fell_back


def test_a_const_arg_of_other_values_compiles_another_program():
    calls = []

    @ms.jit
    def f(x, y):
        calls.append(int(x))  # the Python body runs once per compile
        return y * int(x)

    y = ms.Tensor([1.0, 2.0])
    for v in (2, 2, 5, 2):
        np.testing.assert_allclose(f(ms.Tensor([v], const_arg=True), y).asnumpy(), [v, 2 * v])
    assert calls == [2, 5]
