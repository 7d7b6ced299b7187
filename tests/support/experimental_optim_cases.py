"""The cases of ``tests/experimental/test_optim.py``: each takes the framework module (MindSpore
2.10 when ``scripts/record_experimental_optim.py`` records them, deepsink in the test) and
returns plain lists, so one definition gives both the fixture and the value compared with it."""

from __future__ import annotations

import numpy as np

STEPS = 8


def _params(ms):
    w = ms.Parameter(ms.Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)), name="w")
    b = ms.Parameter(ms.Tensor(np.array([0.5, -0.25, 2.0], np.float32)), name="b")
    return w, b


def _grads(ms, step):
    gw = np.sin(np.arange(6, dtype=np.float32) + step).reshape(2, 3)
    gb = np.cos(np.arange(3, dtype=np.float32) * 2 + step)
    return (ms.Tensor(gw.astype(np.float32)), ms.Tensor(gb.astype(np.float32)))


OPTIMIZERS = {
    "adam": ("Adam", {"lr": 0.1}),
    "adam_wd_maximize": ("Adam", {"lr": 0.05, "weight_decay": 0.1, "maximize": True}),
    "adam_amsgrad": ("Adam", {"lr": 0.1, "amsgrad": True}),
    "adamw": ("AdamW", {"lr": 0.1}),
    "adamw_amsgrad": ("AdamW", {"lr": 0.1, "weight_decay": 0.3, "amsgrad": True}),
    "sgd": ("SGD", {"lr": 0.1}),
    "sgd_momentum": ("SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.2, "weight_decay": 0.01}),
    "sgd_nesterov": ("SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True}),
    "adamax": ("Adamax", {"lr": 0.1, "weight_decay": 0.1}),
    "adagrad": ("Adagrad", {"lr": 0.1, "lr_decay": 0.5, "initial_accumulator_value": 0.2}),
    "adadelta": ("Adadelta", {"lr": 0.5, "rho": 0.8, "weight_decay": 0.1}),
    "rmsprop": ("RMSprop", {"lr": 0.05}),
    "rmsprop_centered_momentum": (
        "RMSprop",
        {"lr": 0.05, "momentum": 0.5, "centered": True, "maximize": True},
    ),
    "asgd": ("ASGD", {"lr": 0.1, "lambd": 0.1, "t0": 1.0, "weight_decay": 0.05}),
    "nadam": ("NAdam", {"lr": 0.1, "weight_decay": 0.1, "momentum_decay": 0.1}),
    "radam": ("RAdam", {"lr": 0.1}),
    "rprop": ("Rprop", {"lr": 0.1, "etas": (0.4, 1.5), "step_sizes": (0.01, 0.12)}),
    "rprop_maximize": ("Rprop", {"lr": 0.05, "maximize": True}),
}


def optimizer_steps(ms, optim, name, groups=False):
    """The parameters after each of ``STEPS`` steps (two groups with their own ``lr`` and
    ``weight_decay`` when ``groups``)."""
    cls_name, kwargs = OPTIMIZERS[name]
    w, b = _params(ms)
    if groups:
        params = [{"params": [w]}, {"params": [b], "lr": 0.01, "weight_decay": 0.5}]
    else:
        params = [w, b]
    opt = getattr(optim, cls_name)(params, **kwargs)
    out = []
    for step in range(STEPS):
        opt(_grads(ms, step))
        out.append([w.asnumpy().tolist(), b.asnumpy().tolist()])
    return out


SCHEDULERS = {
    "StepLR": lambda s, o: s.StepLR(o, step_size=2, gamma=0.5),
    "MultiStepLR": lambda s, o: s.MultiStepLR(o, milestones=[2, 5, 5], gamma=0.5),
    "ExponentialLR": lambda s, o: s.ExponentialLR(o, gamma=0.8),
    "PolynomialLR": lambda s, o: s.PolynomialLR(o, total_iters=4, power=2.0),
    "LambdaLR": lambda s, o: s.LambdaLR(o, lr_lambda=lambda e: 0.9**e + 0.1),
    "MultiplicativeLR": lambda s, o: s.MultiplicativeLR(o, lr_lambda=lambda e: 0.9),
    "ConstantLR": lambda s, o: s.ConstantLR(o, factor=0.5, total_iters=3),
    "LinearLR": lambda s, o: s.LinearLR(o, start_factor=0.25, end_factor=1.0, total_iters=4),
    "CosineAnnealingLR": lambda s, o: s.CosineAnnealingLR(o, T_max=3, eta_min=0.01),
    "CosineAnnealingWarmRestarts": lambda s, o: s.CosineAnnealingWarmRestarts(
        o, T_0=3, T_mult=2, eta_min=0.001
    ),
    "CyclicLR": lambda s, o: s.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=2),
    "CyclicLR_triangular2": lambda s, o: s.CyclicLR(
        o, base_lr=0.01, max_lr=0.1, step_size_up=2, step_size_down=3, mode="triangular2"
    ),
    "CyclicLR_exp_range": lambda s, o: s.CyclicLR(
        o, base_lr=[0.01, 0.02], max_lr=0.1, step_size_up=2, mode="exp_range", gamma=0.9
    ),
    "SequentialLR": lambda s, o: s.SequentialLR(
        o,
        schedulers=[s.ConstantLR(o, factor=0.1, total_iters=2), s.ExponentialLR(o, gamma=0.9)],
        milestones=[2],
    ),
}
EPOCHS = 9


def scheduler_lrs(ms, optim, name):
    """``get_last_lr()`` after construction and after each of ``EPOCHS`` steps, for an SGD with
    two groups (lr 0.1 and 0.05), and the parameter after one step at the final rate."""
    w, b = _params(ms)
    opt = optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.05}], lr=0.1)
    sched = SCHEDULERS[name](optim.lr_scheduler, opt)
    out = [[float(v.asnumpy()) for v in sched.get_last_lr()]]
    for _ in range(EPOCHS):
        sched.step()
        out.append([float(v.asnumpy()) for v in sched.get_last_lr()])
    opt(_grads(ms, 0))
    return {"lrs": out, "b": b.asnumpy().tolist()}


