"""Compiled (GRAPH_MODE) results equal MindSpore 2.10's CPU kernels bit for bit where XLA's
rewrites would otherwise round differently: float16 BinaryCrossEntropy (XLA skips intermediate
half-precision roundings) and the average pools and their gradients (XLA turns a division by a
constant into a multiplication by its reciprocal). Numbers from ``kernel_rounding.npz``
(``scripts/record_kernel_rounding_fixtures.py``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, context, nn
from deepsink.ops import composite as C
from deepsink.ops import operations as P

FIX = np.load(Path(__file__).resolve().parents[1] / "fixtures" / "ms" / "kernel_rounding.npz")


class Wrap(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)


class Grad(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.grad = C.GradOperation(get_all=True, sens_param=True)

    def construct(self, x, sens):
        return self.grad(self.net)(x, sens)


@pytest.fixture(params=["graph", "pynative"])
def mode(request):
    saved = context.get_context("mode")
    context.set_context(mode=ms.GRAPH_MODE if request.param == "graph" else ms.PYNATIVE_MODE)
    yield request.param
    context.set_context(mode=saved)


def test_float16_binary_cross_entropy_rounds_each_step_as_mindspore(mode):
    p, t, w = (Tensor(FIX[k]) for k in ("bce_p", "bce_t", "bce_w"))
    out = Wrap(P.BinaryCrossEntropy("none"))(p, t, w).asnumpy()
    assert out.dtype == np.float16
    np.testing.assert_array_equal(out, FIX["bce_f16_graph"])


@pytest.mark.parametrize(
    ("key", "make", "ulps"),
    [
        ("avg2", lambda: P.AvgPool(kernel_size=3, strides=2, pad_mode="SAME"), 2),
        ("avg3", lambda: P.AvgPool3D(kernel_size=(2, 2, 3), strides=1, pad_mode="valid"), 2),
        ("avg3n", lambda: P.AvgPool3D(kernel_size=(2, 2, 3), strides=(2, 2, 3)), 0),
    ],
)
def test_average_pool_and_its_gradient_divide_as_mindspore(mode, key, make, ulps):
    """With windows that do not overlap, each gradient is one division and both results equal
    MindSpore's exactly (XLA's reciprocal multiplication would not); with overlapping windows
    the sums run in XLA's order, which may differ from MindSpore's kernels by an ulp or two."""
    net = Wrap(make())
    x, sens = Tensor(FIX[f"{key}_x"]), Tensor(FIX[f"{key}_sens"])
    out, grad = net(x).asnumpy(), Grad(net)(x, sens)[0].asnumpy()
    for got, want in ((out, FIX[f"{key}_out"]), (grad, FIX[f"{key}_grad"])):
        if ulps == 0:
            np.testing.assert_array_equal(got, want)
        else:
            np.testing.assert_array_max_ulp(got, want, maxulp=ulps)
