"""``amp.auto_mixed_precision(..., "auto")`` on functions and Cells: the dtype each op returns
under the automatic per-op lists, and the errors of the other levels on a function.
``scripts/record_amp_auto_fixtures.py`` records them under MindSpore 2.10 and
``tests/train/test_amp_auto.py`` replays them on deepsink."""

from __future__ import annotations

import numpy as np

# name -> expression over ``ops``/``nn``/``ms`` and the inputs ``a`` (float32 2x3, in (0, 1)),
# ``b`` (float32 3x2), ``h`` (``a`` as float16), ``img`` (float32 1x1x4x4), ``k`` (float32
# 1x1x2x2), ``v`` (float32 3), ``s`` (float32 2x2).
CASES = {
    "matmul": "ops.matmul(a, b)",
    "matmul_prim": "ops.MatMul()(a, b)",
    "matmul_operator": "a @ b",
    "bmm": "ops.bmm(a[None], b[None])",
    "batch_matmul_prim": "ops.BatchMatMul()(a[None], b[None])",
    "mm": "ops.mm(a, b)",
    "mv": "ops.mv(a, v)",
    "addmm": "ops.addmm(s, a, b)",
    "addmv": "ops.addmv(a[:, 0], a, v)",
    "baddbmm": "ops.baddbmm(s[None], a[None], b[None])",
    "dense": "ops.dense(a, b.T)",
    "conv2d": "ops.conv2d(img, k)",
    "conv2d_prim": "ops.Conv2D(1, 2)(img, k)",
    "prelu_f32": "ops.prelu(a, ms.Tensor(np.array([0.25], np.float32)))",
    "exp_f32": "ops.exp(a)",
    "expm1_f16": "ops.expm1(h)",
    "log1p_f16": "ops.log1p(h)",
    "log2_f16": "ops.log2(h)",
    "log10_f16": "ops.log10(h)",
    "tan_f16": "ops.tan(h)",
    "sinh_f16": "ops.sinh(h)",
    "cosh_f16": "ops.cosh(h)",
    "asin_f16": "ops.asin(h)",
    "acos_f16": "ops.acos(h)",
    "erfinv_f16": "ops.erfinv(h)",
    "cumprod_f16": "ops.cumprod(h, 0)",
    "mean_f16": "ops.mean(h)",
    "softmax_prim_f16": "ops.Softmax()(h)",
    "cdist_f16": "ops.cdist(h, h)",
    "mse_loss_f16": "ops.mse_loss(h, h)",
    "l1_loss_f16": "ops.l1_loss(h, h)",
    "kl_div_f16": "ops.kl_div(h, h)",
    "smooth_l1_loss_f16": "ops.smooth_l1_loss(h, h)",
    "bce_logits_f16": "ops.binary_cross_entropy_with_logits(h, h, h, h)",
    "addcmul_mixed": "ops.addcmul(a, h, h, ms.Tensor(np.float16(1.0)))",
    "cross_mixed": "ops.cross(a, h, 1)",
    "exp_f16": "ops.exp(h)",
    "exp_prim_f16": "ops.Exp()(h)",
    "log_f16": "ops.log(h)",
    "pow_f16": "ops.pow(h, 2.0)",
    "rsqrt_f16": "ops.rsqrt(h)",
    "reciprocal_f16": "ops.reciprocal(h)",
    "softmax_f16": "ops.softmax(h)",
    "log_softmax_f16": "ops.log_softmax(h)",
    "cumsum_f16": "ops.cumsum(h, 0)",
    "prod_f16": "ops.prod(h)",
    "sum_f16": "ops.sum(h)",
    "norm_f16": "ops.norm(h)",
    "softplus_f16": "ops.softplus(h)",
    "layer_norm_f16": "ops.LayerNorm()(h, h[0], h[0])[0]",
    "matmul_then_exp": "ops.exp(ops.matmul(a, b))",
    "matmul_then_add": "ops.matmul(a, b) + 1",
    "matmul_then_sqrt": "ops.sqrt(ops.matmul(a, b))",
    "matmul_then_relu": "ops.relu(ops.matmul(a, b))",
    "concat_mixed": "ops.concat((h, a))",
    "addn_mixed": "ops.addn((h, a))",
    "bias_add_mixed": "ops.bias_add(ops.matmul(a, b), b[0])",
    "add_f32": "a + b.T",
    "sqrt_f32": "ops.sqrt(a)",
    "sin_f16": "ops.sin(h)",
    "nn_dense": "nn.Dense(3, 2)(a)",
    "nn_dense_no_bias": "nn.Dense(3, 2, has_bias=False)(a)",
    "nn_conv2d": "nn.Conv2d(1, 2, 2)(img)",
    "nn_softmax_f16": "nn.Softmax()(h)",
    "nn_relu_f16": "nn.ReLU()(h)",
    "nn_layer_norm_f16": "nn.LayerNorm((3,))(h)",
    "nn_batch_norm_f16": "nn.BatchNorm1d(3)(h)",
}


