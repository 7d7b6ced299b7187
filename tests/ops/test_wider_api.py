"""MindSpore 2.10 names found missing by running MindSpore's own op tests: ``ops.batch_dot``, the
linear-algebra Tensor methods and the ``ops.functional`` names that ``ops`` has too. Numbers are
MindSpore 2.10's (scripts/record_wider_fixtures.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import deepsink as ms
from deepsink import Tensor, ops
from deepsink.ops import functional as F

FIX = np.load(
    Path(__file__).resolve().parent.parent / "fixtures" / "ms" / "wider" / "wider_api.npz"
)
CASES = {"tuple": (-1, -2), "none": None, "int": 2, "x1_2d": (1, 2), "x2_2d": None, "both_2d": None}


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_dot_matches_mindspore(name):
    x1, x2 = Tensor(FIX[f"bd_{name}_x1"]), Tensor(FIX[f"bd_{name}_x2"])
    got = ops.batch_dot(x1, x2, CASES[name]).asnumpy()
    want = FIX[f"bd_{name}_out"]
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "name, x1, x2, axes",
    [
        ("rank1", np.ones(3, np.float32), np.ones((3, 3), np.float32), None),
        ("batch", np.ones((2, 3), np.float32), np.ones((3, 3), np.float32), None),
        ("axes0", np.ones((2, 3), np.float32), np.ones((2, 3), np.float32), (0, 1)),
        ("float64", np.ones((2, 3)), np.ones((2, 3)), None),
    ],
)
def test_batch_dot_bad_input_raises_mindspores_type(name, x1, x2, axes):
    exc = {"ValueError": ValueError, "TypeError": TypeError}[str(FIX[f"bad_{name}"])]
    with pytest.raises(exc, match="batch_dot"):
        ops.batch_dot(Tensor(x1), Tensor(x2), axes)


def test_linalg_tensor_methods_match_mindspore():
    m, sq = Tensor(FIX["m"]), Tensor(FIX["sq"])
    np.testing.assert_allclose(m.lstsq(Tensor(FIX["rhs"])).asnumpy(), FIX["lstsq"], atol=1e-4)
    for some in (True, False):
        q, r = m.qr(some)
        assert list(q.shape) == list(FIX[f"qr_{some}_q_shape"])
        assert list(r.shape) == list(FIX[f"qr_{some}_r_shape"])
        np.testing.assert_allclose((q @ r).asnumpy(), FIX["m"], atol=1e-5)
    addr = m.addr(Tensor(FIX["v1"]), Tensor(FIX["v2"]), 2, 3).asnumpy()
    np.testing.assert_allclose(addr, FIX["addr"], rtol=1e-6)
    np.testing.assert_allclose(
        sq.matrix_determinant().asnumpy(), FIX["matrix_determinant"], rtol=1e-5
    )
    sign, logdet = sq.log_matrix_determinant()
    np.testing.assert_allclose(sign.asnumpy(), FIX["lmd_sign"])
    np.testing.assert_allclose(logdet.asnumpy(), FIX["lmd_log"], rtol=1e-5)
    np.testing.assert_allclose(m.soft_shrink(0.3).asnumpy(), FIX["soft_shrink"], rtol=1e-6)
    seg = Tensor(FIX["seg"])
    for kind in ("max", "min", "prod"):
        got = getattr(m, f"unsorted_segment_{kind}")(seg, 3).asnumpy()
        np.testing.assert_allclose(got, FIX[f"useg_{kind}"], rtol=1e-6)


def test_tensor_qr_some_must_be_bool():
    with pytest.raises(TypeError, match="some"):
        Tensor(FIX["m"]).qr("reduced")


@pytest.mark.parametrize(
    "name", ["bounding_box_encode", "check_valid", "lrn", "matrix_diag", "pad", "Primitive", "jvp"]
)
def test_functional_has_the_ops_names_mindspore_exports_there(name):
    assert getattr(F, name) is getattr(ops, name)


def test_functional_unknown_name_is_attribute_error():
    with pytest.raises(AttributeError, match="no_such_op"):
        F.no_such_op  # noqa: B018


def test_batch_dot_in_a_cell_graph_mode():
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return ops.batch_dot(x, y, (-1, -2))

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        out = Net()(Tensor(FIX["bd_tuple_x1"]), Tensor(FIX["bd_tuple_x2"]))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(out.asnumpy(), FIX["bd_tuple_out"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_extremum_gradient_is_mindspores_nan_and_tie_rule(op):
    """The chosen input gets the gradient, a tie halves it, a NaN on either side gives both all."""
    dout = Tensor(np.array([1.0, 2.0, 3.0, 4.0, 5.0], np.float32))
    fn = getattr(ops, op)
    gx, gy = ms.grad(lambda a, b: fn(a, b) * dout, grad_position=(0, 1))(
        Tensor(FIX["grad_x"]), Tensor(FIX["grad_y"])
    )
    np.testing.assert_array_equal(gx.asnumpy(), FIX[f"{op}_grad_x"])
    np.testing.assert_array_equal(gy.asnumpy(), FIX[f"{op}_grad_y"])


def test_extremum_gradient_reduces_over_broadcast_axes():
    gx, gy = ms.grad(lambda a, b: ops.maximum(a, b).sum(), grad_position=(0, 1))(
        Tensor(np.ones((2, 3), np.float32)), Tensor(np.array([0.0, 1.0, 2.0], np.float32))
    )
    np.testing.assert_array_equal(gx.asnumpy(), [[1, 0.5, 0], [1, 0.5, 0]])
    np.testing.assert_array_equal(gy.asnumpy(), [0, 1, 2])


@pytest.mark.parametrize("src", ["NHWC", "NCHW"])
@pytest.mark.parametrize("dst", ["NHWC", "NCHW"])
@pytest.mark.parametrize("dtype", [np.int32, np.int64])
def test_data_format_dim_map_matches_mindspore(src, dst, dtype):
    got = ops.DataFormatDimMap(src, dst)(Tensor(FIX["dims"].astype(dtype)))
    assert got.asnumpy().dtype == dtype
    np.testing.assert_array_equal(got.asnumpy(), FIX[f"dfdm_{src}_{dst}"])


def test_data_format_dim_map_bad_arguments():
    with pytest.raises(ValueError, match="src_format"):
        ops.DataFormatDimMap(src_format="NCDHW")
    with pytest.raises(TypeError, match="dst_format"):
        ops.DataFormatDimMap(dst_format=1)
    with pytest.raises(TypeError, match="int32 or int64"):
        ops.DataFormatDimMap()(Tensor(np.array([1.0], np.float32)))
