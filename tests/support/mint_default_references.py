"""NumPy references for the ``mint`` default-argument cases (``tests/fixtures/ms/mint_defaults.json``)
that MindSpore 2.10's CPU build cannot run (no kernel registered). Each applies the defaults that
2.10's signature records (``mint_signatures.json``) with the documented PyTorch semantics:
``DEFAULT_REFERENCES[(module, name)](env)`` gives the expected outputs; a dict means random
(dtype and shape, and a property of the values)."""

from __future__ import annotations

import numpy as np
from mint_references import (
    _adaptive,
    _bn,
    _conv,
    _conv_transpose2d,
    _cos_emb,
    _fold,
    _gelu,
    _log_softmax,
    _pad,
    _pool,
    _rand,
    _unfold,
    _xent,
)


def _topk(x, k):
    i = np.argsort(-x, -1, kind="stable")[..., :k]
    return np.take_along_axis(x, i, -1), i


def _kth(x, k):
    i = np.argsort(x, -1, kind="stable")[..., k - 1]
    return np.take_along_axis(x, i[..., None], -1)[..., 0], i


def _std_mean(x, ddof=1):
    return x.std(ddof=ddof), x.mean()


def _layer_norm(x, eps=1e-5):
    return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps)


M, F, L = "mint", "mint.nn.functional", "mint.linalg"
DEFAULT_REFERENCES = {
    (M, "argsort"): lambda e: np.argsort(e["X1"], -1, kind="stable"),
    (M, "sort"): lambda e: (np.sort(e["X1"], -1), np.argsort(e["X1"], -1, kind="stable")),
    (M, "topk"): lambda e: _topk(e["X1"], 2),
    (M, "kthvalue"): lambda e: _kth(e["X1"], 2),
    (M, "argmax"): lambda e: np.argmax(e["X1"]),
    (M, "argmin"): lambda e: np.argmin(e["X1"]),
    (M, "stack"): lambda e: np.stack([e["A"], e["B"]]),
    (M, "count_nonzero"): lambda e: np.count_nonzero(e["I"] - 4),
    (M, "cumsum"): lambda e: np.cumsum(e["I"], 1),
    (M, "diag"): lambda e: np.diag(e["M"]),
    (M, "tril"): lambda e: np.tril(e["T3"]),
    (M, "full"): lambda e: np.full((2, 3), 1.5, np.float32),
    (M, "full_like"): lambda e: np.full_like(e["I"], 2),
    (M, "zeros_like"): lambda e: np.zeros_like(e["I"]),
    (M, "ones_like"): lambda e: np.ones_like(e["I"]),
    (M, "arange"): lambda e: np.arange(5),
    (M, "histc"): lambda e: np.histogram(e["V"], 100, (e["V"].min(), e["V"].max()))[0],
    (M, "bincount"): lambda e: np.bincount(e["K"]),
    (M, "logsumexp"): lambda e: np.log(np.exp(e["X1"].astype(np.float64)).sum(1)),
    (M, "median"): lambda e: np.sort(e["X1"], None)[(e["X1"].size - 1) // 2],
    (M, "std"): lambda e: e["T3"].std(ddof=1),
    (M, "var"): lambda e: e["T3"].var(ddof=1),
    (M, "std_mean"): lambda e: _std_mean(e["T3"]),
    (M, "var_mean"): lambda e: (e["T3"].var(ddof=1), e["T3"].mean()),
    (M, "norm"): lambda e: np.sqrt((e["T3"] ** 2).sum()),
    (M, "roll"): lambda e: np.roll(e["A"], 1),
    (M, "repeat_interleave"): lambda e: np.repeat(e["A"], 2),
    (M, "addmm"): lambda e: e["A"] + e["A"] @ e["M"],
    (M, "addmv"): lambda e: e["V"][:2] + e["A"] @ e["V"][:3],
    (M, "baddbmm"): lambda e: e["T3"][:, :, :3] + e["T3"][:, :, :3] @ np.stack([e["M"], e["M"]]),
    (M, "addbmm"): lambda e: e["A"] + e["A"] @ e["M"] + e["B"] @ e["M"],
    (M, "randperm"): lambda e: _rand("Int64", (4,), lambda v: sorted(v) == [0, 1, 2, 3]),
    (M, "triangular_solve"): lambda e: (
        np.linalg.solve(np.triu(e["M"]), e["A"].T),
        np.triu(e["M"]),
    ),
    (L, "vector_norm"): lambda e: np.sqrt((e["T3"] ** 2).sum()),
    (L, "matrix_norm"): lambda e: np.sqrt((e["T3"] ** 2).sum((-2, -1))),
    (L, "norm"): lambda e: np.sqrt((e["A"] ** 2).sum()),
    (L, "qr"): lambda e: np.linalg.qr(e["M"].astype(np.float64)),
    # softmax's implicit dim (dim=None): 0 for 0-, 1- and 3-D inputs, else 1
    ("mint.special", "log_softmax"): lambda e: _log_softmax(e["T3"], 0),
    (F, "log_softmax"): lambda e: _log_softmax(e["T3"], 0),
    (F, "normalize"): lambda e: e["T3"] / np.sqrt((e["T3"] ** 2).sum(1, keepdims=True)),
    (F, "one_hot"): lambda e: np.eye(e["K"].max() + 1, dtype=np.int64)[e["K"]],
    (F, "leaky_relu"): lambda e: np.where(e["A"] > 0, e["A"], 0.01 * e["A"]),
    (F, "elu"): lambda e: np.where(e["A"] > 0, e["A"], np.expm1(e["A"])),
    (F, "hardtanh"): lambda e: np.clip(e["A"], -1, 1),
    (F, "gelu"): lambda e: _gelu(e["A"].astype(np.float64)),
    (F, "avg_pool1d"): lambda e: _pool(e["X1"], (3,), (3,), (0,), "avg"),
    (F, "avg_pool2d"): lambda e: _pool(e["X"], (3, 3), (3, 3), (0, 0), "avg"),
    (F, "avg_pool3d"): lambda e: _pool(e["X3"], (2, 2, 2), (2, 2, 2), (0, 0, 0), "avg"),
    (F, "max_pool2d"): lambda e: _pool(e["X"], (3, 3), (3, 3), (0, 0), "max"),
    (F, "adaptive_max_pool1d"): lambda e: _adaptive(e["X1"], (3,), "max"),
    (F, "mse_loss"): lambda e: ((e["A"] - e["B"]) ** 2).mean(),
    (F, "kl_div"): lambda e: (e["P"][::-1] * (np.log(e["P"][::-1]) - np.log(e["P"]))).mean(),
    (F, "soft_margin_loss"): lambda e: np.log1p(np.exp(-np.sign(e["B"]) * e["A"])).mean(),
    (F, "cosine_embedding_loss"): lambda e: _cos_emb(e["A"], e["B"], np.array([1, -1]), 0.0).mean(),
    (F, "cross_entropy"): lambda e: _xent(e["LOGITS"], e["LBL"]),
    (F, "pad"): lambda e: _pad(e["A"], (1, 2)),
    (F, "layer_norm"): lambda e: _layer_norm(e["T3"]),
    (F, "batch_norm"): lambda e: _bn(e["X"], np.array([0.1, -0.2, 0.3]), np.array([1.5, 0.5, 2.0])),
    (F, "embedding"): lambda e: np.arange(12, dtype=np.float32).reshape(4, 3)[e["K"]],
    (F, "unfold"): lambda e: _unfold(e["X"], 2),
    (F, "fold"): lambda e: _fold(
        np.arange(2 * 12 * 4, dtype=np.float32).reshape(2, 12, 4), (3, 3), 2
    ),
    (F, "conv2d"): lambda e: _conv(e["X"], e["CW"]),
    (F, "conv1d"): lambda e: _conv(e["X1"], e["CW1"]),
    (F, "conv_transpose2d"): lambda e: _conv_transpose2d(e["X"][:, :2], e["CTW"][:2], 1, 0, 0),
}
