"""Primitives with no functional twin (EditDistance, ExtractVolumePatches, MatrixLogarithm, the
TF-style fractional pools, Dilation2D, the LSTM primitive, RNNTLoss, DeformableOffsets, the
image samplers, the embedding-cache maps, ...) against MindSpore 2.10's own results.

``tests/fixtures/ms/ops_prims/cases.json`` holds each case as the expression MindSpore evaluated
(``scripts/record_ops_prims_fixtures.py``) and its outputs; the same expression runs here on
deepsink. Cases MindSpore 2.10's CPU build cannot run (no kernel, or a framework error) are
checked against an independent NumPy reference, and the test asserts the recording says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import jax
import numpy as np
import pytest
import scipy.linalg

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import functional as F
from deepsink.ops import operations as P
from deepsink.ops.operations import _embedding_cache_ops as E
from deepsink.ops.operations import inner_ops as IN
from deepsink.ops.operations import other_ops as O

DATA = json.loads(
    (Path(__file__).parent.parent / "fixtures" / "ms" / "ops_prims" / "cases.json").read_text()
)
ENV = {
    "np": np,
    "ms": ms,
    "ops": ops,
    "F": F,
    "P": P,
    "E": E,
    "IN": IN,
    "O": O,
    "I": P,
    "Tensor": Tensor,
}
ENV.update({k: eval(v, {"np": np}) for k, v in DATA["inputs"].items()})
CASES = {c["name"]: c for c in DATA["cases"]}


def _outputs(out) -> list:
    return list(out) if isinstance(out, tuple | list) else [out]


def _check(got, want: list, name: str, tol: float = 2e-5) -> None:
    got = [got] if "python" in want[0] else _outputs(got)
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        if "python" in w:
            assert repr(g) == w["python"], name
            continue
        assert str(g.dtype) == w["dtype"], name
        a = g.asnumpy()
        assert list(a.shape) == w["shape"], name
        if a.dtype.kind == "c":
            ref = np.asarray(w["value"][0]) + 1j * np.asarray(w["value"][1])
        else:
            ref = np.array(w["value"], dtype=float if a.dtype.kind == "f" else None)
        np.testing.assert_allclose(a, ref, rtol=tol, atol=tol, equal_nan=True, err_msg=name)


@pytest.mark.parametrize(
    "case", [c for c in DATA["cases"] if "outputs" in c], ids=lambda c: c["name"]
)
def test_matches_mindspore(case: dict) -> None:
    _check(eval(case["expr"], ENV), case["outputs"], case["name"])


@pytest.mark.parametrize(
    "case",
    [c for c in DATA["cases"] if c.get("error") in ("TypeError", "ValueError")],
    ids=lambda c: c["name"],
)
def test_errors_as_mindspore(case: dict) -> None:
    with pytest.raises(getattr(__builtins__, case["error"], None) or eval(case["error"])):
        eval(case["expr"], ENV)


# --- cases MindSpore 2.10's CPU build cannot run: independent NumPy references ---------------
def _dilation_ref(x: np.ndarray, f: np.ndarray, s: tuple, d: tuple) -> np.ndarray:
    """Grey-scale dilation with 'SAME' padding by the definition (TensorFlow's dilation2d)."""
    n, c, h, w = x.shape
    kh, kw = f.shape[1:]
    oh, ow = -(-h // s[0]), -(-w // s[1])
    ph = max((oh - 1) * s[0] + (kh - 1) * d[0] + 1 - h, 0) // 2
    pw = max((ow - 1) * s[1] + (kw - 1) * d[1] + 1 - w, 0) // 2
    out = np.full((n, c, oh, ow), -np.inf)
    for i in range(oh):
        for j in range(ow):
            for p in range(kh):
                for q in range(kw):
                    y, xx = i * s[0] + p * d[0] - ph, j * s[1] + q * d[1] - pw
                    if 0 <= y < h and 0 <= xx < w:
                        out[:, :, i, j] = np.maximum(out[:, :, i, j], x[:, :, y, xx] + f[:, p, q])
    return out


def _rnnt_ref(acts: np.ndarray, labels: np.ndarray, tl: np.ndarray, ul: np.ndarray) -> np.ndarray:
    """The transducer's forward recursion in float64 loops (Graves 2012, eq. 16)."""
    lp = acts - np.log(np.exp(acts).sum(-1, keepdims=True))
    costs = []
    for b in range(acts.shape[0]):
        t_n, u_n = int(tl[b]), int(ul[b])
        alpha = np.full((t_n, u_n + 1), -np.inf)
        alpha[0, 0] = 0.0
        for t in range(t_n):
            for u in range(u_n + 1):
                if t:
                    alpha[t, u] = np.logaddexp(alpha[t, u], alpha[t - 1, u] + lp[b, t - 1, u, 0])
                if u:
                    alpha[t, u] = np.logaddexp(
                        alpha[t, u], alpha[t, u - 1] + lp[b, t, u - 1, labels[b, u - 1]]
                    )
        costs.append(-(alpha[-1, -1] + lp[b, t_n - 1, u_n, 0]))
    return np.array(costs)


NO_CPU_KERNEL = {
    # MindSpore 2.10's PyNative CountNonZero asks for two inputs (its dims became an input)
    "CountNonZero": lambda e: np.count_nonzero(e["FLT"]),
    # MindSpore 2.10's Dilation2D cannot read its own pad_mode attribute (a framework error)
    "Dilation2D_same": lambda e: _dilation_ref(e["NCHW"], e["FLT"], (1, 1), (1, 1)),
    "Dilation2D_stride": lambda e: _dilation_ref(e["NCHW"], e["FLT"], (2, 2), (2, 1)),
    # the documented example of ComputeAccidentalHits (no CPU kernel in 2.10)
    "ComputeAccidentalHits": lambda e: [
        [0, 0, 1, 1, 2, 2],
        [1, 2, 0, 4, 3, 3],
        [np.finfo(np.float32).min] * 6,
    ],
    "ComputeAccidentalHits_none": lambda e: [[], [], []],
    # RNNTLoss has no CPU kernel in 2.10
    "RNNTLoss": lambda e: _rnnt_ref(
        np.sin(np.arange(2 * 3 * 3 * 5)).reshape(2, 3, 3, 5),
        np.array([[1, 2], [3, 0]]),
        np.array([3, 2]),
        np.array([2, 1]),
    ),
}


@pytest.mark.parametrize("name", sorted(NO_CPU_KERNEL))
def test_ops_without_a_mindspore_cpu_kernel(name: str) -> None:
    assert CASES[name]["error"] == "RuntimeError"
    got = _outputs(eval(CASES[name]["expr"], ENV))
    want = NO_CPU_KERNEL[name](ENV)
    want = want if isinstance(want, list) else [want]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g.asnumpy(), np.asarray(w, dtype=float), rtol=1e-5, atol=1e-5)


def test_rnnt_grads_are_the_costs_derivative() -> None:
    acts = np.sin(np.arange(1 * 2 * 2 * 3)).reshape(1, 2, 2, 3)
    args = [Tensor(np.array(v, np.int32)) for v in ([[2]], [2], [1])]
    _, grads = P.RNNTLoss()(Tensor(acts, ms.float32), *args)
    eps, num = 1e-5, np.zeros_like(acts)
    for i in np.ndindex(acts.shape):
        up, dn = acts.copy(), acts.copy()
        up[i] += eps
        dn[i] -= eps
        num[i] = (
            _rnnt_ref(up, np.array([[2]]), [2], [1]) - _rnnt_ref(dn, np.array([[2]]), [2], [1])
        )[0] / (2 * eps)
    np.testing.assert_allclose(grads.asnumpy(), num, rtol=1e-3, atol=1e-5)
    assert not np.isnan(grads.asnumpy()).any()


# --- compiled and differentiated ---------------------------------------------------------------
def test_primitives_run_compiled() -> None:
    x = Tensor(ENV["NCHW"])
    off = Tensor(np.sin(np.arange(12 * 16, dtype=np.float32)).reshape(1, 12, 4, 4) / 2)
    calls = [
        (lambda t: P.Dilation2D(1, 1)(t, Tensor(ENV["FLT"])), x),
        (lambda t: P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))(t, off), x),
        (lambda t: P.ExtractVolumePatches((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "SAME")(t),
         Tensor(ENV["V5"])),
        (lambda t: P.LSTM(3, 4, 1, True, False, 0.0)(t, Tensor(ENV["LH"]), Tensor(ENV["LH"]),
                                                      Tensor(ENV["LW"]))[0], Tensor(ENV["LX"])),
        (lambda t: P.MatrixLogarithm()(t), Tensor(ENV["CM"])),
        (lambda t: P.FractionalAvgPool([1.0, 1.5, 1.5, 1.0], deterministic=True, seed=3)(t)[0], Tensor(ENV["IMG"])),
        (lambda t: P.RNNTLoss()(t, Tensor(np.array([[1]], np.int32)),
                                Tensor(np.array([2], np.int32)),
                                Tensor(np.array([1], np.int32)))[0],
         Tensor(np.ones((1, 2, 2, 3), np.float32))),
    ]  # fmt: skip
    for fn, arg in calls:
        np.testing.assert_allclose(
            ms.jit(fn)(arg).asnumpy(), fn(arg).asnumpy(), rtol=1e-5, atol=1e-6
        )


