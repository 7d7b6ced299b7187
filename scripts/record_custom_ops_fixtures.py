"""Record MindSpore 2.10's user-defined and side-effect operators (Custom pyfunc/hybrid, PyFunc,
Morph, TensorDump, DumpGradient, the summary primitives) as tests/fixtures/ms/custom_ops/cases.json.

Run with the MindSpore Python: ``$DEEPSINK_MINDSPORE_PYTHON scripts/record_custom_ops_fixtures.py``.
"""

from __future__ import annotations

import glob
import json
import os
import tempfile
import time

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops
from mindspore.ops import kernel

OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "fixtures", "ms", "custom_ops")


def _list(t):
    return np.asarray(t.asnumpy() if hasattr(t, "asnumpy") else t).tolist()


def mul_add(a, b):
    return a * b + 1


def mul_add_bprop(a, b, out, dout):
    return (dout * b * 2, dout * a * 3)


def two_outputs(a):
    return a + 1, (a * 2).astype(np.int32)


@kernel
def hybrid_add(a, b):
    out = output_tensor(a.shape, a.dtype)  # noqa: F821 - a Hybrid DSL intrinsic
    for i in range(a.shape[0]):
        out[i] = a[i] + b[i]
    return out


def times100(a):
    return a * 100


def same(a):
    return a


def seven(a, out, dout):
    return (dout * 7,)


def main() -> None:
    x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    y = Tensor(np.array([4.0, 5.0, 6.0], np.float32))
    cases: dict = {"x": _list(x), "y": _list(y)}
    op = ops.Custom(mul_add, lambda a, b: a, lambda a, b: a, "pyfunc", bprop=mul_add_bprop)
    cases["pyfunc"] = _list(op(x, y))
    cases["pyfunc_grad"] = [
        _list(g) for g in ms.grad(lambda a, b: op(a, b).sum(), grad_position=(0, 1))(x, y)
    ]
    multi = ops.Custom(two_outputs, ((3,), (3,)), (ms.float32, ms.int32), "pyfunc")(x)
    cases["pyfunc_multi"] = [_list(o) for o in multi]
    cases["pyfunc_multi_dtypes"] = [str(o.dtype) for o in multi]
    cases["hybrid"] = _list(ops.Custom(hybrid_add, func_type="hybrid")(x, y))
    morph = ops.Morph(times100, same, same)
    morph_bp = ops.Morph(times100, same, same, seven)

    def loss(a):
        return morph(a).sum()

    def loss_bp(a):
        return morph_bp(a).sum()

    cases["morph_grad"] = _list(ms.grad(ms.jit(loss))(x))
    cases["morph_bprop_grad"] = _list(ms.grad(ms.jit(loss_bp))(x))
    py = ops.PyFunc(
        lambda a, b: a + b, [ms.float32, ms.float32], [(3,), (3,)], [ms.float32], [(3,)]
    )
    cases["pyfunc_prim"] = [_list(o) for o in py(x, y)]

    here = os.getcwd()
    d = tempfile.mkdtemp()
    os.chdir(d)
    try:
        ops.TensorDump()("i", Tensor(np.array([1, 2], np.int32)))
        ops.TensorDump()("b", Tensor(np.array([True]), ms.bool_))
        ops.TensorDump()("bf", Tensor(np.array([1.5]), ms.bfloat16))
        ops.tensordump("sub/h.npy", Tensor(np.array([1.5]), ms.float16))
        dg = ops.DumpGradient()

        def f(a, b):
            return dg("x_dout.npy", a, "out") * b

        ms.grad(f, grad_position=(0, 1))(Tensor(1, ms.float32), Tensor(2, ms.float32))
        time.sleep(1)
        files = {}
        for name in sorted(glob.glob("**/*.npy", recursive=True)):
            a = np.load(name)
            files[name] = {"dtype": str(a.dtype), "value": a.tolist()}
        cases["dump_files"] = files
    finally:
        os.chdir(here)

    from mindspore.ops.operations import debug_ops

    debug_ops.SUMMARY_TENSOR_CACHE = []
    ops.ScalarSummary()("loss", Tensor(np.float32(0.5)))
    ops.TensorSummary()("t", x)
    ops.HistogramSummary()("h", x)
    ops.ImageSummary()("img", Tensor(np.zeros((1, 1, 2, 2), np.float32)))
    from mindspore.train.summary.summary_record import (
        _get_summary_tensor_data,
        _record_summary_tensor_data,
    )

    _record_summary_tensor_data()
    cases["summary_tags"] = sorted(_get_summary_tensor_data())
    a = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    cases["cond"] = {
        str(p): float(ops.cond(a, p))
        for p in (None, "fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf"))
    }
    v = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    cases["select_view"] = [_list(ops.SelectView()(v, 1, 0)), _list(ops.SelectView()(v, 1, 1))]
    cases["update_state"] = _list(ops.UpdateState()(Tensor(1.0), v))
    cases["typeof"] = [str(ops.typeof(v)), str(ops.typeof(1)), str(ops.typeof((1, 2.0)))]
    cases["hastype"] = [bool(ops.hastype(v, ms.tensor_type)), bool(ops.hastype(1, ms.int64))]
    cases["add_flags"] = ops.add_flags(same, pipeline=True)._func_graph_flags
    cases["ir"] = {
        "hyper_add": [_list(ops.hyper_add((x, 1), (y, 2))[0]), ops.hyper_add((x, 1), (y, 2))[1]],
        "augassign": [
            _list(f(x, y))
            for f in (
                ops.augassign_add,
                ops.augassign_sub,
                ops.augassign_mul,
                ops.augassign_mod,
            )
        ],
        "augassign_int": [ops.augassign_floordiv(7, 2), ops.augassign_div(7, 2)],
        "broadcast_gradient_args": ops.broadcast_gradient_args((2, 1, 3), (4, 3)),
        "reduced_shape": ops.reduced_shape((2, 3, 4), (1,)),
        "mixed_precision_cast": str(ops.mixed_precision_cast(ms.float16, (x, 1))[0].dtype),
        "switch": ops.switch(False, 1, 2),
        "slice_get_item": ops.SliceGetItem(slice(1, 3, None), "stop"),
    }
    cases["mindspore"] = ms.__version__
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cases.json"), "w") as fh:
        json.dump(cases, fh, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
