"""The optimizer primitives (``ops.ApplyFtrl``, ``ops.SparseApplyAdagrad``, ``ops.Adam``, ...)
against MindSpore 2.10 (fixtures by ``scripts/record_optim_more_fixtures.py``): the Parameters
after one call, and the outputs where MindSpore's CPU kernel returns the updated values.

The primitives MindSpore 2.10 has no CPU kernel for (ApplyKerasMomentum, SparseApplyAdadelta,
SparseApplyFtrlV2, SparseApplyProximalAdagrad, LARSUpdate, FusedWeightScaleApplyMomentum) are
checked against numpy transcriptions of their documented formulas instead.
"""

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Parameter, Tensor, ops
from deepsink.ops import operations as P

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "optim_more" / "prims"
RECORDED = sorted(p.stem for p in FIX.glob("*.npz") if "__error__" not in np.load(p).files)
NO_CPU_KERNEL = sorted(p.stem for p in FIX.glob("*.npz") if "__error__" in np.load(p).files)


def _inputs(d):
    kinds = str(d["kinds"])
    args = []
    for i, k in enumerate(kinds):
        a = d[f"in{i}"]
        if k == "P":
            args.append(Parameter(Tensor(a.copy()), name=f"p{i}"))
        elif k == "T":
            args.append(Tensor(a.copy()))
        elif k == "f":
            args.append(float(a))
        else:
            args.append(int(a))
    return kinds, args


def test_cases_recorded():
    assert len(RECORDED) >= 40
    assert {"ApplyKerasMomentum", "LARSUpdate", "SparseApplyFtrlV2"} <= set(NO_CPU_KERNEL)


# MindSpore 2.10's CPU kernels that depart from the documented rule (and from the GPU/Ascend
# kernels and TensorFlow's op they follow); deepsink implements the documented rule, checked here
# against a numpy transcription, and the fixture shows the CPU kernel's departure.
CPU_KERNEL_DEPARTS = {
    "ApplyAdagrad_no_slots": "the CPU kernel updates 'accum' even with update_slots=False",
    "ApplyAdagradDA": "the CPU kernel shrinks by sign(a)|a - l1 t| instead of max(|a| - l1 t, 0)",
    "ApplyFtrl_l1_l2": "the CPU kernel uses (l1 - linear) instead of (sign(linear) l1 - linear)",
    "ApplyFtrl_power": "the CPU kernel uses (l1 - linear) instead of (sign(linear) l1 - linear)",
    "SparseApplyAdagradV2": "the CPU kernel adds epsilon inside the square root",
    "SparseApplyAdagradV2_dup": "the CPU kernel adds epsilon inside the square root",
}


def _documented(name, x):
    """The documented rule in numpy (float64) for the cases of CPU_KERNEL_DEPARTS."""
    x = [np.asarray(a, np.float64) for a in x]
    if name == "ApplyAdagrad_no_slots":
        var, acc, lr, g = x
        return {0: var - lr * g / np.sqrt(acc), 1: acc}
    if name == "ApplyAdagradDA":
        var, ga, gsa, g, lr, l1, l2, t = x
        ga, gsa = ga + g, gsa + g * g
        tmp = np.sign(ga) * np.maximum(np.abs(ga) - l1 * t, 0)
        return {0: -lr * tmp / (l2 * t * lr + np.sqrt(gsa)), 1: ga, 2: gsa}
    if name.startswith("ApplyFtrl"):
        var, acc, lin, g, lr, l1, l2, power = x
        return dict(enumerate(_ftrl_np(var, acc, lin, g, lr, l1, l2, power)))
    var, acc, g, idx = x
    idx = idx.astype(int)
    gs = np.zeros_like(var)
    np.add.at(gs, idx, g)
    rows = np.unique(idx)
    var, acc = var.copy(), acc.copy()
    acc[rows] += gs[rows] ** 2
    var[rows] -= 0.1 * gs[rows] / (np.sqrt(acc[rows]) + 1e-3)
    return {0: var, 1: acc}


@pytest.mark.parametrize("name", sorted(CPU_KERNEL_DEPARTS))
def test_documented_rule_where_the_cpu_kernel_departs(name):
    d = np.load(FIX / f"{name}.npz")
    kinds, args = _inputs(d)
    eval(str(d["__build__"]), {"P": P})(*args)  # noqa: S307
    ref = _documented(name, [d[f"in{i}"] for i in range(len(kinds))])
    for i, want in ref.items():
        np.testing.assert_allclose(args[i].asnumpy(), want, rtol=2e-5, atol=1e-6, err_msg=name)
    assert any(not np.allclose(d[f"after{i}"], want, rtol=1e-4) for i, want in ref.items()), (
        f"{name}: MindSpore's CPU kernel now follows the documented rule; drop the exception"
    )


