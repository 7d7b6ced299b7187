"""The graph compiler's helpers exported from ops: those that work as calls give MindSpore 2.10's
values (tests/fixtures/ms/custom_ops, key "ir"); the IR-only ones are refused by name."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops

FIX = json.loads(
    (Path(__file__).resolve().parents[2] / "tests/fixtures/ms/custom_ops/cases.json").read_text()
)
IR = FIX["ir"]
X = ms.Tensor(np.array(FIX["x"], np.float32))
Y = ms.Tensor(np.array(FIX["y"], np.float32))


def test_callable_helpers_match_mindspore():
    summed = ops.hyper_add((X, 1), (Y, 2))
    assert [summed[0].tolist(), summed[1]] == IR["hyper_add"]
    fns = (ops.augassign_add, ops.augassign_sub, ops.augassign_mul, ops.augassign_mod)
    assert [f(X, Y).tolist() for f in fns] == IR["augassign"]
    assert [ops.augassign_floordiv(7, 2), ops.augassign_div(7, 2)] == IR["augassign_int"]
    assert [list(a) for a in ops.broadcast_gradient_args((2, 1, 3), (4, 3))] == IR[
        "broadcast_gradient_args"
    ]
    assert list(ops.reduced_shape((2, 3, 4), (1,))) == IR["reduced_shape"]
    assert ops.reduced_shape((2, 3), ()) == (1, 1)
    cast = ops.mixed_precision_cast(ms.float16, (X, 1))
    assert str(cast[0].dtype) == IR["mixed_precision_cast"] and cast[1] == 1
    assert ops.switch(False, 1, 2) == IR["switch"]
    assert ops.SliceGetItem(slice(1, 3, None), "stop") == IR["slice_get_item"]
    picked = ms.jit(lambda c, a, b: ops.switch(c > 0, a, b))(ms.Tensor(-1.0), X, Y)
    np.testing.assert_array_equal(picked.asnumpy(), Y.asnumpy())
    with pytest.raises(ValueError, match="same structure"):
        ops.hyper_add((1, 2), (1,))
    with pytest.raises(ValueError, match="'attr'"):
        ops.SliceGetItem(slice(1), "end")


@pytest.mark.parametrize("name", ["tail", "zip_operation", "ms_next", "environ_create", "merge"])
def test_ir_functions_are_refused(name):
    with pytest.raises(NotImplementedError, match="graph IR"):
        getattr(ops, name)((1, 2))


@pytest.mark.parametrize("name", ["Merge", "GeSwitch", "PyExecute", "Pull", "Push"])
def test_ir_classes_are_refused(name):
    with pytest.raises(NotImplementedError, match="graph IR"):
        getattr(ops, name)()
