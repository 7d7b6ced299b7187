"""The ``ops`` functions and primitives behind ``nn`` layers (band diagonals, LRN, fractional
max pooling, bilinear form, grid sampling, affine grids, transposed convolutions, resizes,
mirror padding, col2im, box coding, ROIAlign, CTC decoding, NMS, ...) against MindSpore 2.10:
outputs and, where MindSpore's CPU build differentiates them, input gradients, recorded by
``scripts/record_nn_more_fixtures.py ops``."""

import json
from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import operations as P

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "nn_more" / "ops"
CASES = sorted(p.stem for p in ROOT.glob("*.npz"))
TOLERANCE: dict[str, float] = {}
# MindSpore 2.10's CPU ROIAlignGrad with roi_end_mode=0 and one sample per bin does not match its
# own forward (whose values agree here); MindSpore's CTCLoss bprop drops the cotangent of its
# `gradient` output (first order only), and CTCLossV2's bprop is PyTorch's gradient with respect
# to the logits before log_softmax: for these the outputs are compared, the gradient is JAX's.
NO_GRAD = {"roi_align_end_mode0", "ctc_loss_prim", "ctc_loss_v2_prim"}
# MindSpore's CTCLoss leaves the gradient of the steps past a sequence's length unwritten (stale
# memory); it is compared within the lengths, and must be zero past them
PAST_LENGTH = {"ctc_loss_prim": (1, (4, 3))}


def _flat(x):
    if isinstance(x, tuple | list):
        return [v for item in x for v in _flat(item)]
    return [x]


def _run(expr, args):
    env = {"ops": ops, "P": P, "ms": ms, "np": np, "Tensor": Tensor}
    env.update({f"a{i}": a for i, a in enumerate(args)})
    return _flat(eval(expr, env))  # noqa: S307 - our own case table


def test_cases_recorded():
    assert len(CASES) >= 20


@pytest.mark.parametrize("name", CASES)
def test_matches_mindspore(name):
    data = np.load(ROOT / f"{name}.npz")
    expr = str(data["__expr__"])
    n_args = len(json.loads(str(data["__args__"])))
    args = [Tensor(data[f"arg{i}"]) for i in range(n_args)]
    outs = _run(expr, args)
    n_out = len([k for k in data.files if k.startswith("out")])
    assert len(outs) == n_out, f"{expr}: {len(outs)} outputs, MindSpore gives {n_out}"
    tol = TOLERANCE.get(name, 1e-5)
    for i, o in enumerate(outs):
        want = data[f"out{i}"]
        got = o.asnumpy()
        if name in PAST_LENGTH and PAST_LENGTH[name][0] == i:
            want = want.copy()
            for b, n in enumerate(PAST_LENGTH[name][1]):
                assert not got[n:, b].any()
                want[n:, b] = 0
        assert got.shape == want.shape, f"{expr} output {i}: {got.shape} != {want.shape}"
        if want.dtype.kind in "iub":
            np.testing.assert_array_equal(got, want, err_msg=f"{expr} output {i}")
        else:
            np.testing.assert_allclose(
                got, want, rtol=max(tol, 1e-4), atol=tol, err_msg=f"{expr} output {i}"
            )
    grad_pos = sorted(int(k[4:]) for k in data.files if k.startswith("grad"))
    if not grad_pos or name in NO_GRAD:
        return
    weights = [Tensor(data[f"w{i}"]) for i in range(n_out)]
    float_out = [k for k in range(n_out) if data[f"out{k}"].dtype == np.float32]

    def f(*xs):
        full = list(args)
        for i, x in zip(grad_pos, xs):
            full[i] = x
        res = _run(expr, full)
        return sum((res[k] * weights[k]).sum() for k in float_out)

    grads = _flat(
        ms.grad(f, grad_position=tuple(range(len(grad_pos))))(*[args[i] for i in grad_pos])
    )
    for i, g in zip(grad_pos, grads):
        np.testing.assert_allclose(
            g.asnumpy(),
            data[f"grad{i}"],
            rtol=1e-3,
            atol=1e-4,
            err_msg=f"{expr} input gradient {i}",
        )


