"""``ops.operations._rl_inner_ops.GRUV2`` against MindSpore 2.10's CPU build (oneDNN's GRU,
recorded by ``scripts/record_gruv2.py``): the flat weight layout (gates ``z, r, n``, one bias,
the reset before the hidden matmul), the layers and directions, float16, the checks, and the cases
deepsink refuses."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink.ops.operations import _rl_inner_ops as rl
from tests.support.gruv2_cases import (
    BAD_ARGS,
    ERRORS,
    RUNS,
    SAME_INPUTS,
    error_case,
    inputs,
    run_case,
)

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "gruv2.json"
EXPECTED = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("name", sorted(RUNS))
def test_gruv2_gives_mindspores_outputs(name):
    got, want = run_case(ms, rl, name), EXPECTED["runs"][name]
    assert (got["shapes"], got["dtypes"]) == (want["shapes"], want["dtypes"])
    tol = 1e-2 if RUNS[name][6] == "float16" else 1e-5
    want = EXPECTED["runs"][SAME_INPUTS.get(name, name)]  # 2.10's float16 values are not stable
    for key in ("output", "h_n"):
        np.testing.assert_allclose(got[key], want[key], rtol=tol, atol=tol)


@pytest.mark.parametrize("name", sorted([*ERRORS, *BAD_ARGS]))
def test_gruv2_checks_as_mindspore(name):
    assert error_case(ms, rl, name) == EXPECTED["errors"][name]


def _call(input_size, hidden, layers, bidirectional, w_size=None):
    x, h, w, lengths = inputs("refused", input_size, hidden, layers, True, bidirectional)
    w = w if w_size is None else w[:w_size]
    op = rl.GRUV2(input_size, hidden, layers, True, bidirectional, 0.0)
    return op(*(ms.Tensor(a) for a in (x, h, w, lengths)))


def test_gruv2_refuses_what_it_cannot_run_as_mindspore():
    with pytest.raises(RuntimeError, match="'input_size' == 'hidden_size'.*got 3 and 2"):
        _call(3, 2, 2, False)  # 2.10: oneDNN cannot build that primitive either
    with pytest.raises(NotImplementedError, match="bidirectional GRUV2 with more than one layer"):
        _call(2, 2, 2, True)
    with pytest.raises(ValueError, match="'w' must be at least 36 weights, but got 35"):
        _call(3, 2, 1, False, w_size=35)  # 2.10 reads past the end of a short weight


def test_gruv2_differentiates_through_the_flat_weight():
    x, h, w, lengths = (ms.Tensor(a) for a in inputs("one_layer", 3, 2, 1, True, False))
    op = rl.GRUV2(3, 2, 1, True, False, 0.0)
    dx, dw = ms.grad(lambda a, b: op(a, h, b, lengths)[0].sum(), (0, 1))(x, w)
    assert dx.shape == x.shape and dw.shape == w.shape
    assert np.isfinite(dw.asnumpy()).all() and np.abs(dw.asnumpy()).sum() > 0