def inputs(ms) -> dict:
    a = np.linspace(0.1, 0.9, 6, dtype=np.float32).reshape(2, 3)
    b = np.linspace(0.2, 0.7, 6, dtype=np.float32).reshape(3, 2)
    t = ms.Tensor
    return {
        "a": t(a),
        "b": t(b),
        "h": t(a.astype(np.float16)),
        "img": t(np.linspace(0.0, 1.0, 16, dtype=np.float32).reshape(1, 1, 4, 4)),
        "k": t(np.full((1, 1, 2, 2), 0.5, np.float32)),
        "v": t(np.array([0.5, 0.25, 0.125], np.float32)),
        "s": t(np.full((2, 2), 0.25, np.float32)),
    }


def _run(ms, expr: str, *, amp: bool) -> str:
    names = {"np": np, "ms": ms, "ops": ms.ops, "nn": ms.nn, **inputs(ms)}

    def fn():
        return eval(expr, names)  # noqa: S307 - the case table above

    if amp:
        fn = ms.amp.auto_mixed_precision(fn, "auto")
    try:
        return str(fn().dtype)
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        return type(e).__name__


def auto_dtypes(ms) -> dict:
    """Each case's output dtype under level 'auto' in PyNative."""
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {name: _run(ms, expr, amp=True) for name, expr in CASES.items()}


def cell_dtypes(ms) -> dict:
    """A Cell under 'auto' (PyNative and GRAPH_MODE), and nested amp functions."""
    nn, ops = ms.nn, ms.ops
    x = inputs(ms)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(3, 2, has_bias=False)

        def construct(self, a, b):
            m = ops.matmul(a, b)
            return m, ops.exp(m), m + 1, self.fc(a), ops.softmax(self.fc(a))

    out = {}
    for mode, label in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        net = ms.amp.auto_mixed_precision(Net(), "auto")
        out[label] = [str(o.dtype) for o in net(x["a"], x["b"])]
        out[label + "_level"] = getattr(net, "_amp_level", None)
    ms.set_context(mode=ms.PYNATIVE_MODE)

    def plain(a, b):
        return ops.matmul(a, b)

    wrapped = ms.amp.auto_mixed_precision(plain, "auto")
    out["wrapped_result"] = str(wrapped(x["a"], x["b"]).dtype)
    out["plain_after"] = str(plain(x["a"], x["b"]).dtype)
    out["wrapped_name"] = wrapped.__name__
    out["values_close"] = bool(
        np.allclose(
            wrapped(x["a"], x["b"]).asnumpy().astype(np.float32),
            plain(x["a"], x["b"]).asnumpy(),
            rtol=1e-3,
        )
    )
    return out


def errors(ms) -> dict:
    """What each level says about a function, and about a bad dtype or network."""

    def fn(a):
        return a

    out = {}
    calls = {f"function_{lvl}": (fn, lvl, None) for lvl in ("O0", "O1", "O2", "O3")}
    calls.update(
        {
            "dtype_float32": (fn, "auto", ms.float32),
            "dtype_int32": (fn, "auto", ms.int32),
            "network_int": (3, "auto", None),
            "network_int_O1": (3, "O1", None),
            "cell_dtype_float32": (ms.nn.ReLU(), "O1", ms.float32),
            "cell_level_bad": (ms.nn.ReLU(), "O5", None),
        }
    )
    for name, (net, lvl, dt) in calls.items():
        try:
            if dt is None:
                ms.amp.auto_mixed_precision(net, lvl)
            else:
                ms.amp.auto_mixed_precision(net, lvl, dt)
            out[name] = "ok"
        except Exception as e:  # noqa: BLE001 - recorded as the outcome
            out[name] = f"{type(e).__name__}: {e}"
    return out


def record(ms) -> dict:
    return {"auto_dtypes": auto_dtypes(ms), "cells": cell_dtypes(ms), "errors": errors(ms)}
