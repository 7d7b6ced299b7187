"""The wider ops (Bessel functions, Householder QR factors, segment reductions, colour
conversions, data-format maps, scatters, norms, the ``*_ext`` twins and primitive twins) against
MindSpore 2.10's own results.

``tests/fixtures/ms/ops_wide/cases.json`` holds each case as the expression MindSpore evaluated
(``scripts/record_ops_wide_fixtures.py``) and its outputs; the same expression runs here on
deepsink. Cases where MindSpore's CPU build has no kernel (RuntimeError or NotImplementedError
in the recording) are checked against NumPy/SciPy instead, and the test asserts the recording
says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import jax
import numpy as np
import pytest
import scipy.linalg
import scipy.special

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import functional as F
from deepsink.ops import operations as P

DATA = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "ops_wide" / "cases.json").read_text()
)
ENV = {"np": np, "ms": ms, "ops": ops, "F": F, "P": P, "Tensor": Tensor}
ENV.update({k: eval(v, {"np": np}) for k, v in DATA["inputs"].items()})
CASES = {c["name"]: c for c in DATA["cases"]}


def _q_full(a: np.ndarray) -> np.ndarray:
    return scipy.linalg.qr(a)[0]


def _b2s(x: np.ndarray) -> np.ndarray:  # NCHW, block 2, no crops
    n, c, h, w = x.shape
    return (
        x.reshape(2, 2, n // 4, c, h, w)
        .transpose(2, 3, 4, 0, 5, 1)
        .reshape(n // 4, c, 2 * h, 2 * w)
    )


def _s2b(x: np.ndarray) -> np.ndarray:  # NCHW, block 2, no padding
    n, c, h, w = x.shape
    return (
        x.reshape(n, c, h // 2, 2, w // 2, 2)
        .transpose(3, 5, 0, 1, 2, 4)
        .reshape(4 * n, c, h // 2, w // 2)
    )


# cases MindSpore 2.10's CPU build cannot run: an independent reference
NO_CPU_KERNEL = {
    "ormqr": lambda e: _q_full(e["SQ"]) @ e["F"].T,
    "ormqr_t": lambda e: _q_full(e["SQ"]).T @ e["F"].T,
    "ormqr_right": lambda e: e["F"] @ _q_full(e["SQ"]),
    "Ormqr": lambda e: e["F"] @ _q_full(e["SQ"]).T,
    "baddbmm_ext": lambda e: 0.5 * e["B3"][:, :, :3] + 2 * e["B3"][:, :, :2] @ e["B3"][:, :2, :3],
    "einsum_ext": lambda e: e["F"] @ e["G"].T,
    "adaptive_avg_pool2d_ext": lambda e: _adaptive(e["B3"][None]),
    "accumulate_n": lambda e: 2 * e["F"] + e["G"],
    "AccumulateNV2": lambda e: e["F"] + e["G"],
    "EuclideanNorm": lambda e: np.sqrt((e["F"] ** 2).sum(1)),
    "EuclideanNorm_keep": lambda e: np.sqrt((e["F"] ** 2).sum(keepdims=True)),
    "Quantile": lambda e: np.quantile(e["F"], [0.25, 0.5], axis=1),
    "BatchToSpace": lambda e: _b2s(np.arange(16, dtype=np.float32).reshape(4, 1, 2, 2)),
    "SpaceToBatch": lambda e: _s2b(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)),
    "BatchToSpaceNDV2": lambda e: _b2s(np.arange(16, dtype=np.float32).reshape(4, 1, 2, 2)),
    "LerpScalar": lambda e: e["F"] + 0.25 * (e["G"] - e["F"]),
    "ScalarToArray": lambda e: np.float32(2.5),
    # the in-place ops: MindSpore 2.10 registers their kernels for Ascend only
    "clamp_": lambda e: np.clip(e["F"], -1, 1),
    "zero_": lambda e: np.zeros_like(e["I"]),
    "tanh_": lambda e: np.tanh(e["F"]),
    "erfinv_": lambda e: scipy.special.erfinv(e["F"] / 4),
    "inplace_sigmoid": lambda e: scipy.special.expit(e["F"]),
    "Tensor_tanh_": lambda e: np.tanh(e["F"]),
    "Tensor_sigmoid_": lambda e: scipy.special.expit(e["F"]),
    "put_": lambda e: np.array([[7.0, -1.5, 2.0], [3.25, 9.0, 8.0]]),
    "put_acc": lambda e: e["F"] + np.array([[0.0, 15.0, 0.0], [0.0, 0.0, 0.0]]),
    "ConfusionMatrix": lambda e: np.array([[1, 0, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 1]]),
    "ConfusionMatrix_w": lambda e: np.array(
        [[1.0, 0, 0, 0], [0, 0.5, 2.0, 0], [0, 0, 0, 0], [0, 0, 0, 4.0]]
    ),
    # the fused normalization and rotary embedding: Ascend kernels in MindSpore 2.10
    "add_rms_norm": lambda e: _rms(e["F"] + e["G"]) * [1.0, 0.5, 2.0],
    "add_layer_norm": lambda e: _ln(e["F"] + e["G"]) * [1.0, 0.5, 2.0] + [0.0, 1.0, -1.0],
    "rotary_position_embedding": lambda e: _rope(e["B3"], False),
    "rotary_position_embedding_1": lambda e: _rope(e["B3"], True),
    "bernoulli_ext": lambda e: np.array([0.0, 1.0, 1.0, 0.0]),
    # by hand: 3 (0.95) then 0; 1, 2 overlap 0 and 4 overlaps 3 by IoU 0.82; then 5
    "NonMaxSuppressionV3": lambda e: np.array([3, 0, 5]),
    "HistogramFixedWidth": lambda e: np.histogram(e["X"], 4, (0.0, 8.0))[0],
}
# MindSpore's own RuntimeErrors (not a missing kernel): a failed check
CHECK_FAILURES = ("CheckNumerics_nan", "Assert_false")


def _rms(x: np.ndarray) -> np.ndarray:
    return x / np.sqrt((x**2).mean(-1, keepdims=True) + 1e-6)


def _ln(x: np.ndarray) -> np.ndarray:
    return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)


def _rope(b3: np.ndarray, interleaved: bool) -> np.ndarray:
    """RoFormer's rotation of (1, 2, 3, 4) by angles theta = b3[0, 0] (4 values)."""
    x = b3.reshape(1, 2, 3, 4).astype(np.float64)
    th = b3[0, 0].astype(np.float64)
    if interleaved:  # pairs (0, 1), (2, 3)
        rot = np.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)
    else:  # halves
        rot = np.concatenate([-x[..., 2:], x[..., :2]], -1)
    return x * np.cos(th) + rot * np.sin(th)


