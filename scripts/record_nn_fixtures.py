"""Record MindSpore's nn layers (``nn``) and the later layer additions (``nnx``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_nn_fixtures.py

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
    randn,
    record,
    rnd,
    run_case,
    run_groups,
    seed_of,
)
from mindspore import Parameter, Tensor, nn


def layers():
    G = "nn"

    def L(name, api, ins, *args, train=False, notes="", **kwargs):
        run_case(
            group=G,
            name=name,
            api=api,
            inputs=inputs_of(*ins),
            args=args,
            kwargs=kwargs,
            train=train,
            notes=notes,
        )

    # Dense
    L("Dense", "nn.Dense", [rnd(5, 4)], 4, 3)
    L("Dense_nobias", "nn.Dense", [rnd(5, 4)], 4, 3, has_bias=False)
    L("Dense_relu", "nn.Dense", [rnd(5, 4)], 4, 3, activation="relu")
    L("Dense_3d_input", "nn.Dense", [rnd(2, 5, 4)], 4, 3, notes="N-D input: matmul on last axis")
    # Conv1d
    x1 = rnd(2, 4, 11)
    L("Conv1d_same", "nn.Conv1d", [x1], 4, 6, 3, pad_mode="same", has_bias=True)
    L("Conv1d_valid", "nn.Conv1d", [x1], 4, 6, 3, pad_mode="valid")
    L("Conv1d_pad", "nn.Conv1d", [x1], 4, 6, 3, pad_mode="pad", padding=2, has_bias=True)
    L("Conv1d_stride2_same", "nn.Conv1d", [x1], 4, 6, 4, stride=2, pad_mode="same")
    # Conv2d
    x2 = rnd(2, 4, 9, 9)
    L("Conv2d_default", "nn.Conv2d", [x2], 4, 6, 3, notes="defaults: pad_mode='same', no bias")
    L("Conv2d_same_bias", "nn.Conv2d", [x2], 4, 6, 3, pad_mode="same", has_bias=True)
    L("Conv2d_valid", "nn.Conv2d", [x2], 4, 6, 3, pad_mode="valid", has_bias=True)
    L("Conv2d_pad_int", "nn.Conv2d", [x2], 4, 6, 3, pad_mode="pad", padding=1, has_bias=True)
    L(
        "Conv2d_pad_tuple4",
        "nn.Conv2d",
        [x2],
        4,
        6,
        3,
        pad_mode="pad",
        padding=(1, 2, 0, 1),
        notes="padding=(top, bottom, left, right)",
    )
    L("Conv2d_stride2_same", "nn.Conv2d", [rnd(2, 4, 8, 8)], 4, 6, 3, stride=2, pad_mode="same")
    L("Conv2d_stride2_same_odd", "nn.Conv2d", [x2], 4, 6, 4, stride=2, pad_mode="same")
    L("Conv2d_stride2_valid", "nn.Conv2d", [x2], 4, 6, 3, stride=2, pad_mode="valid")
    L("Conv2d_dilation2_same", "nn.Conv2d", [x2], 4, 6, 3, dilation=2, pad_mode="same")
    L("Conv2d_dilation2_valid", "nn.Conv2d", [x2], 4, 6, 3, dilation=2, pad_mode="valid")
    L("Conv2d_group2", "nn.Conv2d", [x2], 4, 6, 3, group=2, has_bias=True, pad_mode="valid")
    L(
        "Conv2d_kernel_tuple",
        "nn.Conv2d",
        [x2],
        4,
        6,
        (3, 2),
        stride=(2, 1),
        pad_mode="same",
        has_bias=True,
    )
    # Pooling
    xp = rnd(2, 3, 7, 7)
    for cls in ("MaxPool2d", "AvgPool2d"):
        L(f"{cls}_k2_s2_valid", f"nn.{cls}", [xp], kernel_size=2, stride=2, pad_mode="valid")
        L(f"{cls}_k3_s1_same", f"nn.{cls}", [xp], kernel_size=3, stride=1, pad_mode="same")
        L(f"{cls}_k3_s2_same", f"nn.{cls}", [xp], kernel_size=3, stride=2, pad_mode="same")
        L(f"{cls}_k2_s1_valid", f"nn.{cls}", [xp], kernel_size=2, stride=1, pad_mode="valid")
        L(f"{cls}_k2_s2_same_even", f"nn.{cls}", [rnd(2, 3, 8, 8)], kernel_size=2, stride=2)
        L(f"{cls}_default", f"nn.{cls}", [xp], notes="defaults: kernel_size=1, stride=1")
    # Activations
    xa = rnd(3, 4, 5, scale=2.0)
    for cls in ("ReLU", "ReLU6", "Sigmoid", "Tanh"):
        L(cls, f"nn.{cls}", [rnd(3, 4, 5, scale=4.0)])
    L("GELU_default", "nn.GELU", [xa], notes="default approximate=True (tanh form)")
    L("GELU_approx_true", "nn.GELU", [xa], approximate=True)
    L("GELU_approx_false", "nn.GELU", [xa], approximate=False)
    L("Softmax_default", "nn.Softmax", [xa])
    L("Softmax_axis1", "nn.Softmax", [xa], axis=1)
    L("Softmax_axis0", "nn.Softmax", [xa], 0)
    L("LogSoftmax_default", "nn.LogSoftmax", [xa])
    L("LogSoftmax_axis1", "nn.LogSoftmax", [xa], axis=1)
    L("Flatten", "nn.Flatten", [rnd(2, 3, 4, 5)])
    L("Dropout_keep_prob_eval", "nn.Dropout", [xa], keep_prob=0.8, notes="eval mode: identity")
    L("Dropout_p_eval", "nn.Dropout", [xa], p=0.2, notes="eval mode: identity")
    L("Dropout_default_eval", "nn.Dropout", [xa], notes="eval mode: identity")
    for dname, dkw in (("keep_prob", {"keep_prob": 0.8}), ("p", {"p": 0.2})):

        def fn_drop(dkw=dkw, dname=dname):
            x = np.full((64, 64), 2.0, F32)
            ms.set_seed(seed_of(G, f"Dropout_train_stats_{dname}"))
            cell = nn.Dropout(**dkw)
            cell.set_train(True)
            out = cell(Tensor(x)).asnumpy()
            kept = out[out != 0]
            spec = {
                "api": "nn.Dropout",
                "kwargs": dkw,
                "train": True,
                "kind": "stats",
                "notes": "train mode on full(64x64, 2.0): fraction zeroed and value of kept "
                "elements (inverted dropout scales kept values by 1/keep_prob)",
            }
            return spec, {
                "in_value": np.array(2.0, F32),
                "stat_frac_zero": np.array((out == 0).mean()),
                "stat_kept_min": np.array(kept.min()),
                "stat_kept_max": np.array(kept.max()),
            }

        record(G, f"Dropout_train_stats_{dname}", fn_drop)

    # Normalisation
    bn_note = (
        "MindSpore momentum convention: moving = momentum * moving + (1 - momentum) * batch_stat"
        " (momentum=0.9 default, i.e. PyTorch momentum 0.1)"
    )
    L("BatchNorm1d_train", "nn.BatchNorm1d", [rnd(8, 5)], 5, train=True, notes=bn_note)
    L("BatchNorm1d_eval", "nn.BatchNorm1d", [rnd(8, 5)], 5, train=False)
    L("BatchNorm2d_train", "nn.BatchNorm2d", [rnd(4, 3, 5, 5)], 3, train=True, notes=bn_note)
    L(
        "BatchNorm2d_train_momentum07",
        "nn.BatchNorm2d",
        [rnd(4, 3, 5, 5)],
        3,
        momentum=0.7,
        eps=1e-3,
        train=True,
        notes=bn_note,
    )
    L("BatchNorm2d_eval", "nn.BatchNorm2d", [rnd(4, 3, 5, 5)], 3, train=False)
    L(
        "BatchNorm2d_no_affine_train",
        "nn.BatchNorm2d",
        [rnd(4, 3, 5, 5)],
        3,
        affine=False,
        train=True,
    )
    L("LayerNorm_last", "nn.LayerNorm", [rnd(4, 5)], (5,))
    L(
        "LayerNorm_axis1",
        "nn.LayerNorm",
        [rnd(2, 3, 5, 5)],
        (3, 5, 5),
        begin_norm_axis=1,
        begin_params_axis=1,
    )
    L(
        "LayerNorm_norm1_params2",
        "nn.LayerNorm",
        [rnd(2, 3, 5, 5)],
        (5, 5),
        begin_norm_axis=1,
        begin_params_axis=2,
        epsilon=1e-5,
    )
    # Embedding
    L("Embedding", "nn.Embedding", [ints(10, 3, 5)], 10, 4)

    def table_with_zero_row(rs):
        t = randn(rs, 10, 4, scale=0.5)
        t[0] = 0.0
        return t

    run_case(
        group=G,
        name="Embedding_padding_idx",
        api="nn.Embedding",
        inputs=inputs_of(ints(10, 3, 5)),
        args=(10, 4),
        kwargs={"padding_idx": 0},
        param_values={"embedding_table": table_with_zero_row},
        notes="row padding_idx of the stored table is zero (as MindSpore initialises it)",
    )
    # SequentialCell of Dense + ReLU (sub-cells are {"api": ...} objects in args)
    run_case(
        group=G,
        name="SequentialCell_dense_relu",
        api="nn.SequentialCell",
        inputs=inputs_of(rnd(5, 4)),
        args=[
            {"api": "nn.Dense", "args": [4, 6]},
            {"api": "nn.ReLU"},
            {"api": "nn.Dense", "args": [6, 3]},
        ],
        notes="args are sub-cell specs passed positionally (SequentialCell(*cells)); "
        "parameters are named '0.weight' etc.",
    )


# ----------------------------------------------------------------------------- nn additions


def nnx_cases():
    G = "nnx"

    def smooth_l1():
        rs = np.random.RandomState(seed_of(G, "smooth_l1"))
        x, y = randn(rs, 4, 5, scale=2.0), randn(rs, 4, 5, scale=2.0)
        arrays = {"in_0": x, "in_1": y}
        for beta in (1.0, 0.5):
            for red in ("none", "mean", "sum"):
                out = nn.SmoothL1Loss(beta=beta, reduction=red)(Tensor(x), Tensor(y))
                arrays[f"out:{beta}:{red}"] = out.asnumpy()
        return {"api": "nn.SmoothL1Loss"}, arrays

    record(G, "smooth_l1", smooth_l1)

    def maxpool_indices():
        rs = np.random.RandomState(seed_of(G, "maxpool_indices"))
        x = randn(rs, 2, 3, 7, 6)
        arrays = {"in_0": x}
        for k, s_, p in ((3, 2, 1), (2, 2, 0), (3, 1, 1)):
            out, idx = nn.MaxPool2d(
                kernel_size=k, stride=s_, pad_mode="pad", padding=p, return_indices=True
            )(Tensor(x))
            arrays[f"out:{k}:{s_}:{p}"] = out.asnumpy()
            arrays[f"idx:{k}:{s_}:{p}"] = idx.asnumpy()
        return {"api": "nn.MaxPool2d(return_indices=True)", "notes": "pad_mode='pad'"}, arrays

    record(G, "maxpool_indices", maxpool_indices)

    def adam_lazy():
        rs = np.random.RandomState(seed_of(G, "adam_lazy"))
        w0 = randn(rs, 5, 3)
        grads = [randn(rs, 5, 3) for _ in range(3)]
        for i, g in enumerate(grads):
            g[[1, 3][i % 2]] = 0.0  # one row untouched per step
            g[4] = 0.0
        arrays = {"w0": w0}
        for lazy in (False, True):
            w = Parameter(Tensor(w0.copy()), name="w")
            opt = nn.Adam([w], learning_rate=0.1, use_lazy=lazy)
            for i, g in enumerate(grads):
                opt((Tensor(g),))
                arrays[f"lazy{int(lazy)}:w_{i}"] = w.asnumpy().copy()
        for i, g in enumerate(grads):
            arrays[f"grad_{i}"] = g
        return {"api": "nn.Adam(use_lazy=)", "notes": "dense gradients with zero rows"}, arrays

    record(G, "adam_lazy", adam_lazy)

    def adaptive_unpool():
        rs = np.random.RandomState(seed_of(G, "adaptive_unpool"))
        x = randn(rs, 2, 3, 12)
        arrays = {"in_0": x}
        for n in (1, 3, 4):
            arrays[f"avg:{n}"] = nn.AdaptiveAvgPool1d(n)(Tensor(x)).asnumpy()
            arrays[f"max:{n}"] = nn.AdaptiveMaxPool1d(n)(Tensor(x)).asnumpy()
        img = randn(rs, 2, 3, 6, 6)
        out, idx = nn.MaxPool2d(2, 2, pad_mode="pad", padding=0, return_indices=True)(Tensor(img))
        arrays["img"] = img
        arrays["unpool2d"] = nn.MaxUnpool2d(2, 2, 0)(out, idx).asnumpy()
        arrays["unpool2d_size"] = nn.MaxUnpool2d(2, 2, 0)(out, idx, (2, 3, 7, 7)).asnumpy()
        return {"api": "nn.AdaptiveAvgPool1d/AdaptiveMaxPool1d/MaxUnpool2d"}, arrays

    record(G, "adaptive_unpool", adaptive_unpool)


GROUPS = {"nn": layers, "nnx": nnx_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
