"""``mindspore.common.api._cell_graph_executor``: compile a Cell for some inputs (checking that its
Parameters' names are unique), run the compiled program; as recorded from MindSpore 2.10 by
``scripts/record_graph_executor_fixtures.py``."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import nn
from deepsink.common.api import _cell_graph_executor
from tests.support.graph_executor_cases import cases

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "graph_executor.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.fixture(scope="module")
def got():
    """deepsink's outcomes, computed when the first test runs, not at collection (every
    pytest-xdist worker imports every test file)."""
    return cases(ms)


@pytest.mark.parametrize(
    "name",
    [
        "same_names_executor_compile",
        "same_names_cell_compile_pynative",
        "same_names_call_pynative",
        "compile_twice",
        "run",
        "weights_unchanged_by_compile",
    ],
)
def test_outcome_matches_mindspore(got, name):
    assert got[name] == EXPECTED[name]


@pytest.mark.parametrize("name", ["run_by_full_phase", "run_not_compiled", "no_construct"])
def test_error_type_matches_mindspore(got, name):
    # the messages name MindSpore's object ids and internals; the exception types are the contract
    assert got[name]["error"] == EXPECTED[name]["error"]


def test_compile_builds_the_program_that_the_next_call_runs():
    net = nn.Dense(3, 2)
    x = ms.Tensor(np.ones((4, 3), np.float32))
    _cell_graph_executor.compile(net, x)
    assert len(net._compile_cache) == 1
    before = dict(net._compile_cache)
    np.testing.assert_allclose(_cell_graph_executor(net, x).asnumpy(), net(x).asnumpy())
    assert dict(net._compile_cache) == before


def test_compile_reports_a_construct_that_fails():
    class Broken(nn.Cell):
        def construct(self, x):
            return ms.ops.matmul(x, x)

    with pytest.raises(RuntimeError, match="MatMulExt"):
        _cell_graph_executor.compile(Broken(), ms.Tensor(np.ones((2, 3), np.float32)))
