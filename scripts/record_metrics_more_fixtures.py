"""Record MindSpore 2.10's values of the curve, text and segmentation metrics (ROC, BleuScore,
ConfusionMatrixMetric, the surface distances, OcclusionSensitivity) to
``tests/fixtures/ms/nn_breadth/metrics_more.json``.

Run under a Python with MindSpore 2.10: ``python scripts/record_metrics_more_fixtures.py``.
Each case is an expression over ``metrics`` (mindspore.train), ``nn``, ``Tensor``, ``np`` and the
arrays of ``INPUTS``; tests/train/test_metrics_more.py evaluates the same expression on deepsink.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "nn_breadth"

SEG_A = "np.array([[3, 0, 1, 1], [1, 3, 0, 0], [1, 0, 2, 2], [0, 0, 1, 1]])"
SEG_B = "np.array([[0, 2, 1, 0], [1, 2, 1, 0], [0, 0, 1, 0], [1, 1, 1, 0]])"
CANDS = "[['i', 'have', 'a', 'pen', 'on', 'my', 'desk'], ['the', 'cat', 'sat', 'on', 'a', 'mat']]"
REFS = (
    "[[['i', 'have', 'a', 'pen', 'in', 'my', 'desk'], ['there', 'is', 'a', 'pen', 'on', 'the', "
    "'desk']], [['the', 'cat', 'sat', 'on', 'the', 'mat'], ['a', 'cat', 'is', 'on', 'the', "
    "'mat']]]"
)
CASES = {
    "roc_binary": "run(metrics.ROC(pos_label=2), np.array([0.28, 0.55, 0.15, 0.05]), "
    "np.array([0, 1, 2, 3]))",
    "roc_binary_ties": "run(metrics.ROC(), np.array([0.1, 0.4, 0.35, 0.8, 0.4, 0.9]), "
    "np.array([0, 0, 1, 1, 1, 0]))",
    "roc_multiclass": "run(metrics.ROC(class_num=4), np.array([[0.28, 0.55, 0.15, 0.05], "
    "[0.10, 0.20, 0.05, 0.05], [0.20, 0.05, 0.15, 0.05], [0.05, 0.05, 0.05, 0.75]]), "
    "np.array([0, 1, 2, 3]))",
    "bleu_4": f"run(metrics.BleuScore(), {CANDS}[:1], {REFS}[:1])",
    "bleu_corpus": f"run(metrics.BleuScore(), {CANDS}, {REFS})",
    "bleu_2_smooth": f"run(metrics.BleuScore(2, True), {CANDS}, {REFS})",
    "bleu_short": "run(metrics.BleuScore(3), [['a', 'b', 'c']], [[['a', 'b', 'c', 'd', 'e']]])",
    "bleu_zero": "run(metrics.BleuScore(), [['x', 'y']], [[['a', 'b']]])",
    "hausdorff": f"run(metrics.HausdorffDistance(), {SEG_A}, {SEG_B}, 0)",
    "hausdorff_label1_taxicab": f"run(metrics.HausdorffDistance('taxicab'), {SEG_A}, {SEG_B}, 1)",
    "hausdorff_chess_directed_nocrop": "run(metrics.HausdorffDistance('chessboard', "
    f"directed=True, crop=False), {SEG_A}, {SEG_B}, 1)",
    "hausdorff_percentile": f"run(metrics.HausdorffDistance(percentile=50.0), {SEG_A}, {SEG_B}, 1)",
    "msd": f"run(metrics.MeanSurfaceDistance(), {SEG_A}, {SEG_B}, 0)",
    "msd_symmetric_taxicab": f"run(metrics.MeanSurfaceDistance(True, 'taxicab'), {SEG_A}, "
    f"{SEG_B}, 1)",
    "msd_absent": f"run(metrics.MeanSurfaceDistance(), {SEG_A}, {SEG_B}, 3)",
    "rmsd": f"run(metrics.RootMeanSquareDistance(), {SEG_A}, {SEG_B}, 0)",
    "rmsd_symmetric": f"run(metrics.RootMeanSquareDistance(True, 'chessboard'), {SEG_A}, "
    f"{SEG_B}, 1)",
    "cmm_tpr": "run(metrics.ConfusionMatrixMetric(metric_name='tpr'), CM_P, CM_Y)",
    "cmm_skip_false_f1": "run(metrics.ConfusionMatrixMetric(False, 'f1 score'), CM_P, CM_Y)",
    **{
        f"cmm_{name}": f"run(metrics.ConfusionMatrixMetric(metric_name='{name}'), SEG_P, SEG_Y)"
        for name in (
            "specificity",
            "precision",
            "npv",
            "miss_rate",
            "fall_out",
            "fdr",
            "for",
            "pt",
            "ts",
            "accuracy",
            "ba",
            "mcc",
            "fm",
            "bm",
            "mk",
        )
    },
    "cmm_per_sample_mean": "run(metrics.ConfusionMatrixMetric(metric_name='tpr', "
    "calculation_method=True), SEG_P, SEG_Y)",
    "cmm_per_sample_sum": "run(metrics.ConfusionMatrixMetric(metric_name='ppv', "
    "calculation_method=True, decrease='sum'), SEG_P, SEG_Y)",
    "cmm_two_batches": "run2(metrics.ConfusionMatrixMetric(metric_name='acc'), "
    "(SEG_P, SEG_Y), (CM_P3, CM_Y3))",
    "occlusion": "run(metrics.OcclusionSensitivity(), DENSE(), np.array([[0.1, 0.2, 0.3, 0.4]], "
    "np.float32), np.array(1, np.int32))",
    "occlusion_margin1_bbox": "run(metrics.OcclusionSensitivity(pad_val=0.5, margin=1, n_batch=2, "
    "b_box=[1, 3]), DENSE(), np.array([[0.1, 0.2, 0.3, 0.4]], np.float32), np.array(0))",
}


def inputs() -> dict:
    rng = np.random.default_rng(21)
    seg_p = (rng.random((2, 3, 4, 4)) > 0.5).astype(np.float64)
    seg_y = (rng.random((2, 3, 4, 4)) > 0.4).astype(np.float64)
    return {
        "CM_P": np.array([[[0], [1]], [[1], [0]], [[1], [1]]], np.float64),
        "CM_Y": np.array([[[0], [1]], [[0], [1]], [[1], [0]]], np.float64),
        "CM_P3": (rng.random((3, 3, 4, 4)) > 0.5).astype(np.float64),
        "CM_Y3": (rng.random((3, 3, 4, 4)) > 0.5).astype(np.float64),
        "SEG_P": seg_p,
        "SEG_Y": seg_y,
    }


def env(metrics, nn, tensor) -> dict:
    def run(m, *xs):
        m.clear()
        m.update(*xs)
        return m.eval()

    def run2(m, first, second):
        m.clear()
        m.update(*first)
        m.update(*second)
        return m.eval()

    def dense():
        w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]], np.float32)
        b = np.array([0.3, 0.6], np.float32)
        return nn.Dense(4, 2, weight_init=tensor(w), bias_init=tensor(b))

    return {"np": np, "metrics": metrics, "run": run, "run2": run2, "DENSE": dense, **inputs()}


def plain(value):
    """JSON form of a metric result: numbers, or nested lists (ROC's per-class lists)."""
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return np.asarray(value, np.float64).tolist()


def main() -> None:
    from mindspore import Tensor, nn
    from mindspore.train import metrics

    out = {}
    for name, expr in CASES.items():
        try:
            out[name] = {"expr": expr, "value": plain(eval(expr, env(metrics, nn, Tensor)))}  # noqa: S307
        except Exception as exc:  # noqa: BLE001 - record what fails, keep going
            out[name] = {"expr": expr, "error": f"{type(exc).__name__}: {exc}"[:300]}
            print(f"{name}: {type(exc).__name__}: {exc}"[:300])
    (OUT / "metrics_more.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"recorded {len(out)} cases")


if __name__ == "__main__":
    main()
