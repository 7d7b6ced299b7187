"""Record MindSpore 2.10's ``mint`` results when a call leaves its defaults alone, into
``tests/fixtures/ms/mint_defaults.json`` (run with real MindSpore, NOT by CI)::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_mint_default_fixtures.py

Every case calls one ``mint`` function with its required arguments only, on inputs where each
default changes the result (a dimension default on a tensor whose dimensions differ in size, a
reduction default on more than one element...). The inputs, prelude and encoding are those of
``record_numpy_mint_fixtures.py``; a case that 2.10's CPU build cannot run is recorded with its
error and checked by ``tests/mint/test_mint_defaults.py`` against the same call with the
recorded defaults spelled out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore.common.api import _pynative_executor

sys.path.insert(0, str(Path(__file__).resolve().parent))
import record_numpy_mint_fixtures as R  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "mint_defaults.json"

# (module, name) -> the call with only required arguments
DEFAULT_CALLS = {
    ("mint", "argsort"): "mint.argsort(Tensor(X1))",
    ("mint", "sort"): "mint.sort(Tensor(X1))",
    ("mint", "topk"): "mint.topk(Tensor(X1), 2)",
    ("mint", "kthvalue"): "mint.kthvalue(Tensor(X1), 2)",
    ("mint", "all"): "mint.all(Tensor(BL))",
    ("mint", "any"): "mint.any(Tensor(BL))",
    ("mint", "amax"): "mint.amax(Tensor(X1))",
    ("mint", "amin"): "mint.amin(Tensor(X1))",
    ("mint", "argmax"): "mint.argmax(Tensor(X1))",
    ("mint", "argmin"): "mint.argmin(Tensor(X1))",
    ("mint", "max"): "mint.max(Tensor(X1), 1)",
    ("mint", "min"): "mint.min(Tensor(X1), 1)",
    ("mint", "cat"): "mint.cat([Tensor(A), Tensor(B)])",
    ("mint", "concat"): "mint.concat([Tensor(A), Tensor(B)])",
    ("mint", "stack"): "mint.stack([Tensor(A), Tensor(B)])",
    ("mint", "split"): "mint.split(Tensor(T3), 1)",
    ("mint", "chunk"): "mint.chunk(Tensor(T3), 2)",
    ("mint", "unbind"): "mint.unbind(Tensor(T3))",
    ("mint", "count_nonzero"): "mint.count_nonzero(Tensor(I - 4))",
    ("mint", "cross"): "mint.cross(Tensor(M), Tensor(M[::-1].copy()))",
    ("mint", "cumsum"): "mint.cumsum(Tensor(I), 1)",
    ("mint", "cumprod"): "mint.cumprod(Tensor(I), 1)",
    ("mint", "diag"): "mint.diag(Tensor(M))",
    ("mint", "tril"): "mint.tril(Tensor(T3))",
    ("mint", "triu"): "mint.triu(Tensor(T3))",
    ("mint", "diff"): "mint.diff(Tensor(T3))",
    ("mint", "eye"): "mint.eye(3)",
    ("mint", "full"): "mint.full((2, 3), 1.5)",
    ("mint", "full_like"): "mint.full_like(Tensor(I), 2)",
    ("mint", "zeros"): "mint.zeros((2, 3))",
    ("mint", "zeros_like"): "mint.zeros_like(Tensor(I))",
    ("mint", "ones_like"): "mint.ones_like(Tensor(I))",
    ("mint", "arange"): "mint.arange(5)",
    ("mint", "histc"): "mint.histc(Tensor(V))",
    ("mint", "bincount"): "mint.bincount(Tensor(K))",
    ("mint", "isclose"): "mint.isclose(Tensor(A), Tensor(A + 2e-5))",
    ("mint", "allclose"): "mint.allclose(Tensor(A), Tensor(A + 2e-5))",
    ("mint", "logsumexp"): "mint.logsumexp(Tensor(X1), 1)",
    ("mint", "mean"): "mint.mean(Tensor(T3))",
    ("mint", "sum"): "mint.sum(Tensor(I))",
    ("mint", "prod"): "mint.prod(Tensor(A))",
    ("mint", "nansum"): "mint.nansum(Tensor(A))",
    ("mint", "median"): "mint.median(Tensor(X1))",
    ("mint", "std"): "mint.std(Tensor(T3))",
    ("mint", "var"): "mint.var(Tensor(T3))",
    ("mint", "std_mean"): "mint.std_mean(Tensor(T3))",
    ("mint", "var_mean"): "mint.var_mean(Tensor(T3))",
    ("mint", "norm"): "mint.norm(Tensor(T3))",
    ("mint", "meshgrid"): "mint.meshgrid(Tensor(V[:2]), Tensor(W[:3]))",
    ("mint", "nan_to_num"): "mint.nan_to_num(Tensor(np.array([np.nan, np.inf, -np.inf, 1.5], np.float32)))",
    ("mint", "nonzero"): "mint.nonzero(Tensor(I - 4))",
    ("mint", "roll"): "mint.roll(Tensor(A), 1)",
    ("mint", "round"): "mint.round(Tensor(A))",
    ("mint", "searchsorted"): "mint.searchsorted(Tensor(np.sort(V)), Tensor(W))",
    ("mint", "repeat_interleave"): "mint.repeat_interleave(Tensor(A), 2)",
    ("mint", "unique_consecutive"): "mint.unique_consecutive(Tensor(K))",
    ("mint", "divide"): "mint.divide(Tensor(A), Tensor(B))",
    ("mint", "div"): "mint.div(Tensor(A), Tensor(B))",
    ("mint", "sub"): "mint.sub(Tensor(A), Tensor(B))",
    ("mint", "add"): "mint.add(Tensor(A), Tensor(B))",
    ("mint", "clamp"): "mint.clamp(Tensor(A), -1.0)",
    ("mint", "flatten"): "mint.flatten(Tensor(T3))",
    ("mint", "squeeze"): "mint.squeeze(Tensor(A[None, :, None]))",
    ("mint", "addmm"): "mint.addmm(Tensor(A), Tensor(A), Tensor(M))",
    ("mint", "addmv"): "mint.addmv(Tensor(V[:2]), Tensor(A), Tensor(V[:3]))",
    ("mint", "baddbmm"): "mint.baddbmm(Tensor(T3[:, :, :3]), Tensor(T3[:, :, :3]), Tensor(np.stack([M, M])))",
    ("mint", "addbmm"): "mint.addbmm(Tensor(A), Tensor(np.stack([A, B])), Tensor(np.stack([M, M])))",
    ("mint", "randperm"): "mint.randperm(4)",
    ("mint", "softmax"): "mint.softmax(Tensor(T3), 1)",
    ("mint", "cdist"): "mint.cdist(Tensor(A), Tensor(B))",
    ("mint", "triangular_solve"): "mint.triangular_solve(Tensor(A.T.copy()), Tensor(np.triu(M)))",
    ("mint.linalg", "vector_norm"): "mint.linalg.vector_norm(Tensor(T3))",
    ("mint.linalg", "matrix_norm"): "mint.linalg.matrix_norm(Tensor(T3))",
    ("mint.linalg", "norm"): "mint.linalg.norm(Tensor(A))",
    ("mint.linalg", "qr"): "mint.linalg.qr(Tensor(M))",
    ("mint.special", "log_softmax"): "mint.special.log_softmax(Tensor(T3))",
    ("mint.nn.functional", "log_softmax"): "F.log_softmax(Tensor(T3))",
    ("mint.nn.functional", "softmax"): "F.softmax(Tensor(T3))",
    ("mint.nn.functional", "glu"): "F.glu(Tensor(T3))",
    ("mint.nn.functional", "normalize"): "F.normalize(Tensor(T3))",
    ("mint.nn.functional", "flatten"): "F.flatten(Tensor(T3))",
    ("mint.nn.functional", "one_hot"): "F.one_hot(Tensor(K.astype(np.int64)))",
    ("mint.nn.functional", "leaky_relu"): "F.leaky_relu(Tensor(A))",
    ("mint.nn.functional", "elu"): "F.elu(Tensor(A))",
    ("mint.nn.functional", "hardtanh"): "F.hardtanh(Tensor(A))",
    ("mint.nn.functional", "gelu"): "F.gelu(Tensor(A))",
    ("mint.nn.functional", "relu"): "F.relu(Tensor(A))",
    ("mint.nn.functional", "avg_pool1d"): "F.avg_pool1d(Tensor(X1), 3)",
    ("mint.nn.functional", "avg_pool2d"): "F.avg_pool2d(Tensor(X), 3)",
    ("mint.nn.functional", "avg_pool3d"): "F.avg_pool3d(Tensor(X3), 2)",
    ("mint.nn.functional", "max_pool2d"): "F.max_pool2d(Tensor(X), 3)",
    ("mint.nn.functional", "adaptive_max_pool1d"): "F.adaptive_max_pool1d(Tensor(X1), 3)",
    ("mint.nn.functional", "adaptive_max_pool2d"): "F.adaptive_max_pool2d(Tensor(X), 3)",
    ("mint.nn.functional", "mse_loss"): "F.mse_loss(Tensor(A), Tensor(B))",
    ("mint.nn.functional", "kl_div"): "F.kl_div(Tensor(np.log(P)), Tensor(P[::-1].copy()))",
    ("mint.nn.functional", "soft_margin_loss"): "F.soft_margin_loss(Tensor(A), Tensor(np.sign(B)))",
    ("mint.nn.functional", "binary_cross_entropy"): "F.binary_cross_entropy(Tensor(P), Tensor(P[::-1].copy()))",
    ("mint.nn.functional", "binary_cross_entropy_with_logits"): "F.binary_cross_entropy_with_logits(Tensor(A), Tensor(P))",
    ("mint.nn.functional", "cosine_embedding_loss"): "F.cosine_embedding_loss(Tensor(A), Tensor(B), Tensor(np.array([1, -1], np.int32)))",
    ("mint.nn.functional", "cross_entropy"): "F.cross_entropy(Tensor(LOGITS), Tensor(LBL))",
    ("mint.nn.functional", "nll_loss"): "F.nll_loss(Tensor(LOGITS), Tensor(LBL))",
    ("mint.nn.functional", "interpolate"): "F.interpolate(Tensor(X1), scale_factor=2.0)",
    ("mint.nn.functional", "upsample"): "F.upsample(Tensor(X1), scale_factor=2.0)",
    ("mint.nn.functional", "pad"): "F.pad(Tensor(A), (1, 2))",
    ("mint.nn.functional", "layer_norm"): "F.layer_norm(Tensor(T3), (4,))",
    ("mint.nn.functional", "group_norm"): "F.group_norm(Tensor(X), 3)",
    ("mint.nn.functional", "batch_norm"): "F.batch_norm(Tensor(X), Tensor(np.array([0.1, -0.2, 0.3], np.float32)), Tensor(np.array([1.5, 0.5, 2.0], np.float32)))",
    ("mint.nn.functional", "embedding"): "F.embedding(Tensor(K), Tensor(np.arange(12, dtype=np.float32).reshape(4, 3)))",
    ("mint.nn.functional", "unfold"): "F.unfold(Tensor(X), 2)",
    ("mint.nn.functional", "fold"): "F.fold(Tensor(np.arange(2 * 12 * 4, dtype=np.float32).reshape(2, 12, 4)), (3, 3), 2)",
    ("mint.nn.functional", "conv2d"): "F.conv2d(Tensor(X), Tensor(CW))",
    ("mint.nn.functional", "conv1d"): "F.conv1d(Tensor(X1), Tensor(CW1))",
    ("mint.nn.functional", "conv_transpose2d"): "F.conv_transpose2d(Tensor(X[:, :2]), Tensor(CTW[:2]))",
    ("mint.nn.functional", "linear"): "F.linear(Tensor(A), Tensor(LW))",
    ("mint.nn.functional", "grid_sample"): "F.grid_sample(Tensor(X), Tensor(np.tanh(X[:, :2].transpose(0, 2, 3, 1)).copy()))",
}  # fmt: skip

RANDOM = {("mint", "randperm")}


def main() -> int:
    env = {
        "np": np,
        "ms": ms,
        "mnp": R.mnp,
        "mint": R.mint,
        "F": R.F,
        "Tensor": R.Tensor,
        "Step": R.Step,
    }
    env.update({k: eval(v, {"np": np}) for k, v in R.INPUTS.items()})
    exec(R.PRELUDE, env)
    records = []
    for (module, name), expr in DEFAULT_CALLS.items():
        for _ in range(3):  # again after a failure: 2.10 may report an earlier op's error
            ms.set_seed(0)
            try:
                out = eval(expr, env)
                _pynative_executor.sync()
                rec = {"outputs": R.encode(out, (module, name) in RANDOM)}
                break
            except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
                try:
                    _pynative_executor.sync()
                except Exception:  # noqa: BLE001, S110 - an earlier error, already recorded
                    pass
                rec = {"error": type(e).__name__, "message": str(e).strip().splitlines()[0][:200]}
        records.append({"module": module, "name": name, "expr": expr, **rec})
        print(module, name, rec.get("error", ""), rec.get("message", "")[:100])
    OUT.write_text(
        json.dumps({"mindspore": ms.__version__, "inputs": R.INPUTS, "cases": records}, indent=0)
        + "\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