@pytest.mark.parametrize("name", [n for n in RECORDED if n not in CPU_KERNEL_DEPARTS])
def test_matches_mindspore(name):
    d = np.load(FIX / f"{name}.npz")
    kinds, args = _inputs(d)
    prim = eval(str(d["__build__"]), {"P": P})  # noqa: S307
    out = prim(*args)
    outs = out if isinstance(out, tuple) else (out,)
    checked = 0
    for i, k in enumerate(kinds):
        if k == "P":
            np.testing.assert_allclose(
                args[i].asnumpy(),
                d[f"after{i}"],
                rtol=2e-5,
                atol=1e-6,
                err_msg=f"{name}: input {i} after the call",
            )
            checked += 1
    afters = [d[k] for k in d.files if k.startswith("after")]
    for j, o in enumerate(outs):
        ref = d.get(f"out{j}")
        # MindSpore's CPU kernels return placeholders for some outputs: compare real ones only
        if ref is not None and (
            any(np.array_equal(ref, a) for a in afters) or name.startswith("AdamNoUpdateParam")
        ):
            np.testing.assert_allclose(
                o.asnumpy(), ref, rtol=2e-5, atol=1e-6, err_msg=f"{name}: output {j}"
            )
            checked += 1
    assert checked


def test_exported_where_mindspore_has_them():
    from deepsink.ops.operations import nn_ops

    for name in P.optimizer_ops.__all__ if hasattr(P, "optimizer_ops") else []:
        assert getattr(ops, name) is getattr(P, name)
    from deepsink.ops.operations import optimizer_ops

    for name in optimizer_ops.__all__:
        assert getattr(ops, name) is getattr(optimizer_ops, name), name
        assert getattr(P, name) is getattr(optimizer_ops, name), name
        assert getattr(nn_ops, name) is getattr(optimizer_ops, name), name
    from deepsink.ops.operations import inner_ops

    for name in inner_ops.__all__:
        assert getattr(inner_ops, name) is getattr(optimizer_ops, name), name


# --- the primitives without a MindSpore CPU kernel: numpy transcriptions of the documented rules --
def _params(*arrays):
    return [
        Parameter(Tensor(np.asarray(a, np.float32).copy()), name=f"q{i}")
        for i, a in enumerate(arrays)
    ]


def test_keras_momentum():
    rng = np.random.RandomState(0)
    var, acc, g = rng.randn(3, 2), rng.randn(3, 2), rng.randn(3, 2).astype(np.float32)
    for nesterov in (False, True):
        p = _params(var, acc)
        ops.ApplyKerasMomentum(use_nesterov=nesterov)(*p[:1], p[1], 0.1, Tensor(g), 0.9)
        a = acc * 0.9 - g * 0.1
        v = var + a * 0.9 - g * 0.1 if nesterov else var + a
        np.testing.assert_allclose(p[1].asnumpy(), a, rtol=1e-5)
        np.testing.assert_allclose(p[0].asnumpy(), v, rtol=1e-5)


def test_sparse_adadelta_in_index_order():
    rng = np.random.RandomState(1)
    var, acc, upd = rng.randn(4, 2), rng.rand(4, 2) + 0.1, rng.rand(4, 2) + 0.1
    g = rng.randn(3, 2).astype(np.float32)
    idx = np.array([2, 0, 2], np.int32)
    p = _params(var, acc, upd)
    ops.SparseApplyAdadelta(1e-6)(*p, 0.1, 0.9, Tensor(g), Tensor(idx))
    var, acc, upd = var.copy(), acc.copy(), upd.copy()
    for gi, i in zip(g, idx):
        acc[i] = 0.9 * acc[i] + 0.1 * gi * gi
        u = np.sqrt(upd[i] + 1e-6) / np.sqrt(acc[i] + 1e-6) * gi
        upd[i] = 0.9 * upd[i] + 0.1 * u * u
        var[i] -= 0.1 * u
    for q, ref in zip(p, (var, acc, upd)):
        np.testing.assert_allclose(q.asnumpy(), ref, rtol=1e-5)


def _ftrl_np(var, acc, lin, g, lr, l1, l2, power, shrink=0.0):
    acc_new = acc + g * g
    lin = lin + g + 2 * shrink * var - (acc_new**-power - acc**-power) / lr * var
    quad = acc_new**-power / lr + 2 * l2
    var = np.where(np.abs(lin) > l1, (np.sign(lin) * l1 - lin) / quad, 0.0)
    return var, acc_new, lin