def _numeric_grad(fn, x: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, dn = x.copy(), x.copy()
        up[i] += eps
        dn[i] -= eps
        g[i] = (fn(up) - fn(dn)) / (2 * eps)
    return g


@pytest.mark.parametrize(
    "name",
    [
        "Dilation2D",
        "DeformableOffsets",
        "ExtractVolumePatches",
        "ScaleAndTranslate",
        "LSTM",
        "FractionalMaxPool",
    ],
)
def test_gradients_match_finite_differences(name: str) -> None:
    rng = np.random.default_rng(0)
    w = rng.standard_normal(64)
    ops_by_name = {
        "Dilation2D": (lambda t: P.Dilation2D(1, 1)(t, Tensor(ENV["FLT"].astype(np.float64))),
                       (1, 2, 3, 3)),
        "DeformableOffsets": (lambda t: P.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))(
            t, Tensor(np.full((1, 12, 2, 2), 0.3))), (1, 1, 3, 3)),
        "ExtractVolumePatches": (lambda t: P.ExtractVolumePatches(
            (1, 1, 2, 1, 2), (1, 1, 1, 1, 1), "SAME")(t), (1, 1, 2, 2, 2)),
        "ScaleAndTranslate": (lambda t: P.ScaleAndTranslate()(
            t, Tensor(np.array([3, 2], np.int32)), Tensor(np.array([1.5, 0.7], np.float32)),
            Tensor(np.array([0.5, 0.0], np.float32))), (1, 2, 3, 1)),
        "LSTM": (lambda t: P.LSTM(1, 1, 1, True, False, 0.0)(
            t, Tensor(np.zeros((1, 1, 1))), Tensor(np.zeros((1, 1, 1))),
            Tensor(np.linspace(-1, 1, 12).reshape(12, 1, 1)))[0], (3, 1, 1)),
        "FractionalMaxPool": (lambda t: P.FractionalMaxPool([1.0, 1.5, 1.5, 1.0], deterministic=True, seed=2)(t)[0],
                              (1, 3, 3, 1)),
    }  # fmt: skip
    fn, shape = ops_by_name[name]
    x = rng.standard_normal(shape)

    def scalar(t):
        y = fn(t)
        return (y * Tensor(w[: y.size].reshape(y.shape).astype(y.asnumpy().dtype))).sum()

    got = ms.grad(scalar)(Tensor(x)).asnumpy()
    eps = 0.5 if name == "ScaleAndTranslate" else 1e-6  # linear in x, but Float32 out
    want = _numeric_grad(lambda a: float(scalar(Tensor(a)).asnumpy()), x, eps)
    np.testing.assert_allclose(
        got, want, rtol=1e-4, atol=1e-4 if name != "ScaleAndTranslate" else 2e-3
    )


