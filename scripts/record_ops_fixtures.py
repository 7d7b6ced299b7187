"""Record MindSpore's primitive classes and functional ops (``ops``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_ops_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import mindspore as ms
import numpy as np
from fixture_recording import (
    F32,
    inputs_of,
    ints,
    rnd,
    run_case,
    run_groups,
    skip,
)
from mindspore import ops


def op_cases():
    G = "ops"

    def P(name, api, ins, *, ctor=None, static=(), template=None, grad=True, gi=None, notes=""):
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            kwargs=ctor or {},
            call_args_static=static,
            call_template=template,
            grad=grad,
            grad_inputs=gi,
            notes=notes,
        )

    def Fn(name, api, ins, *, kw=None, static=(), template=None, grad=True, gi=None, notes=""):
        if not hasattr(ops, api.split(".")[-1]):
            skip(G, name, f"mindspore.{api} missing")
            return
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            kwargs=kw or {},
            call_args_static=static,
            call_template=template,
            grad=grad,
            grad_inputs=gi,
            notes=notes,
        )

    x234 = rnd(2, 3, 4)
    pos = rnd(3, 4, positive=True)

    def ties(*shape):
        return lambda rs: np.round(rs.randn(*shape)).astype(F32)

    def cond(*shape):
        return lambda rs: rs.rand(*shape) > 0.5

    # ---- primitive classes
    P("ReLU", "ops.ReLU", [rnd(3, 4)])
    P("ReduceMean_keep", "ops.ReduceMean", [x234], ctor={"keep_dims": True}, static=[(1, 2)])
    P("ReduceMean_nokeep", "ops.ReduceMean", [x234], ctor={"keep_dims": False}, static=[(0, 2)])
    P("ReduceMean_all", "ops.ReduceMean", [x234], notes="no axis: reduce all")
    P("ReduceMean_int_axis", "ops.ReduceMean", [x234], static=[1])
    P("ReduceSum", "ops.ReduceSum", [x234], static=[(1,)])
    P("ReduceSum_keep", "ops.ReduceSum", [x234], ctor={"keep_dims": True}, static=[1])
    P("ReduceMax", "ops.ReduceMax", [x234], static=[(1,)])
    P("ReduceMax_keep", "ops.ReduceMax", [x234], ctor={"keep_dims": True}, static=[(0, 2)])
    P("Reshape", "ops.Reshape", [x234], static=[(4, -1)])
    P("Transpose", "ops.Transpose", [x234], static=[(2, 0, 1)])
    P("Fill", "ops.Fill", [], static=[ms.float32, (2, 3), 1.5], grad=False)
    P("Fill_int32", "ops.Fill", [], static=[ms.int32, (3,), 7], grad=False)
    P("Shape", "ops.Shape", [x234], grad=False, notes="output is a Python tuple of ints")
    P("Cast_int32", "ops.Cast", [rnd(3, 4, scale=3.0)], static=[ms.int32], grad=False)
    P("Cast_float16", "ops.Cast", [rnd(3, 4)], static=[ms.float16], grad=False)
    P("Cast_bool", "ops.Cast", [ties(3, 4)], static=[ms.bool_], grad=False)
    P("Softmax", "ops.Softmax", [x234])
    P("Softmax_axis1", "ops.Softmax", [x234], ctor={"axis": 1})
    P("LogSoftmax", "ops.LogSoftmax", [x234])
    P("LogSoftmax_axis0", "ops.LogSoftmax", [x234], ctor={"axis": 0})
    P("MatMul", "ops.MatMul", [rnd(3, 4), rnd(4, 5)])
    P("MatMul_ta", "ops.MatMul", [rnd(4, 3), rnd(4, 5)], ctor={"transpose_a": True})
    P("MatMul_tb", "ops.MatMul", [rnd(3, 4), rnd(5, 4)], ctor={"transpose_b": True})
    P(
        "MatMul_ta_tb",
        "ops.MatMul",
        [rnd(4, 3), rnd(5, 4)],
        ctor={"transpose_a": True, "transpose_b": True},
    )
    P("BatchMatMul", "ops.BatchMatMul", [rnd(2, 3, 4), rnd(2, 4, 5)])
    P("BatchMatMul_tb", "ops.BatchMatMul", [rnd(2, 3, 4), rnd(2, 5, 4)], ctor={"transpose_b": True})
    P(
        "Concat_axis1",
        "ops.Concat",
        [rnd(2, 3), rnd(2, 1), rnd(2, 4)],
        ctor={"axis": 1},
        template=[["in_0", "in_1", "in_2"]],
    )
    P("Concat_default", "ops.Concat", [rnd(2, 3), rnd(1, 3)], template=[["in_0", "in_1"]])
    P("Stack", "ops.Stack", [rnd(2, 3), rnd(2, 3)], template=[["in_0", "in_1"]])
    P(
        "Stack_axis_neg1",
        "ops.Stack",
        [rnd(2, 3), rnd(2, 3), rnd(2, 3)],
        ctor={"axis": -1},
        template=[["in_0", "in_1", "in_2"]],
    )
    P("Squeeze_axis1", "ops.Squeeze", [rnd(3, 1, 4)], ctor={"axis": 1})
    P("Squeeze_all", "ops.Squeeze", [rnd(1, 3, 1, 4)])
    P("ExpandDims", "ops.ExpandDims", [rnd(3, 4)], static=[1])
    P("ExpandDims_neg", "ops.ExpandDims", [rnd(3, 4)], static=[-1])
    P("Gather_axis0", "ops.Gather", [rnd(5, 4), ints(5, 3)], static=[0], gi=[0])
    P("Gather_axis1_2d_idx", "ops.Gather", [rnd(3, 5), ints(5, 2, 2)], static=[1], gi=[0])
    P(
        "OneHot",
        "ops.OneHot",
        [ints(5, 4), lambda rs: np.array(1.0, F32), lambda rs: np.array(0.0, F32)],
        static=[5],
        template=["in_0", "static_0", "in_1", "in_2"],
        grad=False,
    )
    P(
        "OneHot_axis0",
        "ops.OneHot",
        [ints(3, 4), lambda rs: np.array(2.0, F32), lambda rs: np.array(-1.0, F32)],
        ctor={"axis": 0},
        static=[3],
        template=["in_0", "static_0", "in_1", "in_2"],
        grad=False,
    )
    P("Argmax", "ops.Argmax", [rnd(3, 5)], grad=False)
    P("Argmax_axis0", "ops.Argmax", [rnd(3, 5)], ctor={"axis": 0}, grad=False)
    P("Maximum", "ops.Maximum", [rnd(3, 4), rnd(3, 4)])
    P("Maximum_ties", "ops.Maximum", [ties(3, 4), ties(3, 4)], notes="gradient split on ties")
    P("Maximum_broadcast", "ops.Maximum", [rnd(3, 4), rnd(4)])
    P("Minimum", "ops.Minimum", [rnd(3, 4), rnd(3, 4)])
    P("Minimum_ties", "ops.Minimum", [ties(3, 4), ties(3, 4)])
    P("Select", "ops.Select", [cond(3, 4), rnd(3, 4), rnd(3, 4)])

    # ---- functional
    Fn("matmul", "ops.matmul", [rnd(3, 4), rnd(4, 5)])
    Fn("matmul_1d_2d", "ops.matmul", [rnd(4), rnd(4, 5)])
    Fn("matmul_batched_broadcast", "ops.matmul", [rnd(2, 3, 4), rnd(4, 5)])
    Fn("concat", "ops.concat", [rnd(2, 3), rnd(1, 3)], template=[["in_0", "in_1"]])
    Fn(
        "concat_axis1",
        "ops.concat",
        [rnd(2, 3), rnd(2, 2)],
        kw={"axis": 1},
        template=[["in_0", "in_1"]],
    )
    Fn("stack", "ops.stack", [rnd(2, 3), rnd(2, 3)], template=[["in_0", "in_1"]])
    Fn(
        "stack_axis1",
        "ops.stack",
        [rnd(2, 3), rnd(2, 3)],
        kw={"axis": 1},
        template=[["in_0", "in_1"]],
    )
    Fn("transpose", "ops.transpose", [x234], static=[(1, 0, 2)])
    Fn("squeeze", "ops.squeeze", [rnd(3, 1, 4)], kw={"axis": 1})
    Fn("squeeze_all", "ops.squeeze", [rnd(1, 3, 1, 4)])
    Fn("expand_dims", "ops.expand_dims", [rnd(3, 4)], static=[0])
    Fn("gather", "ops.gather", [rnd(5, 4), ints(5, 3)], static=[0], gi=[0])
    Fn("gather_axis1", "ops.gather", [rnd(3, 5), ints(5, 4)], static=[1], gi=[0])
    Fn(
        "one_hot",
        "ops.one_hot",
        [ints(4, 5), lambda rs: np.array(1.0, F32), lambda rs: np.array(0.0, F32)],
        static=[4],
        template=["in_0", "static_0", "in_1", "in_2"],
        grad=False,
    )
    Fn("softmax", "ops.softmax", [x234])
    Fn("softmax_axis1", "ops.softmax", [x234], kw={"axis": 1})
    Fn("log_softmax", "ops.log_softmax", [x234])
    Fn("log_softmax_axis0", "ops.log_softmax", [x234], kw={"axis": 0})
    Fn("argmax_all", "ops.argmax", [rnd(3, 5)], grad=False, notes="dim=None: flattened index")
    Fn("argmax_dim1", "ops.argmax", [rnd(3, 5)], kw={"dim": 1}, grad=False)
    Fn("argmax_dim1_keep", "ops.argmax", [rnd(3, 5)], kw={"dim": 1, "keepdim": True}, grad=False)
    Fn("cast_int32", "ops.cast", [rnd(3, 4, scale=3.0)], static=[ms.int32], grad=False)
    Fn("cast_float16", "ops.cast", [rnd(3, 4)], static=[ms.float16], grad=False)
    Fn("zeros", "ops.zeros", [], static=[(2, 3), ms.float32], grad=False)
    Fn("zeros_default_dtype", "ops.zeros", [], static=[(2, 3)], grad=False)
    Fn("ones", "ops.ones", [], static=[(2, 3), ms.int32], grad=False)
    Fn("ones_default_dtype", "ops.ones", [], static=[(3,)], grad=False)
    Fn("fill", "ops.fill", [], static=[ms.float32, (2, 3), 2.5], grad=False)
    Fn("mean_axis1_keep", "ops.mean", [x234], kw={"axis": 1, "keep_dims": True})
    Fn("mean_all", "ops.mean", [x234])
    Fn("mean_axis_tuple", "ops.mean", [x234], kw={"axis": (0, 2)})
    Fn("sum_dim_tuple", "ops.sum", [x234], kw={"dim": (0, 2)})
    Fn("sum_all", "ops.sum", [x234])
    Fn("sum_dim1_keep", "ops.sum", [x234], kw={"dim": 1, "keepdim": True})
    Fn("max_all", "ops.max", [x234], notes="axis=None")
    Fn("max_axis1", "ops.max", [x234], kw={"axis": 1})
    Fn("max_axis1_keep", "ops.max", [x234], kw={"axis": 1, "keepdims": True})
    Fn("min_all", "ops.min", [x234])
    Fn("min_axis0", "ops.min", [x234], kw={"axis": 0})
    Fn("prod_all", "ops.prod", [x234])
    Fn("prod_axis1_keep", "ops.prod", [x234], kw={"axis": 1, "keep_dims": True})
    for n in ("exp", "abs", "square", "sin", "cos", "tanh", "sigmoid", "relu", "erf"):
        Fn(n, f"ops.{n}", [rnd(3, 4, scale=1.5)])
    for n in ("log", "sqrt", "rsqrt"):
        Fn(n, f"ops.{n}", [pos])
    Fn("pow_scalar", "ops.pow", [rnd(3, 4)], static=[2.0])
    Fn("pow_scalar_3", "ops.pow", [pos], static=[3.0])
    Fn("pow_tensor", "ops.pow", [pos, rnd(3, 4)])
    Fn("gelu", "ops.gelu", [rnd(3, 4, scale=1.5)], notes="default approximate='none'")
    Fn("gelu_tanh", "ops.gelu", [rnd(3, 4, scale=1.5)], kw={"approximate": "tanh"})
    Fn(
        "clip_by_value",
        "ops.clip_by_value",
        [rnd(3, 4)],
        kw={"clip_value_min": -0.5, "clip_value_max": 0.5},
    )
    Fn("clamp", "ops.clamp", [rnd(3, 4)], kw={"min": -0.3, "max": 0.8})
    Fn("clamp_min_only", "ops.clamp", [rnd(3, 4)], kw={"min": 0.0})
    Fn("where", "ops.where", [cond(3, 4), rnd(3, 4), rnd(3, 4)])
    Fn("where_broadcast", "ops.where", [cond(3, 1), rnd(3, 4), rnd(4)])
    for n in ("equal", "greater", "less"):
        Fn(n, f"ops.{n}", [ties(3, 4), ties(3, 4)], grad=False)
    Fn("maximum", "ops.maximum", [rnd(3, 4), rnd(3, 4)])
    Fn("maximum_ties", "ops.maximum", [ties(3, 4), ties(3, 4)], notes="gradient split on ties")
    Fn("minimum", "ops.minimum", [rnd(3, 4), rnd(3, 4)])
    Fn("minimum_ties", "ops.minimum", [ties(3, 4), ties(3, 4)])
    Fn("tile", "ops.tile", [rnd(2, 3)], static=[(2, 1)])
    Fn("tile_more_dims", "ops.tile", [rnd(2, 3)], static=[(2, 1, 3)])
    Fn("split_int", "ops.split", [rnd(3, 4)], static=[2], kw={"axis": 1})
    Fn("split_sections", "ops.split", [rnd(5, 4)], static=[[1, 4]])
    Fn("split_uneven", "ops.split", [rnd(5, 4)], static=[2])
    Fn("flatten", "ops.flatten", [rnd(2, 3, 4)])
    Fn("flatten_start0", "ops.flatten", [rnd(2, 3, 4)], kw={"start_dim": 0})
    Fn("cumsum", "ops.cumsum", [rnd(3, 4)], static=[1])
    Fn("cumsum_axis0", "ops.cumsum", [rnd(3, 4)], static=[0])
    Fn("topk", "ops.topk", [rnd(3, 6)], static=[3])
    Fn("topk_dim0_smallest", "ops.topk", [rnd(5, 4)], static=[2], kw={"dim": 0, "largest": False})
    Fn("sort", "ops.sort", [rnd(3, 5)])
    Fn("sort_descending_axis0", "ops.sort", [rnd(4, 3)], kw={"axis": 0, "descending": True})


GROUPS = {"ops": op_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
