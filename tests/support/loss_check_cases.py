"""The checks and results of ``ops.cross_entropy``, ``nn.FocalLoss``, ``nn.MultiClassDiceLoss``
and ``nn.MultiFieldEmbeddingLookup`` that MindSpore's own loss and embedding test files rely on:
``scripts/record_test_helper_behaviour.py`` records MindSpore 2.10's outcomes and
``tests/nn/test_loss_checks.py`` replays them on deepsink. ``ms`` is ``mindspore`` or
``deepsink``."""

from __future__ import annotations

import numpy as np
from graph_parity_cases import MESSAGES, _describe


def _cross_entropy_cases(ms, out: dict) -> None:
    ops, f32, i32 = ms.ops, ms.float32, ms.int32
    rng = np.random.RandomState(3)
    xa = rng.randn(3, 5).astype(np.float32)
    x = ms.Tensor(xa)
    t = ms.Tensor(np.array([1, 0, 4]), i32)
    w = ms.Tensor(rng.rand(5).astype(np.float32) + 0.5)
    probs = ms.Tensor(rng.rand(3, 5).astype(np.float32))
    x4 = ms.Tensor(rng.randn(2, 3, 2, 2).astype(np.float32))
    t4 = ms.Tensor(np.array([[[0, 2], [1, 1]], [[2, 0], [0, 1]]]), i32)
    bad = {
        "numpy_input": lambda: ops.cross_entropy(xa, t, w),
        "list_input": lambda: ops.cross_entropy(xa.tolist(), t, w),
        "int_input": lambda: ops.cross_entropy(ms.Tensor(np.ones((3, 5)), i32), t, w),
        "numpy_target": lambda: ops.cross_entropy(x, np.array([1, 0, 4]), w),
        "numpy_weight": lambda: ops.cross_entropy(x, t, np.ones(5)),
        "str_ignore_index": lambda: ops.cross_entropy(x, t, w, ignore_index="1"),
        "float_ignore_index": lambda: ops.cross_entropy(x, t, w, ignore_index=1.0),
        "bool_ignore_index": lambda: ops.cross_entropy(x, t, w, ignore_index=True),
        "bad_reduction": lambda: ops.cross_entropy(x, t, w, reduction="1"),
        "str_label_smoothing": lambda: ops.cross_entropy(x, t, w, label_smoothing="0.5"),
        "int_label_smoothing": lambda: ops.cross_entropy(x, t, w, label_smoothing=1),
        "negative_label_smoothing": lambda: ops.cross_entropy(x, t, w, label_smoothing=-0.1),
    }
    for name, fn in bad.items():
        out[f"cross_entropy_{name}"] = fn
    for red in ("mean", "sum", "none"):
        out[f"cross_entropy_index_{red}"] = lambda r=red: ops.cross_entropy(x, t, w, reduction=r)
        out[f"cross_entropy_probs_{red}"] = lambda r=red: ops.cross_entropy(
            x, probs, w, reduction=r
        )
        out[f"cross_entropy_index_smooth_{red}"] = lambda r=red: ops.cross_entropy(
            x, t, w, reduction=r, label_smoothing=0.2
        )
        out[f"cross_entropy_ignore_{red}"] = lambda r=red: ops.cross_entropy(
            x, t, w, ignore_index=0, reduction=r, label_smoothing=0.1
        )
        out[f"cross_entropy_4d_{red}"] = lambda r=red: ops.cross_entropy(x4, t4, reduction=r)
    out["cross_entropy_probs_smooth"] = lambda: ops.cross_entropy(x, probs, label_smoothing=0.3)
    out["cross_entropy_large_smoothing"] = lambda: ops.cross_entropy(x, t, w, label_smoothing=2.0)
    out["cross_entropy_int_weight"] = lambda: ops.cross_entropy(x, t, ms.Tensor(np.ones(5), i32))
    out["cross_entropy_1d"] = lambda: ops.cross_entropy(ms.Tensor(xa[0]), ms.Tensor(2, i32))
    out["cross_entropy_f32_target_shape"] = lambda: ops.cross_entropy(
        x, ms.Tensor(np.ones((3, 4)), f32)
    )