# --- random primitives: the properties that define them -------------------------------------
def _pool_ref(
    x: np.ndarray, rows: np.ndarray, cols: np.ndarray, fn, overlapping: bool
) -> np.ndarray:
    out = np.zeros((x.shape[0], len(rows) - 1, len(cols) - 1, x.shape[3]), x.dtype)
    end = 1 if overlapping else 0
    for i in range(len(rows) - 1):
        for j in range(len(cols) - 1):
            r1, c1 = min(rows[i + 1] + end, x.shape[1]), min(cols[j + 1] + end, x.shape[2])
            out[:, i, j] = fn(x[:, rows[i] : r1, cols[j] : c1], axis=(1, 2))
    return out


@pytest.mark.parametrize("pseudo", [False, True])
@pytest.mark.parametrize("overlapping", [False, True])
def test_fractional_pools_pool_over_their_sequences(pseudo: bool, overlapping: bool) -> None:
    x = np.sin(np.arange(2 * 10 * 7 * 3, dtype=np.float32)).reshape(2, 10, 7, 3)
    for prim, fn in ((P.FractionalMaxPool, np.max), (P.FractionalAvgPool, np.mean)):
        y, rows, cols = prim([1.0, 1.6, 1.4, 1.0], pseudo, overlapping)(Tensor(x))
        r, c = rows.asnumpy(), cols.asnumpy()
        assert rows.dtype == ms.int64 and r.shape == (7,) and c.shape == (6,)  # floor(10/1.6)
        assert r[0] == 0 and r[-1] == 10 and c[-1] == 7
        assert set(np.diff(r)) <= {1, 2} and set(np.diff(c)) <= {1, 2}
        np.testing.assert_allclose(
            y.asnumpy(), _pool_ref(x, r, c, fn, overlapping), rtol=1e-5, atol=1e-6
        )
    seeded = P.FractionalMaxPool([1.0, 1.6, 1.4, 1.0], deterministic=True, seed=5)
    np.testing.assert_array_equal(seeded(Tensor(x))[1].asnumpy(), seeded(Tensor(x))[1].asnumpy())
    with pytest.raises(ValueError, match="must be 0 if 'deterministic' is false"):
        P.FractionalMaxPool([1.0, 1.6, 1.4, 1.0], seed=5)(Tensor(x))