CLOSED_FORM = [
    "StepLR",
    "ExponentialLR",
    "PolynomialLR",
    "ConstantLR",
    "LinearLR",
    "CosineAnnealingLR",
    "CosineAnnealingWarmRestarts",
]


def scheduler_closed_form(ms, optim, name):
    """``step(epoch)`` for epochs 5, 2, 7: the closed-form rates."""
    w, b = _params(ms)
    opt = optim.SGD([w, b], lr=0.1)
    sched = SCHEDULERS[name](optim.lr_scheduler, opt)
    out = []
    for e in (5, 2, 7):
        sched.step(e)
        out.append([float(v.asnumpy()) for v in sched.get_last_lr()])
    return out


PLATEAU = {
    "min_rel": dict(mode="min", factor=0.5, patience=1),
    "max_abs_cooldown": dict(
        mode="max",
        factor=0.5,
        patience=0,
        threshold=0.1,
        threshold_mode="abs",
        cooldown=2,
        min_lr=0.02,
    ),
}
METRICS = [1.0, 0.9, 0.95, 0.95, 0.96, 0.5, 0.6, 0.7, 0.7, 0.2]


def plateau_lrs(ms, optim, name):
    w, b = _params(ms)
    opt = optim.Adam([w, b], lr=0.1)
    sched = optim.lr_scheduler.ReduceLROnPlateau(opt, **PLATEAU[name])
    out = []
    for m in METRICS:
        sched.step(ms.Tensor(np.float32(m)))
        out.append([float(v.asnumpy()) for v in sched.get_last_lr()])
    return out


def all_cases(ms, optim):
    """Every case's result by name (a failing case is its error)."""
    cases = {}
    for n in OPTIMIZERS:
        cases[f"optim/{n}"] = lambda n=n: optimizer_steps(ms, optim, n)
        cases[f"optim/{n}/groups"] = lambda n=n: optimizer_steps(ms, optim, n, groups=True)
    for n in SCHEDULERS:
        cases[f"sched/{n}"] = lambda n=n: scheduler_lrs(ms, optim, n)
    for n in CLOSED_FORM:
        cases[f"closed/{n}"] = lambda n=n: scheduler_closed_form(ms, optim, n)
    for n in PLATEAU:
        cases[f"plateau/{n}"] = lambda n=n: plateau_lrs(ms, optim, n)
    return cases
