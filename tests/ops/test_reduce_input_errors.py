"""MindSpore 2.10's reductions take a Tensor only: ``ops.sum(1)``, ``ops.mean([1, 2])``,
``ops.amax(numpy_array)`` raise its TypeError naming the primitive and the argument types (recorded
by ``scripts/record_reduce_input_errors.py``); a Tensor input is reduced as before."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops

RECORDED = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "ms" / "reduce_input_errors.json").read_text()
)
INPUTS = {
    "int": lambda: 1,
    "float": lambda: 2.5,
    "bool": lambda: True,
    "none": lambda: None,
    "list": lambda: [1, 2],
    "tuple": lambda: (1.0, 2.0),
    "ndarray": lambda: np.ones((2, 3), np.float32),
}


@pytest.mark.parametrize("case", RECORDED["cases"], ids=lambda c: f"{c[0]}-{c[1]}-{len(c[2])}")
def test_non_tensor_input_raises_mindspores_type_error(case):
    api, kind, args, want = case
    with pytest.raises(TypeError) as e:
        fn = getattr(ops, api)() if api[0].isupper() else getattr(ops, api)  # a primitive
        fn(INPUTS[kind](), *args)
    assert str(e.value) == want["message"]


def test_tensor_inputs_still_reduce():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert ops.sum(x, 1, True).shape == (2, 1)
    assert float(ops.mean(x)) == 2.5
    assert float(ops.amax(x, 0, False)[2]) == 5.0
