"""Edge cases of ``ops.topk``/``TopK``/``mint.topk`` (ties, ``sorted``, the range of ``k``),
``ops.masked_select`` broadcasting, ``ops.sqrt`` over dtypes, ``ops.interpolate`` modes and
``nn.CTCLoss``/``ops.ctc_loss`` reductions and unbatched input, run the same way on MindSpore 2.10
(``scripts/record_op_edge_fixtures.py``) and on deepsink (``tests/ops/test_op_edges.py``)."""

from __future__ import annotations

import numpy as np


def outcome(call) -> dict:
    """A call's values (rounded), dtypes and shapes, or its exception type and first line."""
    try:
        out = call()
        outs = out if isinstance(out, tuple) else (out,)
        values = [np.asarray(o.asnumpy(), np.float64).round(5).tolist() for o in outs]
    except Exception as e:  # noqa: BLE001 (the recorded outcome; 2.10 may raise on asnumpy)
        return {"error": type(e).__name__, "message": str(e).strip().splitlines()[0]}
    return {
        "values": values,
        "dtypes": [str(o.dtype) for o in outs],
        "shapes": [list(o.shape) for o in outs],
    }


def cases(ms, ops, nn, mint) -> dict:
    """name -> a call, over the package ``ms`` (mindspore or deepsink)."""
    T = ms.Tensor
    x = T(np.array([[3, 1, 3, 2, 3], [5, 5, 1, 0, 5]], np.float32))
    c = {
        "topk_ties": lambda: ops.topk(x, 3),
        "topk_unsorted": lambda: ops.topk(x, 3, sorted=False),
        "topk_smallest": lambda: ops.topk(x, 3, largest=False),
        "topk_dim0": lambda: ops.topk(x, 1, dim=0),
        "topk_int32": lambda: ops.topk(T(np.array([1, 4, 4, 2], np.int32)), 2),
        "topk_numpy_k": lambda: ops.topk(x, np.int64(2)),
        "topk_tensor_k": lambda: ops.topk(x, T(2, ms.int32)),
        "topk_k_too_big": lambda: ops.topk(x, 6),
        "topk_k0": lambda: ops.topk(x, 0),
        "topk_k_negative": lambda: ops.topk(x, -1),
        "topk_k_float": lambda: ops.topk(x, 2.0),
        "topk_k_bool": lambda: ops.topk(x, True),
        "topk_dim_out_of_range": lambda: ops.topk(x, 2, dim=5),
        "topk_scalar": lambda: ops.topk(T(3.0, ms.float32), 1),
        "TopK_unsorted": lambda: ops.TopK(sorted=False)(x, 2),
        "TopK_float16_ties": lambda: ops.TopK()(T(np.array([2.0, 7.0, 7.0, 1.0], np.float16)), 3),
        "TopK_k0": lambda: ops.TopK()(x, 0),
        "mint_topk_k_too_big": lambda: mint.topk(x, 6),
    }
    a = T(np.arange(6, dtype=np.float32).reshape(2, 3))
    c |= {
        "masked_select_mask_row": lambda: ops.masked_select(a, T(np.array([True, False, True]))),
        "masked_select_input_row": lambda: ops.masked_select(
            T(np.array([1.0, 2.0, 3.0], np.float32)), T(np.array([[True], [False]]))
        ),
        "masked_select_int64": lambda: ops.masked_select(
            T(np.array([[1, 2], [3, 4]], np.int64)), T(np.array([[True, False]]))
        ),
        "masked_select_no_broadcast": lambda: ops.masked_select(a, T(np.array([True, False]))),
    }
    for dt in ("float16", "float32", "float64", "int32", "int64", "bool", "uint8", "int8"):
        c[f"sqrt_{dt}"] = lambda dt=dt: ops.sqrt(T(np.array([4, 9, 2], dtype=dt)))
    c["sqrt_negative"] = lambda: ops.sqrt(T(np.array([-1.0, 0.0], np.float32)))
    c["Sqrt_int32"] = lambda: ops.Sqrt()(T(np.array([4, 9], np.int32)))
    img = T(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    seq = T(np.arange(6, dtype=np.float32).reshape(1, 2, 3))
    seq6 = T(np.arange(12, dtype=np.float32).reshape(1, 2, 6))
    vol = T(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
    interp = [
        ("nearest_2d", img, "nearest", {"size": (6, 5)}),
        ("bilinear", img, "bilinear", {"size": (6, 5)}),
        ("bilinear_corners", img, "bilinear", {"size": (6, 5), "align_corners": True}),
        ("bicubic", img, "bicubic", {"size": (6, 5)}),
        ("bicubic_corners", img, "bicubic", {"size": (6, 5), "align_corners": True}),
        ("area_2d", img, "area", {"size": (3, 3)}),
        ("nearest_exact", img, "nearest-exact", {"size": (6, 5)}),
        ("linear", seq, "linear", {"size": 5}),
        ("linear_corners", seq, "linear", {"size": 5, "align_corners": True}),
        ("nearest_1d_scale", seq, "nearest", {"scale_factor": 2.0}),
        ("bilinear_scale", img, "bilinear", {"scale_factor": 1.5}),
        (
            "bilinear_recompute",
            img,
            "bilinear",
            {"scale_factor": 1.5, "recompute_scale_factor": True},
        ),
        ("trilinear", vol, "trilinear", {"size": (3, 3, 3)}),
        ("nearest_3d", vol, "nearest", {"size": (3, 3, 3)}),
        ("area_3d", vol, "area", {"size": (3, 3, 3)}),
        ("bilinear_3d_input", seq, "bilinear", {"size": 5}),
        ("unknown_mode", img, "foo", {"size": (2, 2)}),
        ("nearest_align_corners", img, "nearest", {"size": (2, 2), "align_corners": True}),
        ("no_size", img, "bilinear", {}),
        ("area_1d_whole", seq6, "area", {"size": 3}),
        ("area_1d_not_divisible", seq6, "area", {"size": 4}),
        ("area_1d_larger", seq6, "area", {"size": 12}),
        ("area_1d_odd", seq, "area", {"size": 2}),
    ]
    for name, inp, mode, kw in interp:
        c[f"interpolate_{name}"] = lambda inp=inp, mode=mode, kw=kw: ops.interpolate(
            inp, mode=mode, **kw
        )
    rng = np.random.default_rng(0)
    lp = np.log(rng.dirichlet(np.ones(5), size=(6, 2))).astype(np.float32)
    tg = T(np.array([[1, 2, 2], [3, 4, 0]], np.int32))
    il, tl = T(np.array([6, 5], np.int32)), T(np.array([3, 2], np.int32))
    one, tg1 = T(lp[:, 0]), T(np.array([1, 2, 2], np.int32))
    il1, tl1 = T(np.array([6], np.int32)), T(np.array([3], np.int32))
    for red in ("none", "mean", "sum", "bad"):
        c[f"CTCLoss_{red}"] = lambda red=red: nn.CTCLoss(reduction=red)(T(lp), tg, il, tl)
        c[f"ctc_loss_{red}"] = lambda red=red: ops.ctc_loss(T(lp), tg, il, tl, reduction=red)[0]
        c[f"CTCLoss_unbatched_{red}"] = lambda red=red: nn.CTCLoss(reduction=red)(
            one, tg1, il1, tl1
        )
    c |= {
        "CTCLoss_unbatched_targets_1xS": lambda: nn.CTCLoss(reduction="none")(
            one, T(np.array([[1, 2, 2]], np.int32)), il1, tl1
        ),
        "CTCLoss_unbatched_targets_2xS": lambda: nn.CTCLoss()(
            one, T(np.array([[1, 2, 2], [1, 2, 2]], np.int32)), il1, tl1
        ),
        "CTCLoss_unbatched_scalar_lengths": lambda: nn.CTCLoss()(
            one, tg1, T(6, ms.int32), T(3, ms.int32)
        ),
        "ctc_loss_unbatched": lambda: ops.ctc_loss(one, tg1, il1, tl1),
        "CTCLoss_4d": lambda: nn.CTCLoss()(T(lp[None]), tg, il, tl),
        "CTCLoss_int64": lambda: nn.CTCLoss()(
            T(lp), T(tg.asnumpy().astype(np.int64)), T(np.array([6, 5])), T(np.array([3, 2]))
        ),
        "CTCLoss_blank4": lambda: nn.CTCLoss(blank=4)(
            T(lp), T(np.array([[1, 2, 2], [3, 0, 0]], np.int32)), il, tl
        ),
        "CTCLoss_zero_target": lambda: nn.CTCLoss()(T(lp), tg, il, T(np.array([3, 0], np.int32))),
        "CTCLoss_float64": lambda: nn.CTCLoss()(T(lp.astype(np.float64)), tg, il, tl),
        "CTCLoss_float16": lambda: nn.CTCLoss()(T(lp.astype(np.float16)), tg, il, tl),
    }
    return c