def test_fractional_pool_checks_ratio() -> None:
    with pytest.raises(TypeError):
        P.FractionalMaxPool([1, 2.0, 2.0, 1.0])
    with pytest.raises(ValueError):
        P.FractionalAvgPool([1.0, 0.5, 2.0, 1.0])


def test_random_choice_with_mask_picks_true_entries() -> None:
    x = np.array([[True, False, True], [False, True, True]])
    idx, mask = P.RandomChoiceWithMask(count=6, seed=3)(Tensor(x))
    assert idx.shape == (6, 2) and idx.dtype == ms.int32 and mask.dtype == ms.bool_
    i, m = idx.asnumpy(), mask.asnumpy()
    assert m.sum() == 4 and all(x[tuple(p)] for p in i[m])
    assert sorted(map(tuple, i[m])) == [(0, 0), (0, 2), (1, 1), (1, 2)]
    with pytest.raises(ValueError):
        P.RandomChoiceWithMask(count=0)


def test_sample_distorted_bounding_box_covers_the_box() -> None:
    box = np.array([[[0.2, 0.3, 0.6, 0.9]]], np.float32)
    for seed in range(1, 6):
        op = O.SampleDistortedBoundingBoxV2(
            seed=seed, area_range=(0.1, 0.9), aspect_ratio_range=(0.5, 2.0)
        )
        begin, size, bbox = op(
            Tensor(np.array([50, 80, 3], np.int32)),
            Tensor(box),
            Tensor(np.array([0.5], np.float32)),
        )
        (y, x, z), (h, w, c) = begin.asnumpy(), size.asnumpy()
        assert z == 0 and c == -1 and 0 <= y and y + h <= 50 and 0 <= x and x + w <= 80
        assert 0.1 * 4000 <= h * w <= 0.9 * 4000
        by, bx = box[0, 0, [0, 2]] * 50, box[0, 0, [1, 3]] * 80
        inter = max(min(y + h, by[1]) - max(y, by[0]), 0) * max(
            min(x + w, bx[1]) - max(x, bx[0]), 0
        )
        assert inter / ((by[1] - by[0]) * (bx[1] - bx[0])) >= 0.5
        np.testing.assert_allclose(
            bbox.asnumpy()[0, 0], [y / 50, x / 80, (y + h) / 50, (x + w) / 80], rtol=1e-6
        )
    with pytest.raises(ValueError, match="no bounding boxes provided"):
        O.SampleDistortedBoundingBoxV2(use_image_if_no_bounding_boxes=False)(
            Tensor(np.array([5, 5, 1], np.int32)),
            Tensor(np.zeros((1, 0, 4), np.float32)),
            Tensor(np.array([0.1], np.float32)),
        )


