"""Record MindSpore 2.10's exact (bit-level) results for ops whose compiled deepsink version must
round as MindSpore's CPU kernels do, plus the ``ops.auto_generate`` Ext primitives and
``nn.OneHot``, into ``tests/fixtures/ms/kernel_rounding.npz``.

Run with a Python that has MindSpore 2.x installed (not run by CI)::

    /path/to/mindspore-venv/bin/python scripts/record_kernel_rounding_fixtures.py

Cases (GRAPH_MODE where the name says ``graph``):
- ``bce_f16_graph``: ``ops.operations.BinaryCrossEntropy('none')`` on float16 inputs;
- ``avg2`` / ``avg3`` / ``avg3n``: AvgPool (SAME) / AvgPool3D (overlapping, and non-overlapping
  windows) outputs and input gradients (GradOperation with a sensitivity);
- ``addext`` / ``subext`` / ``sumext``: ``ops.auto_generate`` Ext primitives;
- ``onehot``: ``nn.OneHot`` on several axes.
"""

from __future__ import annotations

from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn
from mindspore.ops import composite as C
from mindspore.ops import operations as P
from mindspore.ops.auto_generate import gen_ops_prim as gp

OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "ms" / "kernel_rounding.npz"


class _Wrap(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)


class _Grad(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.grad = C.GradOperation(get_all=True, sens_param=True)

    def construct(self, x, sens):
        return self.grad(self.net)(x, sens)


def main() -> None:
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
    rs = np.random.RandomState(7)
    arrays: dict[str, np.ndarray] = {}

    p, t, w = (rs.rand(32).astype(np.float16) for _ in range(3))
    arrays.update(bce_p=p, bce_t=t, bce_w=w)
    out = _Wrap(P.BinaryCrossEntropy("none"))(Tensor(p), Tensor(t), Tensor(w))
    arrays["bce_f16_graph"] = out.asnumpy()

    x2 = rs.randn(1, 2, 6, 6).astype(np.float32)
    pool2 = _Wrap(P.AvgPool(kernel_size=3, strides=2, pad_mode="SAME"))
    o2 = pool2(Tensor(x2))
    s2 = rs.rand(*o2.shape).astype(np.float32)
    arrays.update(avg2_x=x2, avg2_sens=s2, avg2_out=o2.asnumpy())
    arrays["avg2_grad"] = _Grad(pool2)(Tensor(x2), Tensor(s2))[0].asnumpy()

    x3 = rs.randn(1, 2, 3, 4, 5).astype(np.float32)
    pool3 = _Wrap(P.AvgPool3D(kernel_size=(2, 2, 3), strides=1, pad_mode="valid"))
    o3 = pool3(Tensor(x3))
    s3 = rs.rand(*o3.shape).astype(np.float32)
    arrays.update(avg3_x=x3, avg3_sens=s3, avg3_out=o3.asnumpy())
    arrays["avg3_grad"] = _Grad(pool3)(Tensor(x3), Tensor(s3))[0].asnumpy()

    # windows that do not overlap: each input gradient is one division, no summation order
    x4 = rs.randn(1, 2, 4, 4, 6).astype(np.float32)
    pool4 = _Wrap(P.AvgPool3D(kernel_size=(2, 2, 3), strides=(2, 2, 3), pad_mode="valid"))
    o4 = pool4(Tensor(x4))
    s4 = rs.rand(*o4.shape).astype(np.float32)
    arrays.update(avg3n_x=x4, avg3n_sens=s4, avg3n_out=o4.asnumpy())
    arrays["avg3n_grad"] = _Grad(pool4)(Tensor(x4), Tensor(s4))[0].asnumpy()

    ms.set_context(mode=ms.PYNATIVE_MODE)
    a = rs.randn(3, 4).astype(np.float32)
    b = rs.randn(3, 4).astype(np.float32)
    arrays.update(ext_a=a, ext_b=b)
    arrays["addext"] = gp.AddExt()(Tensor(a), Tensor(b), 2).asnumpy()
    arrays["subext"] = gp.SubExt()(Tensor(a), Tensor(b), 0.5).asnumpy()
    arrays["sumext"] = gp.SumExt()(Tensor(a), 1, True, ms.float64).asnumpy()
    ints = np.array([[1, 2], [3, 4]], np.int32)
    arrays["sumext_int"] = gp.SumExt()(Tensor(ints)).asnumpy()

    idx = np.array([[0, 1], [4, 5], [2, 6]], np.int32)
    arrays["onehot_idx"] = idx
    for axis in (-1, 0, 1):
        arrays[f"onehot_axis{axis}"] = nn.OneHot(axis, 6, 2.0, 3.0)(Tensor(idx)).asnumpy()
    arrays["onehot_int64"] = nn.OneHot(depth=3, dtype=ms.int64)(Tensor(idx)).asnumpy()
    np.savez(OUT, mindspore_version=np.array(ms.__version__), **arrays)
    print(f"wrote {OUT} ({len(arrays)} arrays)")


if __name__ == "__main__":
    main()
