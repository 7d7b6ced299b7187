"""Records MindSpore 2.10's results for ``tests/ops/test_wider_api.py``: ``ops.batch_dot`` over
its axes forms, the linear-algebra Tensor methods (``lstsq``, ``qr``, ``addr``, ...) and the
exception types of bad ``batch_dot`` input. Run under a Python with MindSpore 2.10; writes
``tests/fixtures/ms/wider/wider_api.npz``."""

from __future__ import annotations

from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, ops

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "wider"
BATCH_DOT = {  # name: (x1 shape, x2 shape, axes)
    "tuple": ((3, 2, 4), (3, 4, 5), (-1, -2)),
    "none": ((2, 3, 4, 5), (2, 5, 5, 2), None),
    "int": ((2, 2, 4), (2, 5, 4, 5), 2),
    "x1_2d": ((2, 3), (2, 4, 3), (1, 2)),
    "x2_2d": ((2, 4, 3), (2, 3), None),
    "both_2d": ((4, 3), (4, 3), None),
}
BAD = {  # name: (x1, x2, axes)
    "rank1": (np.ones(3, np.float32), np.ones((3, 3), np.float32), None),
    "batch": (np.ones((2, 3), np.float32), np.ones((3, 3), np.float32), None),
    "axes0": (np.ones((2, 3), np.float32), np.ones((2, 3), np.float32), (0, 1)),
    "float64": (np.ones((2, 3)), np.ones((2, 3)), None),
}


def main() -> None:
    rng = np.random.default_rng(46)
    out: dict[str, np.ndarray] = {}
    for name, (s1, s2, axes) in BATCH_DOT.items():
        a, b = (
            rng.standard_normal(s1).astype(np.float32),
            rng.standard_normal(s2).astype(np.float32),
        )
        out[f"bd_{name}_x1"], out[f"bd_{name}_x2"] = a, b
        out[f"bd_{name}_out"] = ops.batch_dot(Tensor(a), Tensor(b), axes).asnumpy()
    for name, (a, b, axes) in BAD.items():
        try:
            ops.batch_dot(Tensor(a), Tensor(b), axes)
            out[f"bad_{name}"] = np.array("none")
        except Exception as e:  # noqa: BLE001 - the type is what is recorded
            out[f"bad_{name}"] = np.array(type(e).__name__)
    m = rng.standard_normal((4, 3)).astype(np.float32)
    rhs = rng.standard_normal((4, 2)).astype(np.float32)
    sq = (rng.standard_normal((3, 3)) + 3 * np.eye(3)).astype(np.float32)
    v1, v2 = np.arange(1, 5, dtype=np.float32), np.arange(1, 4, dtype=np.float32)
    out["m"], out["rhs"], out["sq"], out["v1"], out["v2"] = m, rhs, sq, v1, v2
    out["lstsq"] = Tensor(m).lstsq(Tensor(rhs)).asnumpy()
    for some in (True, False):
        q, r = Tensor(m).qr(some)
        out[f"qr_{some}_q_shape"], out[f"qr_{some}_r_shape"] = np.array(q.shape), np.array(r.shape)
    out["addr"] = Tensor(m).addr(Tensor(v1), Tensor(v2), 2, 3).asnumpy()
    out["matrix_determinant"] = Tensor(sq).matrix_determinant().asnumpy()
    sign, logdet = Tensor(sq).log_matrix_determinant()
    out["lmd_sign"], out["lmd_log"] = sign.asnumpy(), logdet.asnumpy()
    out["soft_shrink"] = Tensor(m).soft_shrink(0.3).asnumpy()
    seg = np.array([0, 1, 0, 2], np.int32)
    out["seg"] = seg
    for kind in ("max", "min", "prod"):
        out[f"useg_{kind}"] = getattr(Tensor(m), f"unsorted_segment_{kind}")(
            Tensor(seg), 3
        ).asnumpy()
    gx = np.array([np.nan, 1.0, 2.0, 3.0, np.nan], np.float32)
    gy = np.array([1.0, np.nan, 2.0, 1.0, np.nan], np.float32)
    dout = Tensor(np.array([1.0, 2.0, 3.0, 4.0, 5.0], np.float32))
    out["grad_x"], out["grad_y"] = gx, gy
    for op in ("maximum", "minimum"):
        fn = getattr(ops, op)
        gxy = ms.grad(lambda a, b, fn=fn: fn(a, b) * dout, grad_position=(0, 1))(
            Tensor(gx), Tensor(gy)
        )
        out[f"{op}_grad_x"], out[f"{op}_grad_y"] = gxy[0].asnumpy(), gxy[1].asnumpy()
    dims = np.array([[-5, -4, -3, -2], [-1, 0, 1, 2], [3, 4, 5, 7]], np.int64)
    out["dims"] = dims
    for src in ("NHWC", "NCHW"):
        for dst in ("NHWC", "NCHW"):
            out[f"dfdm_{src}_{dst}"] = ops.DataFormatDimMap(src, dst)(Tensor(dims)).asnumpy()
    cls = np.array([[1, 7], [0, 4], [3, 3]], np.int64)
    out["cs_classes"] = cls
    _, t, sc = ops.log_uniform_candidate_sampler(Tensor(cls), 2, 4, False, 5, seed=3)
    out["log_uniform_true_count"] = t.asnumpy()
    _, t, sc = ops.UniformCandidateSampler(2, 4, False, 6, seed=3)(Tensor(cls))
    out["uniform_true_count"], out["uniform_sampled_count"] = t.asnumpy(), sc.asnumpy()
    out["ms_version"] = np.array(ms.__version__)
    OUT.mkdir(parents=True, exist_ok=True)
    np.savez(OUT / "wider_api.npz", **out)
    print("wrote", OUT / "wider_api.npz", len(out), "arrays")


if __name__ == "__main__":
    main()