def test_sparse_ftrl_v2():
    rng = np.random.RandomState(2)
    var, acc, lin = rng.randn(4, 2), rng.rand(4, 2) + 0.1, rng.randn(4, 2)
    g = rng.randn(2, 2).astype(np.float32)
    idx = np.array([3, 1], np.int32)
    p = _params(var, acc, lin)
    ops.SparseApplyFtrlV2(0.01, 0.1, 0.2, 0.05, -0.5)(*p, Tensor(g), Tensor(idx))
    refs = [x.copy() for x in (var, acc, lin)]
    new = _ftrl_np(var[idx], acc[idx], lin[idx], g, 0.01, 0.1, 0.2, -0.5, 0.05)
    for r, n in zip(refs, new):
        r[idx] = n
    for q, ref in zip(p, refs):
        np.testing.assert_allclose(q.asnumpy(), ref, rtol=1e-5, atol=1e-7)


def test_sparse_proximal_adagrad():
    rng = np.random.RandomState(3)
    var, acc = rng.randn(4, 2), rng.rand(4, 2) + 0.1
    g = rng.randn(3, 2).astype(np.float32)
    idx = np.array([0, 2, 0], np.int32)
    p = _params(var, acc)
    ops.SparseApplyProximalAdagrad()(*p, 0.1, 0.05, 0.1, Tensor(g), Tensor(idx))
    var, acc = var.copy(), acc.copy()
    rows = np.unique(idx)
    gs = np.zeros_like(var)
    np.add.at(gs, idx, g)
    acc[rows] += gs[rows] ** 2
    lr_t = 0.1 / np.sqrt(acc[rows])
    prox = var[rows] - lr_t * gs[rows]
    var[rows] = np.sign(prox) / (1 + lr_t * 0.1) * np.maximum(np.abs(prox) - lr_t * 0.05, 0)
    np.testing.assert_allclose(p[0].asnumpy(), var, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(p[1].asnumpy(), acc, rtol=1e-5)


@pytest.mark.parametrize("clip", [False, True])
def test_lars_update(clip):
    rng = np.random.RandomState(4)
    w, g = rng.randn(3, 2).astype(np.float32), rng.randn(3, 2).astype(np.float32)
    nw, ng = (w**2).sum(), (g**2).sum()
    out = ops.LARSUpdate(1e-5, 0.01, clip)(
        Tensor(w), Tensor(g), Tensor(np.float32(nw)), Tensor(np.float32(ng)), 0.01, 0.1
    )
    ratio = 0.01 * np.sqrt(nw) / (np.sqrt(ng) + 0.01 * np.sqrt(nw) + 1e-5)
    if clip:
        ratio = min(ratio / 0.1, 1.0)
    np.testing.assert_allclose(out.asnumpy(), ratio * (g + 0.01 * w), rtol=1e-5)


def test_fused_weight_scale_apply_momentum():
    rng = np.random.RandomState(5)
    var, acc, g = rng.randn(3, 2), rng.randn(3, 2), rng.randn(3, 2).astype(np.float32)
    p = _params(var, acc)
    ops.FusedWeightScaleApplyMomentum()(
        Tensor(np.float32(0.01)), Tensor(np.float32(0.5)), *p, 0.1, Tensor(g), 0.9
    )
    a = 0.9 * acc + (0.01 * var + 0.5 * g)
    np.testing.assert_allclose(p[1].asnumpy(), a, rtol=1e-5)
    np.testing.assert_allclose(p[0].asnumpy(), var - 0.1 * a, rtol=1e-5)


# --- bad arguments (the exception types MindSpore 2.10 raises for the same calls) ---------------
def test_bad_arguments():
    f = np.ones((2, 2), np.float32)
    var, acc = _params(f, f)
    g = Tensor(f)
    with pytest.raises(TypeError, match="update_slots"):
        ops.ApplyAdagrad(update_slots=1)
    with pytest.raises(TypeError, match="'var'"):
        ops.ApplyAdagrad()(f, acc, 0.1, g)
    with pytest.raises(TypeError, match="'grad'"):
        ops.ApplyAdagrad()(var, acc, 0.1, f)
    with pytest.raises(TypeError, match="'lr'"):
        ops.ApplyAdagrad()(var, acc, "0.1", g)
    with pytest.raises(ValueError, match="'accum'"):
        ops.ApplyAdagrad()(var, Parameter(Tensor(np.ones(3, np.float32)), name="a3"), 0.1, g)
    with pytest.raises(TypeError, match="dtype of 'var'"):
        ops.ApplyGradientDescent()(
            Parameter(Tensor(np.ones(2, np.int32)), name="i"), 0.1, Tensor(np.ones(2, np.int32))
        )
    with pytest.raises(ValueError, match="inputs"):
        ops.ApplyGradientDescent()(var, 0.1)
    with pytest.raises(ValueError, match="'lr'"):
        ops.SparseApplyFtrl(lr=0.0, l1=0.0, l2=0.0, lr_power=-0.5)
    with pytest.raises(ValueError, match="'lr_power'"):
        ops.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=0.5)
    with pytest.raises(TypeError, match="'indices'"):
        ops.SparseApplyAdagrad(0.1)(var, acc, g, Tensor(np.array([0.0, 1.0], np.float32)))
    with pytest.raises(ValueError, match="'indices'"):
        ops.SparseApplyAdagrad(0.1)(var, acc, g, Tensor(np.array([0], np.int32)))
    with pytest.raises(ValueError, match="'indices'"):  # MindSpore skips the row silently
        ops.SparseApplyAdagrad(0.1)(var, acc, g, Tensor(np.array([0, 5], np.int32)))
    with pytest.raises(ValueError, match="'epsilon'"):
        ops.SparseApplyRMSProp(0.9, 0.0, 0.0)
    with pytest.raises(ValueError, match="dampening"):
        ops.SGD(dampening=0.1, nesterov=True)