def _adaptive(x: np.ndarray) -> np.ndarray:
    """Adaptive average pooling of (1, 2, 3, 4) to (2, 2): PyTorch's start/end windows."""
    out = np.zeros((1, 2, 2, 2), np.float32)
    h, w = x.shape[-2:]
    for i in range(2):
        for j in range(2):
            hs, he = (i * h) // 2, -((-(i + 1) * h) // 2)
            ws, we = (j * w) // 2, -((-(j + 1) * w) // 2)
            out[..., i, j] = x[..., hs:he, ws:we].mean((-1, -2))
    return out


def _outputs(out) -> list:
    return list(out) if isinstance(out, tuple | list) else [out]


@pytest.mark.parametrize(
    "case", [c for c in DATA["cases"] if "outputs" in c], ids=lambda c: c["name"]
)
def test_matches_mindspore(case: dict) -> None:
    got = _outputs(eval(case["expr"], ENV))
    assert len(got) == len(case["outputs"]), case["name"]
    for g, want in zip(got, case["outputs"]):
        assert str(g.dtype) == want["dtype"], case["name"]
        a = g.asnumpy()
        assert list(a.shape) == want["shape"], case["name"]
        if a.dtype.kind == "c":
            ref = np.asarray(want["value"][0]) + 1j * np.asarray(want["value"][1])
        else:
            ref = np.array(want["value"], dtype=float if a.dtype.kind == "f" else None)
        np.testing.assert_allclose(
            a, ref, rtol=2e-5, atol=2e-5, equal_nan=True, err_msg=case["name"]
        )