# MindSpore 2.10's CPU build has no kernel for these three: NumPy references from the documented
# formulas
RNG = np.random.RandomState(5)


def test_extract_image_patches_matches_numpy():
    x = RNG.uniform(-1, 1, (1, 2, 5, 4)).astype(np.float32)
    out = P.ExtractImagePatches((1, 1, 2, 2), (1, 1, 2, 1), (1, 1, 1, 1), "VALID")(Tensor(x))
    rows, cols = 2, 3
    want = np.zeros((1, 2 * 2 * 2, rows, cols), np.float32)
    for i in range(rows):
        for j in range(cols):
            patch = x[:, :, 2 * i : 2 * i + 2, j : j + 2]  # (N, C, kh, kw)
            want[:, :, i, j] = patch.transpose(0, 2, 3, 1).reshape(1, -1)
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-6)


def test_multilabel_margin_loss_primitive_matches_numpy():
    x = RNG.uniform(-1, 1, (2, 4)).astype(np.float32)
    t = np.array([[3, 0, -1, 1], [1, 2, 3, 0]], np.int32)
    y, is_target = P.MultilabelMarginLoss("none")(Tensor(x), Tensor(t))
    want, mask = [], np.zeros_like(t)
    for k, (row, tgt) in enumerate(zip(x, t)):
        targets = list(tgt[: list(tgt).index(-1)] if -1 in tgt else tgt)
        mask[k, targets] = 1
        others = [i for i in range(4) if i not in targets]
        want.append(sum(max(0, 1 - (row[j] - row[i])) for j in targets for i in others) / 4)
    np.testing.assert_allclose(y.asnumpy(), want, rtol=1e-6)
    np.testing.assert_array_equal(is_target.asnumpy(), mask)


def test_ctc_loss_v2_reduces_only_none_as_mindspore():
    with pytest.raises(ValueError, match="reduction"):
        P.CTCLossV2(0, "mean")


def test_depthwise_conv2d_native_matches_numpy():
    x = RNG.uniform(-1, 1, (1, 2, 5, 5)).astype(np.float32)
    w = RNG.uniform(-1, 1, (2, 2, 3, 3)).astype(np.float32)  # (multiplier, C, kh, kw)
    out = P.DepthwiseConv2dNative(2, 3, pad_mode="pad", pad=1, stride=2)(Tensor(x), Tensor(w))
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    want = np.zeros((1, 4, 3, 3), np.float32)
    for c in range(2):
        for m in range(2):
            for i in range(3):
                for j in range(3):
                    want[0, c * 2 + m, i, j] = np.sum(
                        xp[0, c, 2 * i : 2 * i + 3, 2 * j : 2 * j + 3] * w[m, c]
                    )
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-5, atol=1e-6)


def test_batch_norm_primitive_matches_mindspore():
    data = np.load(ROOT.parent / "batch_norm_prim.npz")
    for tag, train in (("train", True), ("eval", False)):
        d = {k.split("/")[1]: data[k] for k in data.files if k.startswith(tag + "/")}
        pm = ms.Parameter(Tensor(d["mean"].copy()), name="m")
        pv = ms.Parameter(Tensor(d["var"].copy()), name="v")
        outs = P.BatchNorm(train, 1e-3, 0.2)(
            Tensor(d["x"]), Tensor(d["scale"]), Tensor(d["bias"]), pm, pv
        )
        for i, o in enumerate(outs):
            np.testing.assert_allclose(o.asnumpy(), d[f"out{i}"], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(pm.asnumpy(), d["moving_mean"], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(pv.asnumpy(), d["moving_var"], rtol=1e-5, atol=1e-6)
