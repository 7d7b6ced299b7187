"""``grad``/``value_and_grad`` return what 2.10 returns for each form of ``grad_position``: one
position's gradient alone for an int and for a 1-tuple, a tuple for more, a TypeError for a list;
in PYNATIVE and GRAPH mode (recorded by ``scripts/record_grad_positions.py``)."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms

RECORDED = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "ms" / "grad_positions.json").read_text()
)


def f(x, y):
    return (x * x * y).sum()


def _shape_of(result):
    if isinstance(result, tuple):
        return {"tuple": [_shape_of(r) for r in result]}
    return result.asnumpy().tolist()


@pytest.fixture
def _mode(request):
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_grad_position_forms(case, _mode):
    mode, api, pos, want = case
    ms.set_context(mode=getattr(ms, f"{mode}_MODE"))
    arg = [0] if pos == "list" else tuple(pos) if isinstance(pos, list) else pos
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    y = ms.Tensor(np.array([0.5, -1.0, 2.0], np.float32))
    if "error" in want:
        with pytest.raises(TypeError) as e:
            getattr(ms, api)(f, arg)(x, y)
        assert str(e.value) == want["message"]
        return
    out = getattr(ms, api)(f, arg)(x, y)
    assert _shape_of(out[1] if api == "value_and_grad" else out) == want