@pytest.mark.parametrize(
    "case",
    [c for c in DATA["cases"] if c.get("error") in ("TypeError", "ValueError")],
    ids=lambda c: c["name"],
)
def test_errors_as_mindspore(case: dict) -> None:
    with pytest.raises(getattr(__builtins__, case["error"], None) or eval(case["error"])):
        eval(case["expr"], ENV)


@pytest.mark.parametrize("name", sorted(NO_CPU_KERNEL))
def test_ops_without_a_mindspore_cpu_kernel(name: str) -> None:
    assert CASES[name]["error"] in ("RuntimeError", "NotImplementedError")
    got = _outputs(eval(CASES[name]["expr"], ENV))[0].asnumpy()
    np.testing.assert_allclose(got, NO_CPU_KERNEL[name](ENV), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", CHECK_FAILURES)
def test_failed_checks_raise_runtime_error(name: str) -> None:
    assert CASES[name]["error"] == "RuntimeError"
    with pytest.raises(RuntimeError):
        eval(CASES[name]["expr"], ENV)


def test_check_numerics_raises_on_nan_and_inf() -> None:
    assert CASES["CheckNumerics_nan"]["message"].endswith("Tensor had NaN values")
    for bad in (np.nan, np.inf):
        with pytest.raises(RuntimeError, match="had (NaN|Inf)"):
            P.CheckNumerics()(Tensor(np.array([1.0, bad], np.float32)))


def test_segment_ids_must_be_sorted() -> None:
    assert CASES["SegmentSum_unsorted"]["error"] == "ValueError"
    with pytest.raises(ValueError, match="sorted"):
        eval(CASES["SegmentSum_unsorted"]["expr"], ENV)


def test_bessel_gradients_are_the_closed_forms() -> None:
    x = np.array([0.7, 1.9, 3.3])
    for k, d in (
        ("j0", lambda v: -scipy.special.j1(v)),
        ("y0", lambda v: -scipy.special.y1(v)),
        ("k0", lambda v: -scipy.special.k1(v)),
        ("k1e", lambda v: scipy.special.k1e(v) - scipy.special.k0e(v) - scipy.special.k1e(v) / v),
    ):
        fn = getattr(ops, f"bessel_{k}")
        g = ms.grad(lambda t, fn=fn: fn(t).sum())(Tensor(x, ms.float64)).asnumpy()
        np.testing.assert_allclose(g, d(x), rtol=1e-10, err_msg=k)
    y = jax.jit(lambda a: ops.bessel_j1(Tensor._from(a))._data)(x)  # runs compiled
    np.testing.assert_allclose(y, scipy.special.j1(x), rtol=1e-12)


def test_unique_with_pad_compiles() -> None:
    out = jax.jit(lambda a: ops.unique_with_pad(Tensor._from(a), -1)[0]._data)(
        np.array([4, 4, 2, 4, 7], np.int32)
    )
    np.testing.assert_array_equal(out, [4, 2, 7, -1, -1])


def test_samplers_shape_dtype_and_seed() -> None:
    a = ops.gamma(
        (3, 1, 2),
        Tensor(np.array([[3.0, 4.0], [5.0, 6.0]], np.float32)),
        Tensor(np.array([1.0, 2.0], np.float32)),
        seed=5,
    )
    assert a.shape == (3, 2, 2) and a.dtype == ms.float32
    b = ops.gamma(
        (3, 1, 2),
        Tensor(np.array([[3.0, 4.0], [5.0, 6.0]], np.float32)),
        Tensor(np.array([1.0, 2.0], np.float32)),
        seed=5,
    )
    np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    p = ops.poisson((4, 1), Tensor(np.array([5.0, 10.0], np.float32)), seed=5)
    assert p.shape == (4, 2) and np.all(p.asnumpy() >= 0)
    t = P.TruncatedNormal(seed=2)(Tensor(np.array([2, 250], np.int32))).asnumpy()
    assert t.shape == (2, 250) and np.abs(t).max() <= 2 and abs(t.mean()) < 0.2
    z = P.ParameterizedTruncatedNormal(seed=1)(
        Tensor(np.array([2, 300])),
        *(
            Tensor(np.array(v, np.float32))
            for v in ([0.0, 5.0], [1.0, 2.0], [-1.0, 4.0], [1.0, 6.0])
        ),
    )
    z = z.asnumpy()
    assert z[0].min() >= -1 and z[0].max() <= 1 and z[1].min() >= 4 and z[1].max() <= 6
    assert P.Cauchy([2, 3])().shape == (2, 3)
    assert (P.LogNormalReverse()(Tensor(np.zeros(8, np.float16))).asnumpy() > 0).all()
    assert P.NonDeterministicInts(ms.int32)(Tensor(np.array([3]))).dtype == ms.int32
    assert sorted(P.RandpermV2(seed=3)(6).asnumpy().tolist()) == list(range(6))
    assert P.Bernoulli(seed=1)(Tensor(np.zeros(4, np.float32)), 0.0).asnumpy().sum() == 0
    with pytest.raises(TypeError, match="dtype"):
        ops.logspace(Tensor(0.0), Tensor(2.0), 3, dtype=ms.int32)


def test_functional_shares_the_ops() -> None:
    for name in (
        "pad",
        "interpolate",
        "jvp",
        "vjp",
        "Median",
        "Roll",
        "ctc_loss",
        "grid_sample",
        "bessel_j0",
        "geqrf",
        "logspace",
        "batch_dot",
    ):
        assert getattr(F, name) is getattr(ops, name), name
    assert F.auto_generate is ops.auto_generate


def test_primitives_validate_their_arguments() -> None:
    with pytest.raises(ValueError, match="dst_format"):
        P.DataFormatDimMap("NHWC", "NCHX")(Tensor(np.array([0], np.int32)))
    with pytest.raises(ValueError, match="accumulate"):
        P.IndexPut(2)(
            Tensor(np.zeros(2, np.float32)), Tensor(np.ones(1, np.float32)), [Tensor(np.array([0]))]
        )
    with pytest.raises(TypeError, match="mask"):
        P.MaskedScatter()(
            Tensor(np.zeros(2, np.float32)),
            Tensor(np.array([1, 0])),
            Tensor(np.ones(2, np.float32)),
        )
    with pytest.raises(ValueError, match="'n'"):
        P.NthElement()(Tensor(np.zeros((2, 3), np.float32)), 3)
    with pytest.raises(TypeError, match="'x'"):
        P.RGBToHSV()(Tensor(np.zeros((2, 3), np.int32)))


def test_in_place_ops_update_and_return_their_input() -> None:
    x = Tensor(np.array([-2.0, 0.5, 3.0], np.float32))
    assert ops.clamp_(x, -1.0, 1.0) is x
    np.testing.assert_array_equal(x.asnumpy(), [-1.0, 0.5, 1.0])
    g = ms.Generator()
    g.manual_seed(7)
    a = ops.normal_(Tensor(np.zeros(5, np.float32)), 2.0, 0.5, generator=g).asnumpy()
    g.manual_seed(7)
    b = Tensor(np.zeros(5, np.float32)).normal_(2.0, 0.5, generator=g).asnumpy()
    np.testing.assert_array_equal(a, b)
    u = ops.uniform_(Tensor(np.zeros(200, np.float32)), -1.0, 1.0).asnumpy()
    assert u.min() >= -1 and u.max() < 1
    r = ops.random_(Tensor(np.zeros(200, np.int32)), 3, 6).asnumpy()
    assert set(r.tolist()) == {3, 4, 5} and r.dtype == np.int32
    assert (ops.exponential_(Tensor(np.zeros(50, np.float32)), 3.0).asnumpy() > 0).all()
    assert ops.bernoulli_(Tensor(np.ones(4, np.float32)), 0.0).asnumpy().sum() == 0
    with pytest.raises(ValueError, match="from_"):
        ops.random_(Tensor(np.zeros(2, np.int32)), 5, 5)
    with pytest.raises(IndexError, match="index"):
        ops.put_(
            Tensor(np.zeros(3, np.float32)), Tensor(np.array([3])), Tensor(np.ones(1, np.float32))
        )
    with pytest.raises(TypeError, match="float"):
        ops.tanh_(Tensor(np.array([1, 2], np.int32)))
    assert ops.move_to(Tensor(np.array([1, 2])), "CPU").asnumpy().tolist() == [1, 2]
    with pytest.raises(ValueError, match="'to'"):
        ops.move_to(Tensor(np.array([1])), "NPU")


def test_stop_gradient_in_place() -> None:
    def f(x):
        y = x * 2
        ops.stop_gradient_(y)
        return (y * x).sum()

    g = ms.grad(f)(Tensor(np.array([1.0, 2.0], np.float32))).asnumpy()
    np.testing.assert_array_equal(g, [2.0, 4.0])


def test_module_aliases() -> None:
    assert ops.P is P and F.P is P


def test_fused_norm_side_outputs() -> None:
    f = ENV["F"]
    g = ENV["G"]
    y, rstd, x = ops.add_rms_norm(Tensor(f), Tensor(g), Tensor(np.ones(3, np.float32)))
    np.testing.assert_allclose(x.asnumpy(), f + g)
    assert rstd.shape == (2, 1) and rstd.dtype == ms.float32
    np.testing.assert_allclose(
        rstd.asnumpy(), 1 / np.sqrt(((f + g) ** 2).mean(-1, keepdims=True) + 1e-6), rtol=1e-5
    )
    _, mean, rstd, x = ops.add_layer_norm(
        Tensor(f), Tensor(g), Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))
    )
    np.testing.assert_allclose(mean.asnumpy(), (f + g).mean(-1, keepdims=True), rtol=1e-6)
    with pytest.raises(RuntimeError, match="shapes"):
        ops.add_rms_norm(Tensor(f), Tensor(g[:1]), Tensor(np.ones(3, np.float32)))
    with pytest.raises(ValueError, match="mode"):
        ops.rotary_position_embedding(*(Tensor(np.zeros((1, 1, 1, 2), np.float32)),) * 3, 2)


