"""UpdateState, Reusing, SelectView, MoveTo, typeof/hastype/isconstant, add_flags, cond,
DynamicShape and the bit-mask dropout pair: values from MindSpore 2.10 where it runs them on CPU
(tests/fixtures/ms/custom_ops); DropoutGenMask/DoMask (Ascend-only kernels in MindSpore) checked
for their packed-bit layout and keep rate."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import ops

FIX = json.loads(
    (Path(__file__).resolve().parents[2] / "tests/fixtures/ms/custom_ops/cases.json").read_text()
)
V = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def test_markers_and_views_match_mindspore():
    assert [ops.SelectView()(V, 1, 0).tolist(), ops.SelectView()(V, 1, 1).tolist()] == FIX[
        "select_view"
    ]
    assert float(ops.UpdateState()(ms.Tensor(1.0), V)) == FIX["update_state"]
    assert ops.Reusing()(V) is V
    with pytest.raises(IndexError, match="out of range"):
        ops.SelectView()(V, 5, 0)
    np.testing.assert_array_equal(ops.MoveTo()(V).asnumpy(), V.asnumpy())
    with pytest.raises(ValueError, match="'CPU'"):
        ops.MoveTo()(V, "Ascend")
    np.testing.assert_array_equal(ops.DynamicShape()(V).asnumpy(), [2, 3])


def test_type_queries_and_flags():
    assert [str(ops.typeof(V)), str(ops.typeof(1))] == FIX["typeof"][:2]
    assert [ops.hastype(V, ms.tensor_type), ops.hastype(1, ms.int64)] == FIX["hastype"]
    assert ops.isconstant(V)
    seen = []
    ms.jit(lambda a: seen.append(ops.isconstant(a)) or a)(V)
    assert seen and not any(seen)  # traced (once per trace)

    def f(x):
        return x

    assert ops.add_flags(f, pipeline=True) is f
    assert f._func_graph_flags == FIX["add_flags"]
    with pytest.raises(TypeError, match="bool"):
        ops.add_flags(f, pipeline=1)
    with pytest.raises(NotImplementedError, match="IR"):
        ops.J(f)


def test_cond_matches_mindspore():
    a = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    names = {"None": None, "fro": "fro", "nuc": "nuc", "inf": float("inf"), "-inf": float("-inf")}
    for key, want in FIX["cond"].items():
        p = names[key] if key in names else int(key)
        np.testing.assert_allclose(float(ops.cond(a, p)), want, rtol=2e-6, err_msg=key)
    with pytest.raises(ValueError, match="'p'"):
        ops.cond(a, 3)


def test_dropout_bit_mask():
    ms.set_seed(1)
    keep = ms.Tensor(0.5, ms.float32)
    mask = ops.DropoutGenMask()((20, 20), keep)
    assert mask.shape == (64,) and mask.dtype == ms.uint8  # ceil(400 / 128) * 16 bytes
    bits = np.unpackbits(mask.asnumpy(), bitorder="little")
    assert bits[400:].sum() == 0 and 150 < bits[:400].sum() < 250
    out = ops.DropoutDoMask()(ops.ones((20, 20), ms.float32), mask, keep).asnumpy()
    np.testing.assert_array_equal(out.reshape(-1), bits[:400] * 2.0)
    full = ops.DropoutGenMask()((3,), ms.Tensor(1.0, ms.float32))
    assert full.shape == (16,) and np.unpackbits(full.asnumpy(), bitorder="little")[:3].all()
    with pytest.raises(ValueError, match="keep_prob"):
        ops.DropoutGenMask()((2,), ms.Tensor(0.0, ms.float32))
    with pytest.raises(ValueError, match="bits"):
        ops.DropoutDoMask()(ops.ones((200,), ms.float32), full, keep)
    jitted = ms.jit(lambda x: ops.DropoutDoMask()(x, ops.DropoutGenMask()((2, 3), keep), keep))
    assert set(np.unique(jitted(V + 1).asnumpy())) <= {0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0}


def test_float_status_flags_non_finite_values():
    # MindSpore 2.10 has no CPU kernel for FloatStatus; its documented GPU semantics: [1.] when
    # any element is NaN/inf, [0.] otherwise, in the input's dtype
    bad = ops.FloatStatus()(ms.Tensor(np.array([1.0, np.nan], np.float32)))
    assert bad.tolist() == [1.0] and bad.dtype == ms.float32
    good = ops.FloatStatus()(ms.Tensor(np.array([1.0, 2.0], np.float16)))
    assert good.tolist() == [0.0] and good.dtype == ms.float16
    with pytest.raises(TypeError, match="float16, float32 or float64"):
        ops.FloatStatus()(ms.Tensor(np.array([1], np.int32)))