def test_inside_a_compiled_cell():
    class Step(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.var = Parameter(Tensor(np.ones(3, np.float32)), name="var")
            self.accum = Parameter(Tensor(np.full(3, 0.1, np.float32)), name="accum")
            self.op = ops.ApplyProximalAdagrad()

        def construct(self, g):
            return self.op(self.var, self.accum, 0.1, 0.0, 0.0, g)

    net = Step()
    g = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    jitted = ms.jit(net.construct)
    jitted(g)
    acc = 0.1 + np.array([1.0, 4.0, 9.0])
    np.testing.assert_allclose(net.accum.asnumpy(), acc, rtol=1e-6)
    np.testing.assert_allclose(
        net.var.asnumpy(), 1 - 0.1 * np.array([1, 2, 3]) / np.sqrt(acc), rtol=1e-6
    )


def test_sparse_rows_inside_a_compiled_function():
    """Traced indices: the row rules run under jit (sequential rows in a fori_loop)."""
    var = Parameter(Tensor(np.ones((4, 1), np.float32)), name="var")
    ms_ = Parameter(Tensor(np.ones((4, 1), np.float32)), name="ms")
    mom = Parameter(Tensor(np.zeros((4, 1), np.float32)), name="mom")
    op = ops.SparseApplyRMSProp(0.5, 0.0, 1e-10)

    @ms.jit
    def step(g, idx):
        return op(var, ms_, mom, 0.1, g, idx)

    step(Tensor(np.ones((2, 1), np.float32)), Tensor(np.array([2, 2], np.int32)))
    # row 2 twice in order: ms 1 -> 1 -> 1 (g = 1), each step moves var by 0.1
    np.testing.assert_allclose(var.asnumpy().ravel(), [1.0, 1.0, 0.8, 1.0], rtol=1e-6)


def test_tensor_inputs_are_updated_in_place_too():
    """As MindSpore: a plain Tensor ``var``/``accum`` changes in place (PyNative)."""
    var, acc = Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32))
    out = ops.ApplyAdagrad()(var, acc, 0.1, Tensor(np.ones(2, np.float32)))
    np.testing.assert_allclose(acc.asnumpy(), [2.0, 2.0])
    np.testing.assert_allclose(var.asnumpy(), 1 - 0.1 / np.sqrt(2), rtol=1e-6)
    np.testing.assert_allclose(out[0].asnumpy(), var.asnumpy())


def test_summed_rows_inside_a_compiled_function():
    """Traced indices with a repeat: the gradients of a row are added, then one update."""
    var = Parameter(Tensor(np.ones((4, 1), np.float32)), name="var")
    acc = Parameter(Tensor(np.zeros((4, 1), np.float32)), name="acc")
    op = ops.SparseApplyAdagrad(0.1)

    @ms.jit
    def step(g, idx):
        return op(var, acc, g, idx)

    step(Tensor(np.array([[1.0], [2.0], [1.0]], np.float32)), Tensor(np.array([3, 0, 3], np.int32)))
    np.testing.assert_allclose(acc.asnumpy().ravel(), [4.0, 0.0, 0.0, 4.0])
    np.testing.assert_allclose(var.asnumpy().ravel(), [0.9, 1.0, 1.0, 0.9], rtol=1e-6)