def test_unique_candidate_sampling() -> None:
    tc = Tensor(np.array([[1], [3], [4]], np.int64))
    for fn in (ops.uniform_candidate_sampler, ops.log_uniform_candidate_sampler):
        s, t, e = fn(tc, 1, 5, True, 5, seed=3)
        assert sorted(s.asnumpy().tolist()) == [0, 1, 2, 3, 4] and s.dtype == ms.int64
        assert t.shape == (3, 1) and e.shape == (5,) and t.dtype == e.dtype == ms.float32
        assert ((e.asnumpy() > 0) & (e.asnumpy() <= 1)).all()
    s, t, _ = ops.uniform_candidate_sampler(tc, 1, 5, True, 5, seed=3)
    tries = np.log1p(-t.asnumpy()[0, 0]) / np.log1p(-0.2)  # -expm1(tries * log1p(-p))
    assert abs(tries - round(tries)) < 1e-3 and round(tries) >= 5
    with pytest.raises(ValueError, match="num_sampled"):
        ops.uniform_candidate_sampler(tc, 1, 6, True, 5)
    with pytest.raises(TypeError, match="unique"):
        ops.uniform_candidate_sampler(tc, 1, 2, 1, 5)


def test_graph_helpers_in_python() -> None:
    assert ops.make_range(5) == (0, 1, 2, 3, 4) and ops.make_range(1, 9, 3) == (1, 4, 7)
    assert P.TensorToTuple()(Tensor(np.array([1, 2], np.int32))) == (1, 2)
    x = Tensor(np.array([1.0, 2.0], np.float32))
    assert ops.reshape_(x, (2, 1)).shape == (2, 1) and x.shape == (2,)
