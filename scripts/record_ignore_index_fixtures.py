"""Record MindSpore 2.10's class-index losses with ignored targets into
``tests/fixtures/ms/loss/ignore_index.json`` (run with real MindSpore, NOT by CI)::

    cd "$(mktemp -d)" && $DEEPSINK_MINDSPORE_PYTHON /path/to/repo/scripts/record_ignore_index_fixtures.py

A target equal to ``ignore_index`` adds nothing to the loss and nothing to the mean's
denominator (the sum of the counted targets' class weights). Every case is an expression over
``ops``, ``nn``, ``F`` (mint.nn.functional), ``Tensor``, ``ms`` and the inputs below; the test
(``tests/nn/test_ignore_index.py``) evaluates the same text on deepsink.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import mindspore as ms
import mindspore.mint.nn.functional as F  # noqa: N812
import numpy as np
from mindspore import Tensor, nn, ops

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
OUT = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "fixtures"
    / "ms"
    / "loss"
    / "ignore_index.json"
)

INPUTS = {
    "X": "np.array([[1.0, 2.0, 0.5], [0.1, -1.0, 2.0], [0.3, 0.3, -0.7], [2.0, -0.5, 1.5]], np.float32)",
    "LP": "np.log(np.array([[0.2, 0.5, 0.3], [0.6, 0.1, 0.3], [0.25, 0.25, 0.5], [0.1, 0.7, 0.2]], np.float32))",
    "T": "np.array([0, -100, 2, 1], np.int32)",
    "T1": "np.array([1, 0, 1, 2], np.int32)",
    "TALL": "np.array([-100, -100, -100, -100], np.int32)",
    "WT": "np.array([0.5, 2.0, 1.5], np.float32)",
    "X3": "np.sin(np.arange(2 * 3 * 4, dtype=np.float32)).reshape(2, 3, 4)",
    "T3": "np.array([[0, 2, -100, 1], [-100, 1, 1, 0]], np.int32)",
}  # fmt: skip

CASES = {
    "ops_ce_mean": "ops.cross_entropy(Tensor(X), Tensor(T))",
    "ops_ce_mean_weight": "ops.cross_entropy(Tensor(X), Tensor(T), Tensor(WT))",
    "ops_ce_sum": "ops.cross_entropy(Tensor(X), Tensor(T), reduction='sum')",
    "ops_ce_none": "ops.cross_entropy(Tensor(X), Tensor(T), reduction='none')",
    "ops_ce_smooth": "ops.cross_entropy(Tensor(X), Tensor(T), label_smoothing=0.2)",
    "ops_ce_smooth_weight": "ops.cross_entropy(Tensor(X), Tensor(T), Tensor(WT), label_smoothing=0.2)",
    "ops_ce_custom_index": "ops.cross_entropy(Tensor(X), Tensor(T1), Tensor(WT), ignore_index=1)",
    "ops_ce_spatial": "ops.cross_entropy(Tensor(X3), Tensor(T3), Tensor(WT))",
    "ops_ce_all_ignored": "ops.cross_entropy(Tensor(X), Tensor(TALL))",
    "ops_nll_mean": "ops.nll_loss(Tensor(LP), Tensor(T))",
    "ops_nll_mean_weight": "ops.nll_loss(Tensor(LP), Tensor(T), Tensor(WT))",
    "ops_nll_custom_index": "ops.nll_loss(Tensor(LP), Tensor(T1), Tensor(WT), ignore_index=2)",
    "ops_nll_sum": "ops.nll_loss(Tensor(LP), Tensor(T), Tensor(WT), reduction='sum')",
    "ops_nll_spatial": "ops.nll_loss(Tensor(X3), Tensor(T3), Tensor(WT))",
    "nn_ce_mean": "nn.CrossEntropyLoss()(Tensor(X), Tensor(T))",
    "nn_ce_mean_weight": "nn.CrossEntropyLoss(Tensor(WT))(Tensor(X), Tensor(T))",
    "nn_ce_custom_index": "nn.CrossEntropyLoss(Tensor(WT), ignore_index=1)(Tensor(X), Tensor(T1))",
    "nn_ce_smooth_weight": "nn.CrossEntropyLoss(Tensor(WT), label_smoothing=0.2)(Tensor(X), Tensor(T))",
    "nn_ce_spatial": "nn.CrossEntropyLoss(Tensor(WT))(Tensor(X3), Tensor(T3))",
    "nn_nll_mean_weight": "nn.NLLLoss(Tensor(WT))(Tensor(LP), Tensor(T))",
    "nn_nll_custom_index": "nn.NLLLoss(Tensor(WT), ignore_index=2)(Tensor(LP), Tensor(T1))",
    "prim_nll_mean": "ops.NLLLoss('mean', ignore_index=-100)(Tensor(LP), Tensor(T), Tensor(WT))",
    "prim_nll_custom_index": "ops.NLLLoss('mean', ignore_index=2)(Tensor(LP), Tensor(T1), Tensor(WT))",
    "mint_nll_mean_weight": "F.nll_loss(Tensor(LP), Tensor(T), Tensor(WT))",
    "mint_nll_custom_index": "F.nll_loss(Tensor(LP), Tensor(T1), Tensor(WT), ignore_index=2)",
}


def _encode(out) -> list:
    outs = list(out) if isinstance(out, tuple | list) else [out]
    rows = []
    for o in outs:
        a = o.asnumpy()
        rows.append(
            {
                "dtype": str(o.dtype),
                "shape": list(a.shape),
                "value": np.where(np.isnan(a), None, a.astype(np.float64)).tolist(),
            }
        )
    return rows


def main() -> int:
    env = {"np": np, "ms": ms, "ops": ops, "nn": nn, "F": F, "Tensor": Tensor}
    env.update({k: eval(v, {"np": np}) for k, v in INPUTS.items()})
    records = []
    for name, expr in CASES.items():
        try:
            rec = {"outputs": _encode(eval(expr, env))}
        except Exception as e:  # noqa: BLE001 - the exception type is what is recorded
            rec = {"error": type(e).__name__, "message": str(e).strip().splitlines()[0][:200]}
        records.append({"name": name, "expr": expr, **rec})
        print(name, rec.get("error", ""), rec.get("message", ""), rec.get("outputs", ""))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps({"mindspore": ms.__version__, "inputs": INPUTS, "cases": records}, indent=0)
        + "\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