def _focal_dice_cases(ms, out: dict) -> None:
    nn, f32, i32 = ms.nn, ms.float32, ms.int32
    x1 = ms.Tensor([[0.8, 1.4], [0.5, 0.9], [1.2, 0.9]], f32)
    for name, gamma in (("str", "mmm"), ("int", 2), ("bool", True), ("none", None)):
        out[f"focal_gamma_{name}"] = lambda g=gamma: nn.FocalLoss(gamma=g)
    out["focal_weight_str"] = lambda: nn.FocalLoss(weight="a")
    out["focal_reduction"] = lambda: nn.FocalLoss(reduction="avg")
    labels = {
        "one": [[1]],
        "column": [[1], [1], [0]],
        "two_rows": [[1], [1]],
        "flat": [1, 1, 0],
    }
    for name, lab in labels.items():
        for red in ("mean", "none"):
            out[f"focal_labels_{name}_{red}"] = lambda v=lab, r=red: nn.FocalLoss(
                gamma=2.0, reduction=r
            )(x1, ms.Tensor(v, i32))
    weight = ms.Tensor([0.3, 0.7], f32)
    out["focal_weighted"] = lambda: nn.FocalLoss(weight=weight, gamma=1.5)(
        x1, ms.Tensor([[1], [1], [0]], i32)
    )
    y_pred = ms.Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), f32)
    y_short = ms.Tensor(np.array([[1, 0], [0, 1]]), f32)
    y = ms.Tensor(np.array([[1, 0], [0, 1], [1, 0]]), f32)
    dice = nn.MultiClassDiceLoss
    out["dice_weights_str"] = lambda: dice(weights="1", ignore_indiex=None, activation="softmax")
    out["dice_ignore_str"] = lambda: dice(weights=None, ignore_indiex="2", activation="softmax")
    out["dice_ignore_float"] = lambda: dice(ignore_indiex=1.0)
    out["dice_activation_int"] = lambda: dice(activation=2)
    out["dice_shape"] = lambda: dice(activation="softmax")(y_pred, y_short)
    out["dice_softmax"] = lambda: dice(activation="softmax")(y_pred, y)
    out["dice_ignore_1"] = lambda: dice(ignore_indiex=1, activation="softmax")(y_pred, y)
    out["dice_weights_1d"] = lambda: dice(weights=ms.Tensor([0.3, 0.7], f32))(y_pred, y)
    out["dice_weights_2d"] = lambda: dice(weights=ms.Tensor([[0.3, 0.7]], f32))(y_pred, y)


def _embedding_cases(ms, out: dict) -> None:
    nn = ms.nn

    def lookup(shapes, dtypes):
        def run():
            net = nn.MultiFieldEmbeddingLookup(
                vocab_size=32, embedding_size=4, field_size=3, param_init="ones"
            )
            rng = np.random.RandomState(0)
            arrays = (
                rng.randint(0, 32, shapes[0]),
                rng.rand(*shapes[1]),
                rng.randint(0, 3, shapes[2]),
            )
            return net(*(ms.Tensor(a, d) for a, d in zip(arrays, dtypes)))

        return run

    i32, i16, f32, f16 = ms.int32, ms.int16, ms.float32, ms.float16
    out["multifield_ok"] = lookup(((2, 5), (2, 5), (2, 5)), (i32, f32, i32))
    out["multifield_int16_input"] = lookup(((2, 5), (2, 5), (2, 5)), (i16, f32, i32))
    out["multifield_value_shape_int16"] = lookup(((2, 5), (2,), (2, 5)), (i16, f32, i16))
    out["multifield_value_shape"] = lookup(((2, 5), (2,), (2, 5)), (i32, f32, i32))
    out["multifield_field_shape"] = lookup(((2, 5), (2, 5), (2, 4)), (i32, f32, i32))
    out["multifield_f16_value"] = lookup(((2, 5), (2, 5), (2, 5)), (i32, f16, i32))
    out["multifield_int16_field"] = lookup(((2, 5), (2, 5), (2, 5)), (i32, f32, i16))


def cases(ms) -> dict:
    out: dict = {}
    _cross_entropy_cases(ms, out)
    _focal_dice_cases(ms, out)
    _embedding_cases(ms, out)
    return out


def outcomes(ms) -> dict:
    res = {}
    for name, fn in cases(ms).items():
        try:
            got = fn()
            res[name] = {"python": "constructed"} if isinstance(got, ms.nn.Cell) else _describe(got)
        except Exception as e:  # noqa: BLE001 - the outcome is the exception
            res[name] = {"error": type(e).__name__, "message": str(e).splitlines()[0][:MESSAGES]}
    return res
