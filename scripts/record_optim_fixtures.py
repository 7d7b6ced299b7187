"""Record MindSpore's optimizer steps (``optim``) into ``tests/fixtures/ms/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_optim_fixtures.py

The shared machinery (case seeds, the ``.npz`` layout, the generic cell/op recorder) lives in
``fixture_recording.py``; ``record_fixtures.py`` runs every area.
"""

from __future__ import annotations

import numpy as np
from fixture_recording import (
    decode,
    randn,
    record,
    resolve,
    run_groups,
    seed_of,
    to_json,
)
from mindspore import Tensor, nn


def optim_cases():
    G = "optim"

    def opt_case(name, api, kwargs, *, groups=None, notes="", n_in=4):
        def fn():
            seed = seed_of(G, name)
            rs = np.random.RandomState(seed)
            net = nn.Dense(n_in, 3)
            w0 = randn(rs, 3, n_in, scale=0.5)
            b0 = randn(rs, 3, scale=0.5)
            net.weight.set_data(Tensor(w0))
            net.bias.set_data(Tensor(b0))
            g1 = [randn(rs, 3, n_in), randn(rs, 3)]
            g2 = [randn(rs, 3, n_in), randn(rs, 3)]
            params = net.trainable_params()
            pnames = [p.name for p in params]
            spec = {
                "api": api,
                "args": [],
                "kwargs": to_json(kwargs),
                "kind": "optimizer",
                "net": {"api": "nn.Dense", "args": [n_in, 3]},
                "params": "net.trainable_params()",
                "param_order": pnames,
                "notes": notes,
                "seed": seed,
            }
            # learning-rate / weight-decay schedules travel as {"api": ..., "args": [...]}
            built = {k: decode(v) if isinstance(v, dict) else v for k, v in kwargs.items()}
            if groups is not None:
                by = {p.name: p for p in params}
                pg = []
                for g in groups:
                    d = {k: decode(v) if isinstance(v, dict) else v for k, v in g.items()}
                    d["params"] = [by[n] for n in g["params"]]
                    pg.append(d)
                spec["params"] = to_json(groups)
                opt = resolve(api)(pg, **built)
            else:
                opt = resolve(api)(params, **built)
            arrays: dict = {}
            onames = [p.name for p in opt.get_parameters()]
            spec["opt_param_names"] = onames
            for p in opt.get_parameters():
                arrays[f"param:{p.name}"] = p.asnumpy().copy()
            for n, a, b in zip(pnames, g1, g2):
                arrays[f"grad1:{n}"] = a
                arrays[f"grad2:{n}"] = b
            opt(tuple(Tensor(g) for g in g1))
            for p in opt.get_parameters():
                arrays[f"after1:{p.name}"] = p.asnumpy().copy()
            opt(tuple(Tensor(g) for g in g2))
            for p in opt.get_parameters():
                arrays[f"after2:{p.name}"] = p.asnumpy().copy()
            # flat concatenations of the per-param grads, in param_order
            arrays["grads_step1"] = np.concatenate([a.ravel() for a in g1])
            arrays["grads_step2"] = np.concatenate([a.ravel() for a in g2])
            return spec, arrays

        record(G, name, fn)

    opt_case("Momentum", "nn.Momentum", {"learning_rate": 0.1, "momentum": 0.9})
    opt_case(
        "Momentum_nesterov",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9, "use_nesterov": True},
    )
    opt_case(
        "Momentum_weight_decay",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01},
    )
    opt_case(
        "Momentum_lr_list",
        "nn.Momentum",
        {"learning_rate": [0.1, 0.05, 0.01], "momentum": 0.9},
        notes="learning_rate as a per-step list (dynamic lr indexed by global_step)",
    )
    opt_case(
        "Momentum_groups",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9},
        groups=[{"params": ["weight"], "weight_decay": 0.01, "lr": 0.05}, {"params": ["bias"]}],
        notes="group params: spec['params'] lists groups with param names",
    )
    opt_case("SGD_plain", "nn.SGD", {"learning_rate": 0.1})
    opt_case("SGD_momentum", "nn.SGD", {"learning_rate": 0.1, "momentum": 0.9})
    opt_case("SGD_dampening", "nn.SGD", {"learning_rate": 0.1, "momentum": 0.9, "dampening": 0.1})
    opt_case("SGD_nesterov", "nn.SGD", {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True})
    opt_case(
        "SGD_weight_decay",
        "nn.SGD",
        {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01},
    )
    opt_case("Adam", "nn.Adam", {"learning_rate": 0.01})
    opt_case("Adam_default", "nn.Adam", {}, notes="all defaults (learning_rate=1e-3)")
    opt_case("Adam_weight_decay", "nn.Adam", {"learning_rate": 0.01, "weight_decay": 0.01})
    opt_case(
        "Adam_eps_large",
        "nn.Adam",
        {"learning_rate": 0.01, "eps": 0.1},
        notes="large eps exposes where epsilon enters the update",
    )
    opt_case("AdamWeightDecay", "nn.AdamWeightDecay", {"learning_rate": 0.01, "weight_decay": 0.01})
    opt_case(
        "AdamWeightDecay_eps_large",
        "nn.AdamWeightDecay",
        {"learning_rate": 0.01, "weight_decay": 0.01, "eps": 0.1},
    )

    # --- every documented option, not only the defaults --------------------------------------
    opt_case("Adam_nesterov", "nn.Adam", {"learning_rate": 0.01, "use_nesterov": True})
    opt_case("Adam_betas", "nn.Adam", {"learning_rate": 0.01, "beta1": 0.5, "beta2": 0.9})
    opt_case(
        "Adam_loss_scale",
        "nn.Adam",
        {"learning_rate": 0.01, "loss_scale": 4.0, "weight_decay": 0.01},
        notes="gradients are divided by loss_scale; weight decay is added to the scaled grad",
    )
    opt_case("Adam_use_locking", "nn.Adam", {"learning_rate": 0.01, "use_locking": True})
    opt_case(
        "Adam_dynamic_lr",
        "nn.Adam",
        {"learning_rate": {"api": "nn.CosineDecayLR", "args": [0.001, 0.01, 3]}},
        notes="learning_rate is a LearningRateSchedule cell, evaluated at global_step",
    )
    opt_case(
        "Adam_groups_gc",
        "nn.Adam",
        {"learning_rate": 0.01},
        groups=[
            {"params": ["weight"], "grad_centralization": True, "weight_decay": 0.01},
            {"params": ["bias"], "lr": 0.05},
        ],
    )
    opt_case(
        "Momentum_loss_scale",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9, "loss_scale": 8.0, "weight_decay": 0.01},
    )
    opt_case(
        "Momentum_dynamic_lr",
        "nn.Momentum",
        {
            "learning_rate": {"api": "nn.ExponentialDecayLR", "args": [0.1, 0.5, 1]},
            "momentum": 0.9,
        },
    )
    opt_case(
        "Momentum_dynamic_weight_decay",
        "nn.Momentum",
        {
            "learning_rate": 0.1,
            "momentum": 0.9,
            "weight_decay": {"api": "nn.PolynomialDecayLR", "args": [0.5, 0.1, 2, 1.0]},
        },
        notes="weight_decay as a schedule cell (global_step 0 then 1)",
    )
    opt_case(
        "Momentum_groups_gc",
        "nn.Momentum",
        {"learning_rate": 0.1, "momentum": 0.9},
        groups=[{"params": ["weight"], "grad_centralization": True}, {"params": ["bias"]}],
    )
    opt_case(
        "SGD_loss_scale",
        "nn.SGD",
        {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01, "loss_scale": 4.0},
    )
    opt_case(
        "SGD_nesterov_weight_decay",
        "nn.SGD",
        {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True, "weight_decay": 0.1},
    )
    opt_case(
        "SGD_lr_list",
        "nn.SGD",
        {"learning_rate": [0.1, 0.01], "momentum": 0.5},
    )
    opt_case(
        "SGD_groups_gc",
        "nn.SGD",
        {"learning_rate": 0.1, "momentum": 0.9},
        groups=[
            {"params": ["weight"], "grad_centralization": True, "lr": 0.05},
            {"params": ["bias"], "weight_decay": 0.1},
        ],
    )
    opt_case(
        "AdamWeightDecay_betas",
        "nn.AdamWeightDecay",
        {"learning_rate": 0.01, "beta1": 0.5, "beta2": 0.9, "weight_decay": 0.1},
    )
    opt_case(
        "AdamWeightDecay_dynamic_lr",
        "nn.AdamWeightDecay",
        {"learning_rate": {"api": "nn.WarmUpLR", "args": [0.01, 2]}, "weight_decay": 0.01},
    )

    # grad_centralization applies only to matrices whose second dimension is a multiple of 16;
    # MindSpore 2.10's CPU build has no Centralization kernel ("Unsupported op [Centralization]
    # on CPU"), so the *_groups_gc cases above (4 columns) record the groups that skip it, and
    # tests/nn/test_optim.py checks the centralized form against its definition.


GROUPS = {"optim": optim_cases}


if __name__ == "__main__":
    raise SystemExit(run_groups(GROUPS))
