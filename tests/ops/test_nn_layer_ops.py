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
# MindSpore's float32 bicubic weight table agrees to ~1e-5
TOLERANCE = {"resize_bicubic": 1e-4, "resize_bicubic_half_pixel": 1e-4}
# MindSpore 2.10's CPU ROIAlignGrad with roi_end_mode=0 and one sample per bin does not match its
# own forward (whose values agree here); MindSpore's CTCLoss bprop drops the cotangent of its
# `gradient` output (first order only): for these the outputs are compared, the gradient is JAX's.
NO_GRAD = {"roi_align_end_mode0", "ctc_loss_prim"}
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
            np.testing.assert_allclose(got, want, rtol=max(tol, 1e-4), atol=tol,
                                       err_msg=f"{expr} output {i}")  # fmt: skip
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

    grads = _flat(ms.grad(f, grad_position=tuple(range(len(grad_pos))))(
        *[args[i] for i in grad_pos]))  # fmt: skip
    for i, g in zip(grad_pos, grads):
        np.testing.assert_allclose(g.asnumpy(), data[f"grad{i}"], rtol=1e-3, atol=1e-4,
                                   err_msg=f"{expr} input gradient {i}")  # fmt: skip
