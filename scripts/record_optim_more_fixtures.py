"""Record MindSpore 2.10's optimizer primitives (``ops.Apply*``, ``ops.SparseApply*``, ``ops.Fused*``,
``ops.Adam``, ...) and the optimizers Lamb, LARS, FTRL, ProximalAdagrad, LazyAdam, AdaFactor and
AdamOffload into ``tests/fixtures/ms/optim_more/``.

Run with a Python that has a real MindSpore 2.10 CPU build (not run by CI)::

    $DEEPSINK_MINDSPORE_PYTHON scripts/record_optim_more_fixtures.py [prims] [nn]

``prims/<case>.npz``: ``__build__`` (the primitive, an expression over ``P`` =
``mindspore.ops.operations``), ``kinds`` (per input: ``P`` Parameter, ``T`` Tensor, ``f`` float,
``i`` int), ``in<i>`` (the inputs), ``out<j>`` (what the call returned), ``after<i>`` (each
Parameter input after the call) or ``__error__`` (the exception type's name).
``nn/<case>.npz``: ``__build__`` (an expression over ``nn`` and ``ps``, two Parameters ``w``, ``b``),
``w0``, ``b0``, ``gw<k>``, ``gb<k>`` and ``step<k>/<state name>`` after each of three steps;
``ckpt/<case>.ckpt``: MindSpore's checkpoint of the optimizer after the first step (cases in
``CKPT``).
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn
from mindspore.ops import operations as P

ROOT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "optim_more"
F32 = np.float32


def _rng(name: str) -> np.random.RandomState:
    return np.random.RandomState(zlib.crc32(name.encode()) % (2**31))


def _u(rng, shape, lo=-1.0, hi=1.0, dtype=F32):
    return rng.uniform(lo, hi, shape).astype(dtype)


def prim_cases() -> dict:
    """name -> (build expression, [(kind, value), ...]) with seeded inputs."""
    c: dict = {}

    def add(name, build, make):
        rng = _rng("prims/" + name)
        c[name] = (build, make(rng))

    S = (3, 2)
    pos = lambda r, s=S: _u(r, s, 0.1, 1.0)  # noqa: E731
    add(
        "ApplyAdaMax",
        "P.ApplyAdaMax()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("f", 0.9),
            ("f", 0.01),
            ("f", 0.9),
            ("f", 0.999),
            ("f", 1e-8),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyAdadelta",
        "P.ApplyAdadelta()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", pos(r)),
            ("f", 0.1),
            ("f", 0.9),
            ("f", 1e-6),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyAdagrad",
        "P.ApplyAdagrad()",
        lambda r: [("P", _u(r, S)), ("P", pos(r)), ("f", 0.1), ("T", _u(r, S))],
    )
    add(
        "ApplyAdagrad_no_slots",
        "P.ApplyAdagrad(update_slots=False)",
        lambda r: [("P", _u(r, S)), ("P", pos(r)), ("f", 0.1), ("T", _u(r, S))],
    )
    add(
        "ApplyAdagradDA",
        "P.ApplyAdagradDA()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("T", _u(r, S)),
            ("f", 0.1),
            ("f", 0.05),
            ("f", 0.02),
            ("i", 3),
        ],
    )
    add(
        "ApplyAdagradDA_l1_zero",
        "P.ApplyAdagradDA()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("T", _u(r, S)),
            ("f", 0.1),
            ("f", 0.0),
            ("f", 0.02),
            ("i", 2),
        ],
    )
    add(
        "ApplyAdagradV2",
        "P.ApplyAdagradV2(epsilon=1e-3)",
        lambda r: [("P", _u(r, S)), ("P", pos(r)), ("f", 0.1), ("T", _u(r, S))],
    )
    add(
        "ApplyAdamWithAmsgrad",
        "P.ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.99, epsilon=1e-6)",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", pos(r)),
            ("T", np.array(0.81, F32)),
            ("T", np.array(0.98, F32)),
            ("T", np.array(0.01, F32)),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyAdamWithAmsgradV2",
        "P.ApplyAdamWithAmsgradV2()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", pos(r)),
            ("f", 0.81),
            ("f", 0.98),
            ("f", 0.01),
            ("f", 0.9),
            ("f", 0.99),
            ("f", 1e-6),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyAddSign",
        "P.ApplyAddSign()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("f", 0.01),
            ("f", 1.0),
            ("f", 0.99),
            ("f", 0.9),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyCenteredRMSProp",
        "P.ApplyCenteredRMSProp()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S, -0.1, 0.1)),
            ("P", pos(r)),
            ("P", _u(r, S)),
            ("T", _u(r, S)),
            ("f", 0.01),
            ("f", 0.9),
            ("f", 0.5),
            ("f", 1e-6),
        ],
    )
    add(
        "ApplyFtrl",
        "P.ApplyFtrl()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", _u(r, S)),
            ("T", _u(r, S)),
            ("f", 0.01),
            ("f", 0.0),
            ("f", 0.0),
            ("f", -0.5),
        ],
    )
    add(
        "ApplyFtrl_l1_l2",
        "P.ApplyFtrl()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", _u(r, S)),
            ("T", _u(r, S)),
            ("f", 0.01),
            ("f", 0.1),
            ("f", 0.2),
            ("f", -0.5),
        ],
    )
    add(
        "ApplyFtrl_power",
        "P.ApplyFtrl()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", _u(r, S)),
            ("T", _u(r, S)),
            ("f", 0.01),
            ("f", 0.01),
            ("f", 0.02),
            ("f", -0.3),
        ],
    )
    add(
        "ApplyGradientDescent",
        "P.ApplyGradientDescent()",
        lambda r: [("P", _u(r, S)), ("f", 0.1), ("T", _u(r, S))],
    )
    add(
        "ApplyKerasMomentum",
        "P.ApplyKerasMomentum()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("T", np.array(0.01, F32)),
            ("T", _u(r, S)),
            ("T", np.array(0.9, F32)),
        ],
    )
    add(
        "ApplyKerasMomentum_nesterov",
        "P.ApplyKerasMomentum(use_nesterov=True)",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("T", np.array(0.01, F32)),
            ("T", _u(r, S)),
            ("T", np.array(0.9, F32)),
        ],
    )
    add(
        "ApplyPowerSign",
        "P.ApplyPowerSign()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("f", 0.01),
            ("f", np.e),
            ("f", 0.99),
            ("f", 0.9),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyProximalAdagrad",
        "P.ApplyProximalAdagrad()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("f", 0.1),
            ("f", 0.05),
            ("f", 0.1),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyProximalAdagrad_l1_zero",
        "P.ApplyProximalAdagrad()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("f", 0.1),
            ("f", 0.0),
            ("f", 0.1),
            ("T", _u(r, S)),
        ],
    )
    add(
        "ApplyProximalGradientDescent",
        "P.ApplyProximalGradientDescent()",
        lambda r: [("P", _u(r, S)), ("f", 0.1), ("f", 0.05), ("f", 0.1), ("T", _u(r, S))],
    )
    add(
        "ApplyRMSProp",
        "P.ApplyRMSProp()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("P", _u(r, S)),
            ("f", 0.01),
            ("T", _u(r, S)),
            ("f", 0.9),
            ("f", 0.5),
            ("f", 1e-6),
        ],
    )
    V, G = (5, 2), (3, 2)
    idx = lambda: ("T", np.array([0, 3, 1], np.int32))  # noqa: E731
    dup = lambda: ("T", np.array([0, 3, 0], np.int32))  # noqa: E731
    perm = lambda: ("T", np.array([4, 0, 3, 1, 2], np.int32))  # noqa: E731
    pdup = lambda: ("T", np.array([0, 0, 1, 2, 3], np.int32))  # noqa: E731
    for tag, ix, full in (("", idx, perm), ("_dup", dup, pdup)):
        add(
            "SparseApplyAdadelta" + tag,
            "P.SparseApplyAdadelta(epsilon=1e-6)",
            lambda r, full=full: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("P", pos(r, V)),
                ("f", 0.1),
                ("f", 0.9),
                ("T", _u(r, V)),
                full(),
            ],
        )
        add(
            "SparseApplyAdagrad" + tag,
            "P.SparseApplyAdagrad(lr=0.1)",
            lambda r, ix=ix: [("P", _u(r, V)), ("P", pos(r, V)), ("T", _u(r, G)), ix()],
        )
        add(
            "SparseApplyAdagradV2" + tag,
            "P.SparseApplyAdagradV2(lr=0.1, epsilon=1e-3)",
            lambda r, ix=ix: [("P", _u(r, V)), ("P", pos(r, V)), ("T", _u(r, G)), ix()],
        )
        add(
            "SparseApplyFtrl" + tag,
            "P.SparseApplyFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5)",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("P", _u(r, V)),
                ("T", _u(r, G)),
                ix(),
            ],
        )
        add(
            "SparseApplyFtrlV2" + tag,
            "P.SparseApplyFtrlV2(lr=0.01, l1=0.1, l2=0.2, l2_shrinkage=0.05, lr_power=-0.5)",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("P", _u(r, V)),
                ("T", _u(r, G)),
                ix(),
            ],
        )
        add(
            "SparseApplyProximalAdagrad" + tag,
            "P.SparseApplyProximalAdagrad()",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("f", 0.1),
                ("f", 0.05),
                ("f", 0.1),
                ("T", _u(r, G)),
                ix(),
            ],
        )
        add(
            "SparseApplyRMSProp" + tag,
            "P.SparseApplyRMSProp(rho=0.9, momentum=0.5, epsilon=1e-6)",
            lambda r, full=full: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("P", _u(r, V)),
                ("f", 0.01),
                ("T", _u(r, V)),
                full(),
            ],
        )
        add(
            "FusedSparseAdam" + tag,
            "P.FusedSparseAdam()",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("T", np.array(0.81, F32)),
                ("T", np.array(0.98, F32)),
                ("T", np.array(0.01, F32)),
                ("T", np.array(0.9, F32)),
                ("T", np.array(0.99, F32)),
                ("T", np.array(1e-6, F32)),
                ("T", _u(r, G)),
                ix(),
            ],
        )
        add(
            "FusedSparseLazyAdam" + tag,
            "P.FusedSparseLazyAdam()",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("T", np.array(0.81, F32)),
                ("T", np.array(0.98, F32)),
                ("T", np.array(0.01, F32)),
                ("T", np.array(0.9, F32)),
                ("T", np.array(0.99, F32)),
                ("T", np.array(1e-6, F32)),
                ("T", _u(r, G)),
                ix(),
            ],
        )
        add(
            "FusedSparseFtrl" + tag,
            "P.FusedSparseFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5)",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("P", _u(r, V)),
                ("T", _u(r, G)),
                ix(),
            ],
        )
        add(
            "FusedSparseProximalAdagrad" + tag,
            "P.FusedSparseProximalAdagrad()",
            lambda r, ix=ix: [
                ("P", _u(r, V)),
                ("P", pos(r, V)),
                ("T", np.array(0.1, F32)),
                ("T", np.array(0.05, F32)),
                ("T", np.array(0.1, F32)),
                ("T", _u(r, G)),
                ix(),
            ],
        )
    adam_in = lambda r: [  # noqa: E731
        ("P", _u(r, S)),
        ("P", _u(r, S)),
        ("P", pos(r)),
        ("f", 0.81),
        ("f", 0.98),
        ("f", 0.01),
        ("f", 0.9),
        ("f", 0.99),
        ("f", 1e-6),
        ("T", _u(r, S)),
    ]
    add("Adam", "P.Adam()", adam_in)
    add("Adam_nesterov", "P.Adam(use_nesterov=True)", adam_in)
    add(
        "AdamNoUpdateParam",
        "P.AdamNoUpdateParam()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("T", np.array(0.81, F32)),
            ("T", np.array(0.98, F32)),
            ("T", np.array(0.01, F32)),
            ("T", np.array(0.9, F32)),
            ("T", np.array(0.99, F32)),
            ("T", np.array(1e-6, F32)),
            ("T", _u(r, S)),
        ],
    )
    add(
        "AdamWeightDecay",
        "P.AdamWeightDecay()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("f", 0.01),
            ("f", 0.9),
            ("f", 0.99),
            ("f", 1e-6),
            ("f", 0.1),
            ("T", _u(r, S)),
        ],
    )
    add(
        "FusedCastAdamWeightDecay",
        "P.FusedCastAdamWeightDecay()",
        lambda r: [
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("P", pos(r)),
            ("f", 0.01),
            ("f", 0.9),
            ("f", 0.99),
            ("f", 1e-6),
            ("f", 0.1),
            ("T", _u(r, S, dtype=np.float16)),
            ("T", np.array(2.0, F32)),
        ],
    )
    for tag, stat in (("_first", 1.0), ("_later", 0.0)):
        add(
            "SGD" + tag,
            "P.SGD(dampening=0.1, weight_decay=0.01, nesterov=False)",
            lambda r, stat=stat: [
                ("P", _u(r, S)),
                ("T", _u(r, S)),
                ("T", np.array(0.1, F32)),
                ("P", _u(r, S)),
                ("T", np.array(0.9, F32)),
                ("P", np.full(S, stat, F32)),
            ],
        )
    add(
        "SGD_nesterov",
        "P.SGD(weight_decay=0.01, nesterov=True)",
        lambda r: [
            ("P", _u(r, S)),
            ("T", _u(r, S)),
            ("T", np.array(0.1, F32)),
            ("P", _u(r, S)),
            ("T", np.array(0.9, F32)),
            ("P", np.zeros(S, F32)),
        ],
    )

    def lars(r, clip=False):
        w, g = _u(r, S), _u(r, S)
        return [
            ("T", w),
            ("T", g),
            ("T", np.array((w**2).sum(), F32)),
            ("T", np.array((g**2).sum(), F32)),
            ("f", 0.01),
            ("f", 0.1),
        ]

    add("LARSUpdate", "P.LARSUpdate()", lars)
    add("LARSUpdate_clip", "P.LARSUpdate(epsilon=1e-4, hyperpara=0.01, use_clip=True)", lars)
    add(
        "FusedWeightScaleApplyMomentum",
        "P.FusedWeightScaleApplyMomentum()",
        lambda r: [
            ("T", np.array(0.01, F32)),
            ("T", np.array(2.0, F32)),
            ("P", _u(r, S)),
            ("P", _u(r, S)),
            ("f", 0.1),
            ("T", _u(r, S)),
            ("f", 0.9),
        ],
    )

    def adafactor(r, global_norm=None, shape=(3, 4)):
        rows, cols = shape
        out = [
            ("T", np.array([1e-30, 1e-3], F32)),
            ("f", 1.0),
            ("f", 0.9),
            ("f", 0.8),
            ("f", 0.01),
            ("f", 0.1),
            ("T", _u(r, shape)),
            ("P", _u(r, shape)),
            ("P", _u(r, shape, -0.1, 0.1)),
            ("P", pos(r, (rows,))),
            ("P", pos(r, (cols,))),
            ("P", pos(r, shape)),
        ]
        return out + ([("T", np.array(global_norm, F32))] if global_norm else [])

    add("FusedAdaFactor", "P.FusedAdaFactor()", adafactor)
    add(
        "FusedAdaFactor_all",
        "P.FusedAdaFactor(enable_scale_parameter=True, enable_first_moment=True, "
        "enable_weight_decay=True)",
        adafactor,
    )
    add(
        "FusedAdaFactorWithGlobalNorm",
        "P.FusedAdaFactorWithGlobalNorm(enable_first_moment=True)",
        lambda r: adafactor(r, global_norm=2.0),
    )
    return c


def _value(kind, v):
    if kind == "P":
        return Parameter(Tensor(v.copy()), name="p" + str(id(v)))
    if kind == "T":
        return Tensor(v.copy())
    return float(v) if kind == "f" else int(v)


def record_prims(only=None) -> None:
    (ROOT / "prims").mkdir(parents=True, exist_ok=True)
    for name, (build, inputs) in prim_cases().items():
        if only and name not in only:
            continue
        out = {"__build__": np.array(build), "kinds": np.array("".join(k for k, _ in inputs))}
        for i, (_, v) in enumerate(inputs):
            out[f"in{i}"] = np.asarray(v)
        try:
            prim = eval(build, {"P": P})  # noqa: S307
            args = [_value(k, v) for k, v in inputs]
            res = prim(*args)
            res = res if isinstance(res, tuple | list) else (res,)
            for j, r in enumerate(res):
                out[f"out{j}"] = r.asnumpy().copy()
            for i, (k, _) in enumerate(inputs):
                if k == "P":
                    out[f"after{i}"] = args[i].asnumpy().copy()
            print("[ok]", name)
        except Exception as e:  # noqa: BLE001
            out["__error__"] = np.array(type(e).__name__)
            print("[error]", name, type(e).__name__, str(e).splitlines()[0][:160])
        np.savez(ROOT / "prims" / f"{name}.npz", **out)


NN = {
    "Lamb": "nn.Lamb(ps, learning_rate=0.01)",
    "Lamb_wd": "nn.Lamb(ps, learning_rate=0.01, beta1=0.8, beta2=0.95, eps=1e-5, weight_decay=0.1)",
    "Lamb_groups": "nn.Lamb([{'params': [ps[0]], 'weight_decay': 0.05, 'lr': 0.02},"
    " {'params': [ps[1]]}], learning_rate=0.01)",
    "LARS_momentum": "nn.LARS(nn.Momentum(ps, 0.1, 0.9))",
    "LARS_clip": "nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01), epsilon=1e-4,"
    " coefficient=0.01, use_clip=True)",
    "LARS_wd": "nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01))",
    "FTRL": "nn.FTRL(ps)",
    "FTRL_l1_l2": "nn.FTRL(ps, initial_accum=0.2, learning_rate=0.01, lr_power=-0.3, l1=0.01,"
    " l2=0.02, weight_decay=0.01)",
    "ProximalAdagrad": "nn.ProximalAdagrad(ps)",
    "ProximalAdagrad_l1_l2": "nn.ProximalAdagrad(ps, accum=0.2, learning_rate=0.05, l1=0.01,"
    " l2=0.02, weight_decay=0.01)",
    "ProximalAdagrad_dynamic": "nn.ProximalAdagrad(ps, learning_rate=[0.1, 0.05, 0.02])",
    "LazyAdam": "nn.LazyAdam(ps)",
    "LazyAdam_opts": "nn.LazyAdam(ps, learning_rate=0.01, beta1=0.8, beta2=0.95, eps=1e-6,"
    " use_nesterov=True, weight_decay=0.01)",
    "AdaFactor": "nn.AdaFactor(ps)",
    "AdaFactor_lr": "nn.AdaFactor(ps, learning_rate=0.01, relative_step=False, scale_parameter=False,"
    " warmup_init=False)",
    "AdaFactor_beta1": "nn.AdaFactor(ps, learning_rate=0.01, beta1=0.9, relative_step=False,"
    " weight_decay=0.01)",
    "AdaFactor_relative": "nn.AdaFactor(ps, learning_rate=None, relative_step=True,"
    " warmup_init=True)",
    "AdamOffload": "nn.AdamOffload(ps, learning_rate=0.01)",
    "AdamOffload_groups": "nn.AdamOffload([{'params': [ps[0]], 'lr': 0.02, 'weight_decay': 0.1},"
    " {'params': [ps[1]]}], learning_rate=0.01)",
    "ProximalAdagrad_groups": "nn.ProximalAdagrad([{'params': [ps[0]], 'lr': 0.2,"
    " 'weight_decay': 0.05}, {'params': [ps[1]], 'grad_centralization': True}], learning_rate=0.1,"
    " l1=0.01)",
    "FTRL_groups": "nn.FTRL([{'params': [ps[0]], 'weight_decay': 0.05}, {'params': [ps[1]]}],"
    " learning_rate=0.05, loss_scale=2.0)",
    "LazyAdam_groups": "nn.LazyAdam([{'params': [ps[0]], 'lr': 0.02}, {'params': [ps[1]],"
    " 'weight_decay': 0.1}], learning_rate=0.01, loss_scale=4.0)",
    "AdaFactor_dynamic_lr": "nn.AdaFactor(ps, learning_rate=[0.05, 0.02, 0.01], relative_step=False,"
    " beta1=0.0, weight_decay=0.1)",
    "Adam_amsgrad": "nn.Adam(ps, learning_rate=0.01, use_amsgrad=True, weight_decay=0.01)",
    "Adam_offload": "nn.Adam(ps, learning_rate=0.01, use_nesterov=True, use_offload=True)",
    "AdamWeightDecay_groups": "nn.AdamWeightDecay([{'params': [ps[0]], 'weight_decay': 0.1},"
    " {'params': [ps[1]], 'lr': 0.02}], learning_rate=0.01)",
}


# the optimizer's whole state after the first step, saved by MindSpore (``ckpt/<case>.ckpt``)
CKPT = (
    "FTRL_groups",
    "ProximalAdagrad_l1_l2",
    "LazyAdam_opts",
    "AdaFactor",
    "Adam_amsgrad",
    "AdamOffload",
)


def record_nn(only=None) -> None:
    (ROOT / "nn").mkdir(parents=True, exist_ok=True)
    for name, build in NN.items():
        if only and name not in only:
            continue
        rng = _rng("nn/" + name)
        w0 = rng.uniform(-1, 1, (3, 4)).astype(F32)
        b0 = rng.uniform(-1, 1, (4,)).astype(F32)
        grads = [
            (rng.uniform(-1, 1, (3, 4)).astype(F32), rng.uniform(-1, 1, (4,)).astype(F32))
            for _ in range(3)
        ]
        out = {"__build__": np.array(build), "w0": w0, "b0": b0}
        try:
            ps = [Parameter(Tensor(w0.copy()), name="w"), Parameter(Tensor(b0.copy()), name="b")]
            opt = eval(build, {"nn": nn, "ps": ps})  # noqa: S307
            for k, (gw, gb) in enumerate(grads):
                out[f"gw{k}"], out[f"gb{k}"] = gw, gb
                opt((Tensor(gw.copy()), Tensor(gb.copy())))
                for pname, p in opt.parameters_and_names():
                    out[f"step{k}/{pname}"] = p.asnumpy().copy()
                if k == 0 and name in CKPT:
                    (ROOT / "ckpt").mkdir(parents=True, exist_ok=True)
                    ms.save_checkpoint(opt, str(ROOT / "ckpt" / f"{name}.ckpt"))
            np.savez(ROOT / "nn" / f"{name}.npz", **out)
            print("[ok]", name)
        except Exception as e:  # noqa: BLE001
            print("[FAIL]", name, type(e).__name__, str(e).splitlines()[0][:200])


if __name__ == "__main__":
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    groups = [a for a in sys.argv[1:] if a in ("prims", "nn")] or ["prims", "nn"]
    only = [a for a in sys.argv[1:] if a not in ("prims", "nn")]
    if "prims" in groups:
        record_prims(only)
    if "nn" in groups:
        record_nn(only)
