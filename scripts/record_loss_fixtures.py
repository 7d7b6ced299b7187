"""Record MindSpore's losses (``loss``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_loss_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import numpy as np
from fixture_recording import (
    F32,
    inputs_of,
    ints,
    rnd,
    run_case,
    run_groups,
)


def loss_cases():
    G = "loss"

    def probs(*shape):
        def g(rs):
            a = np.exp(rs.randn(*shape))
            return (a / a.sum(-1, keepdims=True)).astype(F32)

        return g

    def onehot(n, c):
        return lambda rs: np.eye(c, dtype=F32)[rs.randint(0, c, size=n)]

    def binary(*shape):
        return lambda rs: (rs.rand(*shape) > 0.5).astype(F32)

    def Lo(name, api, ins, *, tkw=None, notes="", **kwargs):
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            kwargs=kwargs,
            tensor_kwargs=tkw,
            grad_inputs=[0],
            notes=notes,
        )

    for red in ("none", "mean", "sum"):
        Lo(
            f"SoftmaxCrossEntropyWithLogits_dense_{red}",
            "nn.SoftmaxCrossEntropyWithLogits",
            [rnd(4, 5), probs(4, 5)],
            sparse=False,
            reduction=red,
        )
        Lo(
            f"SoftmaxCrossEntropyWithLogits_sparse_{red}",
            "nn.SoftmaxCrossEntropyWithLogits",
            [rnd(4, 5), ints(5, 4)],
            sparse=True,
            reduction=red,
        )
    Lo(
        "SoftmaxCrossEntropyWithLogits_default",
        "nn.SoftmaxCrossEntropyWithLogits",
        [rnd(4, 5), onehot(4, 5)],
        notes="defaults: sparse=False, reduction='none'",
    )
    Lo(
        "SoftmaxCrossEntropyWithLogits_dense_zero_labels",
        "nn.SoftmaxCrossEntropyWithLogits",
        [rnd(4, 5), lambda rs: np.zeros((4, 5), F32)],
        notes="all-zero labels (as in examples/seed003_*.py, the Training guide): loss 0 but gradient softmax(logits)?",
    )
    for red in ("none", "mean", "sum"):
        Lo(
            f"CrossEntropyLoss_indices_{red}",
            "nn.CrossEntropyLoss",
            [rnd(4, 5), ints(5, 4)],
            reduction=red,
        )
    Lo("CrossEntropyLoss_probs_mean", "nn.CrossEntropyLoss", [rnd(4, 5), probs(4, 5)])
    Lo(
        "CrossEntropyLoss_probs_none",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        reduction="none",
    )
    Lo(
        "CrossEntropyLoss_indices_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), ints(5, 4)],
        label_smoothing=0.1,
    )
    Lo(
        "CrossEntropyLoss_probs_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        label_smoothing=0.2,
    )
    Lo(
        "CrossEntropyLoss_indices_weight",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), ints(5, 4)],
        tkw={"weight": lambda rs: rs.uniform(0.5, 2.0, size=5).astype(F32)},
        notes="weighted mean divides by sum of target weights",
    )
    Lo(
        "CrossEntropyLoss_ignore_index",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), lambda rs: np.array([1, -100, 3, 0], np.int32)],
    )
    Lo(
        "CrossEntropyLoss_ignore_index_2",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), lambda rs: np.array([1, 2, 2, 0], np.int32)],
        ignore_index=2,
    )
    Lo(
        "CrossEntropyLoss_3d_indices",
        "nn.CrossEntropyLoss",
        [rnd(2, 5, 3), ints(5, 2, 3)],
        notes="(N, C, d1) logits",
    )
    for red in ("none", "mean", "sum"):
        Lo(f"MSELoss_{red}", "nn.MSELoss", [rnd(3, 4), rnd(3, 4)], reduction=red)
        Lo(f"L1Loss_{red}", "nn.L1Loss", [rnd(3, 4), rnd(3, 4)], reduction=red)
        Lo(
            f"BCEWithLogitsLoss_{red}",
            "nn.BCEWithLogitsLoss",
            [rnd(3, 5), binary(3, 5)],
            reduction=red,
        )
    w5 = lambda rs: rs.uniform(0.5, 2.0, size=5).astype(F32)  # noqa: E731
    Lo(
        "BCEWithLogitsLoss_weight",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), binary(3, 5)],
        tkw={"weight": w5},
    )
    Lo(
        "BCEWithLogitsLoss_pos_weight",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), binary(3, 5)],
        tkw={"pos_weight": w5},
    )
    Lo(
        "BCEWithLogitsLoss_weight_pos_weight_none",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), rnd(3, 5, positive=True)],
        tkw={"weight": w5, "pos_weight": w5},
        reduction="none",
        notes="soft (non-binary) labels",
    )

    # --- every documented option: reductions with weights, smoothing, beta ------------------
    w_cls = lambda rs: rs.uniform(0.5, 2.0, size=5).astype(F32)  # noqa: E731
    for red in ("none", "sum"):
        Lo(
            f"CrossEntropyLoss_indices_weight_{red}",
            "nn.CrossEntropyLoss",
            [rnd(4, 5), ints(5, 4)],
            tkw={"weight": w_cls},
            reduction=red,
        )
        Lo(
            f"CrossEntropyLoss_probs_weight_{red}",
            "nn.CrossEntropyLoss",
            [rnd(4, 5), probs(4, 5)],
            tkw={"weight": w_cls},
            reduction=red,
        )
    Lo(
        "CrossEntropyLoss_probs_weight_mean",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        tkw={"weight": w_cls},
    )
    Lo(
        "CrossEntropyLoss_probs_sum",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        reduction="sum",
    )
    Lo(
        "CrossEntropyLoss_indices_weight_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), ints(5, 4)],
        tkw={"weight": w_cls},
        label_smoothing=0.1,
    )
    Lo(
        "CrossEntropyLoss_probs_weight_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), probs(4, 5)],
        tkw={"weight": w_cls},
        label_smoothing=0.2,
        reduction="sum",
    )
    Lo(
        "CrossEntropyLoss_weight_ignore_index",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), lambda rs: np.array([1, 2, 2, 0], np.int32)],
        tkw={"weight": w_cls},
        ignore_index=2,
        notes="the ignored samples leave the weighted mean's denominator too",
    )
    Lo(
        "CrossEntropyLoss_ignore_index_none_smooth",
        "nn.CrossEntropyLoss",
        [rnd(4, 5), lambda rs: np.array([1, -100, 3, 0], np.int32)],
        reduction="none",
        label_smoothing=0.1,
    )
    Lo(
        "CrossEntropyLoss_3d_indices_sum",
        "nn.CrossEntropyLoss",
        [rnd(2, 5, 3), ints(5, 2, 3)],
        reduction="sum",
    )
    for red in ("none", "mean", "sum"):
        Lo(f"SmoothL1Loss_{red}", "nn.SmoothL1Loss", [rnd(3, 4), rnd(3, 4)], reduction=red)
    Lo("SmoothL1Loss_beta", "nn.SmoothL1Loss", [rnd(3, 4), rnd(3, 4)], beta=0.5)
    Lo(
        "SmoothL1Loss_beta_sum",
        "nn.SmoothL1Loss",
        [rnd(3, 4, scale=2.0), rnd(3, 4)],
        beta=2.0,
        reduction="sum",
    )
    for red in ("mean", "sum"):
        Lo(
            f"BCEWithLogitsLoss_pos_weight_{red}",
            "nn.BCEWithLogitsLoss",
            [rnd(3, 5), binary(3, 5)],
            tkw={"pos_weight": w5},
            reduction=red,
        )
    Lo(
        "BCEWithLogitsLoss_weight_sum",
        "nn.BCEWithLogitsLoss",
        [rnd(3, 5), binary(3, 5)],
        tkw={"weight": w5},
        reduction="sum",
    )


GROUPS = {"loss": loss_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
