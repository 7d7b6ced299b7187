"""Cases of ``mindspore.ops.operations._rl_inner_ops.GRUV2`` (the GRU that MindSpore 2.10's CPU
build runs on oneDNN): layers, directions, biases, float16, an over-long flat weight, ignored
``seq_lengths``/``dropout``, and the checks it makes. ``scripts/record_gruv2.py`` records them
under 2.10 into ``tests/fixtures/ms/gruv2.json`` and ``tests/ops/test_gruv2.py`` replays them."""

from __future__ import annotations

import zlib

import numpy as np

T, B = 4, 2
# name -> (input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, dtype, extra w)
RUNS = {
    "one_layer": (3, 2, 1, True, False, 0.0, "float32", 0),
    "one_layer_no_bias": (3, 2, 1, False, False, 0.0, "float32", 0),
    "bidirectional": (3, 2, 1, True, True, 0.0, "float32", 0),
    "bidirectional_no_bias": (3, 4, 1, False, True, 0.0, "float32", 0),
    "three_layers": (2, 2, 3, True, False, 0.0, "float32", 0),
    "two_layers_dropout": (3, 3, 2, True, False, 0.5, "float32", 0),
    "float16": (3, 2, 1, True, False, 0.0, "float16", 0),
    "longer_w": (3, 2, 1, True, False, 0.0, "float32", 5),
}
ERRORS = {
    "float64": dict(dtype="float64"),
    "mixed_dtypes": dict(h_dtype="float16"),
    "int64_lengths": dict(lengths_dtype="int64"),
    "input_2d": dict(x_shape=(T * B, 3)),
    "input_features": dict(x_shape=(T, B, 4)),
    "h_layers": dict(h_shape=(2, B, 2)),
    "h_batch": dict(h_shape=(1, 1, 2)),
    "lengths_batch": dict(lengths=[4]),
}
# 2.10's CPU float16 GRUV2 gives different values, NaNs among them, from one call to the next
# (seen on 2.10): its float16 case is recorded for shapes and dtypes, and runs on "one_layer"'s
# inputs so that deepsink's float16 values are compared with 2.10's float32 ones
SAME_INPUTS = {"float16": "one_layer"}
BAD_ARGS = {
    "input_size_zero": (0, 2, 1, True, False, 0.0),
    "has_bias_int": (3, 2, 1, 1, False, 0.0),
    "dropout_int": (3, 2, 1, True, False, 0),
    "dropout_range": (3, 2, 1, True, False, 1.5),
}


def weight_size(input_size, hidden_size, layers, has_bias, bidirectional) -> int:
    dirs = 2 if bidirectional else 1
    return dirs * layers * 3 * hidden_size * (input_size + hidden_size + int(has_bias))


def inputs(name, input_size, hidden_size, layers, has_bias, bidirectional, extra=0) -> tuple:
    """Seeded ``(x, h, w, seq_lengths)`` NumPy arrays (float32, int32)."""
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    dirs = 2 if bidirectional else 1
    n = weight_size(input_size, hidden_size, layers, has_bias, bidirectional) + extra
    x = rng.standard_normal((T, B, input_size)).astype(np.float32)
    h = rng.standard_normal((layers * dirs, B, hidden_size)).astype(np.float32)
    w = (0.5 * rng.standard_normal((n, 1, 1))).astype(np.float32)
    return x, h, w, np.array([T, T - 2], np.int32)


def run_case(ms, rl, name: str) -> dict:
    """The outputs of ``RUNS[name]`` as lists, or the error's type and first line."""
    i, hs, layers, bias, bi, dropout, dtype, extra = RUNS[name]
    x, h, w, lengths = inputs(SAME_INPUTS.get(name, name), i, hs, layers, bias, bi, extra)
    dt = getattr(ms, dtype)
    op = rl.GRUV2(i, hs, layers, bias, bi, dropout)
    out = op(ms.Tensor(x, dt), ms.Tensor(h, dt), ms.Tensor(w, dt), ms.Tensor(lengths))
    return {
        "output": out[0].asnumpy().astype(np.float64).tolist(),
        "h_n": out[1].asnumpy().astype(np.float64).tolist(),
        "shapes": [list(o.shape) for o in out],
        "dtypes": [str(o.dtype) for o in out],
    }


def error_case(ms, rl, name: str) -> str:
    """The exception type that ``ERRORS[name]`` (inputs) or ``BAD_ARGS[name]`` raises."""
    try:
        if name in BAD_ARGS:
            rl.GRUV2(*BAD_ARGS[name])
            return "no error"
        bad = ERRORS[name]
        x, h, w, lengths = inputs(name, 3, 2, 1, True, False)
        x = np.zeros(bad["x_shape"], np.float32) if "x_shape" in bad else x
        h = np.zeros(bad["h_shape"], np.float32) if "h_shape" in bad else h
        lengths = np.array(bad.get("lengths", lengths), bad.get("lengths_dtype", "int32"))
        dt = getattr(ms, bad.get("dtype", "float32"))
        args = (x, dt), (h, getattr(ms, bad.get("h_dtype", "float32")) if "h_dtype" in bad else dt)
        op = rl.GRUV2(3, 2, 1, True, False, 0.0)
        out = op(*(ms.Tensor(a, d) for a, d in args), ms.Tensor(w, dt), ms.Tensor(lengths))
        out[0].asnumpy()
        return "no error"
    except Exception as e:  # noqa: BLE001 - the recorded outcome is the exception type
        return type(e).__name__