def test_extract_glimpse_noise_fills_outside() -> None:
    img = np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1)
    out = P.ExtractGlimpse(False, False, True, "uniform")(
        Tensor(img), Tensor(np.array([3, 3], np.int32)), Tensor(np.array([[0.0, 0.0]], np.float32))
    ).asnumpy()[0, :, :, 0]
    np.testing.assert_array_equal(out[1:, 1:], img[0, :2, :2, 0])  # top-left at (-1, -1)
    assert ((out[0] >= 0) & (out[0] <= 15)).all() and ((out[:, 0] >= 0) & (out[:, 0] <= 15)).all()


def test_value_dependent_primitives_name_the_problem_under_raw_jit() -> None:
    with pytest.raises(TypeError, match="PyNative"):
        jax.jit(lambda a: E.SubAndFilter()(Tensor._from(a), 10, 5)[0]._data)(
            np.array([1, 7, 12], np.int32)
        )


def test_matrix_logarithm_inverts_expm() -> None:
    a = np.array([[[0.3, 0.2j], [-0.1, 0.5]], [[1.0, 0.0], [0.5, -0.2]]], np.complex128)
    got = P.MatrixLogarithm()(Tensor(scipy.linalg.expm(a[0])[None].repeat(1, 0))).asnumpy()
    np.testing.assert_allclose(got[0], a[0], atol=1e-10)
    batch = np.stack([scipy.linalg.expm(m) for m in a])
    np.testing.assert_allclose(P.MatrixLogarithm()(Tensor(batch)).asnumpy(), a, atol=1e-10)


# --- the Ascend LSTM block cell (no CPU kernel in MindSpore 2.10): a NumPy loop -----------------
def _sig(v: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-v))


