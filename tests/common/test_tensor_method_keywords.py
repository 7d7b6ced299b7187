"""Tensor methods take both of 2.10's overloads' keyword names (``dim``/``axis``, ``dims``/``reps``,
``other``/``divisor``, ``other``/``x``), with 2.10's values (recorded by
``scripts/record_tensor_method_keywords.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms

ROOT = Path(__file__).resolve().parents[2]
RECORDED = json.loads(
    (ROOT / "tests" / "fixtures" / "ms" / "tensor_method_keywords.json").read_text()
)
X = np.array([[3.0, 1.0, 2.0], [0.5, 5.0, -1.0]], np.float32)
INDEX = np.array([1, 0], np.int32)


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v  # JSON holds lists; tile takes a tuple


def _arguments(kwargs):
    table = {"I": ms.Tensor(INDEX), "X": ms.Tensor(X)}
    return {k: table.get(v, v) if isinstance(v, str) else _tuple(v) for k, v in kwargs.items()}


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f"{c[0]}-{'-'.join(c[1])}")
def test_method_takes_both_keyword_names(case):
    name, kwargs, want = case
    x = ms.Tensor(X[1:2] if name == "expand_as" else X)
    out = getattr(x, name)(**_arguments(kwargs))
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len(want)
    for o, w in zip(outs, want, strict=True):
        np.testing.assert_allclose(o.asnumpy(), np.array(w), rtol=1e-6)


def test_a_keyword_given_under_both_names_is_refused():
    x = ms.Tensor(X)
    with pytest.raises(TypeError, match="multiple values for argument 'axis'"):
        x.index_select(0, dim=1, axis=1, index=ms.Tensor(INDEX))
    with pytest.raises(TypeError, match="multiple values for argument 'reps'"):
        x.tile((1, 2), reps=(1, 2))