def test_dynamic_rnn_is_the_lstm_block_cell_and_matches_nn_lstm() -> None:
    rng = np.random.default_rng(1)
    t, bsz, n_in, hid = 4, 2, 3, 5
    x = rng.standard_normal((t, bsz, n_in))
    w = rng.standard_normal((n_in + hid, 4 * hid)) / 3
    b = rng.standard_normal(4 * hid) / 3
    h0, c0 = rng.standard_normal((1, bsz, hid)), rng.standard_normal((1, bsz, hid))
    out = P.DynamicRNN(forget_bias=0.5)(
        *(Tensor(v) for v in (x, w, b)), None, Tensor(h0), Tensor(c0)
    )
    h, c = h0[0], c0[0]
    for step in range(t):
        g = np.concatenate([x[step], h], -1) @ w + b
        i, j, f, o = np.split(g, 4, -1)
        c = _sig(f + 0.5) * c + _sig(i) * np.tanh(j)
        h = _sig(o) * np.tanh(c)
        want = [h, h, c, _sig(i), np.tanh(j), _sig(f + 0.5), _sig(o), np.tanh(c)]
        for got, ref in zip(out, want):
            np.testing.assert_allclose(got.asnumpy()[step], ref, rtol=1e-10)
    # the same weights in PyTorch's (i, f, g, o) layout through the LSTM primitive
    wi, wj, wf, wo = np.split(w, 4, -1)
    bi, bj, bf, bo = np.split(b, 4)
    w_t = np.concatenate([wi, wf, wj, wo], -1).T  # (4H, in + H)
    flat = np.concatenate(
        [w_t[:, :n_in].ravel(), w_t[:, n_in:].ravel(), np.concatenate([bi, bf + 0.5, bj, bo])]
    )
    lstm = P.LSTM(n_in, hid, 1, True, False, 0.0)(
        Tensor(x), Tensor(h0), Tensor(c0), Tensor(flat.reshape(-1, 1, 1))
    )
    np.testing.assert_allclose(lstm[0].asnumpy(), out[0].asnumpy(), rtol=1e-10)
    with pytest.raises(ValueError):
        P.DynamicRNN(direction="BIDIRECTIONAL")


def test_basic_lstm_cell_is_one_block_step() -> None:
    rng = np.random.default_rng(2)
    x, h, c = rng.standard_normal((2, 3)), rng.standard_normal((2, 4)), rng.standard_normal((2, 4))
    w, b = rng.standard_normal((7, 16)), rng.standard_normal(16)
    ct, ht, it, jt, ft, ot, tc = P.BasicLSTMCell()(*(Tensor(v) for v in (x, h, c, w, b)))
    i, j, f, o = np.split(np.concatenate([x, h], -1) @ w + b, 4, -1)
    c_new = _sig(f + 1.0) * c + _sig(i) * np.tanh(j)
    np.testing.assert_allclose(ct.asnumpy(), c_new, rtol=1e-10)
    np.testing.assert_allclose(ht.asnumpy(), _sig(o) * np.tanh(c_new), rtol=1e-10)
    g = ms.grad(lambda t: P.BasicLSTMCell()(t, *(Tensor(v) for v in (h, c, w, b)))[1].sum())
    assert g(Tensor(x)).shape == (2, 3)
    with pytest.raises(NotImplementedError):
        P.BasicLSTMCell(keep_prob=0.5)


@pytest.mark.parametrize("order", ["rzh", "zrh"])
def test_dynamic_gru_v2_is_a_reset_after_gru(order: str) -> None:
    rng = np.random.default_rng(3)
    t, bsz, n_in, hid = 3, 2, 4, 3
    x, h = rng.standard_normal((t, bsz, n_in)), rng.standard_normal((bsz, hid))
    wi, wh = rng.standard_normal((n_in, 3 * hid)), rng.standard_normal((hid, 3 * hid))
    bi, bh = rng.standard_normal(3 * hid), rng.standard_normal(3 * hid)
    out = P.DynamicGRUV2(gate_order=order)(
        *(Tensor(v) for v in (x, wi, wh, bi, bh)), None, Tensor(h)
    )
    for step in range(t):
        gi = dict(zip(order, np.split(x[step] @ wi + bi, 3, -1)))
        gh = dict(zip(order, np.split(h @ wh + bh, 3, -1)))
        r, z = _sig(gi["r"] + gh["r"]), _sig(gi["z"] + gh["z"])
        n = np.tanh(gi["h"] + r * gh["h"])
        h = (1 - z) * n + z * h
        for got, ref in zip(out, [h, h, z, r, n, gh["h"]]):
            np.testing.assert_allclose(got.asnumpy()[step], ref, rtol=1e-10)
    with pytest.raises(ValueError):
        P.DynamicGRUV2(reset_after=False)
